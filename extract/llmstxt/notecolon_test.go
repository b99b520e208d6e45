package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_ColonOnNextLine: pkgdown's llms.txt writes each reference entry
// as the link alone on its line and ": notes" on the next. A line break is
// white space in CommonMark, so the colon introduces the notes, as on the
// link's line; survey kept it ("': Make an f'"). A colon after text on the
// link's line, or on a later wrapped line, is part of the notes.
func TestParse_ColonOnNextLine(t *testing.T) {
	in := strings.Join([]string{
		"# pkg",
		"> s",
		"## Reference",
		"- [`f()`](https://a.example/f.md)",
		"  : Make an f",
		"- [`g()`](https://a.example/g.md):",
		"  : kept, the colon was on the link's line",
		"- [`h()`](https://a.example/h.md): Make an h",
		"  : and a colon that is text",
		"- [`i()`](https://a.example/i.md)",
		"  wrapped",
		"  : text too",
	}, "\n")
	f, got := parseString(t, in)
	if len(got) != 0 {
		t.Errorf("diagnostics %v", got)
	}
	var notes []string
	for _, l := range f.Sections[0].Links {
		notes = append(notes, l.Notes)
	}
	want := []string{"Make an f", ": kept, the colon was on the link's line", "Make an h : and a colon that is text", "wrapped : text too"}
	if !slices.Equal(notes, want) {
		t.Errorf("notes = %q, want %q", notes, want)
	}
}
