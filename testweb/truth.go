package testweb

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"golang.org/x/net/dns/dnsmessage"
	"golang.org/x/net/publicsuffix"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// Expect is what a crawler following docs/outcomes.md must find at one
// location of one domain.
type Expect struct {
	// Domain is the domain as seeded (WriteSeeds).
	Domain string `json:"domain"`
	// Location is the registry location.
	Location registry.LocationID `json:"location"`
	// Outcome and Reason are the classification. Reason is "" when any
	// reason of the outcome is acceptable (a soft 404 that is both an
	// HTML page and the canary's page).
	Outcome classify.Outcome `json:"outcome"`
	Reason  string           `json:"reason"`
	// Variant names the body of the final 2xx response: a content variant
	// ("robots/minimal"), a home page ("home/plain") or one of testweb's
	// own bodies ("testweb/soft404-html"); "" when there was none.
	Variant string `json:"variant,omitempty"`
	// Valid is the content variant's validity label when the outcome
	// holds a whole file (classify.Outcome.HoldsFile, not truncated);
	// nil otherwise or when the body has no label.
	Valid *bool `json:"valid,omitempty"`
	// OtherFormat is the variant's other-format label, with Valid.
	OtherFormat string `json:"other_format,omitempty"`
	// Open is true when the label is an open reading of the
	// specifications (the variant's Note begins with content.OpenPrefix).
	Open bool `json:"open,omitempty"`
	// Scheme is the scheme of the last URL requested ("https" or "http");
	// for a location not requested, the domain's scheme.
	Scheme string `json:"scheme"`
	// HTTPFallback is true when HTTPS could not connect and the domain
	// was fetched over HTTP.
	HTTPFallback bool `json:"http_fallback"`
	// Offsite and Downgraded are the redirect flags: a hop left the
	// registrable domain; a hop went from HTTPS to HTTP.
	Offsite    bool `json:"offsite"`
	Downgraded bool `json:"downgraded"`
	// Truncated is true when the body is longer than Config.MaxBody.
	Truncated bool `json:"truncated"`
	// Kind is the site's kind (see Kinds).
	Kind string `json:"kind"`
}

// truthCanaryPath stands for the crawl's canary path, which the truth
// cannot know: every path the sites do not serve behaves alike.
const truthCanaryPath = "/.well-known/survey-canary-truth"

// The crawler retries a 429 only when its Retry-After is short
// (docs/outcomes.md, Rate limits); the ratelimited kind asks for an hour,
// so its first 429 stands and the other locations are not requested. A
// 503 with a Retry-After (the unavailable-retry kind) is the same, whether
// the crawler waited and retried (Retry-After: 1) or not (3600): the
// second answer is the same 503.

// maxConsecutiveTimeouts is the crawler's patience: after this many
// consecutive timeouts on a host, its remaining locations are not
// requested (docs/outcomes.md, Limits).
const maxConsecutiveTimeouts = 2

// Truth returns what a crawler must find at every registry location of
// domain, in fetch order. domain must be in its seeded form (any case); it
// reports false for names outside the population.
func (w *Web) Truth(domain string) ([]Expect, bool) {
	hi, ok := w.lookupHost(domain)
	if !ok || hi.fam != famSite || hi.host != hi.seed {
		return nil, false
	}
	return w.truth(hi.site), true
}

// Domains yields every domain of the population in its seeded form, with
// its kind, in index order. It holds nothing in memory.
func (w *Web) Domains() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := 0; i < w.cfg.Sites; i++ {
			s := w.site(i)
			if !yield(s.seed, w.names[s.kind]) {
				return
			}
		}
	}
}

// WriteSeeds writes the seed list: every domain, one per line.
func (w *Web) WriteSeeds(out io.Writer) error {
	bw := bufio.NewWriter(out)
	for d := range w.Domains() {
		bw.WriteString(d)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("testweb: writing the seeds: %w", err)
	}
	return nil
}

