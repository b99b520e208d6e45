package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestChild_FailureShowsLog(t *testing.T) {
	log := filepath.Join(t.TempDir(), "child.log")
	c, err := startChild(context.Background(), "failing", "/bin/sh", log, "-c", "echo first; echo 'it broke' >&2; exit 3")
	if err != nil {
		t.Fatal(err)
	}
	err = c.wait()
	if err == nil {
		t.Fatal("exit status 3 gave no error")
	}
	for _, want := range []string{"failing: exit status 3", "it broke", log} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if c.maxRSSKiB() <= 0 {
		t.Errorf("peak RSS %d KiB, want it read from the exited child's rusage", c.maxRSSKiB())
	}
}

func TestChild_Stop(t *testing.T) {
	c, err := startChild(context.Background(), "sleeper", "/bin/sleep", filepath.Join(t.TempDir(), "log"), "600")
	if err != nil {
		t.Fatal(err)
	}
	if c.exited() {
		t.Fatal("exited at once")
	}
	c.stop()
	if !c.exited() {
		t.Fatal("still running after stop")
	}
	if err := c.wait(); err == nil || !strings.Contains(err.Error(), "terminated") {
		t.Errorf("wait after stop: %v, want a signal error", err)
	}
	c.stop() // a second stop is harmless
}

func TestChild_ContextEndsIt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c, err := startChild(ctx, "sleeper", "/bin/sleep", filepath.Join(t.TempDir(), "log"), "600")
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := c.wait(); err == nil {
		t.Error("a cancelled child exited cleanly")
	}
}

func TestChild_MissingBinary(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	_, err := startChild(context.Background(), "ghost", missing, filepath.Join(t.TempDir(), "log"))
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("err = %v, want one naming %s", err, missing)
	}
}
