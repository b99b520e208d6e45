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
		{"[![i](a[b)](v)", "![i](a[b)", "v", true},
		{"[![i](a]b)](v)", "![i](a]b)", "v", true},
	} {
		l, ok := parseInlineLink(c.in)
		if ok != c.ok || l.name != c.name || l.dest != c.dest {
			t.Errorf("parseInlineLink(%q) = %q, %q, %v; want %q, %q, %v", c.in, l.name, l.dest, ok, c.name, c.dest, c.ok)
		}
	}
}

// TestParseInlineLink_Backslash: a backslash escapes ASCII punctuation only
// (CommonMark §2.4): in "(\ x)" the space still ends the destination, so
// there is no link, and "<a\>b>" is the destination "a>b".
func TestParseInlineLink_Backslash(t *testing.T) {
	for _, c := range []struct {
		in, dest string
		ok       bool
	}{
		{"[a](\\ x)", "", false},
		{"[a](b\\ c)", "", false},
		{"[a](b\\)c)", "b)c", true},
		{"[a](<b\\>c>)", "b>c", true},
		{"[a](<b\\\\>)", "b\\", true},
	} {
		l, ok := parseInlineLink(c.in)
		if ok != c.ok || l.dest != c.dest {
			t.Errorf("parseInlineLink(%q) = %q, %v; want %q, %v", c.in, l.dest, ok, c.dest, c.ok)
		}
	}
}

// TestParseInlineLink_ParenTitle: a link title in parentheses holds no
// unescaped "(" (CommonMark §6.3), so "[a](b (())" is no link.
func TestParseInlineLink_ParenTitle(t *testing.T) {
	for _, c := range []struct {
		in, dest string
		ok       bool
	}{
		{"[a](b (t))", "b", true},
		{"[a](b (())", "", false},
		{"[a](b (\\())", "b", true},
	} {
		l, ok := parseInlineLink(c.in)
		if ok != c.ok || l.dest != c.dest {
			t.Errorf("parseInlineLink(%q) = %q, %v; want %q, %v", c.in, l.dest, ok, c.dest, c.ok)
		}
	}
}
