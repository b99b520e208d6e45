package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/gocolly/colly/v2"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// The ceiling's gap, taken apart. Between the bare loop and survey crawl
// lie two layers, and group 1 measures a loop at each, on the same domains
// and locations, in the same pairs:
//
//   - the colly loop is the bare loop with every request made through a
//     colly Collector, the fetcher survey is built on (configured as
//     survey's: revisits allowed, error bodies kept, robots.txt not
//     consulted), over the bare loop's transport. Its gap to the bare loop
//     is colly's own cost per request.
//   - the crawler loop is survey's crawler (package crawl) as survey crawl
//     configures it: colly over survey's transport, with its politeness
//     gates, address guard, timeouts, redirect checks and body capture.
//     Each domain's result is discarded: nothing is classified, parsed or
//     written. Its gap to survey crawl is the dataset's cost (classifying,
//     parsing, rows, Parquet, the DuckDB build).
//
// Both run in this process, as the bare loop does; the crawler loop with
// the garbage collector settings survey crawl uses by default.

// runCollyLoop fetches every path of every domain through colly: o's
// Concurrency workers, each with its own Collector over a transport like
// the bare loop's (one kept-alive connection per domain, closed when the
// domain is done), following redirects as the bare loop does. colly reads
// every body (it keeps them for its callbacks); nothing else is done.
func runCollyLoop(ctx context.Context, o ceilingOptions) (ceilingResult, error) {
	return runLoop(ctx, o, func(o ceilingOptions) loopWorker {
		tr := ceilingTransport(o)
		c := colly.NewCollector(colly.AllowURLRevisit(), colly.ParseHTTPErrorResponse(), colly.IgnoreRobotsTxt(),
			colly.MaxBodySize(int(crawl.DefaultMaxBody)))
		c.SetClient(&http.Client{Transport: tr, Timeout: o.Timeout, CheckRedirect: ceilingRedirects})
		c.Context = ctx
		var n int64 // the body colly read for the last Visit
		c.OnResponse(func(r *colly.Response) { n = int64(len(r.Body)) })
		return loopWorker{
			fetch: func(url string) (int64, error) {
				n = 0
				err := c.Visit(url)
				return n, err
			},
			endDomain: tr.CloseIdleConnections,
			close:     tr.CloseIdleConnections,
		}
	})
}

// runCrawlerLoop runs survey's crawler on o's domains as origins of o's
// scheme (as the ceiling group's survey crawl is given them), routed to
// the simulated web, with the bare loop's canary path, and discards every
// domain's result. Requests and bytes are those of the fetches; failures
// are fetches that got no complete response.
func runCrawlerLoop(ctx context.Context, o ceilingOptions) (ceilingResult, error) {
	if err := o.check(); err != nil {
		return ceilingResult{}, err
	}
	c, err := crawl.New(crawl.Config{Concurrency: o.Concurrency, Timeout: o.Timeout, ConnectTo: o.Addr, RootCAs: o.Roots,
		CanaryPath: registry.CanaryPath("benchceiling")})
	if err != nil {
		return ceilingResult{}, fmt.Errorf("crawler loop: %w", err)
	}
	var origins strings.Builder
	for _, d := range o.Domains {
		origins.WriteString(o.Scheme + "://" + d + "\n")
	}
	rd := seeds.NewReader(strings.NewReader(origins.String()), "ceiling origins")
	var list []seeds.Seed
	for {
		s, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return ceilingResult{}, fmt.Errorf("crawler loop: seeds: %w", err)
		}
		list = append(list, s)
	}
	// survey crawl's garbage collector settings, for this run.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(crawl.DefaultMemoryLimit))
	defer debug.SetGCPercent(debug.SetGCPercent(crawl.GCPercent))

	var res ceilingResult
	var firstErr sync.Once
	in := make(chan seeds.Seed)
	start, cpu := time.Now(), selfCPU()
	go feed(ctx, in, list)
	var mu sync.Mutex
	err = c.Run(ctx, in, func(d *crawl.DomainResult) error {
		mu.Lock()
		defer mu.Unlock()
		res.Domains++
		for _, f := range d.Fetches {
			res.Requests++
			res.Bytes += int64(len(f.Body))
			if f.ErrKind != crawl.ErrNone {
				res.Errors++
				firstErr.Do(func() { res.FirstErr = f.Err })
			}
		}
		return nil
	})
	res.Elapsed, res.CPU = time.Since(start), selfCPU()-cpu
	return res, err // Run returns ctx's error when it was stopped
}

// check reports options a loop cannot run with, and sets the default
// timeout.
func (o *ceilingOptions) check() error {
	if o.Concurrency <= 0 {
		return errors.New("ceiling: concurrency must be positive")
	}
	if o.Scheme != "https" && o.Scheme != "http" {
		return fmt.Errorf("ceiling: scheme %q is not https or http", o.Scheme)
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	return nil
}

// ceilingRedirects is the bare loop's redirect policy: follow up to the
// registry's limit, then keep the last response.
func ceilingRedirects(_ *http.Request, via []*http.Request) error {
	if len(via) > registry.MaxRedirects {
		return http.ErrUseLastResponse
	}
	return nil
}

// feed sends every item (a domain, a seed) to next, in order, until ctx
// is done, then closes next.
func feed[T any](ctx context.Context, next chan<- T, items []T) {
	defer close(next)
	for _, d := range items {
		select {
		case next <- d:
		case <-ctx.Done():
			return
		}
	}
}
