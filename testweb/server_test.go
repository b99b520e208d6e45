package testweb

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// rawClient does not follow redirects nor decompress.
func rawClient(w *Web, addr string, timeout time.Duration) *http.Client {
	return &http.Client{
		Transport:     w.Transport(addr),
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// get fetches a URL and returns the response with its whole body.
func get(t *testing.T, c *http.Client, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", url, err)
	}
	return resp, body
}

// siteOf returns the first site of a kind, in its seeded and its
// registrable form.
func siteOf(t *testing.T, w *Web, kind string) site {
	t.Helper()
	for i := 0; i < w.cfg.Sites; i++ {
		if s := w.site(i); w.names[s.kind] == kind {
			return s
		}
	}
	t.Fatalf("no site of kind %s", kind)
	return site{}
}

// kindWeb is a served hostile population in which every kind is present.
func kindWeb(t *testing.T) (*Web, Addrs, *http.Client) {
	t.Helper()
	w, addrs := startWeb(t, Config{Seed: 5, Sites: 200, Mix: MixHostile, DNS: true, SlowDelay: 150 * time.Millisecond, StallLimit: time.Minute})
	return w, addrs, rawClient(w, addrs.HTTP, 10*time.Second)
}

func TestServe_NormalSite(t *testing.T) {
	w, _, c := kindWeb(t)
	for i := 0; i < w.cfg.Sites; i++ {
		s := w.site(i)
		if s.kind != kindNormal {
			continue
		}
		f := w.siteFile(s, registry.LocRobots)
		hi, _ := w.lookupHost(s.seed)
		if f == nil || w.canonicalHost(hi) != "" {
			continue
		}
		resp, body := get(t, c, "https://"+s.seed+"/robots.txt")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != f.contentType || !bytes.Equal(body, f.body(s.seed)) {
			t.Errorf("robots.txt of %s: %d %q, %d bytes; want variant %s", s.seed, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), f.name)
		}
		// The same listener serves plain HTTP.
		resp, body2 := get(t, c, "http://"+s.seed+"/robots.txt")
		if resp.StatusCode != 200 || !bytes.Equal(body, body2) {
			t.Errorf("robots.txt of %s over HTTP differs: %d", s.seed, resp.StatusCode)
		}
		resp, _ = get(t, c, "https://"+s.seed+"/.well-known/survey-canary-x")
		if resp.StatusCode != 404 {
			t.Errorf("canary of a normal site: %d, want 404", resp.StatusCode)
		}
		return
	}
	t.Fatal("no normal site with a robots.txt")
}

func TestServe_CanonicalRedirects(t *testing.T) {
	w, _, c := kindWeb(t)
	found := map[bool]bool{}
	for i := 0; i < w.cfg.Sites; i++ {
		s := w.site(i)
		hi, _ := w.lookupHost(s.seed)
		canon := w.canonicalHost(hi)
		if s.kind != kindNormal || canon == "" {
			continue
		}
		toWWW := strings.HasPrefix(canon, "www.")
		found[toWWW] = true
		resp, _ := get(t, c, "https://"+s.seed+"/llms.txt")
		if resp.StatusCode != 301 || resp.Header.Get("Location") != "https://"+canon+"/llms.txt" {
			t.Errorf("%s: %d Location %q, want 301 to %s", s.seed, resp.StatusCode, resp.Header.Get("Location"), canon)
		}
	}
	if !found[true] || !found[false] {
		t.Errorf("apex-to-www and www-to-apex redirects not both present: %v", found)
	}
}

