package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

const queryAbout = `
Run a named query, or any SQL, on a survey database (opened read-only) and
print the result.

  survey query --list                          the named queries and their questions
  survey query adoption                        run one (its SQL: survey query --show adoption)
  survey query adoption --param crawl=demo     with a parameter
  survey query 'select outcome, count(*) from fetches group by 1'
  survey query --format csv --db data/survey.duckdb 'select * from targets limit 10'
  survey query changes_detail --out changes.parquet   the result in a file, however large

An argument that names a query runs it; anything else is SQL. SQL of several
statements runs them in order and prints the last one's result (as in
'SET threads = 1; SELECT ...'); give each query its own survey query. Before a
named query's result, a note on standard error names each crawl the database
does not hold whole (a shard's last run interrupted, killed or still running,
or shards missing from a merge): its figures are of what was committed.

Printed, a result is held in memory (--memory-limit bounds DuckDB, not the
printing); the table format shows each value on one line and cuts one longer
than 200 characters, ending it in "…" (csv, json and markdown print every
value whole). With --out, DuckDB writes it straight to the file (Parquet,
CSV, or JSON lines, by the file's extension), and survey prints how many rows.`

func runQuery(e *env, args []string) int {
	fs := newFlags(e, "query", "[flags] NAME | 'SQL' | --list", queryAbout)
	db := fs.String("db", defaultDB, "DuckDB database file")
	format := fs.String("format", "table", "output format: "+strings.Join(queries.FormatNames(), ", "))
	memory := fs.String("memory-limit", sink.DefaultMemoryLimit, "DuckDB memory limit (it spills to disk beyond it where it can)")
	list := fs.Bool("list", false, "list the named queries with the questions they answer")
	show := fs.Bool("show", false, "print the named query's SQL instead of running it")
	out := fs.String("out", "", "write the result to this file instead of printing it, in the format its extension names: "+strings.Join(queries.ExportExtensions(), ", ")+" (.json is JSON lines)")
	params := paramFlag{}
	fs.Var(params, "param", "parameter of a named query, name=value (repeatable)")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if err := sink.CheckMemoryLimit(*memory); err != nil {
		return badUsage(fs, "--memory-limit: "+err.Error())
	}
	if *list {
		all, err := queries.All()
		if err != nil {
			return fail(e, "query", err)
		}
		if flagGiven(fs, "format") {
			// A table of the queries, in the format asked for.
			res := &queries.Result{Columns: []string{"name", "question", "read", "params"}}
			for _, q := range all {
				var params []string
				for _, p := range q.Params {
					params = append(params, p.Name+": "+p.Default)
				}
				res.Rows = append(res.Rows, []any{q.Name, q.Question, q.Read, strings.Join(params, "\n")})
			}
			if err := res.Write(e.stdout, *format); err != nil {
				return fail(e, "query", err)
			}
			return exitOK
		}
		for _, q := range all {
			fmt.Fprintf(e.stdout, "%s\n    %s\n", q.Name, q.Question)
			for _, p := range q.Params {
				fmt.Fprintf(e.stdout, "    --param %s=...  %s\n", p.Name, p.Default)
			}
		}
		return exitOK
	}
	if fs.NArg() != 1 {
		return badUsage(fs, "give one named query (--list) or one SQL text, quoted; got "+arguments(fs.Args()))
	}
	arg := fs.Arg(0)
	named, namedErr := queries.Get(arg)
	isName := namedErr == nil
	if *show {
		if !isName {
			return fail(e, "query", namedErr)
		}
		fmt.Fprint(e.stdout, named.SQL)
		return exitOK
	}
	if !isName && len(params) > 0 {
		return fail(e, "query", fmt.Errorf("--param goes with a named query; %v", namedErr))
	}
	if *out != "" {
		formatSet := false
		fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
		if formatSet {
			return fail(e, "query", errors.New("--format is for printed results; --out writes the format its file's extension names"))
		}
	}
	// SQL of the user's own may read any DuckDB database; a named query
	// needs survey's tables.
	conn, err := openSurveyDB(*db, *memory, !isName)
	if err != nil {
		return fail(e, "query", err)
	}
	defer conn.Close()
	if isName {
		// A named query's figures are of what the database holds: say
		// when that is not a whole crawl.
		notes, err := incompleteCrawls(conn)
		if err != nil {
			return fail(e, "query", fmt.Errorf("reading the crawls of %s: %w", *db, err))
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "survey query: note: %s\n", n)
		}
	}
	if *out != "" {
		var n int64
		if isName {
			n, err = named.Export(context.Background(), conn, params, *out)
			if err != nil {
				err = explainMissingColumns(conn, *db, err)
			}
		} else {
			n, err = queries.Export(context.Background(), conn, arg, *out)
		}
		if err != nil {
			return fail(e, "query", err)
		}
		fmt.Fprintf(e.stderr, "survey query: wrote %s to %s\n", plural(int(n), "row", "rows"), *out)
		return exitOK
	}
	var res *queries.Result
	if isName {
		res, err = named.Run(context.Background(), conn, params)
		if err != nil {
			err = explainMissingColumns(conn, *db, err)
		}
	} else {
		res, err = queries.Exec(context.Background(), conn, arg)
	}
	if err != nil && !isName && bareWord(arg) {
		// A lone word that is no SQL statement was meant as a query name.
		return fail(e, "query", namedErr)
	}
	if err != nil {
		return fail(e, "query", err)
	}
	if err := res.Write(e.stdout, *format); err != nil {
		return fail(e, "query", err)
	}
	return exitOK
}

// incompleteCrawls returns a note for each crawl of db that the database
// does not hold whole, by the named query crawl_shards: a shard whose last
// run did not complete (it was interrupted or killed, or is running), or
// shards missing (a merge of some of them).
func incompleteCrawls(db *sql.DB) ([]string, error) {
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `SELECT DISTINCT crawl_id FROM crawls ORDER BY crawl_id`)
	if err != nil {
		return nil, err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var notes []string
	for _, id := range ids {
		shards, err := queries.CrawlShards(ctx, db, id)
		if err != nil {
			return nil, err
		}
		if queries.Whole(shards) {
			continue
		}
		var why, missing []string
		for _, s := range shards {
			switch {
			case s.Missing():
				missing = append(missing, s.Shard)
			case !s.Complete():
				why = append(why, "shard "+s.Shard+" last run: "+s.Status)
			}
		}
		if len(missing) == 1 {
			why = append(why, "shard "+missing[0]+" not in the database")
		} else if len(missing) > 1 {
			why = append(why, "shards "+strings.Join(missing, ", ")+" not in the database")
		}
		notes = append(notes, fmt.Sprintf("crawl %s is incomplete (%s): the result is of the domains it committed", id, strings.Join(why, "; ")))
	}
	return notes, nil
}

// bareWord reports whether s is one word of letters, digits and
// underscores, as a query name is.
func bareWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// paramFlag collects repeated --param name=value flags.
type paramFlag map[string]string

func (p paramFlag) String() string { return "" }

func (p paramFlag) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want name=value, got %q", v)
	}
	p[name] = value
	return nil
}
