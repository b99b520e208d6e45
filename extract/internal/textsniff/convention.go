package textsniff

import (
	"bytes"
	"strings"
	"unicode"
)

// The conventions Convention tells apart, for a text file that follows no
// grammar of a format (the files of site facts, guides and policies for AI
// published at /ai.txt or /agents.txt).
const (
	KeyValue = "key-value" // every content line is "Field: value"
	Markdown = "markdown"  // headings, lists, links, fences, block quotes
	Prose    = "text"      // anything else: prose, word lists, notes
)

// Convention returns which of KeyValue, Markdown and Prose the text body
// follows. A leading byte order mark is skipped; lines are split at LF;
// blank lines do not count. A line that
// starts with "#" is a Markdown heading ("# Title") or a comment
// ("#comment", as in the robots.txt-like formats), and neither is content.
// A file is KeyValue when every content line is "Field: value", Markdown
// when a line has Markdown syntax (MarkdownSignal) or it has a heading
// and content, and Prose otherwise (and when it has no content).
func Convention(body []byte) string {
	var content, fields, headings, signals int
	for rest := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")); len(rest) > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		t := strings.TrimSpace(string(line))
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "#"):
			if MarkdownHeading(t) {
				headings++
			}
			continue
		}
		content++
		if _, ok := FieldName(t); ok {
			fields++
		}
		if MarkdownSignal(t) {
			signals++
		}
	}
	switch {
	case content > 0 && fields == content && signals == 0:
		return KeyValue
	case signals > 0 || headings > 0 && content > 0:
		return Markdown
	}
	return Prose
}

// FieldName returns the field name of a trimmed "Name: value" line: a
// name of letters, digits, '-' and '_' before the first colon. A URL
// ("https://...") is no field.
func FieldName(t string) (string, bool) {
	name, value, ok := strings.Cut(t, ":")
	name = strings.TrimRight(name, " \t")
	if !ok || name == "" || strings.HasPrefix(value, "//") {
		return "", false
	}
	for _, r := range name {
		if !(r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return "", false
		}
	}
	return name, true
}

// MarkdownHeading reports whether a trimmed line is an ATX heading: one
// to six "#", a space or tab, and text.
func MarkdownHeading(t string) bool {
	n := len(t) - len(strings.TrimLeft(t, "#"))
	return n >= 1 && n <= 6 && len(t) > n+1 && (t[n] == ' ' || t[n] == '\t')
}

// MarkdownSignal reports whether a trimmed line has Markdown syntax: a list
// item, a code fence, a block quote or a link.
func MarkdownSignal(t string) bool {
	switch {
	case strings.HasPrefix(t, "```"), strings.HasPrefix(t, "~~~"), strings.HasPrefix(t, "> "):
		return true
	case len(t) > 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ':
		return true
	}
	if i := strings.Index(t, "]("); i > 0 && strings.Contains(t[:i], "[") && strings.Contains(t[i:], ")") {
		return true
	}
	return false
}