func TestServe_Kinds(t *testing.T) {
	w, _, c := kindWeb(t)
	url := func(kind, path string) string { return "https://" + siteOf(t, w, kind).seed + path }
	type check func(t *testing.T, resp *http.Response, body []byte)
	status := func(code int) check {
		return func(t *testing.T, resp *http.Response, _ []byte) {
			if resp.StatusCode != code {
				t.Errorf("status %d, want %d", resp.StatusCode, code)
			}
		}
	}
	header := func(name, value string) check {
		return func(t *testing.T, resp *http.Response, _ []byte) {
			if got := resp.Header.Get(name); got != value {
				t.Errorf("%s: %q, want %q", name, got, value)
			}
		}
	}
	headerBlockOver := func(n int) check {
		return func(t *testing.T, resp *http.Response, _ []byte) {
			if got := headerBytes(resp.Header); got <= n {
				t.Errorf("%d bytes of headers, want over %d", got, n)
			}
		}
	}
	contains := func(s string) check {
		return func(t *testing.T, _ *http.Response, body []byte) {
			if !bytes.Contains(body, []byte(s)) {
				t.Errorf("body lacks %q: %.200q", s, body)
			}
		}
	}
	for _, tc := range []struct {
		name   string
		url    string
		checks []check
	}{
		{"missing-404", url("missing-404", "/robots.txt"), []check{status(404)}},
		{"missing-404 home", url("missing-404", "/"), []check{status(200), contains("<html")}},
		{"missing-410", url("missing-410", "/agents.txt"), []check{status(410)}},
		{"soft404-html", url("soft404-html", "/agents.txt"), []check{status(200), header("Content-Type", typeHTML), contains("/agents.txt"), contains("<!DOCTYPE html>")}},
		{"soft404-html canary", url("soft404-html", "/.well-known/survey-canary-1"), []check{status(200), contains("survey-canary-1")}},
		{"soft404-text", url("soft404-text", "/llms.txt"), []check{status(200), header("Content-Type", typeText), contains("Not Found")}},
		{"soft404-json", url("soft404-json", "/.well-known/did.json"), []check{status(200), header("Content-Type", typeJSON), contains(`"path":"/.well-known/did.json"`)}},
		{"cloudflare", url("botwall-cloudflare", "/robots.txt"), []check{status(403), header("Cf-Mitigated", "challenge"), header("Server", "cloudflare"), contains("<title>Just a moment...</title>"), contains("/cdn-cgi/challenge-platform/")}},
		{"cloudflare 503", url("botwall-cloudflare-503", "/robots.txt"), []check{status(503), header("Cf-Mitigated", "challenge"), contains("Just a moment..."), contains("/cdn-cgi/challenge-platform/")}},
		{"akamai", url("botwall-akamai", "/robots.txt"), []check{status(403), header("Server", "AkamaiGHost"), contains("<TITLE>Access Denied</TITLE>"), contains("Reference")}},
		{"datadome", url("botwall-datadome", "/robots.txt"), []check{status(403), header("X-Datadome", "protected"), contains("geo.captcha-delivery.com"), contains("ct.captcha-delivery.com/c.js")}},
		{"perimeterx", url("botwall-perimeterx", "/robots.txt"), []check{status(403), contains("window._pxAppId = 'PX"), contains(`<div id="px-captcha">`)}},
		{"imperva", url("botwall-imperva", "/robots.txt"), []check{status(200), header("X-Cdn", "Imperva"), contains("/_Incapsula_Resource?"), contains("Incapsula incident ID")}},
		{"forbidden-wellknown", url("forbidden-wellknown", "/.well-known/tdmrep.json"), []check{status(403), header("Content-Type", typeText)}},
		{"unauthorized-wellknown", url("unauthorized-wellknown", "/.well-known/agents.md"), []check{status(401), header("Www-Authenticate", `Basic realm="restricted"`)}},
		{"ratelimited", url("ratelimited", "/robots.txt"), []check{status(429), header("Retry-After", "3600")}},
		{"redirect-downgrade", url("redirect-downgrade", "/ai.txt"), []check{status(301), header("Location", "http://"+siteOf(t, w, "redirect-downgrade").seed+"/ai.txt")}},
		{"redirect-loop", url("redirect-loop", "/robots.txt"), []check{status(302), header("Location", "/robots.txt?loop=1")}},
		{"redirect-loop back", url("redirect-loop", "/robots.txt?loop=1"), []check{status(302), header("Location", "/robots.txt")}},
		{"redirect-chain", url("redirect-chain", "/robots.txt?hop=7"), []check{status(302), header("Location", "/robots.txt?hop=8")}},
		{"redirect-chain end", url("redirect-chain", "/?hop=8"), []check{status(200)}},
		{"redirect-chain-max", url("redirect-chain-max", "/robots.txt?hop=4"), []check{status(302), header("Location", "/robots.txt?hop=5")}},
		{"redirect-chain-max end", url("redirect-chain-max", "/?hop=5"), []check{status(200)}},
		{"redirect-nolocation", url("redirect-nolocation", "/robots.txt"), []check{status(302), header("Location", "")}},
		{"redirect-private", url("redirect-private", "/robots.txt"), []check{status(302), header("Location", "http://10.0.0.1/robots.txt")}},
		{"redirect-loopback", url("redirect-loopback", "/robots.txt"), []check{status(302), header("Location", "http://127.0.0.1:1/robots.txt")}},
		{"redirect-metadata", url("redirect-metadata", "/robots.txt"), []check{status(302), header("Location", "http://169.254.169.254/latest/meta-data/")}},
		{"oversized", url("oversized", "/robots.txt"), []check{status(200), header("Content-Length", strconv.Itoa(oversizeLen)), contains("Disallow: /archive/")}},
		{"gzip-bomb", url("gzip-bomb", "/robots.txt"), []check{status(200), header("Content-Encoding", "gzip"), header("Content-Type", typeText)}},
		{"gzip-mislabeled", url("gzip-mislabeled", "/robots.txt"), []check{status(200), header("Content-Type", typeGzip), header("Content-Encoding", ""), contains("\x1f\x8b")}},
		{"huge-headers", url("huge-headers", "/robots.txt"), []check{status(200), headerBlockOver(crawl.MaxHeaderBytes), contains("Disallow: /private/")}},
		{"unknown host", "https://example.test/robots.txt", []check{status(421)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, c, tc.url)
			for _, ch := range tc.checks {
				ch(t, resp, body)
			}
		})
	}
}

