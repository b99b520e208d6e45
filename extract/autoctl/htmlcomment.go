package autoctl

import (
	"fmt"
	"strings"
)

// "<!-- ... -->" is not a comment under the ABNF of §4, although the
// draft's examples (§3.2, §3.3, §3.4 and the Appendix) use it on lines of
// their own. The README's decision is to report such lines as info and
// ignore them. The lines that carry the markers, and text between them
// that is no directive, are ignored; but a directive line between a "<!--"
// line and the "-->" that closes it (or after a "<!--" never closed) is
// read as a directive, as a conforming reader reads it, with a warning,
// since it looks commented out.

// htmlComment is an HTML comment left open by a "<!--" line without a
// "-->" after it.
type htmlComment struct {
	// line is the line of the "<!--".
	line int
	// directives are the lines read as directives since.
	directives []int
}

// htmlMarker handles a line whose text t (trimmed) starts with "<!--": it
// is ignored and counted. It closes an open comment when it holds "-->",
// and leaves one open when its last "<!--" has no "-->" after it.
func (p *parser) htmlMarker(num int, t string) {
	p.f.HTMLComments++
	if p.open != nil && strings.Contains(t, "-->") {
		p.closeHTMLComment(num)
	}
	if p.open == nil && leavesOpen(t) {
		// Its info is given when the comment closes, naming the span.
		p.open = &htmlComment{line: num}
		return
	}
	p.diags.Add(codeHTMLComment, num, "an HTML comment is not a comment under the ABNF; ignored")
}

// leavesOpen reports whether a line leaves an HTML comment open: its last
// "<!--" has no "-->" after it.
func leavesOpen(t string) bool {
	return strings.LastIndex(t, "<!--") > strings.LastIndex(t, "-->")
}

// closesHTMLComment reports whether a line that does not start with "<!--"
// is the closing marker line of the open HTML comment: it holds "-->" and
// is not a directive, which a conforming reader would read.
func (p *parser) closesHTMLComment(t string) bool {
	if p.open == nil || !strings.Contains(t, "-->") {
		return false
	}
	name, _, ok := strings.Cut(t, ":")
	return !ok || !isName(trimWS(name))
}

// closeHTMLComment ends the open HTML comment, if any, at line end (0 at
// the end of the file, when it is never closed): an info on its "<!--"
// line and, when directives lie inside it, a warning naming them.
func (p *parser) closeHTMLComment(end int) {
	c := p.open
	if c == nil {
		return
	}
	p.open = nil
	var where string
	if end > 0 {
		p.diags.Add(codeHTMLComment, c.line, "an HTML comment (\"<!--\" here, closed by \"-->\" on line %d) is not a comment under the ABNF: the lines that carry its markers and the text between are ignored, but a directive between is read as usual", end)
		where = fmt.Sprintf("between the \"<!--\" on line %d and the \"-->\" on line %d", c.line, end)
	} else {
		p.diags.Add(codeHTMLComment, c.line, "an HTML comment (\"<!--\" here, never closed by \"-->\") is not a comment under the ABNF: this line and the text after it are ignored, but the directives after it are read as usual")
		where = fmt.Sprintf("after the \"<!--\" on line %d, which no \"-->\" closes,", c.line)
	}
	switch n := len(c.directives); {
	case n == 1:
		p.diags.Add(codeHTMLCommentedDirective, c.directives[0], "%s lies %s and looks commented out, but \"<!-- -->\" is not a comment under the ABNF: a conforming reader reads it as a directive, and so does survey", describeLines(c.directives), where)
	case n > 1:
		p.diags.Add(codeHTMLCommentedDirective, c.directives[0], "%s lie %s and look commented out, but \"<!-- -->\" is not a comment under the ABNF: a conforming reader reads them as directives, and so does survey", describeLines(c.directives), where)
	}
}

// maxNamedRanges caps how many runs of lines a message names.
const maxNamedRanges = 10

// describeLines names ascending line numbers compactly: "line 2",
// "lines 2–3, 6".
func describeLines(nums []int) string {
	var runs []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if len(runs) == maxNamedRanges {
			runs = append(runs, "…")
			break
		}
		if j == i {
			runs = append(runs, fmt.Sprint(nums[i]))
		} else {
			runs = append(runs, fmt.Sprintf("%d–%d", nums[i], nums[j]))
		}
		i = j + 1
	}
	if len(nums) == 1 {
		return "line " + runs[0]
	}
	return "lines " + strings.Join(runs, ", ")
}
