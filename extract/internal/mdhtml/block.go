// Package mdhtml recognises CommonMark HTML blocks (§4.6), the raw HTML
// that Markdown readers do not read as headings, lists or links.
package mdhtml

import (
	"regexp"
	"slices"
	"strings"
)

// Block is an open CommonMark HTML block (§4.6). Its lines are raw HTML,
// not Markdown: a "## heading" or a "- [name](url)" item inside
// "<!-- ... -->" or "<details>" without a blank line is no heading and no
// link, as in a code fence. The zero Block is no block.
type Block struct {
	Kind int    // 1 to 7, the start condition; 0 when no block is open
	end  string // for kinds 1 to 5, the text that ends the block
}

// Comment is the Kind of an HTML comment, "<!--" to "-->".
const Comment = 2

// blockTags are the tag names of start condition 6 (CommonMark §4.6).
var blockTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`address article aside base basefont blockquote body
		caption center col colgroup dd details dialog dir div dl dt fieldset figcaption
		figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe
		legend li link main menu menuitem nav noframes ol optgroup option p param search
		section summary table tbody td tfoot th thead title tr track ul`) {
		m[t] = true
	}
	return m
}()

// Start condition 7: a complete open or closing tag alone on its line
// (CommonMark §4.6, §6.6).
var (
	tagName      = `[A-Za-z][A-Za-z0-9-]*`
	attribute    = `[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>` + "`" + `]+|'[^']*'|"[^"]*"))?`
	completeTag  = regexp.MustCompile(`^(?:<(` + tagName + `)(?:` + attribute + `)*[ \t]*/?>|</(` + tagName + `)[ \t]*>)[ \t]*$`)
	kind1Opener  = []string{"pre", "script", "style", "textarea"}
	kindEndMarks = map[int]string{2: "-->", 3: "?>", 4: ">", 5: "]]>"}
)

// Start reports whether the line starts an HTML block, and which.
// paragraph is true when the line would otherwise continue a paragraph,
// which a block of kind 7 cannot interrupt.
func Start(line string, paragraph bool) (Block, bool) {
	rest := strings.TrimLeft(line, " \t")
	if indentWidth(line[:len(line)-len(rest)]) > 3 || !strings.HasPrefix(rest, "<") {
		return Block{}, false
	}
	lower := strings.ToLower(rest)
	for _, t := range kind1Opener {
		if strings.HasPrefix(lower, "<"+t) {
			after := lower[1+len(t):]
			if after == "" || after[0] == ' ' || after[0] == '\t' || after[0] == '>' {
				return Block{Kind: 1, end: "</" + t + ">"}, true
			}
		}
	}
	switch {
	case strings.HasPrefix(rest, "<!--"):
		return Block{Kind: 2, end: kindEndMarks[2]}, true
	case strings.HasPrefix(rest, "<?"):
		return Block{Kind: 3, end: kindEndMarks[3]}, true
	case strings.HasPrefix(rest, "<![CDATA["):
		return Block{Kind: 5, end: kindEndMarks[5]}, true
	case len(rest) > 2 && rest[1] == '!' && isASCIILetter(rest[2]):
		return Block{Kind: 4, end: kindEndMarks[4]}, true
	}
	name := strings.TrimPrefix(lower[1:], "/")
	n := 0
	for n < len(name) && (isASCIILetter(name[n]) || name[n] >= '0' && name[n] <= '9' || name[n] == '-') {
		n++
	}
	if n > 0 && isASCIILetter(name[0]) && blockTags[name[:n]] {
		after := name[n:]
		if after == "" || after[0] == ' ' || after[0] == '\t' || after[0] == '>' || strings.HasPrefix(after, "/>") {
			return Block{Kind: 6}, true
		}
	}
	if paragraph {
		return Block{}, false
	}
	if m := completeTag.FindStringSubmatch(rest); m != nil {
		if slices.Contains(kind1Opener, strings.ToLower(m[1]+m[2])) {
			return Block{}, false
		}
		return Block{Kind: 7}, true
	}
	return Block{}, false
}

// EndsOn reports whether the block, of kind 1 to 5, ends on the line (which
// may be the line that started it). Blocks of kinds 6 and 7 end before a
// blank line.
func (b Block) EndsOn(line string) bool {
	switch {
	case b.Kind == 1:
		return strings.Contains(strings.ToLower(line), b.end)
	case b.Kind >= 2 && b.Kind <= 5:
		return strings.Contains(line, b.end)
	}
	return false
}

// indentWidth is the width of leading spaces and tabs, a tab counted as
// four columns (as llms.txt's reader counts them).
func indentWidth(lead string) int {
	return len(lead) + 3*strings.Count(lead, "\t")
}

// isASCIILetter reports whether b is an ASCII letter.
func isASCIILetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
