package testweb

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// This file is a small crawler written for the tests, independent of the
// truth's simulation: it fetches over real loopback connections with a
// real http.Client, and classifies what it observed with its own rules
// (status codes, the vendors' markers, http.DetectContentType), so that
// comparing its findings with Truth checks that the truth agrees with what
// is served.

// testCrawler fetches from a running Web.
type testCrawler struct {
	w       *Web
	addrs   Addrs
	dns     bool // resolve names with the Web's DNS server
	timeout time.Duration
	maxBody int64
	tr      *http.Transport
	res     *net.Resolver
}

// errGuard and errNXDomain are the test crawler's own network errors.
var (
	errGuard    = errors.New("address guard")
	errNXDomain = errors.New("nxdomain")
	errLoop     = errors.New("redirect loop")
	errTooMany  = errors.New("too many redirects")
	// errEncoding is a Content-Encoding the test crawler did not ask for.
	errEncoding = errors.New("unrequested content coding")
)

func newTestCrawler(w *Web, addrs Addrs, dns bool, timeout time.Duration) *testCrawler {
	c := &testCrawler{w: w, addrs: addrs, dns: dns, timeout: timeout, maxBody: w.cfg.MaxBody}
	var d net.Dialer
	c.res = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return d.DialContext(ctx, "udp", addrs.DNS)
	}}
	c.tr = w.Transport(addrs.HTTP)
	c.tr.MaxResponseHeaderBytes = crawl.MaxHeaderBytes // the crawler's cap
	c.tr.DialContext = func(ctx context.Context, _, address string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return nil, err
		}
		if ip, err := netip.ParseAddr(host); err == nil {
			if nonPublicTest(ip) {
				return nil, errGuard
			}
			return nil, fmt.Errorf("public literal %s: %w", ip, syscall.ECONNREFUSED)
		}
		if c.dns {
			ips, err := c.res.LookupNetIP(ctx, "ip4", host)
			var de *net.DNSError
			if errors.As(err, &de) && de.IsNotFound {
				return nil, errNXDomain
			}
			if err != nil {
				return nil, err
			}
			if len(ips) == 0 || nonPublicTest(ips[0]) {
				return nil, errGuard
			}
		}
		return d.DialContext(ctx, "tcp", addrs.HTTP)
	}
	c.tr.MaxIdleConnsPerHost = 1
	return c
}

// nonPublicTest is the test crawler's address guard.
func nonPublicTest(ip netip.Addr) bool {
	for _, p := range []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16", "0.0.0.0/8"} {
		if netip.MustParsePrefix(p).Contains(ip.Unmap()) {
			return true
		}
	}
	return false
}

// observation is what one fetch saw.
type observation struct {
	url        string
	finalURL   string
	path       string // path requested first
	err        error
	tlsFailed  bool
	hops       int
	offsite    bool
	downgraded bool
	status     int
	header     http.Header
	body       []byte
	truncated  bool
}

// fetch requests rawURL, following redirects like the crawler.
func (c *testCrawler) fetch(rawURL string) observation {
	o := observation{url: rawURL, finalURL: rawURL}
	u, _ := url.Parse(rawURL)
	o.path = u.Path
	domain := registrable(u.Hostname())
	client := &http.Client{
		Transport: c.tr,
		Timeout:   c.timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			prev := via[len(via)-1]
			o.hops++
			o.finalURL = req.URL.String()
			if prev.URL.Scheme == "https" && req.URL.Scheme == "http" {
				o.downgraded = true
			}
			if registrable(req.URL.Hostname()) != domain {
				o.offsite = true
			}
			for _, v := range via {
				if v.URL.String() == req.URL.String() {
					return errLoop
				}
			}
			if len(via) > registry.MaxRedirects {
				return errTooMany
			}
			return nil
		},
	}
	trace := &httptrace.ClientTrace{TLSHandshakeDone: func(_ tls.ConnectionState, err error) {
		if err != nil {
			o.tlsFailed = true
		}
	}}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), http.MethodGet, rawURL, nil)
	if err != nil {
		o.err = err
		return o
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		o.err = err
		return o
	}
	defer resp.Body.Close()
	o.status, o.header = resp.StatusCode, resp.Header
	var r io.Reader = resp.Body
	switch enc := strings.ToLower(resp.Header.Get("Content-Encoding")); enc {
	case "", "gzip":
	default:
		o.err = fmt.Errorf("%w %q", errEncoding, enc)
		return o
	}
	if strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			o.err = err
			return o
		}
		r = zr
	}
	body, err := io.ReadAll(io.LimitReader(r, c.maxBody+1))
	if err != nil {
		o.err = err
		return o
	}
	if int64(len(body)) > c.maxBody {
		body, o.truncated = body[:c.maxBody], true
	}
	o.body = body
	return o
}

