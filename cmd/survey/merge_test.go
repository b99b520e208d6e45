package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
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

// TestMerge_RefusesToReplaceWhatIsNoSurveyDatabase: survey merge replaces
// its --db when the build is complete, so a --db that names something
// else (a seed list, another DuckDB database, an output directory) is
// refused before anything is built, and left as it was.
func TestMerge_RefusesToReplaceWhatIsNoSurveyDatabase(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(out, "targets", "crawl=c"), 0o755); err != nil {
		t.Fatal(err)
	}
	seedList := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedList, []byte("example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.duckdb")
	duckDBWith(t, other, `CREATE TABLE t (x INTEGER)`)
	for _, c := range []struct {
		db, want string
	}{
		{seedList, "--db " + seedList + " exists and is not a DuckDB database, which a build would replace; give a new path, or remove it first"},
		{other, "--db " + other + " exists and is a DuckDB database but not a survey database (it has no schema_info table), which a build would replace"},
		{out, "--db " + out + " is a directory; give the database file to build, such as --db " + filepath.Join(out, "survey.duckdb")},
		{"", "--db is empty; give a database file"},
	} {
		before, _ := os.ReadFile(c.db)
		code, stdout, stderr := runSurvey(t, "", "merge", "--db", c.db, out)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "survey merge: "+c.want) {
			t.Errorf("merge --db %s: exit %d, stdout %q, stderr %q; want exit %d and %q", c.db, code, stdout, stderr, exitUsage, c.want)
		}
		if after, _ := os.ReadFile(c.db); string(after) != string(before) {
			t.Errorf("merge --db %s changed it", c.db)
		}
	}
}

// TestMixedParsers: a crawl whose documents were parsed by two versions of
// survey (shards crawled or reparsed by different builds) is named, with
// each version's documents; a crawl parsed by one version is not.
func TestMixedParsers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db.duckdb")
	duckDBWith(t, path, `CREATE TABLE documents (crawl_id VARCHAR, parser_version VARCHAR)`,
		`INSERT INTO documents VALUES ('a', '0.1.0'), ('a', '0.1.0+abc'), ('a', '0.1.0'), ('b', '0.1.0'), ('b', '0.1.0')`)
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := mixedParsers(db)
	want := []string{`crawl "a": its documents were parsed by 2 versions of survey, so their diagnostics and parsed tables may not compare: 0.1.0 (2 documents), 0.1.0+abc (1 document); survey reparse of each directory with one version parses them alike`}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("mixedParsers: %q, %v; want %q", got, err, want)
	}
}

// TestMerge_RequireCompleteRefusesShardsNotAlike: shards that are all
// there and complete, but read different seed lists, are not the shares
// of one crawl: --require-complete refuses them, building nothing.
func TestMerge_RequireCompleteRefusesShardsNotAlike(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, s := range []struct{ dir, shard, digest string }{{a, "0/2", "d1"}, {b, "1/2", "d2"}} {
		st := pipeline.State{CrawlID: "m", Shard: s.shard, SeedsPath: "seeds.txt", SeedsDigest: s.digest, Complete: true,
			Runs: []pipeline.RunState{{Run: 1, Status: "complete"}}}
		raw, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		name := "shard-" + strings.Replace(s.shard, "/", "of", 1) + ".json"
		if err := os.MkdirAll(filepath.Join(s.dir, "_state"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s.dir, "_state", name), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(t.TempDir(), "m.duckdb")
	code, _, errs := runSurvey(t, "", "merge", "--require-complete", "--db", db, a, b)
	if code != exitUsage || !strings.Contains(errs, "2 different seed lists") || !strings.Contains(errs, "--require-complete: the shards of 1 crawl are not the shares of one crawl") {
		t.Errorf("exit %d %q", code, errs)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("built %s", db)
	}
}

// TestMerge_CrawlThatCommittedNothing: a crawl whose first batch is still
// in flight (testdata/uncommitted: a state, no parts) is merged as an
// incomplete crawl, and the summary counts it among the crawls: it said
// "0 domains of 0 crawls, 1 crawl incomplete".
func TestMerge_CrawlThatCommittedNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "uncommitted"))); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "m.duckdb")
	code, stdout, stderr := runSurvey(t, "", "merge", "--db", db, dir)
	want := "merged 1 directory into " + db + ": 0 domains of 1 crawl, 1 crawl incomplete (see above)\n"
	if code != exitFindings || !strings.HasPrefix(stdout, want) || !strings.Contains(stderr, `crawl "uncommitted": shard 0/1 in `+dir+" is not complete") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout starting %q", code, stdout, stderr, exitFindings, want)
	}
}
