package main

import (
	"database/sql"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/internal/simcrawl"
)

// simFlags starts a simulated web and returns the crawl flags that reach
// it: seeds, --connect-to, --resolver, --ca-file, and a request timeout of
// 5 s (room for a first request through a redirect chain on a loaded
// machine, which the comparison with an uninterrupted crawl would see).
func simFlags(t *testing.T, sites int, seed int64) []string {
	t.Helper()
	w, ca := simWeb(t, sites, seed)
	seeds := filepath.Join(filepath.Dir(ca), "seeds.txt")
	if err := w.WriteSeeds(seeds, true); err != nil {
		t.Fatal(err)
	}
	return []string{"--seeds", seeds, "--connect-to", w.Addrs.HTTP, "--resolver", w.Addrs.DNS, "--ca-file", ca,
		"--timeout", "5s", "--domain-deadline", "40s", "--canary", "resume", "--quiet"}
}

// simWeb starts a simulated web of sites sites (simcrawl.TestConfig),
// stopped when the test ends, and writes its CA certificate to a file,
// whose path it returns for --ca-file.
func simWeb(t *testing.T, sites int, seed int64) (*simcrawl.Web, string) {
	t.Helper()
	w, err := simcrawl.Start(simcrawl.TestConfig(sites, seed))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, w.Web.CACertPEM(), 0o644); err != nil {
		t.Fatal(err)
	}
	return w, ca
}

// readableParts reads every Parquet part under dir with DuckDB: at every
// moment, an interrupted crawl's output must be readable.
func readableParts(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "crawl=*", "*.parquet"))
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, f := range files {
		var n int64
		if err := db.QueryRow("SELECT count(*) FROM read_parquet('" + strings.ReplaceAll(f, "'", "''") + "')").Scan(&n); err != nil {
			t.Errorf("part %s is not readable: %v", f, err)
		}
	}
	return len(files)
}

