// Package pipeline runs a crawl end to end: it streams the seeds, crawls
// every location of every domain, classifies and parses what came back, and
// writes the dataset (Parquet parts, then the DuckDB database). It also
// resumes interrupted crawls and rebuilds parsed tables from stored bodies.
package pipeline

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/sqlquote"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"

	_ "github.com/duckdb/duckdb-go/v2" // the DuckDB driver, to read committed parts on resume
)

// Options configure Run.
type Options struct {
	// Out is the output directory.
	Out string
	// SeedsPath is the seed file, or "-" for Stdin.
	SeedsPath string
	// Stdin is read when SeedsPath is "-".
	Stdin io.Reader
	// CrawlID names the crawl; "" makes one from the start time. Shards of
	// one crawl must be given the same CrawlID.
	CrawlID string
	// Shard is the share of the seeds this process crawls.
	Shard seeds.Shard
	// Resume continues the crawl recorded in Out for this shard.
	Resume bool
	// Crawl configures the crawler. Its CanaryPath, when empty, is derived
	// from the crawl ID.
	Crawl crawl.Config
	// Stderr receives the bad seed lines.
	Stderr io.Writer
	// Progress receives progress; nil means none.
	Progress io.Writer
	// TTY shows a progress bar on Progress instead of progress lines.
	TTY bool
	// ProgressEvery is the interval of plain progress lines (default 5s).
	ProgressEvery time.Duration
	// NoBuild skips building the DuckDB database at the end (sharded
	// crawls build it with survey merge instead).
	NoBuild bool
	// LockWait is how long the crawl waits for its shard while another
	// process holds it, before failing with ErrShardBusy (0 means
	// DefaultLockWait): a requeued task can start while the task it
	// replaces, killed, is still exiting.
	LockWait time.Duration
	// Building, if not nil, is called when the crawl has ended and its
	// database is about to be built, with the run's status (complete or
	// interrupted): an interrupt then stops nothing (the build runs to its
	// end), so the command can say so.
	Building func(status string)
	// Args are the command line's flags, recorded in the crawl's state so
	// that --resume can replay them.
	Args []string
	// Batch thresholds of the sink; zero means the sink's defaults.
	BatchRows int
	BatchAge  time.Duration
	// OutageAfter stops the run, as an interrupt does, when that many
	// domains in a row (in the order they finish) were unreachable or
	// timed out: the crawler's own network is likely down, and recording
	// every remaining domain unreachable would end the crawl with nothing
	// to resume. Those domains are not committed, so --resume crawls them
	// again. 0 never stops.
	OutageAfter int
	// ToolVersion is the survey version the run records; "" means
	// survey.BuildVersion().
	ToolVersion string
}

// MaxBadSeedLinesShown is how many rejected seed lines a crawl prints, one
// line each: a file that is no seed list at all (a page saved by mistake,
// a list of another format) would otherwise print every one of its lines.
const MaxBadSeedLinesShown = 100

// ErrNothingToResume is returned by Run with Resume when the crawl in the
// output directory has already completed.
var ErrNothingToResume = errors.New("nothing to resume")

// ErrInterruptedBeforeSeeds is returned by Run when its context ends while
// it waits for the first bytes of seeds on standard input: nothing was
// crawled or recorded.
var ErrInterruptedBeforeSeeds = errors.New("interrupted while waiting for the seeds on standard input; nothing was crawled or recorded")

// Summary reports a finished (or stopped) run.
type Summary struct {
	CrawlID     string
	Shard       string
	Run         int32
	Status      string // complete, interrupted or failed
	Domains     int64  // domains committed by this run (written in complete batches)
	Crawled     int64  // domains crawled by this run; more than Domains only when it failed
	Skipped     int64  // domains already committed by earlier runs (resume)
	SeedLines   int64
	Seeds       int64 // seeds read from the list, in every shard, duplicates not counted
	SeedsBad    int64
	Duplicates  int64
	Outcomes    map[classify.Outcome]int64
	DomainOuts  map[string]int64
	Elapsed     time.Duration
	DBPath      string // "" when not built
	Interrupted bool
	// Outage is the number of domains in a row that were unreachable or
	// timed out when the run stopped for it (Options.OutageAfter); 0 when
	// it did not. Those domains were not committed. OutageWhy counts
	// their outcomes ("unreachable (connect) 180, timeout 20").
	Outage      int
	OutageWhy   string
	OutageLossy int // the domains that lost fetches meanwhile, not committed either
}

// BuildError is Run's error when the crawl's parts were written but the
// database could not be built from them.
type BuildError struct {
	Path string // the database
	Err  error
}

