package testweb

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/internal/racetest"
	"github.com/agentpolicy/survey/registry"
)

// raceSlowdown stretches the client timeouts of the truth tests under the
// race detector, which slows the in-process web and its client several
// times over: a 4 MiB body must still arrive within the timeout.
func raceSlowdown() time.Duration {
	if racetest.On {
		return 3
	}
	return 1
}

// checkPopulation crawls every site of a running Web with the test
// crawler and compares each finding with the truth; it returns the number
// of fetches compared by kind.
func checkPopulation(t *testing.T, cfg Config, timeout time.Duration, workers int) map[string]int {
	t.Helper()
	w, addrs := startWeb(t, cfg)
	c := newTestCrawler(w, addrs, cfg.DNS, timeout)
	defer c.tr.CloseIdleConnections()
	type job struct{ domain, kind string }
	jobs := make(chan job)
	var mu sync.Mutex
	seen := map[string]int{}
	var failures []string
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				want, ok := w.Truth(j.domain)
				if !ok {
					mu.Lock()
					failures = append(failures, j.domain+": no truth")
					mu.Unlock()
					continue
				}
				got := c.crawlDomain(j.domain)
				var local []string
				for i := range want {
					if d := compareExpect(want[i], got[i]); d != "" {
						local = append(local, fmt.Sprintf("%s (%s) %s: %s", j.domain, j.kind, want[i].Location, d))
					}
					if msg := checkVariantBytes(w, c, want[i]); msg != "" {
						local = append(local, fmt.Sprintf("%s (%s) %s: %s", j.domain, j.kind, want[i].Location, msg))
					}
				}
				mu.Lock()
				failures = append(failures, local...)
				seen[j.kind] += len(want)
				mu.Unlock()
			}
		}()
	}
	for d, k := range w.Domains() {
		jobs <- job{d, k}
	}
	close(jobs)
	wg.Wait()
	sort.Strings(failures)
	for i, f := range failures {
		if i == 40 {
			t.Errorf("... and %d more", len(failures)-40)
			break
		}
		t.Error(f)
	}
	return seen
}

// checkVariantBytes fetches the location again when the truth names a
// file of the catalog and compares the bytes served with the file's.
func checkVariantBytes(w *Web, c *testCrawler, e Expect) string {
	if e.Variant == "" || !e.Outcome.HoldsFile() || e.Truncated {
		return ""
	}
	f := catalogFile(w, e.Variant)
	if f == nil {
		if strings.HasPrefix(e.Variant, "testweb/") {
			return ""
		}
		return "truth names unknown variant " + e.Variant
	}
	path := ""
	for _, l := range w.locs {
		if l.ID == e.Location {
			path = l.Path
		}
	}
	o := c.fetch(e.Scheme + "://" + e.Domain + path)
	if o.err != nil {
		return "refetch failed: " + o.err.Error()
	}
	if want := f.body(e.Domain); !bytes.Equal(o.body, want) {
		return fmt.Sprintf("served %d bytes that are not variant %s (%d bytes)", len(o.body), e.Variant, len(want))
	}
	return ""
}

// catalogFile finds a file of the catalog or of the Web's static own
// bodies by name.
func catalogFile(w *Web, name string) *file {
	for _, p := range w.cat.files {
		for _, f := range p.items {
			if f.name == name {
				return f
			}
		}
	}
	for _, s := range w.cat.feeds.items {
		for _, f := range []*file{s.feed, s.did, s.card} {
			if f != nil && f.name == name {
				return f
			}
		}
	}
	for _, f := range w.cat.homes.items {
		if f.name == name {
			return f
		}
	}
	for _, f := range []*file{w.own.soft404Text, w.own.gzipFile, w.own.badBytesRobots, w.own.latin1Robots, w.own.utf16Robots} {
		if f.name == name {
			return f
		}
	}
	return nil
}

