package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crawlLoopback crawls seeds (origins such as "http://a.example"), every
// one served by srv, into a new output directory, and returns a function
// that runs a named query or SQL on the crawl's database and gives its
// CSV. A crawl or query that fails fails the test.
func crawlLoopback(t *testing.T, srv *httptest.Server, seeds ...string) (query func(args ...string) string) {
	t.Helper()
	dir := t.TempDir()
	seedsPath := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seedsPath, []byte(strings.Join(seeds, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if code, stdout, errs := runSurvey(t, "", "crawl", "--seeds", seedsPath, "--out", out, "--quiet",
		"--connect-to", srv.Listener.Addr().String()); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", code, stdout, errs)
	}
	db := filepath.Join(out, "survey.duckdb")
	return func(args ...string) string {
		t.Helper()
		code, stdout, errs := runSurvey(t, "", append([]string{"query", "--db", db, "--format", "csv"}, args...)...)
		if code != exitOK {
			t.Fatalf("query %v: exit %d\n%s%s", args, code, stdout, errs)
		}
		return stdout
	}
}
