package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentpolicy/survey/internal/filelock"
)

// ErrShardBusy is returned by Run when another process is crawling the
// same shard into the same output directory.
var ErrShardBusy = errors.New("another survey crawl is writing this shard")

// shardLock is a crawl's exclusive hold on one shard of an output
// directory: two processes writing one shard would number their batches
// alike, and each would delete the other's parts in progress as a killed
// run's leftovers. On a file system that takes no locks (some network and
// FUSE file systems) the lock is Unsupported and the crawl goes on
// unguarded.
type shardLock = filelock.Lock

// lockPath returns the lock file of a shard ("i/n") in dir.
func lockPath(dir, shard string) string { return shardFile(dir, shard, ".lock") }

// DefaultLockWait is how long a crawl or a reparse waits for a shard that
// another process holds before failing with ErrShardBusy. A killed
// process's lock outlives it by the moment its teardown takes.
const DefaultLockWait = 10 * time.Second

// ErrInterruptedWaiting is returned by Run when its context ends while it
// waits for a shard that another process holds: nothing was crawled or
// recorded.
var ErrInterruptedWaiting = errors.New("interrupted while waiting for another survey crawl writing this shard; nothing was crawled or recorded")

// lockShard takes the lock of shard in dir, waiting up to wait (0 means
// DefaultLockWait) while another process holds it, or fails with
// ErrShardBusy naming the holder; it stops waiting when ctx ends, with
// ErrInterruptedWaiting.
func lockShard(ctx context.Context, dir, shard string, wait time.Duration) (*shardLock, error) {
	return lockShardOr(ctx, dir, shard, wait, "wait for it to end or stop it, then resume")
}

// lockShardOr is lockShard whose ErrShardBusy ends in advice, what to do
// about the crawl holding the shard.
func lockShardOr(ctx context.Context, dir, shard string, wait time.Duration, advice string) (*shardLock, error) {
	if wait <= 0 {
		wait = DefaultLockWait
	}
	// filelock.LockWithin, which a Ctrl-C would not end: the crawl would
	// say it stops, then wait on.
	deadline := time.Now().Add(wait)
	for {
		l, err := filelock.TryLock(lockPath(dir, shard))
		var busy *filelock.BusyError
		if !errors.As(err, &busy) {
			return l, err
		}
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("%w: %s holds %s; %s", ErrShardBusy, busy.Holder, busy.Path, advice)
		}
		t := time.NewTimer(min(50*time.Millisecond, time.Until(deadline)))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("%w (%s holds %s)", ErrInterruptedWaiting, busy.Holder, busy.Path)
		case <-t.C:
		}
	}
}

// lockAllShards takes the lock of every shard with a state in dir, for a
// command that rewrites the directory's parts (reparse): it fails with
// ErrShardBusy while any crawl is writing there. The locks taken are
// released by the returned function.
func lockAllShards(dir string, wait time.Duration) (func(), error) {
	states, err := filepath.Glob(shardFile(dir, "*", ".json"))
	if err != nil {
		return nil, err
	}
	var held []*shardLock
	release := func() {
		for _, l := range held {
			l.Unlock()
		}
	}
	for _, p := range states {
		// The crawl is not to be resumed but waited for: it may be
		// running as it should.
		l, err := lockShardOr(context.Background(), dir, fileShard(p), wait, "run the reparse again once it has ended")
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, l)
	}
	return release, nil
}
