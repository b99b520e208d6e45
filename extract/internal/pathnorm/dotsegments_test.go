package pathnorm

import (
	"strings"
	"testing"
)

// TestRemoveDotSegments_RFC3986Examples resolves the references of RFC 3986
// §5.4 against its base URI "http://a/b/c/d;p?q": the merge of §5.2.3
// (which this test does) followed by RemoveDotSegments must give the path
// of the RFC's target URI. References that replace the scheme or authority,
// or keep the base path, are left out: they remove no dot segments.
func TestRemoveDotSegments_RFC3986Examples(t *testing.T) {
	const base = "/b/c/d;p"
	merge := func(ref string) string {
		if strings.HasPrefix(ref, "/") {
			return ref
		}
		return base[:strings.LastIndexByte(base, '/')+1] + ref
	}
	for _, tt := range []struct{ ref, want string }{
		// §5.4.1, normal examples.
		{"g", "/b/c/g"},
		{"./g", "/b/c/g"},
		{"g/", "/b/c/g/"},
		{"/g", "/g"},
		{"g?y", "/b/c/g?y"},
		{"g#s", "/b/c/g#s"},
		{"g?y#s", "/b/c/g?y#s"},
		{";x", "/b/c/;x"},
		{"g;x", "/b/c/g;x"},
		{"g;x?y#s", "/b/c/g;x?y#s"},
		{".", "/b/c/"},
		{"./", "/b/c/"},
		{"..", "/b/"},
		{"../", "/b/"},
		{"../g", "/b/g"},
		{"../..", "/"},
		{"../../", "/"},
		{"../../g", "/g"},
		// §5.4.2, abnormal examples.
		{"../../../g", "/g"},
		{"../../../../g", "/g"},
		{"/./g", "/g"},
		{"/../g", "/g"},
		{"g.", "/b/c/g."},
		{".g", "/b/c/.g"},
		{"g..", "/b/c/g.."},
		{"..g", "/b/c/..g"},
		{"./../g", "/b/g"},
		{"./g/.", "/b/c/g/"},
		{"g/./h", "/b/c/g/h"},
		{"g/../h", "/b/c/h"},
		{"g;x=1/./y", "/b/c/g;x=1/y"},
		{"g;x=1/../y", "/b/c/y"},
		{"g?y/./x", "/b/c/g?y/./x"},
		{"g?y/../x", "/b/c/g?y/../x"},
		{"g#s/./x", "/b/c/g#s/./x"},
		{"g#s/../x", "/b/c/g#s/../x"},
	} {
		if got := RemoveDotSegments(merge(tt.ref)); got != tt.want {
			t.Errorf("reference %q: RemoveDotSegments(%q) = %q, want %q", tt.ref, merge(tt.ref), got, tt.want)
		}
	}
}

// TestRemoveDotSegments checks §5.2.4's own examples and what path.Clean
// and net/url's reference resolution would change.
func TestRemoveDotSegments(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b/c/./../../g":   "/a/g",  // §5.2.4
		"mid/content=5/../6": "mid/6", // §5.2.4
		"/docs/../admin/x":   "/admin/x",
		"/a//b/./c":          "/a//b/c", // "//" stays (path.Clean drops it)
		"/a/b/":              "/a/b/",   // a final "/" stays
		"/a/b/..":            "/a/",
		"/..//x":             "//x", // net/url's ResolveReference gives "/x"
		"/..":                "/",
		"/.../x":             "/.../x",    // not a dot segment
		"/%2E%2E/x":          "/%2E%2E/x", // escapes are the caller's to decode
		"":                   "",
		"/":                  "/",
	} {
		if got := RemoveDotSegments(in); got != want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", in, got, want)
		}
	}
}

// RemoveDotSegments does not allocate for a path without dot segments,
// which is nearly every path an evaluator is asked about.
func TestRemoveDotSegments_NoAllocation(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		buf := [...]byte{'/', 'a', '.', 'b', '/', '.', '.', '.', '?', '/', '.', '.'}
		if RemoveDotSegments(string(buf[:])) == "" {
			t.Fatal("empty result")
		}
	})
	if n != 0 {
		t.Errorf("RemoveDotSegments of a path without dot segments allocated %v times a call, want 0", n)
	}
}

// RemoveDotSegments is idempotent, and its result has no dot segment when
// the input is an absolute path.
func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/./b/../c", "/..//x", "../a", "/a?b/../c", "."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := RemoveDotSegments(s)
		if twice := RemoveDotSegments(once); twice != once {
			t.Fatalf("RemoveDotSegments(%q) = %q, and again %q", s, once, twice)
		}
		if end := strings.IndexAny(once, "?#"); strings.HasPrefix(s, "/") && end < 0 && HasDotSegment(once) {
			t.Fatalf("RemoveDotSegments(%q) = %q keeps a dot segment", s, once)
		}
	})
}

// TestDeadDotSegment: a "." or ".." segment in a pattern's fixed start,
// followed by "/" (or by the anchoring "$" of a wildcards pattern), makes
// the pattern match no request; after a "?" or a "*" it may match a
// query's dots, and at the end of a prefix it may start a longer segment.
func TestDeadDotSegment(t *testing.T) {
	for _, tt := range []struct {
		pattern   string
		wildcards bool
		want      bool
	}{
		{"/docs/../admin/", true, true},
		{"/docs/../admin/", false, true},
		{"/a/./b", true, true},
		{"/./", false, true},
		{"/%2E%2E/admin", true, true},
		{"/%2e/x", false, true},
		{"/a/..$", true, true},
		{"/a/.$", true, true},
		{"/a/..$", false, false}, // "$" is a literal: "/a/..$" is one segment
		{"/a/..", true, false},   // a prefix: "/a/..b"
		{"/a/.", false, false},
		{"/search?q=/../x", true, false},
		{"/search?q=/../x", false, false},
		{"/*/../x", true, false}, // "*" may span "search?q="
		{"/*/../x", false, true},
		{"/a*/./", true, false},
		{"/..x/", true, false},
		{"/x../", true, false},
		{"/...", true, false},
		{"/%252E/", true, false},
		{"/a/.%2F", true, false},
		{"/", true, false},
		{"", true, false},
	} {
		if got := DeadDotSegment(tt.pattern, tt.wildcards); got != tt.want {
			t.Errorf("DeadDotSegment(%q, %v) = %v, want %v", tt.pattern, tt.wildcards, got, tt.want)
		}
	}
}
