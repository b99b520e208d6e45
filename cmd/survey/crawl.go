package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	_ "net/http/pprof" // for --pprof
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

const crawlAbout = `
Fetch every agent-policy location of every domain in the seed list, classify
what came back, parse and validate each file, and write the dataset under
--out: Parquet parts (DIR/<table>/crawl=<id>/part-*.parquet) and a DuckDB
database (DIR/survey.duckdb). Seeds: one domain per line, Tranco-style
"rank,domain" CSV, a CSV whose header names its domain and rank columns
(the Majestic Million), a CrUX "origin,rank" CSV, or origins
(https://host[:port]), as text, gzip, zstd, bzip2 or a zip archive of one
file (as Tranco publishes its lists); see seeds/README.md.

Locations (--locations, comma-separated; default all):
` + "LOCATIONS" + `

The crawler is a guest: it sends an honest User-Agent (add your contact with
--contact), makes one request at a time per host and a few per IP address,
caps headers, bodies and time, and never connects to private, loopback or
link-local addresses unless --allow-private is given.

  survey crawl --seeds tranco.csv --contact mailto:you@example.org --out ./top1m
  survey crawl --seeds crux.csv.gz --out ./crux --shard 0/4
  survey crawl --resume --out ./top1m

Ctrl-C (or SIGTERM) stops cleanly (in-flight domains are abandoned, everything
committed is kept and its database built); a second Ctrl-C stops at once.
Continue with --resume. After --outage-after domains in a row without an
answer (the crawler's own network down) it stops as an interrupt does.
Exit status: 0 complete, 1 complete with rejected seed lines, or with 95% or
more of 20+ domains unreachable or timed out, or interrupted (or stopped for
an outage), or a seed file that holds no seed (nothing written), 2 usage or
I/O error.`

