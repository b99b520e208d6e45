package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/sink"
)

const mergeAbout = `
Build one DuckDB database from the Parquet parts of one or more output
directories: the shards of a sharded crawl (each wrote its own parts, in its own
directory or a shared one), or several crawls. Only committed parts are read; a
shard still running or killed contributes what it committed.

Before building, merge reads the crawl state of each directory: it refuses a
directory that holds no crawl output (naming the directories in it that do),
and directories that overlap (one shard of a crawl in two of them, or one crawl
split into different numbers of shards), whose domains the database would
count twice, and it names every shard that is missing or did not complete,
with the command that resumes it, and every shard a crawl is writing now, with
the process its lock names. It also warns when the shards of one crawl read
different seed lists, or measured differently (another --locations,
--max-body, --allow-private or --respect-robots). --require-complete makes
each of these an error instead of a warning, before anything is built;
without it the database is built and the exit status is 1.

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
	requireComplete := fs.Bool("require-complete", false, "fail, building nothing, when a crawl's shard is missing, did not complete or is being written")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if err := sink.CheckMemoryLimit(*memory); err != nil {
		return badUsage(fs, "--memory-limit: "+err.Error())
	}
	if fs.NArg() == 0 {
		return badUsage(fs, "give the output directories to merge")
	}
	if err := checkReplaceable(*db); err != nil {
		return fail(e, "merge", err)
	}
	for _, dir := range fs.Args() {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fail(e, "merge", fmt.Errorf("%s is not a directory", dir))
		}
	}
	dirs := sink.UniqueDirs(fs.Args())
	crawls, err := pipeline.ReadOutputs(dirs)
	if err != nil {
		return fail(e, "merge", err)
	}
	for _, dir := range dirs {
		if err := holdsCrawlOutput(dir, crawls); err != nil {
			return fail(e, "merge", err)
		}
	}
	incomplete, unalike := 0, 0 // crawls
	for _, c := range crawls {
		for _, line := range c.Problems() {
			fmt.Fprintf(e.stderr, "survey merge: %s\n", line)
		}
		if !c.Complete() {
			incomplete++
		}
		if !c.Alike() {
			unalike++
		}
	}
	if incomplete > 0 && *requireComplete {
		return fail(e, "merge", fmt.Errorf("--require-complete: %s incomplete; nothing built", plural(incomplete, "crawl is", "crawls are")))
	}
	if unalike > 0 && *requireComplete {
		// Every shard there and complete, but not the shares of one
		// crawl: a cluster job that mixed up its seeds or flags.
		return fail(e, "merge", fmt.Errorf("--require-complete: the shards of %s are not the shares of one crawl (another seed list, or measured differently; see above); nothing built", plural(unalike, "crawl", "crawls")))
	}
	leftOut := 0 // batches left out
	opts := sink.BuildOptions{
		ToolVersion: survey.BuildVersion(), MemoryLimit: *memory, SkipDamaged: *skipDamaged,
		Damaged: func(p sink.DamagedPart) {
			leftOut++
			fmt.Fprintf(e.stderr, "survey merge: left out a batch: damaged part %v\n", p)
		},
	}
	report, finish := pipeline.BuildMeter(e.stderr, e.stderrTTY, 10*time.Second, *db)
	opts.Progress = report
	err = sink.Build(context.Background(), *db, dirs, nil, opts)
	finish()
	if err != nil {
		return fail(e, "merge", &buildOf{err: err, db: *db, dirs: dirs})
	}
	conn, err := sink.Open(*db)
	if err != nil {
		return fail(e, "merge", err)
	}
	defer conn.Close()
	var domains, nCrawls int64
	if err := conn.QueryRow("SELECT count(*), count(DISTINCT crawl_id) FROM targets").Scan(&domains, &nCrawls); err != nil {
		return fail(e, "merge", errors.Join(errors.New("reading the merged database"), err))
	}
	// A crawl that has committed nothing yet (its first batch in flight)
	// holds no targets row, but was merged, and is counted as incomplete
	// below: count it here too.
	nCrawls = max(nCrawls, int64(len(crawls)))
	mixed, err := mixedParsers(conn)
	if err != nil {
		return fail(e, "merge", fmt.Errorf("reading the merged database: %w", err))
	}
	for _, line := range mixed {
		fmt.Fprintf(e.stderr, "survey merge: %s\n", line)
	}
	fmt.Fprintf(e.stdout, "merged %s into %s: %d domains of %s", plural(len(dirs), "directory", "directories"), *db, domains, plural(int(nCrawls), "crawl", "crawls"))
	if incomplete > 0 {
		fmt.Fprintf(e.stdout, ", %s incomplete (see above)", plural(incomplete, "crawl", "crawls"))
	}
	if unalike > 0 {
		fmt.Fprintf(e.stdout, ", %s whose shards are not alike (see above)", plural(unalike, "crawl", "crawls"))
	}
	if leftOut > 0 {
		fmt.Fprintf(e.stdout, ", %s left out (damaged parts)", plural(leftOut, "batch", "batches"))
	}
	fmt.Fprintln(e.stdout)
	if filepath.Clean(*db) != filepath.Clean(defaultDB) {
		fmt.Fprintf(e.stdout, "  survey query, report and body read it with --db %s (their default is %s)\n", shell.Quote(*db), defaultDB)
	}
	if incomplete > 0 || unalike > 0 || leftOut > 0 {
		// Built, but not the whole of what was asked for: a script that
		// goes on to analyse it should know, as after an interrupted crawl.
		return exitFindings
	}
	return exitOK
}

// mixedParsers returns a line for each crawl of db whose documents were
// parsed by more than one version of survey (shards crawled, or
// reparsed, by different builds): their diagnostics and parsed tables may
// not compare.
func mixedParsers(db *sql.DB) ([]string, error) {
	rows, err := db.Query(`SELECT crawl_id, parser_version, count(*) FROM documents
		WHERE crawl_id IN (SELECT crawl_id FROM documents GROUP BY crawl_id HAVING count(DISTINCT parser_version) > 1)
		GROUP BY ALL ORDER BY crawl_id, parser_version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	versions := map[string][]string{}
	for rows.Next() {
		var id, version string
		var n int
		if err := rows.Scan(&id, &version, &n); err != nil {
			return nil, err
		}
		if len(versions[id]) == 0 {
			ids = append(ids, id)
		}
		versions[id] = append(versions[id], fmt.Sprintf("%s (%s)", version, plural(n, "document", "documents")))
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	lines := make([]string, len(ids))
	for i, id := range ids {
		lines[i] = fmt.Sprintf("crawl %q: its documents were parsed by %d versions of survey, so their diagnostics and parsed tables may not compare: %s; survey reparse of each directory with one version parses them alike",
			id, len(versions[id]), strings.Join(versions[id], ", "))
	}
	return lines, nil
}

