// Package pathnorm normalizes URL paths and path patterns for the
// evaluators of the text policy formats, so that a path written raw and
// the same path percent-escaped compare equal.
package pathnorm

import "strings"

// Normalize percent-encodes non-ASCII bytes, spaces and control bytes and
// upper-cases the hex digits of existing percent escapes; everything else,
// including reserved characters and wildcards, is left as it is.
func Normalize(p string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && IsHex(p[i+1]) && IsHex(p[i+2]):
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(p[i+1 : i+3]))
			i += 2
		case c >= 0x80 || c <= 0x20 || c == 0x7f:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IsHex reports whether c is a hexadecimal digit.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
