package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// A run's crawl: a new one (its id, its canary, the options it records)
// or the one --resume continues (its state, and its seed list as it was).

// errComplete is Run's error resuming a crawl with nothing left to crawl.
func errComplete(st *State, shard, out string) error {
	return fmt.Errorf("%w: crawl %s (shard %s) in %s is complete", ErrNothingToResume, st.CrawlID, shard, out)
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

// hostname is the machine the run crawled from, for the crawls table's
// options (where a crawl ran can change what sites answer); "" when the
// system does not say.
func hostname() string {
	h, _ := os.Hostname()
	return h
}