func runCrawl(e *env, args []string) int {
	var locDoc strings.Builder
	for _, l := range registry.Locations() {
		fmt.Fprintf(&locDoc, "  %-13s %-30s %s\n", l.ID, l.Path, l.Doc)
	}
	fs := newFlags(e, "crawl", "--seeds FILE|- [flags]", strings.Replace(crawlAbout, "LOCATIONS\n", locDoc.String(), 1))
	var (
		seedsPath      = fs.String("seeds", "", "seed file (text, gzip, zstd, bzip2 or zip), or - for standard input (text, gzip, zstd or bzip2)")
		out            = fs.String("out", "./"+defaultOut, "output directory")
		crawlID        = fs.String("crawl-id", "", "crawl identifier (default: the start time, e.g. 20261121T101500Z); shards of one crawl share it")
		resume         = fs.Bool("resume", false, "continue the interrupted crawl in --out, with its seeds and options (--seeds given with it must be the crawl's list, or a copy of it where the list was moved); other flags given with it (a lower --concurrency, say) apply from this run on, and the crawls table records each run's options; flags that change what is measured (--locations, --max-body, --allow-private, --respect-robots, --canary) must keep the crawl's values")
		restartable    = fs.Bool("restartable", false, "resume when --out already holds this shard's crawl, else start it (for batch schedulers that restart tasks; give --crawl-id too, or a later job into the same --out resumes this crawl instead of starting its own)")
		shardFlag      = fs.String("shard", "", "crawl share i/n of the seeds (by registrable domain)")
		shards         = fs.Int("shards", 0, "crawl one of n shards, the index taken from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (0: no sharding)")
		concurrency    = fs.Int("concurrency", crawl.DefaultConcurrency, "domains crawled at once")
		timeout        = fs.Duration("timeout", crawl.DefaultTimeout, "timeout of one request, redirects and body included (its wait for a turn at the host or IP not counted)")
		domainDeadline = fs.Duration("domain-deadline", crawl.DefaultDomainDeadline, "time limit for all the requests of one domain (their waits for a turn at the host or IP not counted)")
		maxBody        = fs.String("max-body", "1MiB", "body cap, applied after decompression (bytes, or with KiB/MiB)")
		userAgent      = fs.String("user-agent", crawl.DefaultUserAgent, "User-Agent header; one of your own must name a contact (a URL or an e-mail address), or take one from --contact")
		contact        = fs.String("contact", "", "your contact, an http(s) URL, mailto: URI or e-mail address, appended to the User-Agent")
		allowPrivate   = fs.Bool("allow-private", false, "allow connections to private, loopback and link-local addresses")
		respectRobots  = fs.Bool("respect-robots", false, "obey each domain's robots.txt as survey (its product token in --user-agent): a location it disallows is not requested and is recorded blocked, reason robots_txt")
		connectTo      = fs.String("connect-to", "", "route every host name's connection to HOST:PORT (the simulated web); that address is allowed")
		caFile         = fs.String("ca-file", "", "PEM file of extra certificate authorities to trust (the simulated web's CA)")
		resolver       = fs.String("resolver", "", "DNS server HOST:PORT to use instead of the system's")
		locations      = fs.String("locations", "", "comma-separated locations to fetch (default all)")
		perIP          = fs.Int("per-ip", crawl.DefaultPerIPLimit, "requests in flight to one IP address (not applied with --connect-to and no --resolver, where names are not resolved: the simulated web's one address stands for every site)")
		maxRetryAfter  = fs.Duration("max-retry-after", crawl.DefaultMaxRetryAfter, "longest Retry-After (429, 503) waited for; a host asking for longer is left alone (0: never wait)")
		noBuild        = fs.Bool("no-build", false, "do not build the DuckDB database at the end (sharded crawls: use survey merge)")
		canary         = fs.String("canary", "", "canary name, letters, digits, '-' and '_' (the canary location is /.well-known/survey-canary-NAME; default: derived from the crawl id)")
		quiet          = fs.Bool("quiet", false, "no progress output")
		batchAge       = fs.Duration("batch-age", 30*time.Second, "write what is committed at least this often")
		outageAfter    = fs.Int("outage-after", 200, "stop, as an interrupt does, when this many domains in a row were unreachable or timed out (your network is likely down); they are not recorded, so --resume crawls them again (0: never stop)")
		memoryLimit    = fs.String("memory-limit", fmt.Sprintf("%dMiB", crawl.DefaultMemoryLimit>>20), "soft limit of the crawler's own memory (Go's GOMEMLIMIT; GOGC and GOMEMLIMIT in the environment take precedence): the garbage collector runs rarely below it and harder near it")
		pprofAddr      = fs.String("pprof", "", "serve Go's profiling endpoints (net/http/pprof) on this address, e.g. localhost:6060, to study a crawl's CPU and memory")
	)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fail(e, "crawl", fmt.Errorf("unexpected argument %q (seeds go in --seeds)", fs.Arg(0)))
	}
	if *out == "" {
		// An unset variable in a script (--out "$OUT"), say.
		return fail(e, "crawl", fmt.Errorf("--out is empty; give an output directory (by default ./%s)", defaultOut))
	}
	if *restartable && !*resume {
		shard, err := shardOf(*shardFlag, *shards, e.getenv)
		if err != nil {
			return fail(e, "crawl", err)
		}
		if st, err := pipeline.LoadState(*out, shard.String()); err == nil && (*crawlID == "" || st.CrawlID == *crawlID) {
			fmt.Fprintf(e.stderr, "survey crawl: %s holds crawl %s (shard %s); resuming it\n", *out, st.CrawlID, shard)
			*resume = true
		}
	}
	// The shard a resume continues: the one named now, whose state it
	// loads, however the crawl's replayed flags name theirs.
	var resumed *seeds.Shard
	if *resume {
		// Replay the crawl's own flags, then the ones given now on top.
		shard, err := shardOf(*shardFlag, *shards, e.getenv)
		if err != nil {
			return fail(e, "crawl", err)
		}
		st, err := pipeline.LoadState(*out, shard.String())
		if err != nil {
			return fail(e, "crawl", fmt.Errorf("nothing to resume in %s for shard %s: %w%s", *out, shard, err, shardsHeld(*out)))
		}
		// --seeds given now is checked against the crawl's seed list; left
		// out, the crawl's own is read (pipeline.Run finds it).
		given := *seedsPath
		if err := fs.Parse(st.Args); err != nil {
			return fail(e, "crawl", fmt.Errorf("replaying the crawl's flags %q: %w", st.Args, err))
		}
		// A replayed relative path names a file of the directory the crawl
		// started in; a path given now, one of the current directory.
		*caFile = st.InWorkDir(*caFile)
		if err := fs.Parse(args); err != nil {
			return exitUsage
		}
		*seedsPath = given
		// A crawl started with --shards n is resumed with --shard i/n (as
		// its resume command says), and the other way round: the replayed
		// flag and the one given now would be taken for both at once.
		*shardFlag, *shards = "", 0
		resumed = &shard
	}
	if *seedsPath == "" && !*resume {
		return badUsage(fs, "--seeds is required (or --resume --out DIR to continue a crawl)")
	}
	// crawl.Config takes a zero as "the default"; on the command line a
	// zero or negative limit is a mistake, not a wish for the default.
	for _, c := range []struct {
		name, want string
		bad        bool
	}{
		{"concurrency", "at least 1", *concurrency < 1},
		{"per-ip", "at least 1", *perIP < 1},
		{"timeout", "positive", *timeout <= 0},
		{"domain-deadline", "positive", *domainDeadline <= 0},
		{"batch-age", "positive", *batchAge <= 0},
		{"outage-after", "0 (never stop) or more", *outageAfter < 0},
		{"max-retry-after", "0 (never wait) or more", *maxRetryAfter < 0},
		{"shards", "0 (no sharding) or more", *shards < 0},
	} {
		if c.bad {
			return fail(e, "crawl", fmt.Errorf("--%s %s: must be %s", c.name, fs.Lookup(c.name).Value, c.want))
		}
	}
	retryAfter := *maxRetryAfter
	if retryAfter == 0 {
		retryAfter = -1 // crawl.Config: negative is never, zero the default
	}
	cap, err := parseSize(*maxBody)
	if err != nil {
		return fail(e, "crawl", fmt.Errorf("--max-body: %w", err))
	}
	if err := checkUserAgent(*userAgent, *contact); err != nil {
		return fail(e, "crawl", err)
	}
	if *resolver != "" {
		if _, _, err := net.SplitHostPort(*resolver); err != nil {
			return fail(e, "crawl", fmt.Errorf("--resolver %q: want HOST:PORT (a DNS server, such as 127.0.0.1:53)", *resolver))
		}
	}
	if *crawlID != "" && sink.CheckCrawlID(*crawlID) != nil {
		return fail(e, "crawl", fmt.Errorf("--crawl-id %q: want letters, digits, '.', '_' and '-', starting with a letter or digit (it names the directories crawl=ID)", *crawlID))
	}
	if *canary != "" && !canaryName.MatchString(*canary) {
		return fail(e, "crawl", fmt.Errorf("--canary %q: want letters, digits, '-' and '_' (it ends the path /.well-known/survey-canary-NAME)", *canary))
	}
	locs, err := registry.SelectLocations(*locations)
	if err != nil {
		return fail(e, "crawl", fmt.Errorf("--locations: %w", err))
	}
	if *respectRobots && !slices.ContainsFunc(locs, func(l registry.Location) bool { return l.ID == registry.LocRobots }) {
		return fail(e, "crawl", errors.New("--respect-robots reads each domain's robots.txt first: add robots to --locations"))
	}
	shard, err := shardOf(*shardFlag, *shards, e.getenv)
	if err != nil {
		return fail(e, "crawl", err)
	}
	if resumed != nil {
		shard = *resumed
	}
	if !*resume {
		if err := checkSeedsReadable(*seedsPath); err != nil {
			return fail(e, "crawl", err)
		}
		if err := checkOutDir(*out); err != nil {
			return fail(e, "crawl", err)
		}
		if why, bad := noSeed(*seedsPath); why != "" {
			for _, le := range bad {
				fmt.Fprintln(e.stderr, le)
			}
			fmt.Fprintf(e.stderr, "survey crawl: %s; nothing was crawled or written\n", why)
			return exitFindings
		}
	}
	roots, err := loadRoots(*caFile)
	if err != nil {
		return fail(e, "crawl", err)
	}
	ua := withContact(*userAgent, *contact)
	canaryPath := ""
	if *canary != "" {
		canaryPath = registry.CanaryPath(*canary)
	}
	var robotsRules crawl.RobotsRules
	if *respectRobots {
		robotsRules = pipeline.RobotsRules(ua)
	}
	opts := pipeline.Options{
		Out: *out, SeedsPath: *seedsPath, Stdin: e.stdin, CrawlID: *crawlID, Shard: shard, Resume: *resume,
		Crawl: crawl.Config{
			Concurrency: *concurrency, Timeout: *timeout, DomainDeadline: *domainDeadline, MaxBody: cap,
			UserAgent: ua, AllowPrivate: *allowPrivate, ConnectTo: *connectTo, RootCAs: roots, Resolver: *resolver,
			Locations: locs, CanaryPath: canaryPath, PerIPLimit: *perIP, MaxRetryAfter: retryAfter,
			Robots: robotsRules,
		},
		Stderr: e.stderr, Progress: e.stderr, TTY: e.stderrTTY, NoBuild: *noBuild || shard.Count > 1, BatchAge: *batchAge,
		Args: withoutResume(args), OutageAfter: *outageAfter,
	}
	if *quiet {
		opts.Progress = nil
	}

	if err := setMemoryLimit(*memoryLimit, e.getenv); err != nil {
		return fail(e, "crawl", fmt.Errorf("--memory-limit: %w", err))
	}
	if *pprofAddr != "" {
		ln, err := net.Listen("tcp", *pprofAddr)
		if err != nil {
			return fail(e, "crawl", fmt.Errorf("--pprof: %w", err))
		}
		defer ln.Close()
		go http.Serve(ln, nil) // net/http/pprof registers on the default mux
		fmt.Fprintf(e.stderr, "survey crawl: profiling on http://%s/debug/pprof/\n", ln.Addr())
	}

	fromStdin := *seedsPath == "-" // such a crawl cannot be resumed
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	// The run's status once its database is being built ("" before): an
	// interrupt no longer stops the build, and its messages say so.
	var building atomic.Value
	building.Store("")
	opts.Building = func(status string) { building.Store(status) }
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		if _, ok := <-sigs; !ok {
			return
		}
		fmt.Fprint(e.stderr, firstInterrupt(building.Load().(string), *out))
		stop()
		if _, ok := <-sigs; ok {
			fmt.Fprint(e.stderr, aborted(*out, shard, fromStdin, building.Load().(string)))
			os.Exit(exitFindings) // interrupted, as after one Ctrl-C: README's exit status
		}
	}()

	sum, err := pipeline.Run(ctx, opts)
	if errors.Is(err, pipeline.ErrInterruptedBeforeSeeds) || errors.Is(err, pipeline.ErrInterruptedWaiting) {
		fmt.Fprintf(e.stderr, "survey crawl: %v\n", err)
		return exitFindings // interrupted
	}
	if errors.Is(err, pipeline.ErrNothingToResume) {
		fmt.Fprintf(e.stdout, "%v\n", err)
		// Its build may have been abandoned (a second Ctrl-C, a kill) or
		// failed, leaving no database, or the one an earlier run built.
		if db := filepath.Join(*out, "survey.duckdb"); shard.Count <= 1 && !*noBuild {
			if !exists(db) {
				fmt.Fprintf(e.stdout, "its database %s is not built; build it with:\n  survey merge --db %s %s\n", db, shell.Quote(db), shell.Quote(*out))
			} else if current, err := pipeline.DatabaseHoldsLastRun(db, *out, shard); err == nil && !current {
				fmt.Fprintf(e.stdout, "its database %s was built before the crawl's last run ended, and holds only part of the crawl; build it again with:\n  survey merge --db %s %s\n", db, shell.Quote(db), shell.Quote(*out))
			}
		}
		return exitOK
	}
	if sum != nil {
		printSummary(e.stdout, sum, *out)
	}
	if err != nil {
		var build *pipeline.BuildError
		if errors.As(err, &build) {
			err = &buildOf{err: err, db: build.Path, dirs: []string{*out}}
		}
		code := fail(e, "crawl", err)
		if sum != nil {
			fmt.Fprint(e.stderr, afterFailure(sum, err, *out, shard, fromStdin))
		}
		return code
	}
	fmt.Fprint(e.stdout, notBuilt(sum, *out, shard))
	if sum.Outage > 0 {
		fmt.Fprintf(e.stderr, "survey crawl: stopped: %d domains in a row got no answer (%s), so this machine's network (or --connect-to, --resolver) is likely down; they are not recorded, nor the %s that lost fetches meanwhile, and --resume crawls them again once it is back; if these domains are dead and the network is fine, resume with a larger --outage-after, or 0, which never stops\n", sum.Outage, sum.OutageWhy, plural(sum.OutageLossy, "domain", "domains"))
	}
	if sum.Interrupted {
		fmt.Fprintf(e.stdout, "\nInterrupted; %s", howToContinue(*out, shard, fromStdin))
		return exitFindings
	}
	if n, all := sum.DomainOuts[classify.DomainUnreachable]+sum.DomainOuts[classify.DomainTimeout], sum.Crawled; all >= 20 && n*20 >= all*19 {
		// Fewer than --outage-after, or not in a row, but nearly all.
		fmt.Fprintf(e.stderr, "survey crawl: %d of the %d domains crawled were unreachable or timed out: check this machine's network, --connect-to and --resolver before reading the dataset as the web's\n", n, all)
		return exitFindings
	}
	if sum.Seeds == 0 {
		fmt.Fprintf(e.stderr, "survey crawl: %s holds no seed (%s read), so nothing was crawled\n", seedsName(cmp.Or(*seedsPath, "the crawl's seed list")), plural(int(sum.SeedLines), "line", "lines"))
		return exitFindings
	}
	if sum.SeedsBad > 0 {
		return exitFindings
	}
	return exitOK
}

