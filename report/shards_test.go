package report

import (
	"context"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
)

// TestHeadlines_ShardsOfOtherLocations crawls the simulated web as two
// shards of one crawl, the first at every location and the second at
// robots.txt and llms.txt only (survey merge warns of it but builds the
// database): the share of domains publishing a file at a group of
// locations is a share of the reachable domains fetched there, not of
// every reachable domain, half of which were never asked.
func TestHeadlines_ShardsOfOtherLocations(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web (skipped with -short)")
	}
	db := simcrawl.OpenShards(t, simcrawl.Options{Sites: 300, Seed: 4, CrawlID: "mixed"}, "", "robots,llms-txt")
	r, err := Build(context.Background(), db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fetchedAt := func(locations string) int64 {
		return count(t, db, `SELECT count(DISTINCT domain) FROM fetches WHERE location IN `+locations+`
			AND domain IN (SELECT domain FROM targets WHERE outcome = 'ok')`)
	}
	want := map[string]struct {
		of    int64
		label string
	}{
		"Publish robots.txt":           {r.Crawl.Reachable, "reachable domains"},
		"Publish an agent-policy file": {fetchedAt(`('agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'autoctl')`), "reachable domains fetched there"},
		"Publish an AI-usage file":     {r.Crawl.Reachable, "reachable domains"}, // llms.txt was fetched everywhere
	}
	if w := want["Publish an agent-policy file"]; w.of == 0 || w.of >= r.Crawl.Reachable {
		t.Fatalf("%d reachable domains fetched at the agent-policy locations of %d; want the first shard's", w.of, r.Crawl.Reachable)
	}
	for _, h := range r.Headlines {
		w, ok := want[h.Label]
		if !ok {
			continue
		}
		delete(want, h.Label)
		if h.Of != w.of || h.OfLabel != w.label {
			t.Errorf("%s: %d of %d %s, want of %d %s", h.Label, h.Value, h.Of, h.OfLabel, w.of, w.label)
		}
	}
	for label := range want {
		t.Errorf("no headline %q", label)
	}
	// Both shards read the whole 300-line seed list: the methodology
	// counts its lines once.
	if len(r.Crawl.Runs) != 2 {
		t.Fatalf("%d runs, want a run per shard", len(r.Crawl.Runs))
	}
	if got, want := r.view().Crawl.SeedLines, "300 read, 0 rejected as malformed"; got != want {
		t.Errorf("seed lines %q, want %q", got, want)
	}
}
