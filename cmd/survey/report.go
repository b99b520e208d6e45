package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentpolicy/survey/report"
	"github.com/agentpolicy/survey/sink"
)

const reportAbout = `
Write one self-contained HTML report of a crawl: headline figures, a chart
and a table per question (the named queries), and the methodology (the
crawl's options, limits and outcome definitions, and how every figure was
computed). The file loads nothing from the network; open it in any browser
or print it.

  survey report --out report.html
  survey report --db data/survey.duckdb --crawl 2026-05 --title 'May 2026 survey' --out may.html

A question whose query finds no rows says so in its section. One whose
query does not exist in this version, or fails, shows a "no data" note
instead; such notes are also printed on standard error and the command
exits 1.`

func runReport(e *env, args []string) int {
	fs := newFlags(e, "report", "[flags] --out FILE", reportAbout)
	db := fs.String("db", defaultDB, "DuckDB database file")
	memory := fs.String("memory-limit", sink.DefaultMemoryLimit, "DuckDB memory limit (it spills to disk beyond it where it can)")
	out := fs.String("out", "", "HTML file to write (- for standard output)")
	crawlID := fs.String("crawl", "", "crawl to report (default: the most recent crawl)")
	title := fs.String("title", "", `page title (default: "Agent-policy survey: crawl ID")`)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if err := sink.CheckMemoryLimit(*memory); err != nil {
		return badUsage(fs, "--memory-limit: "+err.Error())
	}
	switch {
	case *out == "":
		return badUsage(fs, "--out FILE is required")
	case fs.NArg() != 0:
		return badUsage(fs, "takes no argument (the database is --db); got "+arguments(fs.Args()))
	}
	conn, err := openSurveyDB(*db, *memory, false)
	if err != nil {
		return fail(e, "report", err)
	}
	defer conn.Close()
	r, err := report.Build(context.Background(), conn, report.Options{CrawlID: *crawlID, Title: *title})
	if err != nil {
		return fail(e, "report", explainMissingColumns(conn, *db, fmt.Errorf("%s: %w", *db, err)))
	}
	if *out == "-" {
		if err := r.WriteHTML(e.stdout); err != nil {
			return fail(e, "report", err)
		}
	} else if err := writeReport(*out, r); err != nil {
		return fail(e, "report", err)
	}
	problems := r.Problems()
	for _, p := range problems {
		fmt.Fprintf(e.stderr, "survey report: no data: %s\n", p)
	}
	if *out != "-" {
		fmt.Fprintf(e.stderr, "survey report: wrote %s (crawl %s, %d sections)\n", *out, r.Crawl.ID, len(r.Sections))
	}
	if len(problems) > 0 {
		if older := olderDatabase(conn, *db); older != "" {
			fmt.Fprintf(e.stderr, "survey report: %s\n", older)
		}
		return exitFindings
	}
	return exitOK
}

// writeReport writes the report to a temporary file next to path and
// renames it into place, so that a reader never sees half a page.
func writeReport(path string, r *report.Report) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	if err := r.WriteHTML(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
