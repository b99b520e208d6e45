package queries_test

import (
	"context"
	"database/sql"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
)

// The two crawls of the test dataset: two simulated webs of different
// seeds (the same domain names, different sites) crawled into one
// directory, so that the change queries find changes.
const (
	firstCrawl  = "first"
	secondCrawl = "second"
	testSites   = 1200 // past rank 1,000, so that two rank bands exist
)

// crawlCheck checks a query's result on one crawl against the base rows.
type crawlCheck func(t *testing.T, tb table, c *crawlData)

// changeCheck checks a change query's result against the base rows of the
// two crawls it compares.
type changeCheck func(t *testing.T, tb table, from, to *crawlData)

// TestQueriesOnTwoSimulatedCrawls crawls two simulated webs into one
// dataset and runs every named query on it: each must return rows, keep
// its percentages within 0–100, order its rows the same way twice, and
// agree with the figures derived here from the base tables.
func TestQueriesOnTwoSimulatedCrawls(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls two simulated webs")
	}
	dir := t.TempDir()
	if _, err := simcrawl.Build(dir, simcrawl.Options{Sites: testSites, Seed: 1, CrawlID: firstCrawl, Ranked: true}); err != nil {
		t.Fatal(err)
	}
	db := simcrawl.OpenIn(t, dir, simcrawl.Options{Sites: testSites, Seed: 2, CrawlID: secondCrawl, Ranked: true})
	data := map[string]*crawlData{firstCrawl: loadCrawl(t, db, firstCrawl), secondCrawl: loadCrawl(t, db, secondCrawl)}

	crawlChecks := map[string]crawlCheck{
		"adoption":               checkAdoption,
		"adoption_by_rank":       checkAdoptionByRank,
		"validity":               checkValidity,
		"diagnostics":            checkDiagnostics,
		"conformance_by_section": checkConformanceBySection,
		"measurement_validity":   checkMeasurementValidity,
		"bot_walls":              checkBotWalls,
		"domain_outcomes":        checkDomainOutcomes,
		"domain_schemes":         checkDomainSchemes,
		"file_transport":         checkFileTransport,
		"ai_crawler_stance":      checkAICrawlerStance,
		"ai_operator_stance":     checkAIOperatorStance,
		"agents_txt_hash":        checkAgentsTxtHash,
		"agent_feeds":            checkAgentFeeds,
		"agents_md_fields":       checkAgentsMDFields,
		"agents_md_values":       checkAgentsMDValues,
		"ai_signals":             checkAISignals,
		"crawl_shards":           checkCrawlShards,
		"agent_cards":            checkAgentCards,
		"policy_links":           checkPolicyLinks,
	}
	changeChecks := map[string]changeCheck{
		"changes":        checkChanges,
		"changes_detail": checkChangesDetail,
	}
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range all {
		t.Run(q.Name, func(t *testing.T) {
			cc, isCrawl := crawlChecks[q.Name]
			ch, isChange := changeChecks[q.Name]
			if !isCrawl && !isChange {
				t.Fatalf("no check of %s's values in this test: add one", q.Name)
			}
			// The defaults: the most recent crawl, or the two most recent.
			def := run(t, db, q, nil)
			if len(def.rows) == 0 {
				t.Fatalf("no row with the default parameters")
			}
			if again := run(t, db, q, nil); !reflect.DeepEqual(again.rows, def.rows) {
				t.Errorf("a second run returned the rows in another order or with other values")
			}
			checkExport(t, db, q)
			for _, p := range q.Params {
				if !strings.Contains(p.Name, "crawl") {
					continue
				}
				_, err := q.Run(context.Background(), db, map[string]string{p.Name: "nope"})
				if want := "no crawl 'nope' in the database (its crawls: first, second)"; err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s=nope: %v, want an error saying %q", p.Name, err, want)
				}
			}
			if isCrawl {
				cc(t, def, data[secondCrawl])
				first := run(t, db, q, map[string]string{"crawl": firstCrawl})
				if len(first.rows) == 0 {
					t.Fatalf("no row for crawl %s", firstCrawl)
				}
				cc(t, first, data[firstCrawl])
				return
			}
			ch(t, def, data[firstCrawl], data[secondCrawl])
			// Explicit crawls, both ways round.
			ch(t, run(t, db, q, map[string]string{"from_crawl": secondCrawl, "to_crawl": firstCrawl}), data[secondCrawl], data[firstCrawl])
			// A crawl compared with itself: no change, and the summary
			// still has its rows.
			self := run(t, db, q, map[string]string{"from_crawl": firstCrawl, "to_crawl": firstCrawl})
			ch(t, self, data[firstCrawl], data[firstCrawl])
			if q.Name == "changes" && len(self.rows) == 0 {
				t.Errorf("comparing a crawl with itself returned no row")
			}
		})
	}
}

