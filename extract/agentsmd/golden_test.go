package agentsmd

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// TestGolden parses every testdata/*.md file and compares the effective
// label and every diagnostic with testdata/<name>.golden.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			res, diags := Parse(readTestdata(t, filepath.Base(file)), Source{Host: "shop.example.org"})
			checkEmitted(t, diags)
			var b strings.Builder
			b.WriteString("effective: " + res.Effective + "\n")
			for _, d := range diags {
				b.WriteString(d.String() + "\n")
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("diagnostics differ from %s (run with -update after checking):\n got:\n%s\nwant:\n%s", golden, b.String(), want)
			}
		})
	}
}
