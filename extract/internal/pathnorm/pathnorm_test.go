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
		"/%61dmin":     "/admin", // an escaped unreserved character is decoded
		"/%7euser":     "/~user",
		"/%2E%2e/x":    "/../x",
		"/%2A%24":      "/%2A%24", // wildcards stay escaped: they are not unreserved
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

func TestCanonical(t *testing.T) {
	// The escape rule of a test format: "%" that starts no escape, and "*".
	star := func(c byte, _ bool) bool { return c == '%' || c == '*' }
	for _, tt := range []struct {
		in     string
		decode bool
		want   string
	}{
		{"/a%7eb%2f", true, "/a~b%2F"}, // unreserved decoded, reserved upper-cased
		{"/a%7eb%2f", false, "/a%7Eb%2F"},
		{"/a*b", true, "/a%2Ab"},
		{"/100%", true, "/100%25"},
		{"/%zz", false, "/%25zz"},
		{"/%4", true, "/%254"},
		{"/plain/path", true, "/plain/path"},
		{"", true, ""},
	} {
		if got := Canonical(tt.in, tt.decode, star); got != tt.want {
			t.Errorf("Canonical(%q, %v) = %q, want %q", tt.in, tt.decode, got, tt.want)
		}
	}
	// A byte the format does not escape stays as it is, even "%".
	if got := Canonical("/100%", true, func(byte, bool) bool { return false }); got != "/100%" {
		t.Errorf("a lone %% not escaped by the format became %q", got)
	}
	// The rule learns which byte is the last: "$" is escaped before the end.
	dollar := func(c byte, last bool) bool { return c == '$' && !last }
	if got, want := Canonical("/a$b$", true, dollar), "/a%24b$"; got != want {
		t.Errorf("Canonical with a rule on the last byte = %q, want %q", got, want)
	}
}

// Canonical keeps s off the heap: a path a caller builds in a stack buffer
// (as ai.txt's media probes are) is not copied to the heap to be checked.
// Passing s to the escape rule, a func value, would make every caller's
// string escape.
func TestCanonical_NoAllocation(t *testing.T) {
	star := func(c byte, _ bool) bool { return c == '%' || c == '*' }
	n := testing.AllocsPerRun(100, func() {
		buf := [...]byte{'/', 'a', 'b', 'c'}
		if Canonical(string(buf[:]), true, star) == "" {
			t.Fatal("empty result")
		}
	})
	if n != 0 {
		t.Errorf("Canonical of a path that needs no change allocated %v times a call, want 0", n)
	}
}

// Canonical is idempotent for every escape rule that escapes "%": its
// output is already canonical.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"/a%7eb", "/100%", "/caf\xc3\xa9", "/*$", "/%2A%24"} {
		f.Add(s, true)
	}
	rule := func(c byte, _ bool) bool { return c == '%' || c <= ' ' || c >= 0x7f || c == '*' }
	f.Fuzz(func(t *testing.T, s string, decode bool) {
		once := Canonical(s, decode, rule)
		if twice := Canonical(once, decode, rule); twice != once {
			t.Fatalf("Canonical(%q) = %q, and again %q", s, once, twice)
		}
	})
}
