package sink

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPartGlob matches the committed parts of one shard of one crawl, in
// one table or all, and neither another shard's, another crawl's nor a part
// being written.
func TestPartGlob(t *testing.T) {
	dir := t.TempDir()
	files := []string{
		"targets/crawl=c/" + partName("2of4", 1),
		"fetches/crawl=c/" + partName("2of4", 1),
		"targets/crawl=c/" + partName("2of4", 12),
		"targets/crawl=c/" + partName("1of4", 1),
		"targets/crawl=d/" + partName("2of4", 1),
		"targets/crawl=c/" + tempPrefix + "2of4-00000013" + partSuffix + ".x" + tempSuffix,
	}
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		table string
		want  []string
	}{
		{TableTargets, []string{files[0], files[2]}},
		{"*", []string{files[0], files[1], files[2]}},
	} {
		pattern, err := PartGlob(dir, c.table, "c", "2/4")
		if err != nil {
			t.Fatal(err)
		}
		got, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, f := range c.want {
			want = append(want, filepath.Join(dir, f))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("table %s: %q matched %q, want %q", c.table, pattern, got, want)
		}
	}
	if _, err := PartGlob(dir, "*", "c", "2/4/8"); err == nil {
		t.Error("shard 2/4/8: no error")
	}
}
