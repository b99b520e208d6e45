package llmstxt

import "testing"

// TestParseInlineLink_Nested: a link may not contain a link (CommonMark
// §6.3), so "[[a](u)](v)" is no link to v; an image in the name is allowed,
// and brackets that are not a link nest.
func TestParseInlineLink_Nested(t *testing.T) {
	for _, c := range []struct {
		in, name, dest string
		ok             bool
	}{
		{"[[a](https://a.example/)](https://b.example/)", "", "", false},
		{"[x [a](u) y](v)", "", "", false},
		{"[![img](i.png)](https://a.example/)", "![img](i.png)", "https://a.example/", true},
		{"[\\![a](u)](v)", "", "", false},
		{"[[a] b](v)", "[a] b", "v", true},
		{"[[a](b c d)](v)", "[a](b c d)", "v", true},
		{"[`[a](u)`](v)", "`[a](u)`", "v", true},
	} {
		l, ok := parseInlineLink(c.in)
		if ok != c.ok || l.name != c.name || l.dest != c.dest {
			t.Errorf("parseInlineLink(%q) = %q, %q, %v; want %q, %q, %v", c.in, l.name, l.dest, ok, c.name, c.dest, c.ok)
		}
	}
}
