package main

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// TestSurveyDB_SaysWhatTheDatabaseIsNot: survey body, survey query and
// survey report given a --db that is no survey database say what it is instead (an
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
			{"report", "--db", c.db, "--out", filepath.Join(dir, "report.html")},
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

// holdDBEnv names, in the environment of TestHelperHoldDB's process, the
// database it holds open.
const holdDBEnv = "SURVEY_TEST_HOLD_DB"

// TestHelperHoldDB is not a test: run by holdDB in a process of its own,
// it opens a database read-write, as a notebook's connection does, writes
// to it, says so on standard output and keeps it open until its standard
// input is closed.
func TestHelperHoldDB(t *testing.T) {
	path := os.Getenv(holdDBEnv)
	if path == "" {
		t.Skip("run by holdDB")
	}
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE mine AS SELECT 1 AS x`); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("holding\n")
	io.Copy(io.Discard, os.Stdin)
}

// holdDB has another process hold the database at path open read-write
// until the test ends.
func holdDB(t *testing.T, path string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldDB$")
	cmd.Env = append(os.Environ(), holdDBEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "holding\n" {
		t.Fatalf("the process holding %s: %q, %v", path, line, err)
	}
}

// TestReplace_RefusesADatabaseOpenElsewhere: survey merge and survey
// reparse do not replace a database another process holds open: its
// writes would be lost, and DuckDB would apply its write-ahead log, under
// the database's name, to the new database (a table the other process
// created appeared in the database reparse built). The refusal names the
// process.
func TestReplace_RefusesADatabaseOpenElsewhere(t *testing.T) {
	out := t.TempDir()
	if err := os.MkdirAll(filepath.Join(out, "targets", "crawl=c"), 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(out, "survey.duckdb")
	duckDBWith(t, db, `CREATE TABLE schema_info (key VARCHAR, value VARCHAR)`, `INSERT INTO schema_info VALUES ('schema_version', '1')`)
	before, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	holdDB(t, db)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", "--db", db, out}, "survey merge: --db " + db + " is open in another process, "},
		{[]string{"reparse", out}, "survey reparse: " + db + " is open in another process, "},
	} {
		code, _, stderr := runSurvey(t, "", c.args...)
		if code != exitUsage || !strings.HasPrefix(stderr, c.want) || !strings.Contains(stderr, fmt.Sprintf("(PID %d): replacing it now would lose", holderPID(t, stderr))) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q naming the process", c.args, code, stderr, exitUsage, c.want)
		}
	}
	if after, err := os.Stat(db); err != nil || !os.SameFile(before, after) {
		t.Errorf("%s was replaced (%v)", db, err)
	}
}

// holderPID returns the PID an error names, "(PID n)", or -1.
func holderPID(t *testing.T, msg string) int {
	t.Helper()
	_, rest, ok := strings.Cut(msg, "(PID ")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(rest[:strings.IndexByte(rest, ')')])
	if err != nil || n <= 0 || n == os.Getpid() {
		return -1
	}
	return n
}

// TestCrawl_DoesNotReplaceADatabaseOpenElsewhere: the database build at
// the end of a crawl (sink.Build) refuses, as merge and reparse do, to
// replace a database another process holds open for writing, and names
// the process; the crawl's parts are kept, and its summary says how to
// build the database once the process is gone.
func TestCrawl_DoesNotReplaceADatabaseOpenElsewhere(t *testing.T) {
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("a.invalid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	crawl := func(id string) (int, string, string) {
		return runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--crawl-id", id, "--quiet",
			"--connect-to", "127.0.0.1:1", "--allow-private") // refused: no connection leaves the machine
	}
	if code, _, stderr := crawl("first"); code != exitOK {
		t.Fatalf("first crawl: exit %d %s", code, stderr)
	}
	db := filepath.Join(out, "survey.duckdb")
	before, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	holdDB(t, db)
	code, stdout, stderr := crawl("second")
	want := db + " is open in another process, "
	if code == exitOK || !strings.Contains(stderr, want) || !strings.Contains(stderr, fmt.Sprintf("(PID %d): replacing it now would lose", holderPID(t, stderr))) ||
		!strings.Contains(stderr, "survey merge --db "+db+" "+out) {
		t.Errorf("second crawl: exit %d\nstdout:\n%s\nstderr:\n%s\nwant an error with %q naming the process, and how to build the database later", code, stdout, stderr, want)
	}
	if after, err := os.Stat(db); err != nil || !os.SameFile(before, after) {
		t.Errorf("%s was replaced (%v)", db, err)
	}
	if parts, _ := filepath.Glob(filepath.Join(out, "targets", "crawl=second", "*.parquet")); len(parts) == 0 {
		t.Errorf("the second crawl's parts are gone")
	}
}
