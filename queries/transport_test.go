package queries_test

import (
	"context"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestFileTransportFlags checks file_transport on fetches written for the
// purpose with the flag combinations the simulated web does not serve:
// a body over the cap reached through an off-site redirect (outcome
// redirected, which takes precedence over too_large, docs/outcomes.md) is
// truncated all the same, and a chain that went from HTTPS to HTTP and
// back counts as downgraded though its file came over HTTPS.
func TestFileTransportFlags(t *testing.T) {
	ctx := context.Background()
	hop := `[{'url': 'https://x/robots.txt', 'status': 301, 'location': 'http://x/robots.txt'}]`
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, started_at) VALUES ('c', TIMESTAMPTZ '2026-11-26 00:00:00+00')`,
		`INSERT INTO targets (crawl_id, domain, outcome) VALUES ('c', 'a.test', 'ok'), ('c', 'b.test', 'ok'), ('c', 'c.test', 'ok'), ('c', 'd.test', 'ok')`,
		`INSERT INTO fetches (crawl_id, domain, location, scheme, http_fallback, redirects, truncated, offsite, downgraded, outcome) VALUES
			('c', 'a.test', 'robots', 'https', false, []::STRUCT(url VARCHAR, status INTEGER, location VARCHAR)[], true, false, false, 'too_large'),
			('c', 'b.test', 'robots', 'https', false, `+hop+`, true, true, false, 'redirected'),
			('c', 'c.test', 'robots', 'https', false, `+hop+`, false, false, true, 'downgraded'),
			('c', 'd.test', 'robots', 'http', false, `+hop+`, false, false, true, 'downgraded')`,
		`INSERT INTO documents (crawl_id, domain, location, format, usable)
			SELECT 'c', domain, 'robots', 'robots', false FROM targets`,
	)
	q, err := queries.Get("file_transport")
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Run(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, res)
	if len(tb.rows) != 1 {
		t.Fatalf("%d rows, want robots's", len(tb.rows))
	}
	eqCounts(t, "robots", tb.counts(t, 0, "files", "https", "http", "downgraded", "via_redirect", "offsite", "truncated"),
		map[string]int64{"files": 4, "https": 3, "http": 1, "downgraded": 2, "via_redirect": 3, "offsite": 1, "truncated": 2})
	tb.checkPct(t, 0, "pct_truncated", 2, 4)
}
