package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/sink"
)

func TestHelp_EveryCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands() {
		code, out, errs := runSurvey(t, "", c.name, "--help")
		if code != exitOK || !strings.Contains(out, "Usage: survey "+c.name) || errs != "" {
			t.Errorf("survey %s --help: exit %d, stdout %q, stderr %q", c.name, code, firstChars(out), errs)
		}
		if row := "| `survey " + c.name + "` |"; !bytes.Contains(readme, []byte(row)) {
			t.Errorf("the README's table of commands has no row %s", row)
		}
	}
	// A site operator finds --site in survey help, as in the README's table.
	if _, out, _ := runSurvey(t, "", "help"); !regexp.MustCompile(`(?m)^  check .*--site`).MatchString(out) {
		t.Errorf("survey help does not name check --site:\n%s", out)
	}
	if code, _, errs := runSurvey(t, "", "no-such-command"); code != exitUsage || !strings.Contains(errs, "unknown command") {
		t.Errorf("unknown command: exit %d, %q", code, errs)
	}
	if code, _, _ := runSurvey(t, "", "crawl", "--no-such-flag"); code != exitUsage {
		t.Errorf("unknown flag: exit %d, want %d", code, exitUsage)
	}
}

// A command line missing what a command needs prints the synopsis and
// where the flags are explained, then, as its last line, what is missing
// or too much: three lines, not the whole usage.
func TestUsage_SaysWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		args []string
		last string
	}{
		{[]string{"crawl", "--out", "x"}, "survey crawl: --seeds is required (or --resume --out DIR to continue a crawl)"},
		{[]string{"query", "--db", "x", "select", "1"}, `survey query: give one named query (--list) or one SQL text, quoted; got 2 arguments ("select", "1")`},
		{[]string{"report", "--db", "x"}, "survey report: --out FILE is required"},
		{[]string{"report", "--out", "r.html", "x.duckdb"}, `survey report: takes no argument (the database is --db); got 1 argument ("x.duckdb")`},
		{[]string{"seeds"}, "survey seeds: give one seed file, or - for standard input; got no argument"},
		{[]string{"merge", "--db", "x"}, "survey merge: give the output directories to merge"},
		{[]string{"reparse"}, "survey reparse: give one output directory; got no argument"},
		{[]string{"check", "a", "b"}, `survey check: give one file, URL or -, or --site DOMAIN; got 2 arguments ("a", "b")`},
		{[]string{"body"}, "survey body: give one digest, or --domain and --location; got no argument"},
	} {
		code, out, errs := runSurvey(t, "", c.args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "Usage: survey "+c.args[0]) || lines[len(lines)-1] != c.last ||
			len(lines) != 3 || lines[1] != `Run "survey `+c.args[0]+` --help" for its flags.` {
			t.Errorf("survey %s: exit %d, stdout %q, stderr ending %q; want exit %d, the usage, then %q",
				strings.Join(c.args, " "), code, firstChars(out), lines[len(lines)-1], exitUsage, c.last)
		}
	}
}

