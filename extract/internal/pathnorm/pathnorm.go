// Package pathnorm normalizes URL paths and path patterns for the
// evaluators of the text policy formats, so that a path written raw and
// the same path percent-escaped compare equal, and holds the
// percent-encoding helpers (hex digits, unreserved characters, escapes)
// that every format's own path normalization uses.
package pathnorm

import "strings"

// Normalize percent-encodes non-ASCII bytes, spaces and control bytes and
// upper-cases the hex digits of existing percent escapes; everything else,
// including reserved characters and wildcards, is left as it is.
func Normalize(p string) string {
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
			WriteEscape(&b, c)
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

// IsUnreserved reports whether c is an unreserved character of RFC 3986
// §2.3, which percent-encoding does not change the meaning of.
func IsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// Unhex returns the value of the hexadecimal digit c (IsHex(c) must hold).
func Unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// WriteEscape writes c percent-encoded, with upper-case hex digits.
func WriteEscape(b *strings.Builder, c byte) {
	const hexDigits = "0123456789ABCDEF"
	b.WriteByte('%')
	b.WriteByte(hexDigits[c>>4])
	b.WriteByte(hexDigits[c&15])
}
