package sink

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// oneBatch writes crawl c1 with one committed batch of two domains, each
// with a robots.txt document of parser version "old", and returns the
// batch's part name.
func oneBatch(t *testing.T, dir string) string {
	t.Helper()
	w, err := Create(dir, Options{CrawlID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"a.test", "b.test"} {
		AppendRows(w, TableDocuments, DocumentRow{CrawlID: "c1", Domain: d, Location: "robots", Format: "robots", ParserVersion: "old", Summary: "{}"})
		AppendRows(w, TableTargets, TargetRow{CrawlID: "c1", Domain: d})
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	parts, _ := filepath.Glob(filepath.Join(dir, TableTargets, "crawl=c1", "*.parquet"))
	if len(parts) != 1 {
		t.Fatalf("%d targets parts, want 1", len(parts))
	}
	return filepath.Base(parts[0])
}

// tableNamed returns the table called name.
func tableNamed(t *testing.T, name string) Table {
	t.Helper()
	for _, tb := range Tables() {
		if tb.Name == name {
			return tb
		}
	}
	t.Fatalf("no table %s", name)
	return Table{}
}

// documentVersions builds dir's database and returns the number of
// documents rows and their highest parser version.
func documentVersions(t *testing.T, dir string) (int, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "survey.duckdb")
	if err := Build(context.Background(), db, []string{dir}, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	conn, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	var version string
	if err := conn.QueryRow("SELECT count(*), max(parser_version) FROM documents").Scan(&n, &version); err != nil {
		t.Fatal(err)
	}
	return n, version
}

func TestReplaceParts_RewritesOneBatch(t *testing.T) {
	dir := t.TempDir()
	name := oneBatch(t, dir)
	docs, diags := tableNamed(t, TableDocuments), tableNamed(t, TableDiagnostics)
	docsDir := filepath.Join(dir, TableDocuments, "crawl=c1")
	stale := filepath.Join(docsDir, "."+name+".replace.tmp") // a killed replace's
	if err := os.WriteFile(stale, []byte("half a part"), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := []DocumentRow{{CrawlID: "c1", Domain: "a.test", Location: "robots", Format: "robots", ParserVersion: "new", Summary: "{}"}}
	parts := []PartRows{{Table: diags, Rows: []DiagnosticRow{}}, {Table: docs, Rows: rows}}
	if err := ReplaceParts(dir, "c1", name, parts); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceParts(dir, "c1", "not-a-part", parts); err == nil {
		t.Error("a bad part name was accepted")
	}
	if err := ReplaceParts(dir, "c1", name, []PartRows{{Table: docs, Rows: []TargetRow{}}}); err == nil {
		t.Error("rows of another table were accepted")
	}
	if n, version := documentVersions(t, dir); n != 1 || version != "new" {
		t.Errorf("documents holds %d rows of version %s, want the 1 replacement row", n, version)
	}
	if tmp, _ := filepath.Glob(filepath.Join(docsDir, ".*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	if _, err := os.Stat(filepath.Join(dir, TableDiagnostics, "crawl=c1", name)); err != nil {
		t.Errorf("the empty diagnostics part: %v", err)
	}
}

// TestReplaceParts_FailureLeavesTheBatch: when one table's part cannot be
// written, no part of the batch is replaced, even those written before it.
func TestReplaceParts_FailureLeavesTheBatch(t *testing.T) {
	dir := t.TempDir()
	name := oneBatch(t, dir)
	// The diagnostics partition cannot be a directory: a file holds its name.
	diagsDir := filepath.Join(dir, TableDiagnostics, "crawl=c1")
	saved := filepath.Join(dir, "diagnostics-partition")
	if err := os.Rename(diagsDir, saved); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(diagsDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rows := []DocumentRow{{CrawlID: "c1", Domain: "a.test", Location: "robots", Format: "robots", ParserVersion: "new", Summary: "{}"}}
	parts := []PartRows{{Table: tableNamed(t, TableDocuments), Rows: rows}, {Table: tableNamed(t, TableDiagnostics), Rows: []DiagnosticRow{}}}
	if err := ReplaceParts(dir, "c1", name, parts); err == nil {
		t.Fatal("the diagnostics part was written where a file holds its directory's name")
	}
	if err := os.Remove(diagsDir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(saved, diagsDir); err != nil {
		t.Fatal(err)
	}
	if n, version := documentVersions(t, dir); n != 2 || version != "old" {
		t.Errorf("documents holds %d rows of version %s, want the batch as it was: 2 of version old", n, version)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, TableDocuments, "crawl=c1", ".*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}
