// Command survey-bench measures survey's speed and memory against the
// simulated web, with fixed seeds so that runs compare. It runs the pieces
// as real processes (survey testweb serves the web, survey crawl crawls
// it) and prints four groups of figures:
//
//  1. the ceiling ratio: survey crawl's rate over that of a bare net/http
//     loop fetching the same locations of the same domains, over HTTPS and
//     over HTTP;
//  2. latency-bound efficiency: the rate achieved on a web with
//     heavy-tailed latency and stalls, over the bound of Little's law;
//  3. memory: the peak RSS of survey crawl on large populations at
//     concurrency 1,000;
//  4. per stage: each parser's MB/s, the sink's rows/s and the time of the
//     adoption query.
//
// It ends with one "name: value" line per headline figure. Usage:
//
//	survey-bench -survey bin/survey [-quick] [-work DIR] [-keep]
//
// See docs/benchmarks.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailed  = 1 // a group failed or the run was interrupted
	exitUsage   = 2
	heartbeat   = time.Minute
	readyWithin = 3 * time.Minute
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line.
type config struct {
	survey string
	quick  bool
	work   string
	keep   bool
	seed   int64
	repo   string
	groups map[string]bool
	// bareBusy is -bare-busy: the ceiling group's bare loop spins this
	// long per domain (a diagnostic).
	bareBusy time.Duration
}

// groupNames returns the values of -only, in the order the groups run.
func groupNames() []string { return []string{"ceiling", "latency", "memory", "stages"} }

