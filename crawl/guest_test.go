package crawl

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// crawlSeeds crawls seeds with cfg and returns the results, in no order.
func crawlSeeds(t *testing.T, cfg Config, list []seeds.Seed) []*DomainResult {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return runSeeds(t, c, list)
}

// runSeeds crawls seeds with c and returns the results, in no order.
func runSeeds(t *testing.T, c *Crawler, list []seeds.Seed) []*DomainResult {
	t.Helper()
	in := make(chan seeds.Seed, len(list))
	for _, s := range list {
		in <- s
	}
	close(in)
	var mu sync.Mutex
	var out []*DomainResult
	emit := func(r *DomainResult) error {
		mu.Lock()
		defer mu.Unlock()
		out = append(out, r)
		return nil
	}
	if err := c.Run(context.Background(), in, emit); err != nil {
		t.Fatal(err)
	}
	if len(out) != len(list) {
		t.Fatalf("%d results for %d seeds", len(out), len(list))
	}
	return out
}

// peak counts the requests a handler is serving at once.
type peak struct{ now, max atomic.Int32 }

func (p *peak) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := p.now.Add(1)
		defer p.now.Add(-1)
		for m := p.max.Load(); n > m && !p.max.CompareAndSwap(m, n); m = p.max.Load() {
		}
		h.ServeHTTP(w, r)
	})
}

// Domains whose names resolve to one address share its per-IP limit from
// their first request on: the address is looked up before the request
// takes its turn, not only at the dial (which left each domain's first
// request, the one that fills the DNS cache, outside the limit).
func TestGates_PerIPLimitHoldsFromTheFirstRequest(t *testing.T) {
	const domains, limit = 16, 2
	dns, list := sharedAddress(t, domains)
	var p peak
	s := newTestServer(t, p.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(30 * time.Millisecond)
		http.NotFound(w, r)
	})))
	res := crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Resolver: dns, Concurrency: domains,
		PerIPLimit: limit, Locations: registry.Locations()[:2], Timeout: 5 * time.Second}, list)
	if m := p.max.Load(); m > limit {
		t.Errorf("%d requests were in flight at once to one IP address, limit %d", m, limit)
	}
	for _, r := range res {
		for _, f := range r.Fetches {
			if f.ErrKind != ErrNone || f.Status != 404 {
				t.Errorf("%s %s: %s (%s)", r.Domain, f.Location, f.ErrKind, f.Err)
			}
			if f.DNS <= 0 && f.Location == registry.LocRobots {
				// The lookup moved before the gates; it is still the
				// fetch's DNS time.
				t.Errorf("%s %s: no DNS time recorded", r.Domain, f.Location)
			}
		}
	}
}

// A host is one host whatever the case of its name, a trailing dot or an
// explicit default port: many seeds and redirects naming it so never have
// two requests in flight to it.
func TestGates_OneHostUnderEveryName(t *testing.T) {
	var p peak
	s := newTestServer(t, p.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(10 * time.Millisecond)
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "https://SAME.test.:443/elsewhere", http.StatusFound)
			return
		}
		http.NotFound(w, r)
	})))
	var list []seeds.Seed
	for range 4 {
		list = append(list, seeds.Seed{Host: "same.test"}, seeds.Seed{Host: "same.test."}, seeds.Seed{Host: "Same.Test", Port: "443"})
	}
	crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Concurrency: len(list), Locations: registry.Locations()[:3]}, list)
	if m := p.max.Load(); m != 1 {
		t.Errorf("%d requests were in flight at once to one host under its several names, want 1", m)
	}
}

func TestRetryAfter(t *testing.T) {
	for v, want := range map[string]time.Duration{
		"0": 0, "1": time.Second, " 120 ": 2 * time.Minute, "86400": retryAfterCeiling,
		// Values past the ceiling, or past what a Duration holds, are the
		// ceiling, never negative.
		"86401": retryAfterCeiling, "9223372037": retryAfterCeiling, "10000000000": retryAfterCeiling,
		"99999999999999999999999":       retryAfterCeiling,
		"Wed, 21 Oct 2015 07:28:00 GMT": 0, "Fri, 31 Dec 9999 23:59:59 GMT": retryAfterCeiling,
	} {
		if got, ok := retryAfter(v); !ok || got != want {
			t.Errorf("retryAfter(%q) = %v, %v; want %v", v, got, ok, want)
		}
	}
	for _, v := range []string{"", "-5", "+3", "1.5", "3s", "abc", "0x10", "Wed, 21 Oct 2015"} {
		if got, ok := retryAfter(v); ok {
			t.Errorf("retryAfter(%q) = %v, want no Retry-After", v, got)
		}
	}
	d, ok := retryAfter(time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat))
	if !ok || d < 28*time.Second || d > 30*time.Second {
		t.Errorf("a date 30 s ahead: %v, %v", d, ok)
	}
}

// A Retry-After too large for a Duration once made the crawler retry at
// once (the product overflowed to a negative wait); it is a long wait.
func TestCrawl_HugeRetryAfterIsALongWait(t *testing.T) {
	var requests atomic.Int32
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Retry-After", "10000000000")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "busy.test"}, nil)
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1: the host asked to be left alone", n)
	}
	for _, f := range res.Fetches[1:] {
		if f.ErrKind != ErrRateLimited || !f.Skipped {
			t.Errorf("%s: %s skipped=%v, want rate_limited, not requested", f.Location, f.ErrKind, f.Skipped)
		}
	}
}

