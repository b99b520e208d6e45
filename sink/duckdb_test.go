package sink

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentpolicy/survey/internal/filelock"
)

// openBuilt builds a database from dirs and opens it.
func openBuilt(t *testing.T, dirs []string, tables []Table, opts BuildOptions) *sql.DB {
	t.Helper()
	dbPath := filepath.Join(t.TempDir(), "survey.duckdb")
	if err := Build(context.Background(), dbPath, dirs, tables, opts); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func count(t *testing.T, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// buildVariants are the ways Build fills a database: tables filled at once
// over several connections (parts under reopenBytes), one at a time, and
// one at a time with the database reopened after every INSERT.
var buildVariants = []struct {
	name string
	opts BuildOptions
}{
	{"parallel", BuildOptions{Parallel: 4}},
	{"one table at a time", BuildOptions{Parallel: 1}},
	{"reopened after every INSERT", BuildOptions{Parallel: 4, reopenBytes: 1}},
}

// TestBuild_TwoShards builds one database from two shards' directories
// (survey merge): every row of both, bodies once, however it is filled.
func TestBuild_TwoShards(t *testing.T) {
	for _, v := range buildVariants {
		t.Run(v.name, func(t *testing.T) { testBuildTwoShards(t, v.opts) })
	}
}

func testBuildTwoShards(t *testing.T, opts BuildOptions) {
	s := sampleRows("c")
	one, two := s, s
	one.targets, two.targets = s.targets[:1], s.targets[1:]
	one.crawls, two.crawls = s.crawls[:1], []CrawlRow{s.crawls[0]}
	two.crawls[0].Shard = "1/2"
	dir1, dir2 := t.TempDir(), t.TempDir()
	writeSample(t, dir1, one, Options{CrawlID: "c", Shard: "0/2"})
	writeSample(t, dir2, two, Options{CrawlID: "c", Shard: "1/2"})
	// dir1 named twice is read once.
	opts.ToolVersion = "9.9"
	var calls []BuildProgress
	var inCall atomic.Bool
	opts.Progress = func(p BuildProgress) {
		if inCall.Swap(true) {
			t.Error("Progress called while a call was under way")
		}
		calls = append(calls, p)
		time.Sleep(time.Millisecond) // a window for another call to overlap
		inCall.Store(false)
	}
	db := openBuilt(t, []string{dir1, dir2, dir1 + string(filepath.Separator)}, nil, opts)
	checkProgress(t, calls, 12)

	for _, table := range sampleTables() {
		var want [][]any
		switch table.Name {
		case TableTargets:
			want = expectedRows(t, table, s.targets)
		case TableCrawls:
			want = expectedRows(t, table, append(slices.Clone(one.crawls), two.crawls...))
		case TableBodies: // written by both shards, kept once
			want = expectedRows(t, table, s.bodies)
		default:
			// Both shards wrote the sample's fetches, documents and
			// diagnostics: the database keeps both copies.
			once := expectedRows(t, table, s.rowsOf(table.Name))
			want = sortRows(append(once, once...))
		}
		got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM "+table.Name)
		compareRows(t, table.Name, got, want)
	}
	if got := count(t, db, "SELECT count(*) FROM schema_info WHERE key = 'parts' AND value = '12'"); got != 1 {
		t.Error("schema_info parts is not 12 (one batch of 6 tables per shard)")
	}
}

// checkProgress checks the Progress calls of a build of parts parts: the
// first before any part is read, then the parts and bytes read growing to
// all of them, each call naming the table it read into.
func checkProgress(t *testing.T, calls []BuildProgress, parts int) {
	t.Helper()
	if len(calls) < 2 || calls[0].Parts != parts || calls[0].Bytes <= 0 || calls[0].PartsDone != 0 || calls[0].BytesDone != 0 || calls[0].Table != "" {
		t.Fatalf("progress calls %+v: want a first call with %d parts, nothing read", calls, parts)
	}
	for i, p := range calls[1:] {
		prev := calls[i]
		if p.Parts != parts || p.Bytes != calls[0].Bytes || p.PartsDone <= prev.PartsDone || p.BytesDone <= prev.BytesDone || p.Table == "" {
			t.Errorf("progress call %d: %+v after %+v", i+1, p, prev)
		}
	}
	if last := calls[len(calls)-1]; last.PartsDone != parts || last.BytesDone != last.Bytes {
		t.Errorf("last progress call %+v: not every part read", last)
	}
}

// TestBuild_EmptyTables builds from no parts at all: every table exists,
// empty, with the Go schema's column types; schema_info records the
// schema version and tool version.
func TestBuild_EmptyTables(t *testing.T) {
	empty := t.TempDir()
	db := openBuilt(t, []string{empty, filepath.Join(empty, "missing")}, nil, BuildOptions{ToolVersion: "1.2.3"})
	mem := memDB(t)
	for _, table := range Tables() {
		if n := count(t, db, "SELECT count(*) FROM "+table.Name); n != 0 {
			t.Errorf("%s has %d rows", table.Name, n)
		}
		for _, c := range table.Columns() {
			var got, want string
			if err := db.QueryRow("SELECT data_type FROM information_schema.columns WHERE table_name = ? AND column_name = ?", table.Name, c.Name).Scan(&got); err != nil {
				t.Fatalf("%s.%s: %v", table.Name, c.Name, err)
			}
			if err := mem.QueryRow("SELECT typeof(CAST(NULL AS " + c.Type + "))").Scan(&want); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s.%s: type %s, want %s", table.Name, c.Name, got, want)
			}
		}
	}
	info := map[string]string{}
	rows, err := db.Query("SELECT key, value FROM schema_info")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		info[k] = v
	}
	if info["schema_version"] != "1" || info["tool_version"] != "1.2.3" || info["parts"] != "0" {
		t.Errorf("schema_info = %v", info)
	}
	if _, err := time.Parse(time.RFC3339, info["built_at"]); err != nil {
		t.Errorf("built_at: %v", err)
	}
}

