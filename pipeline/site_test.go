package pipeline_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/pipeline"
)

// crawlServer crawls one domain served by h on loopback into a new
// directory, as crawl id, building its database when build is set, and
// returns the directory and the database's path ("" without one).
func crawlServer(t *testing.T, h http.Handler, domain, id string, build bool) (dir, dbPath string) {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	seedFile := filepath.Join(t.TempDir(), "seeds.txt")
	if err := os.WriteFile(seedFile, []byte(domain+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	sum, err := pipeline.Run(context.Background(), pipeline.Options{
		Out: dir, SeedsPath: seedFile, CrawlID: id, NoBuild: !build,
		Crawl: crawl.Config{Concurrency: 1, Timeout: 5 * time.Second, ConnectTo: srv.Listener.Addr().String(), AllowPrivate: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, sum.DBPath
}

// openReadOnly opens the DuckDB database at path read-only, closed when
// the test ends.
func openReadOnly(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
