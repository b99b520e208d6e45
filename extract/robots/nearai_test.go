package robots

import (
	"strings"
	"testing"
)

// A user-agent that is a known AI crawler written with other separators
// or without its "Bot" is warned about with the token meant; the known
// tokens, other crawlers and "*" are not.
func TestParse_UserAgentNearAICrawler(t *testing.T) {
	for value, meant := range map[string]string{
		"GPT-Bot": "GPTBot", "gpt_bot": "GPTBot", "Claude Bot": "ClaudeBot", "Google Extended": "Google-Extended",
		"Perplexity": "PerplexityBot", "CC-Bot": "CCBot",
		"GPTBot": "", "gptbot": "", "Googlebot": "", "bingbot": "", "*": "", "Kangaroo Bot": "", "Meta-ExternalAgent": "",
	} {
		_, d := parseString(t, "User-agent: "+value+"\nDisallow: /\n")
		var got []string
		for _, x := range d {
			if x.Code == codeUserAgentNearAICrawler.ID {
				got = append(got, x.Message)
			}
		}
		switch {
		case meant == "" && len(got) > 0:
			t.Errorf("%q: %v", value, got)
		case meant != "" && (len(got) != 1 || !strings.Contains(got[0], "did you mean \""+meant+"\"")):
			t.Errorf("%q: %v, want a hint of %s", value, got, meant)
		}
	}
}
