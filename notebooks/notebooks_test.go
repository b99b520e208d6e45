// Package notebooks_test checks the Jupyter notebooks in this directory:
// that they are committed with their outputs cleared, and that
// scripts/notebooks.sh executes every one of them headless, with Debian's
// Jupyter, against a dataset crawled from the simulated web, with key
// figures equal to those counted directly in the database.
//
// The execution tests skip when Debian's python3 lacks nbconvert, ipykernel,
// pandas or matplotlib, unless SURVEY_REQUIRE_JUPYTER=1 (CI sets it); then
// they fail.
package notebooks_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// repoRoot is the repository, relative to this package's directory (the
// working directory of its tests).
const repoRoot = ".."

// figures returns the notebooks the survey ships (names without .ipynb),
// each with the PNG files it writes to $SURVEY_FIGURES.
func figures() map[string][]string {
	return map[string][]string{
		"adoption":    {"adoption-by-location", "fetch-outcomes-by-location", "adoption-by-rank-band", "files-per-site", "home-page-links"},
		"conformance": {"validity-by-format", "top-diagnostics", "broken-sections"},
		"ai_stance":   {"ai-stance-by-token", "ai-stance-by-operator", "ai-stance-by-purpose", "ai-blocked-per-file", "ai-signals-by-mechanism"},
	}
}

// notebookNames returns the names of the notebooks the survey ships, sorted.
func notebookNames() []string {
	var names []string
	for name := range figures() {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// notebook is the part of the .ipynb format the tests read.
type notebook struct {
	NBFormat int `json:"nbformat"`
	Metadata struct {
		Kernelspec struct {
			Name     string `json:"name"`
			Language string `json:"language"`
		} `json:"kernelspec"`
	} `json:"metadata"`
	Cells []cell `json:"cells"`
}

type cell struct {
	CellType       string          `json:"cell_type"`
	ExecutionCount *int            `json:"execution_count"`
	Metadata       cellMetadata    `json:"metadata"`
	Outputs        []output        `json:"outputs"`
	Source         json.RawMessage `json:"source"`
}

type cellMetadata struct {
	Tags []string `json:"tags"`
}

type output struct {
	OutputType string          `json:"output_type"`
	Name       string          `json:"name"`
	Text       json.RawMessage `json:"text"`
	EName      string          `json:"ename"`
	EValue     string          `json:"evalue"`
	Data       struct {
		Text json.RawMessage `json:"text/plain"`
	} `json:"data"`
}

func readNotebook(t *testing.T, path string) notebook {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatalf("%s: not a notebook: %v", path, err)
	}
	return nb
}

// multiline decodes a notebook text field: a string or a list of strings.
func multiline(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	_ = json.Unmarshal(raw, &lines)
	return strings.Join(lines, "")
}

func TestCommittedNotebooksAreCleared(t *testing.T) {
	paths, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(p, ".ipynb"))
	}
	if fmt.Sprint(names) != fmt.Sprint(notebookNames()) {
		t.Errorf("notebooks = %v, want %v (update figures() with the notebooks)", names, notebookNames())
	}
	for _, p := range paths {
		nb := readNotebook(t, p)
		if nb.NBFormat != 4 {
			t.Errorf("%s: nbformat %d, want 4", p, nb.NBFormat)
		}
		if ks := nb.Metadata.Kernelspec; ks.Name != "python3" || ks.Language != "python" {
			t.Errorf("%s: kernelspec %+v, want the python3 kernel", p, ks)
		}
		facts := 0
		for i, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			if len(c.Outputs) != 0 {
				t.Errorf("%s: cell %d has %d outputs; commit notebooks with outputs cleared", p, i, len(c.Outputs))
			}
			if c.ExecutionCount != nil {
				t.Errorf("%s: cell %d has execution count %d; commit notebooks with outputs cleared", p, i, *c.ExecutionCount)
			}
			if hasTag(c, "facts") {
				facts++
			}
			// Every chart names the crawl it shows.
			src := multiline(c.Source)
			if n, named := strings.Count(src, "sd.savefig("), savefigCrawl.FindAllString(src, -1); n != len(named) {
				t.Errorf("%s: cell %d saves %d figures, %d of them with the crawl (sd.savefig(fig, NAME, ds.crawl))", p, i, n, len(named))
			}
		}
		if facts != 1 {
			t.Errorf("%s: %d cells tagged facts, want 1", p, facts)
		}
	}
}

