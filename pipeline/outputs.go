package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/internal/filelock"
	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/seeds"
)

// ShardOutput is one shard of a crawl found in an output directory, as its
// state file (DIR/_state/shard-IofN.json) records it.
type ShardOutput struct {
	Dir         string
	Shard       seeds.Shard
	SeedsDigest string
	Complete    bool
	// LastRun is the status of the shard's last run: complete,
	// interrupted, failed, or running (still running, or ended without
	// recording its end: killed, say).
	LastRun string
	// Running names the process writing the shard now, as the shard's
	// lock says ("pid 12 on host since TIME"); empty when none is.
	Running string
	// RunningUnknown is set when the shard's lock cannot be looked at
	// (the file system takes no locks, say), so that whether a process is
	// writing the shard cannot be told.
	RunningUnknown bool
	// FromStdin is set when the shard's seeds came from standard input
	// (--seeds -), which cannot be read again: it cannot be resumed.
	FromStdin bool

	measured map[string]string // its measured options, by flag (see measuredOptions)
}

// CrawlOutputs is what a set of output directories holds of one crawl.
type CrawlOutputs struct {
	CrawlID string
	Count   int           // the shards the crawl was split into (1: unsharded)
	Shards  []ShardOutput // the shards found, by index
	Missing []int         // the indexes of the shards in no directory
	// SeedsDigests are the digests of the seed lists its shards read, when
	// they read more than one: shards of one crawl are meant to share one.
	SeedsDigests []string
	// MeasuredUnalike names each option deciding what is measured
	// (--locations, --max-body, --allow-private, --respect-robots) on
	// which its shards differ, with each value and its shards; empty when
	// they agree.
	MeasuredUnalike []string
}

// Complete reports whether every shard of the crawl is there and complete,
// and no process is writing one.
func (c CrawlOutputs) Complete() bool {
	if len(c.Missing) > 0 {
		return false
	}
	for _, s := range c.Shards {
		if !s.Complete || s.Running != "" {
			return false
		}
	}
	return true
}

// Alike reports whether the crawl's shards are the shares of one crawl:
// they read the same seed list and measured alike (Problems says how they
// differ when they do not).
func (c CrawlOutputs) Alike() bool {
	return len(c.SeedsDigests) == 0 && len(c.MeasuredUnalike) == 0
}

// ErrOverlap is returned by ReadOutputs when a merge of the directories
// would count some domains twice.
var ErrOverlap = errors.New("the directories overlap")

// ReadOutputs reads the crawl state files of dirs (the directories a merge
// reads) and says, crawl by crawl, which shards they hold, whether each
// completed, and whether a process is writing one now (its lock is held).
// It fails with ErrOverlap when merging dirs would count domains twice:
// when one shard of a crawl is in two directories (a copy, or one
// directory named twice: see sink.UniqueDirs), or when one crawl was split
// into different numbers of shards. A directory without state files (parts
// copied without _state) adds nothing; a state file that cannot be read is
// an error naming it.
func ReadOutputs(dirs []string) ([]CrawlOutputs, error) {
	byCrawl := map[string]*CrawlOutputs{}
	var order []string
	for _, dir := range dirs {
		paths, err := filepath.Glob(shardFile(dir, "*", ".json"))
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			s, err := loadState(dir, fileShard(p))
			if err != nil {
				return nil, fmt.Errorf("reading the crawl state: %w", err)
			}
			shard, err := seeds.ParseShard(s.Shard)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			shard.Count = max(shard.Count, 1)
			c := byCrawl[s.CrawlID]
			if c == nil {
				c = &CrawlOutputs{CrawlID: s.CrawlID, Count: shard.Count}
				byCrawl[s.CrawlID] = c
				order = append(order, s.CrawlID)
			}
			if shard.Count != c.Count {
				return nil, fmt.Errorf("%w: crawl %q was split into %d shards in %s and into %d in %s, so some domains are in two of its shards",
					ErrOverlap, s.CrawlID, c.Count, c.Shards[0].Dir, shard.Count, dir)
			}
			if i := slices.IndexFunc(c.Shards, func(o ShardOutput) bool { return o.Shard.Index == shard.Index }); i >= 0 {
				return nil, fmt.Errorf("%w: shard %s of crawl %q is in both %s and %s; merge only one of them (two different crawls merge together only under different --crawl-id values)",
					ErrOverlap, shard, s.CrawlID, c.Shards[i].Dir, dir)
			}
			last := ""
			if len(s.Runs) > 0 {
				last = s.Runs[len(s.Runs)-1].Status
			}
			so := ShardOutput{Dir: dir, Shard: shard, SeedsDigest: s.SeedsDigest, Complete: s.Complete, LastRun: last, FromStdin: s.SeedsPath == "-", measured: measured(s.Options)}
			// The lock only informs the problems: one that cannot be
			// looked at (no locks, no permission) leaves them unsure. The
			// holder is empty when the lock is free.
			holder, _, err := filelock.Holder(lockPath(dir, s.Shard))
			so.Running, so.RunningUnknown = holder, err != nil
			c.Shards = append(c.Shards, so)
		}
	}
	out := make([]CrawlOutputs, 0, len(order))
	for _, id := range order {
		c := byCrawl[id]
		slices.SortFunc(c.Shards, func(a, b ShardOutput) int { return a.Shard.Index - b.Shard.Index })
		next := 0
		for _, s := range c.Shards {
			for ; next < s.Shard.Index; next++ {
				c.Missing = append(c.Missing, next)
			}
			next = s.Shard.Index + 1
		}
		for ; next < c.Count; next++ {
			c.Missing = append(c.Missing, next)
		}
		c.SeedsDigests, _ = shardsByValue(c.Shards, shardSeeds)
		if len(c.SeedsDigests) == 1 {
			c.SeedsDigests = nil
		}
		c.MeasuredUnalike = measuredUnalike(c.Shards)
		out = append(out, *c)
	}
	return out, nil
}

