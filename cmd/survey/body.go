package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/agentpolicy/survey/sink"
)

const bodyAbout = `
Print a stored body, as received (after HTTP decompression), by its SHA-256
digest: fetches.body_digest and documents.body_digest name it.

  survey body --db DIR/survey.duckdb 3e1fbd3f...   > robots.txt
  survey check --type robots <(survey body --db DIR/survey.duckdb 3e1fbd3f...)`

func runBody(e *env, args []string) int {
	fs := newFlags(e, "body", "[--db PATH] DIGEST", bodyAbout)
	db := fs.String("db", filepath.Join("survey-data", "survey.duckdb"), "DuckDB database file")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	conn, err := sink.Open(*db)
	if err != nil {
		return fail(e, "body", fmt.Errorf("opening %s: %w", *db, err))
	}
	defer conn.Close()
	b, err := sink.ReadBody(conn, fs.Arg(0))
	if errors.Is(err, sink.ErrBodyNotFound) {
		return fail(e, "body", fmt.Errorf("no body with digest %s in %s", fs.Arg(0), *db))
	}
	if err != nil {
		return fail(e, "body", err)
	}
	if _, err := e.stdout.Write(b); err != nil {
		return fail(e, "body", err)
	}
	return exitOK
}