// errorReason classifies a failed fetch.
func (o observation) errorReason() (classify.Outcome, string) {
	err := o.err
	var ne net.Error
	switch {
	case errors.Is(err, errGuard):
		return classify.NetworkError, classify.ReasonAddressGuard
	case errors.Is(err, errNXDomain):
		return classify.NetworkError, classify.ReasonNameNotFound
	case errors.Is(err, errLoop):
		return classify.RedirectError, classify.ReasonLoop
	case errors.Is(err, errTooMany):
		return classify.RedirectError, classify.ReasonTooMany
	case errors.As(err, &ne) && ne.Timeout():
		return classify.Timeout, classify.ReasonRequestTimeout
	case o.tlsFailed || strings.Contains(err.Error(), "tls: ") || strings.Contains(err.Error(), "x509: "):
		return classify.NetworkError, classify.ReasonTLS
	case strings.Contains(err.Error(), "server response headers exceeded"):
		return classify.NetworkError, classify.ReasonHeaderCap
	case errors.Is(err, errEncoding), strings.Contains(err.Error(), "malformed HTTP"),
		strings.Contains(err.Error(), "chunk"):
		// Not HTTP, broken chunked framing, or a body in a coding not
		// asked for.
		return classify.NetworkError, classify.ReasonProtocol
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		strings.Contains(err.Error(), "connection reset"):
		return classify.NetworkError, classify.ReasonReset
	}
	return classify.NetworkError, "unexpected error: " + err.Error()
}

// vendorMarkers recognises the challenge pages by the markers the vendors'
// real pages carry.
func vendorOf(h http.Header, body []byte) string {
	switch {
	case h.Get("Cf-Mitigated") == "challenge" && bytes.Contains(body, []byte("/cdn-cgi/challenge-platform/")):
		return "cloudflare"
	case h.Get("Server") == "AkamaiGHost" && bytes.Contains(body, []byte("Access Denied")) &&
		(bytes.Contains(body, []byte("Reference #")) || bytes.Contains(body, []byte("Reference&#32;&#35;"))):
		return "akamai"
	case bytes.Contains(body, []byte("captcha-delivery.com")):
		return "datadome"
	case bytes.Contains(body, []byte("_pxAppId")) && bytes.Contains(body, []byte(`id="px-captcha"`)):
		return "perimeterx"
	case bytes.Contains(body, []byte("_Incapsula_Resource")):
		return "imperva"
	}
	return ""
}

// crawlDomain fetches every location of domain in fetch order, with the
// fallback and the timeout rule of docs/outcomes.md, and classifies each.
func (c *testCrawler) crawlDomain(domain string) []Expect {
	scheme, fallback := "https", false
	obs := make([]*observation, len(c.w.locs))
	out := make([]Expect, len(c.w.locs))
	timeouts, limited := 0, false
	var unreachable *Expect
	canary := -1
	for i, loc := range c.w.locs {
		path := loc.Path
		if loc.Canary {
			path, canary = "/.well-known/survey-canary-0123abcd", i
		}
		e := Expect{Domain: domain, Location: loc.ID, Scheme: scheme}
		switch {
		case unreachable != nil:
			e.Outcome, e.Reason = unreachable.Outcome, unreachable.Reason
			out[i] = e
			continue
		case limited:
			e.Outcome, e.Reason = classify.Blocked, classify.ReasonRateLimited
			out[i] = e
			continue
		case timeouts >= maxConsecutiveTimeouts:
			e.Outcome, e.Reason = classify.Timeout, classify.ReasonHostUnresponsive
			out[i] = e
			continue
		}
		o := c.fetch(scheme + "://" + domain + path)
		if i == 0 && o.err != nil && o.hops == 0 {
			if _, r := o.errorReason(); r == classify.ReasonTLS {
				scheme, fallback = "http", true
				o = c.fetch(scheme + "://" + domain + path)
			}
		}
		obs[i] = &o
		if o.err != nil {
			e.Outcome, e.Reason = o.errorReason()
			if i == 0 && o.hops == 0 && (e.Reason == classify.ReasonDNS || e.Reason == classify.ReasonNameNotFound || e.Reason == classify.ReasonTLS || e.Reason == classify.ReasonAddressGuard) {
				unreachable = &e
			}
		}
		if o.err == nil && o.hops == 0 && (o.status == http.StatusTooManyRequests ||
			o.status == http.StatusServiceUnavailable && o.header.Get("Retry-After") != "") {
			limited = true
		}
		if e.Outcome == classify.Timeout {
			timeouts++
		} else {
			timeouts = 0
		}
		out[i] = e
	}
	for i, loc := range c.w.locs {
		o := obs[i]
		if o == nil {
			out[i].HTTPFallback = fallback
			continue
		}
		var co *observation
		if canary >= 0 {
			co = obs[canary]
		}
		c.classify(&out[i], loc, o, co)
		out[i].HTTPFallback = fallback
	}
	return out
}

