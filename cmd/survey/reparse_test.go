package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReparse_SaysWhatTheDirectoryIsNot: survey reparse given something
// other than an output directory says what it is (a path that does not
// exist, a directory's database, a file, a directory without crawl output
// and the output directories in it), instead of "no crawl in DIR" or an
// error opening DIR/targets.
func TestReparse_SaysWhatTheDirectoryIsNot(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(out, "targets", "crawl=c"), 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(out, "survey.duckdb")
	seedList := filepath.Join(dir, "seeds.txt")
	for _, f := range []string{db, seedList} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, want string }{
		{filepath.Join(dir, "none"), filepath.Join(dir, "none") + " does not exist"},
		{db, db + " is the database of an output directory; reparse reads the directory (survey reparse " + out + ") and builds its database again"},
		{seedList, seedList + " is not a directory; give a crawl's output directory (its --out)"},
		{empty, empty + " holds no crawl output to reparse (no " + filepath.Join(empty, "targets", "crawl=ID") + ")"},
		{dir, dir + " holds no crawl output to reparse (no " + filepath.Join(dir, "targets", "crawl=ID") + "); these directories in it do, so give them instead: " + out},
	} {
		code, stdout, stderr := runSurvey(t, "", "reparse", c.arg)
		if want := "survey reparse: " + c.want + "\n"; code != exitUsage || stdout != "" || stderr != want {
			t.Errorf("reparse %s: exit %d, stdout %q, stderr:\n%s\nwant exit %d and:\n%s", c.arg, code, stdout, stderr, exitUsage, want)
		}
	}
	if entries, _ := os.ReadDir(empty); len(entries) > 0 {
		t.Errorf("reparse wrote into %s: %v", empty, entries)
	}
}
