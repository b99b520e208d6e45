package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/sink"
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
	if err := checkReparseDir(fs.Arg(0)); err != nil {
		return fail(e, "reparse", err)
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

// checkReparseDir returns an error, in words, unless dir is an output
// directory holding committed crawl output: a path that does not exist, a
// file (its database, say) or a directory of something else.
func checkReparseDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s does not exist", dir)
		}
		return err
	}
	if !st.IsDir() {
		if parent := filepath.Dir(dir); filepath.Base(dir) == "survey.duckdb" && hasCrawlOutput(parent) {
			return fmt.Errorf("%s is the database of an output directory; reparse reads the directory (survey reparse %s) and builds its database again", dir, shell.Quote(parent))
		}
		return fmt.Errorf("%s is not a directory; give a crawl's output directory (its --out)", dir)
	}
	if !hasCrawlOutput(dir) {
		return withOutputsInside(fmt.Errorf("%s holds no crawl output to reparse (no %s)", dir, filepath.Join(dir, sink.TableTargets, "crawl=ID")), dir)
	}
	return nil
}

// hasCrawlOutput reports whether dir holds any crawl's committed output.
func hasCrawlOutput(dir string) bool {
	ids, err := sink.CrawlIDs(dir)
	return err == nil && len(ids) > 0
}
