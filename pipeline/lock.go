package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrShardBusy is returned by Run when another process is crawling the
// same shard into the same output directory.
var ErrShardBusy = errors.New("another survey crawl is writing this shard")

// shardLock is a crawl's exclusive hold on one shard of an output
// directory: two processes writing one shard would number their batches
// alike, and each would delete the other's parts in progress as a killed
// run's leftovers. The lock is the operating system's (flock), so it ends
// with the process however the process ends, and a killed crawl never
// leaves a stale lock behind; the file only says who holds it.
type shardLock struct {
	f *os.File
	// unsupported is set when the file system takes no locks (some
	// network and FUSE file systems): the crawl goes on unguarded.
	unsupported bool
}

// errLocksUnsupported is tryLock's error on a file system without locks.
var errLocksUnsupported = errors.New("the file system does not support locks")

// lockPath returns the lock file of a shard ("i/n") in dir.
func lockPath(dir, shard string) string { return shardFile(dir, shard, ".lock") }

// lockShard takes the lock of shard in dir, or fails with ErrShardBusy
// naming the holder.
func lockShard(dir, shard string) (*shardLock, error) {
	path := lockPath(dir, shard)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if errors.Is(err, errLocksUnsupported) {
		return &shardLock{f: f, unsupported: true}, nil
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if !held {
		holder, _ := os.ReadFile(path)
		f.Close()
		who := strings.TrimSpace(string(holder))
		if who == "" {
			who = "a process"
		}
		return nil, fmt.Errorf("%w: %s holds %s; wait for it to end or stop it, then resume", ErrShardBusy, who, path)
	}
	host, _ := os.Hostname()
	note := fmt.Sprintf("pid %d on %s since %s", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(note+"\n"), 0) // only says who holds the lock
	}
	return &shardLock{f: f}, nil
}

// unlock releases the lock.
func (l *shardLock) unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := l.f.Close() // closing the file releases the lock
	l.f = nil
	return err
}

// lockAllShards takes the lock of every shard with a state in dir, for a
// command that rewrites the directory's parts (reparse): it fails with
// ErrShardBusy while any crawl is writing there. The locks taken are
// released by the returned function.
func lockAllShards(dir string) (func(), error) {
	states, err := filepath.Glob(shardFile(dir, "*", ".json"))
	if err != nil {
		return nil, err
	}
	var held []*shardLock
	release := func() {
		for _, l := range held {
			l.unlock()
		}
	}
	for _, p := range states {
		l, err := lockShard(dir, fileShard(p))
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, l)
	}
	return release, nil
}