// ResumeCommand is the command that continues the crawl of shard in out.
func ResumeCommand(out string, shard seeds.Shard) string {
	cmd := "survey crawl --resume --out " + shell.Quote(out)
	if shard.Count > 1 {
		cmd += " --shard " + shard.String()
	}
	return cmd
}

// NotResumable says why a crawl whose seeds came from standard input cannot
// be resumed, and how to crawl the rest of its seeds.
const NotResumable = "its seeds came from standard input, which cannot be read again, so it cannot be resumed; to crawl the rest, save the seed list to a file and crawl that with another --crawl-id (every domain again)"

// HowToContinue says how to go on with the shard when it is not complete:
// the command that resumes it, or NotResumable.
func (s ShardOutput) HowToContinue() string {
	if s.FromStdin {
		return NotResumable
	}
	return "resume it with: " + ResumeCommand(s.Dir, s.Shard)
}

// shardsByValue groups the shards by a value of theirs: the values in the
// order they first appear, and the shards ("i/n") that have each. A shard
// for which value reports false has none.
func shardsByValue(shards []ShardOutput, value func(ShardOutput) (string, bool)) (values []string, byValue map[string][]string) {
	byValue = map[string][]string{}
	for _, s := range shards {
		v, ok := value(s)
		if !ok {
			continue
		}
		if _, seen := byValue[v]; !seen {
			values = append(values, v)
		}
		byValue[v] = append(byValue[v], s.Shard.String())
	}
	return values, byValue
}

// shardSeeds is a shard's seed-list digest, for shardsByValue.
func shardSeeds(s ShardOutput) (string, bool) { return s.SeedsDigest, true }

// MissingShards names the shards in no directory: "shard 1/2", "shards
// 1/4, 3/4"; "" when there is none.
func (c CrawlOutputs) MissingShards() string {
	if len(c.Missing) == 0 {
		return ""
	}
	names := make([]string, len(c.Missing))
	for i, m := range c.Missing {
		names[i] = seeds.Shard{Index: m, Count: c.Count}.String()
	}
	if len(names) == 1 {
		return "shard " + names[0]
	}
	return "shards " + strings.Join(names, ", ")
}

// Problems describes, one line each, what keeps the crawl from being
// whole: shards in no directory, shards that did not complete (with how to
// go on with each: see ShardOutput.HowToContinue), and shards that read
// different seed lists or measured differently (MeasuredUnalike), which a
// complete crawl can have too.
func (c CrawlOutputs) Problems() []string {
	var lines []string
	if len(c.Missing) > 0 {
		what, dirs, it := c.MissingShards()+" is", "its output directory", "it"
		if len(c.Missing) > 1 {
			what, dirs, it = c.MissingShards()+" are", "their output directories", "them"
		}
		index := "I"
		if len(c.Missing) == 1 {
			index = fmt.Sprint(c.Missing[0])
		}
		lines = append(lines, fmt.Sprintf("crawl %q: %s in none of the directories given; name %s too, or crawl %s first (survey crawl --crawl-id %s --shard %s/%d, with the seeds and flags of the others)",
			c.CrawlID, what, dirs, it, shell.Quote(c.CrawlID), index, c.Count))
	}
	for _, s := range c.Shards {
		if s.Running != "" {
			lines = append(lines, fmt.Sprintf("crawl %q: shard %s in %s is being written now (%s); merge once that ends", c.CrawlID, s.Shard, s.Dir, s.Running))
			continue
		}
		if s.Complete {
			continue
		}
		how := "its last run " + s.LastRun
		switch {
		case s.LastRun == "running" && s.RunningUnknown:
			how = "its last run is still running or was killed"
		case s.LastRun == "running":
			how = "its last run ended without recording its end: it was killed, its machine stopped, or it could not write its state"
		case s.LastRun == "":
			how = "it has not run"
		}
		lines = append(lines, fmt.Sprintf("crawl %q: shard %s in %s is not complete (%s); %s", c.CrawlID, s.Shard, s.Dir, how, s.HowToContinue()))
	}
	if len(c.SeedsDigests) > 0 {
		_, byDigest := shardsByValue(c.Shards, shardSeeds)
		groups := make([]string, len(c.SeedsDigests))
		for i, d := range c.SeedsDigests {
			groups[i] = fmt.Sprintf("%.12s (%s)", d, strings.Join(byDigest[d], ", "))
		}
		lines = append(lines, fmt.Sprintf("crawl %q: its shards read %d different seed lists, so together they are not the shares of one list: %s",
			c.CrawlID, len(groups), strings.Join(groups, "; ")))
	}
	for _, m := range c.MeasuredUnalike {
		lines = append(lines, fmt.Sprintf("crawl %q: its shards did not measure alike, so their domains do not compare: %s", c.CrawlID, m))
	}
	return lines
}
