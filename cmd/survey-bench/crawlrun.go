package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"
)

// crawlOptions are the flags of one survey crawl against a simulated web.
type crawlOptions struct {
	Seeds       string
	Out         string
	Concurrency int
	Timeout     time.Duration // --timeout; 0 keeps survey's default
	Extra       []string      // more flags
}

// args returns the survey crawl command line for o against web.
func (o crawlOptions) args(web *simWeb) []string {
	a := []string{"crawl",
		"--seeds", o.Seeds,
		"--out", o.Out,
		"--crawl-id", "bench",
		"--connect-to", web.Addr,
		"--ca-file", web.CA,
		"--concurrency", strconv.Itoa(o.Concurrency),
		"--quiet",
	}
	if o.Timeout > 0 {
		a = append(a, "--timeout", o.Timeout.String())
	}
	return append(a, o.Extra...)
}

// crawlResult is one survey crawl: its process figures and what its
// database says.
type crawlResult struct {
	Wall      time.Duration // process start to exit, the DuckDB build included
	CPU       time.Duration // user + system
	WebCPU    time.Duration // the simulated web's CPU time during the crawl
	MaxRSSKiB int64         // peak resident set size
	DB        string        // the DuckDB database
	Stats     crawlStats
}

// runCrawl runs survey crawl as a child process and reads its figures
// from the database it built. Every heartbeat it writes a line to
// progress (nil: none).
func runCrawl(ctx context.Context, survey string, web *simWeb, o crawlOptions, progress io.Writer, heartbeat time.Duration) (crawlResult, error) {
	start, webCPU := time.Now(), web.cpu()
	proc, err := startChild(ctx, "survey crawl", survey, o.Out+".log", o.args(web)...)
	if err != nil {
		return crawlResult{}, err
	}
	if progress != nil && heartbeat > 0 {
		t := time.NewTicker(heartbeat)
	wait:
		for {
			select {
			case <-proc.done:
				break wait
			case <-t.C:
				line := fmt.Sprintf("   ... crawling, %s elapsed", time.Since(start).Round(time.Second))
				if now, peak, ok := rssKiB(proc.cmd.Process.Pid); ok {
					line += fmt.Sprintf(", RSS %.0f MiB (peak %.0f MiB)", mib(now), mib(peak))
				}
				fmt.Fprintln(progress, line)
			}
		}
		t.Stop()
	}
	err = proc.wait()
	wall, webCPU := time.Since(start), web.cpu()-webCPU
	if ctx.Err() != nil {
		return crawlResult{}, ctx.Err()
	}
	if err != nil {
		return crawlResult{}, err
	}
	if web.proc.exited() {
		return crawlResult{}, fmt.Errorf("the simulated web exited during the crawl%s", logTail(web.proc.log))
	}
	res := crawlResult{Wall: wall, CPU: proc.cpuTime(), WebCPU: webCPU, MaxRSSKiB: proc.maxRSSKiB(), DB: filepath.Join(o.Out, "survey.duckdb")}
	if res.Stats, err = readCrawlStats(ctx, res.DB); err != nil {
		return crawlResult{}, err
	}
	return res, nil
}