// savefigCrawl matches a notebook's call of sd.savefig that passes the crawl.
var savefigCrawl = regexp.MustCompile(`sd\.savefig\(fig, "[a-z-]+", ds\.crawl\)`)

func hasTag(c cell, tag string) bool {
	for _, t := range c.Metadata.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

func TestScriptRejectsMissingData(t *testing.T) {
	trackInputs(t)
	missing := filepath.Join(t.TempDir(), "no-such-crawl")
	res := runScript(t, nil, missing)
	if res.code != 2 {
		t.Fatalf("exit code %d, want 2; stderr:\n%s", res.code, res.stderr)
	}
	if want := "notebooks: data " + missing + " does not exist"; !strings.Contains(res.stderr, want) {
		t.Errorf("stderr %q does not say %q", res.stderr, want)
	}
}

// trackInputs reads the files the tests' subprocesses read: the notebooks,
// surveydata.py and parquet-views.json, scripts/notebooks.sh and the
// survey command's source. go
// test caches a result against the files the test process itself opens, so
// without this an edit of surveydata.py in place left a failing test
// reported "ok (cached)".
func trackInputs(t *testing.T) {
	t.Helper()
	for _, pattern := range []string{"*.ipynb", "*.py", "parquet-views.json", filepath.Join(repoRoot, "scripts", "notebooks.sh"),
		filepath.Join(repoRoot, "cmd", "survey", "*.go")} {
		paths, err := filepath.Glob(pattern)
		if err != nil || len(paths) == 0 {
			t.Fatalf("the tests' inputs %s: %v (none found)", pattern, err)
		}
		for _, p := range paths {
			if _, err := os.ReadFile(p); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// python returns Debian's python3 (or $PYTHON), skipping the test when it
// lacks what the notebooks need, unless SURVEY_REQUIRE_JUPYTER=1. It also
// tracks the files the notebooks read (trackInputs).
func python(t *testing.T) string {
	t.Helper()
	trackInputs(t)
	py := os.Getenv("PYTHON")
	if py == "" {
		py = "/usr/bin/python3"
	}
	out, err := exec.Command(py, "-c", "import nbconvert, ipykernel, pandas, matplotlib").CombinedOutput()
	if err == nil {
		return py
	}
	msg := fmt.Sprintf("%s cannot run the notebooks (%v: %s); install Debian's jupyter-nbconvert, python3-ipykernel, python3-pandas and python3-matplotlib", py, err, bytes.TrimSpace(out))
	if os.Getenv("SURVEY_REQUIRE_JUPYTER") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg + " (SURVEY_REQUIRE_JUPYTER=1 makes this a failure)")
	return ""
}

type scriptResult struct {
	code           int
	stdout, stderr string
}

// runScript runs scripts/notebooks.sh from the repository root with args
// and the extra environment variables env.
func runScript(t *testing.T, env []string, args ...string) scriptResult {
	t.Helper()
	cmd := exec.Command(filepath.Join(".", "scripts", "notebooks.sh"), args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := scriptResult{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running scripts/notebooks.sh: %v", err)
	}
	return res
}

// buildSurvey builds the survey binary into dir.
func buildSurvey(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "survey")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/agentpolicy/survey/cmd/survey")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/survey: %v\n%s", err, out)
	}
	return bin
}

func TestNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web and runs Jupyter")
	}
	py := python(t)
	tmp := t.TempDir()
	bin := buildSurvey(t, tmp)
	data := filepath.Join(tmp, "crawl")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	dbPath, err := simcrawl.Build(data, simcrawl.Options{Sites: 400, Seed: 3, CrawlID: "nbsim", Ranked: true})
	if err != nil {
		t.Fatalf("building the dataset: %v", err)
	}
	db, err := sink.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	env := []string{"PYTHON=" + py, "SURVEY_BIN=" + bin, "SURVEY_BACKEND=cli", "SURVEY_CRAWL="}

	t.Run("simulated crawl", func(t *testing.T) {
		out := filepath.Join(tmp, "out")
		res := runScript(t, append(env, "NOTEBOOKS_OUT="+out), data)
		if res.code != 0 {
			t.Fatalf("scripts/notebooks.sh exited %d\nstdout:\n%s\nstderr:\n%s", res.code, res.stdout, res.stderr)
		}
		checkExecuted(t, out)
		want := expectedFacts(t, db, "nbsim")
		for _, name := range notebookNames() {
			got := facts(t, filepath.Join(out, name+".ipynb"))
			if fmt.Sprint(got) != fmt.Sprint(want[name]) {
				t.Errorf("%s: key figures\n got %v\nwant %v", name, got, want[name])
			}
		}
	})

	t.Run("duckdb backend", func(t *testing.T) {
		if err := exec.Command(py, "-c", "import duckdb").Run(); err != nil {
			t.Skip("the duckdb Python package is not installed: the cli backend was tested")
		}
		out := filepath.Join(tmp, "out-duckdb")
		res := runScript(t, append(env, "SURVEY_BACKEND=duckdb", "NOTEBOOKS_OUT="+out, "NOTEBOOKS_HTML=0"), data)
		if res.code != 0 {
			t.Fatalf("scripts/notebooks.sh exited %d\nstderr:\n%s", res.code, res.stderr)
		}
		want := expectedFacts(t, db, "nbsim")
		for _, name := range notebookNames() {
			if got := facts(t, filepath.Join(out, name+".ipynb")); fmt.Sprint(got) != fmt.Sprint(want[name]) {
				t.Errorf("%s (duckdb): key figures\n got %v\nwant %v", name, got, want[name])
			}
		}
	})

	t.Run("latest crawl", func(t *testing.T) {
		// Crawl old started first and was resumed (run 2) after crawl new
		// started: the latest crawl is new, as for the named queries.
		dir, _ := crawlsOnly(t, `INSERT INTO crawls (crawl_id, shard, run, started_at) VALUES
			('old', '0/1', 1, TIMESTAMPTZ '2026-11-01 00:00:00+00'),
			('new', '0/1', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00'),
			('old', '0/1', 2, TIMESTAMPTZ '2026-11-03 00:00:00+00')`)
		cmd := exec.Command(py, "-c", "import surveydata; print(surveydata.open().crawl)")
		cmd.Dir = filepath.Join(repoRoot, "notebooks")
		cmd.Env = append(os.Environ(), append(env, "SURVEY_DATA="+dir)...)
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "new" {
			t.Errorf("the latest crawl: %q, %v; want new", out, err)
		}
		// The runs have no status (NULL): described as unknown, not nan.
		cmd = exec.Command(py, "-c", "import surveydata; print(repr(surveydata.open(crawl='old')))")
		cmd.Dir = filepath.Join(repoRoot, "notebooks")
		cmd.Env = append(os.Environ(), append(env, "SURVEY_DATA="+dir)...)
		out, err = cmd.CombinedOutput()
		if want := "runs: shard 0/1 run 1 unknown (0 domains); shard 0/1 run 2 unknown (0 domains)"; err != nil || !strings.Contains(string(out), want) {
			t.Errorf("runs without a status: %s %v\nwant %q", out, err, want)
		}
	})

	t.Run("crawl described", func(t *testing.T) {
		// The crawl analysed is named with its runs; an interrupted run and
		// a missing shard are warned of; a crawl the database lacks is an
		// error naming those it holds. Shard 0/3's run has its row twice,
		// as in the Parquet files (the duckdb backend reads them without a
		// database): when it started (running) and when it ended.
		dir, path := crawlsOnly(t, `INSERT INTO crawls (crawl_id, shard, run, started_at, ended_at, status, domains, options) VALUES
			('old', '0/1', 1, TIMESTAMPTZ '2026-11-01 00:00:00+00', TIMESTAMPTZ '2026-11-01 01:00:00+00', 'complete', 10, '{"locations":["robots"]}'),
			('new', '0/2', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', TIMESTAMPTZ '2026-11-02 01:00:00+00', 'interrupted', 7, '{"locations":["robots","canary"]}'),
			('new', '0/3', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', NULL, 'running', 0, '{"locations":["robots"]}'),
			('new', '0/3', 1, TIMESTAMPTZ '2026-11-02 00:00:00+00', TIMESTAMPTZ '2026-11-02 01:00:00+00', 'complete', 4, '{"locations":["robots"]}')`)
		describe := func(crawl string) string {
			cmd := exec.Command(py, "-c", "import surveydata; print(repr(surveydata.open()))")
			cmd.Dir = filepath.Join(repoRoot, "notebooks")
			cmd.Env = append(os.Environ(), append(env, "SURVEY_DATA="+dir, "SURVEY_CRAWL="+crawl, "PYTHONDONTWRITEBYTECODE=1")...)
			out, _ := cmd.CombinedOutput()
			return string(out)
		}
		got := describe("")
		for _, want := range []string{
			"crawl new: one of 2 crawls in the database (the others: old; SURVEY_CRAWL chooses)",
			"runs: shard 0/2 run 1 interrupted (7 domains); shard 0/3 run 1 complete (4 domains)",
			"WARNING: shard 0/2 ended run 1 interrupted: its figures cover the 7 domains it committed",
			"WARNING: shards 1/2, 1/3, 2/3 are not in the database",
			"WARNING: the shards fetched different --locations (0/2: robots,canary; 0/3: robots)",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("the dataset's description does not say %q:\n%s", want, got)
			}
		}
		if strings.Contains(got, "running") {
			t.Errorf("a run's row written when it started is described:\n%s", got)
		}
		if got := describe("old"); strings.Contains(got, "WARNING") || !strings.Contains(got, "crawl old: one of 2 crawls") {
			t.Errorf("crawl old, complete, described as\n%s", got)
		}
		if got, want := describe("nosuch"), "SurveyError: no crawl 'nosuch' in "+path+" (its crawls: new, old)"; !strings.Contains(got, want) {
			t.Errorf("SURVEY_CRAWL=nosuch: %s\nwant %q", got, want)
		}
	})

	t.Run("locations crawl", func(t *testing.T) {
		// A crawl of some --locations did not look at the others: their key
		// figures are "not fetched", not 0, and their charts say so.
		for _, tc := range []struct {
			locations, fetched string
			notFetched         map[string][]string
		}{
			{"agents-txt,llms-txt", "agents-txt, canary, llms-txt", map[string][]string{
				"adoption":    {"robots_with_file", "robots_valid", "home_pages_linking"},
				"conformance": {"robots_in_format", "robots_valid"},
				"ai_stance":   {"robots_files", "tokens", "operators", "files_blocking_any", "gptbot_blocked", "gptbot_blocked_named", "sites_noai"},
			}},
			// No file at all: the home page only.
			{"home", "home", map[string][]string{
				"adoption":    {"robots_with_file", "robots_valid", "sites_with_a_file"},
				"conformance": {"robots_in_format", "robots_valid"},
				"ai_stance":   {"robots_files", "tokens", "operators", "files_blocking_any", "gptbot_blocked", "gptbot_blocked_named"},
			}},
		} {
			dir := filepath.Join(tmp, "locations-"+tc.locations)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if _, err := simcrawl.Build(dir, simcrawl.Options{Sites: 40, Seed: 3, CrawlID: "nbloc", Locations: tc.locations}); err != nil {
				t.Fatalf("building the dataset of --locations %s: %v", tc.locations, err)
			}
			out := filepath.Join(tmp, "out-locations-"+tc.locations)
			res := runScript(t, append(env, "NOTEBOOKS_OUT="+out, "NOTEBOOKS_HTML=0"), dir)
			if res.code != 0 {
				t.Fatalf("--locations %s: scripts/notebooks.sh exited %d\nstderr:\n%s", tc.locations, res.code, res.stderr)
			}
			for _, name := range notebookNames() {
				path := filepath.Join(out, name+".ipynb")
				got := facts(t, path)
				for _, k := range tc.notFetched[name] {
					if got[k] != "not fetched" {
						t.Errorf("--locations %s: %s: %s = %q, want not fetched", tc.locations, name, k, got[k])
					}
				}
				if desc := firstResult(t, path); !strings.Contains(desc+"\n", "locations fetched: "+tc.fetched+"\n") {
					t.Errorf("--locations %s: %s: the dataset's description does not name the locations fetched:\n%s", tc.locations, name, desc)
				}
			}
		}
	})

	t.Run("empty dataset", func(t *testing.T) {
		empty := filepath.Join(tmp, "empty")
		if err := os.MkdirAll(empty, 0o755); err != nil {
			t.Fatal(err)
		}
		emptyDB := filepath.Join(empty, "survey.duckdb")
		if err := sink.Build(context.Background(), emptyDB, []string{empty}, nil, sink.BuildOptions{}); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(tmp, "out-empty")
		res := runScript(t, append(env, "NOTEBOOKS_OUT="+out, "NOTEBOOKS_HTML=0"), empty)
		if res.code != 0 {
			t.Fatalf("scripts/notebooks.sh exited %d on an empty dataset\nstderr:\n%s", res.code, res.stderr)
		}
		for _, name := range notebookNames() {
			got := facts(t, filepath.Join(out, name+".ipynb"))
			if got["crawl"] != "None" {
				t.Errorf("%s: crawl %q on an empty dataset, want None", name, got["crawl"])
			}
			for k, v := range got {
				if k != "crawl" && v != "0" && v != "" {
					t.Errorf("%s: %s = %q on an empty dataset, want 0", name, k, v)
				}
			}
		}
	})

	t.Run("failing cell", func(t *testing.T) {
		dir := t.TempDir()
		bad := filepath.Join(dir, "bad.ipynb")
		good := filepath.Join(dir, "good.ipynb")
		writeNotebook(t, bad, `print("before")`, `raise RuntimeError("deliberate failure")`)
		writeNotebook(t, good, `print("fine")`)
		out := filepath.Join(dir, "out")
		res := runScript(t, append(env, "NOTEBOOKS_OUT="+out, "NOTEBOOKS_HTML=0"), data, bad, good)
		if res.code != 1 {
			t.Fatalf("exit code %d, want 1\nstderr:\n%s", res.code, res.stderr)
		}
		for _, want := range []string{"RuntimeError: deliberate failure", "notebooks: " + bad + " failed", "notebooks: 1 failed: " + bad} {
			if !strings.Contains(res.stderr, want) {
				t.Errorf("stderr does not say %q:\n%s", want, res.stderr)
			}
		}
		if _, err := os.Stat(filepath.Join(out, "good.ipynb")); err != nil {
			t.Errorf("the notebook after the failing one did not run: %v", err)
		}
	})

	t.Run("helper reads values", func(t *testing.T) {
		// Text that looks like a missing value stays text; NULL numbers
		// are NaN; parameters are DuckDB variables, quotes included.
		script := `import surveydata as sd
ds = sd.open()
df = ds.sql("SELECT 'NA' AS t, NULL::INTEGER AS n, 7 AS i, true AS b, getvariable('p') AS p", p="it's")
print(ds.backend, ds.crawl, list(df.columns), df.iloc[0].tolist(), [str(d) for d in df.dtypes])
print(ds.query("domain_outcomes")["domains"].sum() == int(ds.sql("SELECT count(*) AS n FROM targets").iloc[0, 0]))
try:
    ds.query("adoption", nonsense=1)
except sd.SurveyError as e:
    print(e)
`
		cmd := exec.Command(py, "-c", script)
		cmd.Env = append(os.Environ(), env...)
		cmd.Env = append(cmd.Env, "SURVEY_DATA="+data, "PYTHONDONTWRITEBYTECODE=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		want := `cli nbsim ['t', 'n', 'i', 'b', 'p'] ['NA', nan, 7, True, "it's"] ['object', 'float64', 'int64', 'bool', 'object']
True
query adoption has no parameter 'nonsense' (it has: crawl, parked)
`
		if string(out) != want {
			t.Errorf("got\n%s\nwant\n%s", out, want)
		}
	})

	t.Run("helper names bad data", func(t *testing.T) {
		missing := filepath.Join(t.TempDir(), "nothing-here")
		cmd := exec.Command(py, "-c", "import surveydata; surveydata.open()")
		cmd.Env = append(os.Environ(), "SURVEY_DATA="+missing, "PYTHONDONTWRITEBYTECODE=1", "SURVEY_BIN="+bin)
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("surveydata.open() of %s succeeded", missing)
		}
		want := fmt.Sprintf("surveydata.SurveyError: survey data %q not found", missing)
		if !strings.Contains(string(out), strings.ReplaceAll(want, `"`, "'")) {
			t.Errorf("error does not say %q:\n%s", want, out)
		}
	})
}