// Error says which database could not be built, and why.
func (e *BuildError) Error() string { return fmt.Sprintf("building %s: %v", e.Path, e.Err) }

// Unwrap returns the build's error.
func (e *BuildError) Unwrap() error { return e.Err }

// Run crawls. It returns a Summary also when ctx is cancelled (the crawl is
// then flushed and marked interrupted, and the error is nil); an error means
// the crawl could not run or its output could not be written.
func Run(ctx context.Context, opts Options) (*Summary, error) {
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 5 * time.Second
	}
	shard := opts.Shard.String()
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	// Before anything of the shard is read or removed (Recover deletes
	// what looks like a killed run's leftovers).
	advice := "wait for it to end or stop it, then resume"
	if !opts.Resume {
		// The crawl holding the shard may be another: this one has
		// nothing to resume yet.
		advice = "wait for it to end, then start this crawl again, or give this crawl another --out"
	}
	lock, err := lockShardOr(ctx, opts.Out, shard, opts.LockWait, advice)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	if lock.Unsupported {
		fmt.Fprintf(opts.Stderr, "survey: %s: the file system does not support locks, so a second crawl of shard %s into it would not be refused\n", opts.Out, shard)
	}

	st, err := prepareState(&opts, shard)
	if err != nil {
		return nil, err
	}
	next, err := sink.Recover(opts.Out, st.CrawlID, shard)
	if err != nil {
		return nil, err
	}
	done, err := committedLines(opts.Out, st.CrawlID, shard, next > 1)
	if err != nil {
		return nil, err
	}
	if st.Complete {
		// A complete crawl is resumed only for seeds whose batch is no
		// longer committed (its targets part moved aside, being damaged).
		n, err := pending(opts.SeedsPath, opts.Shard, done)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, errComplete(st, shard, opts.Out)
		}
	}
	// The seeds are opened (and counted) before the run is recorded, so
	// that a list that cannot be read leaves no run behind.
	seedFile, total, err := openSeeds(ctx, &opts)
	if err != nil {
		if ctx.Err() != nil && opts.SeedsPath == "-" {
			return nil, ErrInterruptedBeforeSeeds
		}
		return nil, err
	}
	defer seedFile.Close()

	cfg := opts.Crawl
	cfg.CanaryPath = st.CanaryPath
	c, err := crawl.New(cfg)
	if err != nil {
		return nil, err
	}
	cfg = c.Config()
	// Record the options in effect (defaults applied), so that the crawls
	// table says what the crawler actually did.
	effective := opts
	effective.Crawl = cfg
	// The seed list as given, not as a resume from elsewhere resolved it.
	effective.SeedsPath = st.SeedsPath
	previous := st.Options // the last run's, which a killed run's row records
	if st.Options, err = json.Marshal(optionsRecord(&effective, st.CanaryPath)); err != nil {
		return nil, err
	}
	if opts.Resume {
		if err := checkMeasuredAlike(previous, st.Options); err != nil {
			return nil, err
		}
		if changed := changedOutcomeOptions(previous, st.Options); len(changed) > 0 && opts.Stderr != nil {
			fmt.Fprintf(opts.Stderr, "survey: this run changes %s: its fetches may end otherwise than the earlier runs' (a timeout sooner or later); the crawls table records each run's options\n", strings.Join(changed, ", "))
		}
	}

	w, err := sink.Create(opts.Out, sink.Options{CrawlID: st.CrawlID, Shard: shard, BatchRows: opts.BatchRows, BatchAge: opts.BatchAge})
	if err != nil {
		return nil, err
	}
	bodies, err := sink.NewBodyStore(w, sink.BodyOptions{})
	if err != nil {
		w.Close()
		return nil, err
	}

	version := cmp.Or(opts.ToolVersion, survey.BuildVersion())
	crawlRow := func(r RunState, seedsRead, seedsBad, domains int64) sink.CrawlRow {
		return sink.CrawlRow{
			CrawlID: st.CrawlID, Shard: shard, Run: r.Run, StartedAt: r.StartedAt, EndedAt: r.EndedAt,
			Status: r.Status, ToolVersion: cmp.Or(r.ToolVersion, version), UserAgent: cfg.UserAgent, SeedsPath: st.SeedsPath,
			SeedsDigest: st.SeedsDigest, SeedsRead: seedsRead, SeedsBad: seedsBad, Domains: domains,
			Options: sink.JSON(st.Options),
		}
	}
	// Runs that were killed never wrote their final row: record them now,
	// with their own options (a killed run can only be the last one
	// started, or one whose killed row the run after it, killed too, did
	// not write). A run that failed writing may not have written its own
	// either (or even its starting row, with its first batch): record it
	// from its state. A run is marked recorded only once its row is
	// written (the Flush below), so that a run killed before that writes
	// them again.
	var starters []sink.CrawlRow
	var recorded []int // the runs recorded from their state
	for i, r := range st.Runs {
		if r.Status == "failed" && !r.Recorded && r.EndedAt != nil {
			starters = append(starters, crawlRow(r, r.SeedsRead, r.SeedsBad, r.Domains))
			recorded = append(recorded, i)
			continue
		}
		last := i == len(st.Runs)-1
		// A killed run not marked recorded is written again, unless its
		// state is an older version's (no options kept), which marked
		// none: its row was written with the run after it.
		again := r.Status == "killed" && !r.Recorded && (r.Options != nil || last)
		if r.EndedAt == nil && (r.Status == "running" || again) {
			st.Runs[i].Status = "killed"
			recorded = append(recorded, i)
			row := crawlRow(st.Runs[i], 0, 0, 0)
			options := r.Options
			if options == nil && last {
				options = previous
			}
			if options != nil {
				row.Options = sink.JSON(options)
				var o struct {
					UserAgent string `json:"user_agent"`
				}
				if json.Unmarshal(options, &o) == nil && o.UserAgent != "" {
					row.UserAgent = o.UserAgent
				}
			}
			starters = append(starters, row)
		}
	}
	run := RunState{Run: int32(len(st.Runs) + 1), StartedAt: time.Now().UTC(), Status: "running", ToolVersion: version, Options: st.Options}
	if n := len(st.Runs); n > 0 {
		if was := st.Runs[n-1].ToolVersion; was != "" && was != run.ToolVersion {
			fmt.Fprintf(opts.Stderr, "survey: crawl %s (shard %s) ran survey %s until now, and this run is survey %s: each run's domains are classified and parsed by its own version (the crawls table records each run's tool_version)\n",
				st.CrawlID, shard, was, run.ToolVersion)
		}
	}
	st.Runs = append(st.Runs, run)
	starters = append(starters, crawlRow(run, 0, 0, 0))
	if err := st.save(opts.Out); err != nil {
		w.Close()
		return nil, fmt.Errorf("saving crawl state: %w", err)
	}
	if err := sink.AppendRows(w, sink.TableCrawls, starters...); err != nil {
		w.Close()
		return nil, err
	}
	if err := w.Commit(); err != nil {
		w.Close()
		return nil, err
	}
	if len(recorded) > 0 {
		// Written now, in a batch of their own, before the state says so.
		if err := w.Flush(); err != nil {
			w.Close()
			return nil, err
		}
		for _, i := range recorded {
			st.Runs[i].Recorded = true
		}
		if err := st.save(opts.Out); err != nil {
			w.Close()
			return nil, fmt.Errorf("saving crawl state: %w", err)
		}
	}

	if opts.Shard.Count > 1 && total > 0 {
		total = total / int64(opts.Shard.Count)
	}
	total -= done.n
	prog := newProgress(opts.Progress, opts.TTY, total, opts.ProgressEvery)

	sum := &Summary{CrawlID: st.CrawlID, Shard: shard, Run: run.Run, Skipped: done.n}
	reader := seeds.NewReader(seedFile, opts.SeedsPath)

	crawlCtx, stopCrawl := context.WithCancel(ctx)
	defer stopCrawl()
	in := make(chan seeds.Seed, cfg.Concurrency)
	// Finished domains wait here for the sink; a short queue is enough to
	// keep it busy, and every domain in it holds its bodies and rows.
	units := make(chan *unit, 64)
	readErr := make(chan error, 1)

	// Seeds: stream, report bad lines, keep this shard's and skip done ones.
	go func() {
		defer close(in)
		bad := func(le *seeds.LineError) {
			switch n := prog.seedBad.Add(1); {
			case n <= MaxBadSeedLinesShown:
				fmt.Fprintln(opts.Stderr, le.Error())
			case n == MaxBadSeedLinesShown+1:
				fmt.Fprintf(opts.Stderr, "%s: more rejected lines are not shown (the summary counts them; survey seeds lists every one)\n", le.File)
			}
		}
		var sent int64
		for s, err := range toCrawl(reader, opts.SeedsPath, opts.Shard, done, bad) {
			if err != nil {
				if ctx.Err() != nil {
					// Interrupted: standard input, closed under the
					// reader (see openSeeds), or a read cut short.
					readErr <- nil
					return
				}
				readErr <- err
				stopCrawl()
				return
			}
			select {
			case in <- s:
				sent++
			case <-crawlCtx.Done():
				readErr <- nil
				return
			}
		}
		prog.seedsRead(sent)
		readErr <- nil
	}()

	// Sink: one goroutine appends each domain's rows and commits them. A
	// domain is in the output once the batch holding it is written: when
	// the Writer's sequence number moves on, or when it is closed.
	sinkErr := make(chan error, 1)
	var written, unwritten int64 // domains in written batches, in the batch under way
	// brk is the sink goroutine's until it sends on sinkErr: what
	// stopped the run (OutageAfter) is read from it after.
	brk := newOutageBreaker(opts.OutageAfter, cfg.Concurrency)
	go func() {
		var err error
		seq := w.NextSeq()
		var list crawlerList
		commit := func(u *unit) {
			if err = writeUnit(w, bodies, &list, u); err != nil {
				stopCrawl()
				return
			}
			prog.add(u)
			unwritten++
			if next := w.NextSeq(); next != seq {
				seq, written, unwritten = next, written+unwritten, 0
			}
		}
		for u := range units {
			if err != nil {
				continue // drain
			}
			tripped := brk.tripped > 0
			for _, c := range brk.take(u) {
				if commit(c); err != nil {
					break
				}
			}
			if !tripped && brk.tripped > 0 {
				stopCrawl()
			}
		}
		for _, c := range brk.flush() {
			if err != nil {
				break
			}
			commit(c)
		}
		sinkErr <- err
	}()

	// Builders: a few goroutines, one per CPU, classify and parse each
	// crawled domain into its rows. Rows built and not yet written are
	// thus bounded by the builders and the sink's queue, whatever the
	// concurrency: a crawler worker waiting for a builder holds its
	// domain's bodies, not the rows parsed from them (a large robots.txt
	// gives tens of thousands of rows, many times its size).
	crawlID := st.CrawlID
	results := make(chan *crawl.DomainResult)
	var builders sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		builders.Go(func() {
			for res := range results {
				u := buildUnit(crawlID, res, cfg)
				select {
				case units <- u:
				case <-crawlCtx.Done():
				}
			}
		})
	}
	runErr := c.Run(crawlCtx, in, func(res *crawl.DomainResult) error {
		select {
		case results <- res:
			return nil
		case <-crawlCtx.Done():
			return crawlCtx.Err()
		}
	})
	close(results)
	builders.Wait()
	close(units)
	werr := <-sinkErr
	rerr := <-readErr
	prog.finish()

	interrupted := ctx.Err() != nil || brk.tripped > 0
	if runErr != nil && !errors.Is(runErr, context.Canceled) && werr == nil && rerr == nil {
		werr = runErr
	}
	stats := reader.Stats()
	end := time.Now().UTC()
	run.EndedAt = &end
	switch {
	case werr != nil || rerr != nil:
		run.Status = "failed"
	case interrupted:
		run.Status = "interrupted"
	default:
		run.Status = "complete"
	}
	sum.Crawled = prog.done.Load()
	sum.SeedLines, sum.Seeds, sum.SeedsBad, sum.Duplicates = stats.Lines, stats.Seeds, stats.Bad, stats.Duplicates
	sum.Outcomes, sum.DomainOuts = prog.snapshot()
	sum.Status, sum.Interrupted, sum.Outage, sum.OutageWhy, sum.OutageLossy = run.Status, interrupted, brk.tripped, brk.why, brk.lossy

	// Standard input's digest is known once it is read whole; the run's
	// final row records it.
	if rerr == nil && !interrupted && st.SeedsDigest == "" {
		st.SeedsDigest = reader.Digest()
	}
	run.SeedsRead, run.SeedsBad, run.Domains = stats.Lines, stats.Bad, sum.Crawled
	if werr == nil {
		if err := sink.AppendRows(w, sink.TableCrawls, crawlRow(run, run.SeedsRead, run.SeedsBad, run.Domains)); err == nil {
			werr = w.Commit()
		} else {
			werr = err
		}
	}
	if cerr := w.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		written += unwritten
		run.Recorded = true
	} else if run.Status != "failed" {
		// The last batch, written on closing, failed: the run did not
		// complete, and --resume crawls that batch's domains again.
		run.Status = "failed"
	}
	sum.Domains, sum.Status = written, run.Status
	st.Runs[len(st.Runs)-1] = run
	st.Complete = run.Status == "complete"
	if err := st.save(opts.Out); err != nil && werr == nil {
		werr = fmt.Errorf("saving crawl state: %w", err)
	}
	if werr == nil && rerr == nil && !opts.NoBuild {
		// The crawl's memory is no longer needed: hand it back to the
		// system before DuckDB allocates its own. DuckDB's resident memory
		// exceeds its memory_limit (by more as the dataset grows); a
		// small limit and one thread per INSERT lower its peak (380
		// instead of 550 MiB building 200,000 domains) at no cost in time
		// on 2 cores. A small crawl's tables are still filled two or more
		// at once (BuildOptions.Parallel). survey merge takes a larger
		// limit.
		debug.FreeOSMemory()
		sum.DBPath = filepath.Join(opts.Out, "survey.duckdb")
		// Build even when interrupted: the database then holds what was
		// committed, and --resume rebuilds it when the crawl completes.
		if opts.Building != nil {
			opts.Building(run.Status)
		}
		report, finish := BuildMeter(opts.Progress, opts.TTY, opts.ProgressEvery, sum.DBPath)
		bo := sink.BuildOptions{ToolVersion: survey.BuildVersion(), MemoryLimit: "128MB", Threads: 1, Progress: report}
		err := sink.Build(context.WithoutCancel(ctx), sum.DBPath, []string{opts.Out}, nil, bo)
		finish()
		if err != nil {
			werr = &BuildError{Path: sum.DBPath, Err: err}
			sum.DBPath = ""
		}
	}
	sum.Elapsed = time.Since(run.StartedAt)
	if werr != nil {
		return sum, werr
	}
	return sum, rerr
}

