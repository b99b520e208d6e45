package filelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.lock")
	held, err := TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if held.Unsupported {
		t.Skip("this file system takes no locks")
	}
	note, _ := os.ReadFile(path)
	if want := fmt.Sprintf("pid %d on ", os.Getpid()); !strings.HasPrefix(string(note), want) {
		t.Errorf("the lock file says %q, want it to start with %q", note, want)
	}

	// flock locks belong to an open file, so a second TryLock in this
	// process is refused as another process's would be.
	_, err = TryLock(path)
	var busy *BusyError
	if !errors.Is(err, ErrBusy) || !errors.As(err, &busy) || busy.Path != path || busy.Holder != strings.TrimSpace(string(note)) {
		t.Fatalf("a second lock: %v, want a BusyError naming %s and its holder", err, path)
	}

	// LockWithin waits for a holder that lets go, and not forever for one
	// that does not.
	start := time.Now()
	if _, err := LockWithin(path, 120*time.Millisecond); !errors.Is(err, ErrBusy) || time.Since(start) < 120*time.Millisecond {
		t.Errorf("LockWithin a held lock: %v after %v, want ErrBusy after 120ms", err, time.Since(start))
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		held.Unlock()
	}()
	waited, err := LockWithin(path, time.Minute)
	if err != nil {
		t.Fatalf("LockWithin a lock released 100 ms later: %v", err)
	}
	if err := waited.Unlock(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); len(b) != 0 {
		t.Errorf("the released lock file still says %q", b)
	}
	again, err := TryLock(path)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	again.Unlock()
	var none *Lock
	if err := none.Unlock(); err != nil {
		t.Errorf("a nil Lock's Unlock: %v", err)
	}
}

func TestHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	if who, held, err := Holder(path); err != nil || held || who != "" {
		t.Fatalf("Holder of a missing file = %q, %v, %v; want not held", who, held, err)
	}
	l, err := TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if l.Unsupported {
		if _, _, err := Holder(path); !errors.Is(err, errors.ErrUnsupported) {
			t.Errorf("Holder on a file system without locks: %v, want errors.ErrUnsupported", err)
		}
		t.Skip("this file system takes no locks")
	}
	note, _ := os.ReadFile(path)
	who, held, err := Holder(path)
	if err != nil || !held || who != strings.TrimSpace(string(note)) {
		t.Errorf("Holder of a held lock = %q, %v, %v; want %q", who, held, err, note)
	}
	// Looking writes nothing and leaves the lock to its holder.
	if after, _ := os.ReadFile(path); string(after) != string(note) {
		t.Errorf("the lock file says %q after a look, %q before", after, note)
	}
	if _, err := TryLock(path); !errors.Is(err, ErrBusy) {
		t.Errorf("after a look, TryLock: %v, want ErrBusy", err)
	}
	l.Unlock()
	if who, held, err := Holder(path); err != nil || held {
		t.Errorf("Holder of a released lock = %q, %v, %v; want not held", who, held, err)
	}
	// The look did not keep the lock.
	again, err := TryLock(path)
	if err != nil {
		t.Fatalf("TryLock after a look at a free lock: %v", err)
	}
	again.Unlock()
}
