package agentsmd

import "github.com/agentpolicy/survey/extract/internal/mdhtml"

// htmlComment tracks Markdown HTML comments that span lines (CommonMark
// §4.6, HTML blocks of kind mdhtml.Comment: from a line starting "<!--" to
// the line holding "-->"), which the specification does not know. A
// heading or directive inside one is still parsed as policy, as parsers
// that follow the specification read it, but its publisher meant it
// commented out.
type htmlComment struct {
	block  mdhtml.Block // the open comment; zero when none is open
	line   int          // the line that opened it
	inside bool         // the current line is inside the comment
	warned bool
}

// update reads line n, s, and records whether it is inside a comment that
// an earlier line opened.
func (c *htmlComment) update(s string, n int) {
	if c.block.Kind != 0 {
		c.inside = true
		if c.block.EndsOn(s) {
			c.block = mdhtml.Block{}
		}
		return
	}
	c.inside = false
	if b, ok := mdhtml.Start(s, false); ok && b.Kind == mdhtml.Comment && !b.EndsOn(s) {
		*c = htmlComment{block: b, line: n}
	}
}
