package pipeline_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// Reparsing a crawl's output from its stored bodies reproduces its parsed
// tables row for row — even when those tables' parts were deleted.
func TestReparse_ReproducesTheParsedTables(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 500)
	dir := t.TempDir()
	crawled := crawlSim(t, w, seedFile, dir, "reparse", seeds.Shard{})
	original := filepath.Join(t.TempDir(), "original.duckdb")
	data, err := os.ReadFile(crawled.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(original, data, 0o644); err != nil {
		t.Fatal(err)
	}
	before := partFiles(t, dir)
	// Remove every parsed part: reparse must rebuild them from bodies.
	var removed int
	for _, table := range sink.Tables() {
		switch table.Name {
		case sink.TableCrawls, sink.TableTargets, sink.TableFetches, sink.TableBodies:
			continue
		}
		parts, _ := filepath.Glob(filepath.Join(dir, table.Name, "crawl=reparse", "*.parquet"))
		for _, p := range parts {
			os.Remove(p)
			removed++
		}
	}
	if removed == 0 {
		t.Fatal("no parsed parts to remove")
	}
	sum, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Documents == 0 || sum.Parts == 0 {
		t.Fatalf("reparse wrote %d documents in %d batches", sum.Documents, sum.Parts)
	}
	simcrawl.WantSame(t, original, sum.DBPath, "the reparsed dataset differs from the crawl's")
	if after := partFiles(t, dir); !slices.Equal(after, before) {
		t.Errorf("reparse left the parts\n%v\nwhere the crawl wrote\n%v", after, before)
	}
	if _, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir, CrawlID: "nope"}); err == nil {
		t.Error("reparse of an unknown crawl succeeded")
	}
}

// notUTF8Site serves response headers that are not UTF-8 (Latin-1 bytes):
// a home page's policy headers and files' Content-Types.
func notUTF8Site() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		switch r.URL.Path {
		case "/":
			h["Content-Type"] = []string{"text/html; charset=\"caf\xe9\""}
			h["X-Robots-Tag"] = []string{"noai, caf\xe9bot: noindex"}
			h["Content-Usage"] = []string{"train-ai=n, caf\xe9=y"}
			h["Tdm-Reservation"] = []string{"1\xe9"}
			w.Write([]byte(`<html><head><meta name="robots" content="noai"></head><body>hello</body></html>`))
		case "/robots.txt":
			h["Content-Type"] = []string{"text/plain; charset=caf\xe9"}
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
		case "/llms.txt":
			h["Content-Type"] = []string{"text/pl\xe9in"}
			w.Write([]byte("# Site\n\n> about\n\n## Docs\n\n- [a](https://x.test/a): b\n"))
		default:
			http.NotFound(w, r)
		}
	})
}

// Response headers that are not UTF-8 are stored with U+FFFD for each bad
// byte; the crawl's parsers saw the raw bytes, and quoted them in their
// messages (\xe9), so a reparse, which reads the stored text, wrote other
// diagnostics. The crawl now parses the text as stored.
func TestReparse_HeadersThatAreNotUTF8(t *testing.T) {
	dir, dbPath := crawlSite(t, "latin1", true)
	crawled := copyFile(t, dbPath, filepath.Join(t.TempDir(), "crawled.duckdb"))
	db, err := sql.Open("duckdb", crawled+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = db.QueryRow(`SELECT count(*) FROM diagnostics WHERE location IN ('home', 'robots') AND message LIKE '%caf%'`).Scan(&n)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if n < 2 {
		t.Fatalf("%d diagnostics quote the headers, want the home page's and robots.txt's", n)
	}
	before := partFiles(t, dir)
	rp, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	simcrawl.WantSame(t, crawled, rp.DBPath, "the reparsed dataset differs from the crawl's")
	// The crawl wrote no part for the tables its one domain has no rows
	// for (agent_cards, ...); neither does reparse, so that the database's
	// schema_info.parts is the crawl's.
	if after := partFiles(t, dir); !slices.Equal(after, before) {
		t.Errorf("reparse left the parts\n%v\nwhere the crawl wrote\n%v", after, before)
	}
}

// partFiles lists the Parquet parts under dir, sorted.
func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*", "crawl=*", "part-*.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		files[i], _ = filepath.Rel(dir, f)
	}
	slices.Sort(files)
	return files
}

