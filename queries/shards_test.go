package queries_test

import (
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
)

// TestQueriesOnShardsOfOtherLocations crawls the simulated web as two
// shards of one crawl, the first at every location and the second at
// robots.txt and llms.txt only (survey merge warns of it but builds the
// database): a share of the domains at a location must be a share of those
// fetched there, not of every domain crawled, the second shard's domains
// never having said whether they publish ai.txt.
func TestQueriesOnShardsOfOtherLocations(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	db := simcrawl.OpenShards(t, simcrawl.Options{Sites: 300, Seed: 4, CrawlID: "mixed"}, "", "robots,llms-txt")
	// The denominators, from the base tables: the domains crawled, and the
	// domains (and reachable domains) fetched at each location.
	var domains int64
	fetched, reachable := map[string]int64{}, map[string]int64{}
	for _, r := range mustExec(t, db, `SELECT f.location, count(*), count(*) FILTER (WHERE t.outcome = 'ok')
		FROM fetches f JOIN targets t USING (crawl_id, domain) GROUP BY f.location`).Rows {
		fetched[str(r[0])], reachable[str(r[0])] = r[1].(int64), r[2].(int64)
	}
	domains = mustExec(t, db, `SELECT count(*) FROM targets`).Rows[0][0].(int64)
	if fetched["robots"] != domains || fetched["ai-txt"] == 0 || fetched["ai-txt"] >= domains {
		t.Fatalf("%d domains, fetched %v: want every domain at robots.txt and some at ai.txt", domains, fetched)
	}

	tb := run(t, db, mustGet(t, "ai_signals"), nil)
	for i := range tb.rows {
		m := tb.str(t, i, "mechanism")
		n := reachable[mechanismLocation(m)]
		if got := tb.num(t, i, "reachable"); got != n {
			t.Errorf("ai_signals %s: reachable %d, want the %d reachable domains fetched at %s", m, got, n, mechanismLocation(m))
		}
		tb.checkPct(t, i, "pct_using", tb.num(t, i, "using"), n)
	}
	if len(tb.rows) != 9 {
		t.Errorf("ai_signals: %d rows, want every mechanism (the first shard fetched every location)", len(tb.rows))
	}

	tb = run(t, db, mustGet(t, "bot_walls"), nil)
	for i := range tb.rows {
		n := domains
		if l := tb.str(t, i, "location"); l != "(any)" {
			n = fetched[l]
		}
		tb.checkPct(t, i, "pct_domains", tb.num(t, i, "domains"), n)
	}
	if len(tb.rows) == 0 {
		t.Errorf("bot_walls: no row; the simulated web has bot walls")
	}

	// The adoption query counted per location already: ai_signals' ai.txt
	// row agrees with it.
	adoption := run(t, db, mustGet(t, "adoption"), nil)
	for i := range adoption.rows {
		if l := adoption.str(t, i, "location"); adoption.num(t, i, "reachable") != reachable[l] {
			t.Errorf("adoption %s: reachable %d, want %d", l, adoption.num(t, i, "reachable"), reachable[l])
		}
	}
}

// mustGet returns the named query.
func mustGet(t *testing.T, name string) queries.Query {
	t.Helper()
	q, err := queries.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
