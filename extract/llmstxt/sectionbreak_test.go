package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_BreakAndCommentAreNoSectionText: a thematic break ("---" between
// sections, as hand-written files separate them) and an HTML comment on
// lines of its own ("<!-- AUTO:START -->" around a generated list) hold no
// text, so they are not llms-txt.section-text, which survey reported for
// both. They still end the link item before them (CommonMark §4.1, §4.6). A
// comment followed by text on its last line, a block quote and a "---" in a
// code fence are text.
func TestParse_BreakAndCommentAreNoSectionText(t *testing.T) {
	in := strings.Join([]string{
		"# Site",
		"> s",
		"## Docs",
		"- [A](https://a.example/a): note a",
		"---",
		"- [B](https://a.example/b): note b",
		"<!-- AUTO:START -->",
		"- [C](https://a.example/c): note c",
		"<!--",
		"  generated",
		"-->",
		"",
		"* * *",
		"___",
		"## Tools",
		"- [D](https://a.example/d)",
		"<!-- marker --> shown",
		"## Code",
		"- [E](https://a.example/e)",
		"",
		"```",
		"---",
		"```",
	}, "\n")
	f, got := parseString(t, in)
	want := []string{"llms-txt.section-text@17", "llms-txt.section-text@21"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	var notes []string
	for _, l := range f.Sections[0].Links {
		notes = append(notes, l.Notes)
	}
	if want := []string{"note a", "note b", "note c"}; !slices.Equal(notes, want) {
		t.Errorf("notes = %q, want %q", notes, want)
	}
}
