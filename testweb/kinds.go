package testweb

import (
	"fmt"
	"sort"
)

// kind is how a site behaves. The zero kind is a normal site.
type kind uint8

// The kinds, in the order of kindTable.
const (
	kindNormal kind = iota
	kindMissing404
	kindMissing410
	kindSoft404HTML
	kindSoft404Text
	kindSoft404JSON
	kindWallCloudflare
	kindWallCloudflare503
	kindWallAkamai
	kindWallDataDome
	kindWallPerimeterX
	kindWallImperva
	kindForbiddenWellKnown
	kindUnauthorizedWellKnown
	kindRateLimited
	kindServerError
	kindRedirectOffsite
	kindRedirectDowngrade
	kindRedirectLoop
	kindRedirectChain
	kindRedirectChainMax
	kindRedirectNoLocation
	kindRedirectPrivate
	kindRedirectLoopback
	kindRedirectMetadata
	kindHTTPOnly
	kindHTTPOnlyReset
	kindBadCert
	kindSlow
	kindStall
	kindStallWellKnown
	kindResetHandshake
	kindResetMidBody
	kindOversized
	kindGzipBomb
	kindGzipMislabeled
	kindBadBytes
	kindHugeHeaders
	kindShortBody
	kindBadChunked
	kindNotHTTP
	kindHTTP09
	kindRobotsLatin1
	kindRobotsUTF16
	kindEncodingUnrequested
	kindUnavailableRetry
	kindLongLocation
	kindSoft404Volatile
	kindSoft404Escaped
	kindBlankFiles
	kindWallCaptcha
	kindStatus999
	kindWallCaptchaGate
	kindParked
	kindNXDomain
	kindPrivateDNS
	numKinds
)

// kindSpec is one row of the kind table.
type kindSpec struct {
	kind kind
	name string
	// dns is true for kinds that only the DNS server can express; they
	// are in the population only when Config.DNS is true.
	dns bool
	// realistic is the kind's share in the "realistic" mix, per 100,000
	// sites. The normal kind takes whatever the others leave. A hostile
	// kind with no realistic share is in the hostile mix only: a kind
	// rare on the real web, which would only blur the realistic figures.
	realistic int
	doc       string
}

// hostileOnly reports whether the kind is in the hostile mix only.
func (s kindSpec) hostileOnly() bool { return s.kind != kindNormal && !s.dns && s.realistic == 0 }

// shareScale is the denominator of every share in the kind table.
const shareScale = 100_000

