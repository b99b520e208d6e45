package llmstxt

import "strings"

// maxLaterLinkTries bounds the brackets of an item's text that
// findLaterLink tries as the start of a link, which keeps its cost linear
// in the length of the text.
const maxLaterLinkTries = 8

// findLaterLink finds the first Markdown inline link in the text of a list
// item that does not open with one: Fern writes its API reference as
// "- API Reference > Credits [Get credits](url)", and hand-written files
// wrap the link in emphasis ("- **[Name](url)**: notes"). It returns the
// link and the text before it. Brackets in code spans, escaped brackets
// and images ("![alt](src)") do not start a link.
func findLaterLink(s string) (inlineLink, string, bool) {
	var spans codeSpans
	tries := 0
	for i := 0; i < len(s) && tries < maxLaterLinkTries; i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			i = spans.skip(s, i) - 1
		case '[':
			if i > 0 && s[i-1] == '!' {
				continue
			}
			tries++
			if link, ok := parseInlineLink(s[i:]); ok {
				return link, s[:i], true
			}
		}
	}
	return inlineLink{}, "", false
}

// emphasisOnly reports whether s holds only emphasis markers ("*", "_")
// and white space, and returns the markers.
func emphasisOnly(s string) (string, bool) {
	m := strings.TrimSpace(s)
	return m, m != "" && strings.Trim(m, "*_") == ""
}

// reverseMarkers returns the emphasis markers that close those opened by m.
func reverseMarkers(m string) string {
	b := []byte(m)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// opensBlock reports whether the text of a list item opens a block of its
// own rather than a paragraph: a nested item ("- - [name](url)"), a heading
// ("- # [name](url)"), a block quote, a code fence, a thematic break or an
// HTML tag. Such an item holds no link to survey (docs/formats.md,
// Decisions, "Nesting").
func opensBlock(s string) bool {
	if _, ok := parseListItem(s); ok {
		return true
	}
	if h, ok := atxHeading(s); ok && !h.noSpace {
		return true
	}
	if _, ok := openFence(s); ok {
		return true
	}
	return interruptsParagraph(s) || htmlTag(s)
}
