package robots

import (
	"strings"
	"testing"
)

// A Content-Usage or Content-Signal line appended after a blank line
// belongs to the last group (a blank line ends no group, RFC 9309 §2.2),
// which a file of several groups is warned about, naming the group; a
// line inside its group, or in a file of one group, is not.
func TestParse_PreferenceAfterBlankLine(t *testing.T) {
	const two = "User-agent: *\nDisallow: /private\n\nUser-agent: PerplexityBot\nDisallow: /\n"
	for _, c := range []struct {
		body string
		warn bool
	}{
		{two + "\nContent-Usage: train-ai=n\n", true},
		{two + "\n# AI preferences\nContent-Signal: ai-train=no\n", true},
		{two + "Content-Usage: train-ai=n\n", false},                          // no blank line: written in the group
		{"User-agent: *\nDisallow: /x\n\nContent-Usage: train-ai=n\n", false}, // one group: it is every crawler's
		{"User-agent: *\nContent-Usage: train-ai=n\n\nDisallow: /x\n\nUser-agent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /\n", false},
		{two + "\nDisallow: /tmp\nContent-Usage: train-ai=n\n", false}, // a rule after the blank line: still the group's body
	} {
		f, d := parseString(t, c.body)
		var got []string
		for _, x := range d {
			if x.Code == codePreferenceAfterBlankLine.ID {
				got = append(got, x.Message)
			}
		}
		if c.warn != (len(got) == 1) || len(got) > 1 {
			t.Errorf("%q: %v, want a warning: %v", c.body, got, c.warn)
		}
		if c.warn && !strings.Contains(got[0], `group of line 4 (user-agent "PerplexityBot")`) {
			t.Errorf("%q: the warning does not name the group: %s", c.body, got[0])
		}
		if last := f.Groups[len(f.Groups)-1]; c.warn && len(last.ContentUsage)+len(last.ContentSignals) != 1 {
			t.Errorf("%q: the line is not the last group's: %+v", c.body, last)
		}
	}
}
