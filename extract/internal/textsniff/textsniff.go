// Package textsniff tells whether a body is text at all, for the parsers of
// text formats: a body that is not UTF-8 text gets one whole-body
// diagnostic (robots.not-text, agents-md.not-text) instead of a diagnostic
// per line, and is not read as any convention.
package textsniff

import (
	"bytes"
	"unicode/utf8"
)

// SampleSize is how much of the body NotText looks at.
const SampleSize = 8000

// NotText returns "utf-32", "utf-16" or "binary" when body is not UTF-8
// text, "" when it is. It looks at the first SampleSize bytes, as git and
// file(1) do: a UTF-16/UTF-32 byte order mark, or more than 10% of bytes
// that are NUL, other C0 controls (except TAB, LF, VT, FF, CR, ESC), DEL
// or invalid UTF-8, means not text.
func NotText(body []byte) string {
	switch {
	case bytes.HasPrefix(body, []byte{0xFF, 0xFE, 0, 0}), bytes.HasPrefix(body, []byte{0, 0, 0xFE, 0xFF}):
		return "utf-32"
	case bytes.HasPrefix(body, []byte{0xFF, 0xFE}), bytes.HasPrefix(body, []byte{0xFE, 0xFF}):
		return "utf-16"
	}
	sample := body[:min(len(body), SampleSize)]
	bad := 0
	for i := 0; i < len(sample); {
		c := sample[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\t', c == '\n', c == '\v', c == '\f', c == '\r', c == 0x1b:
			case c < 0x20, c == 0x7F:
				bad++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(sample[i:])
		if r == utf8.RuneError && size == 1 && (len(sample) == len(body) || len(sample)-i >= utf8.UTFMax) {
			bad++
		}
		i += size
	}
	if len(sample) > 0 && bad*10 > len(sample) {
		if bytes.IndexByte(sample, 0) >= 0 && looksUTF16(sample) {
			return "utf-16"
		}
		return "binary"
	}
	return ""
}

// looksUTF16 reports whether every other byte of an ASCII-heavy sample is
// NUL, as in UTF-16 text without a byte order mark.
func looksUTF16(sample []byte) bool {
	even, odd := 0, 0
	for i, c := range sample {
		if c == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	half := len(sample) / 2
	return half > 0 && (even*10 >= half*9 || odd*10 >= half*9)
}
