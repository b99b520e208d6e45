package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentpolicy/survey/registry"
)

// ceilingOptions configure the bare fetch loop.
type ceilingOptions struct {
	Addr        string // every connection goes here (the simulated web)
	Roots       *x509.CertPool
	Scheme      string // https or http
	Domains     []string
	Paths       []string // fetched in order on every domain
	Concurrency int
	Timeout     time.Duration // of one request, body included
	// Busy, when positive, makes each worker spin for this long (wall
	// clock) after each domain, as if it did work per domain: a diagnostic
	// of how the simulated web's CPU depends on its client's pace.
	Busy time.Duration
}

// ceilingResult is what the loop did.
type ceilingResult struct {
	Domains  int64
	Requests int64
	Errors   int64 // requests that failed (network errors, timeouts)
	Bytes    int64 // body bytes read
	Elapsed  time.Duration
	CPU      time.Duration // this process's CPU time during the loop
	WebCPU   time.Duration // the simulated web's, when measured by the caller
	FirstErr string
}

// ran reports whether the loop ran (a pair of a quick run has no colly
// loop or crawler loop).
func (r ceilingResult) ran() bool { return r.Elapsed > 0 }

// ceilingPaths returns the path of every registry location, the canary
// as a nonexistent /.well-known/ name, in the crawler's fetch order.
func ceilingPaths() []string {
	var paths []string
	for _, l := range registry.Locations() {
		p := l.Path
		if l.Canary {
			p = registry.CanaryPath("benchceiling")
		}
		paths = append(paths, p)
	}
	return paths
}

// runCeiling fetches every path of every domain with a bare net/http
// client: Concurrency workers, each taking one domain at a time over one
// kept-alive HTTP/1.1 connection (closed when the domain is done), reading
// and discarding every body. Nothing is parsed or written. The clock runs
// from the first request to the last body.
func runCeiling(ctx context.Context, o ceilingOptions) (ceilingResult, error) {
	return runLoop(ctx, o, func(o ceilingOptions) loopWorker {
		tr := ceilingTransport(o)
		client := &http.Client{Transport: tr, Timeout: o.Timeout, CheckRedirect: ceilingRedirects}
		return loopWorker{
			fetch: func(url string) (int64, error) { return fetchDiscard(ctx, client, url) },
			endDomain: func() {
				tr.CloseIdleConnections()
				spin(o.Busy)
			},
			close: tr.CloseIdleConnections,
		}
	})
}

// A loopWorker is one worker of a loop over the domains: it fetches a
// URL, returning the bytes of body it read, ends each domain after its
// paths, and is closed when the domains run out.
type loopWorker struct {
	fetch     func(url string) (int64, error)
	endDomain func()
	close     func()
}

// runLoop runs o.Concurrency workers made by newWorker, which is given o
// with its defaults set (check), each taking one domain at a time and
// fetching every one of o.Paths on it, in order, until the domains run
// out or ctx is done. It counts domains, requests, failed requests and
// bytes, and clocks the whole from the first request.
func runLoop(ctx context.Context, o ceilingOptions, newWorker func(ceilingOptions) loopWorker) (ceilingResult, error) {
	if err := o.check(); err != nil {
		return ceilingResult{}, err
	}
	var res ceilingResult
	var domains, requests, failures, bytes atomic.Int64
	var firstErr sync.Once
	next := make(chan string)
	var wg sync.WaitGroup
	start, cpu := time.Now(), selfCPU()
	for range o.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(o)
			defer w.close()
			for d := range next {
				for _, p := range o.Paths {
					n, err := w.fetch(o.Scheme + "://" + d + p)
					requests.Add(1)
					bytes.Add(n)
					if err != nil {
						if ctx.Err() != nil {
							return
						}
						failures.Add(1)
						firstErr.Do(func() { res.FirstErr = err.Error() })
					}
				}
				w.endDomain()
				domains.Add(1)
			}
		}()
	}
	feed(ctx, next, o.Domains)
	wg.Wait()
	res.Elapsed, res.CPU = time.Since(start), selfCPU()-cpu
	res.Domains, res.Requests, res.Errors, res.Bytes = domains.Load(), requests.Load(), failures.Load(), bytes.Load()
	return res, ctx.Err()
}

// spin keeps the calling goroutine busy for d of wall clock time; on a
// machine with spare cores that is d of CPU time.
func spin(d time.Duration) {
	if d <= 0 {
		return
	}
	for start := time.Now(); time.Since(start) < d; {
	}
}

// ceilingTransport is one worker's transport: every connection to the
// simulated web's address, the CA trusted, HTTP/1.1 only (as the crawler).
func ceilingTransport(o ceilingOptions) *http.Transport {
	d := &net.Dialer{Timeout: o.Timeout}
	return &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "tcp", o.Addr)
		},
		TLSClientConfig:     &tls.Config{RootCAs: o.Roots},
		TLSNextProto:        map[string]func(string, *tls.Conn) http.RoundTripper{},
		MaxConnsPerHost:     1,
		MaxIdleConnsPerHost: 1,
		IdleConnTimeout:     5 * time.Second,
	}
}

// fetchDiscard GETs url and reads its body into io.Discard, returning the
// bytes read.
func fetchDiscard(ctx context.Context, c *http.Client, url string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return io.Copy(io.Discard, resp.Body)
}
