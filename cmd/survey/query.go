package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

const queryAbout = `
Run SQL on a survey database (opened read-only) and print the result.

  survey query 'select outcome, count(*) from fetches group by 1'
  survey query --format csv --db data/survey.duckdb 'select * from targets limit 10'`

func runQuery(e *env, args []string) int {
	fs := newFlags(e, "query", "[flags] 'SQL'", queryAbout)
	db := fs.String("db", filepath.Join("survey-data", "survey.duckdb"), "DuckDB database file")
	format := fs.String("format", "table", "output format: "+strings.Join(queries.FormatNames(), ", "))
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	conn, err := sink.Open(*db)
	if err != nil {
		return fail(e, "query", fmt.Errorf("opening %s: %w", *db, err))
	}
	defer conn.Close()
	res, err := queries.Exec(context.Background(), conn, fs.Arg(0))
	if err != nil {
		return fail(e, "query", err)
	}
	if err := res.Write(e.stdout, *format); err != nil {
		return fail(e, "query", err)
	}
	return exitOK
}
