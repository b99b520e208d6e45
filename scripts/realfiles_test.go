// Package scripts_test runs the shell scripts of this directory that can
// run without the internet: scripts/real-files.sh against a loopback server
// laid out as raw.githubusercontent.com is (REPO/COMMIT/PATH). It also checks
// every shell script of the repository with shellcheck.
package scripts_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealFiles fetches a manifest's files from a loopback server, checks
// each with survey check, and prints the tally per format; a file that
// cannot be fetched is named, with its manifest line, and left out.
func TestRealFiles(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("scripts/real-files.sh needs %s: %v", tool, err)
		}
	}
	files := map[string]string{
		"/owner/site/0123456789012345678901234567890123456789/public/robots.txt": "User-agent: *\nDisallow: /private\n",
		"/owner/site/0123456789012345678901234567890123456789/public/agents.txt": "# About this site\n\n- [Docs](https://example.com/docs)\n",
		"/other/blog/abcdefabcdefabcdefabcdefabcdefabcdefabcd/static/robots.txt": "User-agent: GPTBot\nDisalow: /\n",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(body))
	}))
	defer srv.Close()

	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.tsv")
	os.WriteFile(manifest, []byte("format\trepo\tpath\tcommit\n"+
		"robots\towner/site\tpublic/robots.txt\t0123456789012345678901234567890123456789\n"+
		"agents-txt\towner/site\tpublic/agents.txt\t0123456789012345678901234567890123456789\n"+
		"robots\tother/blog\tstatic/robots.txt\tabcdefabcdefabcdefabcdefabcdefabcdefabcd\n"+
		"robots\tgone/repo\trobots.txt\t0000000000000000000000000000000000000000\n"), 0o644)
	bin := filepath.Join(dir, "survey")
	build := exec.Command("go", "build", "-o", bin, "github.com/agentpolicy/survey/cmd/survey")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/survey: %v\n%s", err, out)
	}

	cmd := exec.Command("bash", "real-files.sh", manifest, filepath.Join(dir, "out"))
	cmd.Env = append(os.Environ(), "SURVEY_BIN="+bin, "RAW_BASE="+srv.URL)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("scripts/real-files.sh: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"== agents-txt: 1 files from 1 repositories: valid 0, invalid 0, another format 1 (markdown 1)\n",
		"== robots: 2 files from 2 repositories: valid 2, invalid 0, another format 0 (none)\n",
		"robots.misspelled-key\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the tally lacks %q:\n%s", want, out)
		}
	}
	if want := manifest + ":5: gone/repo robots.txt at 0000000000000000000000000000000000000000 could not be fetched; left out\n" +
		"real-files: 1 files left out (see above)\n"; !strings.HasSuffix(stderr.String(), want) || strings.Count(stderr.String(), "left out") != 2 {
		t.Errorf("standard error is not the one file left out, %q:\n%s", want, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "results.jsonl")); err != nil {
		t.Errorf("no results.jsonl: %v", err)
	}
}
