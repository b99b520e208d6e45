package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_IndentedParagraphAfterBlankIsTheItems: after a blank line, a
// paragraph or a code fence indented to the content of the last list item
// is the item's (CommonMark §5.2), not text outside the list, which survey
// reported as llms-txt.section-text. pkgdown writes its reference index so
// when a title holds code (ACCIDDA/acciddasuite docs/llms.txt:
// "- [`print(...)`](url)", "  :", "", "  Print an `accidda_cv` object").
// A line left of the item's content ends the list, as a thematic break
// does: an indented line after either is text in the section.
func TestParse_IndentedParagraphAfterBlankIsTheItems(t *testing.T) {
	in := strings.Join([]string{
		"# Site",
		"> s",
		"## Reference",
		"- [`f()`](https://a.example/f)",
		"  :",
		"",
		"  Print an `f` object",
		"",
		"- [`g()`](https://a.example/g): Make a g",
		"",
		"  More about g.",
		"",
		"  ```sh",
		"  g --help",
		"  ```",
		"## After text",
		"- [A](https://a.example/a)",
		"",
		"Text at the margin.",
		"## After a break",
		"- [B](https://a.example/b)",
		"",
		"---",
		"",
		"  An indented paragraph after the break.",
	}, "\n")
	f, got := parseString(t, in)
	want := []string{"llms-txt.section-text@19", "llms-txt.section-text@25"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	var notes []string
	for _, l := range f.Sections[0].Links {
		notes = append(notes, l.Notes)
	}
	if want := []string{"", "Make a g"}; !slices.Equal(notes, want) {
		t.Errorf("notes = %q, want %q", notes, want)
	}
}
