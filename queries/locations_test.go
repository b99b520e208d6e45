package queries_test

import (
	"context"
	"slices"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
)

// TestQueriesOnACrawlOfSomeLocations runs every query on a crawl of two
// locations (--locations robots,llms-txt), and the queries comparing two
// crawls on it and a later crawl of every location, both ways round: no
// row may speak of a location the crawl (or one of the two) did not fetch,
// as if it had measured that no site publishes it, or that none changed.
func TestQueriesOnACrawlOfSomeLocations(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir := t.TempDir()
	if _, err := simcrawl.Build(dir, simcrawl.Options{Sites: 150, Seed: 3, CrawlID: "some", Locations: "robots,llms-txt"}); err != nil {
		t.Fatal(err)
	}
	db := simcrawl.OpenIn(t, dir, simcrawl.Options{Sites: 150, Seed: 3, CrawlID: "every"})
	fetched := []string{"robots", "canary", "llms-txt"} // the canary goes with them
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	robotsMechanisms := []string{"robots.txt AI crawler groups", "robots.txt Content-Usage", "robots.txt Content-Signal", "robots.txt App-Directives"}
	type queryRun struct {
		q      queries.Query
		params map[string]string
	}
	var runs []queryRun
	for _, q := range all {
		if !slices.Contains(comparesCrawls(), q.Name) {
			runs = append(runs, queryRun{q, map[string]string{"crawl": "some"}})
			continue
		}
		for _, p := range []map[string]string{{"from_crawl": "some", "to_crawl": "every"}, {"from_crawl": "every", "to_crawl": "some"}} {
			runs = append(runs, queryRun{q, p})
		}
	}
	for _, r := range runs {
		q := r.q
		res, err := q.Run(context.Background(), db, r.params)
		if err != nil {
			t.Errorf("%s %v: %v", q.Name, r.params, err)
			continue
		}
		if q.Name == "changes" && len(res.Rows) == 0 {
			t.Errorf("changes %v: no row; robots.txt and llms.txt were compared", r.params)
		}
		tb := newTable(t, res)
		for i := range tb.rows {
			if _, ok := tb.cols["location"]; ok {
				// "(any)" is bot_walls' row of every location.
				if l := tb.str(t, i, "location"); l != "" && l != "(any)" && !slices.Contains(fetched, l) {
					t.Errorf("%s %v: row %d speaks of location %s, which the crawl did not fetch (it fetched %v)", q.Name, r.params, i, l, fetched)
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
