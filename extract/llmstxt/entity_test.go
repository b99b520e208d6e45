package llmstxt

import "testing"

// TestParse_LinkEntities: entity and numeric character references in a
// link's name and URL are decoded, as CommonMark decodes them (§6.2); a
// backslash-escaped "&" and an unknown name stay as written.
func TestParse_LinkEntities(t *testing.T) {
	f, _ := parseString(t, "# T\n## S\n- [AT&amp;T &#169; &#x41;](https://a.example/?a=1&amp;b=2&c)\n- [\\&amp; &nosuch; &amp &ampx;](https://b.example/&#0;)\n")
	l := f.Sections[0].Links
	if l[0].Name != "AT&T © A" || l[0].URL != "https://a.example/?a=1&b=2&c" {
		t.Errorf("link 1: %q %q", l[0].Name, l[0].URL)
	}
	if l[1].Name != "&amp; &nosuch; &amp &ampx;" || l[1].URL != "https://b.example/\uFFFD" {
		t.Errorf("link 2: %q %q", l[1].Name, l[1].URL)
	}
}

func TestEntity(t *testing.T) {
	for _, c := range []struct {
		in, dec string
		n       int
	}{
		{"&amp;x", "&", 5}, {"&semi;", ";", 6}, {"&notin;", "∉", 7}, {"&#1234567;", "\uFFFD", 10},
		{"&#12345678;", "", 0}, {"&#x10FFFF;", "\U0010FFFF", 10}, {"&#x110000;", "\uFFFD", 10},
		{"&#xD800;", "\uFFFD", 8}, {"&#;", "", 0}, {"&#x;", "", 0}, {"&ampx;", "", 0}, {"&amp", "", 0},
		{"&1a;", "", 0}, {"&a-b;", "", 0}, {"&;", "", 0}, {"&;x", "", 0}, {"&NotNestedLessLess;", "⪡\u0338", 19},
	} {
		dec, n, ok := entity(c.in)
		if dec != c.dec || n != c.n || ok != (c.n != 0) {
			t.Errorf("entity(%q) = %q, %d, %v; want %q, %d", c.in, dec, n, ok, c.dec, c.n)
		}
	}
}