// seedsName names the seed list given as --seeds in messages.
func seedsName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// aborted is what a crawl of shard in out says when a second Ctrl-C stops
// it at once: its committed batches are intact, how to go on, and that its
// database (not built, or an earlier one) is built from what was committed
// by survey merge, so that survey query can read it meanwhile.
// A complete crawl stopped while its database was being built (building
// is the run's status then) has nothing to resume: only the build is left.
func aborted(out string, shard seeds.Shard, fromStdin bool, building string) string {
	db := filepath.Join(out, "survey.duckdb")
	if building == "complete" {
		return fmt.Sprintf("survey crawl: aborted the build of %s; the crawl is complete and its parts are intact; build its database with:\n  survey merge --db %s %s\n",
			db, shell.Quote(db), shell.Quote(out))
	}
	return fmt.Sprintf("survey crawl: aborted; completed parts are intact; %sto query what was committed meanwhile, build its database with:\n  survey merge --db %s %s\n",
		howToContinue(out, shard, fromStdin), shell.Quote(db), shell.Quote(out))
}

// firstInterrupt is what a crawl says on its first Ctrl-C (or SIGTERM):
// that it stops, or, when the crawl has ended and only its database is
// being built (building is the run's status then), that the build goes
// on, since the database is what survey query reads.
func firstInterrupt(building, out string) string {
	if building == "" {
		return "\nsurvey crawl: stopping; writing what is committed (Ctrl-C again to abort at once)\n"
	}
	db := filepath.Join(out, "survey.duckdb")
	what := "the crawl is complete"
	if building != "complete" {
		what = "the crawl has stopped"
	}
	return fmt.Sprintf("\nsurvey crawl: %s; finishing the build of its database %s, for survey query (Ctrl-C again to abort it; survey merge --db %s %s builds it later)\n",
		what, db, shell.Quote(db), shell.Quote(out))
}