// classify fills e from an observation.
func (c *testCrawler) classify(e *Expect, loc registry.Location, o, canary *observation) {
	u, _ := url.Parse(o.finalURL)
	e.Scheme, e.Offsite, e.Downgraded = u.Scheme, o.offsite, o.downgraded
	if o.err != nil {
		return
	}
	e.Truncated = o.truncated
	if v := vendorOf(o.header, o.body); v != "" {
		e.Outcome, e.Reason = classify.Blocked, classify.ChallengeReason(v)
		return
	}
	if captchaTitle(o.body) && (refusingStatus(o.status) || captchaWidget(o.body)) {
		e.Outcome, e.Reason = classify.Blocked, classify.ChallengeReason("captcha")
		return
	}
	switch s := o.status; {
	case s == 401 || s == 403 || s == 407 || s == 429 || s == 451 || s == 999:
		e.Outcome, e.Reason = classify.Blocked, classify.StatusReason(s)
		return
	case s >= 500:
		e.Outcome, e.Reason = classify.ServerError, classify.StatusReason(s)
		return
	case s >= 400:
		e.Outcome, e.Reason = classify.Absent, classify.StatusReason(s)
		return
	case s < 200 || s >= 300:
		e.Outcome, e.Reason = classify.RedirectError, classify.ReasonBadLocation
		return
	}
	if loc.Canary {
		e.Outcome, e.Reason = classify.Soft404, classify.ReasonCanarySelf
		return
	}
	if loc.Expect != registry.KindHTML && loc.Expect != registry.KindAny {
		html := sniffsHTML(o.body)
		match := false
		if canary != nil && canary.err == nil && canary.status/100 == 2 {
			cu, _ := url.Parse(canary.finalURL)
			match = bytes.Equal(o.body, canary.body) || sameError(o.body, u.Path, canary.body, cu.Path)
		}
		switch {
		case html && match:
			e.Outcome = classify.Soft404
		case html:
			e.Outcome, e.Reason = classify.Soft404, classify.ReasonHTMLBody
		case match:
			e.Outcome, e.Reason = classify.Soft404, classify.ReasonCanaryMatch
		}
		if e.Outcome != "" {
			return
		}
	}
	switch {
	case o.downgraded:
		e.Outcome, e.Reason = classify.Downgraded, classify.ReasonHTTPSToHTTP
	case o.offsite:
		e.Outcome, e.Reason = classify.Redirected, classify.ReasonOffsite
	case o.truncated:
		e.Outcome, e.Reason = classify.TooLarge, classify.ReasonBodyCap
	case len(bytes.TrimRight(bytes.TrimPrefix(o.body, []byte{0xef, 0xbb, 0xbf}), " \t\r\n\f\v")) == 0:
		e.Outcome, e.Reason = classify.Present, classify.ReasonEmpty
	default:
		e.Outcome, e.Reason = classify.Present, classify.ReasonOK
	}
}

