package sink

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// writeSample writes the sample through a Writer in two units (one per
// domain), with batches small enough to produce several parts per table.
func writeSample(t *testing.T, dir string, s coreSample, opts Options) {
	t.Helper()
	writeSampleBatches(t, dir, s, opts, false)
}

// writeSampleBatches writes the sample as writeSample does; with
// batchEach, each domain's rows are committed in a batch of their own:
// example.com (with the crawls and bodies) in batch 1,
// xn--bcher-kva.example in batch 2.
func writeSampleBatches(t *testing.T, dir string, s coreSample, opts Options, batchEach bool) {
	t.Helper()
	w, err := Create(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, domain := range []string{"example.com", "xn--bcher-kva.example"} {
		if domain == "example.com" {
			must(w.Append(TableCrawls, s.crawls))
			must(w.Append(TableBodies, s.bodies))
		}
		must(w.Append(TableFetches, filter(s.fetches, func(r FetchRow) bool { return r.Domain == domain })))
		must(w.Append(TableDocuments, filter(s.documents, func(r DocumentRow) bool { return r.Domain == domain })))
		must(w.Append(TableDiagnostics, filter(s.diagnostics, func(r DiagnosticRow) bool { return r.Domain == domain })))
		for _, tr := range s.targets {
			if tr.Domain == domain {
				must(w.Append(TableTargets, tr)) // one value, not a slice
			}
		}
		must(w.Commit())
		if batchEach {
			must(w.Flush())
		}
	}
	must(w.Close())
}

func filter[T any](rows []T, keep func(T) bool) []T {
	var out []T
	for _, r := range rows {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// TestRoundTrip writes rows of every core table, then reads them back from
// the built database and from the Parquet parts directly: same rows, same
// values, including NULLs, lists of structs, maps, timestamps and JSON.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := sampleRows("c1")
	writeSample(t, dir, s, Options{CrawlID: "c1", Shard: "0/1", BatchRows: 4})

	dbPath := filepath.Join(t.TempDir(), "survey.duckdb")
	if err := Build(context.Background(), dbPath, []string{dir}, nil, BuildOptions{ToolVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mem := memDB(t)

	for _, table := range sampleTables() {
		want := expectedRows(t, table, s.rowsOf(table.Name))
		got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM "+table.Name)
		compareRows(t, "database "+table.Name, got, want)

		glob := filepath.Join(dir, table.Name, "*", "*.parquet")
		got = queryRows(t, mem, table, "SELECT "+columnList(table)+" FROM read_parquet(?, hive_partitioning = true)", glob)
		compareRows(t, "parquet "+table.Name, got, want)

		var crawls []string
		rows, err := mem.Query("SELECT DISTINCT crawl FROM read_parquet(?, hive_partitioning = true)", glob)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				t.Fatal(err)
			}
			crawls = append(crawls, c)
		}
		rows.Close()
		if !slices.Equal(crawls, []string{"c1"}) {
			t.Errorf("%s: hive crawl column = %q, want [c1]", table.Name, crawls)
		}
	}

	// The database's column types are the Go schema's.
	for _, table := range Tables() {
		rows, err := db.Query("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position", table.Name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for rows.Next() {
			var name, typ string
			if err := rows.Scan(&name, &typ); err != nil {
				t.Fatal(err)
			}
			got = append(got, name+" "+typ)
		}
		rows.Close()
		var want []string
		for _, c := range table.Columns() {
			var typ string // DuckDB's own spelling of the Go schema's type
			if err := mem.QueryRow("SELECT typeof(CAST(NULL AS " + c.Type + "))").Scan(&typ); err != nil {
				t.Fatal(err)
			}
			want = append(want, c.Name+" "+typ)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s columns:\ngot  %q\nwant %q", table.Name, got, want)
		}
	}
}

// TestWriter_PartLayout checks the hive layout, part names and sequence
// numbers, that every batch has a commit-table part (even with no targets
// rows), and that no temporary file is left.
func TestWriter_PartLayout(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "2026-03-14.a", Shard: "2/4", BatchRows: 1000})
	if err != nil {
		t.Fatal(err)
	}
	s := sampleRows("2026-03-14.a")
	if err := w.Append(TableCrawls, s.crawls[:1]); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil { // batch 1: crawls only
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil { // nothing committed: no batch
		t.Fatal(err)
	}
	if err := AppendRows(w, TableTargets, s.targets...); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Append(TableFetches, s.fetches); err != nil { // never committed
		t.Fatal(err)
	}
	if got := w.NextSeq(); got != 2 {
		t.Errorf("NextSeq = %d, want 2", got)
	}
	if err := w.Close(); err != nil { // batch 2: targets only
		t.Fatal(err)
	}
	got := listFiles(t, dir)
	want := []string{
		"crawls/crawl=2026-03-14.a/part-2of4-00000001.parquet",
		"targets/crawl=2026-03-14.a/part-2of4-00000001.parquet",
		"targets/crawl=2026-03-14.a/part-2of4-00000002.parquet",
	}
	if !slices.Equal(got, want) {
		t.Errorf("files:\ngot  %q\nwant %q", got, want)
	}

	// A second run continues the sequence.
	w, err = Create(dir, Options{CrawlID: "2026-03-14.a", Shard: "2/4"})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.NextSeq(); got != 3 {
		t.Errorf("second run NextSeq = %d, want 3", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close = %v, want ErrClosed", err)
	}
	if err := w.Append(TableTargets, s.targets); !errors.Is(err, ErrClosed) {
		t.Errorf("Append after Close = %v, want ErrClosed", err)
	}
}

// listFiles returns every file under dir, relative, with forward slashes.
func listFiles(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestWriter_UnitNeverSplit checks that a unit larger than the batch
// threshold is written whole, in one batch, and that the thresholds flush
// only at Commit.
func TestWriter_UnitNeverSplit(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c", BatchRows: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := sampleRows("c")
	for range 3 {
		if err := w.Append(TableFetches, s.fetches); err != nil { // 3 rows each
			t.Fatal(err)
		}
	}
	if got := listFiles(t, dir); len(got) != 0 {
		t.Fatalf("files before Commit: %q", got)
	}
	if err := w.Append(TableTargets, s.targets[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"fetches/crawl=c/part-0of1-00000001.parquet",
		"targets/crawl=c/part-0of1-00000001.parquet",
	}
	if got := listFiles(t, dir); !slices.Equal(got, want) {
		t.Fatalf("files:\ngot  %q\nwant %q", got, want)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := memDB(t).QueryRow("SELECT count(*) FROM read_parquet(?)", filepath.Join(dir, want[0])).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 9 {
		t.Errorf("fetches part holds %d rows, want 9", n)
	}
}

// TestWriter_Thresholds checks that each threshold alone flushes a batch at
// Commit.
func TestWriter_Thresholds(t *testing.T) {
	s := sampleRows("c")
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		opts    Options
		advance time.Duration
		want    int // batches written after two units
	}{
		{"none", Options{}, 0, 0},
		{"rows", Options{BatchRows: 4}, 0, 1},                   // unit 1: 3 rows, unit 2: 6
		{"bytes", Options{BatchBytes: 1}, 0, 2},                 // every unit
		{"age", Options{BatchAge: time.Minute}, time.Minute, 1}, // unit 2 is a minute later
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.opts.CrawlID = "c"
			w, err := Create(dir, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			now := clock
			w.now = func() time.Time { return now }
			for range 2 {
				if err := w.Append(TableTargets, s.targets[0]); err != nil {
					t.Fatal(err)
				}
				if err := w.Append(TableDiagnostics, s.diagnostics); err != nil {
					t.Fatal(err)
				}
				if err := w.Commit(); err != nil {
					t.Fatal(err)
				}
				now = now.Add(tc.advance)
			}
			if got := w.NextSeq() - 1; got != tc.want {
				t.Errorf("batches written = %d, want %d", got, tc.want)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestWriter_Errors checks the errors of Create and Append.
func TestWriter_Errors(t *testing.T) {
	dir := t.TempDir()
	for _, opts := range []Options{
		{},                                  // no crawl ID
		{CrawlID: "../x"},                   // not a directory name
		{CrawlID: "a/b"},                    // not a directory name
		{CrawlID: ".hidden"},                // starts with a dot
		{CrawlID: "c", Shard: "1-2"},        // not i/n
		{CrawlID: "c", Shard: "/2"},         // not i/n
		{CrawlID: "c", Shard: "1/2/3"},      // not i/n
		{CrawlID: "c", CommitTable: "nope"}, // not a table
		{CrawlID: "c", Tables: []Table{tableByName(t, TableTargets), tableByName(t, TableTargets)}},
	} {
		if w, err := Create(dir, opts); err == nil {
			w.Close()
			t.Errorf("Create(%+v) succeeded", opts)
		}
	}
	w, err := Create(dir, Options{CrawlID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	s := sampleRows("c")
	for _, tc := range []struct {
		table string
		rows  any
	}{
		{"nope", s.targets},
		{TableTargets, s.fetches},
		{TableTargets, nil},
		{TableTargets, &s.targets[0]},
		{TableDocuments, []DocumentRow{s.documents[0], {Summary: "{not json"}}},
	} {
		if err := w.Append(tc.table, tc.rows); err == nil {
			t.Errorf("Append(%s, %T) succeeded", tc.table, tc.rows)
		}
	}
	// The rejected slice appended nothing: no row is committed.
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := w.NextSeq(); got != 1 {
		t.Errorf("NextSeq = %d after rejected appends, want 1", got)
	}
}
