package testweb

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentpolicy/survey/registry"
)

// op is what the server does with a request.
type op uint8

const (
	opRespond    op = iota // write a response
	opRedirect             // write a redirect (reply.location, possibly none)
	opStall                // never answer
	opResetBody            // write the headers and half the body, then reset the connection
	opShortBody            // write a Content-Length longer than the body, the body, then close the connection
	opBadChunked           // write the body in invalid chunked encoding, then close the connection
	opGarbage              // write bytes that are not HTTP, then close the connection
	opHTTP09               // write the body without a status line or headers, then close the connection
	opUnknown              // the host is not in the population: 421
)

// bigBody names a body too large to build per request; the Web builds
// each once, when first served.
type bigBody uint8

const (
	bigNone   bigBody = iota
	bigRobots         // an oversized robots.txt
	bigLLMs           // an oversized llms.txt
	bigBomb           // the gzip bomb
)

// reply is the server's answer to one request, as data: the handler
// executes it, and the truth simulates a crawler over it.
type reply struct {
	op       op
	status   int
	file     *file   // the body (and its content type and headers); nil for none
	big      bigBody // a body built once per Web, instead of file's
	encoding string  // Content-Encoding
	location string  // the Location of a redirect; "" sends none
	vendor   string  // the bot-protection vendor of a challenge page
	content  bool    // file is a content variant or home page: its label counts
	delay    time.Duration
}

// locationFor maps a request path to its registry location; unknown paths
// (the canary among them) map to the canary.
func (w *Web) locationFor(path string) registry.LocationID {
	if id, ok := w.paths[path]; ok {
		return id
	}
	return registry.LocCanary
}

