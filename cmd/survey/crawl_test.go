package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/filelock"
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

// TestCrawl_EmptySeedList: a seed list without a seed is refused before
// anything is written, with exit status 1 and a message naming the list
// and its rejected lines: a list that holds no seed is a mistake worth a
// look (a wrong file, a filter that dropped every line), and a batch
// script that checks the status stops. Recorded, its empty crawl would be
// the most recent crawl of its --out, which the queries report by default.
// A shard that gets no seed of a list that has some is no such mistake.
func TestCrawl_EmptySeedList(t *testing.T) {
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("# nothing yet\nnot a domain!\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--quiet")
	want := seedsPath + ":2: contains white space: \"not a domain!\"\n" +
		"survey crawl: " + seedsPath + " holds no seed (2 lines read, 1 rejected); nothing was crawled or written\n"
	if code != exitFindings || stdout != "" || stderr != want {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant stderr:\n%s", code, stdout, stderr, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the output directory was created (%v)", err)
	}
	// Standard input, which cannot be read twice, is crawled as it comes.
	code, stdout, stderr = runSurvey(t, "# nothing\n", "crawl", "--seeds", "-", "--out", out, "--quiet")
	if code != exitFindings || !strings.Contains(stdout, "\n  domains: none\n  fetches: none\n") || stderr != "survey crawl: standard input holds no seed (1 line read), so nothing was crawled\n" {
		t.Errorf("an empty standard input: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// One seed in four shards: three shards crawl nothing, and that is fine.
	one := filepath.Join(dir, "one.txt")
	if err := os.WriteFile(one, []byte("a.invalid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := 0
	for i := range 4 {
		shard := fmt.Sprintf("%d/4", i)
		code, stdout, stderr := runSurvey(t, "", "crawl", "--seeds", one, "--shard", shard, "--out", filepath.Join(dir, "shard", strconv.Itoa(i)), "--quiet", "--no-build",
			"--connect-to", "127.0.0.1:1", "--allow-private") // refused: no connection leaves the machine
		if strings.Contains(stdout, "domains: none") {
			empty++
		}
		if code != exitOK || stderr != "" {
			t.Errorf("shard %s of a list with a seed: exit %d\nstdout:\n%s\nstderr:\n%s", shard, code, stdout, stderr)
		}
	}
	if empty != 3 {
		t.Errorf("%d shards crawled nothing, want 3", empty)
	}
}

// TestCrawl_RejectsBadFlagValues: a value a flag cannot take is an error
// naming the flag, saying what it wants, as the last line of the output
// (after the usage, for the flag package's own errors), with exit status 2
// and before anything is written. The flag package says only "parse
// error" of "--timeout 5", at the top of 90 lines of usage.
func TestCrawl_RejectsBadFlagValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		last string
	}{
		{[]string{"--timeout", "5"}, `--timeout "5": not a duration; give one with its unit, such as 10s, 1m30s or 500ms`},
		{[]string{"--domain-deadline=1x"}, `--domain-deadline "1x": not a duration; give one with its unit, such as 10s, 1m30s or 500ms`},
		{[]string{"--concurrency", "many"}, `--concurrency "many": not a whole number`},
		{[]string{"--quiet=maybe"}, `--quiet "maybe": want true or false (or the flag alone, for true)`},
		{[]string{"--no-such-flag"}, "unknown flag --no-such-flag"},
		{[]string{"-q"}, "unknown flag -q; did you mean --quiet?"},
		{[]string{"--quite"}, "unknown flag --quite; did you mean --quiet?"},
		{[]string{"--concurency", "9"}, "unknown flag --concurency; did you mean --concurrency?"},
		{[]string{"--max-body", "1XB"}, `--max-body: "1XB" is not a positive size (bytes, or a number with KiB, MiB, GiB, KB, MB or GB)`},
		{[]string{"--shards", "-1"}, "--shards -1: must be 0 (no sharding) or more"},
		{[]string{"--shard", "3/2"}, `shard "3/2": want i/n with 0 ≤ i < n`},
		{[]string{"--shard", "0/0"}, `shard "0/0": want i/n with 0 ≤ i < n`},
		{[]string{"--locations", "nosuch"}, `--locations: unknown location "nosuch"`},
		{[]string{"--user-agent", "foo"}, `--user-agent "foo" names no contact (a URL or an e-mail address) for site operators to reach you: add one to it, or give --contact`},
		{[]string{"--contact", "foo"}, `--contact "foo": want an http(s) URL (https://example.org/crawler), a mailto: URI or an e-mail address (you@example.org)`},
		{[]string{"--resolver", "nohost"}, `--resolver "nohost": want HOST:PORT (a DNS server, such as 127.0.0.1:53)`},
		{[]string{"--crawl-id", "a/b"}, `--crawl-id "a/b": want letters, digits, '.', '_' and '-', starting with a letter or digit (it names the directories crawl=ID)`},
		{[]string{"--canary", "../x"}, `--canary "../x": want letters, digits, '-' and '_' (it ends the path /.well-known/survey-canary-NAME)`},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, errs := runSurvey(t, "", append([]string{"crawl", "--seeds", "testdata/none.txt", "--out", out}, c.args...)...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if last := lines[len(lines)-1]; code != exitUsage || stdout != "" || !strings.HasPrefix(last, "survey crawl: "+c.last) {
			t.Errorf("%q: exit %d, last line %q; want exit %d and %q", c.args, code, last, exitUsage, "survey crawl: "+c.last)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%q: the output directory was created (%v)", c.args, err)
		}
	}
}

// TestCheckUserAgent: a User-Agent must let site operators reach whoever
// runs the crawl, through --contact or in a --user-agent of one's own.
func TestCheckUserAgent(t *testing.T) {
	for _, c := range []struct {
		ua, contact string
		ok          bool
	}{
		{crawl.DefaultUserAgent, "", true},
		{crawl.DefaultUserAgent, "mailto:you@example.org", true},
		{crawl.DefaultUserAgent, "you@example.org", true},
		{crawl.DefaultUserAgent, "https://example.org/crawler", true},
		{"ExampleBot/1.0 (+https://example.org/bot)", "", true},
		{"ExampleBot/1.0 (ops@example.org)", "", true},
		{"ExampleBot/1.0", "ops@example.org", true},
		{"ExampleBot/1.0", "", false},
		{"", "", false},
		{"ExampleBot/1.0\r\nX-Injected: 1 (+https://example.org)", "", false},
		{crawl.DefaultUserAgent, "foo", false},
		{crawl.DefaultUserAgent, "https://", false},
		{crawl.DefaultUserAgent, "ftp://example.org", false},
		{crawl.DefaultUserAgent, "you@localhost", false},
		{crawl.DefaultUserAgent, "a b@example.org", false},
		{crawl.DefaultUserAgent, "https://example.org/(x)", false},
	} {
		if err := checkUserAgent(c.ua, c.contact); (err == nil) != c.ok {
			t.Errorf("checkUserAgent(%q, %q) = %v, want ok %v", c.ua, c.contact, err, c.ok)
		}
	}
}

// TestCrawl_SecondInterrupt: a second Ctrl-C stops the crawl at once with
// the exit status of an interrupted crawl (1, not 2, which is a usage or
// I/O error), says how to resume, and how to build the database that a
// stop at once leaves unbuilt; what was committed stays readable.
func TestCrawl_SecondInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir := t.TempDir()
	cmd := child(t, append([]string{"crawl", "--out", dir, "--concurrency", "4"}, simFlags(t, 1500, 12)...)...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	time.Sleep(20 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	want := []string{"aborted; completed parts are intact; continue with:\n  survey crawl --resume --out " + dir + "\n",
		"build its database with:\n  survey merge --db " + filepath.Join(dir, "survey.duckdb") + " " + dir + "\n"}
	if code != exitFindings || !strings.Contains(out.String(), want[0]) || !strings.Contains(out.String(), want[1]) {
		t.Errorf("after two Ctrl-C: exit %d, want %d and %q:\n%s", code, exitFindings, want, out.String())
	}
	readableParts(t, dir)
	if code, _, errs := runSurvey(t, "", "merge", "--db", filepath.Join(dir, "survey.duckdb"), dir); code != exitFindings {
		t.Errorf("merge after the abort: exit %d, want %d:\n%s", code, exitFindings, errs)
	}
}

// TestInterruptMessages: Ctrl-C while the crawl runs says that it stops;
// while a complete crawl's database is being built, that the build goes on
// (it said "stopping", then finished the build and exited 0), and a second
// Ctrl-C then says how to build the database, not to resume a complete
// crawl.
func TestInterruptMessages(t *testing.T) {
	shard := seeds.Shard{}
	if got := firstInterrupt("", "out"); !strings.Contains(got, "stopping; writing what is committed (Ctrl-C again to abort at once)") {
		t.Errorf("crawling: %q", got)
	}
	want := "the crawl is complete; finishing the build of its database out/survey.duckdb, for survey query (Ctrl-C again to abort it; survey merge --db out/survey.duckdb out builds it later)"
	if got := firstInterrupt("complete", "out"); !strings.Contains(got, want) {
		t.Errorf("building: %q, want %q", got, want)
	}
	if got := firstInterrupt("interrupted", "out"); !strings.Contains(got, "the crawl has stopped; finishing the build") {
		t.Errorf("building after an interrupt: %q", got)
	}
	got := aborted("out", shard, false, "complete")
	if want := "aborted the build of out/survey.duckdb; the crawl is complete and its parts are intact; build its database with:\n  survey merge --db out/survey.duckdb out\n"; !strings.Contains(got, want) || strings.Contains(got, "--resume") {
		t.Errorf("aborted build: %q, want %q and no --resume", got, want)
	}
	if got := aborted("out", shard, false, ""); !strings.Contains(got, "survey crawl --resume --out out\n") || !strings.Contains(got, "survey merge --db out/survey.duckdb out\n") {
		t.Errorf("aborted crawl: %q", got)
	}
}

// TestCrawl_RefusesAnOutputThatIsNotOne: a new crawl is refused, naming
// --out and changing nothing, when --out is a file or a directory of other
// files (it wrote its tables among them); a directory with hidden entries
// only, or a survey output, is taken. A seed file that cannot be read is
// refused before the output directory is created.
func TestCrawl_RefusesAnOutputThatIsNotOne(t *testing.T) {
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("a.invalid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	crawlInto := func(out string) (int, string) {
		code, _, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--quiet", "--connect-to", "127.0.0.1:1", "--allow-private")
		return code, errs
	}

	// An unset variable in a script: --out "$OUT". A resume too.
	wantEmpty := "survey crawl: --out is empty; give an output directory (by default ./survey-data)\n"
	if code, errs := crawlInto(""); code != exitUsage || errs != wantEmpty {
		t.Errorf("--out \"\": exit %d %q, want %q", code, errs, wantEmpty)
	}
	if code, _, errs := runSurvey(t, "", "crawl", "--resume", "--out", ""); code != exitUsage || errs != wantEmpty {
		t.Errorf("--resume --out \"\": exit %d %q, want %q", code, errs, wantEmpty)
	}

	file := filepath.Join(dir, "afile")
	write(file, "keep")
	if code, errs := crawlInto(file); code != exitUsage || errs != "survey crawl: --out "+file+" is a file, not a directory\n" {
		t.Errorf("--out a file: exit %d %q", code, errs)
	}
	project := filepath.Join(dir, "project")
	write(filepath.Join(project, "notes.txt"), "keep")
	want := "survey crawl: --out " + project + " is a directory that holds other files (notes.txt) and no survey output; give a new or empty directory, or one that a crawl wrote\n"
	if code, errs := crawlInto(project); code != exitUsage || errs != want {
		t.Errorf("--out a directory of other files: exit %d %q, want %q", code, errs, want)
	}
	if entries, _ := os.ReadDir(project); len(entries) != 1 {
		t.Errorf("the refused crawl wrote into %s: %v", project, entries)
	}
	hidden := filepath.Join(dir, "volume")
	write(filepath.Join(hidden, ".keep"), "")
	if err := os.Mkdir(filepath.Join(hidden, "lost+found"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, errs := crawlInto(hidden); code != exitOK {
		t.Errorf("--out with hidden entries and lost+found: exit %d %q", code, errs)
	}
	// hidden now holds a survey output, to which a crawl of another id adds.
	if code, _, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", hidden, "--crawl-id", "second", "--quiet", "--connect-to", "127.0.0.1:1", "--allow-private"); code != exitOK {
		t.Errorf("--out a survey output: exit %d %q", code, errs)
	}

	out := filepath.Join(dir, "new")
	for _, bad := range []string{filepath.Join(dir, "nosuch.txt"), dir} {
		if code, _, errs := runSurvey(t, "", "crawl", "--seeds", bad, "--out", out); code != exitUsage || !strings.HasPrefix(errs, "survey crawl: --seeds") {
			t.Errorf("--seeds %s: exit %d %q", bad, code, errs)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("--seeds %s: the output directory was created (%v)", bad, err)
		}
	}
}

// TestNotBuilt: a complete crawl that built no database (a shard, or
// --no-build) says how to build it; its summary ended with "output: DIR".
func TestNotBuilt(t *testing.T) {
	shard := seeds.Shard{Index: 1, Count: 2}
	got := notBuilt(&pipeline.Summary{Status: "complete"}, "out", shard)
	if want := "  database: not built; once every shard of the crawl is complete, build it with (naming each shard's output directory, where they differ):\n    survey merge --db out/survey.duckdb out\n"; got != want {
		t.Errorf("shard: %q, want %q", got, want)
	}
	if got := notBuilt(&pipeline.Summary{Status: "complete"}, "out", seeds.Shard{}); got != "  database: not built; build it with:\n    survey merge --db out/survey.duckdb out\n" {
		t.Errorf("--no-build: %q", got)
	}
	for _, s := range []*pipeline.Summary{{Status: "complete", DBPath: "out/survey.duckdb"}, {Status: "interrupted"}, {Status: "failed"}} {
		if got := notBuilt(s, "out", shard); got != "" {
			t.Errorf("%+v: %q, want nothing", s, got)
		}
	}
}

// A shard's summary says which shards its output directory lacks, and its
// merge command asks for their directories, since a merge of its own
// directory alone builds a database of some shards; once the directory
// holds every shard, the command is whole.
func TestNotBuilt_ShardsElsewhere(t *testing.T) {
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("a.invalid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	crawl := func(shard string) string {
		t.Helper()
		_, stdout, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--crawl-id", "c", "--quiet", "--shard", shard,
			"--connect-to", "127.0.0.1:1", "--allow-private") // refused: no connection leaves the machine
		if !strings.Contains(stdout, "database: not built") {
			t.Fatalf("shard %s: %s%s", shard, stdout, errs)
		}
		return stdout
	}
	db := filepath.Join(out, "survey.duckdb")
	if got, want := crawl("0/3"), "  database: not built; shards 1/3, 2/3 of the crawl are not in "+out+": once every shard is complete, build it with (naming the output directory of each shard crawled elsewhere):\n    survey merge --db "+db+" "+out+" DIR...\n"; !strings.Contains(got, want) {
		t.Errorf("shard 0/3 alone: want\n%s\nin\n%s", want, got)
	}
	if got, want := crawl("2/3"), "shard 1/3 of the crawl is not in "+out+":"; !strings.Contains(got, want) {
		t.Errorf("shards 0/3 and 2/3: want %q in\n%s", want, got)
	}
	if got, want := crawl("1/3"), "  database: not built; once every shard of the crawl is complete, build it with:\n    survey merge --db "+db+" "+out+"\n"; !strings.Contains(got, want) {
		t.Errorf("every shard: want\n%s\nin\n%s", want, got)
	}
}

// TestCrawl_ResumeCompleteWithoutDatabase: resuming a complete crawl whose
// database is missing (its build abandoned by a second Ctrl-C, or failed)
// says how to build it, rather than only "nothing to resume".
func TestCrawl_ResumeCompleteWithoutDatabase(t *testing.T) {
	_, out := emptyCrawl(t)
	db := filepath.Join(out, "survey.duckdb")
	if code, stdout, _ := runSurvey(t, "", "crawl", "--resume", "--out", out); code != exitOK || strings.Contains(stdout, "not built") {
		t.Errorf("with its database: exit %d %q", code, stdout)
	}
	if err := os.Remove(db); err != nil {
		t.Fatal(err)
	}
	want := "nothing to resume: crawl c (shard 0/1) in " + out + " is complete\nits database " + db + " is not built; build it with:\n  survey merge --db " + db + " " + out + "\n"
	if code, stdout, _ := runSurvey(t, "", "crawl", "--resume", "--out", out); code != exitOK || stdout != want {
		t.Errorf("without its database: exit %d %q, want %q", code, stdout, want)
	}
}

// TestCrawl_InterruptWhileWaitingForTheShard interrupts a crawl that waits
// for a shard another process is writing: it stops waiting, says that
// nothing was crawled and exits as an interrupted crawl does (1), not as
// an I/O error (2).
func TestCrawl_InterruptWhileWaitingForTheShard(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	held, err := filelock.TryLock(filepath.Join(out, "_state", "shard-0of1.lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	seedsFile := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsFile, []byte("a.test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := child(t, "crawl", "--seeds", seedsFile, "--out", out, "--connect-to", "127.0.0.1:1", "--quiet")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	start := time.Now()
	cmd.Wait()
	code, waited := cmd.ProcessState.ExitCode(), time.Since(start)
	want := "survey crawl: interrupted while waiting for another survey crawl writing this shard; nothing was crawled or recorded"
	if code != exitFindings || waited > 5*time.Second || !strings.Contains(stderr.String(), want) {
		t.Errorf("Ctrl-C while waiting: exit %d after %v, want %d at once and %q:\n%s", code, waited.Round(time.Millisecond), exitFindings, want, stderr.String())
	}
}

// TestCrawl_ResumeCompleteWithAnEarlierDatabase: resuming a complete crawl
// whose database is the one an earlier run built (the last run, which
// completed the crawl, was killed building its own) says that it holds
// only part of the crawl and how to build it, rather than only "nothing
// to resume" beside a database of the domains of its first run.
func TestCrawl_ResumeCompleteWithAnEarlierDatabase(t *testing.T) {
	dir, out := emptyCrawl(t)
	db := filepath.Join(out, "survey.duckdb")
	earlier := filepath.Join(dir, "run1.duckdb")
	copyFile(t, db, earlier)
	markIncomplete(t, out, "0of1")
	if code, _, errs := runSurvey(t, "", "crawl", "--resume", "--out", out); code != exitOK {
		t.Fatalf("resume: exit %d %s", code, errs)
	}
	if code, stdout, _ := runSurvey(t, "", "crawl", "--resume", "--out", out); code != exitOK || strings.Contains(stdout, "database") {
		t.Errorf("with its database: exit %d %q", code, stdout)
	}
	copyFile(t, earlier, db)
	want := "nothing to resume: crawl c (shard 0/1) in " + out + " is complete\nits database " + db + " was built before the crawl's last run ended, and holds only part of the crawl; build it again with:\n  survey merge --db " + db + " " + out + "\n"
	if code, stdout, _ := runSurvey(t, "", "crawl", "--resume", "--out", out); code != exitOK || stdout != want {
		t.Errorf("with the database of its first run: exit %d %q, want %q", code, stdout, want)
	}
}

// emptyCrawl runs a complete crawl "c" into DIR/out of one seed that
// cannot be reached (its connection refused: none leaves the machine), and
// returns DIR and DIR/out.
func emptyCrawl(t *testing.T) (dir, out string) {
	t.Helper()
	dir = t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte("a.invalid\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "out")
	if code, _, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--crawl-id", "c", "--quiet", "--connect-to", "127.0.0.1:1", "--allow-private"); code != exitOK {
		t.Fatalf("crawl: exit %d %s", code, errs)
	}
	return dir, out
}

// A crawl whose every domain is unreachable says so and exits 1: its
// dataset is this machine's network, not the web. With --outage-after
// reached in a row it stops instead, interrupted, recording none of them.
func TestCrawl_AllUnreachable(t *testing.T) {
	seedsPath := filepath.Join(t.TempDir(), "seeds.txt")
	var b strings.Builder
	for i := range 25 {
		fmt.Fprintf(&b, "http://dead-%d.test\n", i)
	}
	if err := os.WriteFile(seedsPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	code, _, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--quiet", "--no-build", "--connect-to", "127.0.0.1:1", "--allow-private")
	if code != exitFindings || !strings.Contains(errs, "25 of the 25 domains crawled were unreachable or timed out: check this machine's network") {
		t.Errorf("25 unreachable: exit %d %q", code, errs)
	}
	out = filepath.Join(t.TempDir(), "out")
	code, stdout, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--quiet", "--no-build", "--outage-after", "5", "--connect-to", "127.0.0.1:1", "--allow-private")
	if code != exitFindings || !strings.Contains(errs, "stopped: 5 domains in a row got no answer (unreachable (connect) 5)") || !strings.Contains(stdout, "Interrupted; ") {
		t.Errorf("--outage-after 5: exit %d %q %q", code, stdout, errs)
	}
}

// TestPathAsGiven checks that the summary spells the database's path with
// the --out the user gave.
func TestPathAsGiven(t *testing.T) {
	for _, c := range []struct{ path, out, want string }{
		{"try/survey.duckdb", "./try", "./try/survey.duckdb"},
		{"try/survey.duckdb", "./try/", "./try/survey.duckdb"},
		{"try/survey.duckdb", "try", "try/survey.duckdb"},
		{"/data/x/survey.duckdb", "/data/x", "/data/x/survey.duckdb"},
		{"other/survey.duckdb", "./try", "other/survey.duckdb"},
	} {
		if got := pathAsGiven(c.path, c.out); got != c.want {
			t.Errorf("pathAsGiven(%q, %q) = %q, want %q", c.path, c.out, got, c.want)
		}
	}
}
