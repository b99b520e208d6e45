package agentsmd

import "strings"

// htmlComment tracks Markdown HTML comments that span lines (CommonMark
// §4.6, HTML blocks of type 2: from a line starting "<!--" to the line
// holding "-->"), which the specification does not know. A heading or
// directive inside one is still parsed as policy, as parsers that follow
// the specification read it, but its publisher meant it commented out.
type htmlComment struct {
	open   bool
	line   int  // the line that opened it
	inside bool // the current line is inside the comment
	warned bool
}

// update reads line n, s, and records whether it is inside a comment that
// an earlier line opened.
func (c *htmlComment) update(s string, n int) {
	if c.open {
		c.inside = true
		if strings.Contains(s, "-->") {
			c.open = false
		}
		return
	}
	c.inside = false
	t := strings.TrimLeft(s, " ")
	if len(s)-len(t) <= 3 && strings.HasPrefix(t, "<!--") && !strings.Contains(t[2:], "-->") {
		*c = htmlComment{open: true, line: n}
	}
}
