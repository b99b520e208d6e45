package main

import (
	"database/sql"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
)

// TestIncompleteCrawls: the crawls a database does not hold whole (a
// shard whose last run did not complete, shards missing) are named, with
// why; a crawl resumed to completion, and a complete sharded crawl, are
// not.
func TestIncompleteCrawls(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db.duckdb")
	duckDBWith(t, path, `CREATE TABLE crawls (crawl_id VARCHAR, shard VARCHAR, run INTEGER, status VARCHAR,
			started_at TIMESTAMPTZ DEFAULT TIMESTAMPTZ '2026-11-01 00:00:00+00', ended_at TIMESTAMPTZ, domains BIGINT DEFAULT 0)`,
		`INSERT INTO crawls (crawl_id, shard, run, status) VALUES
			('whole', '0/2', 1, 'complete'), ('whole', '1/2', 1, 'complete'),
			('resumed', '0/1', 1, 'killed'), ('resumed', '0/1', 2, 'complete'),
			('killed', '0/1', 1, 'running'),
			('part', '0/3', 1, 'complete'), ('part', '2/3', 1, 'interrupted'), ('part', '2/3', 2, 'interrupted')`)
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := incompleteCrawls(db)
	want := []string{
		"crawl killed is incomplete (shard 0/1 last run: running): the result is of the domains it committed",
		"crawl part is incomplete (shard 2/3 last run: interrupted; shard 1/3 not in the database): the result is of the domains it committed",
	}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("incompleteCrawls: %v\n%q\nwant\n%q", err, got, want)
	}
	db.Close()

	// survey query notes them on standard error before a named query's
	// result (here its error: the database has no other table), not
	// before the result of SQL of the user's own.
	duckDBWith(t, path, `CREATE TABLE schema_info (key VARCHAR, value VARCHAR)`, `INSERT INTO schema_info VALUES ('schema_version', '1')`)
	notes := "survey query: note: " + want[0] + "\nsurvey query: note: " + want[1] + "\n"
	if _, _, stderr := runSurvey(t, "", "query", "--db", path, "adoption"); !strings.HasPrefix(stderr, notes) {
		t.Errorf("survey query adoption: stderr %q, want it to start with\n%s", stderr, notes)
	}
	if code, _, stderr := runSurvey(t, "", "query", "--db", path, "select 1"); code != exitOK || stderr != "" {
		t.Errorf("survey query 'select 1': exit %d, stderr %q", code, stderr)
	}
}

// TestQuery_ListInAFormat: --list with --format prints the named queries
// as a table in that format (it ignored the flag); without it, the list
// as before. A --memory-limit DuckDB would not take is refused naming the
// flag, by query, report and merge alike, before anything is opened.
func TestQuery_ListInAFormat(t *testing.T) {
	code, js, errs := runSurvey(t, "", "query", "--list", "--format", "json")
	var rows []map[string]any
	if code != exitOK || json.Unmarshal([]byte(js), &rows) != nil || len(rows) == 0 {
		t.Fatalf("--list --format json: exit %d, %q %q", code, firstChars(js), errs)
	}
	if r := rows[0]; r["name"] != "adoption" || r["question"] == "" || r["read"] == "" || !strings.HasPrefix(r["params"].(string), "crawl: ") {
		t.Errorf("--list --format json: first row %v", r)
	}
	if code, text, _ := runSurvey(t, "", "query", "--list"); code != exitOK || !strings.HasPrefix(text, "adoption\n    How many") {
		t.Errorf("--list: exit %d, %q", code, firstChars(text))
	}
	for _, args := range [][]string{
		{"query", "--memory-limit", "5XB", "adoption"},
		{"report", "--memory-limit", "5XB", "--out", filepath.Join(t.TempDir(), "r.html")},
		{"merge", "--memory-limit", "5XB", "--db", filepath.Join(t.TempDir(), "m.duckdb"), t.TempDir()},
	} {
		code, _, errs := runSurvey(t, "", args...)
		if want := `--memory-limit: "5XB" is not a memory limit DuckDB takes`; code != exitUsage || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d, %q; want %q", strings.Join(args, " "), code, firstChars(errs[max(0, len(errs)-300):]), want)
		}
	}
}

