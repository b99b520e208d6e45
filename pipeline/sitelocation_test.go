package pipeline

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// TestSiteLocation_RobotsWithoutFile: survey check --site answers for a
// robots.txt location without a file as a crawl with --respect-robots
// obeys it (RobotsRules): by status, or, for a 2xx body that is no
// robots.txt file, by reading the body as robots.txt all the same.
func TestSiteLocation_RobotsWithoutFile(t *testing.T) {
	soft := []byte("User-agent: *\nDisallow: /private/\n") // served at every path: a canary match
	for _, c := range []struct {
		name    string
		loc     SiteLocation
		target  string
		allowed bool
		why     string
	}{
		{"5xx", SiteLocation{Location: registry.LocRobots, fetch: &crawl.Fetch{Status: 503}}, "/x", false, "§2.3.1.4"},
		{"4xx", SiteLocation{Location: registry.LocRobots, fetch: &crawl.Fetch{Status: 404}}, "/x", true, "§2.3.1.3"},
		{"soft 404 disallows", SiteLocation{Location: registry.LocRobots, Outcome: classify.Soft404, fetch: &crawl.Fetch{Status: 200, Body: soft}}, "/private/x", false, `"disallow: /private/"`},
		{"soft 404 allows", SiteLocation{Location: registry.LocRobots, Outcome: classify.Soft404, fetch: &crawl.Fetch{Status: 200, Body: soft}}, "/public", true, "read as robots.txt"},
	} {
		allowed, why, ok := c.loc.RobotsWithoutFile("GPTBot", c.target)
		if !ok || allowed != c.allowed || !strings.Contains(why, c.why) {
			t.Errorf("%s: %v %q %v, want %v with %q", c.name, allowed, why, ok, c.allowed, c.why)
		}
	}
	if _, _, ok := (SiteLocation{Location: registry.LocLLMsTxt, fetch: &crawl.Fetch{Status: 503}}).RobotsWithoutFile("GPTBot", "/"); ok {
		t.Error("a location other than robots answered")
	}
}
