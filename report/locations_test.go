package report

import (
	"context"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
)

// TestHeadlines_CrawlOfSomeLocations: the headlines of a crawl of some
// locations (--locations robots,llms-txt) leave out the figure of the
// agent-policy files, none of which it fetched, and say that the AI-usage
// figure covers /llms.txt alone.
func TestHeadlines_CrawlOfSomeLocations(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web (skipped with -short)")
	}
	db := simcrawl.Open(t, simcrawl.Options{Sites: 150, Seed: 3, Locations: "robots,llms-txt"})
	r, err := Build(context.Background(), db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Headline{}
	for _, h := range r.Headlines {
		got[h.Label] = h
	}
	if h, ok := got["Publish an agent-policy file"]; ok {
		t.Errorf("a headline of locations the crawl did not fetch: %+v", h)
	}
	if h := got["Publish robots.txt"]; h.Value == 0 || h.Of != r.Crawl.Reachable {
		t.Errorf("Publish robots.txt: %d of %d, want some of the %d reachable", h.Value, h.Of, r.Crawl.Reachable)
	}
	ai, ok := got["Publish an AI-usage file"]
	want := "at /llms.txt (the crawl did not fetch /ai.txt, /.well-known/tdmrep.json)."
	if !ok || !strings.HasSuffix(ai.Definition, want) {
		t.Errorf("Publish an AI-usage file: %+v, want a definition ending %q", ai, want)
	}
	for _, row := range run(t, db, "adoption", "sim").rows {
		if row["location"] == "llms-txt" && row.int("in_format") != ai.Value {
			t.Errorf("Publish an AI-usage file: %d, want adoption's %d llms.txt files in their format", ai.Value, row.int("in_format"))
		}
	}
}