// plan decides the server's reply to a request for path?query over scheme
// to host. It is a pure function of the Web's configuration and its
// arguments. Connection-level behaviour (refused TLS, a bad certificate,
// a reset after the handshake) is decided by tlsModeFor, before any
// request.
func (w *Web) plan(hi hostInfo, scheme, path, query string) reply {
	loc := w.locationFor(path)
	if hi.fam == famCDN {
		return w.base(hi.site, loc, path)
	}
	wellKnown := strings.HasPrefix(path, "/.well-known/")
	switch hi.kind {
	case kindNormal:
		if canon := w.canonicalHost(hi); canon != "" {
			return reply{op: opRedirect, status: http.StatusMovedPermanently, location: scheme + "://" + canon + pathQuery(path, query)}
		}
	case kindMissing404:
		if loc != registry.LocHome {
			return w.errorPage(http.StatusNotFound)
		}
	case kindMissing410:
		if loc != registry.LocHome {
			return w.errorPage(http.StatusGone)
		}
	case kindSoft404HTML:
		return reply{op: opRespond, status: http.StatusOK, file: w.own.soft404HTML(path)}
	case kindSoft404Text:
		switch loc {
		case registry.LocRobots:
			return w.forcedFile(hi.site, loc)
		case registry.LocHome:
		default:
			return reply{op: opRespond, status: http.StatusOK, file: w.own.soft404Text}
		}
	case kindSoft404JSON:
		switch loc {
		case registry.LocRobots:
			return w.forcedFile(hi.site, loc)
		case registry.LocHome:
		default:
			return reply{op: opRespond, status: http.StatusOK, file: w.own.soft404JSON(path)}
		}
	case kindSoft404Volatile, kindSoft404Escaped:
		switch loc {
		case registry.LocRobots:
			return w.forcedFile(hi.site, loc)
		case registry.LocHome:
		default:
			f := w.own.soft404Escaped(path)
			if hi.kind == kindSoft404Volatile {
				f = w.own.soft404Volatile(hi.h, path)
			}
			return reply{op: opRespond, status: http.StatusOK, file: f}
		}
	case kindBlankFiles:
		switch loc {
		case registry.LocRobots, registry.LocAgentsTxt, registry.LocLLMsTxt, registry.LocAITxt:
			f := w.own.blank[draw(hi.h, "blank/"+string(loc))%uint64(len(blankForms))]
			return reply{op: opRespond, status: http.StatusOK, file: f}
		}
	case kindParked:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.parkedRobots}
		}
		return reply{op: opRespond, status: http.StatusOK, file: w.own.parkedLander}
	case kindStatus999:
		return reply{op: opRespond, status: statusRequestDenied, file: w.own.denied999}
	case kindWallCloudflare, kindWallCloudflare503, kindWallAkamai, kindWallDataDome, kindWallPerimeterX, kindWallImperva, kindWallCaptcha, kindWallCaptchaGate:
		return w.challenge(hi, path)
	case kindForbiddenWellKnown:
		if wellKnown {
			return reply{op: opRespond, status: http.StatusForbidden, file: w.own.forbidden}
		}
	case kindUnauthorizedWellKnown:
		if wellKnown {
			return reply{op: opRespond, status: http.StatusUnauthorized, file: w.own.unauthorized}
		}
	case kindRateLimited:
		return reply{op: opRespond, status: http.StatusTooManyRequests, file: w.own.tooMany}
	case kindServerError:
		return w.errorPage(serverErrorStatus(hi.site))
	case kindRedirectOffsite:
		if loc != registry.LocHome {
			return reply{op: opRedirect, status: http.StatusFound, location: "https://" + w.cdnName(hi.index) + pathQuery(path, query)}
		}
	case kindRedirectDowngrade:
		if scheme == "https" {
			return reply{op: opRedirect, status: http.StatusMovedPermanently, location: "http://" + hi.host + pathQuery(path, query)}
		}
	case kindRedirectLoop:
		if query == "loop=1" {
			return reply{op: opRedirect, status: http.StatusFound, location: path}
		}
		return reply{op: opRedirect, status: http.StatusFound, location: path + "?loop=1"}
	case kindRedirectChain, kindRedirectChainMax:
		hops := chainLength
		if hi.kind == kindRedirectChainMax {
			hops = registry.MaxRedirects
		}
		n := 0
		if v, ok := strings.CutPrefix(query, "hop="); ok {
			n, _ = strconv.Atoi(v)
		}
		if n < hops {
			return reply{op: opRedirect, status: http.StatusFound, location: path + "?hop=" + strconv.Itoa(n+1)}
		}
	case kindRedirectNoLocation:
		return reply{op: opRedirect, status: http.StatusFound, file: w.own.movedNoLocation}
	case kindRedirectPrivate:
		return reply{op: opRedirect, status: http.StatusFound, location: "http://10.0.0.1" + path}
	case kindRedirectLoopback:
		return reply{op: opRedirect, status: http.StatusFound, location: "http://127.0.0.1:1" + path}
	case kindRedirectMetadata:
		return reply{op: opRedirect, status: http.StatusFound, location: "http://169.254.169.254/latest/meta-data/"}
	case kindSlow:
		r := w.base(hi.site, loc, path)
		r.delay = w.cfg.SlowDelay
		return r
	case kindStall:
		return reply{op: opStall}
	case kindStallWellKnown:
		if wellKnown {
			return reply{op: opStall}
		}
	case kindResetMidBody:
		// An empty body cannot be cut: it is served whole.
		r := w.base(hi.site, loc, path)
		if r.op == opRespond && r.status == http.StatusOK && len(w.replyBody(r, hi.seed)) > 0 {
			r.op = opResetBody
		}
		return r
	case kindShortBody, kindBadChunked:
		// Like reset-midbody: an empty body has nothing to cut or chunk.
		r := w.base(hi.site, loc, path)
		if r.op == opRespond && r.status == http.StatusOK && len(w.replyBody(r, hi.seed)) > 0 {
			r.op = opShortBody
			if hi.kind == kindBadChunked {
				r.op = opBadChunked
			}
		}
		return r
	case kindNotHTTP:
		return reply{op: opGarbage}
	case kindHTTP09:
		r := w.base(hi.site, loc, path)
		r.op = opHTTP09
		return r
	case kindRobotsLatin1:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.latin1Robots, content: true}
		}
	case kindRobotsUTF16:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.utf16Robots, content: true}
		}
	case kindEncodingUnrequested:
		if loc == registry.LocRobots {
			if draw(hi.h, "encoding")%2 == 0 {
				return reply{op: opRespond, status: http.StatusOK, file: w.own.brRobots, encoding: "br"}
			}
			return reply{op: opRespond, status: http.StatusOK, file: w.own.zstdRobots, encoding: "zstd"}
		}
	case kindUnavailableRetry:
		return reply{op: opRespond, status: http.StatusServiceUnavailable, file: w.own.unavailable[draw(hi.h, "retry-after")%2]}
	case kindLongLocation:
		if !strings.HasPrefix(query, longLocationKey) {
			return reply{op: opRedirect, status: http.StatusFound, location: longLocation(scheme, hi.host, path)}
		}
	case kindOversized:
		switch loc {
		case registry.LocRobots:
			return reply{op: opRespond, status: http.StatusOK, file: w.own.oversizedRobots, big: bigRobots}
		case registry.LocLLMsTxt:
			return reply{op: opRespond, status: http.StatusOK, file: w.own.oversizedLLMs, big: bigLLMs}
		}
	case kindGzipBomb:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.bomb, big: bigBomb, encoding: "gzip"}
		}
	case kindGzipMislabeled:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.gzipFile}
		}
	case kindHugeHeaders:
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.hugeHeaders}
		}
	case kindBadBytes:
		if bad := w.cat.badBytes[loc]; len(bad) > 0 {
			f := bad[draw(hi.h, "bad-bytes/"+string(loc))%uint64(len(bad))]
			return reply{op: opRespond, status: http.StatusOK, file: f, content: true}
		}
		if loc == registry.LocRobots {
			return reply{op: opRespond, status: http.StatusOK, file: w.own.badBytesRobots}
		}
	}
	return w.base(hi.site, loc, path)
}

