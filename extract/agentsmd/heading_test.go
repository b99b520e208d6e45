package agentsmd

import (
	"strings"
	"testing"
)

// TestParse_EmptyHeadingAlone: "##" alone on its line is an empty level-2
// Markdown heading (CommonMark §4.2), like "## ", so it ends the section
// before it and the lines under it are ignored (§6.1); it is not a comment.
func TestParse_EmptyHeadingAlone(t *testing.T) {
	for _, in := range []string{
		"# AGENTS.md\n## Identity\n- site: example.com\n##\n- contact: a@example.com\n",
		"# AGENTS.md\n## Identity\n- site: example.com\n##  \n- contact: a@example.com\n",
	} {
		res, diags := parse(t, in)
		if res.Identity.Contact != "" || len(res.Sections) != 2 {
			t.Errorf("%q: contact %q, %d sections; want none, 2", in, res.Identity.Contact, len(res.Sections))
		}
		wantCodes(t, diags, "4:empty-section-name")
	}
}

// TestParse_TitleClosingSequence: the closing #s of an ATX heading are not
// part of its text (CommonMark §4.2), so `# AGENTS.md #` is the title §4.3
// asks for; `# AGENTS.md#` is not.
func TestParse_TitleClosingSequence(t *testing.T) {
	for _, c := range []struct{ in, title string }{
		{"# AGENTS.md #\n## Identity\n- site: example.com\n", "AGENTS.md"},
		{"# AGENTS.md ##  \n## Identity\n- site: example.com\n", "AGENTS.md"},
		{"# #\n## Identity\n- site: example.com\n", ""},
		{"# AGENTS.md\f\n## Identity\n- site: example.com\n", "AGENTS.md"},
	} {
		res, diags := parse(t, c.in)
		if res.Title != c.title {
			t.Errorf("%q: title %q, want %q", c.in, res.Title, c.title)
		}
		if c.title == "AGENTS.md" && !strings.Contains(c.in, "\f") {
			wantCodes(t, diags)
		}
	}
	res, diags := parse(t, "# AGENTS.md#\n## Identity\n- site: example.com\n")
	if res.Title != "AGENTS.md#" {
		t.Errorf("title %q", res.Title)
	}
	wantCodes(t, diags, "1:nonstandard-title")
}