// checkSeedsReadable refuses, before anything is written, a seed file
// that cannot be opened or is a directory (a crawl would otherwise create
// its output directory, then fail). Standard input ("-") is not checked.
func checkSeedsReadable(path string) error {
	if path == "-" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("--seeds: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return fmt.Errorf("--seeds %s is a directory; give a seed file", path)
	}
	return nil
}

// noSeed says why a new crawl of the seed file at path would crawl
// nothing, when it holds no seed at all, with its first rejected lines
// (up to pipeline.MaxBadSeedLinesShown, as a crawl reports them), or ""
// when it holds one (read up to the first) or cannot be read here (the
// crawl says why). Such a crawl is refused before anything is written:
// recorded, it would be the most recent crawl of its --out, which the
// queries report by default, with no domain. Standard input, which cannot
// be read twice, is crawled as it comes (the crawl then says it held no
// seed).
func noSeed(path string) (why string, bad []*seeds.LineError) {
	if path == "-" {
		return "", nil
	}
	f, err := seeds.Open(path)
	if err != nil {
		return "", nil
	}
	defer f.Close()
	r := seeds.NewReader(f, path)
	for {
		_, err := r.Next()
		var le *seeds.LineError
		switch {
		case err == nil:
			return "", nil
		case errors.As(err, &le):
			if len(bad) < pipeline.MaxBadSeedLinesShown {
				bad = append(bad, le)
			}
			continue
		case err != io.EOF:
			return "", nil
		}
		st := r.Stats()
		why = fmt.Sprintf("%s holds no seed (%s read", path, plural(int(st.Lines), "line", "lines"))
		if st.Bad > 0 {
			why += fmt.Sprintf(", %d rejected", st.Bad)
		}
		return why + ")", bad
	}
}

