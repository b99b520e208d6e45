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

  survey merge --db all.duckdb shard-0 shard-1 shard-2 shard-3`

func runMerge(e *env, args []string) int {
	fs := newFlags(e, "merge", "--db OUT.duckdb DIR...", mergeAbout)
	db := fs.String("db", "survey.duckdb", "database file to build (replaced atomically when complete)")
	memory := fs.String("memory-limit", sink.DefaultMemoryLimit, "DuckDB memory limit while building (it spills to disk beyond)")
	if code, ok := parseFlags(e, fs, interleave(args)); !ok {
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
	if err := sink.Build(context.Background(), *db, fs.Args(), nil, sink.BuildOptions{ToolVersion: survey.Version, MemoryLimit: *memory}); err != nil {
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
	fmt.Fprintf(e.stdout, "merged %d directories into %s: %d domains of %d crawls\n", fs.NArg(), *db, domains, crawls)
	return exitOK
}
