package agentsmd

import (
	"errors"
	"testing"
)

// TestPattern_Section9_1_Syntax classifies the four forms of the §9.1 table
// and the patterns outside them.
func TestPattern_Section9_1_Syntax(t *testing.T) {
	for _, tt := range []struct {
		text string
		form PatternForm
		code string // diagnostic of an invalid pattern
	}{
		{"/exact/path", FormExact, ""},
		{"/", FormExact, ""},
		{"/prefix/*", FormOneSegment, ""},
		{"/*", FormOneSegment, ""},
		{"/prefix/**", FormAnyDepth, ""},
		{"/**", FormAnyDepth, ""},
		{"*.ext", FormExtension, ""},
		{"*.tar.gz", FormExtension, ""},
		{"admin/*", FormInvalid, codeRelativePattern.ID},
		{"https://example.com/admin", FormInvalid, codeRelativePattern.ID},
		{"*", FormInvalid, codeUnsupportedPattern.ID},
		{"**", FormInvalid, codeUnsupportedPattern.ID},
		{"*.", FormInvalid, codeUnsupportedPattern.ID},
		{"*.a/b", FormInvalid, codeUnsupportedPattern.ID},
		{"*.*", FormInvalid, codeUnsupportedPattern.ID},
		{"/a/*/b", FormInvalid, codeUnsupportedPattern.ID},
		{"/admin*", FormInvalid, codeUnsupportedPattern.ID},
		{"/a/***", FormInvalid, codeUnsupportedPattern.ID},
		{"/a/**/b/**", FormInvalid, codeUnsupportedPattern.ID},
		{"/search?q=1", FormInvalid, codeUnmatchablePattern.ID},
		{"/page#top", FormInvalid, codeUnmatchablePattern.ID},
		{"/a /b", FormInvalid, codeUnmatchablePattern.ID},
	} {
		p, err := NewPattern(tt.text)
		if p.Form != tt.form || p.Text != tt.text {
			t.Errorf("NewPattern(%q) = %+v, want form %s", tt.text, p, tt.form)
		}
		var pe *PatternError
		switch {
		case tt.code == "" && err != nil:
			t.Errorf("NewPattern(%q): unexpected error %v", tt.text, err)
		case tt.code != "" && (!errors.As(err, &pe) || pe.code.ID != tt.code):
			t.Errorf("NewPattern(%q): error %v, want code %s", tt.text, err, tt.code)
		}
	}
}

// TestPattern_Section9_1_Matching checks the meaning column of the §9.1
// table, §9.2 rule 2 (path only) and rule 3 (case-sensitive).
func TestPattern_Section9_1_Matching(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		path    string
		want    bool
	}{
		// `/exact/path` matches exactly this path.
		{"/exact/path", "/exact/path", true},
		{"/exact/path", "/exact/path/", false},
		{"/exact/path", "/exact/path/more", false},
		{"/exact/path", "/exact", false},
		// `/prefix/*` matches `/prefix/` and any single path segment below it.
		{"/prefix/*", "/prefix/", true},
		{"/prefix/*", "/prefix/a", true},
		{"/prefix/*", "/prefix/a.html", true},
		{"/prefix/*", "/prefix/a/", false},
		{"/prefix/*", "/prefix/a/b", false},
		{"/prefix/*", "/prefix", false},
		{"/prefix/*", "/prefixes/a", false},
		// `/prefix/**` matches `/prefix/` and any path at any depth below it.
		{"/prefix/**", "/prefix/", true},
		{"/prefix/**", "/prefix/a", true},
		{"/prefix/**", "/prefix/a/b/c", true},
		{"/prefix/**", "/prefix", false},
		{"/prefix/**", "/prefixes/a", false},
		{"/**", "/", true},
		{"/**", "/anything/at/all", true},
		// `*.ext` matches any path ending with `.ext`.
		{"*.pdf", "/a.pdf", true},
		{"*.pdf", "/docs/2026/report.pdf", true},
		{"*.pdf", "/a.pdf/", false},
		{"*.pdf", "/a.pdfx", false},
		{"*.pdf", "/apdf", false},
		// §9.2 rule 2: the path only, not query or fragment.
		{"/exact/path", "/exact/path?x=1", true},
		{"/exact/path", "/exact/path#top", true},
		{"*.pdf", "/a.pdf?download=1", true},
		{"/", "", true},
		// §9.2 rule 3: case-sensitive.
		{"/Admin/*", "/admin/x", false},
		{"*.PDF", "/a.pdf", false},
		// Percent-encoding: octets other than %2F are decoded on both sides.
		{"/caf%C3%A9/*", "/café/menu", true},
		{"/café/*", "/caf%c3%a9/menu", true},
		{"/%7Euser/**", "/~user/a", true},
		{"/a/*", "/a/b%2Fc", true},
		{"/a/b/*", "/a/b%2Fc", false},
		// Invalid patterns match nothing.
		{"admin/*", "/admin/x", false},
		{"/a/*/b", "/a/x/b", false},
	} {
		p, _ := NewPattern(tt.pattern)
		if got := p.Match(tt.path); got != tt.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

// TestPattern_Section9_2_Specificity checks the order behind §9.2 rule 4.
func TestPattern_Section9_2_Specificity(t *testing.T) {
	pat := func(s string) Pattern {
		p, err := NewPattern(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct{ more, less string }{
		{"/a", "/a/b/c/**"},            // exact beats every wildcard
		{"/a/b/*", "/a/**"},            // a longer literal part wins
		{"/docs/**", "*.pdf"},          // "/docs/" (6) > ".pdf" (4)
		{"*.html", "/a/*"},             // ".html" (5) > "/a/" (3)
		{"/a/*", "/a/**"},              // same literal: one segment beats any depth
		{"/ab/**", "*.pdf"},            // same length 4: any depth beats extension
		{"/shop/cart/*", "/shop/**"},   // longer prefix
		{"/b/*", "/**"},                // "/b/" (3) > "/" (1)
		{"*.tar.gz", "/x/*"},           // ".tar.gz" (7) > "/x/" (3)
		{"/%7Eu/*", "/%7E/*"},          // lengths count decoded octets: "/~u/" (4) > "/~/" (3)
		{"/a/b/c/d/e", "/a/b/c/d/e/*"}, // exact beats a longer wildcard
	} {
		m, l := pat(tt.more), pat(tt.less)
		if !m.moreSpecific(l) || l.moreSpecific(m) {
			t.Errorf("%q should be more specific than %q", tt.more, tt.less)
		}
	}
	if a, b := pat("/x/*"), pat("/y/*"); !a.sameSpecificity(b) {
		t.Error("/x/* and /y/* should tie")
	}
}

// TestPattern_NormalizePath checks the percent-decoding helper.
func TestPattern_NormalizePath(t *testing.T) {
	for in, want := range map[string]string{
		"/plain":     "/plain",
		"/a%20b":     "/a b",
		"/a%2fb":     "/a%2Fb",
		"/a%2Fb":     "/a%2Fb",
		"/bad%zz":    "/bad%25zz",
		"/trail%2":   "/trail%252",
		"/trail%":    "/trail%25",
		"/100%25":    "/100%25",
		"/%2%30":     "/%2520",
		"/%2520":     "/%2520",
		"/%23/%3f":   "/%23/%3F",
		"/%e2%82%ac": "/€",
	} {
		if got := normalizePath(in); got != want {
			t.Errorf("normalizePath(%q) = %q, want %q", in, got, want)
		}
		if got := normalizePath(want); got != want {
			t.Errorf("normalizePath(%q) = %q: normalizing twice changes it", want, got)
		}
	}
}