// A 503 with a Retry-After longer than the crawler waits asks, as a 429
// does, to be left alone: the domain's other locations are not requested.
func TestCrawl_503WithALongRetryAfterLeavesTheHostAlone(t *testing.T) {
	var requests atomic.Int32
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "maintenance.test"}, nil)
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests reached a host that asked for an hour, want 1", n)
	}
	if f := res.Fetches[0]; f.Status != 503 || f.ErrKind != ErrNone {
		t.Errorf("first fetch: %d %s", f.Status, f.ErrKind)
	}
	for _, f := range res.Fetches[1:] {
		if f.ErrKind != ErrRateLimited || !f.Skipped || f.Err != "not requested: the host answered 503 Service Unavailable (Retry-After: 3600)" {
			t.Errorf("%s: %s skipped=%v %q", f.Location, f.ErrKind, f.Skipped, f.Err)
		}
	}
	// A 503 without Retry-After is an error page, not a request to wait.
	var plain atomic.Int32
	s = newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plain.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	crawlOne(t, s, seeds.Seed{Host: "down.test"}, nil)
	if n := plain.Load(); n != int32(len(registry.Locations())) {
		t.Errorf("%d requests to a plain 503 host, want every location (%d)", n, len(registry.Locations()))
	}
}

// A long Retry-After is the host's, whichever domain's request got it:
// domains that redirect to it do not request it again until it passes,
// and their fetches say so (rate_limited). A short one is waited out by
// every domain's next request to the host.
func TestCrawl_RetryAfterAppliesAcrossDomainsSharingAHost(t *testing.T) {
	for _, tc := range []struct {
		retryAfter string
		want       int32 // requests to the shared host
	}{
		{"3600", 1},
		{"Fri, 31 Dec 9999 23:59:59 GMT", 1},
	} {
		var requests atomic.Int32
		s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Host == "shared.test" {
				requests.Add(1)
				w.Header().Set("Retry-After", tc.retryAfter)
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			http.Redirect(w, r, "https://shared.test"+r.URL.Path, http.StatusFound)
		}))
		var list []seeds.Seed
		for i := range 5 {
			list = append(list, seeds.Seed{Host: fmt.Sprintf("d%d.test", i)})
		}
		res := crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Concurrency: 2}, list)
		if n := requests.Load(); n != tc.want {
			t.Errorf("Retry-After %s: %d requests reached the shared host, want %d", tc.retryAfter, n, tc.want)
		}
		limited := 0
		for _, r := range res {
			for _, f := range r.Fetches {
				if f.ErrKind == ErrRateLimited {
					limited++
					if len(f.Hops) != 1 || f.Skipped {
						t.Errorf("%s %s: %d hops, skipped %v; want the domain's own hop, then not requested", r.Domain, f.Location, len(f.Hops), f.Skipped)
					}
				}
			}
		}
		if want := 5*len(registry.Locations()) - int(tc.want); limited != want {
			t.Errorf("Retry-After %s: %d fetches rate_limited, want %d", tc.retryAfter, limited, want)
		}
	}

	// A domain whose own host another domain's request found backing off
	// is not requested at all.
	var requests atomic.Int32
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host == "a.test" {
			http.Redirect(w, r, "https://b.test/robots.txt", http.StatusFound)
			return
		}
		requests.Add(1)
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	res := crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Concurrency: 1, Locations: registry.Locations()[:3]},
		[]seeds.Seed{{Host: "a.test"}, {Host: "b.test"}})
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests reached b.test, want 1", n)
	}
	for _, r := range res {
		if r.Domain != "b.test" {
			continue
		}
		for _, f := range r.Fetches {
			if f.ErrKind != ErrRateLimited || !f.Skipped || !strings.Contains(f.Err, "not requested: b.test asked (Retry-After) not to be requested again before ") {
				t.Errorf("b.test %s: %s skipped=%v %q; want rate_limited, not requested", f.Location, f.ErrKind, f.Skipped, f.Err)
			}
		}
	}

	// Short: every domain's request to the shared host waits it out.
	var mu sync.Mutex
	var times []time.Time
	s = newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != "shared.test" {
			http.Redirect(w, r, "https://shared.test"+r.URL.Path, http.StatusFound)
			return
		}
		mu.Lock()
		times = append(times, time.Now())
		first := len(times) == 1
		mu.Unlock()
		if first {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		http.NotFound(w, r)
	}))
	var list []seeds.Seed
	for i := range 3 {
		list = append(list, seeds.Seed{Host: fmt.Sprintf("d%d.test", i)})
	}
	crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Concurrency: 3, Locations: registry.Locations()[:1]}, list)
	mu.Lock()
	defer mu.Unlock()
	if len(times) != 4 {
		t.Fatalf("%d requests to the shared host, want 4 (the 503, its retry, two other domains)", len(times))
	}
	for i, at := range times[1:] {
		if gap := at.Sub(times[0]); gap < 900*time.Millisecond {
			t.Errorf("request %d to the shared host came %v after its Retry-After: 1", i+2, gap)
		}
	}
}

