// Command survey measures how web sites tell automated agents what they may
// do: it crawls agent-policy files, classifies and validates them, and
// writes a dataset to Parquet and DuckDB.
//
// Run "survey help" for the commands.
package main

import (
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
	"github.com/agnivade/levenshtein"
)

// Exit codes.
const (
	exitOK       = 0 // ran, nothing to look at
	exitFindings = 1 // ran, with failures worth a look
	exitUsage    = 2 // usage or I/O error
)

// env is what a command may touch of the outside world, so that tests can
// run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	stderrTTY      bool
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"body", "print a stored body, by its SHA-256 digest or by domain and location", runBody},
		{"check", "parse and validate one agent-policy file (path, URL or -), or every location of a site (--site)", runCheck},
		{"crawl", "crawl the agent-policy locations of a list of domains into a dataset", runCrawl},
		{"merge", "build one DuckDB database from the outputs of many shards or crawls", runMerge},
		{"query", "run SQL or a named query on a survey database", runQuery},
		{"report", "write a self-contained HTML report of a crawl (charts, tables, methodology)", runReport},
		{"reparse", "rebuild the parsed tables from stored bodies with the current parsers", runReparse},
		{"seeds", "read a seed list as a crawl would, without crawling: rejected lines, counts, digest, shards", runSeeds},
		{"testweb", "serve the simulated web (synthetic domains on loopback) for tests and demos", runTestweb},
	}
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, stderrTTY: isTerminal(os.Stderr)}
	log.SetFlags(0)
	log.SetOutput(&libraryLog{w: os.Stderr, prefix: "survey: Go library: "})
	os.Exit(runChecked(e, os.Args[1:]))
}

// runChecked runs the command line as run does, and makes a command that
// could not write its standard output (a full disk, a file system gone)
// fail: survey merge > /dev/full printed nothing and exited 0, as if its
// summary had been written. A command that said so itself keeps its code.
func runChecked(e *env, args []string) int {
	out := &outWriter{w: e.stdout}
	e.stdout = out
	code := run(e, args)
	if out.err != nil && code != exitUsage {
		name := "survey"
		if len(args) > 0 {
			name += " " + args[0]
		}
		fmt.Fprintf(e.stderr, "%s: writing standard output: %v\n", name, out.err)
		code = exitUsage
	}
	return code
}

// outWriter is a writer that keeps the first error of its writes.
type outWriter struct {
	w   io.Writer
	err error
}

// Write implements io.Writer.
func (o *outWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 {
			return run(e, []string{args[1], "--help"})
		}
		usage(e.stdout)
		return exitOK
	case "version", "--version", "-version":
		fmt.Fprintf(e.stdout, "survey %s\n", survey.BuildVersion())
		return exitOK
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "survey: unknown command %q\n\n", name)
	usage(e.stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "survey %s: measure how the web tells automated agents what they may do.\n\nUsage:\n  survey <command> [flags] [arguments]\n\nCommands:\n", survey.Version)
	cmds := commands()
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "version", "print the version")
	fmt.Fprintln(w, "\nRun \"survey <command> --help\" for a command's flags.")
}

// newFlags returns a flag set whose usage prints synopsis and the flags.
func newFlags(e *env, name, synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: survey %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(about))
		fs.PrintDefaults()
	}
	return fs
}

// flagGiven reports whether the command line set the flag name.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// defaultOut is survey crawl's default --out, and defaultDB the database
// in it, which the commands that read one open by default.
const (
	defaultOut = "survey-data"
	defaultDB  = defaultOut + "/survey.duckdb"
)

// badUsage prints the first line of fs's usage (the synopsis) and where
// to find the rest, then what is wrong with the command line as its last
// line, and returns exitUsage. The whole usage, 60 lines for survey crawl,
// buried a one-line mistake that other commands' checks print alone.
func badUsage(fs *flag.FlagSet, problem string) int {
	out := fs.Output()
	var usage strings.Builder
	fs.SetOutput(&usage)
	fs.Usage()
	fs.SetOutput(out)
	synopsis, _, _ := strings.Cut(usage.String(), "\n")
	fmt.Fprintf(out, "%s\nRun \"survey %s --help\" for its flags.\nsurvey %s: %s\n", synopsis, fs.Name(), fs.Name(), problem)
	return exitUsage
}