// TestWilsonInterval checks that surveydata's interval holds its share.
func TestWilsonInterval(t *testing.T) {
	py := python(t)
	// The adoption notebook draws whiskers from the share to the
	// interval's ends: an end past the share by 1e-14 (0 of 47, 38 of
	// 38) made matplotlib fail with "'yerr' must not contain negative
	// values" on a ranked crawl.
	script := `import surveydata as sd
pairs = [(k, n) for n in range(2001) for k in sorted({0, 1, n // 3, n - 1, n} & set(range(n + 1)))]
lows, highs = sd.wilson_interval([k for k, _ in pairs], [n for _, n in pairs])
bad = []
for (k, n), low, high in zip(pairs, lows, highs):
    share = 100 * k / n if n else 0.0
    if not (low <= share <= high) or (k == 0 and low != 0) or (n and k == n and high != 100):
        bad.append((k, n, low, high))
print(len(bad), bad[:5])
`
	cmd := exec.Command(py, "-c", script)
	cmd.Dir = filepath.Join(repoRoot, "notebooks")
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "0 []\n" {
		t.Errorf("intervals not holding their share (k, n, low, high): %s %v", out, err)
	}
}

// TestSavefigNamesCrawl checks that sd.savefig writes the crawl into the
// figure it saves.
func TestSavefigNamesCrawl(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	script := `import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import surveydata as sd
fig, ax = plt.subplots()
path = sd.savefig(fig, "chart", "c-42")
print(path.name, [t.get_text() for t in fig.texts])
fig, ax = plt.subplots()
sd.savefig(fig, "empty", None)
print([t.get_text() for t in fig.texts])
`
	cmd := exec.Command(py, "-c", script)
	cmd.Dir = filepath.Join(repoRoot, "notebooks")
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "SURVEY_FIGURES="+dir)
	out, err := cmd.CombinedOutput()
	if want := "chart.png ['crawl c-42']\n[]\n"; err != nil || string(out) != want {
		t.Errorf("got %s %v, want %q", out, err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "chart.png")); err != nil {
		t.Error(err)
	}
}