// rawServer serves each connection with handle, on loopback.
func rawServer(t *testing.T, handle func(c net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.Read(make([]byte, 4096)) // the request
				handle(c)
			}()
		}
	}()
	return ln.Addr().String()
}

// dribble writes b a piece at a time, a piece every 100 ms, for at most 10 s.
func dribble(c net.Conn, piece string) {
	for range 100 {
		if _, err := io.WriteString(c, piece); err != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A server that never answers, or answers a byte at a time (headers or
// body), costs a fetch its timeout and no more.
func TestCrawl_SlowServersCostTheTimeout(t *testing.T) {
	const timeout = 500 * time.Millisecond
	for name, handle := range map[string]func(net.Conn){
		"silent": func(c net.Conn) { io.Copy(io.Discard, c) },
		"headers a line at a time": func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\n")
			dribble(c, "X-Slow: y\r\n")
		},
		"body a byte at a time": func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
			dribble(c, "a")
		},
		"chunks a byte at a time": func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
			dribble(c, "1\r\na\r\n")
		},
		"redirect body a byte at a time": func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 1000\r\n\r\n")
			dribble(c, "a")
		},
	} {
		addr := rawServer(t, handle)
		c, err := New(Config{ConnectTo: addr, Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		f := c.FetchURL(context.Background(), "http://slow.test/robots.txt", registry.LocRobots)
		if took := time.Since(start); f.ErrKind != ErrTimeout || took > timeout+500*time.Millisecond || f.Body != nil {
			t.Errorf("%s: %s (%s) after %v, %d bytes; want request_timeout after %v", name, f.ErrKind, f.Err, took, len(f.Body), timeout)
		}
	}
}

// Redirects to schemes the crawler does not fetch are bad locations:
// recorded as a hop, never handed to the transport.
func TestCrawl_RedirectsToOtherSchemes(t *testing.T) {
	var requests sync.Map
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Store(r.Host+r.URL.Path, true)
		if loc := r.URL.Query().Get("to"); loc != "" {
			w.Header().Set("Location", loc)
			w.WriteHeader(http.StatusFound)
			return
		}
		io.WriteString(w, "ok")
	}))
	c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots})
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range []string{
		"ftp://example.test/robots.txt", "data:text/plain,User-agent:%20*", "javascript:alert(1)",
		"file:///etc/passwd", "gopher://example.test/",
	} {
		f := c.FetchURL(context.Background(), "https://example.test/r?to="+url.QueryEscape(loc), registry.LocRobots)
		if f.ErrKind != ErrBadLocation || len(f.Hops) != 1 || f.Hops[0].Location != loc || f.Body != nil {
			t.Errorf("redirect to %s: %s with %d hops (%s), want bad_location after the hop", loc, f.ErrKind, len(f.Hops), f.Err)
		}
	}
	requests.Range(func(k, _ any) bool {
		if k != "example.test/r" {
			t.Errorf("a request reached %s", k)
		}
		return true
	})
	// A relative Location, and one with a space, are followed.
	for _, loc := range []string{"final", "/fi nal", "//other.test/x"} {
		if f := c.FetchURL(context.Background(), "https://example.test/r?to="+url.QueryEscape(loc), registry.LocRobots); f.ErrKind != ErrNone || string(f.Body) != "ok" {
			t.Errorf("redirect to %q: %s (%s)", loc, f.ErrKind, f.Err)
		}
	}
}

// Redirects to loopback in its other spellings, and to IPv6 forms that
// embed a private IPv4 address, are refused at the dial.
func TestGuard_RedirectToEmbeddedAddresses(t *testing.T) {
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", r.URL.Query().Get("to"))
		w.WriteHeader(http.StatusFound)
	}))
	c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range []string{
		"http://[::ffff:127.0.0.1]/", "http://[::1]/", "http://0.0.0.0/", "http://[::]/", "http://[::127.0.0.1]/",
		"http://[64:ff9b::a9fe:a9fe]/", "http://[2002:a00:1::1]/", "http://[fe80::1%25lo]/", "http://100.64.0.1/",
		"http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
		"http://172.16.0.1/", "http://192.168.1.1/", "http://[fc00::1]/", "http://[fe80::1]/",
		"http://[::ffff:7f00:1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://[2002:a9fe:a9fe::]/",
		"http://169.254.169.254/latest/meta-data/", "http://[::ffff:169.254.169.254]/",
	} {
		f := c.FetchURL(context.Background(), "https://example.test/r?to="+url.QueryEscape(loc), registry.LocRobots)
		if f.ErrKind != ErrGuard {
			t.Errorf("redirect to %s: %s (%s), want address_guard", loc, f.ErrKind, f.Err)
		}
	}
}

// The User-Agent, Accept and Accept-Encoding are sent with every request,
// redirects included.
func TestCrawl_HeadersOnEveryRequest(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]http.Header{}
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.Host+r.URL.Path] = r.Header.Clone()
		mu.Unlock()
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "https://www.example.test/robots.txt", http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
	crawlOne(t, s, seeds.Seed{Host: "example.test"}, func(c *Config) { c.Locations = registry.Locations()[:2] })
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 3 {
		t.Errorf("requests %v, want the redirect, its target and the canary", seen)
	}
	for k, h := range seen {
		if h.Get("User-Agent") != DefaultUserAgent || h.Get("Accept") != "*/*" || h.Get("Accept-Encoding") != "gzip, deflate" {
			t.Errorf("%s: User-Agent %q, Accept %q, Accept-Encoding %q", k, h.Get("User-Agent"), h.Get("Accept"), h.Get("Accept-Encoding"))
		}
	}
}

