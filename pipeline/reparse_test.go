package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
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
	if _, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{Dir: dir, CrawlID: "nope"}); err == nil {
		t.Error("reparse of an unknown crawl succeeded")
	}
}