// checkOutDir refuses, for a new crawl, an --out that is a file, or a
// directory that holds files but no survey output (no _state, no
// survey.duckdb): a mistyped --out (., a home directory, a project) would
// otherwise get some thirty tables' directories written among its files.
// Hidden entries and lost+found (a new volume's) do not count.
func checkOutDir(out string) error {
	fi, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("--out %s is a file, not a directory", out)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	var others []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "_state" || strings.HasPrefix(name, "survey.duckdb"):
			return nil // a survey output: pipeline.Run checks what it holds
		case strings.HasPrefix(name, ".") || name == "lost+found":
		default:
			others = append(others, name)
		}
	}
	if len(others) == 0 {
		return nil
	}
	shown := others[:min(3, len(others))]
	more := ""
	if len(others) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(others)-len(shown))
	}
	return fmt.Errorf("--out %s is a directory that holds other files (%s%s) and no survey output; give a new or empty directory, or one that a crawl wrote", out, strings.Join(shown, ", "), more)
}

// canaryName is what --canary may be: it ends the canary's path.
var canaryName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// checkUserAgent refuses a User-Agent that gives site operators no way to
// reach whoever runs the crawl: a contact that is not an http(s) URL, a
// mailto: URI or an e-mail address, or a --user-agent of one's own that
// names neither a URL nor an e-mail address, without --contact. Control
// characters, which cannot go in a header, are refused in both.
func checkUserAgent(ua, contact string) error {
	if strings.TrimSpace(ua) == "" {
		return errors.New("--user-agent is empty; a crawler names itself and a contact")
	}
	if strings.ContainsFunc(ua, unicode.IsControl) {
		return fmt.Errorf("--user-agent %q: holds a control character, which a header cannot carry", ua)
	}
	if contact != "" {
		if !validContact(contact) {
			return fmt.Errorf("--contact %q: want an http(s) URL (https://example.org/crawler), a mailto: URI or an e-mail address (you@example.org)", contact)
		}
		return nil
	}
	if ua != crawl.DefaultUserAgent && !namesContact(ua) {
		return fmt.Errorf("--user-agent %q names no contact (a URL or an e-mail address) for site operators to reach you: add one to it, or give --contact", ua)
	}
	return nil
}