// TestTruthAgreesWithServer_Hostile crawls a hostile population (every
// kind, DNS included) over real loopback connections and checks every
// location against the truth.
func TestTruthAgreesWithServer_Hostile(t *testing.T) {
	cfg := Config{Seed: 7, Sites: 400, Mix: MixHostile, DNS: true, SlowDelay: 50 * time.Millisecond, StallLimit: time.Minute}
	seen := checkPopulation(t, cfg, raceSlowdown()*3*time.Second, 16)
	for _, k := range Kinds() {
		if seen[k.Name] == 0 {
			t.Errorf("kind %s was not crawled", k.Name)
		}
	}
}

// TestTruthAgreesWithServer_Realistic does the same for the default mix
// without DNS.
func TestTruthAgreesWithServer_Realistic(t *testing.T) {
	cfg := Config{Seed: 3, Sites: 300, SlowDelay: 50 * time.Millisecond}
	checkPopulation(t, cfg, raceSlowdown()*3*time.Second, 16)
}

// TestTruth_UnknownDomains: names outside the population, and a site in
// the form it was not seeded in, have no truth.
func TestTruth_UnknownDomains(t *testing.T) {
	w := newTestWeb(t, Config{Sites: 50})
	for _, d := range []string{"example.com", "site-000050.test", "site-00001.test", "cdn-000001.test", "site-0000001.test", ""} {
		if _, ok := w.Truth(d); ok {
			t.Errorf("Truth(%q) reported a domain", d)
		}
	}
	for d := range w.Domains() {
		other := "www." + d
		if strings.HasPrefix(d, "www.") {
			other = strings.TrimPrefix(d, "www.")
		}
		if _, ok := w.Truth(other); ok {
			t.Errorf("Truth(%q) answered for the unseeded form of %s", other, d)
		}
		if _, ok := w.Truth(strings.ToUpper(d)); !ok {
			t.Errorf("Truth(%q) is not case-insensitive", strings.ToUpper(d))
		}
	}
}