// WriteTruth writes the truth of every domain as JSON lines, one Expect
// per line, domains in seed order and locations in fetch order.
func (w *Web) WriteTruth(out io.Writer) error {
	bw := bufio.NewWriter(out)
	enc := json.NewEncoder(bw)
	sims, exp := make([]fetchSim, len(w.locs)), make([]Expect, len(w.locs))
	for i := 0; i < w.cfg.Sites; i++ {
		for _, e := range w.truthInto(w.site(i), sims, exp) {
			if err := enc.Encode(e); err != nil {
				return fmt.Errorf("testweb: writing the truth: %w", err)
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("testweb: writing the truth: %w", err)
	}
	return nil
}

// fetchSim is one simulated fetch: the crawler's view of one location.
type fetchSim struct {
	got                 bool  // an HTTP response other than a followed redirect
	rep                 reply // the final reply, when got
	host                string
	path                string
	outcome             classify.Outcome // for a fetch without a usable response
	reason              string
	scheme              string
	hops                int
	offsite, downgraded bool
	// unreachable is true when the first hop found the host unreachable
	// (DNS, address guard, TLS): the crawler does not request the other
	// locations. connFail is true when that was TLS (the HTTP fallback).
	unreachable, connFail bool
}

// truth simulates the crawler of docs/outcomes.md over site s.
func (w *Web) truth(s site) []Expect {
	return w.truthInto(s, make([]fetchSim, len(w.locs)), make([]Expect, len(w.locs)))
}

// truthInto is truth with the scratch space given: sims and out have one
// element per location; out is returned.
func (w *Web) truthInto(s site, sims []fetchSim, out []Expect) []Expect {
	scheme, fallback := "https", false
	hosts := hostMemo{w: w}
	canary, unreachable, limited := -1, -1, false
	timeouts := 0
	for i, loc := range w.locs {
		path := loc.Path
		if loc.Canary {
			path, canary = truthCanaryPath, i
		}
		switch {
		case unreachable >= 0:
			sims[i] = fetchSim{outcome: sims[unreachable].outcome, reason: sims[unreachable].reason, scheme: scheme}
			continue
		case limited:
			sims[i] = fetchSim{outcome: classify.Blocked, reason: classify.ReasonRateLimited, scheme: scheme}
			continue
		case timeouts >= maxConsecutiveTimeouts:
			sims[i] = fetchSim{outcome: classify.Timeout, reason: classify.ReasonHostUnresponsive, scheme: scheme}
			continue
		}
		f := w.simulate(s, scheme, path, &hosts)
		if i == 0 && f.connFail {
			scheme, fallback = "http", true
			f = w.simulate(s, scheme, path, &hosts)
		}
		if f.outcome == classify.Timeout {
			timeouts++
		} else {
			timeouts = 0
		}
		sims[i] = f
		if i == 0 && f.unreachable {
			unreachable = i
		}
		if f.got && f.hops == 0 && (f.rep.status == http.StatusTooManyRequests || retryAfter503(f.rep)) {
			limited = true // the host is rate-limiting: the crawler leaves it alone
		}
	}
	for i, loc := range w.locs {
		var c *fetchSim
		if canary >= 0 {
			c = &sims[canary]
		}
		out[i] = w.expect(s, loc, sims[i], c)
		out[i].HTTPFallback = fallback
	}
	return out
}

// simulate follows one URL the way the crawler does: address checks, TLS,
// the server's plan, redirects (at most registry.MaxRedirects, loops
// refused).
func (w *Web) simulate(s site, scheme, path string, hosts *hostMemo) fetchSim {
	cur := &url.URL{Scheme: scheme, Host: s.seed, Path: path}
	via := []string{cur.String()}
	f := fetchSim{scheme: scheme}
	domain := registrable(s.seed)
	fail := func(o classify.Outcome, reason string) fetchSim { return f.failed(o, reason, scheme) }
	for {
		host := cur.Hostname()
		f.scheme, f.host, f.path = cur.Scheme, host, cur.Path
		if ip, err := parseIPLiteral(host); err == nil {
			if nonPublic(ip) {
				return fail(classify.NetworkError, classify.ReasonAddressGuard)
			}
			return fail(classify.NetworkError, classify.ReasonConnect) // no public literal is ever served
		}
		if w.cfg.DNS {
			switch ans := w.resolve(host); {
			case ans.rcode == dnsmessage.RCodeNameError:
				return fail(classify.NetworkError, classify.ReasonNameNotFound)
			case ans.rcode != dnsmessage.RCodeSuccess:
				return fail(classify.NetworkError, classify.ReasonDNS)
			case nonPublic(netip.AddrFrom4(ans.addr)):
				return fail(classify.NetworkError, classify.ReasonAddressGuard)
			}
		}
		hi, ok := hosts.lookup(host)
		if !ok {
			return fail(classify.NetworkError, classify.ReasonNameNotFound)
		}
		if cur.Scheme == "https" && hi.fam == famSite {
			switch hi.kind {
			case kindHTTPOnly, kindHTTPOnlyReset, kindBadCert:
				return fail(classify.NetworkError, classify.ReasonTLS)
			case kindResetHandshake:
				return fail(classify.NetworkError, classify.ReasonReset)
			}
		}
		rep := w.plan(hi, cur.Scheme, cur.Path, cur.RawQuery)
		if rep.file != nil && headerBytes(rep.file.header) > crawl.MaxHeaderBytes {
			return fail(classify.NetworkError, classify.ReasonHeaderCap)
		}
		switch rep.op {
		case opStall:
			return fail(classify.Timeout, classify.ReasonRequestTimeout)
		case opResetBody, opShortBody:
			// A reset, or a close before the Content-Length was met: the
			// connection closed early, the partial body is no file.
			return fail(classify.NetworkError, classify.ReasonReset)
		case opHTTP09:
			if len(w.replyBody(rep, s.seed)) == 0 {
				// No body, no status line: the connection closed
				// without a response.
				return fail(classify.NetworkError, classify.ReasonReset)
			}
			return fail(classify.NetworkError, classify.ReasonProtocol)
		case opBadChunked, opGarbage:
			return fail(classify.NetworkError, classify.ReasonProtocol)
		case opRespond:
			if !acceptedEncoding(rep.encoding) {
				// A content coding the crawler did not ask for: the body
				// cannot be read as the file.
				return fail(classify.NetworkError, classify.ReasonProtocol)
			}
		case opRedirect:
			if rep.location == "" {
				f.got, f.rep = true, rep
				return f
			}
			ref, err := url.Parse(rep.location)
			if err != nil {
				return fail(classify.RedirectError, classify.ReasonBadLocation)
			}
			next := cur.ResolveReference(ref)
			if cur.Scheme == "https" && next.Scheme == "http" {
				f.downgraded = true
			}
			if registrable(next.Hostname()) != domain {
				f.offsite = true
			}
			f.scheme = next.Scheme
			ns := next.String()
			for _, v := range via {
				if v == ns {
					return fail(classify.RedirectError, classify.ReasonLoop)
				}
			}
			if len(via) > registry.MaxRedirects {
				return fail(classify.RedirectError, classify.ReasonTooMany)
			}
			via = append(via, ns)
			f.hops++
			cur = next
			continue
		}
		f.got, f.rep = true, rep
		return f
	}
}

// acceptedEncoding reports whether a Content-Encoding is one the crawler
// asks for (Accept-Encoding: gzip, deflate) or none.
func acceptedEncoding(enc string) bool {
	switch enc {
	case "", "gzip", "deflate":
		return true
	}
	return false
}

// retryAfter503 reports whether a reply is a 503 with a Retry-After: the
// crawler leaves the host alone after it, as after a 429
// (docs/outcomes.md, Rate limits).
func retryAfter503(rep reply) bool {
	return rep.status == http.StatusServiceUnavailable && rep.file != nil && rep.file.header.Get("Retry-After") != ""
}

// headerBytes is the size of h as written in a response: "Key: value\r\n"
// for every value.
func headerBytes(h http.Header) int {
	n := 0
	for k, vs := range h {
		for _, v := range vs {
			n += len(k) + len(": ") + len(v) + len("\r\n")
		}
	}
	return n
}

// failed returns f ended without a usable response; scheme is the scheme
// the fetch started with.
func (f fetchSim) failed(o classify.Outcome, reason, scheme string) fetchSim {
	f.outcome, f.reason = o, reason
	if f.hops == 0 {
		switch reason {
		case classify.ReasonDNS, classify.ReasonNameNotFound, classify.ReasonAddressGuard, classify.ReasonTLS, classify.ReasonConnect:
			f.unreachable = true
			f.connFail = reason == classify.ReasonTLS && scheme == "https"
		}
	}
	return f
}

// expect classifies a simulated fetch the way docs/outcomes.md defines.
func (w *Web) expect(s site, loc registry.Location, f fetchSim, canary *fetchSim) Expect {
	e := Expect{Domain: s.seed, Location: loc.ID, Scheme: f.scheme, Offsite: f.offsite, Downgraded: f.downgraded, Kind: w.names[s.kind]}
	if !f.got {
		e.Outcome, e.Reason = f.outcome, f.reason
		return e
	}
	rep := f.rep
	body, size := w.simBody(rep, s.seed)
	e.Truncated = size > w.cfg.MaxBody
	switch st := rep.status; {
	case rep.vendor != "":
		e.Outcome, e.Reason = classify.Blocked, classify.ChallengeReason(rep.vendor)
	case st == 401 || st == 403 || st == 407 || st == 429 || st == 451 || st == statusRequestDenied:
		// 999 is in no class of RFC 9110: a refusal (docs/outcomes.md).
		e.Outcome, e.Reason = classify.Blocked, classify.StatusReason(st)
	case st >= 500:
		e.Outcome, e.Reason = classify.ServerError, classify.StatusReason(st)
	case st >= 400:
		e.Outcome, e.Reason = classify.Absent, classify.StatusReason(st)
	case st < 200 || st >= 300:
		e.Outcome, e.Reason = classify.RedirectError, classify.ReasonBadLocation
	}
	if e.Outcome != "" {
		return e
	}
	if rep.file != nil {
		e.Variant = rep.file.name
	}
	if loc.Canary {
		e.Outcome, e.Reason = classify.Soft404, classify.ReasonCanarySelf
		return e
	}
	if loc.Expect != registry.KindHTML && loc.Expect != registry.KindAny {
		html := rep.big == bigNone && looksLikeHTML(body)
		match := false
		if canary != nil && canary.got && canary.rep.status/100 == 2 && rep.big == bigNone {
			cb, _ := w.simBody(canary.rep, s.seed)
			match = matchesCanary(body, f.path, cb, canary.path)
		}
		switch {
		case html && match:
			e.Outcome, e.Reason = classify.Soft404, ""
		case html:
			e.Outcome, e.Reason = classify.Soft404, classify.ReasonHTMLBody
		case match:
			e.Outcome, e.Reason = classify.Soft404, classify.ReasonCanaryMatch
		}
		if e.Outcome != "" {
			return e
		}
	}
	switch {
	case f.downgraded:
		e.Outcome, e.Reason = classify.Downgraded, classify.ReasonHTTPSToHTTP
	case f.offsite:
		e.Outcome, e.Reason = classify.Redirected, classify.ReasonOffsite
	case e.Truncated:
		e.Outcome, e.Reason = classify.TooLarge, classify.ReasonBodyCap
	case size == 0 || rep.big == bigNone && blankBody(body):
		// No bytes, or white space alone (docs/outcomes.md, Empty).
		e.Outcome, e.Reason = classify.Present, classify.ReasonEmpty
	default:
		e.Outcome, e.Reason = classify.Present, classify.ReasonOK
	}
	if rep.content && !e.Truncated && rep.file.valid != nil {
		v := *rep.file.valid
		e.Valid, e.OtherFormat, e.Open = &v, rep.file.otherFormat, rep.file.open
	}
	return e
}

// simBody returns the body a crawler reads from a reply (decoded) and its
// length; the big bodies are not built, only measured.
func (w *Web) simBody(rep reply, seed string) ([]byte, int64) {
	switch rep.big {
	case bigRobots, bigLLMs:
		return nil, oversizeLen
	case bigBomb:
		return nil, bombDecodedSize(w.cfg.BombSize)
	}
	b := w.replyBody(rep, seed)
	return b, int64(len(b))
}

// hostMemo remembers the last host a simulation looked up: a domain's
// fetches go to one or two hosts.
type hostMemo struct {
	w    *Web
	host string
	hi   hostInfo
	ok   bool
}

// lookup is w.lookupHost, memoised.
func (m *hostMemo) lookup(host string) (hostInfo, bool) {
	if m.host != host || m.host == "" {
		m.host = host
		m.hi, m.ok = m.w.lookupHost(host)
	}
	return m.hi, m.ok
}

// parseIPLiteral parses host as an IP address when it can be one (it
// starts with a digit or holds a colon), without the cost of a parse
// error for every name.
func parseIPLiteral(host string) (netip.Addr, error) {
	if host == "" || !(host[0] >= '0' && host[0] <= '9' || strings.IndexByte(host, ':') >= 0) {
		return netip.Addr{}, errNotIP
	}
	return netip.ParseAddr(host)
}

// errNotIP is parseIPLiteral's error for a name.
var errNotIP = errors.New("not an IP address")

// registrable returns the registrable domain of host (eTLD+1 by the
// public suffix list), or host itself when it has none. Names under .test
// (not in the list, so its default rule applies: the last label is the
// suffix) are cut without a list lookup.
func registrable(host string) string {
	if rest, ok := strings.CutSuffix(host, tld); ok && rest != "" {
		if i := strings.LastIndexByte(rest, '.'); i >= 0 {
			return host[i+1:]
		}
		return host
	}
	r, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil {
		return host
	}
	return r
}

// nonPublic reports whether the crawler's address guard refuses ip:
// loopback, private, link-local, multicast or unspecified.
func nonPublic(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsMulticast() ||
		ip.IsLinkLocalMulticast() || ip.IsUnspecified()
}
