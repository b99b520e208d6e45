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
		// The * group's line is every crawler's without a group of its
		// own, wherever that group stands.
		{"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n\nContent-Signal: ai-train=no\n", false},
		{"User-agent: *\nAllow: /\n\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n", false},
		// A named group's appended line warns whether the other groups
		// come before it or after.
		{"User-agent: PerplexityBot\nDisallow: /\n\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private\n", true},
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
		if c.warn && !strings.Contains(got[0], `(user-agent "PerplexityBot")`) {
			t.Errorf("%q: the warning does not name the group: %s", c.body, got[0])
		}
		for _, g := range f.Groups {
			if c.warn && g.UserAgents[0].Value == "PerplexityBot" && len(g.ContentUsage)+len(g.ContentSignals) != 1 {
				t.Errorf("%q: the line is not PerplexityBot's group's: %+v", c.body, g)
			}
		}
	}
}
