package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// TestAfterFailure checks what a failed crawl says it left and how to go
// on: resume (with the shard) a crawl that did not complete, merge a
// complete one whose database could not be built, and nothing more when
// damaged parts have their own advice.
func TestAfterFailure(t *testing.T) {
	full := errors.New("no space left on device")
	shard := seeds.Shard{Index: 2, Count: 4}
	for _, tc := range []struct {
		name   string
		status string
		err    error
		shard  seeds.Shard
		want   []string // in the message, in order
		none   bool     // the message is empty
		stdin  bool     // the seeds came from standard input
	}{
		{name: "sink fails", status: "failed", err: full, shard: shard,
			want: []string{"out keeps what was written before the failure (40 domains of this run, 7 of earlier runs)", "\n  survey crawl --resume --out out --shard 2/4\n"}},
		{name: "unsharded", status: "failed", err: full,
			want: []string{"\n  survey crawl --resume --out out\n"}},
		{name: "build fails", status: "complete", err: &pipeline.BuildError{Path: "out/survey.duckdb", Err: full},
			want: []string{"the crawl is complete and its parts are intact", "\n  survey merge --db out/survey.duckdb out\n"}},
		{name: "build of an interrupted crawl fails", status: "interrupted", err: &pipeline.BuildError{Path: "out/survey.duckdb", Err: full},
			want: []string{"\n  survey crawl --resume --out out\n"}},
		{name: "damaged parts", status: "complete", err: &pipeline.BuildError{Path: "out/survey.duckdb", Err: &sink.DamagedError{}}, none: true},
		{name: "seeds from standard input", status: "failed", err: full, stdin: true,
			want: []string{"out keeps what was written before the failure", "once the cause is fixed, its seeds came from standard input, which cannot be read again, so it cannot be resumed;"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := &pipeline.Summary{Status: tc.status, Domains: 40, Crawled: 45, Skipped: 7}
			got := afterFailure(sum, tc.err, "out", tc.shard, tc.stdin)
			if tc.stdin && strings.Contains(got, "--resume") {
				t.Errorf("message %q advises --resume for seeds from standard input", got)
			}
			if tc.none {
				if got != "" {
					t.Errorf("said %q, want nothing", got)
				}
				return
			}
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("message %q lacks %q", got, w)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestCrawl_RejectsLimitsThatAreNotPositive: a zero or negative limit on
// the command line is an error naming the flag, before anything is
// written (crawl.Config would have taken it for the default).
func TestCrawl_RejectsLimitsThatAreNotPositive(t *testing.T) {
	for _, c := range []struct{ flag, value, want string }{
		{"--concurrency", "0", "--concurrency 0: must be at least 1"},
		{"--concurrency", "-3", "--concurrency -3: must be at least 1"},
		{"--per-ip", "0", "--per-ip 0: must be at least 1"},
		{"--timeout", "0", "--timeout 0s: must be positive"},
		{"--domain-deadline", "-1s", "--domain-deadline -1s: must be positive"},
		{"--batch-age", "0s", "--batch-age 0s: must be positive"},
		{"--max-retry-after", "-2s", "--max-retry-after -2s: must be 0 (never wait) or more"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, errs := runSurvey(t, "", "crawl", "--seeds", "testdata/none.txt", "--out", out, c.flag, c.value)
		if code != exitUsage || stdout != "" || errs != "survey crawl: "+c.want+"\n" {
			t.Errorf("%s %s: exit %d %q %q, want exit %d and %q", c.flag, c.value, code, stdout, errs, exitUsage, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s %s: the output directory was created (%v)", c.flag, c.value, err)
		}
	}
}

// TestCrawl_EmptySeedList: a seed list without a seed crawls nothing,
// completes, and its summary says "none" rather than leaving the counts
// blank.
func TestCrawl_EmptySeedList(t *testing.T) {
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("# nothing yet\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", filepath.Join(dir, "out"), "--quiet")
	if code != exitOK || !strings.Contains(stdout, "\n  domains: none\n  fetches: none\n") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
