package queries_test

import (
	"context"
	"slices"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
)

// TestQueriesOnACrawlOfSomeLocations runs every query on a crawl of two
// locations (--locations robots,llms-txt): no row may speak of a location
// the crawl did not fetch, as if it had measured that no site publishes
// it.
func TestQueriesOnACrawlOfSomeLocations(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	db := simcrawl.Open(t, simcrawl.Options{Sites: 150, Seed: 3, Locations: "robots,llms-txt"})
	fetched := []string{"robots", "canary", "llms-txt"} // the canary goes with them
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	robotsMechanisms := []string{"robots.txt AI crawler groups", "robots.txt Content-Usage", "robots.txt Content-Signal", "robots.txt App-Directives"}
	for _, q := range all {
		res, err := q.Run(context.Background(), db, nil)
		if err != nil {
			t.Errorf("%s: %v", q.Name, err)
			continue
		}
		tb := newTable(t, res)
		for i := range tb.rows {
			if _, ok := tb.cols["location"]; ok {
				// "(any)" is bot_walls' row of every location.
				if l := tb.str(t, i, "location"); l != "" && l != "(any)" && !slices.Contains(fetched, l) {
					t.Errorf("%s: row %d speaks of location %s, which the crawl did not fetch (it fetched %v)", q.Name, i, l, fetched)
				}
			}
			if q.Name == "ai_signals" {
				if m := tb.str(t, i, "mechanism"); !slices.Contains(robotsMechanisms, m) {
					t.Errorf("ai_signals: row %d is mechanism %q, whose location the crawl did not fetch", i, m)
				}
			}
		}
		if q.Name == "ai_signals" && len(tb.rows) != len(robotsMechanisms) {
			t.Errorf("ai_signals: %d rows, want robots.txt's %d mechanisms", len(tb.rows), len(robotsMechanisms))
		}
	}
}