func TestServe_ServerError(t *testing.T) {
	w, _, c := kindWeb(t)
	s := siteOf(t, w, "server-error")
	resp, body := get(t, c, "https://"+s.seed+"/robots.txt")
	if resp.StatusCode != serverErrorStatus(s) || resp.StatusCode < 500 || !bytes.Contains(body, []byte("nginx")) {
		t.Errorf("server-error: %d %q", resp.StatusCode, body)
	}
}

func TestServe_RedirectOffsiteServesTheFile(t *testing.T) {
	w, _, c := kindWeb(t)
	for i := 0; i < w.cfg.Sites; i++ {
		s := w.site(i)
		if w.names[s.kind] != "redirect-offsite" {
			continue
		}
		f := w.siteFile(s, registry.LocRobots)
		resp, _ := get(t, c, "https://"+s.seed+"/robots.txt")
		want := "https://" + w.cdnName(s.index) + "/robots.txt"
		if resp.StatusCode != 302 || resp.Header.Get("Location") != want {
			t.Fatalf("%s: %d to %q, want 302 to %s", s.seed, resp.StatusCode, resp.Header.Get("Location"), want)
		}
		resp, body := get(t, c, want)
		switch {
		case f == nil && resp.StatusCode != 404:
			t.Errorf("%s has no robots.txt but the mirror answers %d", s.seed, resp.StatusCode)
		case f != nil && (resp.StatusCode != 200 || !bytes.Equal(body, f.body(s.seed))):
			t.Errorf("the mirror of %s does not serve %s: %d", s.seed, f.name, resp.StatusCode)
		}
		if registrable(w.cdnName(s.index)) == registrable(s.seed) {
			t.Errorf("the mirror %s is on the same registrable domain as %s", w.cdnName(s.index), s.seed)
		}
	}
}

