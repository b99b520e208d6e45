package llmstxt

import (
	"strings"
	"testing"
)

// TestParse_SummaryLazyContinuation: a line after the summary's block quote
// continues it only as paragraph text (CommonMark §5.1, laziness); a list
// item, whatever its number and even empty, or a thematic break starts a
// block of its own, as the CommonMark reference implementations read it
// (commonmark.js, goldmark), and a ">" line alone
// separates the quote's paragraphs without adding a space.
func TestParse_SummaryLazyContinuation(t *testing.T) {
	for _, c := range []struct{ in, summary, details string }{
		{"# T\n> s\nwrapped\n", "s wrapped", ""},
		{"# T\n> s\n- [a](https://a.example/)\n", "s", "- [a](https://a.example/)"},
		{"# T\n> s\n* item\n", "s", "* item"},
		{"# T\n> s\n1. item\n", "s", "1. item"},
		{"# T\n> s\n2. item\n", "s", "2. item"},
		{"# T\n> s\n-\n", "s", "-"},
		{"# T\n> s\n--\n", "s --", ""},
		{"# T\n> s\n    - x\n", "s - x", ""},
		{"# T\n> s\n---\n", "s", "---"},
		{"# T\n> s\n>\n> t\n", "s t", ""},
		{"# T\n> s\n>\nt\n", "s", "t"},
		{"# T\n> s\n### Deep\n", "s", "### Deep"},
		{"# T\n> s\n# Again\nt\n", "s", "# Again\nt"},
		{"# T\n# Again\n> s\n", "", "# Again\n> s"},
	} {
		f, _ := parseString(t, c.in)
		if f.Summary != c.summary || f.Details != c.details {
			t.Errorf("%q: summary %q, details %q; want %q, %q", c.in, f.Summary, f.Details, c.summary, c.details)
		}
	}
}

// TestParse_ItemAfterSectionText: an ordered item not numbered 1, or an
// empty item, right after section text continues that paragraph (CommonMark
// §5.2): it is no link item. After a link item it starts a list.
func TestParse_ItemAfterSectionText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"# T\n## S\ntext\n0) [a](https://a.example/)\n\n2. [b](https://b.example/)\n- [c](https://c.example/)\n3. [d](https://d.example/)\n", "b c d"},
		{"# T\n## S\n* \n0) [a](https://a.example/)\n- x\n2. [b](https://b.example/)\n", "a b"},
		{"# T\n## S\n- x\nlazy\n2. [a](https://a.example/)\n", "a"},
		{"# T\n## S\n- [a](https://a.example/): n\n  *\n  2. [b](https://b.example/)\n  - [c](https://c.example/)\n", "a c"},
		{"# T\n## S\n>\n0) [a](https://a.example/)\n> q\n2. [b](https://b.example/)\n", "a b"},
	} {
		f, _ := parseString(t, c.in)
		var names []string
		for _, l := range f.Sections[0].Links {
			names = append(names, l.Name)
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("%q: links %q, want %q", c.in, got, c.want)
		}
	}
}
