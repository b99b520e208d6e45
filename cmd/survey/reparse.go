package main

import (
	"context"
	"fmt"
	"time"

	"github.com/agentpolicy/survey/pipeline"
)

const reparseAbout = `
Rebuild every parsed table (documents, diagnostics and the per-format tables)
of the crawls in an output directory from the stored bodies, with this
version's parsers and no network, then rebuild the DuckDB database. The parser
version is recorded in documents.parser_version. Use it after upgrading survey,
to compare parsers on the same data, or to recover parsed tables.

  survey reparse ./survey-data
  survey reparse --crawl 20261121T101500Z ./survey-data`

func runReparse(e *env, args []string) int {
	fs := newFlags(e, "reparse", "[flags] DIR", reparseAbout)
	crawlID := fs.String("crawl", "", "reparse only this crawl (default: every crawl in DIR)")
	noBuild := fs.Bool("no-build", false, "do not rebuild the DuckDB database")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return badUsage(fs, "give one output directory; got "+arguments(fs.Args()))
	}
	sum, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{
		Dir: fs.Arg(0), CrawlID: *crawlID, NoBuild: *noBuild, Progress: e.stderr, TTY: e.stderrTTY,
	})
	if err != nil {
		return fail(e, "reparse", err)
	}
	fmt.Fprintf(e.stdout, "reparsed %s (%s, %s) with parser version %s in %s",
		plural(len(sum.Crawls), "crawl", "crawls"), plural(sum.Parts, "batch", "batches"), plural(int(sum.Documents), "document", "documents"), sum.ParserVersion, sum.Elapsed.Round(time.Millisecond))
	if sum.DBPath != "" {
		fmt.Fprintf(e.stdout, "; database %s", sum.DBPath)
	}
	fmt.Fprintln(e.stdout)
	return exitOK
}
