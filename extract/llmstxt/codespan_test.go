package llmstxt

import "testing"

// TestParseInlineLink_CodeSpans: code spans bind more tightly than link
// brackets (CommonMark §6.1 and §6.3), so a "]" inside a code span does not
// end the link text, and a code span that runs past the "]" means there is
// no link.
func TestParseInlineLink_CodeSpans(t *testing.T) {
	cases := []struct {
		in   string
		name string // "" when s does not start with a link
	}{
		{"[Code `]`](https://a.example/)", "Code `]`"},
		{"[a ``]` ]`` b](https://a.example/)", "a ``]` ]`` b"},
		{"[`[`](https://a.example/)", "`[`"},
		{"[a `b](https://a.example/) c`", ""},
		{"[a `]`` b](https://a.example/)", ""},
		{"[a ` b](https://a.example/)", "a ` b"}, // no closing run: the backtick is literal
		{"[\\`](https://a.example/)`", "`"},      // an escaped backtick opens nothing
		{"[`a` `b` ] x](https://a.example/)", ""},
	}
	for _, c := range cases {
		l, ok := parseInlineLink(c.in)
		switch {
		case c.name == "" && ok:
			t.Errorf("%q: a link named %q, want none", c.in, l.name)
		case c.name != "" && (!ok || l.name != c.name || l.dest != "https://a.example/"):
			t.Errorf("%q: got %+v %v, want name %q", c.in, l, ok, c.name)
		}
	}
}