// The body cap holds for deflate (zlib-wrapped and raw) as for gzip: a
// deflate bomb is cut at the cap after decompression; an encoding survey
// does not decode (br: it does not ask for it) is kept raw, capped.
func TestCrawl_BodyCapHoldsForEveryEncoding(t *testing.T) {
	const cap = 64 << 10
	zeros := make([]byte, 16<<20)
	var raw, wrapped bytes.Buffer
	fw, _ := flate.NewWriter(&raw, flate.BestCompression)
	fw.Write(zeros)
	fw.Close()
	zw, _ := zlib.NewWriterLevel(&wrapped, zlib.BestCompression)
	zw.Write(zeros)
	zw.Close()
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Encoding", "deflate")
			w.Write(raw.Bytes())
		case "/agents.txt":
			w.Header().Set("Content-Encoding", "deflate")
			w.Write(wrapped.Bytes())
		case "/AGENTS.md":
			// A value that is no coding at all: the bytes are the file.
			w.Header().Set("Content-Encoding", "utf-8")
			w.Write(bytes.Repeat([]byte{1}, 3*cap))
		default:
			http.NotFound(w, r)
		}
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "enc.test"}, func(c *Config) { c.MaxBody = cap; c.Locations = registry.Locations()[:4] })
	for _, loc := range []registry.LocationID{registry.LocRobots, registry.LocAgentsTxt, registry.LocAgentsMD} {
		f := res.Fetch(loc)
		if f.ErrKind != ErrNone || !f.Truncated || len(f.Body) != cap {
			t.Errorf("%s: %s truncated=%v %d bytes (%s), want cut at %d", loc, f.ErrKind, f.Truncated, len(f.Body), f.Err, cap)
		}
	}
	if f := res.Fetch(registry.LocAgentsMD); f.Encoding != "utf-8" {
		t.Errorf("utf-8 body: encoding %q, want it named as left undecoded", f.Encoding)
	}
}

// A body compressed with a coding the crawler did not ask for (br, zstd,
// a list of codings) is not the file: the fetch is a protocol error that
// names the coding and keeps no body, where it used to be a "file" of
// compressed bytes. The domain's other locations are fetched as usual.
func TestCrawl_UnrequestedContentCodingIsAProtocolError(t *testing.T) {
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Encoding", "br")
			w.Write([]byte{0x0b, 0x02, 0x80, 'U', 's', 'e', 'r', 0x03})
		case "/agents.txt":
			w.Header().Set("Content-Encoding", "ZSTD")
			w.Write([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x48, 0x01, 0x00, 0x00})
		case "/AGENTS.md":
			w.Header().Set("Content-Encoding", "gzip, br")
			w.Write([]byte{0x1f, 0x8b, 8, 0})
		case "/llms.txt":
			w.Write([]byte("# Title\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "enc.test"}, nil)
	for loc, enc := range map[registry.LocationID]string{registry.LocRobots: "br", registry.LocAgentsTxt: "zstd", registry.LocAgentsMD: "gzip, br"} {
		f := res.Fetch(loc)
		if f.ErrKind != ErrProtocol || f.Encoding != enc || f.Body != nil || f.Status != 200 {
			t.Errorf("%s: kind %q encoding %q, %d bytes, status %d (%s); want %q naming %q, no body", loc, f.ErrKind, f.Encoding, len(f.Body), f.Status, f.Err, ErrProtocol, enc)
		}
	}
	if f := res.Fetch(registry.LocLLMsTxt); f.ErrKind != ErrNone || string(f.Body) != "# Title\n" {
		t.Errorf("llms.txt after them: kind %q, body %q", f.ErrKind, f.Body)
	}
}

// Broken framing is a protocol error, and the host's next request goes out
// on a new connection: a chunk size that is not hex (net/http: "invalid
// byte in chunk length", which kindOf called "network"), a chunk longer
// than its size, a response that is not HTTP. A Content-Length the server
// does not meet before it closes is the connection closed early (reset).
func TestCrawl_BrokenFramingIsAProtocolError(t *testing.T) {
	raw := func(w http.ResponseWriter, s string) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		buf.WriteString(s)
		buf.Flush()
		conn.Close()
	}
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		const head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
		switch r.URL.Path {
		case "/robots.txt":
			raw(w, head+"Transfer-Encoding: chunked\r\n\r\n5\r\nUser-\r\nzz\r\nagent: *\r\n")
		case "/agents.txt":
			raw(w, head+"Transfer-Encoding: chunked\r\n\r\n5\r\n# Title and more\r\n0\r\n\r\n")
		case "/AGENTS.md":
			raw(w, "\xde\xad\xbe\xef garbage\r\n\r\n")
		case "/.well-known/agents.md":
			raw(w, head+"Content-Length: 4096\r\n\r\nUser-agent: *\nDisallow: /\n")
		case "/llms.txt":
			w.Write([]byte("# Agents\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "frame.test"}, nil)
	for loc, want := range map[registry.LocationID]ErrorKind{
		registry.LocRobots: ErrProtocol, registry.LocAgentsTxt: ErrProtocol, registry.LocAgentsMD: ErrProtocol,
		registry.LocAgentsMDWK: ErrReset,
	} {
		if f := res.Fetch(loc); f.ErrKind != want || f.Body != nil {
			t.Errorf("%s: kind %q, %d bytes (%s); want %q, no body", loc, f.ErrKind, len(f.Body), f.Err, want)
		}
	}
	if f := res.Fetch(registry.LocLLMsTxt); f.ErrKind != ErrNone || string(f.Body) != "# Agents\n" {
		t.Errorf("llms.txt after them: kind %q, body %q (%s)", f.ErrKind, f.Body, f.Err)
	}
}

// Connections do not accumulate with the number of domains crawled: a
// domain's connection is closed after its last request, and the idle ones
// left (a redirect's other host) are bounded by the pool, whose connections
// are closed when the crawl ends.
func TestCrawl_ConnectionsAreBoundedAndClosed(t *testing.T) {
	const domains, concurrency = 200, 8
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" && r.Host[:4] != "www." {
			http.Redirect(w, r, "http://www."+r.Host+"/robots.txt", http.StatusMovedPermanently)
			return
		}
		http.NotFound(w, r)
	}))
	live, most := countConns(s.srv)
	var list []seeds.Seed
	for i := range domains {
		list = append(list, seeds.Seed{Host: fmt.Sprintf("site%d.test", i), Scheme: "http"})
	}
	crawlSeeds(t, Config{ConnectTo: s.Addr, Concurrency: concurrency, Locations: registry.Locations()[:3]}, list)
	// A worker holds at most two connections at once (the domain's and
	// its www host's). The server counts a connection closed only when it
	// reads the close, which may come after the worker's next connection
	// under load (the race detector), so the bound leaves room for that
	// lag; what it must catch is connections growing with the 200 domains
	// (400 if none were closed).
	if m := most.Load(); m > 4*concurrency {
		t.Errorf("%d connections open at once for %d domains crawled %d at a time", m, domains, concurrency)
	}
	deadline := time.Now().Add(2 * time.Second)
	for live.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := live.Load(); n != 0 {
		t.Errorf("%d connections still open after the crawl", n)
	}
}

