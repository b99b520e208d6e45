package report

import (
	"slices"
	"strings"
	"testing"
)

// TestSeedLists: every run of a crawl reads its whole seed list (each
// shard, each resumption), so the lines are counted once per list, not
// once per run; a killed run, which records no lines, does not lower the
// count, and a crawl whose shards read different lists names each.
func TestSeedLists(t *testing.T) {
	a, b := strings.Repeat("a", 64), strings.Repeat("b", 64)
	c := Crawl{ID: "c", Runs: []Run{
		{Shard: "0/3", Run: 1, Status: "interrupted", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "0/3", Run: 2, Status: "killed", SeedsDigest: a},
		{Shard: "0/3", Run: 3, Status: "complete", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "1/3", Run: 1, Status: "complete", SeedsDigest: a, SeedsRead: 300, SeedsBad: 2},
		{Shard: "2/3", Run: 1, Status: "complete", SeedsDigest: b, SeedsRead: 310, SeedsBad: 0},
	}}
	want := []SeedList{{Digest: a, Read: 300, Bad: 2}, {Digest: b, Read: 310}}
	if got := c.SeedLists(); !slices.Equal(got, want) {
		t.Errorf("seed lists %+v, want %+v", got, want)
	}

	r := &Report{Title: "t", Crawl: c}
	if got, want := r.view().Crawl.SeedLines, "300 read, 2 rejected as malformed (seed list "+a+"); 310 read, 0 rejected as malformed (seed list "+b+")"; got != want {
		t.Errorf("seed lines %q, want %q", got, want)
	}
	r.Crawl.Runs = r.Crawl.Runs[:4]
	if got, want := r.view().Crawl.SeedLines, "300 read, 2 rejected as malformed"; got != want {
		t.Errorf("seed lines of one list read by 4 runs: %q, want %q", got, want)
	}
}
