package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/sink"
)

const mergeAbout = `
Build one DuckDB database from the Parquet parts of one or more output
directories: the shards of a sharded crawl (each wrote its own parts, in its own
directory or a shared one), or several crawls. Only committed parts are read; a
shard still running or killed contributes what it committed.

A committed part that cannot be read (damaged storage, a file changed by hand)
stops the merge, naming it. --skip-damaged builds the database without the
batches of damaged parts instead: every table's rows of such a batch are left
out, so each domain is whole or absent, and schema_info's damaged_parts records
them (exit status 1).

  survey merge --db all.duckdb shard-0 shard-1 shard-2 shard-3`

func runMerge(e *env, args []string) int {
	fs := newFlags(e, "merge", "--db OUT.duckdb DIR...", mergeAbout)
	db := fs.String("db", "survey.duckdb", "database file to build (replaced atomically when complete)")
	memory := fs.String("memory-limit", sink.DefaultMemoryLimit, "DuckDB memory limit while building (it spills to disk beyond)")
	skipDamaged := fs.Bool("skip-damaged", false, "leave out the batches of parts that cannot be read, and say which, instead of failing")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	for _, dir := range fs.Args() {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fail(e, "merge", fmt.Errorf("%s is not a directory", dir))
		}
	}
	leftOut := 0 // batches left out
	opts := sink.BuildOptions{
		ToolVersion: survey.Version, MemoryLimit: *memory, SkipDamaged: *skipDamaged,
		Damaged: func(p sink.DamagedPart) {
			leftOut++
			fmt.Fprintf(e.stderr, "survey merge: left out a batch: damaged part %v\n", p)
		},
	}
	if err := sink.Build(context.Background(), *db, fs.Args(), nil, opts); err != nil {
		return fail(e, "merge", err)
	}
	conn, err := sink.Open(*db)
	if err != nil {
		return fail(e, "merge", err)
	}
	defer conn.Close()
	var domains, crawls int64
	if err := conn.QueryRow("SELECT count(*), count(DISTINCT crawl_id) FROM targets").Scan(&domains, &crawls); err != nil {
		return fail(e, "merge", errors.Join(errors.New("reading the merged database"), err))
	}
	fmt.Fprintf(e.stdout, "merged %d directories into %s: %d domains of %d crawls", fs.NArg(), *db, domains, crawls)
	if leftOut > 0 {
		noun := "batches"
		if leftOut == 1 {
			noun = "batch"
		}
		fmt.Fprintf(e.stdout, ", %d %s left out (damaged parts)\n", leftOut, noun)
		return exitFindings
	}
	fmt.Fprintln(e.stdout)
	return exitOK
}
