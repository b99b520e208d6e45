package pipeline_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/racetest"
	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// simConfig is the crawl configuration for w with a fixed canary, so that
// crawls of w under different ids fetch the same paths.
func simConfig(w *simcrawl.Web) crawl.Config {
	cfg := w.CrawlConfig()
	cfg.CanaryPath = registry.CanaryPath("reproducible")
	return cfg
}

// crawlSim crawls the simulated web's seeds into out.
func crawlSim(t *testing.T, w *simcrawl.Web, seedFile, out, id string, shard seeds.Shard) *pipeline.Summary {
	t.Helper()
	sum, err := pipeline.Run(context.Background(), pipeline.Options{
		Out: out, SeedsPath: seedFile, CrawlID: id, Shard: shard, Crawl: simConfig(w), NoBuild: shard.Count > 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "complete" {
		t.Fatalf("crawl %s shard %s: %s", id, shard, sum.Status)
	}
	return sum
}

func startWeb(t *testing.T, sites int) (*simcrawl.Web, string) {
	t.Helper()
	w, err := simcrawl.Start(simcrawl.TestConfig(sites, 3))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	seedFile := filepath.Join(t.TempDir(), "seeds.txt")
	if err := w.WriteSeeds(seedFile, true); err != nil {
		t.Fatal(err)
	}
	return w, seedFile
}

func wantSame(t *testing.T, a, b string) {
	t.Helper()
	simcrawl.WantSame(t, a, b, "the datasets differ")
}

// Two crawls of the same simulated web with the same seed give the same
// dataset, ignoring timestamps and timings.
func TestCrawl_IsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web twice")
	}
	racetest.SkipTimedComparison(t)
	w, seedFile := startWeb(t, 500)
	a := crawlSim(t, w, seedFile, t.TempDir(), "first", seeds.Shard{})
	b := crawlSim(t, w, seedFile, t.TempDir(), "second", seeds.Shard{})
	if a.Domains != 500 || b.Domains != 500 {
		t.Fatalf("crawled %d and %d domains, want 500", a.Domains, b.Domains)
	}
	wantSame(t, a.DBPath, b.DBPath)
}

// Four shards (two sharing an output directory, as on shared storage, two
// in directories of their own) merged give the same dataset as one
// unsharded crawl; every domain is in exactly one shard, and a site's apex
// and www forms are in the same one.
func TestCrawl_ShardsMergeToTheUnshardedCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web five times")
	}
	racetest.SkipTimedComparison(t)
	w, seedFile := startWeb(t, 600)
	whole := crawlSim(t, w, seedFile, t.TempDir(), "sharded", seeds.Shard{})

	shared, own2, own3 := t.TempDir(), t.TempDir(), t.TempDir()
	dirs := []string{shared, shared, own2, own3}
	var total int64
	for i, dir := range dirs {
		sum := crawlSim(t, w, seedFile, dir, "sharded", seeds.Shard{Index: i, Count: 4})
		if sum.Domains < 100 || sum.Domains > 200 {
			t.Errorf("shard %d crawled %d of 600 domains; the split is uneven", i, sum.Domains)
		}
		total += sum.Domains
	}
	if total != 600 {
		t.Errorf("the shards crawled %d domains in all, want 600", total)
	}
	merged := filepath.Join(t.TempDir(), "merged.duckdb")
	if err := sink.Build(context.Background(), merged, []string{shared, own2, own3}, nil, sink.BuildOptions{ToolVersion: survey.Version}); err != nil {
		t.Fatal(err)
	}
	wantSame(t, whole.DBPath, merged)

	db, err := sink.Open(merged)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var runs int
	if err := db.QueryRow(`SELECT count(DISTINCT shard) FROM crawls WHERE crawl_id = 'sharded'`).Scan(&runs); err != nil || runs != 4 {
		t.Errorf("crawls lists %d shards (%v), want 4", runs, err)
	}
	// The shard that committed a domain is in its part's file name.
	var files []string
	for _, dir := range []string{shared, own2, own3} {
		files = append(files, "'"+filepath.Join(dir, "targets", "*", "*.parquet")+"'")
	}
	var worst, sites int
	err = db.QueryRow(`SELECT max(n), count(*) FROM (
		SELECT registrable_domain, count(DISTINCT regexp_extract(filename, 'part-([0-9]+)of4', 1)) AS n
		FROM read_parquet([`+strings.Join(files, ",")+`], filename = true)
		GROUP BY registrable_domain)`).Scan(&worst, &sites)
	if err != nil {
		t.Fatal(err)
	}
	if worst != 1 || sites < 300 {
		t.Errorf("a registrable domain was crawled by %d shards (over %d sites); a site's apex and www must share one", worst, sites)
	}
}
