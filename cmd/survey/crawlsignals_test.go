package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestCrawl_FileWideSignalCounted crawls a site whose robots.txt writes
// its Content-Signal before the first User-agent line, as some real files
// do, and one whose home page says noai to one crawler only, through the
// whole pipeline (Parquet, DuckDB): robots_preferences has the signal's row
// with no group, and ai_signals counts both sites, though ai_stance has the
// signal apply to no crawler.
func TestCrawl_FileWideSignalCounted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/robots.txt" && strings.HasPrefix(r.Host, "top."):
			fmt.Fprint(w, "Content-Signal: ai-train=no, search=yes\n\nUser-agent: *\nDisallow: /private/\n")
		case r.URL.Path == "/" && strings.HasPrefix(r.Host, "meta."):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><html><head><title>Meta</title><meta name="GPTBot" content="noai"></head><body><p>Hello</p></body></html>`)
		case r.URL.Path == "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html><html><head><title>Top</title></head><body><p>Hello</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	query := crawlLoopback(t, srv, "http://top.example", "http://meta.example")
	if got, want := query("SELECT domain, line, kind, group_index IS NULL AS outside, signal_ai_train FROM robots_preferences"),
		"domain,line,kind,outside,signal_ai_train\ntop.example,1,content-signal,true,no\n"; got != want {
		t.Errorf("robots_preferences:\n%s\nwant\n%s", got, want)
	}
	if got := query("SELECT count(*) FROM ai_stance WHERE domain = 'top.example' AND applies = 'named'"); got != "count_star()\n0\n" {
		t.Errorf("ai_stance rows naming a crawler: %s, want none: the signal applies to no crawler", got)
	}
	signals := query("ai_signals")
	for _, want := range []string{"robots.txt Content-Signal,1,1,2,", "home page noai,1,1,2,"} {
		if !strings.Contains(signals, "\n"+want) {
			t.Errorf("ai_signals has no row starting %q:\n%s", want, signals)
		}
	}
}
