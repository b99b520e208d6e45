package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
to compare parsers on the same data, or to recover parsed tables. The crawl's
own tables (crawls, targets, fetches with their timings, bodies) are kept as
they are, and running it again changes nothing more.

When it has rebuilt the database, it says for each crawl what changed from
the database it replaced: its documents, the valid and usable ones, its
diagnostics, and the diagnostic codes whose counts changed most.

A stored fetches or bodies part that cannot be read (damaged storage, a file
changed by hand) stops it, naming the part. --skip-damaged goes round it: the
batches it holds keep their parsed parts as they were, and the database is
built without them, as survey merge --skip-damaged builds it (exit status 1).

  survey reparse ./survey-data
  survey reparse --crawl 20261121T101500Z ./survey-data`

func runReparse(e *env, args []string) int {
	fs := newFlags(e, "reparse", "[flags] DIR", reparseAbout)
	crawlID := fs.String("crawl", "", "reparse only this crawl (default: every crawl in DIR)")
	noBuild := fs.Bool("no-build", false, "do not rebuild the DuckDB database")
	skipDamaged := fs.Bool("skip-damaged", false, "reparse around stored parts that cannot be read: their batches keep their parsed parts, and the database is built without them (exit status 1)")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return badUsage(fs, "give one output directory; got "+arguments(fs.Args()))
	}
	if err := checkReparseDir(fs.Arg(0)); err != nil {
		return fail(e, "reparse", err)
	}
	// What the database held before, to say what the reparse changed;
	// none when there was no database (or one that cannot be read).
	dbPath := filepath.Join(fs.Arg(0), "survey.duckdb")
	before, err := readParseCounts(dbPath)
	if err != nil && !*noBuild {
		// Reading fails, among other reasons, when another process holds
		// the database open for writing: the build would not replace it.
		if err := checkNotHeld(dbPath, "reparse with --no-build and build it later with survey merge"); err != nil {
			return fail(e, "reparse", err)
		}
	}
	damaged := map[string]bool{} // parts, each said once
	sum, err := pipeline.Reparse(context.Background(), pipeline.ReparseOptions{
		Dir: fs.Arg(0), CrawlID: *crawlID, NoBuild: *noBuild, Progress: e.stderr, TTY: e.stderrTTY,
		SkipDamaged: *skipDamaged,
		Damaged: func(p sink.DamagedPart) {
			if !damaged[p.Path] {
				damaged[p.Path] = true
				fmt.Fprintf(e.stderr, "survey reparse: left out a batch: damaged part %v\n", p)
			}
		},
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
	if sum.DBPath != "" {
		after, err := readParseCounts(sum.DBPath)
		if err != nil {
			return fail(e, "reparse", fmt.Errorf("reading the rebuilt database: %w", err))
		}
		for _, id := range sum.Crawls {
			fmt.Fprintf(e.stdout, "  crawl %s: %s\n", id, describeReparse(before, after, id))
		}
	}
	if len(damaged) > 0 {
		return exitFindings
	}
	if sum.DBPath != "" && !wholeCrawls(e, fs.Arg(0), sum.DBPath) {
		return exitFindings
	}
	return exitOK
}

// wholeCrawls reports whether every crawl of dir is there whole, as a merge
// would say: a database rebuilt from one shard's directory holds that
// shard alone. When one is not, it says so on standard error, with what
// merge says of it and the merge that builds the whole crawl, and reports
// false.
func wholeCrawls(e *env, dir, db string) bool {
	crawls, err := pipeline.ReadOutputs([]string{dir})
	if err != nil {
		fmt.Fprintf(e.stderr, "survey reparse: could not tell whether the crawls of %s are whole: %v\n", dir, err)
		return false
	}
	whole, elsewhere := true, false
	for _, c := range crawls {
		if c.Complete() {
			continue
		}
		whole, elsewhere = false, elsewhere || len(c.Missing) > 0
		for _, line := range c.Problems() {
			fmt.Fprintf(e.stderr, "survey reparse: %s\n", line)
		}
	}
	switch {
	case elsewhere:
		fmt.Fprintf(e.stderr, "survey reparse: so %s holds only the shards in %s; once every shard is complete, build the whole crawl with:\n  survey merge --db %s %s DIR...\n",
			db, dir, shell.Quote(db), shell.Quote(dir))
	case !whole:
		fmt.Fprintf(e.stderr, "survey reparse: so %s holds what was committed of it\n", db)
	}
	return whole
}

// parseCounts is what a database holds of one crawl's parsing, to say what
// a reparse changed.
type parseCounts struct {
	domains                               int64 // targets
	documents, valid, usable, diagnostics int64
	codes                                 map[string]int64 // diagnostics by code
	versions                              string           // the parser versions, comma-separated
}

// readParseCounts reads the parseCounts of every crawl of the survey
// database at path.
func readParseCounts(path string) (map[string]*parseCounts, error) {
	db, err := openSurveyDB(path, "", false)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	counts := map[string]*parseCounts{}
	rows, err := db.Query(`SELECT crawl_id, count(*), count(*) FILTER (WHERE valid), count(*) FILTER (WHERE usable),
		string_agg(DISTINCT parser_version, ', ' ORDER BY parser_version) FROM documents GROUP BY crawl_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		c := &parseCounts{codes: map[string]int64{}}
		var id string
		if err := rows.Scan(&id, &c.documents, &c.valid, &c.usable, &c.versions); err != nil {
			return nil, err
		}
		counts[id] = c
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	targets, err := db.Query(`SELECT crawl_id, count(*) FROM targets GROUP BY crawl_id`)
	if err != nil {
		return nil, err
	}
	defer targets.Close()
	for targets.Next() {
		var id string
		var n int64
		if err := targets.Scan(&id, &n); err != nil {
			return nil, err
		}
		if c := counts[id]; c != nil {
			c.domains = n
		}
	}
	if err := targets.Err(); err != nil {
		return nil, err
	}
	diags, err := db.Query(`SELECT crawl_id, code, count(*) FROM diagnostics GROUP BY ALL`)
	if err != nil {
		return nil, err
	}
	defer diags.Close()
	for diags.Next() {
		var id, code string
		var n int64
		if err := diags.Scan(&id, &code, &n); err != nil {
			return nil, err
		}
		if c := counts[id]; c != nil {
			c.codes[code] = n
			c.diagnostics += n
		}
	}
	return counts, diags.Err()
}