// TestTruth_KindRules checks the truth of one site of each kind against
// hand-written expectations taken from docs/outcomes.md.
func TestTruth_KindRules(t *testing.T) {
	w := newTestWeb(t, Config{Seed: 11, Sites: 2000, DNS: true})
	// The hostile-only kinds come from a hostile population.
	hw := newTestWeb(t, Config{Seed: 11, Sites: 1000, Mix: MixHostile})
	byKind := map[string][]Expect{}
	for d, k := range hw.Domains() {
		if _, ok := byKind[k]; !ok {
			e, _ := hw.Truth(d)
			byKind[k] = e
		}
	}
	for d, k := range w.Domains() {
		if _, ok := byKind[k]; !ok {
			e, _ := w.Truth(d)
			byKind[k] = e
		}
	}
	at := func(kind string, loc string) Expect {
		for _, e := range byKind[kind] {
			if string(e.Location) == loc {
				return e
			}
		}
		t.Fatalf("no %s expectation for kind %s", loc, kind)
		return Expect{}
	}
	type want struct {
		kind, loc string
		outcome   classify.Outcome
		reason    string
		scheme    string
		fallback  bool
		offsite   bool
		downgrade bool
		truncated bool
	}
	for _, c := range []want{
		{"missing-404", "robots", classify.Absent, "status_404", "https", false, false, false, false},
		{"missing-404", "home", classify.Present, "ok", "https", false, false, false, false},
		{"missing-410", "llms-txt", classify.Absent, "status_410", "https", false, false, false, false},
		{"soft404-html", "robots", classify.Soft404, "", "https", false, false, false, false},
		{"soft404-html", "canary", classify.Soft404, "canary_self", "https", false, false, false, false},
		{"soft404-html", "home", classify.Present, "ok", "https", false, false, false, false},
		{"soft404-text", "agents-txt", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"soft404-json", "did", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"botwall-cloudflare", "robots", classify.Blocked, "challenge_cloudflare", "https", false, false, false, false},
		{"botwall-cloudflare-503", "home", classify.Blocked, "challenge_cloudflare", "https", false, false, false, false},
		{"botwall-akamai", "canary", classify.Blocked, "challenge_akamai", "https", false, false, false, false},
		{"botwall-datadome", "robots", classify.Blocked, "challenge_datadome", "https", false, false, false, false},
		{"botwall-perimeterx", "robots", classify.Blocked, "challenge_perimeterx", "https", false, false, false, false},
		{"botwall-imperva", "robots", classify.Blocked, "challenge_imperva", "https", false, false, false, false},
		{"forbidden-wellknown", "tdmrep", classify.Blocked, "status_403", "https", false, false, false, false},
		{"unauthorized-wellknown", "agent-card", classify.Blocked, "status_401", "https", false, false, false, false},
		{"ratelimited", "robots", classify.Blocked, "status_429", "https", false, false, false, false},
		{"ratelimited", "canary", classify.Blocked, "rate_limited", "https", false, false, false, false},
		{"ratelimited", "home", classify.Blocked, "rate_limited", "https", false, false, false, false},
		{"redirect-offsite", "canary", classify.Absent, "status_404", "https", false, true, false, false},
		{"redirect-offsite", "home", classify.Present, "ok", "https", false, false, false, false},
		{"redirect-downgrade", "home", classify.Downgraded, "https_to_http", "http", false, false, true, false},
		{"redirect-downgrade", "canary", classify.Absent, "status_404", "http", false, false, true, false},
		{"redirect-loop", "robots", classify.RedirectError, "loop", "https", false, false, false, false},
		{"redirect-chain", "robots", classify.RedirectError, "too_many", "https", false, false, false, false},
		{"redirect-chain-max", "home", classify.Present, "ok", "https", false, false, false, false},
		{"redirect-nolocation", "robots", classify.RedirectError, "bad_location", "https", false, false, false, false},
		{"redirect-private", "robots", classify.NetworkError, "address_guard", "http", false, true, true, false},
		{"redirect-loopback", "home", classify.NetworkError, "address_guard", "http", false, true, true, false},
		{"redirect-metadata", "llms-txt", classify.NetworkError, "address_guard", "http", false, true, true, false},
		{"http-only", "home", classify.Present, "ok", "http", true, false, false, false},
		{"http-only-reset", "canary", classify.Absent, "status_404", "http", true, false, false, false},
		{"bad-cert", "home", classify.Present, "ok", "http", true, false, false, false},
		{"slow", "home", classify.Present, "ok", "https", false, false, false, false},
		{"stall", "robots", classify.Timeout, "request_timeout", "https", false, false, false, false},
		{"stall", "canary", classify.Timeout, "request_timeout", "https", false, false, false, false},
		{"stall", "agents-txt", classify.Timeout, "host_unresponsive", "https", false, false, false, false},
		{"stall", "home", classify.Timeout, "host_unresponsive", "https", false, false, false, false},
		{"stall-wellknown", "canary", classify.Timeout, "request_timeout", "https", false, false, false, false},
		{"stall-wellknown", "agents-md-wk", classify.Timeout, "request_timeout", "https", false, false, false, false},
		{"stall-wellknown", "agent-feed", classify.Timeout, "request_timeout", "https", false, false, false, false},
		{"stall-wellknown", "autoctl", classify.Timeout, "host_unresponsive", "https", false, false, false, false},
		{"reset-handshake", "robots", classify.NetworkError, "reset", "https", false, false, false, false},
		{"reset-handshake", "home", classify.NetworkError, "reset", "https", false, false, false, false},
		{"reset-midbody", "home", classify.NetworkError, "reset", "https", false, false, false, false},
		{"oversized", "robots", classify.TooLarge, "body_cap", "https", false, false, false, true},
		{"oversized", "llms-txt", classify.TooLarge, "body_cap", "https", false, false, false, true},
		{"gzip-bomb", "robots", classify.TooLarge, "body_cap", "https", false, false, false, true},
		{"gzip-mislabeled", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"bad-bytes", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"huge-headers", "robots", classify.NetworkError, "header_cap", "https", false, false, false, false},
		{"huge-headers", "llms-txt", classify.Absent, "status_404", "https", false, false, false, false},
		{"short-body", "home", classify.NetworkError, "reset", "https", false, false, false, false},
		{"short-body", "canary", classify.Absent, "status_404", "https", false, false, false, false},
		{"bad-chunked", "home", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"bad-chunked", "canary", classify.Absent, "status_404", "https", false, false, false, false},
		{"not-http", "robots", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"not-http", "home", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"http09", "home", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"http09", "canary", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"robots-latin1", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"robots-utf16", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"encoding-unrequested", "robots", classify.NetworkError, "protocol", "https", false, false, false, false},
		{"encoding-unrequested", "home", classify.Present, "ok", "https", false, false, false, false},
		{"unavailable-retry", "robots", classify.ServerError, "status_503", "https", false, false, false, false},
		{"unavailable-retry", "canary", classify.Blocked, "rate_limited", "https", false, false, false, false},
		{"unavailable-retry", "home", classify.Blocked, "rate_limited", "https", false, false, false, false},
		{"long-location", "home", classify.Present, "ok", "https", false, false, false, false},
		{"long-location", "canary", classify.Absent, "status_404", "https", false, false, false, false},
		{"soft404-volatile", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"soft404-volatile", "canary", classify.Soft404, "canary_self", "https", false, false, false, false},
		{"soft404-volatile", "agents-txt", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"soft404-volatile", "did", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"soft404-volatile", "home", classify.Present, "ok", "https", false, false, false, false},
		{"soft404-json-escaped", "llms-txt", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"soft404-json-escaped", "tdmrep", classify.Soft404, "canary_match", "https", false, false, false, false},
		{"soft404-json-escaped", "home", classify.Present, "ok", "https", false, false, false, false},
		{"blank-files", "robots", classify.Present, "empty", "https", false, false, false, false},
		{"blank-files", "agents-txt", classify.Present, "empty", "https", false, false, false, false},
		{"blank-files", "llms-txt", classify.Present, "empty", "https", false, false, false, false},
		{"blank-files", "ai-txt", classify.Present, "empty", "https", false, false, false, false},
		{"blank-files", "canary", classify.Absent, "status_404", "https", false, false, false, false},
		{"botwall-captcha", "robots", classify.Blocked, "challenge_captcha", "https", false, false, false, false},
		{"botwall-captcha", "home", classify.Blocked, "challenge_captcha", "https", false, false, false, false},
		{"parked", "robots", classify.Present, "ok", "https", false, false, false, false},
		{"parked", "llms-txt", classify.Soft404, "", "https", false, false, false, false},
		{"parked", "canary", classify.Soft404, "canary_self", "https", false, false, false, false},
		{"parked", "home", classify.Present, "ok", "https", false, false, false, false},
		{"botwall-captcha-gate", "robots", classify.Blocked, "challenge_captcha", "https", false, false, false, false},
		{"botwall-captcha-gate", "did", classify.Blocked, "challenge_captcha", "https", false, false, false, false},
		{"botwall-captcha-gate", "home", classify.Blocked, "challenge_captcha", "https", false, false, false, false},
		{"status-999", "robots", classify.Blocked, "status_999", "https", false, false, false, false},
		{"status-999", "canary", classify.Blocked, "status_999", "https", false, false, false, false},
		{"status-999", "home", classify.Blocked, "status_999", "https", false, false, false, false},
		{"nxdomain", "robots", classify.NetworkError, "dns_not_found", "https", false, false, false, false},
		{"nxdomain", "home", classify.NetworkError, "dns_not_found", "https", false, false, false, false},
		{"private-dns", "agents-md", classify.NetworkError, "address_guard", "https", false, false, false, false},
	} {
		e := at(c.kind, c.loc)
		if e.Outcome != c.outcome || e.Reason != c.reason || e.Scheme != c.scheme || e.HTTPFallback != c.fallback ||
			e.Offsite != c.offsite || e.Downgraded != c.downgrade || e.Truncated != c.truncated {
			t.Errorf("%s %s: got %+v, want %+v", c.kind, c.loc, e, c)
		}
	}
	// Every soft404-volatile and soft404-json-escaped site, whichever form
	// of error page it answers, is the canary's page at every file
	// location but robots.txt, and every blank-files file is empty.
	for d, k := range hw.Domains() {
		if k != "soft404-volatile" && k != "soft404-json-escaped" && k != "blank-files" {
			continue
		}
		exp, _ := hw.Truth(d)
		for _, e := range exp {
			switch {
			case k == "blank-files":
				if e.Variant != "" && strings.HasPrefix(e.Variant, "testweb/blank-") && e.Reason != classify.ReasonEmpty {
					t.Errorf("%s %s %s: %s/%s", k, d, e.Location, e.Outcome, e.Reason)
				}
			case e.Location != "robots" && e.Location != "home" && e.Location != "canary" && e.Reason != classify.ReasonCanaryMatch:
				t.Errorf("%s %s %s (%s): %s/%s", k, d, e.Location, e.Variant, e.Outcome, e.Reason)
			}
		}
	}
	// A server-error site answers its one 5xx everywhere.
	for _, e := range byKind["server-error"] {
		if e.Outcome != classify.ServerError || !strings.HasPrefix(e.Reason, "status_5") {
			t.Errorf("server-error %s: %s/%s", e.Location, e.Outcome, e.Reason)
		}
	}
	// Files reached through the offsite redirect are "redirected".
	for _, e := range byKind["redirect-offsite"] {
		if e.Variant != "" && e.Location != "home" && e.Location != "canary" && e.Outcome != classify.Redirected {
			t.Errorf("redirect-offsite %s holds %s but is %s", e.Location, e.Variant, e.Outcome)
		}
	}
}

