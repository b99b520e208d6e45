package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestCrawl_PageDataIsNoFile crawls a site built by a Next.js static
// export with pages /ai and /agents, which answers /ai.txt and /agents.txt
// with the pages' React Server Components payloads, beside a site with a
// real ai.txt: the payloads are soft 404s (page_data), so the adoption
// query counts one site serving ai.txt and none serving agents.txt.
func TestCrawl_PageDataIsNoFile(t *testing.T) {
	payload, err := os.ReadFile("../../classify/testdata/pagedata/next15-fragment.txt")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case (r.URL.Path == "/ai.txt" || r.URL.Path == "/agents.txt") && strings.HasPrefix(r.Host, "next."):
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write(payload)
		case r.URL.Path == "/ai.txt" && strings.HasPrefix(r.Host, "plain."):
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprint(w, "User-Agent: *\nDisallow: /images/\n")
		case r.URL.Path == "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html><html><head><title>Home</title></head><body><p>Hello</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	query := crawlLoopback(t, srv, "http://next.example", "http://plain.example")
	if got, want := query("SELECT domain, location, outcome, reason FROM fetches WHERE location IN ('ai-txt', 'agents-txt') ORDER BY domain, location"),
		"domain,location,outcome,reason\nnext.example,agents-txt,soft_404,page_data\nnext.example,ai-txt,soft_404,page_data\n"+
			"plain.example,agents-txt,absent,status_404\nplain.example,ai-txt,present,ok\n"; got != want {
		t.Errorf("fetches:\n%s\nwant\n%s", got, want)
	}
	// adoption: location, reachable, with_file, ...
	adoption := query("adoption")
	for _, want := range []string{"agents-txt,2,0,", "ai-txt,2,1,"} {
		if !strings.Contains(adoption, "\n"+want) {
			t.Errorf("adoption has no row starting %q:\n%s", want, adoption)
		}
	}
}
