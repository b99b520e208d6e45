package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --max-body cuts what survey check reads as survey crawl --max-body cuts
// what it fetches: a local file, standard input, a URL and every location of
// --site. A body within the cap is read whole, one byte past it is flagged
// truncated.
func TestCheck_MaxBody(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /private\n" // 33 bytes
	truncated := func(t *testing.T, label, out string) bool {
		t.Helper()
		var got checkOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", label, err, out)
		}
		for _, d := range got.Diagnostics {
			if d.Code == "extract.truncated" {
				return true
			}
		}
		return false
	}
	file := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(file, []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(robots))
	}))
	defer srv.Close()
	for _, c := range []struct {
		label, stdin string
		args         []string
	}{
		{"file", "", []string{file}},
		{"stdin", robots, []string{"--type", "robots", "-"}},
		{"URL", "", []string{"--allow-private", srv.URL + "/robots.txt"}},
	} {
		for _, cap := range []struct {
			size string
			cut  bool
		}{{"33", false}, {"32", true}} {
			args := append([]string{"check", "--format", "json", "--max-body", cap.size}, c.args...)
			code, out, errs := runSurvey(t, c.stdin, args...)
			if code != exitOK {
				t.Fatalf("%s, --max-body %s: exit %d %s", c.label, cap.size, code, errs)
			}
			if got := truncated(t, c.label, out); got != cap.cut {
				t.Errorf("%s of 33 bytes, --max-body %s: truncated %v, want %v", c.label, cap.size, got, cap.cut)
			}
		}
	}
	_, out, errs := runSurvey(t, "", "check", "--allow-private", "--max-body", "32", "--site", srv.URL)
	if !strings.Contains(out, "extract.truncated") {
		t.Errorf("--site with --max-body 32 does not say robots.txt was cut:\n%s%s", out, errs)
	}
	for _, v := range []string{"0", "2GiB", "1XB"} {
		if code, _, errs := runSurvey(t, "", "check", "--max-body", v, file); code != exitUsage || !strings.HasPrefix(errs, "survey check: --max-body: ") {
			t.Errorf("--max-body %s: exit %d %q", v, code, errs)
		}
	}
}