// TestQuery_DatabaseOfAnOlderSurvey: a database built before columns that
// the queries read existed (here targets.parked and parked_by, dropped by
// hand) fails a query that reads them with DuckDB's error and then what the
// database lacks and the merge that builds it again; after that merge, the
// query runs, the old crawl's rows having NULL there.
func TestQuery_DatabaseOfAnOlderSurvey(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir := t.TempDir()
	path, err := simcrawl.Build(dir, simcrawl.Options{Sites: 40})
	if err != nil {
		t.Fatal(err)
	}
	duckDBWith(t, path, `ALTER TABLE targets DROP COLUMN parked`, `ALTER TABLE targets DROP COLUMN parked_by`)
	code, _, stderr := runSurvey(t, "", "query", "--db", path, "adoption")
	want := path + " was built by an older survey and lacks targets.parked, targets.parked_by (tables and columns this survey writes and its queries read); " +
		"build it again from its output directory with this survey (survey merge --db " + path + " DIR)"
	if code != exitUsage || !strings.Contains(stderr, "Referenced column \"parked\" not found") || !strings.Contains(stderr, want) {
		t.Errorf("query adoption on an older database: exit %d, stderr\n%s\nwant it to say\n%s", code, stderr, want)
	}
	if code, _, stderr := runSurvey(t, "", "query", "--db", path, "measurement_validity"); code != exitOK {
		t.Errorf("query measurement_validity, which reads no missing column: exit %d\n%s", code, stderr)
	}
	// A database of before ai_stance_default and ai_crawlers (2026-11-28),
	// whose ai_stance was a table.
	duckDBWith(t, path, `DROP VIEW ai_stance`, `ALTER TABLE ai_stance_named RENAME TO ai_stance`,
		`DROP TABLE ai_stance_default`, `DROP TABLE ai_crawlers`)
	code, _, stderr = runSurvey(t, "", "query", "--db", path, "ai_crawler_stance")
	if want := " was built by an older survey and lacks targets.parked, targets.parked_by, ai_stance_named, ai_stance_default, ai_crawlers (tables"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("query ai_crawler_stance on a database of before ai_stance_default: exit %d, stderr\n%s\nwant it to say\n%s", code, stderr, want)
	}
	if code, _, stderr := runSurvey(t, "", "merge", "--db", path, dir); code != exitOK {
		t.Fatalf("merge: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runSurvey(t, "", "query", "--db", path, "ai_crawler_stance"); code != exitOK {
		t.Errorf("query ai_crawler_stance after the merge: exit %d\n%s", code, stderr)
	}
	// The report of a database that lacks only the AI stance tables writes
	// what it can, and says why sections have no data and what to do.
	duckDBWith(t, path, `DROP VIEW ai_stance`, `ALTER TABLE ai_stance_named RENAME TO ai_stance`,
		`DROP TABLE ai_stance_default`, `DROP TABLE ai_crawlers`)
	code, _, stderr = runSurvey(t, "", "report", "--db", path, "--out", filepath.Join(t.TempDir(), "r.html"))
	if want := "survey report: " + path + " was built by an older survey and lacks ai_stance_named, ai_stance_default, ai_crawlers"; code != exitFindings || !strings.Contains(stderr, want) {
		t.Errorf("report on a database of before ai_stance_default: exit %d, stderr\n%s\nwant it to say\n%s", code, stderr, want)
	}
	if code, _, stderr := runSurvey(t, "", "query", "--db", path, "adoption"); code != exitOK {
		t.Errorf("query adoption after the merge: exit %d\n%s", code, stderr)
	}
}