// writeUnit appends one domain's rows and commits them as one unit.
func writeUnit(w *sink.Writer, bodies *sink.BodyStore, list *crawlerList, u *unit) error {
	for _, b := range u.bodies {
		if _, err := bodies.PutSum(b.sum, b.data); err != nil {
			return err
		}
	}
	if err := sink.AppendRows(w, sink.TableFetches, u.fetches...); err != nil {
		return err
	}
	if err := u.parsed.append(w); err != nil {
		return err
	}
	if err := list.appendTo(w, &u.parsed); err != nil {
		return err
	}
	if err := sink.AppendRows(w, sink.TableTargets, u.target); err != nil {
		return err
	}
	return w.Commit()
}

// errComplete is Run's error resuming a crawl with nothing left to crawl.
func errComplete(st *State, shard, out string) error {
	return fmt.Errorf("%w: crawl %s (shard %s) in %s is complete", ErrNothingToResume, st.CrawlID, shard, out)
}

// pending counts the seeds of the shard in the seed list at path that
// done does not hold: the domains a resumed complete crawl has to crawl
// (none, unless a batch's targets part was moved aside).
func pending(path string, shard seeds.Shard, done *lineSet) (int64, error) {
	f, err := seeds.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	for _, err := range toCrawl(seeds.NewReader(f, path), path, shard, done, nil) {
		if err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}

// toCrawl yields the seeds read from r (the list named name) that belong
// to shard and that done does not hold; when r fails, it yields the error
// and stops. Bad lines are handed to bad, if not nil, and skipped.
func toCrawl(r *seeds.Reader, name string, shard seeds.Shard, done *lineSet, bad func(*seeds.LineError)) iter.Seq2[seeds.Seed, error] {
	return func(yield func(seeds.Seed, error) bool) {
		for {
			s, err := r.Next()
			if err == io.EOF {
				return
			}
			var le *seeds.LineError
			if errors.As(err, &le) {
				if bad != nil {
					bad(le)
				}
				continue
			}
			if err != nil {
				yield(seeds.Seed{}, fmt.Errorf("reading %s: %w", name, err))
				return
			}
			if shard.Contains(s) && !done.has(s.Line) && !yield(s, nil) {
				return
			}
		}
	}
}

// prepareState loads the state to resume, or starts a new crawl.
func prepareState(opts *Options, shard string) (*State, error) {
	if opts.Resume {
		st, err := loadState(opts.Out, shard)
		if isNotExist(err) {
			return nil, fmt.Errorf("nothing to resume in %s for shard %s (no %s)", opts.Out, shard, statePath(opts.Out, shard))
		}
		if err != nil {
			return nil, err
		}
		if st.SeedsPath == "-" {
			if st.Complete {
				return nil, errComplete(st, shard, opts.Out)
			}
			return nil, errors.New("cannot resume a crawl whose seeds came from standard input")
		}
		if opts.CrawlID != "" && opts.CrawlID != st.CrawlID {
			return nil, fmt.Errorf("--resume: %s holds crawl %s (shard %s), not %s", opts.Out, st.CrawlID, shard, opts.CrawlID)
		}
		if c := opts.Crawl.CanaryPath; c != "" && c != st.CanaryPath {
			return nil, fmt.Errorf("--resume: the crawl's canary is %s, not %s (a canary tells soft 404s by comparison, so a crawl keeps one)", st.CanaryPath, c)
		}
		// From here on opts.SeedsPath is the file to read, wherever the
		// resume runs.
		path, err := resumeSeeds(st, opts.SeedsPath)
		if err != nil {
			return nil, err
		}
		opts.SeedsPath = path
		return st, nil
	}
	if opts.SeedsPath == "" {
		return nil, errors.New("no seeds: give --seeds FILE (or - for standard input)")
	}
	id := opts.CrawlID
	if id == "" {
		id = newCrawlID(opts.Out, opts.Shard)
	}
	if err := checkNewCrawl(opts.Out, id, opts.Shard); err != nil {
		return nil, err
	}
	canary := opts.Crawl.CanaryPath
	if canary == "" {
		sum := sha256.Sum256([]byte("survey canary " + id))
		canary = registry.CanaryPath(hex.EncodeToString(sum[:6]))
	}
	optsJSON, err := json.Marshal(optionsRecord(opts, canary))
	if err != nil {
		return nil, err
	}
	st := &State{CrawlID: id, Shard: shard, SeedsPath: opts.SeedsPath, CanaryPath: canary, Options: optsJSON, Args: opts.Args}
	if wd, err := os.Getwd(); err == nil {
		st.WorkDir = wd
	}
	if opts.SeedsPath != "-" {
		d, err := seeds.FileDigest(opts.SeedsPath)
		if err != nil {
			return nil, fmt.Errorf("seeds: %w", err)
		}
		st.SeedsDigest = d
	}
	return st, nil
}

// resumeSeeds returns the seed list a resume of the crawl st reads:
// given, a path of the current directory, when it is not "" (--seeds given
// with --resume), else the crawl's own, found from the directory the crawl
// started in (as is the path the crawl was given, when it names no file
// here). A given list must be the crawl's: the same file, or a copy
// of it (the same SHA-256; the list was moved, say), which the crawl then
// records as its list, so that its next resume finds it. The list read
// must not have changed since the crawl started: the crawl's committed
// domains are known by their seed line.
func resumeSeeds(st *State, given string) (string, error) {
	own := st.InWorkDir(st.SeedsPath)
	// The text the crawl was given, where it names no file (a scheduler
	// restarting a task with the crawl's command line in another working
	// directory, say), names the crawl's own list.
	_, err := os.Stat(given)
	asGiven := given == st.SeedsPath && isNotExist(err)
	if given == "" || given == own || asGiven || sameFile(given, own) {
		if st.SeedsDigest == "" {
			return own, nil
		}
		d, err := seeds.FileDigest(own)
		if isNotExist(err) {
			return "", fmt.Errorf("--resume: the crawl's seed list %s is gone (%w); if it was moved, give it with --seeds FILE", own, err)
		}
		if err != nil {
			return "", fmt.Errorf("--resume: seeds: %w", err)
		}
		if d != st.SeedsDigest {
			return "", fmt.Errorf("--resume: %s has changed since the crawl started (SHA-256 %s, was %s); the crawl knows its committed domains by their line in the list, so resume it with the list as it was, or crawl the new list in another --out (this one holds an unfinished crawl)", own, d, st.SeedsDigest)
		}
		return own, nil
	}
	if given == "-" {
		return "", fmt.Errorf("--resume: the crawl read seeds from %s, not standard input (leave --seeds out to read the crawl's own)", st.SeedsPath)
	}
	d, err := seeds.FileDigest(given)
	if err != nil {
		return "", fmt.Errorf("--resume: --seeds: %w", err)
	}
	if d != st.SeedsDigest {
		return "", fmt.Errorf("--resume: --seeds %s is not the crawl's seed list %s (SHA-256 %s, the crawl's %s); leave --seeds out to read the crawl's own, or give a copy of it", given, own, d, st.SeedsDigest)
	}
	abs, err := filepath.Abs(given)
	if err != nil {
		return "", err
	}
	st.SeedsPath = abs
	return abs, nil
}

// sameFile reports whether the paths a and b name one existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// newCrawlID returns the id of a new crawl of shard in out given none: the
// time now, to the second. A crawl started in the second in which the
// last one into out started (a small crawl run again by a script, say)
// would get its id, and be refused as a second crawl of it for lack of a
// --crawl-id it was never given: it takes the next second's instead.
func newCrawlID(out string, shard seeds.Shard) string {
	for range 3 {
		now := time.Now().UTC()
		id := now.Format("20060102T150405Z")
		if !crawlHeld(out, id, shard) {
			return id
		}
		time.Sleep(now.Truncate(time.Second).Add(time.Second).Sub(now))
	}
	return time.Now().UTC().Format("20060102T150405Z")
}

// crawlHeld reports whether out holds output of crawl id's shard: its
// state, or parts.
func crawlHeld(out, id string, shard seeds.Shard) bool {
	if st, err := loadState(out, shard.String()); err == nil && st.CrawlID == id {
		return true
	}
	pattern, err := sink.PartGlob(out, "*", id, shard.String())
	if err != nil {
		return false
	}
	parts, _ := filepath.Glob(pattern)
	return len(parts) > 0
}

// checkNewCrawl refuses to start crawl id's shard in out over what out
// already holds for that shard: output of the same crawl (its committed
// batches would be taken for this crawl's, by seed line, whatever the seed
// list), or another crawl that is not complete (starting would replace the
// state its resume needs). A complete crawl of another id may stay beside
// the new one, as two crawls of one output directory do, and so may one
// that cannot be resumed (its seeds came from standard input).
func checkNewCrawl(out, id string, shard seeds.Shard) error {
	resume := ResumeCommand(out, shard)
	st, err := loadState(out, shard.String())
	switch {
	case err == nil && st.CrawlID == id && st.Complete:
		return fmt.Errorf("crawl %s (shard %s) in %s is complete; a new crawl needs another --crawl-id", id, shard, out)
	case err == nil && st.CrawlID == id && st.SeedsPath == "-":
		return fmt.Errorf("crawl %s (shard %s) in %s is not complete, and cannot be resumed (its seeds came from standard input); a new crawl needs another --crawl-id", id, shard, out)
	case err == nil && st.CrawlID == id:
		return fmt.Errorf("crawl %s (shard %s) in %s is not complete; continue it with %s, or start a new crawl in another --out", id, shard, out, resume)
	case err == nil && !st.Complete && st.SeedsPath != "-":
		return fmt.Errorf("%s holds crawl %s (shard %s), which is not complete, and starting crawl %s there would replace what its resume needs; finish it first with %s, or give the new crawl another --out", out, st.CrawlID, shard, id, resume)
	case err != nil && !isNotExist(err):
		return err
	}
	pattern, err := sink.PartGlob(out, "*", id, shard.String())
	if err != nil {
		return err
	}
	parts, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	if len(parts) > 0 {
		return fmt.Errorf("crawl %s already has parts of shard %s in %s (%s ...); a new crawl needs another --crawl-id", id, shard, out, parts[0])
	}
	return nil
}

// optionsRecord is the crawl's options as stored in crawls.options.
func optionsRecord(opts *Options, canary string) map[string]any {
	c := opts.Crawl
	var locs []string
	for _, l := range c.Locations {
		locs = append(locs, string(l.ID))
	}
	if locs == nil {
		locs = registry.LocationIDs()
	}
	return map[string]any{
		"concurrency": c.Concurrency, "timeout": c.Timeout.String(), "domain_deadline": c.DomainDeadline.String(),
		"max_body": c.MaxBody, "user_agent": c.UserAgent, "allow_private": c.AllowPrivate,
		"connect_to": c.ConnectTo, "resolver": c.Resolver, "locations": locs, "canary_path": canary,
		"per_ip_limit": c.PerIPLimit, "max_timeouts": c.MaxTimeouts, "max_retry_after": c.MaxRetryAfter.String(),
		"shard": opts.Shard.String(), "seeds": opts.SeedsPath, "respect_robots": c.Robots != nil,
		"outage_after": opts.OutageAfter, "hostname": hostname(),
	}
}

// openSeeds opens the seed input and estimates the number of seeds by
// counting its lines (0 for standard input). Standard input is read
// through a pipe that ctx's end closes: a producer that is slow or stalls
// (zcat, a pipe from another machine) would otherwise keep an interrupted
// crawl waiting for its next line, as long as it takes.
func openSeeds(ctx context.Context, opts *Options) (io.ReadCloser, int64, error) {
	if opts.SeedsPath == "-" {
		if opts.Stdin == nil {
			return nil, 0, errors.New("seeds: standard input is not available")
		}
		if ctx.Err() != nil {
			// Interrupted already: the run is recorded, interrupted,
			// once the head of the input is read, as it was before.
			r, err := seeds.Decompress(opts.Stdin, "standard input")
			return r, 0, err
		}
		pr, pw := io.Pipe()
		go func() {
			_, err := io.Copy(pw, opts.Stdin)
			pw.CloseWithError(err)
		}()
		stop := context.AfterFunc(ctx, func() { pr.CloseWithError(ctx.Err()) })
		r, err := seeds.Decompress(pr, "standard input")
		if err != nil {
			stop()
			return nil, 0, err
		}
		return &stdinSeeds{ReadCloser: r, stop: stop}, 0, nil
	}
	// The lines are counted in one pass (for the progress bar), read in
	// another: a compressed list is decompressed twice.
	f, err := seeds.Open(opts.SeedsPath)
	if err != nil {
		return nil, 0, err
	}
	n, err := countLines(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, 0, fmt.Errorf("seeds: %s: %w", opts.SeedsPath, err)
	}
	f, err = seeds.Open(opts.SeedsPath)
	if err != nil {
		return nil, 0, err
	}
	return f, n, nil
}

// stdinSeeds is standard input's seeds, which stop being closed when the
// crawl's context ends once they are closed.
type stdinSeeds struct {
	io.ReadCloser
	stop func() bool
}

// Close closes the seeds.
func (s *stdinSeeds) Close() error {
	s.stop()
	return s.ReadCloser.Close()
}

func countLines(r io.Reader) (int64, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	buf := make([]byte, 1<<20)
	var n int64
	var last byte = '\n'
	for {
		k, err := br.Read(buf)
		n += int64(bytes.Count(buf[:k], []byte{'\n'}))
		if k > 0 {
			last = buf[k-1]
		}
		if err == io.EOF {
			if last != '\n' {
				n++
			}
			return n, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// lineSet is the set of seed lines already committed: a bitmap indexed by
// line number (1.25 MB for ten million lines).
type lineSet struct {
	bits []uint64
	n    int64
}

func (s *lineSet) add(line int64) {
	i := line / 64
	for int64(len(s.bits)) <= i {
		s.bits = append(s.bits, 0)
	}
	if s.bits[i]&(1<<(line%64)) == 0 {
		s.bits[i] |= 1 << (line % 64)
		s.n++
	}
}

func (s *lineSet) has(line int64) bool {
	i := line / 64
	return i < int64(len(s.bits)) && s.bits[i]&(1<<(line%64)) != 0
}

// committedLines reads the seed lines of the domains a shard has committed
// in earlier runs of the crawl.
func committedLines(dir, crawlID, shard string, any bool) (*lineSet, error) {
	set := &lineSet{}
	if !any {
		return set, nil
	}
	pattern, err := sink.PartGlob(dir, sink.TableTargets, crawlID, shard)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		return set, err
	}
	sort.Strings(files)
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = sqlquote.String(f)
	}
	if err := readLines(db, quoted, set); err != nil {
		return nil, damagedTargets(db, files, err)
	}
	return set, nil
}

// readLines adds the seed lines of the targets parts to set (paths
// quoted as SQL strings).
func readLines(db *sql.DB, quoted []string, set *lineSet) error {
	rows, err := db.Query("SELECT seed_line FROM read_parquet([" + strings.Join(quoted, ",") + "])")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var line int64
		if err := rows.Scan(&line); err != nil {
			return err
		}
		set.add(line)
	}
	return rows.Err()
}

// damagedTargets explains err, the failure to read the targets parts
// files: it reads each on its own (sink.CheckPart) and names those that
// cannot be read, with the way out (a batch without its targets part is
// not committed, so resuming crawls its domains again), or returns err
// when each part reads.
func damagedTargets(db *sql.DB, files []string, err error) error {
	var bad []string
	var first error
	for _, f := range files {
		if ferr := sink.CheckPart(context.Background(), db, f); ferr != nil {
			bad = append(bad, f)
			first = cmp.Or(first, ferr)
		}
	}
	switch len(bad) {
	case 0:
		return fmt.Errorf("reading committed domains: %w", err)
	case 1:
		return fmt.Errorf("reading committed domains: %s cannot be read (%v): move it aside (rename it to %s.damaged) and resume again, which crawls its batch's domains again",
			bad[0], first, filepath.Base(bad[0]))
	}
	return fmt.Errorf("reading committed domains: %d targets parts cannot be read (the first: %v): %s: move them aside (rename each to NAME.damaged) and resume again, which crawls their batches' domains again",
		len(bad), first, strings.Join(bad, ", "))
}

// hostname is the machine the run crawled from, for the crawls table's
// options (where a crawl ran can change what sites answer); "" when the
// system does not say.
func hostname() string {
	h, _ := os.Hostname()
	return h
}