// chainLength is the number of hops of the redirect-chain kind: more than
// registry.MaxRedirects.
const chainLength = 8

// statusRequestDenied is the status-999 kind's status: in no class of
// RFC 9110, LinkedIn's answer to crawlers.
const statusRequestDenied = 999

// longLocationLen is the length of the long-location kind's Location.
const longLocationLen = 10_000

// longLocationKey starts the query of the long-location kind's Location.
const longLocationKey = "pad="

// longLocation returns the URL, longLocationLen characters long, to which
// the long-location kind redirects path: the same URL with a query of
// filler.
func longLocation(scheme, host, path string) string {
	u := scheme + "://" + host + path + "?" + longLocationKey
	if n := longLocationLen - len(u); n > 0 {
		u += strings.Repeat("x", n)
	}
	return u
}

// pathQuery joins a path and a raw query.
func pathQuery(path, query string) string {
	if query == "" {
		return path
	}
	return path + "?" + query
}

// canonicalHost returns the host a normal site redirects to when hi is
// not its canonical form, or "". A fifth of normal sites redirect apex to
// www, a fifth www to apex, the rest answer on both.
func (w *Web) canonicalHost(hi hostInfo) string {
	u := unit(draw(hi.h, "canonical"))
	switch {
	case u < 0.2 && !hi.www:
		return wwwPrefix + hi.name
	case u >= 0.2 && u < 0.4 && hi.www:
		return hi.name
	}
	return ""
}

// serverErrorStatus is the 5xx a server-error site answers.
func serverErrorStatus(s site) int {
	codes := [...]int{500, 502, 503, 504}
	return codes[draw(s.h, "server-error")%uint64(len(codes))]
}

// errorPage is a plain error response with an HTML body.
func (w *Web) errorPage(status int) reply {
	return reply{op: opRespond, status: status, file: w.own.errorPage(status)}
}

// base is a normal site's reply: the location's file when the site has
// one, its home page, or 404.
func (w *Web) base(s site, loc registry.LocationID, path string) reply {
	if f := w.siteFile(s, loc); f != nil {
		return reply{op: opRespond, status: http.StatusOK, file: f, content: true}
	}
	return w.errorPage(http.StatusNotFound)
}

// forcedFile is the location's file even when a normal site of the same
// hash would have none (soft-404 sites always have a real robots.txt).
func (w *Web) forcedFile(s site, loc registry.LocationID) reply {
	f, _ := w.cat.files[loc].pick(draw(s.h, "variant/"+string(loc)))
	return reply{op: opRespond, status: http.StatusOK, file: f, content: true}
}

// siteFile returns the file site s serves at loc as a normal site, or nil.
func (w *Web) siteFile(s site, loc registry.LocationID) *file {
	switch loc {
	case registry.LocCanary:
		return nil
	case registry.LocHome:
		f, _ := w.cat.homes.pick(draw(s.h, "home"))
		return f
	case registry.LocAgentFeed, registry.LocDID, registry.LocAgentCard:
		if unit(draw(s.h, "present/agent-feed")) >= adoption(registry.LocAgentFeed) {
			return nil
		}
		set, ok := w.cat.feeds.pick(draw(s.h, "variant/agent-feed"))
		if !ok {
			return nil
		}
		switch loc {
		case registry.LocAgentFeed:
			return set.feed
		case registry.LocDID:
			return set.did
		}
		return set.card
	}
	// The home page is picked only when its links decide: when the draw
	// falls between the two shares (every request asks).
	share, u := adoption(loc), unit(draw(s.h, "present/"+string(loc)))
	if u >= min(share, linkedAdoption) && u < max(share, linkedAdoption) {
		if home, _ := w.cat.homes.pick(draw(s.h, "home")); home != nil && slices.Contains(home.linksTo, loc) {
			share = linkedAdoption
		}
	}
	if u >= share {
		return nil
	}
	p := w.cat.files[loc]
	if p == nil {
		return nil
	}
	f, _ := p.pick(draw(s.h, "variant/"+string(loc)))
	return f
}