// describeReparse says what the reparse of crawl id changed, from the
// counts of the database before (nil when there was none) and after: its
// documents, valid and usable documents and diagnostics, each with its
// count before when that differs, and the diagnostic codes whose counts
// changed most.
func describeReparse(before, after map[string]*parseCounts, id string) string {
	a := after[id]
	if a == nil {
		a = &parseCounts{}
	}
	b := before[id]
	if b == nil {
		// Nothing to compare with: say what there is.
		s := fmt.Sprintf("%d documents, %d valid, %d usable, %d diagnostics", a.documents, a.valid, a.usable, a.diagnostics)
		if before == nil {
			return s + " (no database before to compare with)"
		}
		return s + " (not in the database before)"
	}
	if b.domains != a.domains {
		// The database before was not built from this directory alone
		// (survey merge of several shards' directories into it), or
		// before a resume: its counts do not compare.
		return fmt.Sprintf("%d documents, %d valid, %d usable, %d diagnostics (not compared: the database before held %d of the crawl's domains, this directory %d)",
			a.documents, a.valid, a.usable, a.diagnostics, b.domains, a.domains)
	}
	count := func(name string, now, was int64) string {
		if now == was {
			return fmt.Sprintf("%d %s", now, name)
		}
		return fmt.Sprintf("%d %s (was %d)", now, name, was)
	}
	s := strings.Join([]string{count("documents", a.documents, b.documents), count("valid", a.valid, b.valid),
		count("usable", a.usable, b.usable), count("diagnostics", a.diagnostics, b.diagnostics)}, ", ")
	type change struct {
		code  string
		delta int64
	}
	var changes []change
	for code, n := range a.codes {
		if d := n - b.codes[code]; d != 0 {
			changes = append(changes, change{code, d})
		}
	}
	for code, n := range b.codes {
		if _, ok := a.codes[code]; !ok {
			changes = append(changes, change{code, -n})
		}
	}
	if len(changes) == 0 && a.documents == b.documents && a.valid == b.valid && a.usable == b.usable {
		return s + "; as before (parsed before by " + b.versions + ")"
	}
	sort.Slice(changes, func(i, j int) bool {
		di, dj := max(changes[i].delta, -changes[i].delta), max(changes[j].delta, -changes[j].delta)
		if di != dj {
			return di > dj
		}
		return changes[i].code < changes[j].code
	})
	const shown = 5
	var codes []string
	for _, c := range changes[:min(shown, len(changes))] {
		codes = append(codes, fmt.Sprintf("%s %+d", c.code, c.delta))
	}
	if len(changes) > shown {
		codes = append(codes, fmt.Sprintf("%d more codes", len(changes)-shown))
	}
	if len(codes) > 0 {
		s += "; diagnostics by code: " + strings.Join(codes, ", ")
	}
	return s + " (parsed before by " + b.versions + ")"
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
