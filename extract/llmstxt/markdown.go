package llmstxt

import (
	"strconv"
	"strings"
)

// This file recognises the few Markdown block constructs the llms.txt
// format is built from, line by line, following CommonMark where it and the
// reference parser agree.

// indent returns the width of the line's leading spaces and tabs (a tab
// counts as four) and the rest of the line.
func indent(line string) (int, string) {
	w := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			w++
		case '\t':
			w += 4
		default:
			return w, line[i:]
		}
	}
	return w, ""
}

// isBlank reports whether the line holds only spaces and tabs.
func isBlank(line string) bool {
	_, rest := indent(line)
	return rest == ""
}

// heading is an ATX heading line ("## Name").
type heading struct {
	level   int
	text    string
	noSpace bool // "#Title": no space after the marks
}

// atxHeading parses an ATX heading: up to three spaces of indentation, one
// to six '#', then a space, a tab or the end of the line. A line such as
// "#Title" is also returned, with noSpace set, because the reference parser
// (the regular expression `^#\s*`) treats it as a heading in some places;
// the caller decides where (parser.readsNoSpaceHeading).
func atxHeading(line string) (heading, bool) {
	w, rest := indent(line)
	if w > 3 || !strings.HasPrefix(rest, "#") {
		return heading{}, false
	}
	n := 0
	for n < len(rest) && rest[n] == '#' {
		n++
	}
	if n > 6 {
		return heading{}, false
	}
	h := heading{level: n}
	rest = rest[n:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		// "#!" and "#1" are not headings to anyone; "#Title" is one to the
		// reference parser.
		if !isLetter(rest[0]) {
			return heading{}, false
		}
		h.noSpace = true
	}
	h.text = closeHeading(strings.Trim(rest, " \t"))
	return h, true
}

// closeHeading removes an optional closing sequence of '#' preceded by a
// space ("## Name ##").
func closeHeading(s string) string {
	t := strings.TrimRight(s, "#")
	if t == s {
		return s
	}
	if t == "" {
		return ""
	}
	if last := t[len(t)-1]; last == ' ' || last == '\t' {
		return strings.TrimRight(t, " \t")
	}
	return s
}

// isLetter reports whether b starts a letter (ASCII, or any non-ASCII byte,
// which begins a multi-byte character).
func isLetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// setextUnderline reports whether the line is a setext heading underline of
// '=' (level 1) or '-' (level 2) characters.
func setextUnderline(line string) (level int, ok bool) {
	w, rest := indent(line)
	rest = strings.TrimRight(rest, " \t")
	if w > 3 || rest == "" {
		return 0, false
	}
	c := rest[0]
	if c != '=' && c != '-' {
		return 0, false
	}
	if strings.Trim(rest, string(c)) != "" {
		return 0, false
	}
	if c == '=' {
		return 1, true
	}
	return 2, true
}

// fence is an open fenced code block.
type fence struct {
	char byte
	n    int
}

