package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// duckDBWith creates a DuckDB database at path and runs stmts in it.
func duckDBWith(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestSurveyDB_SaysWhatTheDatabaseIsNot: survey body and survey query
// given a --db that is no survey database say what it is instead (an
// output directory, whose database they name; a file of another kind; a
// DuckDB database of something else or of another schema version), not
// DuckDB's error about the file or about a missing table. SQL of the
// user's own reads any DuckDB database.
func TestSurveyDB_SaysWhatTheDatabaseIsNot(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	inOut := filepath.Join(out, "survey.duckdb")
	duckDBWith(t, inOut, `CREATE TABLE schema_info (key VARCHAR, value VARCHAR)`, `INSERT INTO schema_info VALUES ('schema_version', '1')`)
	seedList := filepath.Join(dir, "seeds.txt")
	empty := filepath.Join(dir, "empty.duckdb")
	for path, content := range map[string]string{seedList: "example.com\n", empty: ""} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	other := filepath.Join(dir, "other.duckdb")
	duckDBWith(t, other, `CREATE TABLE t (x INTEGER)`, `INSERT INTO t VALUES (7)`)
	old := filepath.Join(dir, "old.duckdb")
	duckDBWith(t, old, `CREATE TABLE schema_info (key VARCHAR, value VARCHAR)`, `INSERT INTO schema_info VALUES ('schema_version', '0')`)

	digest := strings.Repeat("ab", 32)
	for _, c := range []struct {
		db, want string
	}{
		{filepath.Join(dir, "none.duckdb"), filepath.Join(dir, "none.duckdb") + " does not exist"},
		{"", "--db is empty; give a database file"},
		{out, out + " is a directory, not a database: its database is --db " + inOut},
		{dir, dir + " is a directory, not a database file"},
		{seedList, seedList + " is not a DuckDB database"},
		{empty, empty + " is empty, not a database"},
		{other, other + " is a DuckDB database but not a survey database (it has no schema_info table)"},
		{old, old + " is a survey database of schema version 0, and this survey reads version 1: build it again"},
	} {
		for _, args := range [][]string{
			{"body", "--db", c.db, digest},
			{"body", "--db", c.db, "--domain", "example.com", "--location", "robots"},
			{"query", "--db", c.db, "adoption"},
		} {
			code, stdout, stderr := runSurvey(t, "", args...)
			want := "survey " + args[0] + ": " + c.want
			if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and a line starting %q", args, code, stdout, stderr, exitUsage, want)
			}
		}
	}

	if code, stdout, stderr := runSurvey(t, "", "query", "--db", other, "--format", "csv", "select x from t"); code != exitOK || stdout != "x\n7\n" {
		t.Errorf("SQL on a DuckDB database of something else: exit %d, %q %q; want its result", code, stdout, stderr)
	}
}