// validContact reports whether contact is an http(s) URL with a host, a
// mailto: URI or an e-mail address, without what would break the
// User-Agent's comment it goes in (white space, parentheses, control
// characters).
func validContact(contact string) bool {
	if strings.ContainsAny(contact, "()\\ \t") || strings.ContainsFunc(contact, unicode.IsControl) {
		return false
	}
	if u, err := url.Parse(contact); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return u.Host != "" && u.User == nil
	}
	return isEmail(strings.TrimPrefix(contact, "mailto:"))
}

// isEmail reports whether s looks like an e-mail address: one @, with
// something before it and a domain with a dot after it.
func isEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	return ok && local != "" && !strings.Contains(domain, "@") &&
		strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// namesContact reports whether a User-Agent holds a URL or an e-mail
// address.
func namesContact(ua string) bool {
	if strings.Contains(ua, "http://") || strings.Contains(ua, "https://") {
		return true
	}
	for _, f := range strings.FieldsFunc(ua, func(r rune) bool { return strings.ContainsRune(" ;()<>,+", r) }) {
		if isEmail(strings.TrimPrefix(f, "mailto:")) {
			return true
		}
	}
	return false
}

// exists reports whether path names a file or directory.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// notBuilt says how to build the database of a complete crawl that did
// not build one (a shard, or --no-build), whose summary would otherwise end
// with the output directory alone; "" when there is nothing to say.
func notBuilt(sum *pipeline.Summary, out string, shard seeds.Shard) string {
	if sum.DBPath != "" || sum.Status != "complete" {
		return ""
	}
	db := filepath.Join(out, "survey.duckdb")
	how, dirs := "build it with", ""
	if shard.Count > 1 {
		how = "once every shard of the crawl is complete, build it with (naming each shard's output directory, where they differ)"
		if missing, ok := shardsElsewhere(out, sum.CrawlID); ok && missing == "" {
			how = "once every shard of the crawl is complete, build it with"
		} else if ok {
			// A merge of out alone would build a database of some shards:
			// the command names the others' directories, which a copy of
			// it as it is does not find.
			how = missing + " not in " + out + ": once every shard is complete, build it with (naming the output directory of each shard crawled elsewhere)"
			dirs = " DIR..."
		}
	}
	return fmt.Sprintf("  database: not built; %s:\n    survey merge --db %s %s%s\n", how, shell.Quote(db), shell.Quote(out), dirs)
}