// checkExport exports q's result with its defaults to Parquet and to CSV:
// each file holds the rows Run returns, in its order (compared as CSV).
func checkExport(t *testing.T, db *sql.DB, q queries.Query) {
	t.Helper()
	ctx := context.Background()
	res, err := q.Run(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err := res.Write(&want, "csv"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{q.Name + ".parquet", q.Name + ".csv"} {
		path := filepath.Join(dir, name)
		n, err := q.Export(ctx, db, nil, path)
		if err != nil || n != int64(len(res.Rows)) {
			t.Errorf("export to %s: %d rows, %v; the query returns %d", name, n, err, len(res.Rows))
			continue
		}
		// DuckDB writes an empty string "" and NULL an empty field; its
		// reader tells them apart only when asked to.
		read := "read_parquet('" + path + "')"
		if filepath.Ext(name) == ".csv" {
			read = "read_csv('" + path + "', allow_quoted_nulls = false)"
		}
		back, err := queries.Exec(ctx, db, "SELECT * FROM "+read)
		if err != nil {
			t.Errorf("reading %s back: %v", name, err)
			continue
		}
		var got strings.Builder
		if err := back.Write(&got, "csv"); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s read back differs from the query's result:\n%s\nwant:\n%s", name, firstLines(got.String()), firstLines(want.String()))
		}
	}
}

// firstLines returns the first lines of s, for a message.
func firstLines(s string) string {
	lines := strings.SplitN(s, "\n", 6)
	return strings.Join(lines[:min(5, len(lines))], "\n")
}

// run runs q and checks what every result must satisfy: every pct_
// column is a percentage, or NULL when its denominator is zero.
func run(t *testing.T, db *sql.DB, q queries.Query, params map[string]string) table {
	t.Helper()
	res, err := q.Run(context.Background(), db, params)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, res)
	for c, j := range tb.cols {
		if !strings.HasPrefix(c, "pct_") {
			continue
		}
		for i, row := range tb.rows {
			if row[j] == nil {
				continue // a share of nothing
			}
			v, ok := row[j].(float64)
			if !ok || v < 0 || v > 100 {
				t.Errorf("%v: row %d %s = %v (%T), want a percentage", params, i, c, row[j], row[j])
			}
		}
	}
	return tb
}

// eqCounts compares the counts of one row with the expected ones.
func eqCounts(t *testing.T, what string, got, want map[string]int64) {
	t.Helper()
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if got[k] != want[k] {
			t.Errorf("%s: %s = %d, want %d", what, k, got[k], want[k])
		}
	}
}

// checkRowKeys asserts that the result has exactly the expected row keys.
func checkRowKeys[V any](t *testing.T, got []string, want map[string]V) {
	t.Helper()
	wantKeys := slices.Sorted(maps.Keys(want))
	slices.Sort(got)
	if !slices.Equal(got, wantKeys) {
		t.Errorf("rows %q, want %q", got, wantKeys)
	}
}

// locationOrder is the crawl order of the locations the queries follow.
func locationOrder() []string {
	return []string{"robots", "agents-txt", "agents-md", "agents-md-wk", "agent-feed", "did",
		"agent-card", "autoctl", "llms-txt", "tdmrep", "ai-txt", "home", "canary"}
}

// formatOrder is the registry order of the formats the queries follow.
func formatOrder() []string {
	return []string{"robots", "agents-txt", "agents-md", "agent-feed", "did", "agent-card",
		"autoctl", "llms-txt", "tdmrep", "ai-txt", "homepage"}
}

// checkOrder asserts that column col follows order, from its first row on.
func checkOrder(t *testing.T, tb table, col string, order []string) {
	t.Helper()
	last := -1
	for i := range tb.rows {
		p := slices.Index(order, tb.str(t, i, col))
		if p < last {
			t.Errorf("row %d: %s %s out of order", i, col, tb.str(t, i, col))
		}
		last = p
	}
}