// arguments describes a command line's arguments, for badUsage: "no
// argument" or `3 arguments ("a", "b", "c")`.
func arguments(args []string) string {
	switch len(args) {
	case 0:
		return "no argument"
	case 1:
		return fmt.Sprintf("1 argument (%q)", args[0])
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = strconv.Quote(a)
	}
	return fmt.Sprintf("%d arguments (%s)", len(args), strings.Join(quoted, ", "))
}

// parseFlags parses args; it returns an exit code and false when the
// command should stop (help was asked for, or the flags were wrong). Help
// that was asked for goes to standard output. A wrong flag is reported as
// badUsage reports a problem: the synopsis, then what is wrong as the last
// line (the flag package prints its error first, then the whole usage,
// and says only "parse error" of a duration without unit).
func parseFlags(e *env, fs *flag.FlagSet, args []string) (int, bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(e.stdout)
		}
	}
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
		return exitOK, false
	}
	if err != nil {
		return badUsage(fs, flagProblem(fs, err)), false
	}
	return 0, true
}

// flagValueError matches the flag package's error for a value its flag
// cannot take.
var flagValueError = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-(\S+): (.*)$`)

// flagProblem restates err, fs's error parsing its flags, naming the flag
// as the commands' own messages do ("--timeout ...") and saying what a
// value the flag package calls a "parse error" should look like.
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		// As written: -q is no --q. Name the flag meant when one is near.
		given := "-" + name
		if len(name) > 1 {
			given = "--" + name
		}
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		hint := ""
		if near := nearestFlag(name, names); near != "" {
			hint = "; did you mean --" + near + "?"
		}
		return "unknown flag " + given + hint
	}
	m := flagValueError.FindStringSubmatch(msg)
	if m == nil {
		return strings.Replace(msg, ": -", ": --", 1)
	}
	value, name, why := m[1], m[2], m[3]
	if f := fs.Lookup(name); f != nil && (why == "parse error" || why == "value out of range") {
		kind, _ := flag.UnquoteUsage(f)
		switch {
		case kind == "duration":
			why = "not a duration; give one with its unit, such as 10s, 1m30s or 500ms"
		case kind == "int" || kind == "uint":
			why = "not a whole number"
			if m[3] == "value out of range" {
				why = "out of range"
			}
		case kind == "float":
			why = "not a number"
		case isBoolFlag(fs, name):
			why = "want true or false (or the flag alone, for true)"
		}
	}
	return fmt.Sprintf("--%s %s: %s", name, value, why)
}

// nearestFlag returns the flag of names that name abbreviates (the only
// one it begins, "--form" for --format) or that is one or two edits away
// from it ("--fromat"); "" when none is, or several are.
func nearestFlag(name string, names []string) string {
	var prefixed, near []string
	for _, n := range names {
		switch {
		case strings.HasPrefix(n, name):
			prefixed = append(prefixed, n)
		case len(name) > 3 && levenshtein.ComputeDistance(name, n) <= 2:
			near = append(near, n)
		}
	}
	switch {
	case len(prefixed) == 1:
		return prefixed[0]
	case len(prefixed) == 0 && len(near) == 1:
		return near[0]
	}
	return ""
}

// interleave moves flags that follow the positional argument in front of
// it, so that "survey query adoption --param crawl=x" works like "survey
// query --param crawl=x adoption". A flag of fs takes the next argument as
// its value unless it is boolean or has "=value"; an unknown flag is kept
// for fs to report.
func interleave(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			return append(append(flags, "--"), rest...)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !isBoolFlag(fs, name) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	return append(flags, rest...)
}

// isBoolFlag reports whether fs's flag name is boolean (given alone, as
// "--list", rather than with a value).
func isBoolFlag(fs *flag.FlagSet, name string) bool {
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// plural returns n and the singular or plural noun: "1 crawl", "2 crawls".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// fail prints an error for command name and returns exitUsage.
func fail(e *env, name string, err error) int {
	fmt.Fprintf(e.stderr, "survey %s: %v\n", name, err)
	var damaged *sink.DamagedError
	if errors.As(err, &damaged) {
		for _, p := range damaged.Parts[min(1, len(damaged.Parts)):] {
			fmt.Fprintf(e.stderr, "survey %s: also damaged: %v\n", name, p)
		}
		if dirs := reparseRepairs(damaged.Parts); dirs != nil {
			fmt.Fprintf(e.stderr, "survey %s: every damaged part is of a parsed table, which survey reparse writes again from the stored bodies, without the network; then build the database again:\n", name)
			for _, dir := range dirs {
				fmt.Fprintf(e.stderr, "  survey reparse %s\n", shell.Quote(dir))
			}
			fmt.Fprintf(e.stderr, "survey %s: or else ", name)
		} else {
			fmt.Fprintf(e.stderr, "survey %s: ", name)
		}
		if name == "reparse" {
			fmt.Fprint(e.stderr, "to reparse the other batches and build the database without the damaged ones (their domains left out, and recorded in schema_info's damaged_parts):\n")
			for _, dir := range damagedDirs(damaged.Parts) {
				fmt.Fprintf(e.stderr, "  survey reparse --skip-damaged %s\n", shell.Quote(dir))
			}
		} else {
			fmt.Fprintf(e.stderr, "to build the database without the damaged batches (their domains left out, and recorded in schema_info's damaged_parts):\n  %s\n", skipDamagedCommand(err))
		}
		fmt.Fprintf(e.stderr, "survey %s: or, to crawl their domains again, rename each batch's targets part aside and resume its crawl:\n", name)
		var resumes []string
		for _, p := range damaged.Parts {
			fmt.Fprintf(e.stderr, "  mv %s %s\n", shell.Quote(p.Commit), shell.Quote(p.Commit+".damaged"))
			shard, err := seeds.ParseShard(p.Shard)
			if cmd := pipeline.ResumeCommand(p.Dir, shard); err == nil && !slices.Contains(resumes, cmd) {
				resumes = append(resumes, cmd)
			}
		}
		for _, cmd := range resumes {
			fmt.Fprintf(e.stderr, "  %s\n", cmd)
		}
	}
	return exitUsage
}

// buildOf is the error of a build of the database db from the output
// directories dirs, for fail to name them in the command it suggests.
type buildOf struct {
	err  error
	db   string
	dirs []string
}

func (b *buildOf) Error() string { return b.err.Error() }
func (b *buildOf) Unwrap() error { return b.err }

// skipDamagedCommand returns the survey merge that builds the database of
// the failed build err without its damaged batches: with the build's own
// database and directories when err is a *buildOf, else with placeholders.
func skipDamagedCommand(err error) string {
	var of *buildOf
	if !errors.As(err, &of) {
		return "survey merge --skip-damaged --db DB DIR..."
	}
	args := []string{"survey merge --skip-damaged --db", shell.Quote(of.db)}
	for _, dir := range of.dirs {
		args = append(args, shell.Quote(dir))
	}
	return strings.Join(args, " ")
}

// damagedDirs returns the output directories of the damaged parts, each
// once.
func damagedDirs(parts []sink.DamagedPart) []string {
	var dirs []string
	for _, p := range parts {
		if !slices.Contains(dirs, p.Dir) {
			dirs = append(dirs, p.Dir)
		}
	}
	return dirs
}

// reparseRepairs returns the output directories to reparse when every
// damaged part is of a table that survey reparse writes again from the
// stored bodies, or nil when some part is of a table it does not write
// (targets, fetches, bodies, crawls).
func reparseRepairs(parts []sink.DamagedPart) []string {
	for _, p := range parts {
		rel, err := filepath.Rel(p.Dir, p.Path)
		table, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if err != nil || !pipeline.Rewrites(table) {
			return nil
		}
	}
	return damagedDirs(parts)
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// withContact returns the User-Agent ua with contact (a URL or an e-mail
// address) added: inside its closing comment when ua ends with one, as
// the default does ("survey/1 (+URL; ...; contact: X)"), else as a comment
// of its own ("mybot/1 (contact: X)"). ua when contact is "".
func withContact(ua, contact string) string {
	if contact == "" {
		return ua
	}
	if strings.HasSuffix(ua, ")") {
		return strings.TrimSuffix(ua, ")") + "; contact: " + contact + ")"
	}
	return ua + " (contact: " + contact + ")"
}

// loadRoots returns the system's certificate authorities with those of the
// PEM file caFile added, or nil (the system's alone) when caFile is "".
func loadRoots(caFile string) (*x509.CertPool, error) {
	if caFile == "" {
		return nil, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("--ca-file: %w", err)
	}
	roots, err := x509.SystemCertPool()
	if err != nil || roots == nil {
		roots = x509.NewCertPool()
	}
	if !roots.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("--ca-file %s: no PEM certificates", caFile)
	}
	return roots, nil
}