// A compressed body that decodes to little or nothing however long it is
// (an endless run of empty gzip members, or of empty deflate blocks) is
// cut once its encoded bytes pass the cap, and flagged truncated: the cap
// after decompression alone never ended it, and it was read at wire speed
// until the request timeout (393 MiB in 3 s from a loopback server to
// survey check). An incompressible body of exactly the cap, whose encoding
// is a little longer than the cap, is read whole.
func TestCrawl_EncodedBodyIsCappedToo(t *testing.T) {
	const cap = 64 << 10
	var member bytes.Buffer
	gw := gzip.NewWriter(&member)
	gw.Close()
	emptyMembers := bytes.Repeat(member.Bytes(), 1024)
	// A non-final stored block of length 0: BFINAL 0, BTYPE 00, LEN 0, NLEN 0xffff.
	emptyBlocks := bytes.Repeat([]byte{0, 0, 0, 0xff, 0xff}, 4096)
	random := make([]byte, cap)
	rand.Read(random)
	var incompressible bytes.Buffer
	gw, _ = gzip.NewWriterLevel(&incompressible, gzip.BestCompression)
	gw.Write(random)
	gw.Close()
	if incompressible.Len() <= cap {
		t.Fatalf("the random body compressed to %d bytes, within the cap", incompressible.Len())
	}
	endless := func(w http.ResponseWriter, enc string, head, block []byte) {
		w.Header().Set("Content-Encoding", enc)
		w.Write(head)
		for {
			if _, err := w.Write(block); err != nil {
				return
			}
		}
	}
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			endless(w, "gzip", nil, emptyMembers)
		case "/agents.txt": // raw deflate
			endless(w, "deflate", nil, emptyBlocks)
		case "/AGENTS.md": // zlib-wrapped deflate
			endless(w, "deflate", []byte{0x78, 0x9c}, emptyBlocks)
		case "/llms.txt":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(incompressible.Bytes())
		default:
			http.NotFound(w, r)
		}
	}))
	const timeout = 5 * time.Second
	c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots, Timeout: timeout, MaxBody: cap})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/robots.txt", "/agents.txt", "/AGENTS.md"} {
		start := time.Now()
		f := c.FetchURL(context.Background(), "https://enc.test"+path, registry.LocRobots)
		if took := time.Since(start); f.ErrKind != ErrNone || !f.Truncated || len(f.Body) != 0 || took > timeout/2 {
			t.Errorf("%s: %s (%s) truncated=%v, %d bytes after %v; want cut at the cap, truncated, at once", path, f.ErrKind, f.Err, f.Truncated, len(f.Body), took)
		}
	}
	if f := c.FetchURL(context.Background(), "https://enc.test/llms.txt", registry.LocLLMsTxt); f.ErrKind != ErrNone || f.Truncated || !bytes.Equal(f.Body, random) {
		t.Errorf("an incompressible body of the cap, gzipped to %d bytes: %s (%s) truncated=%v, %d bytes; want it whole", incompressible.Len(), f.ErrKind, f.Err, f.Truncated, len(f.Body))
	}
}