func TestServe_Slow(t *testing.T) {
	w, _, c := kindWeb(t)
	s := siteOf(t, w, "slow")
	start := time.Now()
	get(t, c, "https://"+s.seed+"/")
	if d := time.Since(start); d < w.cfg.SlowDelay {
		t.Errorf("a slow site answered in %v, before its delay of %v", d, w.cfg.SlowDelay)
	}
}

func TestServe_BadBytes(t *testing.T) {
	w, _, c := kindWeb(t)
	s := siteOf(t, w, "bad-bytes")
	_, body := get(t, c, "https://"+s.seed+"/robots.txt")
	if utf8.Valid(body) && bytes.IndexByte(body, 0) < 0 {
		t.Errorf("bad-bytes robots.txt is clean UTF-8: %q", body)
	}
}

func TestServe_GzipMislabeledDecodes(t *testing.T) {
	w, _, c := kindWeb(t)
	_, body := get(t, c, "https://"+siteOf(t, w, "gzip-mislabeled").seed+"/robots.txt")
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(zr)
	if err != nil || string(text) != gzippedRobots {
		t.Errorf("decoded %q, %v", text, err)
	}
}

// TestServe_TLSFailures: http-only sites refuse the handshake (an alert,
// or a reset), bad-cert sites present an untrusted certificate, and all
// three serve plain HTTP.
func TestServe_TLSFailures(t *testing.T) {
	w, addrs, c := kindWeb(t)
	for _, tc := range []struct {
		kind  string
		match func(error) bool
	}{
		{"http-only", func(err error) bool { return strings.Contains(err.Error(), "tls: internal error") }},
		{"http-only-reset", func(err error) bool {
			return strings.Contains(err.Error(), "connection reset") || errors.Is(err, io.EOF)
		}},
		{"bad-cert", func(err error) bool {
			var ua x509.UnknownAuthorityError
			return errors.As(err, &ua)
		}},
	} {
		s := siteOf(t, w, tc.kind)
		_, err := c.Get("https://" + s.seed + "/robots.txt")
		if err == nil || !tc.match(err) {
			t.Errorf("%s over HTTPS: error %v", tc.kind, err)
		}
		resp, _ := get(t, c, "http://"+s.seed+"/")
		if resp.StatusCode != 200 {
			t.Errorf("%s over HTTP: home page %d", tc.kind, resp.StatusCode)
		}
	}
	// The bad certificate is one the untrusted CA signed for the site.
	s := siteOf(t, w, "bad-cert")
	conn, err := tls.Dial("tcp", addrs.HTTP, &tls.Config{InsecureSkipVerify: true, ServerName: s.seed})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	leaf := conn.ConnectionState().PeerCertificates[0]
	if leaf.Issuer.CommonName != "untrusted testweb CA" || leaf.VerifyHostname(s.seed) != nil {
		t.Errorf("bad-cert leaf: issuer %q, names %v", leaf.Issuer.CommonName, leaf.DNSNames)
	}
}

