package pipeline_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
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
	path := filepath.Join(out, "_state", "shard-0of1.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	runs := st["runs"].([]any)
	last := runs[len(runs)-1].(map[string]any)
	last["status"] = "running"
	delete(last, "ended_at")
	if b, err = json.Marshal(st); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}

	resume := config(5, "second-agent/2.0")
	resume.Resume, resume.SeedsPath, resume.CrawlID = true, "", ""
	if sum, err := pipeline.Run(context.Background(), resume); err != nil || sum.Status != "complete" {
		t.Fatalf("resume: %v %+v", err, sum)
	}
	db, err := sink.Open(filepath.Join(out, "survey.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
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