// A host many domains redirect to, which never answers, costs the crawl
// Config.MaxTimeouts timeouts, not that many per domain: the domains
// queued at its gate (where their clocks are paused) used to pay their own
// timeouts there one after the other, 12 domains taking 6.5 s against a
// deadline of 1 s (and a crawl of 10 such seeds with survey crawl
// --timeout 1s --domain-deadline 2s, 20 s). Once the host has timed out
// MaxTimeouts times in a row, its requests fail unsent, host_unresponsive,
// from every domain; a domain whose own host it is is not requested at all.
func TestCrawl_SharedStalledHostIsLeftAlone(t *testing.T) {
	const domains, timeout = 12, 300 * time.Millisecond
	var stalled atomic.Int32
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host == "stall.test" {
			stalled.Add(1)
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		http.Redirect(w, r, "http://stall.test"+r.URL.Path, http.StatusFound)
	}))
	c, err := New(Config{ConnectTo: s.Addr, Concurrency: domains, Timeout: timeout, DomainDeadline: time.Second,
		Locations: registry.Locations()[:3]})
	if err != nil {
		t.Fatal(err)
	}
	run := func(list []seeds.Seed) []*DomainResult { return runSeeds(t, c, list) }
	var list []seeds.Seed
	for i := range domains {
		list = append(list, seeds.Seed{Host: fmt.Sprintf("d%d.test", i), Scheme: "http"})
	}
	start := time.Now()
	res := run(list)
	if took := time.Since(start); took > 4*DefaultMaxTimeouts*timeout {
		t.Errorf("%d domains redirecting to one stalled host took %v", domains, took)
	}
	if n := stalled.Load(); n != DefaultMaxTimeouts {
		t.Errorf("%d requests reached the stalled host, want %d", n, DefaultMaxTimeouts)
	}
	for _, r := range res {
		for _, f := range r.Fetches {
			switch {
			case f.ErrKind == ErrTimeout && len(f.Hops) == 1:
			case f.ErrKind == ErrHostUnresponsive && len(f.Hops) == 1 && !f.Skipped &&
				strings.Contains(f.Err, "stall.test timed out on 2 requests in a row"):
			case f.ErrKind == ErrHostUnresponsive && f.Skipped && len(f.Hops) == 0:
				// The domain's own crawl gave up after two timeouts.
			default:
				t.Errorf("%s %s: %s after %d hops, skipped %v (%s)", r.Domain, f.Location, f.ErrKind, len(f.Hops), f.Skipped, f.Err)
			}
		}
	}
	before := stalled.Load()
	for _, f := range run([]seeds.Seed{{Host: "stall.test", Scheme: "http"}})[0].Fetches {
		if f.ErrKind != ErrHostUnresponsive || !f.Skipped {
			t.Errorf("stall.test %s: %s, skipped %v (%s); want host_unresponsive, not requested", f.Location, f.ErrKind, f.Skipped, f.Err)
		}
	}
	if n := stalled.Load() - before; n != 0 {
		t.Errorf("%d requests reached the stalled host as a seed", n)
	}
}

// Only timeouts in a row leave a host alone: an answer in between starts
// the count again.
func TestGates_TimeoutsInARow(t *testing.T) {
	g := newGates(1, time.Second, 2)
	acquire := func() error {
		release, _, err := g.acquire(context.Background(), "h.test", netip.Addr{}, clocks{})
		if err == nil {
			release()
		}
		return err
	}
	g.timedOut("h.test")
	g.answered("h.test")
	g.timedOut("h.test")
	if err := acquire(); err != nil {
		t.Fatalf("after a timeout, an answer and a timeout: %v", err)
	}
	g.timedOut("h.test")
	var slow *unresponsiveError
	if err := acquire(); !errors.As(err, &slow) || slow.host != "h.test" {
		t.Fatalf("after two timeouts in a row: %v, want the host left alone", err)
	}
	if err := func() error {
		release, _, err := g.acquire(context.Background(), "other.test", netip.Addr{}, clocks{})
		if err == nil {
			release()
		}
		return err
	}(); err != nil {
		t.Errorf("another host: %v", err)
	}
}

// Domains sharing an address hold no more connections open to it than the
// per-IP limit allows requests, and a few closing: a request sent while
// other domains' requests are queued for the address closes its
// connection after the response. Each domain kept its connection idle
// while its next request queued behind the others, so the address had as
// many connections open as domains crawled on it at once (48 here, with a
// per-IP limit of 2), which a server's limit on connections per client
// address would meet with errors of the crawler's own making.
func TestGates_ConnectionsToOneIPAreBounded(t *testing.T) {
	const domains, limit = 48, 2
	dns, list := sharedAddress(t, domains)
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(10 * time.Millisecond)
		http.NotFound(w, r)
	}))
	_, most := countConns(s.srv)
	res := crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Resolver: dns, Concurrency: domains, PerIPLimit: limit,
		Locations: registry.Locations()[:4], Timeout: 5 * time.Second}, list)
	for _, r := range res {
		for _, f := range r.Fetches {
			if f.ErrKind != ErrNone || f.Status != http.StatusNotFound {
				t.Errorf("%s %s: %s (%s)", r.Domain, f.Location, f.ErrKind, f.Err)
			}
		}
	}
	// The server counts a connection closed when it has closed it, which
	// may come after the next one opens: the bound leaves room for that.
	if m := most.Load(); m > 4*limit {
		t.Errorf("%d connections were open at once to one address, for a per-IP limit of %d", m, limit)
	}
}

