package testweb

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/registry"
)

// TestPopulation_EveryKindPresent: a realistic population of 2,000 sites
// holds every kind at least four times (DNS kinds only with DNS), and the
// counts follow the table's shares exactly.
func TestPopulation_EveryKindPresent(t *testing.T) {
	for _, dns := range []bool{false, true} {
		w := newTestWeb(t, Config{Seed: 1, Sites: 2000, DNS: dns})
		count := map[string]int{}
		for _, k := range w.Domains() {
			count[k]++
		}
		s, _ := shares(MixRealistic, dns, 0)
		total := 0
		for _, spec := range kindTable() {
			n := count[spec.name]
			total += n
			want := int(math.Round(2000 * float64(s[spec.kind]) / shareScale))
			if n < want-1 || n > want+1 {
				t.Errorf("dns=%v: %d sites of %s, want %d", dns, n, spec.name, want)
			}
			switch {
			case spec.dns && !dns && n != 0:
				t.Errorf("dns=false: %d sites of DNS kind %s", n, spec.name)
			case spec.hostileOnly() && n != 0:
				t.Errorf("dns=%v: %d sites of hostile-only kind %s", dns, n, spec.name)
			case (!spec.dns || dns) && !spec.hostileOnly() && n < 4:
				t.Errorf("dns=%v: only %d sites of %s", dns, n, spec.name)
			}
		}
		if total != 2000 {
			t.Errorf("dns=%v: %d sites, want 2000", dns, total)
		}
		if count["normal"] < 1600 {
			t.Errorf("dns=%v: only %d normal sites", dns, count["normal"])
		}
	}
}

func TestPopulation_Mixes(t *testing.T) {
	w := newTestWeb(t, Config{Sites: 500, Mix: MixClean})
	for d, k := range w.Domains() {
		if k != "normal" {
			t.Fatalf("clean mix: %s is %s", d, k)
		}
	}
	w = newTestWeb(t, Config{Sites: 1000, Mix: MixHostile, StallShare: 0.1})
	count := map[string]int{}
	for _, k := range w.Domains() {
		count[k]++
	}
	// The stall share replaces the mix's and is taken from the normal
	// kind's fifth.
	if count["stall"] != 100 || count["normal"] < 100 || count["normal"] > 150 || count["nxdomain"] != 0 {
		t.Errorf("hostile mix with StallShare 0.1: %v", count)
	}
	if _, err := New(Config{Mix: "nonsense"}); err == nil {
		t.Error("an unknown mix was accepted")
	}
}

// TestPermutation is a bijection of [0, n) for sizes around the powers of
// four.
func TestPermutation(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 15, 16, 17, 1000, 4096, 4097} {
		p := newPermutation(n, 42)
		seen := make([]bool, n)
		for i := range n {
			j := p.apply(uint64(i))
			if j >= uint64(n) || seen[j] {
				t.Fatalf("n=%d: %d maps to %d, out of range or taken", n, i, j)
			}
			seen[j] = true
		}
	}
}

// TestSeeds: one domain per line, every site once, apex and www forms
// mixed, each with a truth covering every registry location.
func TestSeeds(t *testing.T) {
	w := newTestWeb(t, Config{Seed: 9, Sites: 1000})
	var buf bytes.Buffer
	if err := w.WriteSeeds(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 1000 {
		t.Fatalf("%d seeds, want 1000", len(lines))
	}
	www := 0
	seen := map[string]bool{}
	for i, d := range lines {
		if strings.HasPrefix(d, "www.") {
			www++
		}
		name := strings.TrimPrefix(d, "www.")
		if name != w.siteName(i) || seen[name] {
			t.Fatalf("seed %d is %q", i, d)
		}
		seen[name] = true
		e, ok := w.Truth(d)
		if !ok || len(e) != len(registry.Locations()) {
			t.Fatalf("Truth(%s): %d expectations, %v", d, len(e), ok)
		}
	}
	if www < 200 || www > 400 {
		t.Errorf("%d of 1000 seeds in the www form, want about 300", www)
	}
}

// TestDeterminism: the same seed gives the same seeds, truth and bodies;
// another seed gives another population.
func TestDeterminism(t *testing.T) {
	dump := func(seed int64) (string, string) {
		w := newTestWeb(t, Config{Seed: seed, Sites: 300, DNS: true})
		var seeds, truth bytes.Buffer
		if err := w.WriteSeeds(&seeds); err != nil {
			t.Fatal(err)
		}
		if err := w.WriteTruth(&truth); err != nil {
			t.Fatal(err)
		}
		// Bodies, as served: every location of every site.
		var bodies bytes.Buffer
		for i := range 300 {
			hi, _ := w.lookupHost(w.site(i).seed)
			for _, l := range w.locs {
				rep := w.plan(hi, "https", l.Path, "")
				if rep.big == bigNone {
					bodies.Write(w.replyBody(rep, hi.seed))
				}
			}
		}
		return seeds.String() + bodies.String(), truth.String()
	}
	s1, t1 := dump(4)
	s2, t2 := dump(4)
	if s1 != s2 || t1 != t2 {
		t.Error("the same seed gave different populations")
	}
	s3, t3 := dump(5)
	if s1 == s3 || t1 == t3 {
		t.Error("different seeds gave the same population")
	}
	if n := strings.Count(t1, "\n"); n != 300*len(registry.Locations()) {
		t.Errorf("%d truth lines, want %d", n, 300*len(registry.Locations()))
	}
}

// TestBomb: the gzip bomb is small compressed and expands to BombSize.
func TestBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("expands 1 GiB")
	}
	w := newTestWeb(t, Config{})
	b := w.bigBody(bigBomb)
	if len(b) > 1200<<10 {
		t.Errorf("the bomb is %d bytes compressed, want at most 1200 KiB", len(b))
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, zr)
	if err != nil || n != 1<<30 {
		t.Errorf("the bomb expands to %d bytes (%v), want 1 GiB", n, err)
	}
	if &w.bigBody(bigBomb)[0] != &b[0] {
		t.Error("the bomb was built twice")
	}
}

