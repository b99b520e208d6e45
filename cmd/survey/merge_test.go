package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMerge_DirectoryWithoutCrawlOutput: a directory that holds no crawl
// output, such as the directory of the shards' directories, is refused,
// naming the directories in it that do hold one, and nothing is built.
func TestMerge_DirectoryWithoutCrawlOutput(t *testing.T) {
	parent := t.TempDir()
	for _, shard := range []string{"shard-0", "shard-1"} {
		if err := os.MkdirAll(filepath.Join(parent, shard, "targets", "crawl=c"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(t.TempDir(), "all.duckdb")
	code, _, stderr := runSurvey(t, "", "merge", "--db", db, parent)
	want := "survey merge: " + parent + " holds no crawl output (no " + filepath.Join(parent, "targets", "crawl=ID") + " nor " + filepath.Join(parent, "_state") +
		"); these directories in it do, so give them instead: " + filepath.Join(parent, "shard-0") + " " + filepath.Join(parent, "shard-1") + "\n"
	if code != exitUsage || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit %d and:\n%s", code, stderr, exitUsage, want)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("%s was built", db)
	}
}
