package report

import (
	"database/sql"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/sink"
)

// simDataset crawls the simulated web twice into one directory (crawls
// sim-a and then sim-b, ranked seeds) and opens the database, which the
// test closes when it ends.
func simDataset(t *testing.T) (*sql.DB, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("crawls the simulated web (skipped with -short)")
	}
	dir := t.TempDir()
	var path string
	for i, id := range []string{"sim-a", "sim-b"} {
		var err error
		path, err = simcrawl.Build(dir, simcrawl.Options{Sites: 400, Seed: int64(i + 1), CrawlID: id, Ranked: true})
		if err != nil {
			t.Fatalf("building crawl %s of the simulated web: %v", id, err)
		}
	}
	db, err := sink.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}
