package pipeline

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
)

// TestRun_KilledRunKeepsItsVersion resumes, with another survey version, a
// crawl whose run was killed: the resume says that the versions differ,
// and the crawls row it writes for the killed run records the version
// that run ran, not the resume's.
func TestRun_KilledRunKeepsItsVersion(t *testing.T) {
	dir := t.TempDir()
	seedFile := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedFile, []byte("a.test\nb.test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	opts := Options{Out: out, SeedsPath: seedFile, CrawlID: "v", NoBuild: true,
		Crawl: crawl.Config{ConnectTo: "127.0.0.1:1", AllowPrivate: true}}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()

	opts.ToolVersion = "1.0.0"
	if _, err := Run(stopped, opts); err != nil {
		t.Fatal(err)
	}
	// What a SIGKILL leaves: the run still running, with no end.
	st, err := loadState(out, "0/1")
	if err != nil {
		t.Fatal(err)
	}
	st.Runs[0].Status, st.Runs[0].EndedAt, st.Complete = "running", nil, false
	if err := st.save(out); err != nil {
		t.Fatal(err)
	}

	opts.ToolVersion = "2.0.0"
	var stderr strings.Builder
	opts.Resume, opts.Stderr = true, &stderr
	if _, err := Run(stopped, opts); err != nil {
		t.Fatal(err)
	}
	if want := "ran survey 1.0.0 until now, and this run is survey 2.0.0"; !strings.Contains(stderr.String(), want) {
		t.Errorf("the resume said %q, want %q", stderr.String(), want)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var got string
	q := `SELECT string_agg(run || ' ' || status || ' ' || tool_version, '; ' ORDER BY run, status) FROM read_parquet('` + filepath.Join(out, "crawls", "*", "*.parquet") + `')`
	if err := db.QueryRow(q).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if want := "1 interrupted 1.0.0; 1 killed 1.0.0; 1 running 1.0.0; 2 interrupted 2.0.0; 2 running 2.0.0"; got != want {
		t.Errorf("crawls rows: %s\nwant %s", got, want)
	}
}
