package pipeline_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/pipeline"
)

// TestRun_RejectedSeedLinesShownUpToACap: a crawl prints the first
// MaxBadSeedLinesShown rejected seed lines, FILE:LINE each, then one line
// saying the others are not shown, and counts every one: a file that is no
// seed list (5,000 lines here) printed each of its lines.
func TestRun_RejectedSeedLinesShownUpToACap(t *testing.T) {
	dir := t.TempDir()
	seedFile := filepath.Join(dir, "seeds.txt")
	var b strings.Builder
	const lines = 5000
	for i := range lines {
		fmt.Fprintf(&b, "not a domain %d\n", i)
	}
	if err := os.WriteFile(seedFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	sum, err := pipeline.Run(context.Background(), pipeline.Options{
		Out: filepath.Join(dir, "out"), SeedsPath: seedFile, CrawlID: "bad", NoBuild: true, Stderr: &stderr,
		Crawl: crawl.Config{Concurrency: 1, Timeout: time.Second, ConnectTo: "127.0.0.1:1", AllowPrivate: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if sum.SeedsBad != lines || len(got) != pipeline.MaxBadSeedLinesShown+1 {
		t.Fatalf("%d lines rejected, %d printed; want %d, and %d printed", sum.SeedsBad, len(got), lines, pipeline.MaxBadSeedLinesShown+1)
	}
	if first := got[0]; !strings.HasPrefix(first, seedFile+":1: ") {
		t.Errorf("first line %q, want it to name %s:1", first, seedFile)
	}
	if last := got[len(got)-1]; last != seedFile+": more rejected lines are not shown (the summary counts them; survey seeds lists every one)" {
		t.Errorf("last line %q", last)
	}
}