// TestServe_Resets: reset-handshake completes TLS then resets before any
// response; reset-midbody cuts a 2xx body.
func TestServe_Resets(t *testing.T) {
	w, addrs, c := kindWeb(t)
	s := siteOf(t, w, "reset-handshake")
	raw, err := net.Dial("tcp", addrs.HTTP)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(w.CACertPEM())
	tc := tls.Client(raw, &tls.Config{ServerName: s.seed, RootCAs: pool})
	if err := tc.Handshake(); err != nil {
		t.Fatalf("reset-handshake: the handshake failed: %v", err)
	}
	tc.Write([]byte("GET /robots.txt HTTP/1.1\r\nHost: " + s.seed + "\r\n\r\n"))
	if n, err := tc.Read(make([]byte, 100)); err == nil {
		t.Errorf("reset-handshake answered %d bytes", n)
	}
	tc.Close()

	s = siteOf(t, w, "reset-midbody")
	resp, err := c.Get("https://" + s.seed + "/")
	if err != nil {
		t.Fatalf("reset-midbody: no response head: %v", err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil || int64(len(body)) >= resp.ContentLength {
		t.Errorf("reset-midbody: read %d of %d bytes, error %v", len(body), resp.ContentLength, err)
	}
}

// TestServe_StallReleases: a stalled request is released when the client
// gives up, and Close releases the others and waits for them.
func TestServe_StallReleases(t *testing.T) {
	w, addrs := startWeb(t, Config{Seed: 5, Sites: 200, Mix: MixHostile, StallLimit: time.Hour})
	s := siteOf(t, w, "stall")
	c := rawClient(w, addrs.HTTP, 200*time.Millisecond)
	if _, err := c.Get("https://" + s.seed + "/robots.txt"); err == nil {
		t.Fatal("a stall site answered")
	}
	waitFor(t, func() bool { return w.Stats().Stalls == 1 })
	// The handler returned when the client left: Close does not wait for
	// the hour of StallLimit. Start another stall and close while it runs.
	done := make(chan error, 1)
	go func() {
		_, err := rawClient(w, addrs.HTTP, time.Hour).Get("https://" + s.seed + "/")
		done <- err
	}()
	waitFor(t, func() bool { return w.Stats().Stalls == 2 })
	closed := make(chan struct{})
	go func() { w.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return while a request stalled")
	}
	if err := <-done; err == nil {
		t.Error("the stalled request got an answer")
	}
}

// TestServe_StallLimit: a stall ends without an answer after StallLimit.
func TestServe_StallLimit(t *testing.T) {
	w, addrs := startWeb(t, Config{Seed: 5, Sites: 200, Mix: MixHostile, StallLimit: 100 * time.Millisecond})
	s := siteOf(t, w, "stall")
	_, err := rawClient(w, addrs.HTTP, time.Minute).Get("https://" + s.seed + "/robots.txt")
	if err == nil || !(errors.Is(err, io.EOF) || strings.Contains(err.Error(), "EOF")) {
		t.Errorf("after StallLimit: %v, want the connection closed", err)
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not reached in 10 s")
}

// TestClose_RightAfterStart closes webs the moment they start, racing
// Close against Serve and ServeDNS registering their listeners and
// starting the servers: every Close must return (it used to wait forever
// for servers started after it had taken its list of them).
func TestClose_RightAfterStart(t *testing.T) {
	for i := range 200 {
		w := newTestWeb(t, Config{Sites: 1})
		if _, err := w.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			runtime.Gosched() // let Serve get further, to vary the interleaving
		}
		closed := make(chan struct{})
		go func() {
			w.Close()
			close(closed)
		}()
		select {
		case <-closed:
		case <-time.After(20 * time.Second):
			t.Fatalf("web %d: Close has not returned in 20 s", i)
		}
	}
}

// TestServe_CloseStopsServe: Serve and ServeDNS return
// http.ErrServerClosed after Close, and refuse to start after it.
func TestServe_CloseStopsServe(t *testing.T) {
	w := newTestWeb(t, Config{Sites: 10})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 2)
	go func() { errs <- w.Serve(ln) }()
	go func() { errs <- w.ServeDNS(pc) }()
	c := rawClient(w, ln.Addr().String(), 5*time.Second)
	get(t, c, "http://"+w.site(0).seed+"/") // serving
	c.CloseIdleConnections()
	w.Close()
	for range 2 {
		if err := <-errs; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("after Close: %v", err)
		}
	}
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	if err := w.Serve(ln2); !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve after Close: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestServe_KeepAlive: a client's requests reuse one connection.
func TestServe_KeepAlive(t *testing.T) {
	w, addrs := startWeb(t, Config{Sites: 20, Mix: MixClean})
	c := rawClient(w, addrs.HTTP, 5*time.Second)
	for range 20 {
		get(t, c, "https://"+w.site(0).seed+"/robots.txt")
	}
	if s := w.Stats(); s.Connections != 1 || s.TLSHandshakes != 1 || s.Requests != 20 || s.RequestsByKind["normal"] != 20 {
		t.Errorf("20 keep-alive requests: %+v", s)
	}
}

// TestCertificates_BoundedCache: leaves are issued per registrable name
// (covering www.), cached up to CertCache, issued again after eviction.
func TestCertificates_BoundedCache(t *testing.T) {
	w := newTestWeb(t, Config{Sites: 100, CertCache: 4})
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(w.CACertPEM())
	for i := range 10 {
		name := w.siteName(i)
		c, err := w.certs.certificate(name, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, host := range []string{name, "www." + name} {
			if _, err := c.Leaf.Verify(x509.VerifyOptions{DNSName: host, Roots: pool}); err != nil {
				t.Errorf("leaf for %s: %v", host, err)
			}
		}
		if c2, _ := w.certs.certificate("WWW."+name, false); c2 != c {
			t.Errorf("www.%s did not reuse the cached leaf", name)
		}
	}
	if n := w.certs.cache.Len(); n != 4 {
		t.Errorf("cache holds %d leaves, want 4", n)
	}
	if n := w.certs.issued.Load(); n != 10 {
		t.Errorf("issued %d leaves, want 10", n)
	}
	w.certs.certificate(w.siteName(0), false) // evicted: issued again
	if n := w.certs.issued.Load(); n != 11 {
		t.Errorf("issued %d leaves after an evicted name, want 11", n)
	}
	bad, _ := w.certs.certificate(w.siteName(1), true)
	if _, err := bad.Leaf.Verify(x509.VerifyOptions{DNSName: w.siteName(1), Roots: pool}); err == nil {
		t.Error("a bad-cert leaf verifies against the trusted CA")
	}
}

// TestDNS answers A queries by kind, AAAA with nothing, unknown names
// with NXDOMAIN.
func TestDNS(t *testing.T) {
	w, addrs := startWeb(t, Config{Seed: 5, Sites: 200, Mix: MixHostile, DNS: true})
	var d net.Dialer
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return d.DialContext(ctx, "udp", addrs.DNS)
	}}
	ctx := context.Background()
	lookup := func(host string) ([]string, error) { return r.LookupHost(ctx, host) }
	doc := func(a string) bool {
		return strings.HasPrefix(a, "192.0.2.") || strings.HasPrefix(a, "198.51.100.") || strings.HasPrefix(a, "203.0.113.")
	}
	n := siteOf(t, w, "normal")
	for _, h := range []string{n.name, "www." + n.name, strings.ToUpper(n.name), w.cdnName(n.index)} {
		addrs, err := lookup(h)
		if err != nil || len(addrs) != 1 || !doc(addrs[0]) {
			t.Errorf("%s: %v %v, want one documentation address", h, addrs, err)
		}
	}
	for _, h := range []string{siteOf(t, w, "nxdomain").seed, "example.com", "site-999999.test"} {
		_, err := lookup(h)
		var de *net.DNSError
		if !errors.As(err, &de) || !de.IsNotFound {
			t.Errorf("%s: %v, want NXDOMAIN", h, err)
		}
	}
	p := siteOf(t, w, "private-dns")
	a, err := lookup(p.seed)
	if err != nil || len(a) != 1 {
		t.Fatalf("private-dns: %v %v", a, err)
	}
	if ip := net.ParseIP(a[0]); !ip.IsPrivate() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
		t.Errorf("private-dns answered %s", a[0])
	}
	// Shared hosting: some address serves several sites.
	seen := map[string]int{}
	shared := false
	for i := range 200 {
		if hi, _ := w.lookupHost(w.siteName(i)); hi.kind != kindNXDomain && hi.kind != kindPrivateDNS {
			ans := w.resolve(w.siteName(i))
			k := net.IP(ans.addr[:]).String()
			seen[k]++
			shared = shared || seen[k] > 1
		}
	}
	if !shared {
		t.Error("no two sites share an address")
	}
	// AAAA: NOERROR without answers.
	ips, err := r.LookupIP(ctx, "ip6", n.name)
	var de *net.DNSError
	if len(ips) != 0 || (err != nil && (!errors.As(err, &de) || !de.IsNotFound)) {
		t.Errorf("AAAA of %s: %v %v", n.name, ips, err)
	}
	if w.Stats().DNSQueries == 0 {
		t.Error("no DNS query counted")
	}
}