// openFence reports whether the line opens a fenced code block: up to three
// spaces, then three or more backticks or tildes.
func openFence(line string) (fence, bool) {
	w, rest := indent(line)
	if w > 3 || len(rest) < 3 || rest[0] != '`' && rest[0] != '~' {
		return fence{}, false
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 {
		return fence{}, false
	}
	if c == '`' && strings.IndexByte(rest[n:], '`') >= 0 {
		return fence{}, false
	}
	return fence{char: c, n: n}, true
}

// closes reports whether the line closes the fence f.
func (f fence) closes(line string) bool {
	w, rest := indent(line)
	if w > 3 {
		return false
	}
	n := 0
	for n < len(rest) && rest[n] == f.char {
		n++
	}
	return n >= f.n && strings.Trim(rest[n:], " \t") == ""
}

// blockquote returns the text of a blockquote line ("> text").
func blockquote(line string) (string, bool) {
	w, rest := indent(line)
	if w > 3 || !strings.HasPrefix(rest, ">") {
		return "", false
	}
	return strings.TrimSpace(rest[1:]), true
}

// listItem is a list item line.
type listItem struct {
	indent  int
	marker  byte // '-', '*', '+', or '.' / ')' for an ordered item
	start   int  // the number of an ordered item
	col     int  // the column of the item's content (CommonMark §5.2)
	content string
}

// contentCol returns the column of a list item's content: after the
// marker ending at column end and the spaces that follow it, or one column
// after the marker when the item is empty or five columns or more follow
// (CommonMark §5.2).
func contentCol(end int, after string) int {
	w, rest := indent(after)
	if rest == "" || w < 1 || w > 4 {
		return end + 1
	}
	return end + w
}

// interruptsParagraph reports whether the item may start a list on the
// line after a paragraph (CommonMark §5.2): an item that is not empty and
// is a bullet item or an ordered item numbered 1. Another, such as "0) x"
// or "2. x", continues the paragraph.
func (it listItem) interruptsParagraph() bool {
	return it.content != "" && (it.marker == '-' || it.marker == '*' || it.marker == '+' || it.start == 1)
}

// parseListItem parses a bullet ("- ", "* ", "+ ") or ordered ("1. ",
// "1) ") list item line.
func parseListItem(line string) (listItem, bool) {
	w, rest := indent(line)
	if rest == "" {
		return listItem{}, false
	}
	switch c := rest[0]; {
	case c == '-' || c == '*' || c == '+':
		if len(rest) == 1 {
			return listItem{indent: w, marker: c}, true
		}
		if rest[1] != ' ' && rest[1] != '\t' {
			return listItem{}, false
		}
		if isThematicBreak(rest) {
			return listItem{}, false
		}
		return listItem{indent: w, marker: c, col: contentCol(w+1, rest[1:]), content: strings.TrimSpace(rest[2:])}, true
	case c >= '0' && c <= '9':
		n := 0
		for n < len(rest) && n < 10 && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n > 9 || n >= len(rest) || rest[n] != '.' && rest[n] != ')' {
			return listItem{}, false
		}
		after := rest[n+1:]
		if after != "" && after[0] != ' ' && after[0] != '\t' {
			return listItem{}, false
		}
		start, _ := strconv.Atoi(rest[:n])
		return listItem{indent: w, marker: rest[n], start: start, col: contentCol(w+n+1, after), content: strings.TrimSpace(after)}, true
	}
	return listItem{}, false
}

// interruptsParagraph reports whether a line that is not blank, a heading,
// a code fence or a list item ends the paragraph before it instead of
// continuing it: a thematic break ("---") or a block quote ("> text")
// (CommonMark §4.1, §5.1). After a link item such a line is no wrapped note.
func interruptsParagraph(line string) bool {
	w, rest := indent(line)
	if w > 3 || rest == "" {
		return false
	}
	return rest[0] == '>' || isThematicBreak(rest)
}

// startsBlockInQuote reports whether a line after a paragraph of a block
// quote starts a block of its own, so that it is no lazy continuation line
// of the quote (CommonMark §5.1): a thematic break or a list item, which
// starts a list after the quote, whatever its number and even when empty,
// as the reference implementations (commonmark.js, goldmark) read it.
// Headings, code fences and HTML blocks are recognised before.
func startsBlockInQuote(line string) bool {
	w, rest := indent(line)
	if w > 3 || rest == "" {
		return false
	}
	_, item := parseListItem(line)
	return item || isThematicBreak(rest)
}

// isThematicBreakLine reports whether line, indented by up to three
// spaces, is a thematic break (CommonMark §4.1).
func isThematicBreakLine(line string) bool {
	w, rest := indent(line)
	return w <= 3 && rest != "" && isThematicBreak(rest)
}

// commentOnly reports whether the line that ends an HTML comment holds
// nothing after the comment's "-->" (CommonMark §4.6: the HTML block runs
// to the end of that line, so text after it is raw HTML shown as text).
func commentOnly(line string) bool {
	i := strings.Index(line, "-->")
	return i >= 0 && strings.TrimSpace(line[i+3:]) == ""
}

// isThematicBreak reports whether s (without indentation) is a thematic
// break such as "* * *" or "---".
func isThematicBreak(s string) bool {
	c := s[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// htmlTag reports whether the line starts with an HTML tag (not a
// comment): "<div", "</p>", "<br/>", "<!DOCTYPE".
func htmlTag(line string) bool {
	w, rest := indent(line)
	if w > 3 || len(rest) < 2 || rest[0] != '<' {
		return false
	}
	if strings.HasPrefix(rest, "<!--") {
		return false
	}
	c := rest[1]
	if c == '/' || c == '!' {
		if len(rest) < 3 {
			return false
		}
		c = rest[2]
	}
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	// An autolink "<https://...>" is Markdown, not HTML.
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		end = len(rest)
	}
	return !strings.Contains(rest[:end], ":")
}
