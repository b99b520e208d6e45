package crawl

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// crawlOne crawls one seed against the test server.
func crawlOne(t *testing.T, s *testServer, seed seeds.Seed, tweak func(*Config)) *DomainResult {
	t.Helper()
	cfg := Config{ConnectTo: s.Addr, RootCAs: s.Roots, Timeout: 2 * time.Second, Concurrency: 2}
	if tweak != nil {
		tweak(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	in := make(chan seeds.Seed, 1)
	in <- seed
	close(in)
	var got *DomainResult
	if err := c.Run(context.Background(), in, func(r *DomainResult) error { got = r; return nil }); err != nil {
		t.Fatal(err)
	}
	if got == nil {
		t.Fatal("no result")
	}
	return got
}

func TestCrawl_FetchesEveryLocationInOrderPolitely(t *testing.T) {
	var cc concurrency
	var ua atomic.Value
	h := cc.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua.Store(r.UserAgent())
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /private\n")
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><head><title>home</title></head></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "example.test"}, nil)

	if len(res.Fetches) != len(registry.Locations()) {
		t.Fatalf("%d fetches, want one per location (%d)", len(res.Fetches), len(registry.Locations()))
	}
	for i, loc := range registry.Locations() {
		f := res.Fetches[i]
		if f.Location != loc.ID {
			t.Errorf("fetch %d is %s, want %s (registry order)", i, f.Location, loc.ID)
		}
		if f.ErrKind != ErrNone {
			t.Errorf("%s: error %s: %s", loc.ID, f.ErrKind, f.Err)
		}
	}
	robots := res.Fetch(registry.LocRobots)
	if robots.Status != 200 || string(robots.Body) != "User-agent: *\nDisallow: /private\n" || robots.Scheme != "https" {
		t.Errorf("robots = %d %q over %s", robots.Status, robots.Body, robots.Scheme)
	}
	if f := res.Fetch(registry.LocAgentsTxt); f.Status != 404 {
		t.Errorf("agents.txt status %d, want 404", f.Status)
	}
	if canary := res.Fetch(registry.LocCanary); !strings.HasPrefix(canary.URL, "https://example.test/.well-known/survey-canary-") {
		t.Errorf("canary URL %q", canary.URL)
	}
	if got := ua.Load().(string); got != DefaultUserAgent || !strings.Contains(got, "https://") {
		t.Errorf("User-Agent %q, want the default naming the tool and a URL", got)
	}
	if m := cc.maxFor("example.test"); m != 1 {
		t.Errorf("%d requests were in flight at once to one host, want 1", m)
	}
}

// TestCrawl_DomainUsesOneConnectionAndClosesIt checks that a domain's
// requests share one connection, each recording its remote address, and
// that the last asks the server to close it, so that finished domains'
// connections do not linger in the pool.
func TestCrawl_DomainUsesOneConnectionAndClosesIt(t *testing.T) {
	type request struct {
		path, conn string
		close      bool
	}
	var mu sync.Mutex
	var got []request
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, request{r.URL.Path, r.RemoteAddr, r.Close})
		mu.Unlock()
		http.NotFound(w, r)
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "example.test"}, nil)
	for _, f := range res.Fetches {
		if f.RemoteAddr != s.Addr {
			t.Errorf("%s: remote address %q, want the server's, %q", f.URL, f.RemoteAddr, s.Addr)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != len(registry.Locations()) {
		t.Fatalf("%d requests, want one per location (%d)", len(got), len(registry.Locations()))
	}
	for i, r := range got {
		if r.conn != got[0].conn {
			t.Errorf("request %d (%s) came over connection %s, the first over %s", i, r.path, r.conn, got[0].conn)
		}
		if last := i == len(got)-1; r.close != last {
			t.Errorf("request %d (%s): Connection: close is %v, want %v (only on the last)", i, r.path, r.close, last)
		}
	}
}

func TestCrawl_BodyCapIsAppliedAfterDecompressionAndFlagged(t *testing.T) {
	const cap = 64 << 10
	bomb := gzipBomb(t, 1<<30) // 1 GiB of zeros, about 1 MiB compressed
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt": // the decompression bomb
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(bomb)
		case "/llms.txt": // a plain oversized body
			w.Write(bytes.Repeat([]byte("a"), 3*cap))
		case "/ai.txt": // exactly the cap: not truncated
			w.Write(bytes.Repeat([]byte("b"), cap))
		case "/agents.txt": // gzip-typed but not encoded: kept raw, never inflated
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(bomb[:4096])
		default:
			http.NotFound(w, r)
		}
	})
	s := newTestServer(t, h)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := crawlOne(t, s, seeds.Seed{Host: "example.test"}, func(c *Config) { c.MaxBody = cap })
	runtime.ReadMemStats(&after)

	robots := res.Fetch(registry.LocRobots)
	if !robots.Truncated || len(robots.Body) != cap || robots.ErrKind != ErrNone {
		t.Errorf("bomb: truncated=%v len=%d err=%s, want truncated at %d", robots.Truncated, len(robots.Body), robots.Err, cap)
	}
	if llms := res.Fetch(registry.LocLLMsTxt); !llms.Truncated || len(llms.Body) != cap {
		t.Errorf("oversized: truncated=%v len=%d", llms.Truncated, len(llms.Body))
	}
	if ai := res.Fetch(registry.LocAITxt); ai.Truncated || len(ai.Body) != cap {
		t.Errorf("body of exactly the cap: truncated=%v len=%d", ai.Truncated, len(ai.Body))
	}
	if at := res.Fetch(registry.LocAgentsTxt); !bytes.Equal(at.Body, bomb[:4096]) {
		t.Errorf("application/gzip body was altered (len %d)", len(at.Body))
	}
	// A client that inflated the bomb would allocate a gibibyte.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("crawling allocated %d MiB; the bomb was inflated", alloc>>20)
	}
}

