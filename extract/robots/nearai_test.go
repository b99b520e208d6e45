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
		// Listed names with digits, whose product token is not their name.
		"AI2Bot": "", "Ai2Bot-Dolma": "", "img2dataset": "", "Crawl4AI": "",
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

// The exclusions parse, each has a reason, and none of them is listed.
func TestAICrawlerExclusions(t *testing.T) {
	if _, err := aiExcluded(); err != nil {
		t.Fatal(err)
	}
	ex := AICrawlerExclusions()
	if len(ex) < 10 {
		t.Fatalf("%d exclusions", len(ex))
	}
	listed := map[string]bool{}
	for _, tok := range AITokens() {
		listed[strings.ToLower(tok)] = true
	}
	for _, e := range ex {
		if e.Reason == "" {
			t.Errorf("%s: no reason", e.Name)
		}
		if listed[strings.ToLower(e.Name)] {
			t.Errorf("%s is excluded and listed", e.Name)
		}
	}
}

// A near miss of a crawler the file names as well ("DeepSeek" beside
// "DeepSeekBot", before or after it) is no mistake worth a warning.
func TestParse_UserAgentNearAICrawlerNamedToo(t *testing.T) {
	for _, body := range []string{
		"User-agent: DeepSeekBot\nUser-agent: DeepSeek\nDisallow: /\n",
		"User-agent: DeepSeek\nDisallow: /\n\nUser-agent: DeepSeekBot\nDisallow: /\n",
	} {
		_, d := parseString(t, body)
		for _, x := range d {
			if x.Code == codeUserAgentNearAICrawler.ID {
				t.Errorf("%q: %s", body, x.Message)
			}
		}
	}
}