// TestBomb_Size: BombSize is rounded up to whole MiB, at least one.
func TestBomb_Size(t *testing.T) {
	for size, want := range map[int64]int64{1: 1 << 20, 1 << 20: 1 << 20, 1<<20 + 1: 2 << 20, 5 << 20: 5 << 20} {
		if got := bombDecodedSize(size); got != want {
			t.Errorf("bombDecodedSize(%d) = %d, want %d", size, got, want)
		}
	}
	b, err := buildBomb(3 << 20)
	if err != nil {
		t.Fatal(err)
	}
	zr, _ := gzip.NewReader(bytes.NewReader(b))
	br := bufio.NewReader(zr)
	lines := 0
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			break
		}
		if len(line) != bombBlockSize || !strings.HasPrefix(line, "Disallow: /aaa") || strings.Trim(line[len(bombPrefix):], "a") != "\n" {
			t.Fatalf("bomb line of %d bytes: %.40q", len(line), line)
		}
		lines++
	}
	if lines != 3 {
		t.Errorf("%d lines, want 3", lines)
	}
}

func TestOversized(t *testing.T) {
	w := newTestWeb(t, Config{})
	for _, b := range []bigBody{bigRobots, bigLLMs} {
		if body := w.bigBody(b); len(body) != oversizeLen || looksLikeHTML(body) {
			t.Errorf("oversized body %d: %d bytes", b, len(body))
		}
	}
}

// TestLatency: the log-normal quantiles match the median and the 99th
// percentile; the cap holds; zero adds nothing.
func TestLatency(t *testing.T) {
	l := Latency{Median: 20 * time.Millisecond, P99: 200 * time.Millisecond, Max: time.Second}
	near := func(got, want time.Duration) bool { return math.Abs(float64(got-want)) < 0.01*float64(want) }
	if d := l.delay(0.5); !near(d, l.Median) {
		t.Errorf("median: %v", d)
	}
	if d := l.delay(0.99); !near(d, l.P99) {
		t.Errorf("p99: %v", d)
	}
	if d := l.delay(0.999999); d != time.Second {
		t.Errorf("cap: %v", d)
	}
	if d := l.delay(0); d != 0 {
		t.Errorf("quantile 0: %v", d)
	}
	if d := (Latency{}).delay(0.7); d != 0 {
		t.Errorf("zero latency: %v", d)
	}
	if d := (Latency{Median: time.Millisecond, P99: time.Millisecond, Max: time.Second}).delay(0); d != time.Millisecond {
		t.Errorf("constant latency at quantile 0: %v", d)
	}
	cfg, err := Config{Latency: Latency{Median: 10 * time.Millisecond}}.withDefaults()
	if err != nil || cfg.Latency.P99 != 10*time.Millisecond || cfg.Latency.Max != 30*time.Millisecond {
		t.Errorf("defaults: %+v %v", cfg.Latency, err)
	}
	// The draws over many paths are spread as configured.
	w := newTestWeb(t, Config{Sites: 100, Latency: l})
	var below, above int
	for i := range 100 {
		hi, _ := w.lookupHost(w.site(i).seed)
		for j := range 100 {
			d := w.latency(hi, "/p"+string(rune('a'+j%26))+strings.Repeat("x", j/26))
			if d < l.Median {
				below++
			}
			if d > l.P99 {
				above++
			}
		}
	}
	if below < 4500 || below > 5500 || above > 200 {
		t.Errorf("of 10,000 delays, %d below the median and %d above p99", below, above)
	}
}