// holdsCrawlOutput returns an error when dir holds no crawl output, neither
// parts nor a crawl's state (crawls, from pipeline.ReadOutputs, lists the
// states): a merge of it would build nothing from it. The error names the
// subdirectories that do hold crawl output (withOutputsInside).
func holdsCrawlOutput(dir string, crawls []pipeline.CrawlOutputs) error {
	ids, err := sink.CrawlIDs(dir)
	if err != nil || len(ids) > 0 {
		return err
	}
	for _, c := range crawls {
		for _, s := range c.Shards {
			if s.Dir == dir {
				return nil
			}
		}
	}
	err = fmt.Errorf("%s holds no crawl output (no %s nor %s)", dir,
		filepath.Join(dir, sink.TableTargets, "crawl=ID"), filepath.Join(dir, "_state"))
	return withOutputsInside(err, dir)
}

// withOutputsInside adds to err, which says that dir holds no crawl
// output, the directories in dir that do, if any: a directory of shard
// directories is an easy mistake for one of them.
func withOutputsInside(err error, dir string) error {
	entries, _ := os.ReadDir(dir)
	var inside []string
	for _, en := range entries {
		sub := filepath.Join(dir, en.Name())
		if ids, _ := sink.CrawlIDs(sub); en.IsDir() && len(ids) > 0 {
			inside = append(inside, shell.Quote(sub))
		}
	}
	if len(inside) > 0 {
		err = fmt.Errorf("%w; these directories in it do, so give them instead: %s", err, strings.Join(inside, " "))
	}
	return err
}
