package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/shell"
)

// TestReparse_SaysWhatTheDirectoryIsNot: survey reparse given something
// other than an output directory says what it is (a path that does not
// exist, a directory's database, a file, a directory without crawl output
// and the output directories in it), instead of "no crawl in DIR" or an
// error opening DIR/targets.
func TestReparse_SaysWhatTheDirectoryIsNot(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(out, "targets", "crawl=c"), 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(out, "survey.duckdb")
	seedList := filepath.Join(dir, "seeds.txt")
	for _, f := range []string{db, seedList} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, want string }{
		{filepath.Join(dir, "none"), filepath.Join(dir, "none") + " does not exist"},
		{db, db + " is the database of an output directory; reparse reads the directory (survey reparse " + out + ") and builds its database again"},
		{seedList, seedList + " is not a directory; give a crawl's output directory (its --out)"},
		{empty, empty + " holds no crawl output to reparse (no " + filepath.Join(empty, "targets", "crawl=ID") + ")"},
		{dir, dir + " holds no crawl output to reparse (no " + filepath.Join(dir, "targets", "crawl=ID") + "); these directories in it do, so give them instead: " + out},
	} {
		code, stdout, stderr := runSurvey(t, "", "reparse", c.arg)
		if want := "survey reparse: " + c.want + "\n"; code != exitUsage || stdout != "" || stderr != want {
			t.Errorf("reparse %s: exit %d, stdout %q, stderr:\n%s\nwant exit %d and:\n%s", c.arg, code, stdout, stderr, exitUsage, want)
		}
	}
	if entries, _ := os.ReadDir(empty); len(entries) > 0 {
		t.Errorf("reparse wrote into %s: %v", empty, entries)
	}
}

// TestReparse_SaysWhatChanged: survey reparse compares the database it
// rebuilds with the one it replaces, crawl by crawl: documents, valid and
// usable ones, diagnostics and the codes that changed most, and the parser
// versions before. It keeps what is not parsed (the fetches and their
// timings), and a second reparse finds nothing changed.
func TestReparse_SaysWhatChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	out := t.TempDir()
	if code, stdout, errs := runSurvey(t, "", append([]string{"crawl", "--out", out, "--crawl-id", "rp"}, simFlags(t, 30, 5)...)...); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", code, stdout, errs)
	}
	db := filepath.Join(out, "survey.duckdb")
	fetches := func() string {
		t.Helper()
		_, csv, errs := runSurvey(t, "", "query", "--db", db, "--format", "csv", "SELECT * FROM fetches ORDER BY ALL")
		if !strings.Contains(csv, "\n") {
			t.Fatalf("fetches: %q", errs)
		}
		return csv
	}
	var docs, valid, usable, diags int64
	counts := func() {
		t.Helper()
		if err := sinkQueryRow(t, db, `SELECT (SELECT count(*) FROM documents), (SELECT count(*) FILTER (WHERE valid) FROM documents),
			(SELECT count(*) FILTER (WHERE usable) FROM documents), (SELECT count(*) FROM diagnostics)`, &docs, &valid, &usable, &diags); err != nil {
			t.Fatal(err)
		}
	}
	counts()
	fetchesBefore := fetches()

	// The database as an older parser might have left it: one document
	// in five invalid, and a diagnostic code's rows gone.
	var code string
	var dropped int64
	if err := sinkQueryRow(t, db, `SELECT code, count(*) FROM diagnostics GROUP BY code ORDER BY count(*) DESC, code LIMIT 1`, &code, &dropped); err != nil {
		t.Fatal(err)
	}
	duckDBWith(t, db, `UPDATE documents SET valid = false, parser_version = '0.0.1' WHERE valid AND hash(domain, location) % 5 = 0`,
		`DELETE FROM diagnostics WHERE code = '`+code+`'`)
	var wasValid int64
	if err := sinkQueryRow(t, db, `SELECT count(*) FILTER (WHERE valid) FROM documents`, &wasValid); err != nil {
		t.Fatal(err)
	}
	if wasValid == valid {
		t.Fatal("no document was made invalid")
	}

	exit, stdout, errs := runSurvey(t, "", "reparse", out)
	want := fmt.Sprintf("  crawl rp: %d documents, %d valid (was %d), %d usable, %d diagnostics (was %d); diagnostics by code: %s +%d",
		docs, valid, wasValid, usable, diags, diags-dropped, code, dropped)
	if exit != exitOK || !strings.Contains(stdout, want) || !strings.Contains(stdout, "(parsed before by 0.0.1, ") {
		t.Errorf("reparse: exit %d, stdout:\n%s\nwant a line starting %q and the versions before; stderr %s", exit, stdout, want, errs)
	}
	if got := fetches(); got != fetchesBefore {
		t.Errorf("reparse changed the fetches:\n%s\nwant\n%s", firstChars(got), firstChars(fetchesBefore))
	}

	exit, stdout, errs = runSurvey(t, "", "reparse", out)
	want = fmt.Sprintf("  crawl rp: %d documents, %d valid, %d usable, %d diagnostics; as before (parsed before by ", docs, valid, usable, diags)
	if exit != exitOK || !strings.Contains(stdout, want) {
		t.Errorf("second reparse: exit %d, stdout:\n%s\nwant %q; stderr %s", exit, stdout, want, errs)
	}
}

