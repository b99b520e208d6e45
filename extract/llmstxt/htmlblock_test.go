package llmstxt

import (
	"slices"
	"testing"
)

// TestParse_HTMLBlock: a heading or a list item inside an HTML block is raw
// HTML, not Markdown structure (CommonMark §4.6): a section commented out
// with "<!-- -->" is no section (and, a comment, no text in the section
// either), and an item inside "<details>" without a blank line is no link.
// A blank line ends blocks of kinds 6 and 7.
func TestParse_HTMLBlock(t *testing.T) {
	f, got := parseString(t, "# T\n## S\n- [a](https://a.example/)\n<!--\n## Old\n- [h](https://h.example/)\n-->\n- [b](https://b.example/)\n")
	if len(f.Sections) != 1 || len(f.Sections[0].Links) != 2 || f.Sections[0].Links[1].Name != "b" {
		t.Errorf("comment: sections %+v", f.Sections)
	}
	if want := []string{"llms-txt.missing-summary@1"}; !slices.Equal(got, want) {
		t.Errorf("comment: got %v, want %v", got, want)
	}
	f, _ = parseString(t, "# T\n## S\n<details>\n- [h](https://h.example/)\n</details>\n\n- [b](https://b.example/)\n<script>\n## X\n\n</script>\n## Y\n")
	if len(f.Sections) != 2 || f.Sections[1].Name != "Y" || len(f.Sections[0].Links) != 1 || f.Sections[0].Links[0].Name != "b" {
		t.Errorf("details, script: sections %+v", f.Sections)
	}
	// "<span>" (kind 7) cannot interrupt a paragraph: it continues the notes.
	f, _ = parseString(t, "# T\n## S\n- [a](https://a.example/): n\n<span>x</span>\n- [b](https://b.example/): n\n<div>\n")
	if l := f.Sections[0].Links; len(l) != 2 || l[0].Notes != "n <span>x</span>" || l[1].Notes != "n" {
		t.Errorf("notes: links %+v", l)
	}
}
