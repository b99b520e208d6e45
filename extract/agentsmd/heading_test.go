package agentsmd

import "testing"

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
