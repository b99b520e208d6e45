package sink

import (
	"context"
	"path/filepath"
	"testing"
)

func TestReplacePart_RewritesOneBatchOfOneTable(t *testing.T) {
	dir := t.TempDir()
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
	name := filepath.Base(parts[0])
	var docs Table
	for _, tb := range Tables() {
		if tb.Name == TableDocuments {
			docs = tb
		}
	}
	rows := []DocumentRow{{CrawlID: "c1", Domain: "a.test", Location: "robots", Format: "robots", ParserVersion: "new", Summary: "{}"}}
	if err := ReplacePart(dir, "c1", name, docs, rows); err != nil {
		t.Fatal(err)
	}
	if err := ReplacePart(dir, "c1", "not-a-part", docs, rows); err == nil {
		t.Error("a bad part name was accepted")
	}
	if err := ReplacePart(dir, "c1", name, docs, []TargetRow{}); err == nil {
		t.Error("rows of another table were accepted")
	}
	db := filepath.Join(dir, "survey.duckdb")
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
	if n != 1 || version != "new" {
		t.Errorf("documents holds %d rows of version %s, want the 1 replacement row", n, version)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, TableDocuments, "crawl=c1", ".*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}