// sameError reports whether body (the answer for path) and canary (the
// answer for canaryPath) are one error page: equal once the path each
// echoes, plainly or with its slashes written "\/", is taken out and every
// token of letters and digits that has a digit in it is replaced by "0".
func sameError(body []byte, path string, canary []byte, canaryPath string) bool {
	norm := func(b []byte, p string) string {
		s := strings.ReplaceAll(string(b), strings.ReplaceAll(p, "/", `\/`), "")
		s = strings.ReplaceAll(s, p, "")
		var out strings.Builder
		for _, tok := range splitAlnum(s) {
			if strings.ContainsAny(tok, "0123456789") && isAlnumToken(tok) {
				tok = "0"
			}
			out.WriteString(tok)
		}
		return out.String()
	}
	return norm(body, path) == norm(canary, canaryPath)
}

// splitAlnum cuts s into tokens that are runs of ASCII letters and digits
// or single other bytes.
func splitAlnum(s string) []string {
	var toks []string
	for len(s) > 0 {
		n := 0
		for n < len(s) && isAlnumToken(s[n:n+1]) {
			n++
		}
		if n == 0 {
			n = 1
		}
		toks = append(toks, s[:n])
		s = s[n:]
	}
	return toks
}

// isAlnumToken reports whether s is made of ASCII letters and digits.
func isAlnumToken(s string) bool {
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// refusingStatus is a status at which a page titled as a CAPTCHA wall is
// one (docs/outcomes.md).
func refusingStatus(s int) bool {
	return s == 401 || s == 403 || s == 405 || s == 406 || s == 429 || s == 503
}

// captchaTitle reports whether an HTML body's title names a CAPTCHA wall
// of no known vendor.
func captchaTitle(body []byte) bool {
	lower := strings.ToLower(string(body))
	i := strings.Index(lower, "<title>")
	if i < 0 {
		return false
	}
	title, _, _ := strings.Cut(lower[i+len("<title>"):], "</title>")
	for _, t := range []string{"are you a human", "are you a robot", "are you human", "verifying you are human",
		"verify you are human", "human verification", "bot check", "bot protection", "security check", "captcha"} {
		if strings.Contains(title, t) {
			return true
		}
	}
	return false
}

// captchaWidget reports whether an HTML body loads a CAPTCHA service's
// widget, as a site's own gate does (reCAPTCHA, hCaptcha, Turnstile: the
// ones the simulated web serves), on a page of little text.
func captchaWidget(body []byte) bool {
	lower := strings.ToLower(string(body))
	for _, w := range []string{"google.com/recaptcha/", "hcaptcha.com/", "challenges.cloudflare.com/turnstile/"} {
		if strings.Contains(lower, w) {
			return len(body) < 4096
		}
	}
	return false
}

// compareExpect reports the fields of got that disagree with the truth
// want (Variant, Valid and Kind are the truth's own; a truth Reason of ""
// accepts any).
func compareExpect(want, got Expect) string {
	var diffs []string
	add := func(field string, w, g any) {
		if w != g {
			diffs = append(diffs, fmt.Sprintf("%s: truth %v, observed %v", field, w, g))
		}
	}
	add("outcome", want.Outcome, got.Outcome)
	if want.Reason != "" || got.Outcome != want.Outcome {
		add("reason", want.Reason, got.Reason)
	}
	add("scheme", want.Scheme, got.Scheme)
	add("http_fallback", want.HTTPFallback, got.HTTPFallback)
	add("offsite", want.Offsite, got.Offsite)
	add("downgraded", want.Downgraded, got.Downgraded)
	add("truncated", want.Truncated, got.Truncated)
	return strings.Join(diffs, "; ")
}

// startWeb makes and starts a Web for a test, closed at the end.
func startWeb(t testing.TB, cfg Config) (*Web, Addrs) {
	t.Helper()
	w, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	addrs, err := w.Start(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w, addrs
}

// sniffsHTML is the test crawler's HTML check: the WHATWG sniffing of
// http.DetectContentType, after a byte-order mark, white space and leading
// comments.
func sniffsHTML(body []byte) bool {
	b := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	for {
		b = bytes.TrimLeft(b, " \t\r\n\f")
		if !bytes.HasPrefix(b, []byte("<!--")) {
			break
		}
		i := bytes.Index(b, []byte("-->"))
		if i < 0 {
			return false
		}
		b = b[i+3:]
	}
	return strings.HasPrefix(http.DetectContentType(b), "text/html")
}