// kindTable is the one table of kinds and their shares. The realistic
// shares follow what surveys of the top million sites report (most sites
// serve robots.txt; one in twenty misbehaves in some way); every kind of
// the realistic mix has at least 200 per 100,000, so a population of 2,000
// sites holds each at least four times. The kinds with a realistic share
// of 0 (after huge-headers) are protocol faults and answers rare on the
// real web, or cases added after the realistic figures were fixed: they are
// in the hostile mix only, so the realistic and clean mixes do not move.
func kindTable() []kindSpec {
	return []kindSpec{
		{kindNormal, "normal", false, 0, "a working site: robots.txt on most sites, the agent files on a few percent, a home page with or without policy headers, 404 elsewhere; some redirect apex to www or back"},
		{kindMissing404, "missing-404", false, 3000, "every file answers 404 Not Found; the home page works"},
		{kindMissing410, "missing-410", false, 300, "every file answers 410 Gone; the home page works"},
		{kindSoft404HTML, "soft404-html", false, 2000, "every path, home included, answers 200 with the same HTML page naming the path"},
		{kindSoft404Text, "soft404-text", false, 300, "a real robots.txt and home page; every other path answers 200 text/plain \"Not Found\""},
		{kindSoft404JSON, "soft404-json", false, 300, "a real robots.txt and home page; every other path answers 200 JSON that echoes the requested path"},
		{kindWallCloudflare, "botwall-cloudflare", false, 800, "every path answers 403 with Cloudflare's \"Just a moment...\" challenge and cf-mitigated: challenge"},
		{kindWallCloudflare503, "botwall-cloudflare-503", false, 300, "every path answers 503 with Cloudflare's challenge page"},
		{kindWallAkamai, "botwall-akamai", false, 300, "every path answers 403 with Akamai's \"Access Denied\" page and its Reference number"},
		{kindWallDataDome, "botwall-datadome", false, 200, "every path answers 403 with DataDome's captcha-delivery.com page"},
		{kindWallPerimeterX, "botwall-perimeterx", false, 200, "every path answers 403 with PerimeterX's px-captcha page"},
		{kindWallImperva, "botwall-imperva", false, 200, "every path answers 200 with Imperva's _Incapsula_Resource iframe"},
		{kindForbiddenWellKnown, "forbidden-wellknown", false, 500, "every /.well-known/ path answers a plain 403; the rest is a normal site"},
		{kindUnauthorizedWellKnown, "unauthorized-wellknown", false, 200, "every /.well-known/ path answers 401 with WWW-Authenticate; the rest is a normal site"},
		{kindRateLimited, "ratelimited", false, 300, "every path answers 429 with Retry-After: 3600 (the crawler then leaves the host alone)"},
		{kindServerError, "server-error", false, 400, "every path answers the same 5xx (500, 502, 503 or 504; no challenge)"},
		{kindRedirectOffsite, "redirect-offsite", false, 300, "every path but the home page redirects (302) to the same path on cdn-NNNNNN.test, another registrable domain that serves the site's files"},
		{kindRedirectDowngrade, "redirect-downgrade", false, 200, "every HTTPS request redirects (301) to the same URL over HTTP, which serves the site"},
		{kindRedirectLoop, "redirect-loop", false, 200, "every path redirects to itself with ?loop=1, which redirects back"},
		{kindRedirectChain, "redirect-chain", false, 200, "every path redirects through 8 hops (?hop=1 ... ?hop=8) before the file: more than the 5 a crawler follows"},
		{kindRedirectChainMax, "redirect-chain-max", false, 200, "every path redirects through exactly 5 hops before the file: the most a crawler follows"},
		{kindRedirectNoLocation, "redirect-nolocation", false, 200, "every path answers 302 without a Location header"},
		{kindRedirectPrivate, "redirect-private", false, 200, "every path redirects to http://10.0.0.1/<path>, a private address"},
		{kindRedirectLoopback, "redirect-loopback", false, 200, "every path redirects to http://127.0.0.1:1/<path>, a loopback address"},
		{kindRedirectMetadata, "redirect-metadata", false, 200, "every path redirects to http://169.254.169.254/latest/meta-data/, the cloud metadata address"},
		{kindHTTPOnly, "http-only", false, 500, "the TLS handshake is refused (alert) for the site's names; plain HTTP serves a normal site"},
		{kindHTTPOnlyReset, "http-only-reset", false, 200, "the connection is reset on the TLS ClientHello for the site's names; plain HTTP serves a normal site"},
		{kindBadCert, "bad-cert", false, 300, "HTTPS presents a certificate from another, untrusted CA; plain HTTP serves a normal site"},
		{kindSlow, "slow", false, 300, "a normal site whose every response is delayed by Config.SlowDelay"},
		{kindStall, "stall", false, 200, "every request is read and never answered, until the client gives up (Config.StallShare sets the share)"},
		{kindStallWellKnown, "stall-wellknown", false, 200, "requests under /.well-known/ are never answered; the rest is a normal site"},
		{kindResetHandshake, "reset-handshake", false, 200, "the TLS handshake completes, then the connection is reset (TCP RST) before any response"},
		{kindResetMidBody, "reset-midbody", false, 200, "a normal site whose non-empty 2xx responses are cut by a TCP RST halfway through the body"},
		{kindOversized, "oversized", false, 200, "robots.txt and llms.txt are several MiB long; the rest is a normal site"},
		{kindGzipBomb, "gzip-bomb", false, 200, "robots.txt is served with Content-Encoding: gzip and expands to Config.BombSize (1 GiB)"},
		{kindGzipMislabeled, "gzip-mislabeled", false, 200, "robots.txt is a gzip file served as application/gzip without Content-Encoding"},
		{kindBadBytes, "bad-bytes", false, 200, "text files hold invalid UTF-8 and NUL bytes"},
		{kindHugeHeaders, "huge-headers", false, 200, "robots.txt answers 200 with 128 KiB of Set-Cookie headers, over the crawler's 64 KiB cap on a response's headers"},
		{kindShortBody, "short-body", false, 0, "a normal site whose non-empty 2xx responses declare a Content-Length longer than the body sent, then close the connection"},
		{kindBadChunked, "bad-chunked", false, 0, "a normal site whose non-empty 2xx responses use invalid chunked encoding (a chunk size that is not hex, or a chunk longer than its size), then close the connection"},
		{kindNotHTTP, "not-http", false, 0, "every request is answered with bytes that are not HTTP (binary garbage), then the connection is closed"},
		{kindHTTP09, "http09", false, 0, "every request is answered HTTP/0.9 style: the body without a status line or headers, then the connection is closed"},
		{kindRobotsLatin1, "robots-latin1", false, 0, "robots.txt is ISO-8859-1 (Latin-1) text served as text/plain; charset=iso-8859-1; the rest is a normal site"},
		{kindRobotsUTF16, "robots-utf16", false, 0, "robots.txt is UTF-16LE text with a byte order mark, served as text/plain; charset=utf-16; the rest is a normal site"},
		{kindEncodingUnrequested, "encoding-unrequested", false, 0, "robots.txt is compressed with a Content-Encoding the crawler did not ask for (br or zstd, by site); the rest is a normal site"},
		{kindUnavailableRetry, "unavailable-retry", false, 0, "every path answers 503 with Retry-After (1 s or 3600 s, by site): a site in maintenance"},
		{kindLongLocation, "long-location", false, 0, "every path redirects (302) once to itself with a query that makes the Location 10,000 characters long; that URL serves a normal site"},
		{kindSoft404Volatile, "soft404-volatile", false, 0, "a real robots.txt and home page; every other path answers 200 with a short error naming a time and a request id that differ at every path (JSON as Spring Boot writes it, or plain text, by site)"},
		{kindSoft404Escaped, "soft404-json-escaped", false, 0, "a real robots.txt and home page; every other path answers 200 JSON that echoes the requested path with its slashes escaped (\\/), as PHP's json_encode writes it"},
		{kindBlankFiles, "blank-files", false, 0, "robots.txt, agents.txt, llms.txt and ai.txt answer 200 with nothing but white space, or a UTF-8 byte-order mark and white space (the form by site and location); the rest is a normal site"},
		{kindWallCaptcha, "botwall-captcha", false, 0, "every path answers 403 or 503 (by site) with a CAPTCHA wall of no named vendor, recognisable by its title alone (\"Are you a human?\", \"Verifying you are human\", \"Human Verification\" or \"Bot Check\", by site)"},
		{kindStatus999, "status-999", false, 0, "every path answers 999 with a page of script, as LinkedIn refuses crawlers (\"Request Denied\")"},
		{kindWallCaptchaGate, "botwall-captcha-gate", false, 0, "every path answers 200 with the site's own CAPTCHA gate: a title of botwall-captcha's or \"Security check\", a reCAPTCHA, hCaptcha or Turnstile widget and a sentence (by site)"},
		{kindParked, "parked", false, 0, "a parked domain: every path, home included, answers 200 with a parking service's lander (Google AdSense for Domains' caf.js, a \"this domain may be for sale\" link to a marketplace), except robots.txt, which allows every crawler"},
		{kindNXDomain, "nxdomain", true, 1500, "the DNS server answers NXDOMAIN (only with Config.DNS)"},
		{kindPrivateDNS, "private-dns", true, 200, "the DNS server answers a private, loopback or link-local address (only with Config.DNS)"},
	}
}