// A reparse of one shard's directory builds a database of that shard: it
// says so, as merge says it, with the merge that builds the whole crawl,
// and exits 1; once the directory holds every shard, it says nothing.
func TestReparse_SaysWhenTheCrawlIsNotWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	out := t.TempDir()
	flags := simFlags(t, 20, 5)
	crawl := func(shard string) {
		t.Helper()
		if code, stdout, errs := runSurvey(t, "", append([]string{"crawl", "--out", out, "--crawl-id", "rp", "--shard", shard}, flags...)...); code != exitOK {
			t.Fatalf("crawl shard %s: exit %d\n%s%s", shard, code, stdout, errs)
		}
	}
	crawl("0/2")
	db := filepath.Join(out, "survey.duckdb")
	code, _, errs := runSurvey(t, "", "reparse", out)
	for _, want := range []string{
		`survey reparse: crawl "rp": shard 1/2 is in none of the directories given; `,
		"survey reparse: so " + db + " holds only the shards in " + out + "; once every shard is complete, build the whole crawl with:\n  survey merge --db " + db + " " + out + " DIR...\n",
	} {
		if code != exitFindings || !strings.Contains(errs, want) {
			t.Errorf("reparse of shard 0/2: exit %d, want %q in\n%s", code, want, errs)
		}
	}
	crawl("1/2")
	if code, _, errs := runSurvey(t, "", "reparse", out); code != exitOK || strings.Contains(errs, "survey reparse:") {
		t.Errorf("reparse of both shards: exit %d\n%s", code, errs)
	}
}

// TestReparse_DamagedStoredPart: a fetches part that cannot be read stops
// survey reparse, which says how to go round it (survey reparse
// --skip-damaged DIR, which reparses the other batches and builds the
// database without the damaged one, exit 1) or crawl its domains again;
// reparse could not be run at all on such a directory, with DuckDB's
// error and no advice.
func TestReparse_DamagedStoredPart(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	out := t.TempDir()
	if code, stdout, errs := runSurvey(t, "", append([]string{"crawl", "--out", out, "--crawl-id", "dm", "--batch-age", "20ms"}, simFlags(t, 30, 5)...)...); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", code, stdout, errs)
	}
	parts, _ := filepath.Glob(filepath.Join(out, "fetches", "crawl=dm", "part-*.parquet"))
	if len(parts) < 2 {
		t.Fatalf("%d fetches parts, want several batches", len(parts))
	}
	if err := os.WriteFile(parts[0], []byte("PAR1 damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runSurvey(t, "", "reparse", out)
	if want := "  survey reparse --skip-damaged " + shell.Quote(out) + "\n"; code != exitUsage || !strings.Contains(errs, "damaged part "+parts[0]) || !strings.Contains(errs, want) {
		t.Errorf("reparse of a damaged fetches part: exit %d, %q; want it named and %q", code, errs, want)
	}
	code, stdout, errs := runSurvey(t, "", "reparse", "--skip-damaged", out)
	if code != exitFindings || !strings.Contains(errs, "left out a batch: damaged part "+parts[0]) ||
		!strings.Contains(errs, "reparsed crawl dm: "+plural(len(parts)-1, "batch", "batches")+", ") || !strings.Contains(errs, "1 batch kept as it was") ||
		!strings.Contains(stdout, "database "+filepath.Join(out, "survey.duckdb")) {
		t.Errorf("reparse --skip-damaged: exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
}
