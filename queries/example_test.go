package queries_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestDiagnosticsExample checks how the diagnostics query picks each code's
// example file on rows written for the purpose (the simulated web has no
// file with a code both on its lines and on the whole file): the most
// popular site first (lowest rank, unranked last, then domain), and in
// that file the first line with the code, a whole-file row (line 0) only
// when the code has no other.
func TestDiagnosticsExample(t *testing.T) {
	ctx := context.Background()
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, started_at) VALUES ('c', TIMESTAMPTZ '2026-11-26 00:00:00+00')`,
		`INSERT INTO targets (crawl_id, domain, rank) VALUES ('c', 'a.test', 5), ('c', 'b.test', 2), ('c', 'y.test', NULL), ('c', 'z.test', NULL)`,
		`INSERT INTO documents (crawl_id, domain, location, format)
			SELECT 'c', domain, 'robots', 'robots' FROM targets`,
		`INSERT INTO diagnostics (crawl_id, domain, location, format, code, severity, spec, line) VALUES
			('c', 'a.test', 'robots', 'robots', 'robots.x', 'warning', 'RFC 9309 §2.2', 7),
			('c', 'b.test', 'robots', 'robots', 'robots.x', 'warning', 'RFC 9309 §2.2', 9),
			('c', 'b.test', 'robots', 'robots', 'robots.x', 'warning', 'RFC 9309 §2.2', 0),
			('c', 'b.test', 'robots', 'robots', 'robots.x', 'warning', 'RFC 9309 §2.2', 3),
			('c', 'z.test', 'robots', 'robots', 'robots.y', 'info', 'RFC 9309 §2.1', 4),
			('c', 'y.test', 'robots', 'robots', 'robots.y', 'info', 'RFC 9309 §2.1', 0),
			('c', 'z.test', 'robots', 'robots', 'robots.w', 'error', 'RFC 9309 §2.3', 1),
			('c', 'a.test', 'robots', 'robots', 'robots.w', 'error', 'RFC 9309 §2.3', 2)`,
	)
	q, err := queries.Get("diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Run(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, c := range res.Columns {
		col[c] = i
	}
	got := map[string]string{}
	for _, r := range res.Rows {
		got[fmt.Sprint(r[col["code"]])] = fmt.Sprint(r[col["example_domain"]], " ", r[col["example_location"]], " ", r[col["example_line"]])
	}
	want := map[string]string{
		"robots.x": "b.test robots 3", // rank 2 before rank 5; line 3 before 9, and before the whole-file row
		"robots.y": "y.test robots 0", // both unranked: the first domain, whose only row is the whole file
		"robots.w": "a.test robots 2", // a ranked site before an unranked one
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("examples %v, want %v", got, want)
	}
}