// writeNotebook writes a notebook of code cells to path.
func writeNotebook(t *testing.T, path string, sources ...string) {
	t.Helper()
	cells := make([]map[string]any, len(sources))
	for i, s := range sources {
		cells[i] = map[string]any{"cell_type": "code", "execution_count": nil, "id": fmt.Sprintf("c%d", i),
			"metadata": map[string]any{}, "outputs": []any{}, "source": s}
	}
	nb := map[string]any{"nbformat": 4, "nbformat_minor": 5, "cells": cells, "metadata": map[string]any{
		"kernelspec": map[string]any{"name": "python3", "display_name": "Python 3", "language": "python"}}}
	b, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkExecuted checks the executed notebooks, their HTML copies and their
// figures in out.
func checkExecuted(t *testing.T, out string) {
	t.Helper()
	figs := figures()
	for _, name := range notebookNames() {
		nb := readNotebook(t, filepath.Join(out, name+".ipynb"))
		for i, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			if c.ExecutionCount == nil {
				t.Errorf("%s: cell %d was not executed", name, i)
			}
			for _, o := range c.Outputs {
				if o.OutputType == "error" || o.Name == "stderr" {
					t.Errorf("%s: cell %d: %s output %s %s %s", name, i, o.OutputType, o.EName, o.EValue, multiline(o.Text))
				}
			}
		}
		html, err := os.ReadFile(filepath.Join(out, name+".html"))
		if err != nil {
			t.Error(err)
		} else if n := bytes.Count(html, []byte(`<img src="data:image/png;base64,`)); n != len(figs[name]) {
			t.Errorf("%s.html shows %d images, want %d", name, n, len(figs[name]))
		}
		for _, fig := range figs[name] {
			png, err := os.ReadFile(filepath.Join(out, "figures", fig+".png"))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 10_000 {
				t.Errorf("%s: figure %s is not a drawn PNG (%d bytes)", name, fig, len(png))
			}
		}
	}
	written, _ := filepath.Glob(filepath.Join(out, "figures", "*.png"))
	want := 0
	for _, f := range figs {
		want += len(f)
	}
	if len(written) != want {
		t.Errorf("%d figures written, want %d: %v", len(written), want, written)
	}
}

