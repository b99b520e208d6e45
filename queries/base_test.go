package queries_test

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// The base tables of one crawl, read row by row so that the tests derive
// every expected figure in Go, independently of the queries' SQL.

type targetRow struct {
	domain, outcome, reason string
	rank                    int64 // 0 when unranked
	soft404, fallback       bool
	parked                  bool
}

type fetchRow struct {
	domain, location, outcome, reason, scheme string
	fallback, downgraded, offsite, truncated  bool
	redirects                                 int64
	digest                                    string
}

type documentRow struct {
	domain, location, format, otherFormat string
	valid, usable                         bool
	warnings                              int64
	digest, parserVersion, effective      string
}

type diagnosticRow struct {
	domain, location, format, code, severity, spec string
	line                                           int64
}

type stanceRow struct {
	domain, token, operator, stance, applies string
}

// key names one file: a domain's location.
type key struct{ domain, location string }

// crawlData is every base row of one crawl.
type crawlData struct {
	targets     map[string]targetRow
	fetches     map[key]fetchRow
	documents   map[key]documentRow
	diagnostics []diagnosticRow
	stance      []stanceRow
	formats     formatData
}

// hasFile reports whether a fetch outcome delivered a file.
func hasFile(outcome string) bool {
	switch outcome {
	case "present", "redirected", "downgraded", "too_large":
		return true
	}
	return false
}

// inFormatRobots reports whether a document is a robots.txt file in the
// format, the files the stance queries count.
func (c *crawlData) inFormatRobots(domain string) bool {
	d, ok := c.documents[key{domain, "robots"}]
	return ok && d.otherFormat == ""
}

func loadCrawl(t *testing.T, db *sql.DB, crawl string) *crawlData {
	t.Helper()
	c := &crawlData{targets: map[string]targetRow{}, fetches: map[key]fetchRow{}, documents: map[key]documentRow{}}
	for _, r := range mustExec(t, db, `SELECT domain, outcome, reason, coalesce(rank, 0), soft404_site, http_fallback,
		coalesce(parked, false) FROM targets WHERE crawl_id = ?`, crawl).Rows {
		tr := targetRow{domain: str(r[0]), outcome: str(r[1]), reason: str(r[2]), rank: r[3].(int64),
			soft404: r[4].(bool), fallback: r[5].(bool), parked: r[6].(bool)}
		if _, dup := c.targets[tr.domain]; dup {
			t.Fatalf("crawl %s: domain %s twice in targets", crawl, tr.domain)
		}
		c.targets[tr.domain] = tr
	}
	for _, r := range mustExec(t, db, `SELECT domain, location, outcome, reason, scheme, http_fallback, downgraded,
		offsite, len(redirects), coalesce(body_digest, ''), truncated FROM fetches WHERE crawl_id = ?`, crawl).Rows {
		f := fetchRow{domain: str(r[0]), location: str(r[1]), outcome: str(r[2]), reason: str(r[3]), scheme: str(r[4]),
			fallback: r[5].(bool), downgraded: r[6].(bool), offsite: r[7].(bool), redirects: r[8].(int64), digest: str(r[9]),
			truncated: r[10].(bool)}
		c.fetches[key{f.domain, f.location}] = f
	}
	for _, r := range mustExec(t, db, `SELECT domain, location, format, coalesce(other_format, ''), valid, usable,
		warnings, coalesce(body_digest, ''), parser_version, effective FROM documents WHERE crawl_id = ?`, crawl).Rows {
		d := documentRow{domain: str(r[0]), location: str(r[1]), format: str(r[2]), otherFormat: str(r[3]),
			valid: r[4].(bool), usable: r[5].(bool), warnings: int64(r[6].(int32)), digest: str(r[7]), parserVersion: str(r[8]), effective: str(r[9])}
		c.documents[key{d.domain, d.location}] = d
	}
	for _, r := range mustExec(t, db, `SELECT domain, location, format, code, severity, spec, line::BIGINT
		FROM diagnostics WHERE crawl_id = ?`, crawl).Rows {
		c.diagnostics = append(c.diagnostics, diagnosticRow{str(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5]), r[6].(int64)})
	}
	for _, r := range mustExec(t, db, `SELECT domain, token, operator, stance, applies
		FROM ai_stance WHERE crawl_id = ? AND location = 'robots'`, crawl).Rows {
		c.stance = append(c.stance, stanceRow{str(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])})
	}
	for k, d := range c.documents {
		// The queries count documents as files delivered: check it.
		if f, ok := c.fetches[k]; !ok || !hasFile(f.outcome) {
			t.Fatalf("crawl %s: a %s document for %s %s, whose fetch delivered no file (%s)", crawl, d.format, k.domain, k.location, f.outcome)
		}
	}
	c.formats = loadFormats(t, db, crawl)
	if len(c.targets) == 0 || len(c.fetches) == 0 || len(c.documents) == 0 {
		t.Fatalf("crawl %s: %d targets, %d fetches, %d documents", crawl, len(c.targets), len(c.fetches), len(c.documents))
	}
	return c
}

func mustExec(t *testing.T, db *sql.DB, query string, args ...any) *queries.Result {
	t.Helper()
	res, err := queries.Exec(context.Background(), db, query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return res
}

// table is a query result addressed by column name.
type table struct {
	cols map[string]int
	rows [][]any
}

func newTable(t *testing.T, r *queries.Result) table {
	t.Helper()
	tb := table{cols: map[string]int{}, rows: r.Rows}
	for i, c := range r.Columns {
		if _, dup := tb.cols[c]; dup {
			t.Fatalf("column %s twice", c)
		}
		tb.cols[c] = i
	}
	return tb
}

// get returns column col of row i; a missing column fails the test.
func (tb table) get(t *testing.T, i int, col string) any {
	t.Helper()
	j, ok := tb.cols[col]
	if !ok {
		t.Fatalf("no column %s (columns %v)", col, tb.cols)
	}
	return tb.rows[i][j]
}

func (tb table) str(t *testing.T, i int, col string) string {
	t.Helper()
	return str(tb.get(t, i, col))
}

func (tb table) num(t *testing.T, i int, col string) int64 {
	t.Helper()
	v := tb.get(t, i, col)
	n, ok := v.(int64)
	if !ok {
		t.Fatalf("row %d column %s: %T %v, want a count", i, col, v, v)
	}
	return n
}

// counts returns the named count columns of row i.
func (tb table) counts(t *testing.T, i int, cols ...string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, c := range cols {
		out[c] = tb.num(t, i, c)
	}
	return out
}

func str(v any) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// pct is a share as the queries round it: a percentage with two decimals.
func pct(n, of int64) float64 {
	if of == 0 {
		return 0
	}
	return math.Round(10000*float64(n)/float64(of)) / 100
}

// checkPct asserts that column col of row i is the percentage n of of.
func (tb table) checkPct(t *testing.T, i int, col string, n, of int64) {
	t.Helper()
	got, ok := tb.get(t, i, col).(float64)
	if !ok {
		t.Errorf("row %d %s: %T, want a float", i, col, tb.get(t, i, col))
		return
	}
	if want := pct(n, of); math.Abs(got-want) > 0.0051 {
		t.Errorf("row %d %s = %v, want %v (100 * %d / %d)", i, col, got, want, n, of)
	}
}

// joinKey builds a map key of several parts.
func joinKey(parts ...string) string { return strings.Join(parts, "\x00") }