// TestServe_ProtocolFaults checks the bytes of the hostile-only kinds on
// the wire: what their truth says a crawler meets.
func TestServe_ProtocolFaults(t *testing.T) {
	w, _, c := kindWeb(t)
	url := func(kind, path string) string { return "https://" + siteOf(t, w, kind).seed + path }
	// The home page is never empty: it is cut, chunked or sent bare.
	fails := func(kind, path, want string) {
		t.Helper()
		resp, err := c.Get(url(kind, path))
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s %s: error %v, want one containing %q", kind, path, err, want)
		}
	}
	fails("not-http", "/robots.txt", "malformed HTTP")
	fails("http09", "/", "malformed HTTP")
	fails("short-body", "/", "unexpected EOF")
	fails("bad-chunked", "/", "chunk")

	resp, body := get(t, c, url("robots-latin1", "/robots.txt"))
	if resp.Header.Get("Content-Type") != "text/plain; charset=iso-8859-1" || utf8.Valid(body) || !bytes.Contains(body, []byte("caf\xe9")) {
		t.Errorf("robots-latin1: %q, %q", resp.Header.Get("Content-Type"), body)
	}
	resp, body = get(t, c, url("robots-utf16", "/robots.txt"))
	if resp.Header.Get("Content-Type") != "text/plain; charset=utf-16" || !bytes.HasPrefix(body, []byte("\xff\xfeU\x00s\x00e\x00r\x00")) {
		t.Errorf("robots-utf16: %q, %q", resp.Header.Get("Content-Type"), body)
	}

	resp, _ = get(t, c, url("unavailable-retry", "/llms.txt"))
	if ra := resp.Header.Get("Retry-After"); resp.StatusCode != 503 || (ra != "1" && ra != "3600") {
		t.Errorf("unavailable-retry: %d Retry-After %q", resp.StatusCode, ra)
	}
	s := siteOf(t, w, "long-location")
	resp, _ = get(t, c, "https://"+s.seed+"/robots.txt")
	loc := resp.Header.Get("Location")
	if resp.StatusCode != 302 || len(loc) != longLocationLen || !strings.HasPrefix(loc, "https://"+s.seed+"/robots.txt?pad=xxx") {
		t.Errorf("long-location: %d, Location of %d bytes %.60q", resp.StatusCode, len(loc), loc)
	}
	if resp, _ = get(t, c, loc); resp.StatusCode == 302 {
		t.Errorf("long-location: its Location redirects again")
	}

	// The unrequested codings are real: the zstd body decodes to the
	// robots.txt, and the brotli one holds it in a stored meta-block.
	for i := 0; i < w.cfg.Sites; i++ {
		s := w.site(i)
		if s.kind != kindEncodingUnrequested {
			continue
		}
		resp, body := get(t, c, "https://"+s.seed+"/robots.txt")
		switch enc := resp.Header.Get("Content-Encoding"); enc {
		case "zstd":
			d, _ := zstd.NewReader(nil)
			got, err := d.DecodeAll(body, nil)
			d.Close()
			if err != nil || string(got) != encodedRobots {
				t.Errorf("zstd robots.txt of %s: %q, %v", s.seed, got, err)
			}
		case "br":
			if len(body) != len(encodedRobots)+4 || string(body[3:len(body)-1]) != encodedRobots {
				t.Errorf("br robots.txt of %s: %q", s.seed, body)
			}
		default:
			t.Errorf("robots.txt of %s: Content-Encoding %q", s.seed, enc)
		}
	}
}