// A response whose header block is over MaxHeaderBytes is not read: its
// fetch fails with ErrHeaderCap (the server answered), and the domain's
// other locations are fetched as usual.
func TestCrawl_HeaderCap(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			for i := range 2 * MaxHeaderBytes / 100 {
				w.Header().Set(fmt.Sprintf("X-Padding-%d", i), strings.Repeat("x", 100))
			}
			w.Write([]byte("User-agent: *\nDisallow: /\n"))
		case "/llms.txt":
			w.Write([]byte("# Title\n"))
		default:
			http.NotFound(w, r)
		}
	})
	res := crawlOne(t, newTestServer(t, h), seeds.Seed{Host: "example.test"}, nil)
	if robots := res.Fetch(registry.LocRobots); robots.ErrKind != ErrHeaderCap || robots.Status != 0 || len(robots.Body) != 0 {
		t.Errorf("robots.txt with %d KiB of headers: kind %q, status %d, %d bytes (%s); want %q", 2*MaxHeaderBytes>>10, robots.ErrKind, robots.Status, len(robots.Body), robots.Err, ErrHeaderCap)
	}
	if llms := res.Fetch(registry.LocLLMsTxt); llms.ErrKind != ErrNone || llms.Status != 200 || string(llms.Body) != "# Title\n" {
		t.Errorf("llms.txt after it: kind %q, status %d, body %q", llms.ErrKind, llms.Status, llms.Body)
	}
}

func gzipBomb(t *testing.T, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for i := 0; i < size/len(zero); i++ {
		zw.Write(zero)
	}
	zw.Close()
	return buf.Bytes()
}