// copyFile copies src to dst and returns dst.
func copyFile(t *testing.T, src, dst string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestReparse_DamagedStoredPart: a fetches or bodies part that cannot be
// read stops the reparse with a *sink.DamagedError that names it, without
// the excerpt of reparse's own query that DuckDB appends, and leaves the
// parsed parts as they were. With SkipDamaged the reparse goes round it:
// its batch keeps its parsed parts and the database is built without it
// (reparse could not be run at all on a directory with such a part).
func TestReparse_DamagedStoredPart(t *testing.T) {
	dir := crawlOneSite(t, "d")
	for _, table := range []string{"bodies", "fetches"} {
		parts, err := filepath.Glob(filepath.Join(dir, table, "crawl=d", "part-*.parquet"))
		if err != nil || len(parts) != 1 {
			t.Fatalf("%s parts: %v %v", table, parts, err)
		}
		good, err := os.ReadFile(parts[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(parts[0], good[:len(good)/2], 0o644); err != nil {
			t.Fatal(err)
		}
		before := partFiles(t, dir)
		_, err = pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir, NoBuild: true})
		var damaged *sink.DamagedError
		if !errors.As(err, &damaged) || len(damaged.Parts) != 1 || damaged.Parts[0].Path != parts[0] || strings.Contains(err.Error(), "LINE ") {
			t.Errorf("reparse with a damaged %s part: %v; want a *sink.DamagedError naming %s, without DuckDB's excerpt of the query", table, err, parts[0])
		}
		if after := partFiles(t, dir); !slices.Equal(after, before) {
			t.Errorf("reparse left the parts\n%v\nwhere there were\n%v", after, before)
		}
		// --skip-damaged: the batch keeps its parsed parts, byte for byte,
		// and the database is built without it, recording the part.
		docs := filepath.Join(dir, "documents", "crawl=d", filepath.Base(parts[0]))
		docsBefore, err := os.ReadFile(docs)
		if err != nil {
			t.Fatal(err)
		}
		var told []string
		sum, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir, SkipDamaged: true,
			Damaged: func(p sink.DamagedPart) { told = append(told, p.Path) }})
		if err != nil || sum.Parts != 0 || sum.Kept != 1 || !slices.Contains(told, parts[0]) {
			t.Fatalf("reparse --skip-damaged with a damaged %s part: %+v, %v, told of %v", table, sum, err, told)
		}
		if after, _ := os.ReadFile(docs); !bytes.Equal(after, docsBefore) {
			t.Errorf("reparse --skip-damaged rewrote the documents of the batch of a damaged %s part", table)
		}
		db, err := sql.Open("duckdb", sum.DBPath+"?access_mode=read_only")
		if err != nil {
			t.Fatal(err)
		}
		var domains int
		var recorded string
		err = db.QueryRow(`SELECT (SELECT count(*) FROM targets), (SELECT value FROM schema_info WHERE key = 'damaged_parts')`).Scan(&domains, &recorded)
		db.Close()
		if err != nil || domains != 0 || !strings.Contains(recorded, filepath.Base(parts[0])) {
			t.Errorf("the database built around a damaged %s part: %d domains, damaged_parts %q, %v", table, domains, recorded, err)
		}
		os.Remove(sum.DBPath)
		if err := os.WriteFile(parts[0], good, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// crawlOneSite crawls one site of notUTF8Site into a new directory, as
// crawl id, without building its database, and returns the directory.
func crawlOneSite(t *testing.T, id string) string {
	t.Helper()
	dir, _ := crawlSite(t, id, false)
	return dir
}

// crawlSite crawls one site of notUTF8Site into a new directory, as crawl
// id, building its database when build is set, and returns the directory
// and the database's path ("" without one).
func crawlSite(t *testing.T, id string, build bool) (dir, dbPath string) {
	t.Helper()
	return crawlServer(t, notUTF8Site(), "latin1.test", id, build)
}

// TestReparse_ProgressLine: the line reparse writes for each crawl counts
// its batches and documents in words that agree with the numbers ("1
// batch", not "1 batches").
func TestReparse_ProgressLine(t *testing.T) {
	dir := crawlOneSite(t, "p")
	var progress strings.Builder
	sum, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir, NoBuild: true, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("reparsed crawl p: 1 batch, %d documents (parser version %s)\n", sum.Documents, sum.ParserVersion)
	if sum.Parts != 1 || sum.Documents < 2 || progress.String() != want {
		t.Errorf("%d batches, %d documents; progress %q, want %q", sum.Parts, sum.Documents, progress.String(), want)
	}
}
