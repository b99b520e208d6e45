package main

import (
	"context"
	"sync"
	"testing"
	"time"
)

// TestDecompositionLoops runs the colly loop and the crawler loop on a
// small clean web over both schemes: each fetches every location of every
// domain without a failure and reads exactly the body bytes the bare loop
// reads (the same files, through three fetchers).
func TestDecompositionLoops(t *testing.T) {
	w, domains := startCleanWeb(t, 12)
	for _, scheme := range []string{"https", "http"} {
		t.Run(scheme, func(t *testing.T) {
			o := ceilingOptions{Addr: w.Addrs.HTTP, Roots: w.Roots, Scheme: scheme, Domains: domains,
				Paths: ceilingPaths(), Concurrency: 4, Timeout: 10 * time.Second}
			bare, err := runCeiling(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			for name, loop := range map[string]func(context.Context, ceilingOptions) (ceilingResult, error){
				"colly loop": runCollyLoop, "crawler loop": runCrawlerLoop,
			} {
				res, err := loop(context.Background(), o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if res.Domains != 12 || res.Requests != 12*13 || res.Errors != 0 {
					t.Errorf("%s: domains %d, requests %d, errors %d (%s); want 12, 156, 0", name, res.Domains, res.Requests, res.Errors, res.FirstErr)
				}
				if res.Bytes != bare.Bytes || res.Bytes == 0 {
					t.Errorf("%s: %d bytes of bodies, the bare loop %d; want the same, not 0", name, res.Bytes, bare.Bytes)
				}
				if res.Elapsed <= 0 || res.CPU <= 0 {
					t.Errorf("%s: elapsed %s, CPU %s; want both positive", name, res.Elapsed, res.CPU)
				}
			}
		})
	}
}

// TestDecompositionLoops_Cancelled stops both loops: they return the
// context's error, having crawled fewer than every domain.
func TestDecompositionLoops_Cancelled(t *testing.T) {
	w, domains := startCleanWeb(t, 40)
	for name, loop := range map[string]func(context.Context, ceilingOptions) (ceilingResult, error){
		"colly loop": runCollyLoop, "crawler loop": runCrawlerLoop,
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := loop(ctx, ceilingOptions{Addr: w.Addrs.HTTP, Scheme: "http", Domains: domains, Paths: ceilingPaths(), Concurrency: 2})
		if err == nil || res.Domains == int64(len(domains)) {
			t.Errorf("%s: cancelled before it started: %d domains, error %v; want fewer than %d and an error", name, res.Domains, err, len(domains))
		}
	}
}

// TestRunLoop_WorkersGetDefaults: a loop's workers are made with the
// checked options, so that a loop given no timeout still has the default
// one (a worker's client would otherwise wait forever on a stalled site).
func TestRunLoop_WorkersGetDefaults(t *testing.T) {
	var got []time.Duration
	var mu sync.Mutex
	_, err := runLoop(context.Background(), ceilingOptions{Scheme: "http", Concurrency: 2}, func(o ceilingOptions) loopWorker {
		mu.Lock()
		got = append(got, o.Timeout)
		mu.Unlock()
		return loopWorker{close: func() {}, endDomain: func() {}}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != 10*time.Second || got[1] != 10*time.Second {
		t.Errorf("workers made with timeouts %v, want two of 10s", got)
	}
}