// shardsElsewhere names the shards of crawl id that out holds no state of
// ("shard 1/2 of the crawl is", "shards 1/4, 3/4 of the crawl are"), ""
// when it holds every one; ok is false when out cannot be read.
func shardsElsewhere(out, id string) (missing string, ok bool) {
	crawls, err := pipeline.ReadOutputs([]string{out})
	if err != nil {
		return "", false
	}
	for _, c := range crawls {
		if c.CrawlID != id {
			continue
		}
		switch len(c.Missing) {
		case 0:
			return "", true
		case 1:
			return c.MissingShards() + " of the crawl is", true
		}
		return c.MissingShards() + " of the crawl are", true
	}
	return "", false
}

// howToContinue is the advice for a crawl of shard in out that stopped
// before it completed: the command that resumes it or, when its seeds came
// from standard input (which cannot be read again), why there is none.
func howToContinue(out string, shard seeds.Shard, fromStdin bool) string {
	if fromStdin {
		return pipeline.NotResumable + "\n"
	}
	return "continue with:\n  " + pipeline.ResumeCommand(out, shard) + "\n"
}

// afterFailure says what a crawl that failed after it started left in out,
// and how to go on once the cause (a full disk, say) is fixed: resume a
// crawl that did not complete (see howToContinue), or build the database
// of one that did.
func afterFailure(sum *pipeline.Summary, err error, out string, shard seeds.Shard, fromStdin bool) string {
	var build *pipeline.BuildError
	var damaged *sink.DamagedError
	switch {
	case errors.As(err, &damaged):
		return "" // fail has said how to build without the damaged parts
	case errors.As(err, &build) && sum.Status == "complete":
		return fmt.Sprintf("survey crawl: the crawl is complete and its parts are intact; once the cause is fixed, build its database with:\n  survey merge --db %s %s\n", shell.Quote(build.Path), shell.Quote(out))
	}
	return fmt.Sprintf("survey crawl: %s keeps what was written before the failure (%d domains of this run, %d of earlier runs); once the cause is fixed, %s",
		out, sum.Domains, sum.Skipped, howToContinue(out, shard, fromStdin))
}