// String returns the kind's name.
func (k kind) String() string {
	if k < numKinds {
		return kindTable()[k].name
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// KindInfo describes one kind of site of the population.
type KindInfo struct {
	// Name is the kind's stable name, the value of Expect.Kind.
	Name string
	// Doc says how sites of the kind behave.
	Doc string
	// NeedsDNS is true when sites of the kind exist only with Config.DNS.
	NeedsDNS bool
	// HostileOnly is true when sites of the kind exist only in the
	// hostile mix.
	HostileOnly bool
}

// Kinds returns every kind of site, normal first.
func Kinds() []KindInfo {
	t := kindTable()
	out := make([]KindInfo, len(t))
	for i, s := range t {
		out[i] = KindInfo{Name: s.name, Doc: s.doc, NeedsDNS: s.dns, HostileOnly: s.hostileOnly()}
	}
	return out
}

// The mix presets.
const (
	// MixRealistic is the default mix: mostly normal sites, every hostile
	// kind at a small share.
	MixRealistic = "realistic"
	// MixHostile gives a fifth of the sites to the normal kind and shares
	// the rest equally among the other kinds.
	MixHostile = "hostile"
	// MixClean makes every site normal (for throughput benchmarks).
	MixClean = "clean"
)

// Mixes returns the names of the mix presets.
func Mixes() []string { return []string{MixRealistic, MixHostile, MixClean} }

// shares returns the share of every kind (per shareScale) for a mix; the
// shares add up to shareScale. DNS kinds get nothing unless dns is true;
// stall, when positive, overrides the stall kind's share.
func shares(mix string, dns bool, stall float64) ([numKinds]int, error) {
	var s [numKinds]int
	table := kindTable()
	switch mix {
	case "", MixRealistic:
		for _, k := range table {
			s[k.kind] = k.realistic
		}
	case MixHostile:
		n := 0
		for _, k := range table[1:] {
			if !k.dns || dns {
				n++
			}
		}
		for _, k := range table[1:] {
			s[k.kind] = shareScale * 4 / 5 / n
		}
	case MixClean:
	default:
		return s, fmt.Errorf("testweb: unknown mix %q (known: realistic, hostile, clean)", mix)
	}
	if !dns {
		for _, k := range table {
			if k.dns {
				s[k.kind] = 0
			}
		}
	}
	if stall > 0 {
		s[kindStall] = int(stall*shareScale + 0.5)
	}
	rest := shareScale
	for k := kindNormal + 1; k < numKinds; k++ {
		rest -= s[k]
	}
	if rest < 0 {
		return s, fmt.Errorf("testweb: the shares of mix %q with stall share %v exceed the whole population", mix, stall)
	}
	s[kindNormal] = rest
	return s, nil
}

// allocate turns shares into site counts for a population of n: every
// kind gets its share of n rounded by the largest-remainder method, so the
// counts add up to n exactly. It returns the cumulative counts: kind k
// holds the permuted slots [bounds[k-1], bounds[k]).
func allocate(s [numKinds]int, n int) [numKinds]int {
	var count [numKinds]int
	type rem struct {
		k    kind
		frac int64
	}
	var rems []rem
	left := n
	for k := kind(0); k < numKinds; k++ {
		exact := int64(n) * int64(s[k])
		count[k] = int(exact / shareScale)
		left -= count[k]
		if s[k] > 0 {
			rems = append(rems, rem{k, exact % shareScale})
		}
	}
	sort.SliceStable(rems, func(i, j int) bool { return rems[i].frac > rems[j].frac })
	for i := 0; left > 0 && len(rems) > 0; i = (i + 1) % len(rems) {
		count[rems[i].k]++
		left--
	}
	var bounds [numKinds]int
	sum := 0
	for k := kind(0); k < numKinds; k++ {
		sum += count[k]
		bounds[k] = sum
	}
	return bounds
}
