package report

import (
	"context"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/registry"
)

// TestHeadlines_CrawlOfSomeLocations: the headlines of a crawl of some
// locations (--locations robots,llms-txt) leave out the figure of the
// agent-policy files, none of which it fetched, and say that the AI-usage
// figure covers /llms.txt alone; the methodology names the locations it
// fetched and those it did not.
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
	// The methodology lists the locations fetched, and names the others.
	var fetched []string
	for _, l := range r.Locations {
		fetched = append(fetched, string(l.ID))
	}
	if strings.Join(fetched, " ") != "robots canary llms-txt" || len(r.NotFetched) != len(registry.Locations())-3 {
		t.Errorf("locations %v, %d not fetched; want robots canary llms-txt and the other %d", fetched, len(r.NotFetched), len(registry.Locations())-3)
	}
	var page strings.Builder
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"It did not fetch /agents.txt, /AGENTS.md,", "/ai.txt, / (the home page)."} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	// A question about files the crawl did not fetch says so, not that its
	// query returned no rows; one about robots.txt is answered.
	for _, want := range []string{
		"Crawl " + r.Crawl.ID + " did not fetch /agents.txt (survey crawl --locations), so it cannot answer this question.",
		"Crawl " + r.Crawl.ID + " did not fetch /AGENTS.md, /.well-known/agents.md (survey crawl --locations)",
		"Crawl " + r.Crawl.ID + " did not fetch /.well-known/agent-feed.xml (survey crawl --locations)",
	} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if bad := "did not fetch /robots.txt"; strings.Contains(page.String(), bad) {
		t.Errorf("the page says %q of a crawl that fetched it", bad)
	}
	for _, row := range run(t, db, "adoption", "sim").rows {
		if row["location"] == "llms-txt" && row.int("in_format") != ai.Value {
			t.Errorf("Publish an AI-usage file: %d, want adoption's %d llms.txt files in their format", ai.Value, row.int("in_format"))
		}
	}
}
