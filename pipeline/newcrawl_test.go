package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
)

// TestRun_NewCrawlOverExistingOutput starts crawls in an output directory
// that already holds one: a crawl of the same id is refused, complete or
// not (its batches would be taken for the new crawl's by seed line, and
// the new seed list's domains at those lines never crawled), and so is a
// crawl of another id while the one there is not complete (its state,
// which --resume needs, would be replaced); a refused start changes
// nothing, and another id starts beside a complete crawl, or one that
// cannot be resumed.
func TestRun_NewCrawlOverExistingOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 40)
	out := t.TempDir()
	crawlSim(t, w, seedFile, out, "a", seeds.Shard{})

	// Another list: the same domains, in reverse order.
	b, err := os.ReadFile(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	other := filepath.Join(t.TempDir(), "other.txt")
	if err := os.WriteFile(other, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	cfg := simConfig(w)
	run := func(ctx context.Context, id, seedPath string) (*pipeline.Summary, error) {
		return pipeline.Run(ctx, pipeline.Options{Out: out, SeedsPath: seedPath, CrawlID: id, Crawl: cfg})
	}
	refused := func(id, seedPath, want string) {
		t.Helper()
		before := snapshot(t, out)
		sum, err := run(context.Background(), id, seedPath)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("crawl %s from %s: %v (summary %+v), want an error saying %q", id, filepath.Base(seedPath), err, sum, want)
		}
		if after := snapshot(t, out); after != before {
			t.Errorf("the refused crawl %s changed the output:\nbefore\n%s\nafter\n%s", id, before, after)
		}
	}

	refused("a", other, "crawl a (shard 0/1) in "+out+" is complete; a new crawl needs another --crawl-id")
	refused("a", seedFile, "is complete")

	// An interrupted crawl c (Ctrl-C before its first batch) keeps its
	// place: a crawl d is refused until c is resumed to completion.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sum, err := run(ctx, "c", other); err == nil && sum.Status == "complete" {
		t.Fatalf("crawl c with its context cancelled: complete")
	}
	refused("d", seedFile, out+" holds crawl c (shard 0/1), which is not complete, and starting crawl d there would replace what its resume needs; finish it first with survey crawl --resume --out "+out)
	refused("c", other, "crawl c (shard 0/1) in "+out+" is not complete; continue it with survey crawl --resume --out "+out+", or start a new crawl in another --out")
	if sum, err := pipeline.Run(context.Background(), pipeline.Options{Out: out, Resume: true, Crawl: cfg}); err != nil || sum.Status != "complete" || sum.Crawled != int64(len(lines)) {
		t.Fatalf("resuming c: %v %+v, want %d domains crawled", err, sum, len(lines))
	}

	// Beside complete crawls, another id starts; a's parts still refuse a
	// new crawl a, though the state is now d's.
	crawlSim(t, w, seedFile, out, "d", seeds.Shard{})
	refused("a", seedFile, "crawl a already has parts of shard 0/1 in "+out)

	// An interrupted crawl e whose seeds came from standard input cannot
	// be resumed: it does not hold the directory, but its id stays taken.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if sum, err := pipeline.Run(ctx, pipeline.Options{Out: out, SeedsPath: "-", Stdin: bytes.NewReader(b), CrawlID: "e", Crawl: cfg}); err == nil && sum.Status == "complete" {
		t.Fatalf("crawl e with its context cancelled: complete")
	}
	refused("e", seedFile, "crawl e (shard 0/1) in "+out+" is not complete, and cannot be resumed (its seeds came from standard input); a new crawl needs another --crawl-id")
	crawlSim(t, w, seedFile, out, "f", seeds.Shard{})
}

// snapshot lists every file under dir but the lock files with its size
// and modification time, one per line.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".lock") { // a lock file names the last holder
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %s\n", path, info.Size(), info.ModTime())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRun_NewCrawlInTheSameSecond starts two crawls into one output
// directory within one second, given no crawl id: the second gets an id
// of its own, rather than the first's (the time to the second), which it
// was refused as a second crawl of, told to give another --crawl-id it had
// never given.
func TestRun_NewCrawlInTheSameSecond(t *testing.T) {
	dir := t.TempDir()
	seedFile := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedFile, []byte("a.test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := pipeline.Options{Out: filepath.Join(dir, "out"), SeedsPath: seedFile, NoBuild: true,
		Crawl: crawl.Config{ConnectTo: "127.0.0.1:1", AllowPrivate: true}}
	// Start at the beginning of a second, so that both start in it.
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second)))
	first, err := pipeline.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if now := time.Now().UTC().Format("20060102T150405Z"); now != first.CrawlID {
		t.Skipf("the first crawl, %s, ended in another second (%s)", first.CrawlID, now)
	}
	second, err := pipeline.Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("a second crawl in the second of the first: %v", err)
	}
	if second.CrawlID == first.CrawlID || second.Status != "complete" {
		t.Errorf("the second crawl: id %s (the first's: %s), %s", second.CrawlID, first.CrawlID, second.Status)
	}
}