// newTestWeb makes a Web that is not served.
func newTestWeb(t testing.TB, cfg Config) *Web {
	t.Helper()
	w, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// A normal site whose home page points to its llms.txt serves one most of
// the time (linkedAdoption), not as rarely as any other site does, and not
// always: a survey of the links needs both kinds.
func TestTruth_LinkedFilesMostlyServed(t *testing.T) {
	w := newTestWeb(t, Config{Seed: 5, Sites: 6000, Mix: MixClean})
	var linking, served, others, othersServed int
	for d := range w.Domains() {
		e, _ := w.Truth(d)
		var home, llms Expect
		for _, x := range e {
			switch x.Location {
			case registry.LocHome:
				home = x
			case registry.LocLLMsTxt:
				llms = x
			}
		}
		has := llms.Outcome == classify.Present
		if home.Variant == "home/llms-link" || home.Variant == "home/link-header" {
			linking++
			if has {
				served++
			}
			continue
		}
		others++
		if has {
			othersServed++
		}
	}
	if linking < 50 {
		t.Fatalf("%d sites whose home page points to llms.txt, want enough to measure", linking)
	}
	share, otherShare := float64(served)/float64(linking), float64(othersServed)/float64(others)
	if share < 0.6 || share > 0.9 {
		t.Errorf("%d of %d sites whose home page points to llms.txt serve it (%.2f), want about %.2f", served, linking, share, linkedAdoption)
	}
	if otherShare > 0.2 {
		t.Errorf("%d of %d other sites serve llms.txt (%.2f), want about %.2f", othersServed, others, otherShare, adoption(registry.LocLLMsTxt))
	}
}