// The per-IP limit is kept on the address the crawler connects to: a name
// whose DNS answer lists a refused address (private, loopback) before a
// public one is connected to at the public one, and queues there, with
// every other name on that public address. The limit was kept on the
// first address of the answer, refused or not, so names whose answers
// each began with another private address each had a gate of their own,
// and their requests to the one public address went out all at once.
func TestGates_PerIPLimitIsOnTheAddressConnectedTo(t *testing.T) {
	const domains, limit = 12, 1
	var list []seeds.Seed
	for i := range domains {
		list = append(list, seeds.Seed{Host: fmt.Sprintf("site%d.test", i)})
	}
	dns := startChangingDNS(t, func(name string, _ int) []string {
		var i int
		if _, err := fmt.Sscanf(name, "site%d.test.", &i); err != nil {
			return nil
		}
		return []string{fmt.Sprintf("10.0.0.%d", i+1), "203.0.113.10"}
	})
	var p peak
	s := newTestServer(t, p.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(30 * time.Millisecond)
		http.NotFound(w, r)
	})))
	res := crawlSeeds(t, Config{ConnectTo: s.Addr, RootCAs: s.Roots, Resolver: dns, Concurrency: domains,
		PerIPLimit: limit, Locations: registry.Locations()[:2], Timeout: 5 * time.Second}, list)
	for _, r := range res {
		for _, f := range r.Fetches {
			if f.ErrKind != ErrNone || f.Status != http.StatusNotFound {
				t.Errorf("%s %s: %s (%s)", r.Domain, f.Location, f.ErrKind, f.Err)
			}
		}
	}
	if m := p.max.Load(); m > limit {
		t.Errorf("%d requests were in flight at once to 203.0.113.10, limit %d", m, limit)
	}
}

// The User-Agent goes with every request, not only a domain's first: the
// HTTP requests after the HTTPS fallback, the retry after a Retry-After,
// the canary, and a single URL's fetch (survey check); a Config.UserAgent
// of one's own replaces it on all of them.
func TestCrawl_UserAgentOnRetriesAndFallback(t *testing.T) {
	var mu sync.Mutex
	var agents []string
	var robots int
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.Header.Get("User-Agent"))
		first := false
		if r.URL.Path == "/robots.txt" {
			robots++
			first = robots == 1
		}
		mu.Unlock()
		if first {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		http.NotFound(w, r)
	}))
	s.tlsOn = func(string) bool { return false }
	res := crawlOne(t, s, seeds.Seed{Host: "plain.test"}, func(c *Config) { c.Locations = registry.Locations()[:3] })
	if !res.HTTPFallback {
		t.Fatalf("no HTTP fallback: %s", res.HTTPSError)
	}
	c, err := New(Config{ConnectTo: s.Addr, UserAgent: "mybot/1 (+https://example.org/bot)"})
	if err != nil {
		t.Fatal(err)
	}
	c.FetchURL(context.Background(), "http://plain.test/llms.txt", registry.LocLLMsTxt)
	mu.Lock()
	defer mu.Unlock()
	want := append(slices.Repeat([]string{DefaultUserAgent}, 4), "mybot/1 (+https://example.org/bot)")
	if !slices.Equal(agents, want) {
		t.Errorf("User-Agents %q, want %q (the 429, its retry, two more locations, then survey check's)", agents, want)
	}
	if !strings.HasPrefix(DefaultUserAgent, "survey/") || !strings.Contains(DefaultUserAgent, "https://") {
		t.Errorf("DefaultUserAgent %q names neither survey nor a URL", DefaultUserAgent)
	}
}

