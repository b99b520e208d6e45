package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_WrappedTextOfItemNotLink: an item that is no link, wrapped onto
// the next line (0000wei/mockupshot llms.txt: "- **Browser Mockup
// Generator** — https://..." then "  Choose from Chrome, ..."), gets its
// item-not-link warning; the wrapped line is the item's text, not text in
// the section outside the list, which survey also reported (section-text).
func TestParse_WrappedTextOfItemNotLink(t *testing.T) {
	in := strings.Join([]string{
		"# Site",
		"> s",
		"## Tools",
		"- **Tool** — https://a.example/",
		"  Choose from several frames.",
		"lazy continuation",
		"- [B](https://a.example/b): notes",
		"",
		"Text after the list.",
	}, "\n")
	_, got := parseString(t, in)
	want := []string{"llms-txt.item-not-link@4", "llms-txt.section-text@9"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