// TestServe_ClassifierCases checks on the wire the answers of the kinds
// that serve docs/outcomes.md's later rules: a 999, a CAPTCHA wall known by
// its title only, blank files, and soft 404s that differ from the canary's
// in a time and a request id or echo the path JSON-escaped.
func TestServe_ClassifierCases(t *testing.T) {
	w, _, c := kindWeb(t)
	url := func(kind, path string) string { return "https://" + siteOf(t, w, kind).seed + path }

	resp, body := get(t, c, url("status-999", "/llms.txt"))
	if resp.StatusCode != 999 || !bytes.Contains(body, []byte("/authwall")) {
		t.Errorf("status-999: %d %q", resp.StatusCode, body)
	}

	for i := 0; i < w.cfg.Sites; i++ {
		s := w.site(i)
		switch s.kind {
		case kindWallCaptcha:
			resp, body := get(t, c, "https://"+s.seed+"/robots.txt")
			title := ""
			if _, rest, ok := bytes.Cut(body, []byte("<title>")); ok {
				inner, _, _ := bytes.Cut(rest, []byte("</title>"))
				title = string(inner)
			}
			known := false
			for _, k := range captchaTitles {
				known = known || title == k
			}
			// No other marker of a wall: the title alone tells it.
			if (resp.StatusCode != 403 && resp.StatusCode != 503) || !known || bytes.Contains(bytes.ToLower(body), []byte("captcha")) {
				t.Errorf("botwall-captcha %s: %d, title %q", s.seed, resp.StatusCode, title)
			}
		case kindWallCaptchaGate:
			// Served with 200: a generic title over a CAPTCHA service's
			// widget, as classify recognises a site's own gate.
			resp, body := get(t, c, "https://"+s.seed+"/agents.txt")
			widget := false
			for _, w := range captchaWidgets {
				widget = widget || (bytes.Contains(body, []byte(w.script)) && bytes.Contains(body, []byte(`class="`+w.class+`"`)))
			}
			if resp.StatusCode != 200 || !widget {
				t.Errorf("botwall-captcha-gate %s: %d %q", s.seed, resp.StatusCode, body)
			}
		case kindBlankFiles:
			for _, p := range []string{"/robots.txt", "/agents.txt", "/llms.txt", "/ai.txt"} {
				resp, body := get(t, c, "https://"+s.seed+p)
				if resp.StatusCode != 200 || len(body) == 0 || len(bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\ufeff")))) != 0 {
					t.Errorf("blank-files %s%s: %d %q", s.seed, p, resp.StatusCode, body)
				}
			}
		case kindSoft404Volatile:
			// Two paths' answers differ, and not only in the path.
			_, a := get(t, c, "https://"+s.seed+"/llms.txt")
			_, b := get(t, c, "https://"+s.seed+"/.well-known/survey-canary-x")
			a = bytes.ReplaceAll(a, []byte("/llms.txt"), nil)
			b = bytes.ReplaceAll(b, []byte("/.well-known/survey-canary-x"), nil)
			if bytes.Equal(a, b) || len(a) >= 256 || len(b) >= 256 {
				t.Errorf("soft404-volatile %s: %q and %q", s.seed, a, b)
			}
		case kindSoft404Escaped:
			resp, body := get(t, c, "https://"+s.seed+"/.well-known/did.json")
			if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"\/.well-known\/did.json"`)) {
				t.Errorf("soft404-json-escaped %s: %d %q", s.seed, resp.StatusCode, body)
			}
		}
	}
}
