package pipeline_test

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/pipeline"
)

// TestRun_InterruptWhileStandardInputStalls: a crawl whose seeds come
// from a standard input that stalls (a slow producer, a pipe from another
// machine) stops when interrupted, not when the producer next writes or
// ends (it waited for that, 27 s in a run of survey crawl --seeds -); its
// summary says interrupted and keeps what was crawled. Interrupted before
// any seed arrives, it returns ErrInterruptedBeforeSeeds.
func TestRun_InterruptWhileStandardInputStalls(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 10)
	b, err := os.ReadFile(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	first := strings.Join(strings.SplitN(string(b), "\n", 4)[:3], "\n") + "\n"
	for _, c := range []struct {
		name, written string
	}{{"after 3 seeds", first}, {"before any seed", ""}} {
		t.Run(c.name, func(t *testing.T) {
			pr, pw := io.Pipe() // never closed: the producer stalls
			t.Cleanup(func() { pw.Close() })
			go pw.Write([]byte(c.written))
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			var sum *pipeline.Summary
			var err error
			go func() {
				defer close(done)
				sum, err = pipeline.Run(ctx, pipeline.Options{Out: t.TempDir(), SeedsPath: "-", Stdin: pr, CrawlID: "s", Crawl: simConfig(w)})
			}()
			time.Sleep(1500 * time.Millisecond)
			cancel()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Run did not return within 20 s of the interrupt")
			}
			if c.written == "" {
				if !errors.Is(err, pipeline.ErrInterruptedBeforeSeeds) {
					t.Errorf("Run: %v, %+v; want ErrInterruptedBeforeSeeds", err, sum)
				}
				return
			}
			if err != nil || sum.Status != "interrupted" || sum.Domains != 3 {
				t.Errorf("Run: %v, %+v; want interrupted, with the 3 domains", err, sum)
			}
		})
	}
}
