package main

import (
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
