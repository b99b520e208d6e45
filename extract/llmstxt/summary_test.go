package llmstxt

import "testing"

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
	} {
		f, _ := parseString(t, c.in)
		if f.Summary != c.summary || f.Details != c.details {
			t.Errorf("%q: summary %q, details %q; want %q, %q", c.in, f.Summary, f.Details, c.summary, c.details)
		}
	}
}
