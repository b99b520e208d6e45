package llmstxt

import (
	"strings"
	"testing"
)

// TestParse_SummaryAfterSecondH1: sites that keep "#" comment lines under
// their title ("# Site", "# Spec: https://llmstxt.org", a blank line, then
// "> summary") have a block quote, but not right after the title: the
// second H1 ends the summary's place. survey said only "no blockquote
// summary after the title", which reads as false on a file whose block quote
// is two lines down. The llms-txt.missing-summary message now names the H1
// that comes first; the reading is unchanged (no summary, the block quote is
// details text), and a summary right after the title is kept.
func TestParse_SummaryAfterSecondH1(t *testing.T) {
	f, d := Parse([]byte("# Site\n# A comment line\n\n> The summary.\n\n## Docs\n- [a](https://a.example/)\n"))
	if f.Summary != "" || f.Details != "# A comment line\n\n> The summary." {
		t.Errorf("summary %q, details %q", f.Summary, f.Details)
	}
	var missing []string
	for _, x := range d {
		if x.Code == codeMissingSummary.ID {
			missing = append(missing, x.Message)
			if x.Line != 1 {
				t.Errorf("missing-summary on line %d, want 1", x.Line)
			}
		}
	}
	if len(missing) != 1 || !strings.Contains(missing[0], "second H1 (line 2)") {
		t.Errorf("missing-summary messages %q", missing)
	}

	f, d = Parse([]byte("# Site\n\n> The summary.\n\n# Again\n\n## Docs\n- [a](https://a.example/)\n"))
	if f.Summary != "The summary." {
		t.Errorf("summary %q", f.Summary)
	}
	for _, x := range d {
		if x.Code == codeMissingSummary.ID {
			t.Errorf("unexpected %v", x)
		}
	}
}
