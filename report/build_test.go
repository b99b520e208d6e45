package report

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// TestReportOfSimulatedWeb builds a dataset by crawling the simulated web
// twice, and checks the report of it: figures against the named queries
// and the base tables, the crawl and its methodology, every section's
// chart, and the page in Chromium.
func TestReportOfSimulatedWeb(t *testing.T) {
	db, path := simDataset(t)
	ctx := context.Background()
	r, err := Build(ctx, db, Options{})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("crawl", func(t *testing.T) {
		c := r.Crawl
		if c.ID != "sim-b" || len(c.Runs) != 1 || c.Domains != 400 || c.Runs[0].SeedsRead != 400 || c.Runs[0].Status != "complete" {
			t.Errorf("crawl %s: %d runs, %d domains, run %+v", c.ID, len(c.Runs), c.Domains, c.Runs)
		}
		if got := count(t, db, `SELECT count(*) FROM targets WHERE crawl_id = 'sim-b' AND outcome = 'ok'`); c.Reachable != got {
			t.Errorf("reachable %d, want %d", c.Reachable, got)
		}
		if !c.Started().Before(c.Ended()) {
			t.Errorf("started %v, ended %v", c.Started(), c.Ended())
		}
		limits := map[string]string{}
		for _, l := range c.Limits() {
			limits[l.Name] = l.Value
		}
		// simcrawl sets the timeouts and leaves the body cap to the default.
		for name, want := range map[string]string{
			"Body cap": "1 MiB (1,048,576 bytes) (the default)", "Request timeout": "5s", "Domain deadline": "40s",
			"Consecutive timeouts per host": "1", "Redirects followed": "5 hops",
		} {
			if limits[name] != want {
				t.Errorf("limit %s = %q, want %q", name, limits[name], want)
			}
		}
		opts := map[string]string{}
		for _, o := range c.Options() {
			opts[o.Name] = o.Value
		}
		if opts["timeout"] != "5s" || opts["concurrency"] != "128" || !strings.HasPrefix(opts["locations"], "robots, canary, agents-txt") {
			t.Errorf("options %v", opts)
		}
	})

	t.Run("headlines", func(t *testing.T) {
		got := map[string]Headline{}
		for _, h := range r.Headlines {
			got[h.Label] = h
		}
		adoption := run(t, db, "adoption", "sim-b")
		validity := run(t, db, "measurement_validity", "sim-b")
		var robots, inFormat, valid, fetches, failed int64
		for _, row := range adoption.rows {
			if row["location"] == "robots" {
				robots = row.int("in_format")
			}
			if row["location"] != "home" {
				inFormat += row.int("in_format")
				valid += row.int("valid")
			}
		}
		for _, row := range validity.rows {
			if row["location"] == "canary" {
				continue
			}
			fetches += row.int("fetches")
			failed += row.int("blocked") + row.int("server_error") + row.int("timeout") + row.int("network_error") + row.int("redirect_error")
		}
		policy := count(t, db, `
SELECT count(*) FROM targets t WHERE crawl_id = 'sim-b' AND outcome = 'ok' AND EXISTS (
  SELECT 1 FROM fetches f JOIN documents d USING (crawl_id, domain, location)
  WHERE f.crawl_id = t.crawl_id AND f.domain = t.domain AND f.location IN ('agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'autoctl')
    AND f.outcome IN ('present', 'redirected', 'downgraded', 'too_large') AND d.other_format = '')`)
		parked := count(t, db, `SELECT count(*) FROM targets WHERE crawl_id = 'sim-b' AND outcome = 'ok' AND parked`)
		for label, want := range map[string][2]int64{
			"Domains crawled":              {400, 0},
			"Reachable domains":            {r.Crawl.Reachable, 400},
			"Parked domains":               {parked, r.Crawl.Reachable},
			"Publish robots.txt":           {robots, r.Crawl.Reachable},
			"Publish an agent-policy file": {policy, r.Crawl.Reachable},
			"Files without errors":         {valid, inFormat},
			"Fetches blocked or failed":    {failed, fetches},
		} {
			h, ok := got[label]
			if !ok {
				t.Errorf("no headline %q", label)
				continue
			}
			if h.Value != want[0] || h.Of != want[1] {
				t.Errorf("%s: %d of %d, want %d of %d", label, h.Value, h.Of, want[0], want[1])
			}
		}
		if fetches != 400*12 || robots == 0 || policy == 0 || failed == 0 {
			t.Errorf("the simulated web should give every kind of figure: %d fetches, %d robots, %d policies, %d failed", fetches, robots, policy, failed)
		}
	})

	t.Run("outcomes", func(t *testing.T) {
		var sum int64
		for _, o := range r.Outcomes {
			if o.Outcome.Description() == "" {
				t.Errorf("outcome %s has no definition", o.Outcome)
			}
			sum += o.Fetches
		}
		if want := count(t, db, `SELECT count(*) FROM fetches WHERE crawl_id = 'sim-b' AND location <> 'canary'`); sum != want {
			t.Errorf("outcome counts sum to %d, want %d", sum, want)
		}
	})

	t.Run("sections", func(t *testing.T) {
		for _, p := range r.Problems() {
			t.Errorf("problem: %s", p)
		}
		all, err := queries.All()
		if err != nil {
			t.Fatal(err)
		}
		declared := map[string]bool{}
		for _, s := range Sections() {
			declared[s.Query] = true
		}
		for _, s := range r.Sections {
			if s.Err != nil || s.Result == nil {
				continue
			}
			if len(s.Result.Rows) == 0 {
				t.Logf("section %q: no rows on the simulated web", s.Section.Title)
				continue
			}
			for _, c := range s.Section.Columns {
				if !slices.Contains(s.Result.Columns, c) {
					t.Errorf("section %q: the table's column %q is not in the result (columns: %s)", s.Section.Title, c, strings.Join(s.Result.Columns, ", "))
				}
			}
			if s.Section.Chart.Kind == NoChart {
				continue
			}
			d, err := chartDataOf(s.Section.Chart, s.Result)
			if err != nil {
				t.Errorf("section %q: %v", s.Section.Title, err)
				continue
			}
			if len(d.categories) == 0 {
				t.Errorf("section %q: the chart draws nothing of %d rows", s.Section.Title, len(s.Result.Rows))
			}
		}
		for _, q := range all {
			if !declared[q.Name] {
				t.Errorf("query %s has no entry in Sections(): the report shows it as a bare table titled %q", q.Name, q.Name)
			}
		}
	})

	t.Run("changes", func(t *testing.T) {
		// The sections comparing crawls compare sim-b with sim-a, the crawl
		// that started before it, and say so in their commands.
		view := r.view()
		for i, s := range r.Sections {
			if s.Section.Query != "changes" && s.Section.Query != "changes_detail" {
				continue
			}
			if s.NotRun != "" || s.Params["from_crawl"] != "sim-a" || s.Params["to_crawl"] != "sim-b" {
				t.Errorf("section %q: params %v, not run: %q", s.Section.Title, s.Params, s.NotRun)
			}
			if s.Section.Query == "changes" && s.Section.Chart.Kind != Bar {
				t.Errorf("changes: a %s; the kinds of change overlap, so their bars cannot be stacked", s.Section.Chart.Kind)
			}
			if s.Section.Query != "changes_detail" || s.Result == nil {
				continue
			}
			// Two webs of different seeds differ in more files than the table shows.
			tv := view.Sections[i].Table
			all := "survey query changes_detail --param from_crawl=sim-a --param to_crawl=sim-b prints them all"
			if len(s.Result.Rows) != 51 || tv == nil || tv.Caption != "Result of survey query changes_detail: more than 50 rows." ||
				!strings.Contains(tv.Note, all) {
				t.Errorf("changes_detail: %d rows, table %+v; want 51 rows read, more than 50 said, and %q", len(s.Result.Rows), tv, all)
			}
		}
	})

	t.Run("earlier crawl", func(t *testing.T) {
		a, err := Build(ctx, db, Options{CrawlID: "sim-a", Title: "First"})
		if err != nil {
			t.Fatal(err)
		}
		if a.Crawl.ID != "sim-a" || a.Title != "First" {
			t.Errorf("crawl %s, title %q", a.Crawl.ID, a.Title)
		}
		for _, s := range a.Sections {
			for name, v := range s.Params {
				if (name == "crawl" || name == "to_crawl") && v != "sim-a" {
					t.Errorf("section %q ran with %s=%s", s.Section.Title, name, v)
				}
			}
		}
		// No crawl started before sim-a: the sections comparing crawls say
		// there is nothing to compare instead of a comparison of sim-a with
		// itself, all zeros, as if nothing had changed.
		view := a.view()
		for i, s := range a.Sections {
			compares := s.Section.Query == "changes" || s.Section.Query == "changes_detail"
			note := view.Sections[i].Note
			if compares != strings.Contains(note, "no crawl that started before crawl sim-a") || compares != (s.Result == nil) {
				t.Errorf("section %q: note %q, %v result", s.Section.Title, note, s.Result != nil)
			}
		}
		if p := a.Problems(); len(p) != 0 {
			t.Errorf("problems %v; a database of one crawl before the other is no problem", p)
		}
	})

	t.Run("resumed crawl", func(t *testing.T) {
		// sim-a resumed (a second run) after sim-b started: sim-b is still
		// the crawl that started last, the report's default as the
		// queries', and sim-a the one before it.
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		resumed := filepath.Join(t.TempDir(), "resumed.duckdb")
		if err := os.WriteFile(resumed, b, 0o644); err != nil {
			t.Fatal(err)
		}
		rw, err := sql.Open("duckdb", resumed)
		if err != nil {
			t.Fatal(err)
		}
		defer rw.Close()
		if _, err := rw.Exec(`INSERT INTO crawls SELECT * REPLACE (2 AS run, started_at + INTERVAL 1 DAY AS started_at,
			ended_at + INTERVAL 1 DAY AS ended_at) FROM crawls WHERE crawl_id = 'sim-a'`); err != nil {
			t.Fatal(err)
		}
		id, err := latestCrawl(ctx, rw)
		if err != nil || id != "sim-b" {
			t.Errorf("latest crawl %q, %v; want sim-b", id, err)
		}
		if prev, err := previousCrawl(ctx, rw, "sim-b"); err != nil || prev != "sim-a" {
			t.Errorf("crawl before sim-b: %q, %v; want sim-a", prev, err)
		}
		if ids, err := crawlIDs(ctx, rw); err != nil || strings.Join(ids, ", ") != "sim-b, sim-a" {
			t.Errorf("crawls %v, %v; want sim-b, sim-a", ids, err)
		}
		q, err := queries.Get("domain_outcomes")
		if err != nil {
			t.Fatal(err)
		}
		def, err := q.Run(ctx, rw, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := q.Run(ctx, rw, map[string]string{"crawl": "sim-b"})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(def.Rows, want.Rows, func(a, b []any) bool { return slices.Equal(a, b) }) {
			t.Errorf("the query's default is not sim-b, the report's")
		}
	})

	t.Run("unknown crawl", func(t *testing.T) {
		_, err := Build(ctx, db, Options{CrawlID: "nope"})
		if err == nil || err.Error() != `no crawl "nope" in the database (crawls: sim-b, sim-a)` {
			t.Errorf("error %v", err)
		}
	})

	t.Run("left out", func(t *testing.T) {
		if len(r.Crawl.LeftOut) != 0 || r.Crawl.LeftOutSummary() != "" {
			t.Errorf("a healthy build left out %v", r.Crawl.LeftOut)
		}
		// A copy of the database, as survey merge --skip-damaged records
		// two damaged batches of sim-b and one of sim-a.
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		damaged := filepath.Join(t.TempDir(), "damaged.duckdb")
		if err := os.WriteFile(damaged, b, 0o644); err != nil {
			t.Fatal(err)
		}
		rw, err := sql.Open("duckdb", damaged)
		if err != nil {
			t.Fatal(err)
		}
		defer rw.Close()
		if _, err := rw.Exec(`UPDATE schema_info SET value = '[{"part": "p1", "crawl_id": "sim-b", "domains": 1200},
			{"part": "p2", "crawl_id": "sim-b", "domains": null}, {"part": "p3", "crawl_id": "sim-a", "domains": 5}]'
			WHERE key = 'damaged_parts'`); err != nil {
			t.Fatal(err)
		}
		var page strings.Builder
		d, err := Write(ctx, &page, rw, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := []LeftOutBatch{{Part: "p1", Domains: 1200}, {Part: "p2", Domains: -1}}
		if !slices.Equal(d.Crawl.LeftOut, want) {
			t.Errorf("left out %v, want %v", d.Crawl.LeftOut, want)
		}
		if s := "2 batches of committed domains (at least 1,200 domains) left out"; !strings.Contains(page.String(), s) {
			t.Errorf("the methodology does not say %q", s)
		}
	})

	t.Run("chromium", func(t *testing.T) { checkInChromium(t, r) })
}

func TestEmptyDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(context.Background(), path, []string{dir}, nil, sink.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	db, err := sink.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = Build(context.Background(), db, Options{})
	if err == nil || err.Error() != "the database holds no crawl (the crawls table is empty)" {
		t.Errorf("error %v", err)
	}
}

// count runs a query returning one integer.
func count(t *testing.T, db *sql.DB, query string) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// namedRows is a named query's result as rows keyed by column.
type namedRows struct{ rows []rowMap }

type rowMap map[string]any

func (r rowMap) int(col string) int64 {
	f, _, ok := number(r[col])
	if !ok {
		return 0
	}
	return int64(f)
}

// run runs a named query for a crawl.
func run(t *testing.T, db *sql.DB, name, crawl string) namedRows {
	t.Helper()
	q, err := queries.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Run(context.Background(), db, map[string]string{"crawl": crawl})
	if err != nil {
		t.Fatal(err)
	}
	var out namedRows
	for _, row := range res.Rows {
		m := rowMap{}
		for i, c := range res.Columns {
			m[c] = row[i]
		}
		out.rows = append(out.rows, m)
	}
	return out
}