func firstChars(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// A seed file with bad lines: every bad line is reported as FILE:LINE with
// its reason, every good line is crawled, and the exit status says there
// is something to look at.
func TestCrawl_BadSeedLinesAreReportedAndTheRestCrawled(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 60, 21)
	var seedFile string
	for i, f := range flags {
		if f == "--seeds" {
			seedFile = flags[i+1]
		}
	}
	good, err := os.ReadFile(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	goodLines := strings.Split(strings.TrimSpace(string(good)), "\n")
	bad := map[int]string{ // line number -> expected reason
		3:  "IP literal",
		6:  "has a path",
		9:  "contains white space",
		12: "invalid domain name",
		15: "single-label name",
		18: "scheme is not http or https",
	}
	badText := map[int]string{3: "10.0.0.1", 6: "example.com/path", 9: "exam ple.com", 12: "-bad-.test", 15: "localhost", 18: "ftp://example.org"}
	var lines []string
	for n, g := 1, 0; g < len(goodLines); n++ {
		if txt, ok := badText[n]; ok {
			lines = append(lines, txt)
			continue
		}
		lines = append(lines, goodLines[g])
		g++
	}
	mixed := filepath.Join(t.TempDir(), "mixed.txt")
	if err := os.WriteFile(mixed, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, f := range flags {
		if f == "--seeds" {
			flags[i+1] = mixed
		}
	}
	out := t.TempDir()
	code, stdout, stderr := runSurvey(t, "", append([]string{"crawl", "--out", out}, flags...)...)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d (ran, with rejected seed lines)\n%s\n%s", code, exitFindings, stdout, stderr)
	}
	for n, reason := range bad {
		pattern := regexp.MustCompile(regexp.QuoteMeta(mixed) + ":" + strconv.Itoa(n) + ": [^\n]*" + regexp.QuoteMeta(reason))
		if !pattern.MatchString(stderr) {
			t.Errorf("line %d (%s) not reported as %s:%d: ...%s...; stderr:\n%s", n, badText[n], mixed, n, reason, stderr)
		}
	}
	if got := strings.Count(stderr, mixed+":"); got != len(bad) {
		t.Errorf("%d seed errors reported, want %d", got, len(bad))
	}
	db, err := sink.Open(filepath.Join(out, "survey.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	var bads int64
	if err := db.QueryRow("SELECT count(*) FROM targets").Scan(&n); err != nil || n != len(goodLines) {
		t.Errorf("%d domains crawled (%v), want every good line (%d)", n, err, len(goodLines))
	}
	if err := db.QueryRow("SELECT max(seeds_bad) FROM crawls").Scan(&bads); err != nil || bads != int64(len(bad)) {
		t.Errorf("crawls.seeds_bad = %d (%v), want %d", bads, err, len(bad))
	}
}

func TestCheck_TextOutputAndExitCodes(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisalow: /private\n"), 0o644)
	code, out, errs := runSurvey(t, "", "check", "--agent", "GPTBot", "--url", "https://example.com/page", robots)
	if code != exitOK {
		t.Fatalf("valid robots.txt: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{
		robots + ":5: warning: ",
		"[robots.misspelled-key, RFC 9309",
		robots + ": robots: valid (0 errors, 1 warning, 0 infos)",
		robots + ":2: decision: GPTBot GET https://example.com/page: disallowed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// The agents.txt draft's own example is a hash mismatch: invalid.
	agents := filepath.Join(dir, "agents.txt")
	os.WriteFile(agents, []byte("# version: 1.0\n*e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n# sample. may not be accurate.\n/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW\n"), 0o644)
	code, out, _ = runSurvey(t, "", "check", agents)
	if code != exitFindings || !strings.Contains(out, agents+":2: error: ") || !strings.Contains(out, "agents-txt.hash-mismatch") {
		t.Errorf("draft example: exit %d\n%s", code, out)
	}

	// A file of another convention at the location says so, with its article.
	other := filepath.Join(dir, "other", "agents.txt")
	os.MkdirAll(filepath.Dir(other), 0o755)
	os.WriteFile(other, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	code, out, _ = runSurvey(t, "", "check", other)
	if want := other + ": agents-txt: not an agents-txt file: it follows another convention (robots-style)"; code != exitFindings || !strings.Contains(out, want) {
		t.Errorf("robots-style agents.txt: exit %d, want %q in\n%s", code, want, out)
	}

	// Standard input with an explicit type; usage and I/O errors exit 2.
	if code, out, _ := runSurvey(t, "scope: /\nallowed-methods: GET\n\n", "check", "--type", "autoctl", "-"); code != exitOK {
		t.Errorf("autoctl from stdin: exit %d\n%s", code, out)
	}
	if code, _, errs := runSurvey(t, "", "check", filepath.Join(dir, "missing.txt")); code != exitUsage || errs == "" {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "\x00\x01", "check", "-"); code != exitUsage || !strings.Contains(errs, "--type") {
		t.Errorf("undetectable type: exit %d, %q", code, errs)
	}
	if code, _, _ := runSurvey(t, "", "check", "--type", "nonsense", robots); code != exitUsage {
		t.Errorf("unknown type: exit %d", code)
	}
	if code, _, errs := runSurvey(t, "", "check", "--agent", "x", "--url", "/", "--type", "llms-txt", robots); code != exitUsage || !strings.Contains(errs, "no evaluator") {
		t.Errorf("decision for a format without an evaluator: exit %d, %q", code, errs)
	}
	// A type told from the file says so: the user did not ask for it.
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("# Notes\n\n> A summary\n"), 0o644)
	if code, _, errs := runSurvey(t, "", "check", "--agent", "x", "--url", "/", notes); code != exitUsage || !strings.Contains(errs, notes+" was read as llms-txt, from its name and content (give --type to say otherwise): format llms-txt has no evaluator") {
		t.Errorf("decision for a detected format without an evaluator: exit %d, %q", code, errs)
	}
}

// The JSON output is a documented contract (docs/check-json.md).
func TestCheck_JSONContract(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "AGENTS.md")
	os.WriteFile(md, []byte("# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Restrictions\n- disallowed-paths: /admin/**\n- read-only-paths: /docs/*\n"), 0o644)
	code, out, errs := runSurvey(t, "", "check", "--format", "json", "--agent", "bot", "--url", "https://example.com/admin/users", "--method", "post", md)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, key := range []string{"type", "valid", "diagnostics", "result", "decision"} {
		if _, ok := got[key]; !ok {
			t.Errorf("the JSON output lacks %q", key)
		}
	}
	if got["type"] != "agents-md" || got["valid"] != true {
		t.Errorf("type %v valid %v", got["type"], got["valid"])
	}
	d, _ := got["decision"].(map[string]any)
	if d["allowed"] != false || d["method"] != "POST" || d["line"] != float64(7) {
		t.Errorf("decision %v, want disallowed at line 7", d)
	}
	if diags, ok := got["diagnostics"].([]any); !ok {
		t.Errorf("diagnostics is %T, want an array (never null)", got["diagnostics"])
	} else {
		for _, x := range diags {
			m := x.(map[string]any)
			for _, key := range []string{"code", "severity", "line", "message", "spec"} {
				if _, ok := m[key]; !ok {
					t.Errorf("diagnostic %v lacks %q", m, key)
				}
			}
		}
	}
}

func TestCheck_Codes(t *testing.T) {
	code, out, _ := runSurvey(t, "", "check", "--codes", "--format", "json")
	var cat []map[string]any
	if code != exitOK || json.Unmarshal([]byte(out), &cat) != nil || len(cat) < 100 {
		t.Fatalf("--codes --format json: exit %d, %d codes", code, len(cat))
	}
	// docs/diagnostics.md is generated from the same catalogue.
	code, md, _ := runSurvey(t, "", "check", "--codes", "--format", "markdown")
	committed, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil || code != exitOK {
		t.Fatalf("reading docs/diagnostics.md: %v (exit %d)", err, code)
	}
	if string(committed) != md {
		t.Errorf("docs/diagnostics.md is stale: regenerate it with `make docs`")
	}
}

func TestQueryAndMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 80, 23)
	out := t.TempDir()
	if code, stdout, stderr := runSurvey(t, "", append([]string{"crawl", "--out", out, "--crawl-id", "q"}, flags...)...); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", code, stdout, stderr)
	}
	db := filepath.Join(out, "survey.duckdb")
	code, csv, errs := runSurvey(t, "", "query", "--db", db, "--format", "csv", "select count(*) as n from targets")
	if code != exitOK || csv != "n\n80\n" {
		t.Errorf("SQL as CSV: exit %d, %q %q", code, csv, errs)
	}
	code, js, _ := runSurvey(t, "", "query", "adoption", "--db", db, "--format", "json", "--param", "crawl=q")
	var rows []map[string]any
	if code != exitOK || json.Unmarshal([]byte(js), &rows) != nil || len(rows) == 0 || rows[0]["location"] != "robots" {
		t.Errorf("named query as JSON: exit %d, %s", code, firstChars(js))
	}
	// --out: the same rows, written by DuckDB to a file, and a count.
	pq := filepath.Join(t.TempDir(), "adoption.parquet")
	code, printed, errs := runSurvey(t, "", "query", "adoption", "--db", db, "--param", "crawl=q", "--out", pq)
	if code != exitOK || printed != "" || errs != fmt.Sprintf("survey query: wrote %d rows to %s\n", len(rows), pq) {
		t.Errorf("--out: exit %d %q %q, want %d rows", code, printed, errs, len(rows))
	}
	if code, back, errs := runSurvey(t, "", "query", "--db", db, "--format", "json", "select * from read_parquet('"+pq+"')"); code != exitOK || back != js {
		t.Errorf("the --out file read back: exit %d %q\n%s\nwant\n%s", code, errs, firstChars(back), firstChars(js))
	}
	if code, _, errs := runSurvey(t, "", "query", "adoption", "--db", db, "--format", "csv", "--out", pq); code != exitUsage || !strings.Contains(errs, "--format") {
		t.Errorf("--out with --format: exit %d %q", code, errs)
	}
	if code, md, _ := runSurvey(t, "", "query", "--db", db, "--format", "markdown", "select 'a|b' as x"); code != exitOK || md != "| x |\n| --- |\n| a\\|b |\n" {
		t.Errorf("markdown: %q", md)
	}
	if code, list, _ := runSurvey(t, "", "query", "--list"); code != exitOK || !strings.Contains(list, "adoption\n") {
		t.Errorf("--list: %q", list)
	}
	if code, _, errs := runSurvey(t, "", "query", "--db", db, "select * from nowhere"); code != exitUsage || errs == "" {
		t.Errorf("bad SQL: exit %d %q", code, errs)
	}
	// A lone word that is neither a query name nor SQL: a mistyped name.
	if code, _, errs := runSurvey(t, "", "query", "--db", db, "adoptoin"); code != exitUsage || !strings.HasPrefix(errs, `survey query: no query named "adoptoin"; did you mean adoption?`) {
		t.Errorf("mistyped query name: exit %d %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "", "query", "--db", filepath.Join(out, "missing.duckdb"), "select 1"); code != exitUsage || errs == "" {
		t.Errorf("missing database: exit %d %q", code, errs)
	}
	checkBody(t, db)
	html := filepath.Join(t.TempDir(), "report.html")
	if code, _, errs := runSurvey(t, "", "report", "--db", db, "--out", html); code == exitUsage {
		t.Errorf("report: exit %d %q", code, errs)
	} else if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "Methodology") {
		t.Errorf("report: %v; the page has no chart or no methodology", err)
	}
	merged := filepath.Join(t.TempDir(), "merged.duckdb")
	if code, stdout, errs := runSurvey(t, "", "merge", "--db", merged, out); code != exitOK || !strings.Contains(stdout, "merged 1 directory into "+merged+": 80 domains of 1 crawl\n") {
		t.Errorf("merge: exit %d %q %q", code, stdout, errs)
	} else if want := "survey query, report and body read it with --db " + shell.Quote(merged) + " (their default is survey-data/survey.duckdb)\n"; !strings.Contains(stdout, want) {
		t.Errorf("merge into a database the queries do not open by default does not say how to read it: %q, want %q", stdout, want)
	}
	checkMergeOverlapAndCompleteness(t, out)

	// A damaged part stops the merge, naming it; --skip-damaged leaves out
	// its batch and exits 1.
	parts, err := filepath.Glob(filepath.Join(out, "fetches", "crawl=q", "part-*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("no fetches parts: %v", err)
	}
	whole, err := os.ReadFile(parts[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(parts[0], 200); err != nil {
		t.Fatal(err)
	}
	damagedDB := filepath.Join(t.TempDir(), "damaged.duckdb")
	// The advice is the command to run, with this merge's database and
	// directories, not a template.
	skip := "\n  survey merge --skip-damaged --db " + shell.Quote(damagedDB) + " " + shell.Quote(out) + "\n"
	if code, _, errs := runSurvey(t, "", "merge", "--db", damagedDB, out); code != exitUsage ||
		!strings.Contains(errs, "damaged part "+parts[0]) || !strings.Contains(errs, skip) || strings.Contains(errs, "survey reparse") {
		t.Errorf("merge of a damaged part: exit %d %q; want %q", code, errs, skip)
	}
	code, stdout, errs := runSurvey(t, "", "merge", "--skip-damaged", "--db", damagedDB, out)
	if code != exitFindings || !strings.Contains(stdout, "1 batch left out (damaged parts)") || !strings.Contains(errs, "left out a batch: damaged part "+parts[0]) {
		t.Errorf("merge --skip-damaged: exit %d %q %q", code, stdout, errs)
	}
	var left int
	if err := sinkQueryRow(t, damagedDB, "SELECT count(*) FROM targets", &left); err != nil || left >= 80 {
		t.Errorf("merge --skip-damaged kept %d domains of 80 (%v)", left, err)
	}

	// A damaged part of a parsed table is repaired by survey reparse,
	// without the network, and the error says so.
	if err := os.WriteFile(parts[0], whole, 0o644); err != nil {
		t.Fatal(err)
	}
	diags, err := filepath.Glob(filepath.Join(out, "diagnostics", "crawl=q", "part-*.parquet"))
	if err != nil || len(diags) == 0 {
		t.Fatalf("no diagnostics parts: %v", err)
	}
	if err := os.Truncate(diags[0], 200); err != nil {
		t.Fatal(err)
	}
	repairedDB := filepath.Join(t.TempDir(), "repaired.duckdb")
	if code, _, errs := runSurvey(t, "", "merge", "--db", repairedDB, out); code != exitUsage || !strings.Contains(errs, "damaged part "+diags[0]) ||
		!strings.Contains(errs, "every damaged part is of a parsed table, which survey reparse writes again from the stored bodies, without the network; then build the database again:\n  survey reparse "+shell.Quote(out)+"\n") {
		t.Errorf("merge of a damaged diagnostics part: exit %d %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "", "reparse", out); code != exitOK {
		t.Errorf("reparse of a damaged diagnostics part: exit %d %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "", "merge", "--db", repairedDB, out); code != exitOK {
		t.Errorf("merge after the reparse: exit %d %q", code, errs)
	}
}

// checkMergeOverlapAndCompleteness merges the crawl in out with itself
// through a link (read once), with a copy of its state (refused: its
// domains would count twice), and after marking its shard interrupted
// (a warning naming the resume command; --require-complete refuses).
func checkMergeOverlapAndCompleteness(t *testing.T, out string) {
	t.Helper()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "m.duckdb")
	if code, stdout, errs := runSurvey(t, "", "merge", "--db", db, out, link); code != exitOK || !strings.Contains(stdout, "merged 1 directory into "+db+": 80 domains of 1 crawl\n") {
		t.Errorf("merge of a directory and a link to it: exit %d %q %q", code, stdout, errs)
	}
	state := filepath.Join(out, "_state", "shard-0of1.json")
	b, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	copyDir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(copyDir, "_state"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(copyDir, "_state", "shard-0of1.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runSurvey(t, "", "merge", "--db", db, out, copyDir); code != exitUsage ||
		!strings.Contains(errs, `shard 0/1 of crawl "q" is in both `+out+" and "+copyDir) {
		t.Errorf("merge of overlapping directories: exit %d %q", code, errs)
	}

	var st pipeline.State
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	st.Complete, st.Runs[len(st.Runs)-1].Status = false, "interrupted"
	edited, _ := json.Marshal(st)
	if err := os.WriteFile(state, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.WriteFile(state, b, 0o644)
	warning := `survey merge: crawl "q": shard 0/1 in ` + out + " is not complete (its last run interrupted); resume it with: survey crawl --resume --out " + out + "\n"
	if code, stdout, errs := runSurvey(t, "", "merge", "--db", db, out); code != exitFindings || errs != warning || !strings.Contains(stdout, ", 1 crawl incomplete (see above)\n") {
		t.Errorf("merge of an incomplete crawl: exit %d %q %q", code, stdout, errs)
	}
	strict := filepath.Join(t.TempDir(), "strict.duckdb")
	if code, _, errs := runSurvey(t, "", "merge", "--require-complete", "--db", strict, out); code != exitUsage ||
		!strings.HasPrefix(errs, warning) || !strings.Contains(errs, "1 crawl is incomplete; nothing built") {
		t.Errorf("merge --require-complete of an incomplete crawl: exit %d %q", code, errs)
	}
	if _, err := os.Stat(strict); err == nil {
		t.Errorf("merge --require-complete built %s", strict)
	}
}

func sinkQueryRow(t *testing.T, db, q string, dest ...any) error {
	t.Helper()
	conn, err := sink.Open(db)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.QueryRow(q).Scan(dest...)
}

// TestCrawl_CompressedSeeds crawls the simulated web from its seed list
// gzipped, zipped (as Tranco publishes its lists) and gzipped on standard
// input: every domain is crawled, and the crawl records the SHA-256 of the
// file as given (of the text read, for standard input).
func TestCrawl_CompressedSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	flags := simFlags(t, 40, 37)
	text, err := os.ReadFile(flags[1]) // --seeds FILE
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	var zp bytes.Buffer
	za := zip.NewWriter(&zp)
	if w, err := za.Create("top-1m.csv"); err != nil {
		t.Fatal(err)
	} else {
		w.Write(text)
	}
	if err := za.Close(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := []struct {
		name, seeds, stdin string
		digest             [32]byte
	}{
		{"gzip", filepath.Join(dir, "seeds.csv.gz"), "", sha256.Sum256(gz.Bytes())},
		{"zip", filepath.Join(dir, "seeds.zip"), "", sha256.Sum256(zp.Bytes())},
		{"gzip on standard input", "-", gz.String(), sha256.Sum256(text)},
	}
	os.WriteFile(cases[0].seeds, gz.Bytes(), 0o644)
	os.WriteFile(cases[1].seeds, zp.Bytes(), 0o644)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := t.TempDir()
			args := append([]string{"crawl", "--out", out, "--crawl-id", "z"}, flags...)
			args[6] = c.seeds // after crawl --out DIR --crawl-id z --seeds
			if code, stdout, errs := runSurvey(t, c.stdin, args...); code != exitOK {
				t.Fatalf("exit %d\n%s%s", code, stdout, errs)
			}
			var domains int
			var digest string
			if err := sinkQueryRow(t, filepath.Join(out, "survey.duckdb"), "SELECT (SELECT count(*) FROM targets), (SELECT any_value(seeds_digest) FROM crawls)", &domains, &digest); err != nil {
				t.Fatal(err)
			}
			if domains != 40 {
				t.Errorf("%d domains crawled, want 40", domains)
			}
			if want := fmt.Sprintf("%x", c.digest); digest != want {
				t.Errorf("seeds digest %s, want %s", digest, want)
			}
		})
	}
}

func TestInterleave_BooleanFlagsTakeNoValue(t *testing.T) {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.Bool("require-complete", false, "")
	fs.String("db", "", "")
	for _, c := range []struct{ in, want string }{
		{"--require-complete --db x.duckdb a b", "--require-complete --db x.duckdb a b"},
		{"a --require-complete b --db x.duckdb", "--require-complete --db x.duckdb a b"},
		{"a --db=x.duckdb --require-complete=false b", "--db=x.duckdb --require-complete=false a b"},
		{"--unknown v a -- --db", "--unknown v -- a --db"},
	} {
		if got := strings.Join(interleave(fs, strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("interleave(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// survey testweb refuses a flag value it cannot serve, naming the flag, and
// never takes one for another: testweb.Config reads a zero --sites or
// --slow-delay as its default, so "--sites 0" announced 0 sites and served
// 2,000, and "--slow-delay 0" delayed the slow sites by 2 s; --dns-addr
// without --dns served no DNS and said nothing.
func TestTestweb_RefusesFlagValuesNamingTheFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sites", "0"}, "survey testweb: --sites 0: must be at least 1"},
		{[]string{"--sites", "-1"}, "survey testweb: --sites -1: must be at least 1"},
		{[]string{"--slow-delay", "0s"}, "survey testweb: --slow-delay 0s: must be more than 0"},
		{[]string{"--mix", "bogus"}, `survey testweb: --mix "bogus": want one of realistic, hostile, clean`},
		{[]string{"--stall-share", "1"}, "survey testweb: --stall-share 1: want a share from 0 up to, not including, 1"},
		{[]string{"--latency", "-1s"}, "survey testweb: --latency -1s: must not be negative"},
		{[]string{"--latency-p99", "1s"}, "survey testweb: --latency-p99 1s needs --latency, the median"},
		{[]string{"--latency", "10ms", "--latency-p99", "1ms"}, "survey testweb: --latency-p99 1ms is below --latency 10ms, the median"},
		{[]string{"--dns-addr", "127.0.0.1:0"}, "survey testweb: --dns-addr goes with --dns, which serves the DNS"},
	} {
		// A child process, since a value taken for another serves until
		// interrupted.
		cmd := child(t, append([]string{"testweb", "--addr", "127.0.0.1:0"}, c.args...)...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("survey testweb %s: still serving after 10 s (stdout %q); want it refused: %s", strings.Join(c.args, " "), out.String(), c.want)
			continue
		}
		if code := cmd.ProcessState.ExitCode(); code != exitUsage || strings.TrimSpace(errb.String()) != c.want {
			t.Errorf("survey testweb %s: exit %d, stderr %q; want exit %d, %q", strings.Join(c.args, " "), code, errb.String(), exitUsage, c.want)
		}
	}
}

// The crawl command survey testweb prints names --ca-file even when no
// --ca-out was given, and says what a crawl without the CA gets: without
// it, every site of the simulated web fell back to plain HTTP (https_failure
// certificate), which the printed command, lacking --ca-file, led to.
func TestTestweb_CrawlHintNamesTheCA(t *testing.T) {
	dir := t.TempDir()
	for _, withCA := range []bool{false, true} {
		ready := filepath.Join(dir, fmt.Sprintf("ready-%v", withCA))
		args := []string{"testweb", "--sites", "3", "--ready", ready}
		if withCA {
			args = append(args, "--ca-out", filepath.Join(dir, "ca.pem"))
		}
		cmd := child(t, args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 200; i++ {
			if fi, err := os.Stat(ready); err == nil && fi.Size() > 0 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond) // the lines printed after the ready file
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("survey %s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
		hint := regexp.MustCompile(`(?m)^  survey crawl .*$`).FindString(out.String())
		note := strings.Contains(out.String(), "falls back to plain HTTP")
		switch {
		case withCA && (!strings.Contains(hint, "--ca-file "+shell.Quote(filepath.Join(dir, "ca.pem"))) || note):
			t.Errorf("with --ca-out: printed %q", out.String())
		case !withCA && (!strings.Contains(hint, "--ca-file CA") || !note):
			t.Errorf("without --ca-out: printed %q; want the crawl command with --ca-file CA and a note on what a crawl without it gets", out.String())
		}
	}
}

// make demo checks one site "as its operator would" with survey check
// --site, which fetches it as a crawl does, given the crawl's network flags.
// The demo's check had --allow-private and lacked --resolver, so it followed
// a redirect to loopback the crawl refused and ignored the simulated web's
// DNS: a site whose name has no DNS answer (network_error, dns, in the
// crawl) checked "ok, 2 files", and one whose name resolves to a private
// address (address_guard) checked "blocked".
func TestDemo_ChecksTheSiteWithTheCrawlsNetworkFlags(t *testing.T) {
	script, err := os.ReadFile("../../scripts/demo.sh")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(script), "\\\n", " ")
	command := func(sub string) map[string]string {
		line := regexp.MustCompile(`(?m)^"\$survey" ` + sub + ` .*$`).FindString(text)
		if line == "" {
			t.Fatalf("scripts/demo.sh runs no survey %s", sub)
		}
		flags := map[string]string{}
		fields := strings.Fields(line)
		for i, f := range fields {
			switch f {
			case "--allow-private", "--respect-robots":
				flags[f] = "true"
			case "--connect-to", "--resolver", "--ca-file", "--timeout", "--user-agent", "--contact":
				if i+1 < len(fields) {
					flags[f] = fields[i+1]
				}
			}
		}
		return flags
	}
	crawl, check := command("crawl"), command("check --site")
	for _, f := range []string{"--allow-private", "--connect-to", "--resolver", "--ca-file", "--timeout", "--user-agent", "--contact"} {
		if crawl[f] != check[f] {
			t.Errorf("scripts/demo.sh: survey crawl has %s %q, survey check --site %q; the check must fetch as the crawl did", f, crawl[f], check[f])
		}
	}
}

// Every flag the README gives a survey command, in its examples and its
// prose ("survey merge --db all.duckdb DIR..."), is one that command takes,
// so that a renamed or removed flag cannot leave the README behind.
func TestREADME_FlagsAreTheCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	flagsOf := map[string]map[string]bool{}
	for _, c := range commands() {
		_, out, _ := runSurvey(t, "", c.name, "--help")
		flags := map[string]bool{"--help": true}
		for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(out, -1) {
			flags["--"+m[1]] = true
		}
		flagsOf[c.name] = flags
	}
	text := strings.ReplaceAll(string(readme), "\\\n", " ")
	// Each "survey CMD" starts a command line, which runs to the end of its
	// code span, shell operator or comment; one nested in <(...) starts its own.
	end := regexp.MustCompile("[`|;#>)]|&&|<\\(|\n")
	checked := 0
	for _, seg := range strings.Split(text, "survey ")[1:] {
		name, rest, _ := strings.Cut(seg, " ")
		flags, ok := flagsOf[name]
		if !ok {
			continue
		}
		if i := end.FindStringIndex(rest); i != nil {
			rest = rest[:i[0]]
		}
		for _, f := range strings.Fields(rest) {
			if !strings.HasPrefix(f, "--") || f == "--" {
				continue
			}
			f, _, _ = strings.Cut(f, "=")
			checked++
			if !flags[f] {
				t.Errorf("README: survey %s %s: survey %s has no flag %s", name, strings.TrimSpace(rest), name, f)
			}
		}
	}
	if checked < 40 {
		t.Errorf("checked %d flags of the README's survey commands; want the README's many", checked)
	}
}

// scripts/fuzz.sh (make fuzz) exits 1 when a target fails and 2 when no
// target matches its package pattern. It exited 0 in both: its run function
// returned the status of its last printf, and an empty target list ran one
// bogus target named "bash" ("fuzzing 1 targets", FAILED, exit 0), so that
// make fuzz in CI passed with a crasher found.
func TestFuzzScript_ExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fuzzes a package")
	}
	script, err := os.ReadFile("../../scripts/fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	// A module of its own with one failing target, beside a copy of the
	// script, which fuzzes the module above its directory. Its logs go to
	// tmp (TMPDIR), not inside the module: go ignores a go.mod at TMPDIR.
	dir := t.TempDir()
	for name, text := range map[string]string{
		"tmp/.keep":         "",
		"scripts/fuzz.sh":   string(script),
		"go.mod":            "module fuzzfail\n\ngo 1.26\n",
		"fail/fail_test.go": "package fail\n\nimport \"testing\"\n\nfunc FuzzFail(f *testing.F) {\n\tf.Add(1)\n\tf.Fuzz(func(t *testing.T, n int) { t.Fatal(\"always\") })\n}\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		pattern string
		code    int
		want    string
	}{
		{"fail", 1, "fuzz.sh: 1 of 1 targets failed"},
		{"nosuch", 2, "fuzz.sh: no fuzz target in a package matching 'nosuch'"},
	} {
		cmd := exec.Command("bash", filepath.Join(dir, "scripts/fuzz.sh"), "1s", "1", c.pattern)
		cmd.Env = append(os.Environ(), "TMPDIR="+filepath.Join(dir, "tmp"))
		out, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != c.code || !strings.Contains(string(out), c.want) {
			t.Errorf("fuzz.sh 1s 1 %s: exit %d, output:\n%s\nwant exit %d and %q", c.pattern, code, out, c.code, c.want)
		}
		// The failure is the target's, not the module's build, and its log
		// is not a hidden file (it was ._fail_FuzzFail.log, which ls skips).
		if m := regexp.MustCompile(`FAILED \(see (\S+)\)`).FindSubmatch(out); c.code == 1 && m != nil {
			if log, _ := os.ReadFile(string(m[1])); !bytes.Contains(log, []byte("always")) {
				t.Errorf("fuzz.sh 1s 1 %s: the target did not run; its log:\n%s", c.pattern, log)
			}
			if name := filepath.Base(string(m[1])); name != "fail_FuzzFail.log" {
				t.Errorf("fuzz.sh 1s 1 %s: log %s, want fail_FuzzFail.log", c.pattern, name)
			}
		}
	}
}
