package agentstxt

import (
	"bytes"
	"strings"
	"unicode"
)

// lineKind is what a line of an agents.txt file is.
type lineKind uint8

const (
	kindBlank   lineKind = iota // empty or white space only
	kindComment                 // first non-blank character is '#'
	kindContent                 // anything else: the hash line or a directive
)

// line is one line of the file. Lines are separated by LF; one trailing CR
// is stripped from each (README: hash input).
type line struct {
	num  int    // 1-based
	text string // without the LF and without one trailing CR
	b    []byte // text's bytes, sharing the body's memory
	cr   bool   // a trailing CR was stripped
	raw  []byte // the bytes of the line as served, with its CR and LF
	kind lineKind
}

// bom is the UTF-8 encoding of U+FEFF.
const bom = "\xef\xbb\xbf"

// splitLines splits body into lines. A final LF does not start another
// line, so "a\n" has one line and an empty body none.
func splitLines(body []byte) []line {
	n := bytes.Count(body, []byte{'\n'})
	if len(body) > 0 && body[len(body)-1] != '\n' {
		n++
	}
	lines := make([]line, 0, n)
	for start := 0; start < len(body); {
		end := bytes.IndexByte(body[start:], '\n')
		next := len(body)
		if end < 0 {
			end = len(body)
		} else {
			end += start
			next = end + 1
		}
		text := body[start:end]
		l := line{num: len(lines) + 1, raw: body[start:next]}
		if len(text) > 0 && text[len(text)-1] == '\r' {
			text = text[:len(text)-1]
			l.cr = true
		}
		l.text = string(text)
		l.b = text
		l.kind = classify(l.text)
		lines = append(lines, l)
		start = next
	}
	return lines
}

// countLines returns the number of lines splitLines finds in body.
func countLines(body []byte) int {
	n := bytes.Count(body, []byte{'\n'})
	if len(body) > 0 && body[len(body)-1] != '\n' {
		n++
	}
	return n
}

// classify says whether a line is blank, a comment or content. Blank means
// empty or Unicode white space only; a comment's first non-blank character
// is '#' (README: hash input).
func classify(text string) lineKind {
	t := strings.TrimLeftFunc(text, unicode.IsSpace)
	switch {
	case t == "":
		return kindBlank
	case t[0] == '#':
		return kindComment
	}
	return kindContent
}

// isFieldSpace reports whether c separates the fields of a directive.
func isFieldSpace(r rune) bool { return r == ' ' || r == '\t' }
