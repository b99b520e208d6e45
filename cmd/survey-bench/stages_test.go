package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// repoRoot is the repository root, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestBenchFileInputs(t *testing.T) {
	sets, err := benchFileInputs(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	formats := registry.Formats()
	if len(sets) != len(formats) {
		t.Fatalf("%d input sets, want one per format (%d)", len(sets), len(formats))
	}
	for i, set := range sets {
		if set[0].Format != formats[i].ID {
			t.Errorf("set %d is %s, want %s (registry order)", i, set[0].Format, formats[i].ID)
		}
		for _, in := range set {
			if len(in.Body) == 0 && filepath.Base(in.Name) != "empty.txt" {
				t.Errorf("%s: empty body", in.Name)
			}
		}
	}
	if got := sets[0][0].Name; got != "extract/robots/testdata/bench-50k.robots.txt" {
		t.Errorf("robots input %q", got)
	}
	// The feed is parsed with its did.json: its entries verify.
	feed := sets[3][0]
	if feed.In.Related == nil {
		t.Fatal("the agent feed has no related files")
	}
	if rel, ok := feed.In.Related(registry.LocDID); !ok || !rel.Fetched || len(rel.Body) == 0 {
		t.Errorf("the feed's did.json: %+v, %v", rel, ok)
	}
}

func TestBenchFileInputs_NoRepository(t *testing.T) {
	if _, err := benchFileInputs(t.TempDir()); err == nil {
		t.Error("an empty directory gave inputs")
	}
}

func TestCorpusInputs(t *testing.T) {
	sets := corpusInputs()
	got := map[registry.FormatID]int{}
	for _, set := range sets {
		for _, in := range set {
			if in.Format != set[0].Format {
				t.Fatalf("set of %s holds %s", set[0].Format, in.Format)
			}
		}
		got[set[0].Format] = len(set)
	}
	for _, f := range registry.Formats() {
		if got[f.ID] == 0 {
			t.Errorf("no corpus input for %s", f.ID)
		}
	}
}

func TestMeasureParse(t *testing.T) {
	sets, err := benchFileInputs(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	aitxt := sets[len(sets)-2] // ai-txt: several small files
	if aitxt[0].Format != registry.AITxt {
		t.Fatalf("set is %s", aitxt[0].Format)
	}
	fig := measureParse(aitxt, 0)
	if fig.Calls < int64(len(aitxt)) {
		t.Errorf("%d calls for %d inputs", fig.Calls, len(aitxt))
	}
	// The bytes counted are those of the inputs parsed, in turn.
	var want int64
	for i := range fig.Calls {
		want += int64(len(aitxt[int(i)%len(aitxt)].Body))
	}
	if fig.Bytes != want {
		t.Errorf("bytes %d, want %d", fig.Bytes, want)
	}
	if fig.Format != registry.AITxt || fig.Files != len(aitxt) {
		t.Errorf("figure %+v", fig)
	}
}

func TestMeasureSink_ReadBackByDuckDB(t *testing.T) {
	dir := t.TempDir()
	fig, err := measureSink(filepath.Join(dir, "data"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if fig.Domains != 64 || fig.Rows != 64*13 {
		t.Fatalf("domains %d, rows %d; want 64, 832 (the loop checks the clock every 64 domains)", fig.Domains, fig.Rows)
	}
	db := filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(context.Background(), db, []string{filepath.Join(dir, "data")}, nil, sink.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	conn, err := sink.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var fetches, targets, present int64
	if err := conn.QueryRow(`select (select count(*) from fetches), (select count(*) from targets),
		(select count(*) from fetches where outcome = 'present')`).Scan(&fetches, &targets, &present); err != nil {
		t.Fatal(err)
	}
	// Locations 0, 4, 8 and 12 of every domain are present.
	if fetches != 832 || targets != 64 || present != 64*4 {
		t.Errorf("fetches %d, targets %d, present %d; want 832, 64, 256", fetches, targets, present)
	}
}