// firstResult returns the text of an executed notebook's first execute
// result: the dataset's description (the value of ds in the setup cell).
func firstResult(t *testing.T, path string) string {
	t.Helper()
	for _, c := range readNotebook(t, path).Cells {
		for _, o := range c.Outputs {
			if o.OutputType == "execute_result" {
				return multiline(o.Data.Text)
			}
		}
	}
	t.Fatalf("%s: no cell shows a result", path)
	return ""
}

// facts reads the "name: value" lines printed by an executed notebook's
// cell tagged facts.
func facts(t *testing.T, path string) map[string]string {
	t.Helper()
	nb := readNotebook(t, path)
	out := map[string]string{}
	for _, c := range nb.Cells {
		if !hasTag(c, "facts") {
			continue
		}
		for _, o := range c.Outputs {
			if o.OutputType != "stream" || o.Name != "stdout" {
				continue
			}
			for _, line := range strings.Split(strings.TrimSpace(multiline(o.Text)), "\n") {
				k, v, ok := strings.Cut(line, ": ")
				if !ok {
					k, v = strings.TrimSuffix(line, ":"), ""
				}
				out[k] = v
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no key figures printed", path)
	}
	return out
}

// expectedFacts counts, directly in the database, the key figures each
// notebook prints.
func expectedFacts(t *testing.T, db *sql.DB, crawl string) map[string]map[string]string {
	t.Helper()
	count := func(query string, args ...any) string {
		t.Helper()
		var n int64
		if err := db.QueryRow(query, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return fmt.Sprint(n)
	}
	const ok = `SELECT domain FROM targets WHERE crawl_id = $1 AND outcome = 'ok'`
	const delivered = `('present', 'redirected', 'downgraded', 'too_large')`
	const parsed = `FROM documents d JOIN fetches f USING (crawl_id, domain, location)
		WHERE d.crawl_id = $1 AND f.outcome IN ` + delivered
	const robotsFiles = `SELECT domain FROM documents WHERE crawl_id = $1 AND location = 'robots' AND coalesce(other_format, '') = ''`
	const stance = `FROM ai_stance WHERE crawl_id = $1 AND location = 'robots' AND domain IN (` + robotsFiles + `)`

	var bands []string
	rows, err := db.Query(`SELECT DISTINCT CASE WHEN rank IS NULL THEN 6 WHEN rank <= 1000 THEN 1
		WHEN rank <= 10000 THEN 2 WHEN rank <= 100000 THEN 3 WHEN rank <= 1000000 THEN 4 ELSE 5 END AS b
		FROM targets WHERE crawl_id = $1 AND outcome = 'ok' ORDER BY b`, crawl)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b int
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		bands = append(bands, []string{"top 1k", "1k-10k", "10k-100k", "100k-1M", "beyond 1M", "unranked"}[b-1])
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()

	// The sections broken: the named query's rows with error files.
	q, err := queries.Get("conformance_by_section")
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Run(context.Background(), db, map[string]string{"crawl": crawl})
	if err != nil {
		t.Fatal(err)
	}
	col := -1
	for i, c := range res.Columns {
		if c == "error_files" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("conformance_by_section has no error_files column: %v", res.Columns)
	}
	broken := 0
	for _, r := range res.Rows {
		if queries.Text(r[col]) != "0" {
			broken++
		}
	}

	operators := map[string]bool{}
	for _, c := range robots.AICrawlers() {
		operators[c.Operator] = true
	}
	robotsCount := count(`SELECT count(*) FROM (`+robotsFiles+`)`, crawl)
	tokens, ops := fmt.Sprint(len(robots.AICrawlers())), fmt.Sprint(len(operators))
	if robotsCount == "0" {
		tokens, ops = "0", "0"
	}

	return map[string]map[string]string{
		"adoption": {
			"crawl":             crawl,
			"domains":           count(`SELECT count(*) FROM targets WHERE crawl_id = $1`, crawl),
			"reachable_domains": count(`SELECT count(*) FROM (`+ok+`)`, crawl),
			"robots_with_file": count(`SELECT count(*) FROM fetches WHERE crawl_id = $1 AND location = 'robots'
				AND outcome IN `+delivered+` AND domain IN (`+ok+`)`, crawl),
			"robots_valid": count(`SELECT count(*) `+parsed+` AND d.location = 'robots' AND d.valid
				AND d.domain IN (`+ok+`)`, crawl),
			"sites_with_a_file": count(`SELECT count(DISTINCT d.domain) `+parsed+`
				AND d.location NOT IN ('home', 'canary') AND coalesce(d.other_format, '') = ''
				AND d.domain IN (`+ok+`)`, crawl),
			"rank_bands": strings.Join(bands, ", "),
			"home_pages_linking": count(`SELECT count(*) FROM home_signals WHERE crawl_id = $1 AND len(links) > 0
				AND domain IN (`+ok+`)`, crawl),
		},
		"conformance": {
			"crawl":            crawl,
			"formats":          count(`SELECT count(DISTINCT d.format) `+parsed, crawl),
			"files":            count(`SELECT count(*) `+parsed, crawl),
			"robots_in_format": count(`SELECT count(*) `+parsed+` AND d.format = 'robots' AND coalesce(d.other_format, '') = ''`, crawl),
			"robots_valid":     count(`SELECT count(*) `+parsed+` AND d.format = 'robots' AND coalesce(d.other_format, '') = '' AND d.valid`, crawl),
			"invalid_files":    count(`SELECT count(*) `+parsed+` AND coalesce(d.other_format, '') = '' AND NOT d.valid`, crawl),
			"sections_broken":  fmt.Sprint(broken),
			// Valid files not usable, and those of them cut at the body cap
			// (docs/formats.md, Valid, usable).
			"valid_not_usable":     count(`SELECT count(*) `+parsed+` AND d.valid AND NOT d.usable`, crawl),
			"valid_not_usable_cut": count(`SELECT count(*) `+parsed+` AND d.valid AND NOT d.usable AND f.truncated`, crawl),
		},
		"ai_stance": {
			"crawl":                crawl,
			"robots_files":         robotsCount,
			"tokens":               tokens,
			"operators":            ops,
			"files_blocking_any":   count(`SELECT count(DISTINCT domain) `+stance+` AND stance = 'blocked'`, crawl),
			"gptbot_blocked":       count(`SELECT count(*) `+stance+` AND token = 'GPTBot' AND stance = 'blocked'`, crawl),
			"gptbot_blocked_named": count(`SELECT count(*) `+stance+` AND token = 'GPTBot' AND stance = 'blocked' AND applies = 'named'`, crawl),
			// noai or noimageai for every agent, or for one
			// (scoped_directives: {"otherbot": ["noai"]}).
			"sites_noai": count(`SELECT count(*) FROM home_signals WHERE crawl_id = $1
				AND (noai OR noimageai OR list_has_any(coalesce(json_extract_string(scoped_directives, '$.*[*]'), []), ['noai', 'noimageai']))
				AND domain IN (`+ok+`)`, crawl),
		},
	}
}

// crawlsOnly builds an empty survey database in a new directory, runs
// insert (rows of its crawls table) on it, and returns the directory and
// the database's path.
func crawlsOnly(t *testing.T, insert string) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(context.Background(), path, []string{dir}, nil, sink.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	rw, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rw.Exec(insert); err != nil {
		t.Fatal(err)
	}
	if err := rw.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// TestREADMENamesTheQueries checks the table of README.md: each notebook's
// row names, among its backquoted words, exactly the named queries the
// notebook runs (ds.query("NAME")).
func TestREADMENamesTheQueries(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, q := range all {
		named[q.Name] = true
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(readme), "\n") {
		if m := readmeRow.FindStringSubmatch(line); m != nil {
			rows[m[1]] = line[strings.LastIndex(strings.TrimSuffix(line, "|"), "|"):]
		}
	}
	for _, name := range notebookNames() {
		row, ok := rows[name]
		if !ok {
			t.Errorf("README.md has no row for %s.ipynb", name)
			continue
		}
		var inREADME, run []string
		for _, m := range backquoted.FindAllStringSubmatch(row, -1) {
			if named[m[1]] {
				inREADME = append(inREADME, m[1])
			}
		}
		for _, c := range readNotebook(t, name+".ipynb").Cells {
			for _, m := range queryCall.FindAllStringSubmatch(multiline(c.Source), -1) {
				run = append(run, m[1])
			}
		}
		slices.Sort(inREADME)
		slices.Sort(run)
		inREADME, run = slices.Compact(inREADME), slices.Compact(run)
		if !slices.Equal(inREADME, run) {
			t.Errorf("README.md names the queries %v for %s.ipynb, which runs %v", inREADME, name, run)
		}
	}
}

var (
	readmeRow  = regexp.MustCompile("^\\| \\[`([a-z_]+)\\.ipynb`\\]")
	backquoted = regexp.MustCompile("`([a-z_]+)`")
	queryCall  = regexp.MustCompile(`ds\.query\("([a-z_]+)"`)
)
