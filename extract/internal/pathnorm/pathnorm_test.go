package pathnorm

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"/café":        "/caf%C3%A9",
		"/caf%c3%a9":   "/caf%C3%A9",
		"/a b":         "/a%20b",
		"/a%2fb":       "/a%2Fb",
		"/*.pdf$":      "/*.pdf$",
		"/100%":        "/100%",
		"/%zz":         "/%zz",
		"/\x00\x7f":    "/%00%7F",
		"/already/ok/": "/already/ok/",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEscapeHelpers(t *testing.T) {
	for c := range 256 {
		var b strings.Builder
		WriteEscape(&b, byte(c))
		e := b.String()
		if len(e) != 3 || e[0] != '%' || !IsHex(e[1]) || !IsHex(e[2]) || strings.ToUpper(e) != e {
			t.Fatalf("WriteEscape(%#x) = %q", c, e)
		}
		if got := Unhex(e[1])<<4 | Unhex(e[2]); got != byte(c) {
			t.Fatalf("%q decodes to %#x, want %#x", e, got, c)
		}
		if got := Unhex(strings.ToLower(e)[2]); got != Unhex(e[2]) {
			t.Fatalf("Unhex differs between cases for %q", e)
		}
	}
	for c, want := range map[byte]bool{'a': true, 'Z': true, '7': true, '-': true, '.': true, '_': true, '~': true, '/': false, '%': false, '*': false, ' ': false, 0x80: false} {
		if IsUnreserved(c) != want {
			t.Errorf("IsUnreserved(%q) = %v", c, !want)
		}
	}
}
