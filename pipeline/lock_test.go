package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLockShard holds a shard of an output directory as a running crawl
// does: a crawl of the same shard fails at once, naming the holder, and
// touches nothing; so does a reparse of the directory; another shard of the directory is free; once released,
// the shard can be taken again.
func TestLockShard(t *testing.T) {
	out := t.TempDir()
	held, err := lockShard(context.Background(), out, "0/1", time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	leftover := filepath.Join(out, "fetches", "crawl=x", ".part-0of1-00000001.parquet.1.tmp")
	if err := os.MkdirAll(filepath.Dir(leftover), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leftover, nil, 0o644); err != nil {
		t.Fatal(err)
	}

	_, err = Run(context.Background(), Options{Out: out, CrawlID: "x", Resume: true, LockWait: 50 * time.Millisecond})
	if !errors.Is(err, ErrShardBusy) {
		t.Fatalf("a second crawl of the shard: %v, want ErrShardBusy", err)
	}
	if want := fmt.Sprintf("pid %d on ", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Errorf("%q does not name the holder (%q)", err, want)
	}
	if _, err := os.Stat(leftover); err != nil {
		t.Errorf("the refused crawl removed the running crawl's part in progress: %v", err)
	}

	// A reparse of the directory waits for no crawl: it is refused too.
	if err := (&State{CrawlID: "x", Shard: "0/1"}).save(out); err != nil {
		t.Fatal(err)
	}
	// Its advice is to wait, not to resume a crawl that may be running as
	// it should.
	_, err = Reparse(context.Background(), ReparseOptions{Dir: out, LockWait: 50 * time.Millisecond})
	if !errors.Is(err, ErrShardBusy) || !strings.HasSuffix(err.Error(), "; run the reparse again once it has ended") || strings.Contains(err.Error(), "resume") {
		t.Errorf("a reparse while the shard is held: %v, want ErrShardBusy advising to run it again once the crawl has ended", err)
	}

	other, err := lockShard(context.Background(), out, "1/4", time.Millisecond)
	if err != nil {
		t.Fatalf("another shard of the directory: %v", err)
	}
	other.Unlock()

	if err := held.Unlock(); err != nil {
		t.Fatal(err)
	}
	again, err := lockShard(context.Background(), out, "0/1", time.Millisecond)
	if err != nil {
		t.Fatalf("after the holder released it: %v", err)
	}
	again.Unlock()
}

// TestRun_InterruptedWhileWaitingForTheShard interrupts a crawl waiting
// for a shard that another process holds: it stops waiting at once and
// says that nothing was crawled, rather than going on waiting after its
// interruption, up to LockWait, and failing then.
func TestRun_InterruptedWhileWaitingForTheShard(t *testing.T) {
	out := t.TempDir()
	held, err := lockShard(context.Background(), out, "0/1", time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err = Run(ctx, Options{Out: out, CrawlID: "x", Resume: true, LockWait: time.Minute})
	if waited := time.Since(start); !errors.Is(err, ErrInterruptedWaiting) || waited > 5*time.Second {
		t.Errorf("after %v: %v, want ErrInterruptedWaiting within a moment of the interruption", waited.Round(time.Millisecond), err)
	}
	if want := fmt.Sprintf("pid %d on ", os.Getpid()); err != nil && !strings.Contains(err.Error(), want) {
		t.Errorf("%q does not name the holder (%q)", err, want)
	}
}

// TestRun_NewCrawlWhileTheShardIsHeld starts a new crawl of a shard that
// another process holds: it is refused, naming the holder, with advice for
// a new crawl (it has nothing to resume), not "then resume".
func TestRun_NewCrawlWhileTheShardIsHeld(t *testing.T) {
	out := t.TempDir()
	held, err := lockShard(context.Background(), out, "0/1", time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	_, err = Run(context.Background(), Options{Out: out, SeedsPath: "seeds.txt", CrawlID: "new", LockWait: 50 * time.Millisecond})
	want := "; wait for it to end, then start this crawl again, or give this crawl another --out"
	if !errors.Is(err, ErrShardBusy) || !strings.HasSuffix(fmt.Sprint(err), want) {
		t.Errorf("a new crawl of a held shard: %v, want ErrShardBusy ending %q", err, want)
	}
}
