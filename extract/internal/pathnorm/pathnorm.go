// Package pathnorm normalizes URL paths and path patterns for the
// evaluators of the text policy formats, so that a path written raw and
// the same path percent-escaped compare equal. Canonical is the rewrite
// every format runs with its own rule of which bytes it escapes (Normalize
// is the rule of automation-preferences.txt and agents.txt); the
// percent-encoding helpers (hex digits, unreserved characters, escapes)
// serve the formats whose rules differ further (AGENTS.md).
// RemoveDotSegments removes the "." and ".." segments of a request's path
// (RFC 3986 §5.2.4), as the HTTP client that sends it does.
package pathnorm

import "strings"

// Normalize makes the percent-encoding of a path or path pattern canonical
// as RFC 9309 §2.2.2 and RFC 3986 §6.2.2.2 ask: an escape of an unreserved
// character is decoded ("/%61dmin" is "/admin"), other escapes get
// upper-case hex digits, and non-ASCII bytes, spaces and control bytes are
// percent-encoded; everything else, reserved characters and wildcards
// included, is left as it is, so "/" and "%2F" stay distinct.
func Normalize(p string) string {
	return Canonical(p, true, escapeRaw)
}

// escapeRaw reports whether Normalize percent-encodes c.
func escapeRaw(c byte, _ bool) bool { return c >= 0x80 || c <= 0x20 || c == 0x7f }

// Canonical returns s with its percent-encoding made canonical, so that
// equivalent forms compare equal octet by octet: a percent escape of an
// unreserved character is decoded when decode is set, every other escape
// gets upper-case hex digits, and each other byte c (a "%" that starts no
// escape among them) for which escape(c, last) holds is percent-encoded,
// last telling whether c is the final byte of s. Each format says which
// bytes it escapes. s itself is returned when nothing changes. escape is
// given bytes, not s: a string passed to a func value escapes to the heap,
// which would cost every caller building a path on the stack an allocation.
func Canonical(s string, decode bool, escape func(c byte, last bool) bool) string {
	i := 0
	for i < len(s) && s[i] != '%' && !escape(s[i], i == len(s)-1) {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]):
			v := Unhex(s[i+1])<<4 | Unhex(s[i+2])
			if decode && IsUnreserved(v) {
				b.WriteByte(v)
			} else {
				WriteEscape(&b, v)
			}
			i += 2
		case escape(c, i == len(s)-1):
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
