// Package filelock takes exclusive locks on files, for the processes of
// survey that must not write one thing at once (two crawls of one shard,
// two builds of one database). A lock is the operating system's (flock),
// so it ends with its process however the process ends: a killed process
// never leaves a stale lock behind. The locked file only says who holds
// the lock.
package filelock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrBusy is matched (errors.Is) by the error of TryLock when another
// process, or another Lock of this one, holds the lock.
var ErrBusy = errors.New("held by another process")

// BusyError is TryLock's error when the lock is held: it names the file
// and what the file says of its holder ("pid 12 on host since TIME").
type BusyError struct {
	Path   string
	Holder string
}

// Error says who holds which lock.
func (e *BusyError) Error() string { return e.Holder + " holds " + e.Path }

// Is reports whether target is ErrBusy.
func (e *BusyError) Is(target error) bool { return target == ErrBusy }

// Lock is a held lock. Unlock releases it; a nil *Lock is valid and holds
// nothing.
type Lock struct {
	f *os.File
	// Unsupported is set when the file system takes no locks (some
	// network and FUSE file systems): the caller goes on unguarded and
	// must not assume it is alone.
	Unsupported bool
}

// errUnsupported is tryLock's error on a file system without locks.
var errUnsupported = errors.New("the file system does not support locks")

// TryLock takes the lock of path without waiting, creating the file and
// its directory if needed, and writes who holds it there. It fails with a
// *BusyError when the lock is held. On a file system that takes no locks
// it returns a Lock with Unsupported set.
func TryLock(path string) (*Lock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if errors.Is(err, errUnsupported) {
		return &Lock{f: f, Unsupported: true}, nil
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if !held {
		f.Close()
		return nil, &BusyError{Path: path, Holder: holderOf(path)}
	}
	host, _ := os.Hostname()
	note := fmt.Sprintf("pid %d on %s since %s", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(note+"\n"), 0) // only says who holds the lock
	}
	return &Lock{f: f}, nil
}

// Holder reports whether a process holds the lock of path and, if one
// does, what the file says of it ("pid 12 on host since TIME"). It looks
// without writing: it takes the lock only for the moment of the look,
// through a read-only descriptor, so a process that tries to take it then
// (with LockWithin) waits that moment. A file that does not exist is not
// held. On a file system that takes no locks it fails with an error
// matching errors.ErrUnsupported: nobody can tell.
func Holder(path string) (holder string, held bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	defer f.Close() // closing the file releases a lock taken here
	free, err := tryLock(f)
	if errors.Is(err, errUnsupported) {
		return "", false, fmt.Errorf("%s: %w", path, errors.ErrUnsupported)
	}
	if err != nil {
		return "", false, fmt.Errorf("looking at the lock %s: %w", path, err)
	}
	if free {
		return "", false, nil
	}
	return holderOf(path), true, nil
}

// holderOf returns what the held lock file path says of its holder, or
// "a process" when it says nothing (yet).
func holderOf(path string) string {
	note, _ := os.ReadFile(path)
	if who := strings.TrimSpace(string(note)); who != "" {
		return who
	}
	return "a process"
}

// LockWithin is TryLock tried again, every 50 ms, while the lock is held,
// until wait has passed. A killed process releases its locks only once
// the kernel has torn it down, a moment after its parent (a scheduler
// requeueing a task, say) saw it die: a short wait tells such a process
// from one that is still running.
func LockWithin(path string, wait time.Duration) (*Lock, error) {
	deadline := time.Now().Add(wait)
	for {
		l, err := TryLock(path)
		if !errors.Is(err, ErrBusy) || !time.Now().Before(deadline) {
			return l, err
		}
		time.Sleep(min(50*time.Millisecond, time.Until(deadline)))
	}
}

// Unlock releases the lock; the file stays, empty.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := l.f.Close() // closing the file releases the lock
	l.f = nil
	return err
}
