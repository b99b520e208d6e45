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
	merged, added, skipped, err := merge(list, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(skipped) != 0 {
		t.Errorf("skipped = %q, want none", skipped)
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
	if _, _, _, err := merge(list, []byte("[1, 2]")); err == nil {
		t.Errorf("a JSON array was accepted")
	}
}

// TestMerge_SameMatchingToken checks that a name robots.txt matching cannot
// tell from a listed crawler is not added: matching reads a name by its
// leading letters, "_" and "-", so "XY2Bot-Extra" is read as "XY", as the
// listed "XY2Bot" is, and "3Bot" as no product token at all. Such a row
// would repeat the listed crawler's stance in every file.
func TestMerge_SameMatchingToken(t *testing.T) {
	list := []robots.Crawler{{Token: "XY2Bot", Operator: "Example", Purpose: "training", Source: "x"}}
	data := []byte(`{
		"XY2Bot-Extra": {"operator": "Example", "function": "AI Assistants", "description": ""},
		"xy": {"operator": "Example", "function": "AI Assistants", "description": ""},
		"3Bot": {"operator": "Example", "function": "AI Assistants", "description": ""},
		"Pair9Bot": {"operator": "Example", "function": "AI Data Scrapers", "description": ""},
		"Pair9Bot-Two": {"operator": "Example", "function": "AI Data Scrapers", "description": ""},
		"XYZBot": {"operator": "Example", "function": "AI Data Scrapers", "description": ""}
	}`)
	_, added, skipped, err := merge(list, data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range added {
		got = append(got, c.Token)
	}
	if want := []string{"Pair9Bot", "XYZBot"}; !reflect.DeepEqual(got, want) {
		t.Errorf("added %q, want %q", got, want)
	}
	wantSkipped := []string{
		`"3Bot": robots.txt matching reads no product token in it`,
		`"Pair9Bot-Two": robots.txt matching reads it as "Pair", as it reads Pair9Bot`,
		`"XY2Bot-Extra": robots.txt matching reads it as "XY", as it reads XY2Bot`,
		`"xy": robots.txt matching reads it as "xy", as it reads XY2Bot`,
	}
	if !reflect.DeepEqual(skipped, wantSkipped) {
		t.Errorf("skipped = %q\nwant %q", skipped, wantSkipped)
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

// TestMerge_Exclusions: a name of aicrawlers-excluded.csv is skipped with
// its reason, so that a refresh does not add back what a review removed.
func TestMerge_Exclusions(t *testing.T) {
	data := []byte(`{
		"Spider": {"operator": "Unclear at this time.", "function": "AI Data Scrapers", "description": ""},
		"ChatGPT Agent": {"operator": "OpenAI", "function": "AI Agents", "description": ""},
		"NewTrainer": {"operator": "Example Labs", "function": "LLM training.", "description": ""}
	}`)
	_, added, skipped, err := merge(nil, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(added) != 1 || added[0].Token != "NewTrainer" {
		t.Errorf("added %+v, want NewTrainer alone", added)
	}
	if len(skipped) != 2 || !strings.Contains(strings.Join(skipped, "\n"), `"Spider": excluded (aicrawlers-excluded.csv): a generic word`) {
		t.Errorf("skipped %q", skipped)
	}
}
