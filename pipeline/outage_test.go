package pipeline_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// TestRun_StopsForAnOutage crawls the simulated web through an address
// where nothing listens, as when the crawler's own network is down: after
// OutageAfter domains in a row without an answer the run stops,
// interrupted, without recording them; a resume once the network is back
// crawls every domain, none of them unreachable.
func TestRun_StopsForAnOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 40)
	out := t.TempDir()
	down := simConfig(w)
	down.ConnectTo = "127.0.0.1:1" // refused: no answer from any site
	sum, err := pipeline.Run(context.Background(), pipeline.Options{Out: out, SeedsPath: seedFile, CrawlID: "o", Crawl: down, OutageAfter: 10})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "interrupted" || !sum.Interrupted || sum.Outage != 10 {
		t.Fatalf("down: status %s, interrupted %v, outage %d; want interrupted by an outage of 10", sum.Status, sum.Interrupted, sum.Outage)
	}
	// What is recorded is only what says nothing of the network (the
	// simulated web's names that do not exist).
	if n := countWhere(t, out, "NOT (outcome = 'unreachable' AND reason = 'dns_not_found')"); n != 0 {
		t.Errorf("down: %d domains recorded that the outage decided", n)
	}
	sum, err = pipeline.Run(context.Background(), pipeline.Options{Out: out, Resume: true, Crawl: simConfig(w), OutageAfter: 10})
	if err != nil || sum.Status != "complete" {
		t.Fatalf("resume: %v %+v", err, sum)
	}
	// As many unreachable as in a crawl that never saw the outage (the
	// simulated web has sites of its own that are).
	ref := t.TempDir()
	crawlSim(t, w, seedFile, ref, "o", seeds.Shard{})
	all, unreachable := countWhere(t, out, "true"), countWhere(t, out, "outcome = 'unreachable'")
	wantAll, wantUnreachable := countWhere(t, ref, "true"), countWhere(t, ref, "outcome = 'unreachable'")
	if all != 40 || all != wantAll || unreachable != wantUnreachable {
		t.Errorf("after the resume: %d domains, %d unreachable; want %d, %d as without the outage", all, unreachable, wantAll, wantUnreachable)
	}
}

// countWhere counts the targets of the crawl in dir that cond holds for.
func countWhere(t *testing.T, dir, cond string) int {
	t.Helper()
	db, err := sink.Open(filepath.Join(dir, "survey.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM targets WHERE " + cond).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
