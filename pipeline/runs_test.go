package pipeline_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// TestRun_KilledRunKeepsItsOptions resumes, with other options, a crawl
// whose last run was killed: the crawls table records the killed run with
// the options and User-Agent it ran with, and the resuming run with its
// own.
func TestRun_KilledRunKeepsItsOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 40)
	out := t.TempDir()
	config := func(concurrency int, agent string) pipeline.Options {
		cfg := simConfig(w)
		cfg.Concurrency, cfg.UserAgent = concurrency, agent
		return pipeline.Options{Out: out, SeedsPath: seedFile, CrawlID: "k", Crawl: cfg}
	}

	// Run 1 stops at once; its state is then made what a SIGKILL leaves:
	// the run still "running", with no end.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pipeline.Run(ctx, config(3, "first-agent/1.0")); err != nil {
		t.Fatal(err)
	}
	editState(t, out, func(st map[string]any) {
		runs := st["runs"].([]any)
		last := runs[len(runs)-1].(map[string]any)
		last["status"] = "running"
		delete(last, "ended_at")
	})

	db := resumeToEnd(t, config(5, "second-agent/2.0"))
	for _, c := range []struct {
		status, agent, concurrency string
	}{
		{"killed", "first-agent/1.0", "3"},
		{"complete", "second-agent/2.0", "5"},
	} {
		var agent, concurrency string
		if err := db.QueryRow(`SELECT user_agent, json_extract_string(options, '$.concurrency') FROM crawls WHERE status = ?`, c.status).Scan(&agent, &concurrency); err != nil {
			t.Fatalf("the %s run: %v", c.status, err)
		}
		if agent != c.agent || concurrency != c.concurrency {
			t.Errorf("the %s run: User-Agent %q, concurrency %s; want %q, %s", c.status, agent, concurrency, c.agent, c.concurrency)
		}
	}
}

// TestRun_ResumeMeasuresAlike resumes an interrupted crawl with options
// that would change what it measures, and with another crawl id: each is
// refused, names what differs and leaves the crawl resumable; options that
// change only how it runs are taken.
func TestRun_ResumeMeasuresAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 20)
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // run 1 is interrupted at once
	if _, err := pipeline.Run(ctx, pipeline.Options{Out: out, SeedsPath: seedFile, CrawlID: "m", Crawl: simConfig(w)}); err != nil {
		t.Fatal(err)
	}
	resume := func(change func(*pipeline.Options)) (*pipeline.Summary, error) {
		o := pipeline.Options{Out: out, Resume: true, Crawl: simConfig(w)}
		change(&o)
		return pipeline.Run(context.Background(), o)
	}
	locs, err := registry.SelectLocations("robots,llms-txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(*pipeline.Options)
		want   []string
	}{
		{"locations", func(o *pipeline.Options) { o.Crawl.Locations = locs }, []string{"--locations robots,canary,llms-txt (the crawl: robots,canary,", "or start a new crawl with them in another --out"}},
		{"body cap", func(o *pipeline.Options) { o.Crawl.MaxBody = 1024 }, []string{"--max-body 1024 (the crawl: 1048576)"}},
		{"private", func(o *pipeline.Options) { o.Crawl.AllowPrivate = !o.Crawl.AllowPrivate }, []string{"--allow-private"}},
		{"two at once", func(o *pipeline.Options) { o.Crawl.MaxBody, o.Crawl.Robots = 1024, pipeline.RobotsRules("survey") },
			[]string{"--max-body 1024", "--respect-robots true (the crawl: false)"}},
		{"crawl id", func(o *pipeline.Options) { o.CrawlID = "other" }, []string{"holds crawl m (shard 0/1), not other"}},
		{"canary", func(o *pipeline.Options) { o.Crawl.CanaryPath = registry.CanaryPath("other") }, []string{"the crawl's canary is " + simConfig(w).CanaryPath + ", not " + registry.CanaryPath("other")}},
	} {
		_, err := resume(c.change)
		if err == nil {
			t.Errorf("%s: resumed; want it refused", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v\nwant it to name %q", c.name, err, w)
			}
		}
	}
	sum, err := resume(func(o *pipeline.Options) { o.Crawl.Concurrency, o.Crawl.UserAgent = 2, "other-agent/1.0" })
	if err != nil || sum.Status != "complete" {
		t.Fatalf("resume with another concurrency and User-Agent: %v %+v", err, sum)
	}
}

// TestRun_KilledTwiceInARow resumes a crawl whose last two runs were
// killed, the second before it wrote anything: it had marked the first
// killed in its state, and died before writing that row. The crawls table
// still gets one row per run, each killed run as killed, with the options
// it ran with.
func TestRun_KilledTwiceInARow(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, seedFile := startWeb(t, 30)
	out := t.TempDir()
	config := func(agent string) pipeline.Options {
		cfg := simConfig(w)
		cfg.UserAgent = agent
		return pipeline.Options{Out: out, SeedsPath: seedFile, CrawlID: "k2", Crawl: cfg}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pipeline.Run(ctx, config("first-agent/1.0")); err != nil {
		t.Fatal(err)
	}
	// What run 2 leaves when killed after saving its state, before its
	// first batch: run 1 marked killed, not recorded; run 2 running.
	editState(t, out, func(st map[string]any) {
		runs := st["runs"].([]any)
		first := runs[0].(map[string]any)
		first["status"] = "killed"
		delete(first, "ended_at")
		delete(first, "recorded")
		second := map[string]any{"run": 2, "started_at": first["started_at"], "status": "running", "options": first["options"]}
		st["runs"] = append(runs, second)
	})

	db := resumeToEnd(t, config("third-agent/3.0"))
	rows, err := db.Query(`SELECT run, status, user_agent FROM crawls ORDER BY run`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var run int
		var status, agent string
		if err := rows.Scan(&run, &status, &agent); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %s %s", run, status, agent))
	}
	want := []string{"1 killed first-agent/1.0", "2 killed first-agent/1.0", "3 complete third-agent/3.0"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("crawls:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// editState rewrites the crawl state of out's unsharded crawl with edit,
// as a crash would leave it.
func editState(t *testing.T, out string, edit func(st map[string]any)) {
	t.Helper()
	path := filepath.Join(out, "_state", "shard-0of1.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	edit(st)
	if b, err = json.Marshal(st); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// resumeToEnd resumes the crawl in o.Out with o's options, which must
// complete it, and opens its database.
func resumeToEnd(t *testing.T, o pipeline.Options) *sql.DB {
	t.Helper()
	o.Resume, o.SeedsPath, o.CrawlID = true, "", ""
	if sum, err := pipeline.Run(context.Background(), o); err != nil || sum.Status != "complete" {
		t.Fatalf("resume: %v %+v", err, sum)
	}
	db, err := sink.Open(filepath.Join(o.Out, "survey.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