func parseArgs(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("survey-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var only string
	fs.StringVar(&c.survey, "survey", "bin/survey", "the survey binary to measure")
	fs.BoolVar(&c.quick, "quick", false, "a small population (under three minutes on two cores): 20,000 domains for memory")
	fs.StringVar(&c.work, "work", "", "working directory for the simulated webs' files and the datasets (default: a new temporary directory, removed at exit unless -keep)")
	fs.BoolVar(&c.keep, "keep", false, "keep the default temporary working directory")
	fs.Int64Var(&c.seed, "seed", 1, "population seed of every simulated web")
	fs.StringVar(&c.repo, "repo", "", "repository root holding extract/*/testdata (default: found from the working directory)")
	fs.DurationVar(&c.bareBusy, "bare-busy", 0, "diagnostic: the ceiling group's bare loop also spins this long (wall clock) after each domain, to show how the simulated web's CPU per domain depends on its client's pace; the ceiling ratios are then not headline figures")
	fs.StringVar(&only, "only", "", "comma-separated groups to run: "+strings.Join(groupNames(), ", ")+" (default all)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: survey-bench -survey bin/survey [-quick] [-work DIR]\n\nMeasure survey's speed and memory against the simulated web (see docs/benchmarks.md).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if c.bareBusy < 0 {
		return c, fmt.Errorf("-bare-busy %s: must not be negative", c.bareBusy)
	}
	groups, err := parseGroups(only)
	if err != nil {
		return c, err
	}
	c.groups = groups
	return c, nil
}

// parseGroups parses -only; "" selects every group.
func parseGroups(s string) (map[string]bool, error) {
	out := map[string]bool{}
	if strings.TrimSpace(s) == "" {
		for _, g := range groupNames() {
			out[g] = true
		}
		return out, nil
	}
	for _, g := range strings.Split(s, ",") {
		g = strings.TrimSpace(g)
		known := false
		for _, n := range groupNames() {
			known = known || n == g
		}
		if !known {
			return nil, fmt.Errorf("-only: unknown group %q (known: %s)", g, strings.Join(groupNames(), ", "))
		}
		out[g] = true
	}
	return out, nil
}

// onlyGroups returns the selected groups in the order they run, or nil
// when every group is selected.
func onlyGroups(groups map[string]bool) []string {
	if len(groups) == len(groupNames()) {
		return nil
	}
	var only []string
	for _, g := range groupNames() {
		if groups[g] {
			only = append(only, g)
		}
	}
	return only
}

func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "survey-bench: %v\n", err)
		return exitUsage
	}
	survey, err := checkSurvey(cfg.survey)
	if err != nil {
		fmt.Fprintf(stderr, "survey-bench: %v\n", err)
		return exitUsage
	}
	if cfg.repo == "" {
		cfg.repo = findRepo()
	}
	work, removeWork, err := workDir(cfg.work, cfg.keep)
	if err != nil {
		fmt.Fprintf(stderr, "survey-bench: %v\n", err)
		return exitUsage
	}
	defer removeWork()

	// A copy of the binary: the run measures one build even if bin/survey
	// is rebuilt meanwhile.
	pinned, err := copyFile(survey, filepath.Join(work, "survey"))
	if err != nil {
		fmt.Fprintf(stderr, "survey-bench: %v\n", err)
		return exitUsage
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	began := time.Now()
	p := plans(cfg.quick, cfg.seed)
	p.CeilingBareBusy = cfg.bareBusy
	p.Only = onlyGroups(cfg.groups)
	b := &bench{ctx: ctx, survey: pinned, work: work, plan: p, out: stdout, repo: cfg.repo}
	b.res.Plan = p
	kept := "kept"
	if cfg.work == "" && !cfg.keep {
		kept = "removed at exit; -keep keeps it"
	}
	fmt.Fprintf(stdout, "survey-bench: %s, seed %d, %s (%s)\n", p.label(), p.Seed, survey, surveyVersion(survey))
	fmt.Fprintf(stdout, "work dir: %s (%s)\n", work, kept)
	m := readMachine()
	b.res.Machine = m
	fmt.Fprintf(stdout, "machine: %s\n", m)

	for _, g := range []struct {
		name string
		run  func() error
	}{{"ceiling", b.ceiling}, {"latency", b.latency}, {"memory", b.memory}, {"stages", b.stages}} {
		if !cfg.groups[g.name] {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		err := g.run()
		if ctx.Err() != nil {
			break
		}
		if err != nil {
			b.res.Errors = append(b.res.Errors, fmt.Sprintf("%s: %v", g.name, err))
			fmt.Fprintf(stdout, "   FAILED: %v\n", err)
		}
		fmt.Fprintf(stdout, "   (%s: %s)\n", g.name, time.Since(start).Round(100*time.Millisecond))
	}
	interrupted := ctx.Err() != nil
	fmt.Fprintf(stdout, "\ntotal: %s; load average at the end %s\n", time.Since(began).Round(time.Second), readMachine().LoadAvg)
	if interrupted {
		b.res.Errors = append(b.res.Errors, "interrupted")
	}
	fmt.Fprintln(stdout)
	writeSummary(stdout, b.res)
	writeHeadlines(stdout, b.res)
	if interrupted || len(b.res.Errors) > 0 {
		for _, e := range b.res.Errors {
			fmt.Fprintf(stderr, "survey-bench: %s\n", e)
		}
		return exitFailed
	}
	return exitOK
}

// checkSurvey returns the absolute path of the survey binary, or an error
// naming it when it is not an executable file.
func checkSurvey(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("-survey %s: %w", path, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("-survey %s: %w (build it with make build)", path, err)
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("-survey %s: not an executable file", path)
	}
	return abs, nil
}

// copyFile copies the executable src to dst and returns dst.
func copyFile(src, dst string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o755)
	if err != nil {
		return "", fmt.Errorf("copying %s: %w", src, err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return "", fmt.Errorf("copying %s to %s: %w", src, dst, err)
	}
	if err := out.Close(); err != nil {
		return "", fmt.Errorf("copying %s to %s: %w", src, dst, err)
	}
	return dst, nil
}

// workDir creates the working directory. The returned function removes a
// default temporary directory unless keep is set.
func workDir(dir string, keep bool) (string, func(), error) {
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", nil, fmt.Errorf("-work %s: %w", dir, err)
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			return "", nil, fmt.Errorf("-work %s: %w", dir, err)
		}
		return abs, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", "survey-bench-")
	if err != nil {
		return "", nil, fmt.Errorf("working directory: %w", err)
	}
	if keep {
		return tmp, func() {}, nil
	}
	return tmp, func() { os.RemoveAll(tmp) }, nil
}

// findRepo returns the repository root above the working directory (the
// directory holding go.mod and extract/), or "" when there is none.
func findRepo() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "extract")); err == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
