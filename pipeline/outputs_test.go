package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/seeds"
)

// saveShard writes the state of one shard of crawl id into dir: complete,
// or with its last run ending as last.
func saveShard(t *testing.T, dir, id, shard, digest, last string) {
	t.Helper()
	s := &State{CrawlID: id, Shard: shard, SeedsDigest: digest, Runs: []RunState{{Run: 1, Status: last}}, Complete: last == "complete"}
	if err := s.save(dir); err != nil {
		t.Fatal(err)
	}
}

func TestReadOutputs_ShardsOfCrawls(t *testing.T) {
	shared, other := t.TempDir(), t.TempDir()
	saveShard(t, shared, "big", "0/4", "d1", "complete")
	saveShard(t, shared, "big", "3/4", "d1", "interrupted")
	saveShard(t, other, "big", "1/4", "d2", "running")
	saveShard(t, other, "small", "0/1", "d3", "complete")
	empty := t.TempDir() // parts without _state add nothing

	got, err := ReadOutputs([]string{shared, other, empty})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].CrawlID != "big" || got[1].CrawlID != "small" {
		t.Fatalf("crawls %+v, want big then small", got)
	}
	big, small := got[0], got[1]
	if !small.Complete() || small.Problems() != nil {
		t.Errorf("small: complete %v, problems %q", small.Complete(), small.Problems())
	}
	if big.Complete() || big.Count != 4 || !slices.Equal(big.Missing, []int{2}) || len(big.SeedsDigests) != 2 {
		t.Errorf("big: %+v", big)
	}
	want := []string{
		`crawl "big": shard 2/4 is in none of the directories given; name its output directory too, or crawl it first (survey crawl --crawl-id big --shard 2/4, with the seeds and flags of the others)`,
		`crawl "big": shard 1/4 in ` + other + ` is not complete (its last run ended without recording its end: it was killed, its machine stopped, or it could not write its state); resume it with: survey crawl --resume --out ` + other + ` --shard 1/4`,
		`crawl "big": shard 3/4 in ` + shared + ` is not complete (its last run interrupted); resume it with: survey crawl --resume --out ` + shared + ` --shard 3/4`,
		`crawl "big": its shards read 2 different seed lists, so together they are not the shares of one list: d1 (0/4, 3/4); d2 (1/4)`,
	}
	if p := big.Problems(); !slices.Equal(p, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(p, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadOutputs_CompleteWithTwoSeedLists: a crawl whose shards all
// completed, from different seed lists, is complete, and its problem is
// still said.
func TestReadOutputs_CompleteWithTwoSeedLists(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	saveShard(t, a, "mixed", "0/2", "d1", "complete")
	saveShard(t, b, "mixed", "1/2", "d2", "complete")
	got, err := ReadOutputs([]string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0].Complete() || len(got[0].Problems()) != 1 || !strings.Contains(got[0].Problems()[0], "2 different seed lists") {
		t.Errorf("%+v: want one complete crawl with one problem, its seed lists", got)
	}
	// Complete, but not alike: merge --require-complete refuses it.
	if got[0].Alike() {
		t.Error("shards of two seed lists are alike")
	}
}

// TestReadOutputs_StdinCrawl: a shard whose seeds came from standard input
// cannot be resumed, so its problem says how to go on without --resume.
func TestReadOutputs_StdinCrawl(t *testing.T) {
	dir := t.TempDir()
	s := &State{CrawlID: "piped", Shard: "0/1", SeedsPath: "-", Runs: []RunState{{Run: 1, Status: "interrupted"}}}
	if err := s.save(dir); err != nil {
		t.Fatal(err)
	}
	got, err := ReadOutputs([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`crawl "piped": shard 0/1 in ` + dir + ` is not complete (its last run interrupted); ` + NotResumable}
	if len(got) != 1 || !got[0].Shards[0].FromStdin || !slices.Equal(got[0].Problems(), want) {
		t.Errorf("%+v\nproblems:\n%s\nwant:\n%s", got, strings.Join(got[0].Problems(), "\n"), strings.Join(want, "\n"))
	}
}

func TestReadOutputs_Overlap(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	saveShard(t, a, "c", "1/2", "d", "complete")
	saveShard(t, b, "c", "1/2", "d", "complete")
	if _, err := ReadOutputs([]string{a, b}); !errors.Is(err, ErrOverlap) || !strings.Contains(err.Error(), `shard 1/2 of crawl "c" is in both `+a+" and "+b) {
		t.Errorf("one shard in two directories: %v", err)
	}
	c := t.TempDir()
	saveShard(t, c, "c", "0/3", "d", "complete")
	if _, err := ReadOutputs([]string{a, c}); !errors.Is(err, ErrOverlap) || !strings.Contains(err.Error(), `crawl "c" was split into 2 shards in `+a+" and into 3 in "+c) {
		t.Errorf("one crawl split two ways: %v", err)
	}
}

func TestReadOutputs_UnreadableState(t *testing.T) {
	dir := t.TempDir()
	saveShard(t, dir, "c", "0/1", "d", "complete")
	path := statePath(dir, "0/1")
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadOutputs([]string{dir}); err == nil || !strings.Contains(err.Error(), filepath.Base(path)) {
		t.Errorf("a damaged state file: %v, want an error naming it", err)
	}
}

// TestReadOutputs_ShardBeingWritten: a shard whose lock a process holds is
// being written, whatever its state says: the problem names the process,
// the crawl is not complete, and the advice is to wait, not to resume.
func TestReadOutputs_ShardBeingWritten(t *testing.T) {
	dir := t.TempDir()
	saveShard(t, dir, "c", "0/2", "d", "running")
	saveShard(t, dir, "c", "1/2", "d", "complete") // a --resume of a complete shard, say
	var holders []string
	for _, shard := range []string{"0/2", "1/2"} {
		l, err := lockShard(context.Background(), dir, shard, time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if l.Unsupported {
			t.Skip("this file system takes no locks")
		}
		defer l.Unlock()
		note, _ := os.ReadFile(lockPath(dir, shard))
		holders = append(holders, strings.TrimSpace(string(note)))
	}
	got, err := ReadOutputs([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Complete() {
		t.Fatalf("%+v: want one crawl, not complete", got)
	}
	want := []string{
		`crawl "c": shard 0/2 in ` + dir + ` is being written now (` + holders[0] + `); merge once that ends`,
		`crawl "c": shard 1/2 in ` + dir + ` is being written now (` + holders[1] + `); merge once that ends`,
	}
	if p := got[0].Problems(); !slices.Equal(p, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(p, "\n"), strings.Join(want, "\n"))
	}
	// Reading the outputs left the locks to their holders.
	if _, err := lockShard(context.Background(), dir, "0/2", time.Millisecond); !errors.Is(err, ErrShardBusy) {
		t.Errorf("after ReadOutputs, locking shard 0/2: %v, want ErrShardBusy", err)
	}
}

// The resume command survey prints pastes into a shell as it is, whatever
// the output directory is called.
func TestResumeCommand(t *testing.T) {
	for _, c := range []struct {
		out   string
		shard seeds.Shard
		want  string
	}{
		{"/data/out", seeds.Shard{}, "survey crawl --resume --out /data/out"},
		{"/data/out", seeds.Shard{Index: 2, Count: 4}, "survey crawl --resume --out /data/out --shard 2/4"},
		{"/data/May crawl", seeds.Shard{Index: 0, Count: 1}, "survey crawl --resume --out '/data/May crawl'"},
	} {
		if got := ResumeCommand(c.out, c.shard); got != c.want {
			t.Errorf("ResumeCommand(%q, %v) = %q, want %q", c.out, c.shard, got, c.want)
		}
	}
}

// TestReadOutputs_ShardsMeasuredUnalike: shards of one crawl that fetched
// other locations, or cut bodies elsewhere, are named with each value,
// whether or not they completed; options that only change how a shard ran
// are not.
func TestReadOutputs_ShardsMeasuredUnalike(t *testing.T) {
	dir := t.TempDir()
	for _, s := range []struct{ shard, options string }{
		{"0/3", `{"locations":["robots","canary"],"max_body":1024,"concurrency":5,"respect_robots":false}`},
		{"1/3", `{"locations":["robots","canary","llms-txt"],"max_body":1024,"concurrency":50,"respect_robots":false}`},
		{"2/3", `{"locations":["robots","canary"],"max_body":1048576,"concurrency":5}`},
	} {
		st := &State{CrawlID: "c", Shard: s.shard, SeedsDigest: "d", Options: []byte(s.options), Runs: []RunState{{Run: 1, Status: "complete"}}, Complete: true}
		if err := st.save(dir); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadOutputs([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`crawl "c": its shards did not measure alike, so their domains do not compare: --locations robots,canary (0/3, 2/3); robots,canary,llms-txt (1/3)`,
		`crawl "c": its shards did not measure alike, so their domains do not compare: --max-body 1024 (0/3, 1/3); 1048576 (2/3)`,
	}
	if len(got) != 1 || !slices.Equal(got[0].Problems(), want) {
		t.Fatalf("%+v\nproblems:\n%s\nwant:\n%s", got, strings.Join(got[0].Problems(), "\n"), strings.Join(want, "\n"))
	}
}
