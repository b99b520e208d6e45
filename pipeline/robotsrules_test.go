package pipeline

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
)

func TestRobotsRules(t *testing.T) {
	const ua = "survey/1.0 (+https://example.org)"
	body := []byte("User-agent: survey\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: *\nDisallow: /\n")
	tests := []struct {
		name  string
		fetch crawl.Fetch
		path  string
		ok    bool
		why   string // part of the reason when not ok
	}{
		{"its group disallows", crawl.Fetch{Status: 200, Body: body}, "/private/x", false, `line 2, "disallow: /private/"`},
		{"its group allows", crawl.Fetch{Status: 200, Body: body}, "/private/open", true, ""},
		{"no rule matches in its group", crawl.Fetch{Status: 200, Body: body}, "/AGENTS.md", true, ""},
		{"empty file", crawl.Fetch{Status: 200}, "/anything", true, ""},
		{"unavailable", crawl.Fetch{Status: 404}, "/anything", true, ""},
		{"forbidden is unavailable too", crawl.Fetch{Status: 403}, "/anything", true, ""},
		{"redirects that end nowhere", crawl.Fetch{ErrKind: crawl.ErrTooManyRedirects}, "/anything", true, ""},
		{"unreachable: 5xx", crawl.Fetch{Status: 503}, "/llms.txt", false, "answered 503"},
		{"unreachable: timeout", crawl.Fetch{ErrKind: crawl.ErrTimeout}, "/llms.txt", false, "request_timeout"},
		{"unreachable: network", crawl.Fetch{ErrKind: crawl.ErrReset}, "/", false, "RFC 9309 §2.3.1.4"},
	}
	rules := RobotsRules(ua)
	for _, tt := range tests {
		ok, why := rules(&tt.fetch)(tt.path)
		if ok != tt.ok || !strings.Contains(why, tt.why) || ok != (why == "") {
			t.Errorf("%s: %s: %v %q, want %v with %q", tt.name, tt.path, ok, why, tt.ok, tt.why)
		}
	}
	// Another agent falls to the * group, which disallows everything.
	if ok, _ := RobotsRules("Other/2.0")(&crawl.Fetch{Status: 200, Body: body})("/AGENTS.md"); ok {
		t.Error("an agent the file does not name is allowed /AGENTS.md under \"*\": Disallow: /")
	}
}
