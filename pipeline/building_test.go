package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
)

// TestRun_BuildingSaysWhenTheBuildStarts: Options.Building is called once,
// with the run's status, when the crawl has ended and its database is
// about to be built (an interrupt then stops no crawl, and survey crawl
// says so), and not at all when the database is not built.
func TestRun_BuildingSaysWhenTheBuildStarts(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 20)
	for _, noBuild := range []bool{false, true} {
		out := t.TempDir()
		var calls []string
		var dbThen bool
		_, err := pipeline.Run(context.Background(), pipeline.Options{
			Out: out, SeedsPath: seedFile, CrawlID: "b", Crawl: simConfig(w), NoBuild: noBuild,
			Building: func(status string) {
				calls = append(calls, status)
				_, err := os.Stat(filepath.Join(out, "survey.duckdb"))
				dbThen = err == nil
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case noBuild && len(calls) != 0:
			t.Errorf("--no-build: Building called with %q", calls)
		case !noBuild && (len(calls) != 1 || calls[0] != "complete" || dbThen):
			t.Errorf("Building called with %q (database there already: %v), want once with complete, before the build", calls, dbThen)
		}
	}
}