func TestConfig_Errors(t *testing.T) {
	for _, c := range []Config{
		{Sites: -1},
		{StallShare: 1},
		{StallShare: -0.1},
		{StallShare: math.NaN()},
		{Latency: Latency{P99: time.Second}},
		{Latency: Latency{Median: time.Second, P99: time.Millisecond}},
		{Latency: Latency{Median: -1}},
		{Mix: MixRealistic, StallShare: 0.99},
	} {
		if _, err := New(c); err == nil {
			t.Errorf("New(%+v) accepted", c)
		}
	}
	w, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Sites() != 2000 || w.cfg.SlowDelay != 2*time.Second || w.cfg.BombSize != 1<<30 || w.cfg.MaxBody != 1<<20 {
		t.Errorf("defaults: %+v", w.cfg)
	}
}

// TestLookupHost accepts the site and mirror names in any case, with a
// port or a trailing dot, and nothing else.
func TestLookupHost(t *testing.T) {
	w := newTestWeb(t, Config{Sites: 100})
	for host, want := range map[string]int{
		"site-000042.test": 42, "WWW.Site-000042.TEST": 42, "site-000042.test:443": 42, "site-000042.test.": 42,
		"cdn-000007.test": 7, "www.cdn-000007.test": 7,
	} {
		hi, ok := w.lookupHost(host)
		if !ok || hi.index != want || hi.name != w.siteName(want) {
			t.Errorf("lookupHost(%q) = %d %q %v", host, hi.index, hi.name, ok)
		}
	}
	for _, host := range []string{"site-000100.test", "site-42.test", "site-0000042.test", "site-+00042.test", "site-000042.com",
		"x.site-000042.test", "10.0.0.1", "[::1]:80", "", "site-.test", "www."} {
		if _, ok := w.lookupHost(host); ok {
			t.Errorf("lookupHost(%q) accepted", host)
		}
	}
}

// TestCatalog_AllContentServed: the catalog takes every variant of the
// content corpus, and the sniffing agrees with the variants' nature.
func TestCatalog_AllContentServed(t *testing.T) {
	w := newTestWeb(t, Config{})
	for loc, p := range w.cat.files {
		if len(p.items) == 0 {
			t.Errorf("%s: no variants", loc)
		}
		for _, f := range p.items {
			if looksLikeHTML(f.body(probeHost)) {
				t.Logf("%s looks like HTML: a normal site serving it is a soft 404", f.name)
			}
		}
	}
	if len(w.cat.feeds.items) == 0 || len(w.cat.homes.items) == 0 {
		t.Error("no feed sets or home pages")
	}
}

func TestLooksLikeHTML(t *testing.T) {
	for body, want := range map[string]bool{
		"<!DOCTYPE html><html>":             true,
		"\xef\xbb\xbf  \n<html lang=en>":    true,
		"<HEAD><title>x</title>":            true,
		"<body>":                            true,
		"<div class=x>":                     true,
		"<!-- comment -->\n<html>":          true,
		"<?xml version=\"1.0\"?><html>":     true,
		"<?xml version=\"1.0\"?><feed>":     false,
		"<!-- automation preferences -->\n": false,
		"<!-- unterminated":                 false,
		"User-agent: *\n":                   false,
		"# Title\n<div>":                    false,
		"<divx>":                            false,
		"<html":                             true,
		"":                                  false,
		`{"html": 1}`:                       false,
	} {
		if got := looksLikeHTML([]byte(body)); got != want {
			t.Errorf("looksLikeHTML(%q) = %v, want %v", body, got, want)
		}
	}
}

func TestMatchesCanary(t *testing.T) {
	if !matchesCanary([]byte(`{"path":"/a.txt"}`), "/a.txt", []byte(`{"path":"/.well-known/x"}`), "/.well-known/x") {
		t.Error("echoed paths do not match")
	}
	if !matchesCanary([]byte("Not Found\n"), "/a", []byte("Not Found\n"), "/b") {
		t.Error("equal bodies do not match")
	}
	if matchesCanary([]byte("User-agent: *\n"), "/robots.txt", []byte("Not Found\n"), "/b") {
		t.Error("different bodies match")
	}
}

// TestRegistrable: names under .test are cut like the public suffix
// list's default rule cuts them; other names go to the list.
func TestRegistrable(t *testing.T) {
	for host, want := range map[string]string{
		"site-000001.test": "site-000001.test", "www.site-000001.test": "site-000001.test",
		"a.b.cdn-000001.test": "cdn-000001.test", "example.co.uk": "example.co.uk", "www.example.co.uk": "example.co.uk",
		"10.0.0.1": "10.0.0.1",
	} {
		if got := registrable(host); got != want {
			t.Errorf("registrable(%q) = %q, want %q", host, got, want)
		}
	}
}
