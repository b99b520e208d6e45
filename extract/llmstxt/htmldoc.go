package llmstxt

import "strings"

// htmlStart recognises a body that is an HTML document: its first content,
// after blank lines and HTML comments ("<!-- generated -->", which may span
// lines), starts with "<!doctype html" or "<html". Comments are skipped
// because CommonMark (§4.6, HTML block type 2) and HTML both read
// "<!-- ... -->" as a comment, so a page that opens with one is still a
// page.
type htmlStart struct {
	done      bool // content other than comments has been seen
	inComment bool // a comment is open at the end of the last line
}

// line reports whether the line starts an HTML document. Once content
// other than comments has been seen it reports false.
func (h *htmlStart) line(s string) bool {
	for !h.done {
		if h.inComment {
			end := strings.Index(s, "-->")
			if end < 0 {
				return false
			}
			s, h.inComment = s[end+3:], false
		}
		_, rest := indent(s)
		switch {
		case rest == "":
			return false
		case strings.HasPrefix(rest, "<!--"):
			// "<!-->" and "<!--->" are empty comments, so the search
			// for the end starts at the dashes of the opener.
			s, h.inComment = rest[2:], true
		default:
			h.done = true
			return isHTMLDocument(rest)
		}
	}
	return false
}

// isHTMLDocument reports whether the first content line starts an HTML
// document.
func isHTMLDocument(line string) bool {
	_, rest := indent(line)
	if len(rest) > 16 {
		rest = rest[:16]
	}
	rest = strings.ToLower(rest)
	return strings.HasPrefix(rest, "<!doctype html") || strings.HasPrefix(rest, "<html")
}
