package queries_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestDefaultCrawlIsTheOneThatStartedLast: on rows written for the purpose,
// crawl "old" started first and was resumed (run 2) after crawl "new"
// started. The most recent crawl, every query's default, is "new", the
// one that started last, as changes takes it; resuming a crawl does not
// make it the latest.
func TestDefaultCrawlIsTheOneThatStartedLast(t *testing.T) {
	ctx := context.Background()
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, shard, run, started_at) VALUES
			('old', '0/1', 1, TIMESTAMPTZ '2026-11-01 00:00:00+00'),
			('new', '0/1', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00'),
			('old', '0/1', 2, TIMESTAMPTZ '2026-11-03 00:00:00+00')`,
		`INSERT INTO targets (crawl_id, domain, outcome, reason, soft404_site, http_fallback, scheme) VALUES
			('old', 'a.test', 'ok', '', false, false, 'https'), ('old', 'b.test', 'unreachable', 'dns', false, false, 'https'),
			('new', 'a.test', 'ok', '', false, false, 'https')`,
		`INSERT INTO fetches (crawl_id, domain, location, outcome, reason) VALUES
			('old', 'a.test', 'robots', 'absent', 'status_404'), ('old', 'b.test', 'robots', 'network_error', 'dns'),
			('new', 'a.test', 'robots', 'absent', 'status_404')`,
	)
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range all {
		explicit := map[string]string{"from_crawl": "old", "to_crawl": "new"}
		for _, p := range q.Params {
			if p.Name == "crawl" {
				explicit = map[string]string{"crawl": "new"}
			}
		}
		def, err := q.Run(ctx, db, nil)
		if err != nil {
			t.Fatalf("%s: %v", q.Name, err)
		}
		want, err := q.Run(ctx, db, explicit)
		if err != nil {
			t.Fatalf("%s %v: %v", q.Name, explicit, err)
		}
		if !reflect.DeepEqual(def.Rows, want.Rows) {
			t.Errorf("%s: by default\n%v\nwant the rows of %v\n%v", q.Name, def.Rows, explicit, want.Rows)
		}
	}
	// The check means something: the two crawls' outcomes differ.
	q, err := queries.Get("domain_outcomes")
	if err != nil {
		t.Fatal(err)
	}
	def, _ := q.Run(ctx, db, nil)
	old, _ := q.Run(ctx, db, map[string]string{"crawl": "old"})
	if len(def.Rows) != 1 || len(old.Rows) != 2 {
		t.Errorf("domain_outcomes: %d rows by default (crawl new: 1), %d for crawl old (2)", len(def.Rows), len(old.Rows))
	}
}