// Framing that would go on for ever is cut: a chunk size of 2^60 at the
// body cap (truncated, as any long body), one past 64 bits as a protocol
// error, and an endless run of informational (1xx) responses at the header
// cap.
func TestCrawl_EndlessFramingIsCut(t *testing.T) {
	const cap = 64 << 10
	for name, tc := range map[string]struct {
		head      string
		kind      ErrorKind
		truncated bool
	}{
		"chunk of 2^60":    {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffff\r\n", ErrNone, true},
		"chunk past 2^64":  {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n", ErrProtocol, false},
		"100 MiB declared": {"HTTP/1.1 200 OK\r\nContent-Length: 104857600\r\n\r\n", ErrNone, true},
		"103 for ever":     {"", ErrHeaderCap, false},
	} {
		addr := rawServer(t, func(c net.Conn) {
			if tc.head == "" {
				for {
					if _, err := io.WriteString(c, "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"); err != nil {
						return
					}
				}
			}
			io.WriteString(c, tc.head)
			for {
				if _, err := c.Write(bytes.Repeat([]byte("a"), 32<<10)); err != nil {
					return
				}
			}
		})
		c, err := New(Config{ConnectTo: addr, Timeout: 5 * time.Second, MaxBody: cap})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		f := c.FetchURL(context.Background(), "http://frame.test/robots.txt", registry.LocRobots)
		want := 0
		if tc.truncated {
			want = cap
		}
		if took := time.Since(start); f.ErrKind != tc.kind || f.Truncated != tc.truncated || len(f.Body) != want || took > 2*time.Second {
			t.Errorf("%s: %q (%s) truncated=%v, %d bytes after %v; want %q, truncated=%v", name, f.ErrKind, f.Err, f.Truncated, len(f.Body), took, tc.kind, tc.truncated)
		}
	}
}

// A redirect may name a host in Unicode (Location: http://bücher.test/),
// which net/http connects to by its ASCII form (xn--bcher-kva.test): the
// gates know it by that form too, so its requests share the host's gate
// with the seed of that name, and the per-IP limit with every name on its
// address. The Unicode name was a host of its own to the gates, and, as
// the resolver cannot look it up, had no per-IP limit at all: with a limit
// of 1, its requests went out beside other names' requests to the address.
func TestGates_UnicodeHostIsItsASCIIForm(t *testing.T) {
	const domains = 6
	dns := startChangingDNS(t, func(name string, _ int) []string {
		// A DNS name is ASCII: no zone holds bücher.test.
		if strings.HasSuffix(name, ".test.") && !strings.ContainsFunc(name, func(r rune) bool { return r > 0x7f }) {
			return []string{"203.0.113.10"}
		}
		return nil
	})
	var p peak
	s := newTestServer(t, p.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(20 * time.Millisecond)
		if r.Host != "xn--bcher-kva.test" {
			w.Header().Set("Location", "http://bücher.test"+r.URL.Path)
			w.WriteHeader(http.StatusFound)
			return
		}
		http.NotFound(w, r)
	})))
	list := []seeds.Seed{{Host: "xn--bcher-kva.test", Scheme: "http"}}
	for i := range domains {
		list = append(list, seeds.Seed{Host: fmt.Sprintf("d%d.test", i), Scheme: "http"})
	}
	res := crawlSeeds(t, Config{ConnectTo: s.Addr, Resolver: dns, PerIPLimit: 1, Concurrency: len(list),
		Locations: registry.Locations()[:3], Timeout: 5 * time.Second}, list)
	for _, r := range res {
		for _, f := range r.Fetches {
			if f.ErrKind != ErrNone || f.Status != http.StatusNotFound {
				t.Errorf("%s %s: %s %d (%s)", r.Domain, f.Location, f.ErrKind, f.Status, f.Err)
			}
		}
	}
	if m := p.max.Load(); m != 1 {
		t.Errorf("%d requests were in flight at once to one address, limit 1", m)
	}
	for in, want := range map[string]string{"bücher.test": "xn--bcher-kva.test", "BÜCHER.Test.": "xn--bcher-kva.test", "Example.COM.": "example.com"} {
		if got := hostKey(in); got != want {
			t.Errorf("hostKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// A Retry-After the crawler waits for is waited at the gates, where the
// domain's deadline is paused, so the retry is made whenever the deadline
// leaves time for a request, however long the wait. It was made only when
// the deadline left the wait and a second more, a rule from when waits
// counted: with a 2 s deadline, a 503 with Retry-After: 2 at the first
// location was never retried, and the whole domain was left alone.
func TestCrawl_RetryAfterIsWaitedWhateverTheDeadlineLeft(t *testing.T) {
	var robots atomic.Int32
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" && robots.Add(1) == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		http.NotFound(w, r)
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "busy.test"}, func(c *Config) {
		c.DomainDeadline = 2 * time.Second
		c.Locations = registry.Locations()[:3]
	})
	for _, f := range res.Fetches {
		if f.ErrKind != ErrNone || f.Status != http.StatusNotFound {
			t.Errorf("%s: %s %d (%s), want the site's 404", f.Location, f.ErrKind, f.Status, f.Err)
		}
	}
	f := res.Fetch(registry.LocRobots)
	if f.Wait < 1900*time.Millisecond {
		t.Errorf("robots.txt retried after waiting %v, want the Retry-After's 2 s", f.Wait)
	}
	// The answer that was waited out is kept beside the retry's.
	if want := (Retried{Status: http.StatusServiceUnavailable, RetryAfter: "2"}); f.Retried == nil || *f.Retried != want {
		t.Errorf("robots.txt's first answer: %+v, want %+v", f.Retried, want)
	}
	for _, other := range res.Fetches[1:] {
		if other.Retried != nil {
			t.Errorf("%s, asked once, has a first answer %+v", other.Location, other.Retried)
		}
	}
}

// sharedAddress starts a DNS server answering n names, site0.test to
// site<n-1>.test, with one address, 203.0.113.10, and returns it and the
// names as seeds.
func sharedAddress(t *testing.T, n int) (dns string, list []seeds.Seed) {
	t.Helper()
	names := map[string]string{}
	for i := range n {
		names[fmt.Sprintf("site%d.test.", i)] = "203.0.113.10"
		list = append(list, seeds.Seed{Host: fmt.Sprintf("site%d.test", i)})
	}
	return startDNS(t, names), list
}

// countConns counts srv's open connections (live) and the most open at
// once (most).
func countConns(srv *http.Server) (live, most *atomic.Int32) {
	live, most = new(atomic.Int32), new(atomic.Int32)
	srv.ConnState = func(_ net.Conn, st http.ConnState) {
		switch st {
		case http.StateNew:
			n := live.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
		case http.StateClosed, http.StateHijacked:
			live.Add(-1)
		}
	}
	return live, most
}