func TestCrawl_RedirectChainsAreRecordedAndLimited(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Host == "example.test" && r.URL.Path == "/robots.txt":
			http.Redirect(w, r, "https://www.example.test/robots.txt", http.StatusMovedPermanently)
		case r.Host == "www.example.test" && r.URL.Path == "/robots.txt":
			io.WriteString(w, "User-agent: *\n")
		case r.Host == "cdn.other.test":
			io.WriteString(w, "*0000\n")
		case r.URL.Path == "/agents.txt": // off-site
			http.Redirect(w, r, "https://cdn.other.test/agents.txt", http.StatusFound)
		case r.URL.Path == "/llms.txt": // downgrade
			if r.TLS != nil {
				http.Redirect(w, r, "http://example.test/llms.txt", http.StatusMovedPermanently)
				return
			}
			io.WriteString(w, "# Title\n")
		case r.URL.Path == "/ai.txt": // loop
			http.Redirect(w, r, "/ai2.txt", http.StatusFound)
		case r.URL.Path == "/ai2.txt":
			http.Redirect(w, r, "/ai.txt", http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/.well-known/tdmrep.json"): // endless distinct hops
			n := len(r.URL.RawQuery)
			http.Redirect(w, r, fmt.Sprintf("/.well-known/tdmrep.json?%s", strings.Repeat("x", n+1)), http.StatusFound)
		case r.URL.Path == "/automation-preferences.txt": // no Location
			w.WriteHeader(http.StatusFound)
		case r.URL.Path == "/.well-known/did.json": // not modified: no redirect
			w.WriteHeader(http.StatusNotModified)
		default:
			http.NotFound(w, r)
		}
	})
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "example.test"}, nil)

	robots := res.Fetch(registry.LocRobots)
	if len(robots.Hops) != 1 || robots.Hops[0].Status != 301 || robots.Hops[0].Location != "https://www.example.test/robots.txt" ||
		robots.FinalURL != "https://www.example.test/robots.txt" || robots.Offsite || robots.Status != 200 {
		t.Errorf("apex to www: %+v final=%s offsite=%v status=%d", robots.Hops, robots.FinalURL, robots.Offsite, robots.Status)
	}
	if at := res.Fetch(registry.LocAgentsTxt); !at.Offsite || at.Status != 200 || at.Downgraded {
		t.Errorf("off-site: offsite=%v status=%d", at.Offsite, at.Status)
	}
	if l := res.Fetch(registry.LocLLMsTxt); !l.Downgraded || l.Scheme != "http" || string(l.Body) != "# Title\n" {
		t.Errorf("downgrade: downgraded=%v scheme=%s body=%q", l.Downgraded, l.Scheme, l.Body)
	}
	if a := res.Fetch(registry.LocAITxt); a.ErrKind != ErrLoop || len(a.Hops) != 2 {
		t.Errorf("loop: kind=%s hops=%d (%s)", a.ErrKind, len(a.Hops), a.Err)
	}
	if td := res.Fetch(registry.LocTDMRep); td.ErrKind != ErrTooManyRedirects || len(td.Hops) != registry.MaxRedirects+1 {
		t.Errorf("too many: kind=%s hops=%d (%s)", td.ErrKind, len(td.Hops), td.Err)
	}
	if ap := res.Fetch(registry.LocAutoctl); ap.ErrKind != ErrBadLocation || ap.Status != 302 {
		t.Errorf("no Location: kind=%s status=%d", ap.ErrKind, ap.Status)
	}
	if d := res.Fetch(registry.LocDID); d.ErrKind != ErrNone || d.Status != 304 || d.Err != "" {
		t.Errorf("304 Not Modified: kind=%s status=%d err=%q, want no error", d.ErrKind, d.Status, d.Err)
	}
}

func TestCrawl_FallsBackToHTTPWhenHTTPSCannotConnect(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil {
			t.Errorf("HTTPS request reached the handler for %s", r.URL)
		}
		io.WriteString(w, "User-agent: *\n")
	})
	s := newTestServer(t, h)
	s.tlsOn = func(string) bool { return false }
	res := crawlOne(t, s, seeds.Seed{Host: "plain.test"}, nil)
	if !res.HTTPFallback || res.Scheme != "http" || res.HTTPSError == "" {
		t.Fatalf("fallback=%v scheme=%s httpsError=%q", res.HTTPFallback, res.Scheme, res.HTTPSError)
	}
	for _, f := range res.Fetches {
		if f.ErrKind != ErrNone || f.Scheme != "http" {
			t.Errorf("%s: %s over %s", f.Location, f.ErrKind, f.Scheme)
		}
	}
}

func TestCrawl_StallingHostTimesOutThenIsSkipped(t *testing.T) {
	var requests atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		<-r.Context().Done() // stall until the client gives up
	})
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "stall.test"}, func(c *Config) { c.Timeout = 300 * time.Millisecond })
	if res.HTTPFallback {
		t.Error("a timeout triggered the HTTP fallback")
	}
	for i, f := range res.Fetches {
		want := ErrTimeout
		if i >= DefaultMaxTimeouts {
			want = ErrHostUnresponsive
		}
		if f.ErrKind != want || f.Skipped != (i >= DefaultMaxTimeouts) {
			t.Errorf("%s: kind=%s skipped=%v status=%d err=%q total=%v, want %s", f.Location, f.ErrKind, f.Skipped, f.Status, f.Err, f.Total, want)
		}
	}
	if n := requests.Load(); n != DefaultMaxTimeouts {
		t.Errorf("%d requests reached the stalling host, want %d", n, DefaultMaxTimeouts)
	}
}

// lateTransport hands on each response only once its request's context is
// done, as when a response comes through the moment a budget runs out.
type lateTransport struct{ base http.RoundTripper }

func (t lateTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err == nil {
		<-req.Context().Done()
	}
	return resp, err
}