// TestBuild_KeyKeepsLastWritten writes a run's crawls row at its start and
// again at its end, in the same batch and across batches: the database
// keeps the last one written.
func TestBuild_KeyKeepsLastWritten(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	end := t0.Add(time.Hour)
	start1 := CrawlRow{CrawlID: "c", Shard: "0/1", Run: 1, StartedAt: t0, Status: "interrupted"}
	end1 := start1
	end1.EndedAt, end1.Status = &end, "complete"
	start2 := CrawlRow{CrawlID: "c", Shard: "0/1", Run: 2, StartedAt: end, Status: "interrupted"}
	end2 := start2
	end2.EndedAt, end2.Status = &end, "failed"
	steps := [][]CrawlRow{{start1, end1, start2}, nil, {end2}}
	for _, rows := range steps {
		if rows == nil {
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := w.Append(TableCrawls, rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db := openBuilt(t, []string{dir}, nil, BuildOptions{})
	table := tableByName(t, TableCrawls)
	got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM crawls")
	compareRows(t, "crawls", got, expectedRows(t, table, []CrawlRow{end1, end2}))
}

// TestBuild_KeyAcrossChunks writes a keyed table's rows over more parts
// than one INSERT reads (buildChunk, or smallBuildChunk when the tables are
// filled at once), a run's row rewritten in later parts,
// and checks that the row written last of each key is kept, and only it,
// however the database is filled.
func TestBuild_KeyAcrossChunks(t *testing.T) {
	for _, v := range buildVariants {
		t.Run(v.name, func(t *testing.T) { testBuildKeyAcrossChunks(t, v.opts) })
	}
}

func testBuildKeyAcrossChunks(t *testing.T, opts BuildOptions) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	parts := 3*max(buildChunk, smallBuildChunk) + 5
	last := map[int]CrawlRow{}
	for p := range parts {
		// Part p writes run p and rewrites runs p/2 and p/3 (seen in
		// earlier parts, some chunks before), twice within the part.
		for i, run := range []int{p, p / 2, p / 3, p / 3} {
			r := CrawlRow{CrawlID: "c", Shard: "0/1", Run: int32(run + 1), StartedAt: t0, Status: fmt.Sprintf("part %d row %d", p, i)}
			last[run] = r
			if err := w.Append(TableCrawls, r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db := openBuilt(t, []string{dir}, nil, opts)
	if n := count(t, db, "SELECT count(*) FROM schema_info WHERE key = 'parts' AND value::INT >= ?", parts); n != 1 {
		t.Fatalf("fewer than %d parts read", parts)
	}
	want := make([]CrawlRow, 0, len(last))
	for run := range parts {
		want = append(want, last[run])
	}
	table := tableByName(t, TableCrawls)
	got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM crawls")
	compareRows(t, "crawls", got, expectedRows(t, table, want))
}

// TestBuild_IgnoresUncommitted checks that parts of a batch without its
// targets part are not read.
func TestBuild_IgnoresUncommitted(t *testing.T) {
	dir := t.TempDir()
	s := sampleRows("c")
	writeSample(t, dir, s, Options{CrawlID: "c"}) // one batch at Close
	commitPart := filepath.Join(dir, TableTargets, "crawl=c", partName("0of1", 1))
	if err := os.Remove(commitPart); err != nil {
		t.Fatal(err)
	}
	db := openBuilt(t, []string{dir}, nil, BuildOptions{})
	for _, table := range Tables() {
		if n := count(t, db, "SELECT count(*) FROM "+table.Name); n != 0 {
			t.Errorf("%s: %d rows from an uncommitted batch", table.Name, n)
		}
	}
	next, err := Recover(dir, "c", "")
	if err != nil {
		t.Fatal(err)
	}
	if files := listFiles(t, dir); len(files) != 0 || next != 2 {
		t.Errorf("after Recover: next %d, files %q; want 2 and none", next, files)
	}
}

// rowV1 and rowV2 are two versions of one table: v2 adds columns.
type rowV1 struct {
	ID string `col:"id" doc:"Identifier."`
}

type rowV2 struct {
	ID    string            `col:"id" doc:"Identifier."`
	Added *int64            `col:"added" doc:"Added in v2."`
	Tags  map[string]string `col:"tags" doc:"Added in v2."`
	Later JSON              `col:"later" doc:"In no part at all."`
}

type commitRow struct {
	N int32 `col:"n" doc:"Anything."`
}

// TestBuild_AddedColumns reads parts written before a column was added:
// the column is NULL in their rows; a column in no part is NULL everywhere.
func TestBuild_AddedColumns(t *testing.T) {
	dir := t.TempDir()
	commit := MustTable[commitRow]("marks", "Commit table.")
	for i, table := range []Table{MustTable[rowV1]("things", "Things."), MustTable[rowV2]("things", "Things.")} {
		w, err := Create(dir, Options{CrawlID: "c", Tables: []Table{table, commit}, CommitTable: "marks"})
		if err != nil {
			t.Fatal(err)
		}
		var rows any = []rowV1{{ID: "old"}}
		if i == 1 {
			rows = []rowV2{{ID: "new", Added: ptr(int64(7)), Tags: map[string]string{"k": "v"}}}
		}
		if err := w.Append("things", rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	v2 := MustTable[rowV2]("things", "Things.")
	db := openBuilt(t, []string{dir}, []Table{v2}, BuildOptions{CommitTable: "marks"})
	got := queryRows(t, db, v2, "SELECT id, added, tags, later FROM things")
	want := [][]any{
		{"new", int64(7), map[string]string{"k": "v"}, nil},
		{"old", nil, nil, nil},
	}
	compareRows(t, "things", got, want)
}

// TestBuild_ReplacesDatabase builds twice over the same path: the second
// build replaces the first and leaves no temporary file.
func TestBuild_ReplacesDatabase(t *testing.T) {
	dir := t.TempDir()
	writeSample(t, dir, sampleRows("c"), Options{CrawlID: "c"})
	out := t.TempDir()
	dbPath := filepath.Join(out, "survey.duckdb")
	for _, dirs := range [][]string{{dir}, nil} {
		if err := Build(context.Background(), dbPath, dirs, nil, BuildOptions{MemoryLimit: "256MB", Threads: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if files := listFiles(t, out); !slices.Equal(files, []string{"survey.duckdb", "survey.duckdb.lock"}) {
		t.Errorf("files next to the database: %q", files)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := count(t, db, "SELECT count(*) FROM targets"); n != 0 {
		t.Errorf("targets after rebuilding from nothing: %d rows", n)
	}
	if _, err := db.Exec("CREATE TABLE x (a INTEGER)"); err == nil {
		t.Error("Open returned a writable database")
	}
	if _, err := Open(filepath.Join(out, "missing.duckdb")); err == nil {
		t.Error("Open of a missing file succeeded")
	}
	if err := Build(context.Background(), filepath.Join(out, "a?b.duckdb"), nil, nil, BuildOptions{}); err == nil {
		t.Error("Build to a path with ? succeeded")
	}
}

// TestBuild_OneAtATime holds a database's build lock as a running build
// does: a second build fails once its wait is over, naming the holder, and
// touches nothing; once the lock is free, a build removes what killed builds left
// beside the database (their temporary database, its WAL and DuckDB's
// spill directory) and nothing else.
func TestBuild_OneAtATime(t *testing.T) {
	out := t.TempDir()
	dbPath := filepath.Join(out, "survey.duckdb")
	killed := []string{"survey.duckdb.build-4242", "survey.duckdb.build-4242.wal", "survey.duckdb.build-77.tmp/spill-0.block"}
	kept := []string{"survey.duckdb.build-notes.txt", "survey.duckdb.build-1.bak", "survey.duckdb.backup", "other.duckdb.build-4242"}
	for _, f := range append(slices.Clone(killed), kept...) {
		p := filepath.Join(out, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	held, err := filelock.TryLock(dbPath + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	if held.Unsupported {
		t.Skip("this file system takes no locks")
	}
	err = Build(context.Background(), dbPath, nil, nil, BuildOptions{lockWait: 50 * time.Millisecond})
	if !errors.Is(err, filelock.ErrBusy) || !strings.Contains(err.Error(), fmt.Sprintf("another build of it is running: pid %d on ", os.Getpid())) {
		t.Fatalf("a build while another holds the lock: %v", err)
	}
	before := listFiles(t, out)
	held.Unlock()
	if slices.Contains(before, "survey.duckdb") || !slices.Contains(before, "survey.duckdb.build-4242") {
		t.Fatalf("the refused build touched the files: %q", before)
	}

	if err := Build(context.Background(), dbPath, nil, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	want := append([]string{"survey.duckdb", "survey.duckdb.lock"}, kept...)
	slices.Sort(want)
	if got := listFiles(t, out); !slices.Equal(got, want) {
		t.Errorf("after the build: %q, want %q", got, want)
	}
}

// TestOpenDuckDB_BuildSettings checks the settings a build opens its
// database with, the storage format it writes, and that a reader keeps
// DuckDB's default flush threshold.
func TestOpenDuckDB_BuildSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.duckdb")
	setting := func(db *sql.DB, name string) string {
		t.Helper()
		var v string
		if err := db.QueryRow("SELECT current_setting('" + name + "')::VARCHAR").Scan(&v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	db, err := openDuckDB(path, false, "128MB", 1, "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"preserve_insertion_order":     "false",
		"allocator_background_threads": "true",
		"allocator_flush_threshold":    "15.2 MiB", // 16MB, as DuckDB prints it
		"threads":                      "1",
	}
	for name, v := range want {
		if got := setting(db, name); got != v {
			t.Errorf("building: %s = %q, want %q", name, got, v)
		}
	}
	db.Close()
	ro, err := openDuckDB(path, true, "", 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if got := setting(ro, "allocator_flush_threshold"); got != "128.0 MiB" {
		t.Errorf("reading: allocator_flush_threshold = %q, want DuckDB's default 128.0 MiB", got)
	}
	// The storage format is recorded in the file: the reader sees the one
	// the build wrote.
	var version string
	if err := ro.QueryRow(`SELECT tags['storage_version'] FROM duckdb_databases() WHERE database_name = current_database()`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if want := storageVersion + "+"; version != want {
		t.Errorf("storage version = %q, want %q", version, want)
	}
}

// TestBuild_DamagedPart: a committed part that is not a whole Parquet file
// fails the build with an error naming the part, without DuckDB's query
// excerpt, leaves the database built before it in place, and does not
// stop the next build of the same path. The error names the shard that
// wrote the part (2/4 here), which survey crawl --resume is given.
func TestBuild_DamagedPart(t *testing.T) {
	dir := t.TempDir()
	writeSample(t, dir, sampleRows("c"), Options{CrawlID: "c", Shard: "2/4"})
	dbPath := filepath.Join(t.TempDir(), "survey.duckdb")
	if err := Build(context.Background(), dbPath, []string{dir}, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, TableFetches, "crawl=c", partName("2of4", 1))
	if err := os.Truncate(damaged, 100); err != nil {
		t.Fatal(err)
	}
	// The parallel variant runs several times: a failed parallel build
	// once left its database instance behind, and the next build of the
	// same path hung in DuckDB's instance cache (within three builds in
	// most runs).
	variants := slices.Concat(slices.Repeat(buildVariants[:1], 4), buildVariants)
	for i, v := range variants {
		done := make(chan error, 1)
		go func() { done <- Build(context.Background(), dbPath, []string{dir}, nil, v.opts) }()
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Minute):
			t.Fatalf("build %d (%s) after a failed build has not returned in a minute", i+1, v.name)
		}
		if err == nil {
			t.Fatalf("%s: a truncated part built", v.name)
		}
		msg := err.Error()
		if !strings.Contains(msg, "damaged part "+damaged+": ") || strings.Contains(msg, "LINE 1") || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line naming %s", v.name, msg, damaged)
		}
		var de *DamagedError
		if !errors.As(err, &de) || len(de.Parts) != 1 || de.Parts[0].Path != damaged || de.Parts[0].Domains != 2 || de.Parts[0].Shard != "2/4" {
			t.Errorf("%s: error %#v, want a DamagedError with %s alone, its batch of 2 domains", v.name, err, damaged)
		}
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := count(t, db, "SELECT count(*) FROM fetches"); n == 0 {
		t.Error("the database built before the damage lost its fetches")
	}
}

// TestBuild_SkipDamaged damages one part of a batch in several ways, and
// checks that SkipDamaged leaves out every table's part of that batch and
// only them, reports the part, and records it in schema_info; and that
// without SkipDamaged the build fails naming it.
func TestBuild_SkipDamaged(t *testing.T) {
	truncate := func(p string) error { return os.Truncate(p, 100) }
	damages := []struct {
		name   string
		tables []string // the tables whose part of batch 2 is damaged
		damage func(path string) error
	}{
		{"fetches truncated", []string{TableFetches}, truncate},
		{"fetches zeroed inside", []string{TableFetches}, zeroMiddle},
		{"targets truncated", []string{TableTargets}, truncate},
		{"targets and fetches truncated", []string{TableTargets, TableFetches}, truncate},
	}
	for _, d := range damages {
		for _, v := range buildVariants {
			t.Run(d.name+"/"+v.name, func(t *testing.T) {
				s := sampleRows("c")
				dir := t.TempDir()
				writeSampleBatches(t, dir, s, Options{CrawlID: "c"}, true)
				var paths []string
				for _, table := range d.tables {
					p := filepath.Join(dir, table, "crawl=c", partName("0of1", 2))
					if err := d.damage(p); err != nil {
						t.Fatal(err)
					}
					paths = append(paths, p)
				}
				// One part names the batch: the first in table order
				// (d.tables are in that order).
				damaged := paths[0]
				dbPath := filepath.Join(t.TempDir(), "survey.duckdb")
				err := Build(context.Background(), dbPath, []string{dir}, nil, v.opts)
				var de *DamagedError
				if !errors.As(err, &de) || len(de.Parts) != 1 || de.Parts[0].Path != damaged {
					t.Fatalf("without SkipDamaged: error %v, want a DamagedError naming %s", err, damaged)
				}
				if _, err := os.Stat(dbPath); err == nil {
					t.Error("a failed build left a database")
				}

				opts := v.opts
				opts.SkipDamaged = true
				var reported []DamagedPart
				opts.Damaged = func(p DamagedPart) { reported = append(reported, p) }
				if err := Build(context.Background(), dbPath, []string{dir}, nil, opts); err != nil {
					t.Fatal(err)
				}
				wantDomains := int64(1)
				if slices.Contains(d.tables, TableTargets) {
					wantDomains = -1
				}
				commit := filepath.Join(dir, TableTargets, "crawl=c", partName("0of1", 2))
				if len(reported) != 1 || reported[0].Path != damaged || reported[0].Batch != partName("0of1", 2) ||
					reported[0].CrawlID != "c" || reported[0].Dir != dir || reported[0].Domains != wantDomains || reported[0].Err == nil ||
					reported[0].Shard != "0/1" || reported[0].Commit != commit {
					t.Errorf("reported %+v, want %s of batch %s, %d domains", reported, damaged, partName("0of1", 2), wantDomains)
				}
				db, err := Open(dbPath)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				// Batch 1 is whole; nothing of batch 2 is in any table.
				one := s
				one.targets = filter(s.targets, func(r TargetRow) bool { return r.Domain == "example.com" })
				one.fetches = filter(s.fetches, func(r FetchRow) bool { return r.Domain == "example.com" })
				one.documents = filter(s.documents, func(r DocumentRow) bool { return r.Domain == "example.com" })
				one.diagnostics = filter(s.diagnostics, func(r DiagnosticRow) bool { return r.Domain == "example.com" })
				for _, table := range sampleTables() {
					want := expectedRows(t, table, one.rowsOf(table.Name))
					got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM "+table.Name)
					compareRows(t, table.Name, got, want)
				}
				var value string
				if err := db.QueryRow("SELECT value FROM schema_info WHERE key = 'damaged_parts'").Scan(&value); err != nil {
					t.Fatal(err)
				}
				var recorded []map[string]any
				if err := json.Unmarshal([]byte(value), &recorded); err != nil {
					t.Fatalf("damaged_parts %q: %v", value, err)
				}
				if len(recorded) != 1 || recorded[0]["part"] != damaged || recorded[0]["batch"] != partName("0of1", 2) ||
					recorded[0]["crawl_id"] != "c" || recorded[0]["error"] == "" {
					t.Errorf("damaged_parts = %s", value)
				}
			})
		}
	}
}

// TestBuild_NoDamagedParts: a healthy build records an empty damaged_parts.
func TestBuild_NoDamagedParts(t *testing.T) {
	dir := t.TempDir()
	writeSampleBatches(t, dir, sampleRows("c"), Options{CrawlID: "c"}, true)
	db := openBuilt(t, []string{dir}, nil, BuildOptions{SkipDamaged: true, Damaged: func(p DamagedPart) { t.Errorf("reported %v", p) }})
	if n := count(t, db, "SELECT count(*) FROM schema_info WHERE key = 'damaged_parts' AND value = '[]'"); n != 1 {
		t.Error("damaged_parts is not []")
	}
	if n := count(t, db, "SELECT count(*) FROM targets"); n != 2 {
		t.Errorf("%d targets, want 2", n)
	}
}

// zeroMiddle overwrites the middle third of a file with zero bytes,
// leaving its Parquet footer intact.
func zeroMiddle(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for i := len(b) / 3; i < 2*len(b)/3; i++ {
		b[i] = 0
	}
	return os.WriteFile(path, b, 0o644)
}
