package llmstxt

import (
	"testing"
)

// TestParse_TextBeforeLink: Fern writes its API reference as items whose link
// follows a breadcrumb ("- API Reference > Credits [Get credits](url)"), and
// hand-written files wrap the link in emphasis ("- **[Name](url)**: notes").
// Such an item holds a link; survey said it was no link, counted none, and
// called the section empty. The link is now read, with
// llms-txt.text-before-link; an item with no link, or a link only in a code
// span or an image, is still llms-txt.item-not-link.
func TestParse_TextBeforeLink(t *testing.T) {
	in := "# Docs\n\n## API Docs\n\n" +
		"- API Reference > Credits [Get credits](https://d.example/credits.mdx)\n" +
		"- Group [Create](https://d.example/create.mdx): makes one\n" +
		"- **[Bold](https://d.example/bold)**: bold notes\n" +
		"- `[Code](https://d.example/code)`: in a code span\n" +
		"- ![logo](https://d.example/logo.png)\n" +
		"- Website: https://d.example\n"
	f, d := Parse([]byte(in))
	want := []Link{
		{Name: "Get credits", URL: "https://d.example/credits.mdx", Line: 5},
		{Name: "Create", URL: "https://d.example/create.mdx", Notes: "makes one", Line: 6},
		{Name: "Bold", URL: "https://d.example/bold", Notes: "bold notes", Line: 7},
	}
	if len(f.Sections) != 1 || len(f.Sections[0].Links) != len(want) {
		t.Fatalf("sections: %+v", f.Sections)
	}
	for i, l := range f.Sections[0].Links {
		if l != want[i] {
			t.Errorf("link %d = %+v, want %+v", i, l, want[i])
		}
	}
	count := map[string][]int{}
	for _, x := range d {
		count[x.Code] = append(count[x.Code], x.Line)
	}
	if got := count[codeTextBeforeLink.ID]; len(got) != 3 || got[0] != 5 || got[2] != 7 {
		t.Errorf("text-before-link at lines %v, want 5, 6, 7", got)
	}
	if got := count[codeItemNotLink.ID]; len(got) != 3 || got[0] != 8 {
		t.Errorf("item-not-link at lines %v, want 8, 9, 10", got)
	}
	if got := count[codeEmptySection.ID]; len(got) != 0 {
		t.Errorf("empty-section at lines %v, want none", got)
	}
	if got := count[codeNotesWithoutColon.ID]; len(got) != 0 {
		t.Errorf("notes-without-colon at lines %v, want none", got)
	}
}