// TestCrawl_ResumeAfterInterruptions stops a real crawl process once with
// Ctrl-C (SIGINT) and then kills it with SIGKILL at random moments,
// resuming each time, and compares the final dataset with an uninterrupted
// crawl of the same simulated web: same rows, none twice.
func TestCrawl_ResumeAfterInterruptions(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web repeatedly")
	}
	flags := simFlags(t, 1500, 11)
	ref := t.TempDir()
	if code, out, errs := runSurvey(t, "", append([]string{"crawl", "--out", ref, "--crawl-id", "resume", "--concurrency", "48"}, flags...)...); code != exitOK {
		t.Fatalf("uninterrupted crawl: exit %d\n%s\n%s", code, out, errs)
	}

	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 17))
	first := append([]string{"crawl", "--out", dir, "--crawl-id", "resume", "--concurrency", "48", "--batch-age", "300ms"}, flags...)
	for round := 0; round < 5; round++ {
		args := first
		switch {
		case round == 2:
			// What a batch scheduler does: the same command line again.
			args = append(append([]string{}, first...), "--restartable")
		case round > 0:
			args = []string{"crawl", "--resume", "--out", dir}
		}
		cmd := child(t, args...)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(700+rng.IntN(2300)) * time.Millisecond)
		sig := syscall.SIGKILL
		if round == 0 {
			sig = syscall.SIGINT // Ctrl-C: a clean stop
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		switch {
		case round == 0 && code == exitFindings:
			if !strings.Contains(out.String(), "survey crawl --resume --out "+dir) {
				t.Errorf("Ctrl-C did not say how to resume:\n%s", out.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "survey.duckdb")); err != nil {
				t.Errorf("Ctrl-C left no database: %v", err)
			}
		case round == 0 && code == exitOK:
			t.Logf("the crawl finished before Ctrl-C")
		case round == 0:
			t.Fatalf("after Ctrl-C: exit %d (%v)\n%s", code, err, out.String())
		case code == exitOK:
			t.Logf("round %d: the crawl finished before the kill", round)
		}
		parts := readableParts(t, dir)
		t.Logf("round %d: %v, exit %d; %d parts on disk, all readable", round, sig, code, parts)
	}
	code, out, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir)
	if code != exitOK {
		t.Fatalf("final resume: exit %d\n%s\n%s", code, out, errs)
	}
	// A restarted task of a complete crawl has nothing to do.
	code, out, errs = runSurvey(t, "", append(append([]string{}, first...), "--restartable")...)
	if code != exitOK || !strings.Contains(out, "nothing to resume") {
		t.Errorf("restartable run of a complete crawl: exit %d\n%s\n%s", code, out, errs)
	}
	simcrawl.WantSame(t, filepath.Join(ref, "survey.duckdb"), filepath.Join(dir, "survey.duckdb"),
		"the resumed crawl differs from the uninterrupted one")
	db, err := sql.Open("duckdb", filepath.Join(dir, "survey.duckdb")+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var runs, interrupted, complete int
	if err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE status = 'interrupted'), count(*) FILTER (WHERE status = 'complete') FROM crawls`).Scan(&runs, &interrupted, &complete); err != nil {
		t.Fatal(err)
	}
	if runs < 2 || complete != 1 {
		t.Errorf("crawls has %d runs (%d interrupted, %d complete), want several runs and one complete", runs, interrupted, complete)
	}
}

// damagedCrawl crawls 300 simulated sites in several batches into a new
// directory, moves its database aside as the reference, and returns the
// directory, the reference and the targets parts.
func damagedCrawl(t *testing.T) (dir, ref string, targets []string) {
	t.Helper()
	flags := simFlags(t, 300, 29)
	dir = t.TempDir()
	if code, out, errs := runSurvey(t, "", append([]string{"crawl", "--out", dir, "--crawl-id", "dmg", "--concurrency", "16", "--batch-age", "100ms"}, flags...)...); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s\n%s", code, out, errs)
	}
	ref = filepath.Join(t.TempDir(), "ref.duckdb")
	if err := os.Rename(filepath.Join(dir, "survey.duckdb"), ref); err != nil {
		t.Fatal(err)
	}
	targets, _ = filepath.Glob(filepath.Join(dir, "targets", "crawl=dmg", "part-*.parquet"))
	if len(targets) < 2 {
		t.Fatalf("%d targets parts, want several batches", len(targets))
	}
	return dir, ref, targets
}

// TestCrawl_ResumeWithDamagedTargets damages a committed batch's targets
// part of a complete crawl: --resume stops, naming the part and the way
// out; once the part is moved aside, --resume crawls that batch's domains
// again and the dataset equals the undamaged one.
func TestCrawl_ResumeWithDamagedTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir, ref, targets := damagedCrawl(t)
	damaged := targets[1]
	if err := os.Truncate(damaged, 100); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir)
	if code != exitUsage || !strings.Contains(errs, damaged+" cannot be read") || !strings.Contains(errs, "move it aside (rename it to "+filepath.Base(damaged)+".damaged)") {
		t.Fatalf("resume over a damaged targets part: exit %d\n%s\n%s", code, out, errs)
	}
	if err := os.Rename(damaged, damaged+".damaged"); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir); code != exitOK {
		t.Fatalf("resume with the part moved aside: exit %d\n%s\n%s", code, out, errs)
	}
	simcrawl.WantSame(t, ref, filepath.Join(dir, "survey.duckdb"), "the batch of the damaged part was not crawled again")
}

// TestCrawl_RecrawlDamagedBatch damages another table's part of a batch of
// a complete crawl: the build fails, printing the commands that crawl the
// batch again; run as printed (the batch's targets part moved aside,
// --resume), they give the dataset of the undamaged crawl. Without the
// move there is nothing to resume.
func TestCrawl_RecrawlDamagedBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir, ref, targets := damagedCrawl(t)
	batch := filepath.Base(targets[1])
	if err := os.Truncate(filepath.Join(dir, "fetches", "crawl=dmg", batch), 100); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runSurvey(t, "", "crawl", "--resume", "--out", dir); code != exitOK || !strings.Contains(out, "nothing to resume") {
		t.Errorf("resume of a complete crawl: exit %d\n%s", code, out)
	}
	code, _, errs := runSurvey(t, "", "merge", "--db", filepath.Join(t.TempDir(), "m.duckdb"), dir)
	// The way out, as commands: the batch's targets part moved aside, and
	// the resume of its crawl. The test runs them as printed.
	mv := "\n  mv " + targets[1] + " " + targets[1] + ".damaged\n"
	resume := "\n  survey crawl --resume --out " + dir + "\n"
	if code != exitUsage || !strings.Contains(errs, mv) || !strings.Contains(errs, resume) {
		t.Fatalf("merge of a damaged batch: exit %d, want the commands %q and %q\n%s", code, mv, resume, errs)
	}
	from, to, _ := strings.Cut(strings.TrimSpace(mv)[len("mv "):], " ")
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runSurvey(t, "", strings.Fields(strings.TrimSpace(resume))[1:]...); code != exitOK {
		t.Fatalf("resume with the batch's targets part moved aside: exit %d\n%s\n%s", code, out, errs)
	}
	simcrawl.WantSame(t, ref, filepath.Join(dir, "survey.duckdb"), "the damaged batch was not crawled again")
}

// TestCrawl_BuildStoppedByDamagedPart resumes a crawl one of whose
// committed parts (not a targets part) was damaged: the resume has nothing
// left to crawl, its build stops on the part, and the error gives the
// merge that builds the database without it as a command to run, with the
// crawl's own database and directory (it gave a template, DB DIR...).
func TestCrawl_BuildStoppedByDamagedPart(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	dir, _, targets := damagedCrawl(t)
	if err := os.Truncate(filepath.Join(dir, "fetches", "crawl=dmg", filepath.Base(targets[1])), 100); err != nil {
		t.Fatal(err)
	}
	markIncomplete(t, dir, "0of1") // as a crawl killed after its last commit leaves it
	db := filepath.Join(dir, "survey.duckdb")
	skip := "\n  survey merge --skip-damaged --db " + shell.Quote(db) + " " + shell.Quote(dir) + "\n"
	code, out, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir)
	if code != exitUsage || !strings.Contains(errs, skip) {
		t.Fatalf("resume whose build meets a damaged part: exit %d, want %d and %q\n%s\n%s", code, exitUsage, skip, out, errs)
	}
	if code, out, errs := runSurvey(t, "", strings.Fields(strings.TrimSpace(skip))[1:]...); code != exitFindings || !strings.Contains(out, "1 batch left out (damaged parts)") {
		t.Errorf("the merge as printed: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestCrawl_ResumeNamesTheShardsHeld resumes without --shard in a
// directory that holds other shards: the error names each, complete or
// with the command that resumes it.
func TestCrawl_ResumeNamesTheShardsHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 40, 23)
	dir := t.TempDir()
	for _, shard := range []string{"1/4", "2/4"} {
		if code, out, errs := runSurvey(t, "", append([]string{"crawl", "--out", dir, "--crawl-id", "s", "--shard", shard}, flags...)...); code != exitOK {
			t.Fatalf("crawl of shard %s: exit %d\n%s\n%s", shard, code, out, errs)
		}
	}
	markIncomplete(t, dir, "2of4") // as a crawl interrupted before completion leaves it
	want := "nothing to resume in " + dir + " for shard 0/1: "
	held := "; " + dir + " holds shard 1/4 of crawl s, complete; shard 2/4 of crawl s, not complete (resume it with: survey crawl --resume --out " + dir + " --shard 2/4)\n"
	if code, _, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir); code != exitUsage || !strings.Contains(errs, want) || !strings.HasSuffix(errs, held) {
		t.Errorf("resume without --shard: exit %d\n%s\nwant %q ... %q", code, errs, want, held)
	}
}

// TestCrawl_InterruptedStdinCrawl stops with Ctrl-C a crawl whose seeds
// come from standard input: it says that it cannot be resumed, and how to
// go on, rather than advising a --resume that would be refused.
func TestCrawl_InterruptedStdinCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	seedsPath, flags := withoutSeeds(simFlags(t, 1500, 11))
	in, err := os.Open(seedsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	dir := t.TempDir()
	cmd := child(t, append([]string{"crawl", "--seeds", "-", "--out", dir, "--crawl-id", "stdin", "--concurrency", "4"}, flags...)...)
	var out strings.Builder
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code == exitOK {
		t.Fatalf("the crawl of 1,500 domains at concurrency 4 finished within 0.7 s:\n%s", out.String())
	}
	if want := "Interrupted; its seeds came from standard input, which cannot be read again, so it cannot be resumed;"; code != exitFindings || !strings.Contains(out.String(), want) || strings.Contains(out.String(), "--resume") {
		t.Errorf("after Ctrl-C: exit %d, want %d, %q and no --resume:\n%s", code, exitFindings, want, out.String())
	}
	// What reads the directory later says the same: a merge, and a resume
	// of a shard the directory does not hold.
	notResumable := "is not complete (its last run interrupted); its seeds came from standard input, which cannot be read again, so it cannot be resumed;"
	if code, _, errs := runSurvey(t, "", "merge", "--db", filepath.Join(t.TempDir(), "m.duckdb"), dir); code != exitFindings || !strings.Contains(errs, notResumable) || strings.Contains(errs, "--resume") {
		t.Errorf("merge: exit %d, want %d, %q and no --resume:\n%s", code, exitFindings, notResumable, errs)
	}
	held := "holds shard 0/1 of crawl stdin, not complete (its seeds came from standard input, which cannot be read again, so it cannot be resumed;"
	if code, _, errs := runSurvey(t, "", "crawl", "--resume", "--out", dir, "--shard", "1/2"); code != exitUsage || !strings.Contains(errs, held) || strings.Contains(errs, "survey crawl --resume") {
		t.Errorf("resume of another shard: exit %d, want %d, %q and no resume command:\n%s", code, exitUsage, held, errs)
	}
}

// TestCrawl_ResumeFromAnotherDirectory starts a crawl with relative paths
// (--seeds, --ca-file) and resumes it from another working directory, once
// unfinished and once complete with a batch moved aside: the replayed paths
// are those of the directory the crawl started in, and the dataset records
// the seed list as it was given.
func TestCrawl_ResumeFromAnotherDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 20, 29)
	seedsPath, flags := withoutSeeds(flags)
	start, elsewhere, out := t.TempDir(), t.TempDir(), filepath.Join(t.TempDir(), "out")
	for i := 0; i < len(flags); i++ {
		if flags[i] == "--ca-file" {
			copyFile(t, flags[i+1], filepath.Join(start, "ca.pem"))
			flags[i+1] = "ca.pem"
		}
	}
	copyFile(t, seedsPath, filepath.Join(start, "seeds.txt"))
	crawl := func(dir string, args ...string) {
		t.Helper()
		cmd := child(t, args...)
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("survey %s in %s: %v\n%s", strings.Join(args, " "), dir, err, b)
		}
	}
	crawl(start, append([]string{"crawl", "--seeds", "seeds.txt", "--out", out, "--crawl-id", "wd"}, flags...)...)
	markIncomplete(t, out, "0of1")
	crawl(elsewhere, "crawl", "--resume", "--out", out)
	// A complete crawl resumed for a batch whose targets part was moved
	// aside reads its seed list too, to find that batch's seeds.
	parts, _ := filepath.Glob(filepath.Join(out, "targets", "crawl=wd", "*.parquet"))
	if len(parts) == 0 {
		t.Fatal("no targets part")
	}
	if err := os.Rename(parts[0], parts[0]+".damaged"); err != nil {
		t.Fatal(err)
	}
	crawl(elsewhere, "crawl", "--resume", "--out", out)
	db, err := sql.Open("duckdb", filepath.Join(out, "survey.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var paths string
	if err := db.QueryRow(`SELECT string_agg(DISTINCT seeds_path || ' ' || json_extract_string(options, '$.seeds'), ';') FROM crawls`).Scan(&paths); err != nil {
		t.Fatal(err)
	}
	if paths != "seeds.txt seeds.txt" {
		t.Errorf("crawls record the seeds as %q, want seeds.txt as given", paths)
	}
}

// markIncomplete makes the state of a complete crawl's shard ("IofN") in
// dir what an interrupted crawl leaves: not complete.
func markIncomplete(t *testing.T, dir, shard string) {
	t.Helper()
	state := filepath.Join(dir, "_state", "shard-"+shard+".json")
	b, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, []byte(strings.Replace(string(b), `"complete": true`, `"complete": false`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyFile copies the file from to the file to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runSurveyEnv is runSurvey with the environment variables env.
func runSurveyEnv(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	code := run(e, args)
	return code, out.String(), errb.String()
}

// TestCrawl_ResumeShardNamedEitherWay resumes a shard started with
// --shards n (its index from the batch scheduler) with the command its
// interruption prints, --shard i/n, and a shard started with --shard i/n
// as a scheduler restarts it, with --shards n: the replayed flag and the
// one given are not taken for both at once.
func TestCrawl_ResumeShardNamedEitherWay(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 40, 31)
	index := map[string]string{"JOB_COMPLETION_INDEX": "1"}
	for _, c := range []struct {
		name          string
		start, resume []string
	}{
		{"--shards, then --shard", []string{"--shards", "2"}, []string{"--shard", "1/2"}},
		{"--shard, then --shards", []string{"--shard", "1/2"}, []string{"--shards", "2"}},
	} {
		dir := t.TempDir()
		args := append(append([]string{"crawl", "--out", dir, "--crawl-id", "sh"}, c.start...), flags...)
		if code, out, errs := runSurveyEnv(t, index, args...); code != exitOK {
			t.Fatalf("%s: crawl: exit %d\n%s\n%s", c.name, code, out, errs)
		}
		markIncomplete(t, dir, "1of2")
		args = append([]string{"crawl", "--resume", "--out", dir, "--quiet"}, c.resume...)
		if code, out, errs := runSurveyEnv(t, index, args...); code != exitOK || !strings.Contains(out, "shard 1/2, run 2: complete") {
			t.Errorf("%s: %s: exit %d\n%s\n%s", c.name, strings.Join(args, " "), code, out, errs)
		}
	}
}

// TestCrawl_ResumeWithSeeds resumes with --seeds a crawl started with a
// relative --seeds: the crawl's list named another way, or a copy of it
// where the list was moved, is read; another list is refused, also when it
// has the crawl's list's name in another directory (it was taken for the
// crawl's, and the crawl's read instead); and a list that is gone is
// named, with the way out.
func TestCrawl_ResumeWithSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	seedsPath, flags := withoutSeeds(simFlags(t, 20, 37))
	start, other := t.TempDir(), t.TempDir()
	list := filepath.Join(start, "seeds.txt")
	copyFile(t, seedsPath, list)
	out := filepath.Join(t.TempDir(), "out")
	cmd := child(t, append([]string{"crawl", "--seeds", "seeds.txt", "--out", out, "--crawl-id", "sd"}, flags...)...)
	cmd.Dir = start
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("crawl: %v\n%s", err, b)
	}
	resume := func(dir string, args ...string) (int, string) {
		t.Helper()
		markIncomplete(t, out, "0of1")
		cmd := child(t, append([]string{"crawl", "--resume", "--out", out}, args...)...)
		cmd.Dir = dir
		b, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(b)
	}

	// The same file, named another way.
	if code, o := resume(start, "--seeds", "./seeds.txt"); code != exitOK {
		t.Errorf("--seeds ./seeds.txt in the crawl's directory: exit %d\n%s", code, o)
	}
	// The crawl's --seeds as it was given, from a directory where it
	// names no file: a scheduler's restart of the crawl's command line.
	if code, o := resume(t.TempDir(), "--seeds", "seeds.txt"); code != exitOK {
		t.Errorf("--seeds seeds.txt from a directory without it: exit %d\n%s", code, o)
	}
	// Another list of that name, in another directory.
	if err := os.WriteFile(filepath.Join(other, "seeds.txt"), []byte("other.test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, o := resume(other, "--seeds", "seeds.txt"); code != exitUsage || !strings.Contains(o, "--seeds seeds.txt is not the crawl's seed list "+list) {
		t.Errorf("--seeds seeds.txt, another list, in another directory: exit %d, want %d and the lists named\n%s", code, exitUsage, o)
	}
	// The list moved.
	moved := filepath.Join(other, "moved.txt")
	if err := os.Rename(list, moved); err != nil {
		t.Fatal(err)
	}
	if code, o := resume(other); code != exitUsage || !strings.Contains(o, "the crawl's seed list "+list+" is gone") || !strings.Contains(o, "give it with --seeds FILE") {
		t.Errorf("the list moved: exit %d, want %d, the list named and the way out\n%s", code, exitUsage, o)
	}
	if code, o := resume(other, "--seeds", "moved.txt"); code != exitOK {
		t.Errorf("--seeds with the moved list: exit %d\n%s", code, o)
	}
	// The crawl now knows its list's place: its printed resume works.
	if code, o := resume(start); code != exitOK {
		t.Errorf("resume after the list moved: exit %d\n%s", code, o)
	}
	// The list edited: a new crawl of it goes elsewhere, as a new crawl
	// in this --out, which holds an unfinished crawl, is refused.
	f, err := os.OpenFile(moved, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("added.test\n")
	f.Close()
	if code, o := resume(start); code != exitUsage || !strings.Contains(o, moved+" has changed since the crawl started") || !strings.Contains(o, "or crawl the new list in another --out") {
		t.Errorf("the list edited: exit %d, want %d, the list named and the way out\n%s", code, exitUsage, o)
	}
}
