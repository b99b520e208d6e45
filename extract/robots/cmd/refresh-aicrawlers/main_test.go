package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
)

func TestMerge(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	list := []robots.Crawler{{Token: "GPTBot", Operator: "OpenAI", Purpose: "training", Source: "https://platform.openai.com/docs/bots"}}
	merged, added, err := merge(list, data)
	if err != nil {
		t.Fatal(err)
	}
	want := []robots.Crawler{
		{Token: "Helper-User", Operator: "unknown", Purpose: "user", Source: "ai.robots.txt"},
		{Token: "Kangaroo", Operator: "unknown", Purpose: "training", Source: "ai.robots.txt"},
		{Token: "Mystery", Operator: "unknown", Purpose: "other", Source: "ai.robots.txt"},
		{Token: "NewTrainer", Operator: "Example Labs", Purpose: "training", Source: "ai.robots.txt"},
		{Token: "finder", Operator: "Finder", Purpose: "search", Source: "ai.robots.txt"},
	}
	if !reflect.DeepEqual(added, want) {
		t.Errorf("added = %+v\nwant %+v", added, want)
	}
	if len(merged) != 6 || merged[0] != list[0] {
		t.Errorf("merged = %+v: the curated GPTBot row must be kept first and unchanged", merged)
	}
	var buf bytes.Buffer
	if err := robots.WriteAICrawlers(&buf, merged); err != nil {
		t.Fatal(err)
	}
	if _, err := robots.ReadAICrawlers(&buf); err != nil {
		t.Errorf("the merged list does not read back: %v", err)
	}
	if _, _, err := merge(list, []byte("[1, 2]")); err == nil {
		t.Errorf("a JSON array was accepted")
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "aicrawlers.csv")
	if err := os.WriteFile(csvPath, []byte("token,operator,purpose,source\nGPTBot,OpenAI,training,x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(csvPath, filepath.Join("testdata", "robots.json"), true, &out); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(csvPath); strings.Count(string(b), "\n") != 2 {
		t.Errorf("-n wrote the list")
	}
	if err := run(csvPath, filepath.Join("testdata", "robots.json"), false, &out); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(csvPath)
	list, err := robots.ReadAICrawlers(bytes.NewReader(b))
	if err != nil || len(list) != 6 {
		t.Errorf("after run: %d crawlers, %v; want 6", len(list), err)
	}
	if !strings.Contains(out.String(), "added NewTrainer (Example Labs, training)") {
		t.Errorf("output = %q", out.String())
	}
}

func TestOperator(t *testing.T) {
	for in, want := range map[string]string{
		"[Meta](https://developers.facebook.com/)": "Meta",
		"Unclear at this time.":                    "unknown",
		"Amazon":                                   "Amazon",
		strings.Repeat("long ", 20):                strings.TrimSpace(strings.Repeat("long ", 12)) + "…",
	} {
		if got := operator(in); got != want {
			t.Errorf("operator(%q) = %q, want %q", in, got, want)
		}
	}
}
