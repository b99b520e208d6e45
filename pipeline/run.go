// Package pipeline runs a crawl end to end: it streams the seeds, crawls
// every location of every domain, classifies and parses what came back, and
// writes the dataset (Parquet parts, then the DuckDB database). It also
// resumes interrupted crawls and rebuilds parsed tables from stored bodies.
package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
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

	rows := runRows{st: st, shard: shard, version: cmp.Or(opts.ToolVersion, survey.BuildVersion()), userAgent: cfg.UserAgent}
	run, err := startRun(w, rows, previous, opts.Out, opts.Stderr)
	if err != nil {
		w.Close()
		return nil, err
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
	units := newUnitQueue(64, unitQueueBytes)
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
		for u := range units.ch {
			if err != nil {
				units.done(u)
				continue // drain
			}
			tripped := brk.tripped > 0
			for _, c := range brk.take(u) {
				if commit(c); err != nil {
					break
				}
			}
			units.done(u) // written, or held by the breaker
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
	// thus bounded by the builders and the sink's queue (64 domains and
	// unitQueueBytes), whatever the concurrency: a crawler worker waiting for a builder holds its
	// domain's bodies, not the rows parsed from them (a large robots.txt
	// gives tens of thousands of rows, many times its size).
	crawlID := st.CrawlID
	results := make(chan *crawl.DomainResult)
	var builders sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		builders.Go(func() {
			for res := range results {
				units.send(crawlCtx, buildUnit(crawlID, res, cfg))
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
	close(units.ch)
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
		if err := sink.AppendRows(w, sink.TableCrawls, rows.row(run, run.SeedsRead, run.SeedsBad, run.Domains)); err == nil {
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