func printSummary(w io.Writer, s *pipeline.Summary, out string) {
	fmt.Fprintf(w, "crawl %s, shard %s, run %d: %s in %s\n", s.CrawlID, s.Shard, s.Run, s.Status, s.Elapsed.Round(time.Millisecond))
	rate := float64(s.Crawled) / s.Elapsed.Seconds()
	fmt.Fprintf(w, "  domains crawled: %d (%.1f/s)", s.Crawled, rate)
	if s.Domains < s.Crawled {
		fmt.Fprintf(w, ", %d of them written before the failure", s.Domains)
	}
	if s.Skipped > 0 {
		fmt.Fprintf(w, ", %d already done by earlier runs", s.Skipped)
	}
	fmt.Fprintf(w, "\n  seed lines: %d read, %d rejected, %d duplicates\n", s.SeedLines, s.SeedsBad, s.Duplicates)
	var parts []string
	for _, k := range []string{"ok", "blocked", "timeout", "unreachable"} {
		if n := s.DomainOuts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	fmt.Fprintf(w, "  domains: %s\n", cmp.Or(strings.Join(parts, ", "), "none"))
	var outs []string
	for _, o := range classify.Outcomes() {
		if n := s.Outcomes[o]; n > 0 {
			outs = append(outs, fmt.Sprintf("%s %d", o, n))
		}
	}
	sort.Strings(outs)
	fmt.Fprintf(w, "  fetches: %s\n", cmp.Or(strings.Join(outs, ", "), "none"))
	fmt.Fprintf(w, "  output: %s", out)
	if s.DBPath != "" {
		fmt.Fprintf(w, " (database %s)", pathAsGiven(s.DBPath, out))
	}
	fmt.Fprintln(w)
}

// pathAsGiven returns path, a file in directory out, spelt as the user
// spelt out ("./try/survey.duckdb" for --out ./try, not "try/survey.duckdb"),
// so that the summary names one directory one way; other paths as they are.
func pathAsGiven(path, out string) string {
	if filepath.Dir(path) != filepath.Clean(out) {
		return path
	}
	return strings.TrimRight(out, string(filepath.Separator)) + string(filepath.Separator) + filepath.Base(path)
}

// parseSize parses "1048576", "512KiB", "1MiB", "2MB".
func parseSize(given string) (int64, error) {
	s := strings.TrimSpace(given)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a positive size (bytes, or a number with KiB, MiB, GiB, KB, MB or GB)", given)
	}
	return n * mult, nil
}

// shardOf returns the shard given by --shard i/n, or by --shards n with the
// index from the batch scheduler's environment.
func shardOf(shardFlag string, shards int, getenv func(string) string) (seeds.Shard, error) {
	switch {
	case shardFlag != "" && shards != 0:
		return seeds.Shard{}, errors.New("give --shard i/n or --shards n, not both")
	case shardFlag != "":
		return seeds.ParseShard(shardFlag)
	case shards > 0:
		return seeds.ShardFromEnv(shards, getenv)
	}
	return seeds.Shard{}, nil
}

// shardsHeld describes the crawl shards whose state out holds, each with
// how to go on with it when it is not complete, for an error that
// found no state where it looked ("" when out holds none).
func shardsHeld(out string) string {
	crawls, err := pipeline.ReadOutputs([]string{out})
	if err != nil {
		return ""
	}
	var held []string
	for _, c := range crawls {
		for _, s := range c.Shards {
			if s.Complete {
				held = append(held, fmt.Sprintf("shard %s of crawl %s, complete", s.Shard, c.CrawlID))
			} else {
				held = append(held, fmt.Sprintf("shard %s of crawl %s, not complete (%s)", s.Shard, c.CrawlID, s.HowToContinue()))
			}
		}
	}
	if len(held) == 0 {
		return ""
	}
	return "; " + out + " holds " + strings.Join(held, "; ")
}

// withoutResume returns the flags without --resume, as recorded for a
// later resume.
func withoutResume(args []string) []string {
	var out []string
	for _, a := range args {
		switch a {
		case "--resume", "-resume", "--resume=true", "-resume=true",
			"--restartable", "-restartable", "--restartable=true", "-restartable=true":
			continue
		}
		out = append(out, a)
	}
	return out
}

// setMemoryLimit sets the Go runtime's soft memory limit and lets the
// garbage collector run rarely below it (GOGC crawl.GCPercent), unless GOMEMLIMIT or
// GOGC are set in the environment. Memory then depends on the limit (and
// the concurrency that fills it), not on the number of domains, and the
// collector costs little CPU.
func setMemoryLimit(limit string, getenv func(string) string) error {
	if getenv("GOMEMLIMIT") != "" || getenv("GOGC") != "" {
		return nil
	}
	n, err := parseSize(limit)
	if err != nil {
		return err
	}
	debug.SetMemoryLimit(n)
	debug.SetGCPercent(crawl.GCPercent)
	return nil
}
