package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/testweb"
)

// startCleanWeb starts a clean simulated web of n sites on loopback and
// returns it with its domains.
func startCleanWeb(t *testing.T, n int) (*simcrawl.Web, []string) {
	t.Helper()
	w, err := simcrawl.Start(testweb.Config{Seed: 1, Sites: n, Mix: testweb.MixClean})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	var domains []string
	for d := range w.Web.Domains() {
		domains = append(domains, d)
	}
	if len(domains) != n {
		t.Fatalf("%d domains, want %d", len(domains), n)
	}
	return w, domains
}

func TestRunCeiling(t *testing.T) {
	w, domains := startCleanWeb(t, 12)
	for _, scheme := range []string{"https", "http"} {
		t.Run(scheme, func(t *testing.T) {
			res, err := runCeiling(context.Background(), ceilingOptions{Addr: w.Addrs.HTTP, Roots: w.Roots, Scheme: scheme,
				Domains: domains, Paths: ceilingPaths(), Concurrency: 4, Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if res.Domains != 12 || res.Requests != 12*13 || res.Errors != 0 {
				t.Errorf("domains %d, requests %d, errors %d (%s); want 12, 156, 0", res.Domains, res.Requests, res.Errors, res.FirstErr)
			}
			if res.Bytes <= 0 || res.Elapsed <= 0 {
				t.Errorf("bytes %d, elapsed %s; want both positive", res.Bytes, res.Elapsed)
			}
		})
	}
}

func TestRunCeiling_Busy(t *testing.T) {
	// Busy spins each worker after each domain: 8 domains over 2 workers
	// at 20 ms each take at least 80 ms, which the fetches of a loopback
	// web alone do not.
	w, domains := startCleanWeb(t, 8)
	res, err := runCeiling(context.Background(), ceilingOptions{Addr: w.Addrs.HTTP, Scheme: "http",
		Domains: domains, Paths: []string{"/robots.txt"}, Concurrency: 2, Busy: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Domains != 8 || res.Elapsed < 80*time.Millisecond {
		t.Errorf("domains %d in %s; want 8 in at least 80ms", res.Domains, res.Elapsed)
	}
}

func TestRunCeiling_UntrustedCA(t *testing.T) {
	// Without the simulated web's CA every HTTPS request fails: the loop
	// counts the failures and reports the first.
	w, domains := startCleanWeb(t, 3)
	res, err := runCeiling(context.Background(), ceilingOptions{Addr: w.Addrs.HTTP, Scheme: "https",
		Domains: domains, Paths: []string{"/robots.txt"}, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors != 3 || res.Requests != 3 || !strings.Contains(res.FirstErr, "certificate") {
		t.Errorf("errors %d of %d requests, first %q; want 3 of 3 about the certificate", res.Errors, res.Requests, res.FirstErr)
	}
}

func TestRunCeiling_Cancelled(t *testing.T) {
	w, domains := startCleanWeb(t, 20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := runCeiling(ctx, ceilingOptions{Addr: w.Addrs.HTTP, Roots: w.Roots, Scheme: "http",
		Domains: domains, Paths: ceilingPaths(), Concurrency: 2})
	if err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if res.Errors != 0 {
		t.Errorf("a cancelled loop counted %d errors", res.Errors)
	}
}

func TestRunCeiling_BadOptions(t *testing.T) {
	if _, err := runCeiling(context.Background(), ceilingOptions{Scheme: "https"}); err == nil {
		t.Error("concurrency 0 accepted")
	}
	if _, err := runCeiling(context.Background(), ceilingOptions{Scheme: "ftp", Concurrency: 1}); err == nil || !strings.Contains(err.Error(), `"ftp"`) {
		t.Errorf("scheme ftp: err = %v, want one naming it", err)
	}
}
