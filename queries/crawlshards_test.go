package queries_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestCrawlShards: crawl_shards, from which survey query, survey report and
// the notebooks say a crawl is incomplete, on rows written for the
// purpose. A resumed shard's last run decides its status, and its domains
// are unknown when one of its runs recorded no end; a shard another
// shard's count names and the database lacks is missing, with counts of 2
// and 4 told apart; a killed last run has not ended; and whole is true
// only for the crawl whose every shard is there and complete. A run's
// rows as the Parquet files hold them (the row written when it started and
// the row written when it ended, or by the next --resume) count once.
func TestCrawlShards(t *testing.T) {
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, shard, run, started_at, ended_at, status, domains) VALUES
			('whole', '0/1', 1, TIMESTAMPTZ '2026-11-01 00:00:00+00', TIMESTAMPTZ '2026-11-01 01:00:00+00', 'interrupted', 40),
			('whole', '0/1', 2, TIMESTAMPTZ '2026-11-01 02:00:00+00', NULL, 'running', 0),
			('whole', '0/1', 2, TIMESTAMPTZ '2026-11-01 02:00:00+00', NULL, 'killed', 0),
			('whole', '0/1', 3, TIMESTAMPTZ '2026-11-01 03:00:00+00', NULL, 'running', 0),
			('whole', '0/1', 3, TIMESTAMPTZ '2026-11-01 03:00:00+00', TIMESTAMPTZ '2026-11-01 04:00:00+00', 'complete', 60),
			('part', '1/4', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', TIMESTAMPTZ '2026-11-02 01:00:00+00', 'complete', 25),
			('part', '3/4', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', NULL, 'running', 0),
			('part', '0/2', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', TIMESTAMPTZ '2026-11-02 01:00:00+00', 'complete', 50),
			('part', '1/2', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', TIMESTAMPTZ '2026-11-02 01:00:00+00', 'complete', 50)`,
	)
	q, err := queries.Get("crawl_shards")
	if err != nil {
		t.Fatal(err)
	}
	rows := func(crawl string) string {
		res, err := q.Run(context.Background(), db, map[string]string{"crawl": crawl})
		if err != nil {
			t.Fatalf("crawl %s: %v", crawl, err)
		}
		var out []string
		for _, r := range res.Rows {
			out = append(out, strings.TrimSuffix(fmt.Sprintln(r...), "\n"))
		}
		return strings.Join(out, "\n")
	}
	for _, c := range []struct{ crawl, want string }{
		{"whole", "0/1 complete 3 3 true <nil> true"},
		{"part", strings.Join([]string{
			"0/2 complete 1 1 true 50 false",
			"1/2 complete 1 1 true 50 false",
			"0/4 missing 0 <nil> false 0 false",
			"1/4 complete 1 1 true 25 false",
			"2/4 missing 0 <nil> false 0 false",
			"3/4 running 1 1 false <nil> false",
		}, "\n")},
	} {
		if got := rows(c.crawl); got != c.want {
			t.Errorf("crawl %s:\n%s\nwant\n%s", c.crawl, got, c.want)
		}
	}
}

// TestCrawlShardsReader: CrawlShards reads the rows crawl_shards returns,
// a missing shard's null last_run and a killed run's unknown domains
// included, and Whole agrees with the
// query's whole column.
func TestCrawlShardsReader(t *testing.T) {
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, shard, run, started_at, ended_at, status, domains) VALUES
			('a', '0/1', 1, TIMESTAMPTZ '2026-11-01 00:00:00+00', TIMESTAMPTZ '2026-11-01 01:00:00+00', 'complete', 7),
			('b', '1/2', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', NULL, 'running', 0)`,
	)
	ctx := context.Background()
	a, err := queries.CrawlShards(ctx, db, "a")
	if err != nil {
		t.Fatal(err)
	}
	if want := []queries.ShardState{{Shard: "0/1", Status: "complete", Runs: 1, LastRun: 1, Ended: true, Domains: 7}}; !slices.Equal(a, want) || !queries.Whole(a) {
		t.Errorf("crawl a: %+v (whole %v), want %+v (whole)", a, queries.Whole(a), want)
	}
	b, err := queries.CrawlShards(ctx, db, "") // the most recent
	if err != nil {
		t.Fatal(err)
	}
	want := []queries.ShardState{{Shard: "0/2", Status: "missing"}, {Shard: "1/2", Status: "running", Runs: 1, LastRun: 1, Domains: -1}}
	if !slices.Equal(b, want) || queries.Whole(b) || !b[0].Missing() {
		t.Errorf("the most recent crawl: %+v (whole %v), want %+v, not whole", b, queries.Whole(b), want)
	}
	if _, err := queries.CrawlShards(ctx, db, "c"); err == nil || !strings.Contains(err.Error(), "no crawl 'c'") {
		t.Errorf("a crawl the database does not hold: error %v", err)
	}
}