// A response that comes through after the fetch's timeout, or its
// domain's deadline, has cancelled its request is a timeout, not the file.
// A server whose handler waits on its context answers the cancellation
// itself (an empty 200), and under load that answer could reach the
// crawler before the connection closed.
func TestCrawl_ResponseAfterTheTimeoutIsATimeout(t *testing.T) {
	s := newTestServer(t, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	for _, tc := range []struct {
		timeout, deadline time.Duration
		want              ErrorKind
	}{
		{50 * time.Millisecond, time.Minute, ErrTimeout},
		{time.Minute, 50 * time.Millisecond, ErrDomainDeadline},
	} {
		c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots, Timeout: tc.timeout})
		if err != nil {
			t.Fatal(err)
		}
		f := newFetcher(c.cfg, lateTransport{c.base}, c.gates, c.res, c.guard, &c.bufs)
		f.parent = context.Background()
		domain, cancel := context.WithCancelCause(context.Background())
		expire := time.AfterFunc(tc.deadline, func() { cancel(errDomainDeadline) })
		got := f.fetch(domain, "https://late.test/robots.txt", registry.LocRobots)
		expire.Stop()
		cancel(nil)
		if got.ErrKind != tc.want || got.Body != nil {
			t.Errorf("kind=%s status=%d body=%q err=%q, want %s and no body", got.ErrKind, got.Status, got.Body, got.Err, tc.want)
		}
	}
}

func TestCrawl_RetryAfterIsHonouredOnce(t *testing.T) {
	var times []time.Time
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		times = append(times, time.Now())
		if len(times) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		io.WriteString(w, "User-agent: *\n")
	})
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "busy.test"}, nil)
	if f := res.Fetch(registry.LocRobots); f.Status != 200 || len(times) != 2 {
		t.Fatalf("status %d after %d requests, want 200 after 2", f.Status, len(times))
	}
	if gap := times[1].Sub(times[0]); gap < 900*time.Millisecond {
		t.Errorf("retried after %v, before the Retry-After of 1s", gap)
	}
}

// With a negative MaxRetryAfter (survey crawl --max-retry-after 0) no
// Retry-After is waited for: the host is left alone at its first 429.
func TestCrawl_RetryAfterNeverWaited(t *testing.T) {
	var requests atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if requests.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		io.WriteString(w, "User-agent: *\n")
	})
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "busy.test"}, func(c *Config) { c.MaxRetryAfter = -1 })
	if f := res.Fetch(registry.LocRobots); f.Status != 429 {
		t.Errorf("robots.txt: status %d, want the 429 kept, not retried", f.Status)
	}
	for _, f := range res.Fetches[1:] {
		if f.ErrKind != ErrRateLimited || !f.Skipped {
			t.Errorf("%s: kind %s skipped %v, want rate_limited and not requested", f.Location, f.ErrKind, f.Skipped)
		}
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// A host that keeps answering 429, or asks for a longer wait than the
// crawler makes, is left alone: its remaining locations are not requested.
func TestCrawl_RateLimitedHostIsLeftAlone(t *testing.T) {
	var requests atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	s := newTestServer(t, h)
	start := time.Now()
	res := crawlOne(t, s, seeds.Seed{Host: "busy.test"}, nil)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the crawl waited %v for a host that asked for an hour", d)
	}
	if f := res.Fetches[0]; f.Status != 429 || f.ErrKind != ErrNone || f.Skipped {
		t.Errorf("first fetch: status %d kind %s skipped %v", f.Status, f.ErrKind, f.Skipped)
	}
	for _, f := range res.Fetches[1:] {
		if f.ErrKind != ErrRateLimited || !f.Skipped {
			t.Errorf("%s: kind %s skipped %v, want rate_limited and not requested", f.Location, f.ErrKind, f.Skipped)
		}
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests reached the rate-limiting host, want 1", n)
	}
}

func TestCrawl_GatesAreReleased(t *testing.T) {
	s := newTestServer(t, http.NotFoundHandler())
	cfg := Config{ConnectTo: s.Addr, RootCAs: s.Roots, Concurrency: 4}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	in := make(chan seeds.Seed, 20)
	for i := 0; i < 20; i++ {
		in <- seeds.Seed{Host: fmt.Sprintf("site%d.test", i)}
	}
	close(in)
	var n atomic.Int32 // emit is called from the workers
	if err := c.Run(context.Background(), in, func(*DomainResult) error { n.Add(1); return nil }); err != nil {
		t.Fatal(err)
	}
	if hosts, ips := c.gates.size(); hosts != 0 || ips != 0 || n.Load() != 20 {
		t.Fatalf("after the crawl: %d domains, %d host gates and %d IP gates left", n.Load(), hosts, ips)
	}
}

