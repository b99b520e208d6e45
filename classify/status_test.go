package classify

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// fetchLoopback requests path of a server on loopback with survey's
// crawler and classifies the fetch as location loc.
func fetchLoopback(t *testing.T, h http.Handler, path string, loc registry.LocationID) (Result, *crawl.Fetch) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := crawl.New(crawl.Config{AllowPrivate: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	l, ok := registry.LookupLocation(loc)
	if !ok {
		t.Fatalf("no location %s", loc)
	}
	f := c.FetchURL(context.Background(), srv.URL+path, loc)
	return Fetch(f, l, nil), f
}

// TestFetch_PartialContent: a 206 to a request without a Range header
// carries a part of the file at most (RFC 9110 §15.3.7); it is no file.
func TestFetch_PartialContent(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /private/\n"
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Range", "bytes 0-9/35")
		w.WriteHeader(http.StatusPartialContent)
		w.Write([]byte(robots[:10]))
	})
	got, f := fetchLoopback(t, h, "/robots.txt", registry.LocRobots)
	if want := (Result{ServerError, "status_206"}); got != want {
		t.Errorf("206 Partial Content: %+v (status %d, %s), want %+v", got, f.Status, f.Err, want)
	}
	if got.Outcome.HoldsFile() {
		t.Error("a 206 holds a file")
	}
}

// TestFetch_NotModified: a 304 answers a conditional request, which survey
// never sends (RFC 9110 §15.4.5); it is no redirect, and no file.
func TestFetch_NotModified(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotModified)
	})
	got, f := fetchLoopback(t, h, "/llms.txt", registry.LocLLMsTxt)
	if want := (Result{ServerError, "status_304"}); got != want {
		t.Errorf("304 Not Modified: %+v (status %d, %s), want %+v", got, f.Status, f.Err, want)
	}
	// A redirect without a Location stays a redirect error.
	h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusFound)
	})
	got, f = fetchLoopback(t, h, "/llms.txt", registry.LocLLMsTxt)
	if want := (Result{RedirectError, ReasonBadLocation}); got != want {
		t.Errorf("302 without Location: %+v (status %d, %s), want %+v", got, f.Status, f.Err, want)
	}
}
