package pipeline_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentpolicy/survey/internal/racetest"
	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
)

// TestCrawl_SinkFailureKeepsWrittenBatches makes the output unwritable in
// the middle of a crawl, as a full disk does: the run fails, its summary
// counts as written exactly the domains of the batches on disk (not those
// crawled into the batch that failed), its state says failed, and once
// the output is writable again a resumed crawl gives the dataset of an
// uninterrupted one.
func TestCrawl_SinkFailureKeepsWrittenBatches(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web twice")
	}
	racetest.SkipTimedComparison(t)
	w, seedFile := startWeb(t, 300)
	whole := crawlSim(t, w, seedFile, t.TempDir(), "whole", seeds.Shard{})

	out := t.TempDir()
	opts := pipeline.Options{Out: out, SeedsPath: seedFile, CrawlID: "failing", Crawl: simConfig(w), BatchRows: 2000}
	fetches := filepath.Join(out, "fetches", "crawl=failing")
	aside := fetches + ".aside"
	second := filepath.Join(out, "targets", "crawl=failing", "part-0of1-00000002.parquet")

	// Once the second batch is committed, the fetches partition becomes a
	// file: the next part cannot be created in it.
	broken := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				broken <- nil
				return
			case <-time.After(2 * time.Millisecond):
			}
			if _, err := os.Stat(second); err != nil {
				continue
			}
			if err := os.Rename(fetches, aside); err != nil {
				broken <- err
				return
			}
			broken <- os.WriteFile(fetches, []byte("not a directory\n"), 0o644)
			return
		}
	}()
	sum, err := pipeline.Run(context.Background(), opts)
	close(done)
	if berr := <-broken; berr != nil {
		t.Fatal(berr)
	}
	if _, serr := os.Stat(aside); serr != nil {
		t.Fatalf("the crawl ended before its output was made unwritable (%v); make the web larger", err)
	}
	if err == nil {
		t.Fatal("the crawl succeeded with an unwritable output")
	}
	t.Logf("the failure: %v", err)
	if sum == nil {
		t.Fatal("no summary of the failed run")
	}
	if sum.Status != "failed" {
		t.Errorf("status %q, want failed", sum.Status)
	}
	st, lerr := pipeline.LoadState(out, "0/1")
	if lerr != nil {
		t.Fatal(lerr)
	}
	if got := st.Runs[len(st.Runs)-1].Status; got != "failed" || st.Complete {
		t.Errorf("state: run %s, complete %v; want failed, not complete", got, st.Complete)
	}

	// The output back as it was, what was written is what the summary says.
	if err := os.Remove(fetches); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(aside, fetches); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var onDisk int64
	if err := db.QueryRow(`SELECT count(*) FROM read_parquet(?)`, filepath.Join(out, "targets", "crawl=failing", "part-*.parquet")).Scan(&onDisk); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d domains crawled, %d in written batches", sum.Crawled, onDisk)
	if sum.Domains != onDisk || sum.Crawled < sum.Domains || onDisk == 0 {
		t.Errorf("summary: %d domains written of %d crawled; the written batches hold %d", sum.Domains, sum.Crawled, onDisk)
	}

	opts.Resume = true
	resumed, err := pipeline.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Status != "complete" || resumed.Skipped != onDisk || resumed.Domains+resumed.Skipped != 300 {
		t.Errorf("resumed: %s, %d domains, %d skipped; want complete, %d skipped, 300 in all", resumed.Status, resumed.Domains, resumed.Skipped, onDisk)
	}
	simcrawl.WantSame(t, whole.DBPath, resumed.DBPath, "the resumed crawl differs from the uninterrupted one")

	// The failed run could not write its final crawls row; the resume
	// wrote it from the state, so the database says how run 1 ended.
	rdb, err := sql.Open("duckdb", resumed.DBPath+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	var runs string
	if err := rdb.QueryRow(`SELECT string_agg(run || ' ' || status || ' ' || (ended_at IS NOT NULL) || ' ' || domains, ', ' ORDER BY run) FROM crawls WHERE crawl_id = 'failing'`).Scan(&runs); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("1 failed true %d, 2 complete true %d", sum.Crawled, resumed.Crawled); runs != want {
		t.Errorf("crawls rows (run, status, ended, domains): %s; want %s", runs, want)
	}
}
