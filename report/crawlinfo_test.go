package report

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/queries"
)

// TestSeedLists: every run of a crawl reads its whole seed list (each
// shard, each resumption), so the lines are counted once per list, not
// once per run; a killed run, which records no lines, does not lower the
// count, and a crawl whose shards read different lists names each.
func TestSeedLists(t *testing.T) {
	a, b := strings.Repeat("a", 64), strings.Repeat("b", 64)
	c := Crawl{ID: "c", Runs: []Run{
		{Shard: "0/3", Run: 1, Status: "interrupted", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "0/3", Run: 2, Status: "killed", SeedsDigest: a},
		{Shard: "0/3", Run: 3, Status: "complete", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "1/3", Run: 1, Status: "complete", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "2/3", Run: 1, Status: "complete", SeedsDigest: b, SeedsRead: 310, SeedsBad: 0},
	}}
	want := []SeedList{{Digest: a, Read: 300, Bad: 2}, {Digest: b, Read: 310}}
	if got := c.SeedLists(); !slices.Equal(got, want) {
		t.Errorf("seed lists %+v, want %+v", got, want)
	}

	r := &Report{Title: "t", Crawl: c}
	if got, want := r.view().Crawl.SeedLines, "300 read, 2 rejected as malformed (seed list "+a+"); 310 read, 0 rejected as malformed (seed list "+b+")"; got != want {
		t.Errorf("seed lines %q, want %q", got, want)
	}
	r.Crawl.Runs = r.Crawl.Runs[:4]
	if got, want := r.view().Crawl.SeedLines, "300 read, 2 rejected as malformed"; got != want {
		t.Errorf("seed lines of one list read by 4 runs: %q, want %q", got, want)
	}
}

// TestCrawlStatus: a crawl is complete when each of its shards is in the
// database and the shard's last run completed (the rows of crawl_shards,
// whose SQL queries.TestCrawlShards checks). A database merged from some
// shards of a crawl said "complete" of half a crawl (survey merge of shard
// 0/2 alone), and a resumed crawl "interrupted; complete".
func TestCrawlStatus(t *testing.T) {
	shard := func(s, status string) queries.ShardState { return queries.ShardState{Shard: s, Status: status} }
	for _, c := range []struct {
		name     string
		shards   []queries.ShardState
		want     string
		complete bool
	}{
		{"one run", []queries.ShardState{shard("0/1", "complete")}, "complete", true},
		{"stopped", []queries.ShardState{shard("0/1", "interrupted")}, "interrupted", false},
		{"every shard", []queries.ShardState{shard("0/2", "complete"), shard("1/2", "complete")}, "complete", true},
		{"a shard's last run failed", []queries.ShardState{shard("0/2", "complete"), shard("1/2", "failed")},
			"incomplete: shard 0/2 complete, shard 1/2 failed", false},
		{"a shard missing", []queries.ShardState{shard("0/2", "complete"), shard("1/2", "missing")},
			"incomplete: shard 1/2 is not in the database; the figures are of the shards it holds (their last runs: complete)", false},
		{"shards missing", []queries.ShardState{shard("0/4", "missing"), shard("1/4", "complete"), shard("2/4", "missing"), shard("3/4", "interrupted")},
			"incomplete: shards 0/4, 2/4 are not in the database; the figures are of the shards it holds (their last runs: complete; interrupted)", false},
	} {
		got, complete := Crawl{ID: "c", Shards: c.shards}.Status()
		if got != c.want || complete != c.complete {
			t.Errorf("%s: status %q, complete %v; want %q, %v", c.name, got, complete, c.want, c.complete)
		}
	}

	// The masthead says so, linking to the status.
	r := &Report{Title: "t", Crawl: Crawl{ID: "c", Shards: []queries.ShardState{shard("0/2", "complete"), shard("1/2", "missing")}}}
	out, doc := render(t, r)
	if !strings.Contains(out, `<a href="#m-crawl"><strong>incomplete crawl</strong></a>`) {
		t.Error("the masthead of half a crawl does not say it is incomplete")
	}
	if text := textOf(doc); !strings.Contains(text, "Statusincomplete: shard 1/2 is not in the database") {
		t.Error("the methodology's status of half a crawl does not name the missing shard")
	}
	r.Crawl.Shards[1] = shard("1/2", "complete")
	if out, _ := render(t, r); strings.Contains(out, "incomplete") {
		t.Error("the page of a complete crawl says incomplete")
	}
}

// TestCrawlEnded: a crawl ended when its last run ended; a killed run,
// which has no end and which a later run resumed, does not make it "—",
// while a run still running does.
func TestCrawlEnded(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 11, 28, h, 0, 0, 0, time.UTC) }
	c := Crawl{ID: "c", Runs: []Run{
		{Shard: "0/1", Run: 1, Status: "killed", StartedAt: at(1)},
		{Shard: "0/1", Run: 2, Status: "killed", StartedAt: at(2)},
		{Shard: "0/1", Run: 3, Status: "complete", StartedAt: at(3), EndedAt: at(4)},
	}}
	if got := c.Ended(); !got.Equal(at(4)) {
		t.Errorf("ended %v, want %v", got, at(4))
	}
	// The runs table says a killed run's domains are unknown, not 0.
	r := &Report{Title: "t", Crawl: c}
	if runs := r.view().Crawl.Runs; len(runs) != 3 || runs[0].Domains != "—" || runs[2].Domains != "0" {
		t.Errorf("runs %+v", runs)
	}
	c.Runs = append(c.Runs, Run{Shard: "0/1", Run: 4, Status: "running", StartedAt: at(5)})
	if got := c.Ended(); !got.IsZero() {
		t.Errorf("a crawl with a run still running ended %v", got)
	}
}