// TestCrawl_QueueingAtAGateIsNotTheSitesTime crawls many domains that share
// one IP address, allowed one request at a time: half the requests wait
// their turn longer than the request timeout (up to 23 × 50 ms against
// 600 ms), and every domain takes longer than its deadline (about 4 s
// against 1 s), though each request takes the site 50 ms. (The timeout
// leaves a TLS handshake room under the race detector on a loaded machine,
// where 300 ms did not.)
// That wait is the crawler's own politeness, not the site's slowness, so no
// fetch may be recorded as a timeout or a passed domain deadline.
func TestCrawl_QueueingAtAGateIsNotTheSitesTime(t *testing.T) {
	const domains = 24
	dns, list := sharedAddress(t, domains)
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(50 * time.Millisecond)
		http.NotFound(w, r)
	}))
	cfg := Config{
		ConnectTo: s.Addr, RootCAs: s.Roots, Resolver: dns, Concurrency: domains, PerIPLimit: 1,
		Locations: registry.Locations()[:4], Timeout: 600 * time.Millisecond, DomainDeadline: time.Second,
	}
	start := time.Now()
	results := crawlSeeds(t, cfg, list)
	t.Logf("%d domains of %d requests each through one IP slot in %v", domains, len(cfg.Locations), time.Since(start))
	var total, wait time.Duration
	for _, r := range results {
		for _, f := range r.Fetches {
			if f.ErrKind != ErrNone || f.Status != http.StatusNotFound {
				t.Errorf("%s %s: %s (%s), status %d; want the site's 404", r.Domain, f.Location, f.ErrKind, f.Err, f.Status)
			}
			// The wait is recorded, so that the time spent on the site
			// (Total - Wait) is what the request timeout bounded.
			if f.Wait < 0 || f.Wait > f.Total {
				t.Errorf("%s %s: waited %v of %v", r.Domain, f.Location, f.Wait, f.Total)
			}
			if onSite := f.Total - f.Wait; onSite > 2*cfg.Timeout {
				t.Errorf("%s %s: %v on the site (%v in all, %v waiting at the gates), beyond twice the %v timeout", r.Domain, f.Location, onSite, f.Total, f.Wait, cfg.Timeout)
			}
			total += f.Total
			wait += f.Wait
		}
	}
	if wait < total/2 {
		t.Errorf("the requests waited %v at the gates of %v in all; through one IP slot, most of their time is waiting", wait, total)
	}
}

// With Config.Robots, the robots.txt fetch decides which of the domain's
// other locations are requested: a disallowed one is recorded, not
// requested, with the rule's reason.
func TestCrawl_RobotsRulesSkipDisallowedLocations(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: *\nDisallow: /.well-known/\n")
			return
		}
		http.NotFound(w, r)
	})
	s := newTestServer(t, h)
	var seen *Fetch
	rules := func(f *Fetch) func(string) (bool, string) {
		seen = f
		return func(path string) (bool, string) {
			if strings.HasPrefix(path, "/.well-known/") {
				return false, "disallowed under /.well-known/"
			}
			return true, ""
		}
	}
	res := crawlOne(t, s, seeds.Seed{Host: "polite.test"}, func(c *Config) { c.Robots = rules })
	if seen == nil || seen.Location != registry.LocRobots || seen.Status != 200 {
		t.Fatalf("the rules were given %+v, want the robots.txt fetch", seen)
	}
	for _, f := range res.Fetches {
		wellKnown := strings.Contains(f.URL, "/.well-known/")
		if wellKnown != (f.ErrKind == ErrRobotsDisallowed) || wellKnown != f.Skipped {
			t.Errorf("%s (%s): kind %q skipped %v", f.Location, f.URL, f.ErrKind, f.Skipped)
		}
		if wellKnown && !strings.Contains(f.Err, "disallowed under /.well-known/") {
			t.Errorf("%s: error %q does not give the rule's reason", f.Location, f.Err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range paths {
		if strings.HasPrefix(p, "/.well-known/") {
			t.Errorf("%s was requested, though robots.txt disallows it", p)
		}
	}
	if len(paths) == 0 || paths[0] != "/robots.txt" {
		t.Errorf("requests %v, want robots.txt first", paths)
	}
}
