// Package testweb is the simulated web that survey's tests, demos and
// benchmarks crawl instead of the internet: a population of synthetic
// domains under the .test top-level domain, served from one loopback
// listener that speaks both HTTPS and plain HTTP, plus an optional DNS
// server.
//
// # Population
//
// Sites are named site-000000.test, site-000001.test, ...; the seed list
// (WriteSeeds) names some in their apex form and some as www.site-….test.
// Every site has a kind (see Kinds): most are "normal" sites that serve a
// realistic share of the agent-policy files, the rest misbehave in one of
// the ways the crawler must survive (soft 404s, bot walls, redirect
// loops, refused TLS, stalls, resets, decompression bombs, broken HTTP
// framing, ...); the rarest protocol faults are in the hostile mix only.
// The mix of kinds is a preset (Config.Mix) whose shares are one table in
// kinds.go; sites are dealt kinds through a keyed permutation of their
// indexes, so a population of n sites holds each kind exactly in
// proportion (and every kind of the realistic mix at least four times in 2,000 sites).
//
// Nothing is stored per site: a site's behaviour is computed from
// Config.Seed and the name in the request's Host header or TLS SNI, so a
// population of a million domains costs nothing until a domain is
// requested. The bodies come from package testweb/content, built once
// when the Web is made.
//
// # Ground truth
//
// Truth and WriteTruth say, for every domain and every registry location,
// what a crawler that follows docs/outcomes.md must find: the outcome and
// reason, the content variant and its validity label, the scheme and the
// flags. The truth is computed by simulating the crawler over the same
// request plan the server executes, so the two cannot drift apart.
//
// # Decisions
//
// Where docs/outcomes.md leaves a kind's outcome open, the kind is built
// so that it is not, and the truth says:
//
//   - Soft-404 sites whose pages are not HTML (soft404-text, soft404-json)
//     serve a real robots.txt and home page: robots.txt is fetched before
//     the canary, and whether it is then compared with the canary is the
//     classifier's choice.
//   - A soft 404 that is both an HTML page and the canary's page has the
//     Reason "" (html_body and canary_match are both right).
//   - The HTML sniffing of the truth follows the list of docs/outcomes.md
//     and skips leading comments and an XML declaration, so an
//     automation-preferences.txt opening with "<!-- ... -->" is a file.
//   - Redirects to literal private addresses go from HTTPS to
//     http://10.0.0.1/..., http://127.0.0.1:1/... and
//     http://169.254.169.254/latest/meta-data/: network_error
//     address_guard (the --connect-to exemption is for that address and
//     port only), with Scheme "http", Downgraded and Offsite set by the hop
//     that was refused.
//   - DNS failures and refused addresses do not trigger the HTTP
//     fallback; only a failed TLS handshake on the first request does
//     (http-only: an alert; http-only-reset: a reset during the handshake;
//     bad-cert: an untrusted certificate). A reset after a completed
//     handshake (reset-handshake) is network_error reset at every location.
//     When the first request finds the host unreachable (DNS, address
//     guard, TLS over HTTP), every location gets the same outcome.
//   - ratelimited answers 429 with Retry-After: 3600, longer than the
//     crawler waits: robots.txt is blocked/status_429 and the other
//     locations, not requested, blocked/rate_limited.
//   - reset-midbody cuts only non-empty 2xx bodies; its 404s and empty
//     files are whole.
//   - huge-headers sends robots.txt behind more header bytes than the
//     crawler reads (crawl.MaxHeaderBytes): network_error/header_cap; its
//     other locations are a normal site's.
//   - redirect-offsite keeps the home page on the site; redirect-downgrade
//     sends every path, the home page included, to HTTP (so the home page
//     is "downgraded").
//   - Stalls time out; after two consecutive timeouts the remaining
//     locations are timeout/host_unresponsive. stall-wellknown stalls only
//     under /.well-known/, so a served location in between resets the
//     count.
//   - Host-dependent bodies (did:web documents) are rendered for the
//     seeded domain, the host the crawler parses them for, whichever form
//     (apex or www.) served them.
//   - short-body and bad-chunked, like reset-midbody, break only non-empty
//     2xx bodies; their 404s and empty files are whole. A Content-Length
//     the server does not meet before it closes the connection is
//     network_error/reset (closed early); broken chunked framing
//     (bad-chunked), bytes that are not HTTP (not-http) and a body
//     without a status line (http09) are network_error/protocol, at every
//     location: none of them makes the host unreachable. An http09 answer
//     with an empty body is no bytes at all: reset.
//   - A body in a content coding the crawler did not ask for
//     (encoding-unrequested: br or zstd, where it asked for gzip, deflate)
//     is network_error/protocol: its bytes are not the file, and a
//     crawler that kept them would parse compressed bytes as robots.txt.
//   - A Latin-1 or UTF-16 robots.txt (robots-latin1, robots-utf16) is
//     present/ok, and labelled invalid (Valid false): RFC 9309 §2.3 says
//     the file MUST be UTF-8, whatever charset the Content-Type names.
//   - unavailable-retry answers 503 with Retry-After everywhere: robots.txt
//     is server_error/status_503 (after one retry when the Retry-After is
//     1 s) and the other locations blocked/rate_limited, as after a 429.
//   - long-location's 10,000-character Location is followed: its
//     locations are a normal site's, reached in one same-site hop.
//   - The kinds added for later rules of docs/outcomes.md are in the
//     hostile mix only, so that the realistic and clean mixes (and their
//     truth) did not move. status-999 answers 999 everywhere:
//     blocked/status_999 at every location, and the crawler goes on (a
//     999 is no rate limit). botwall-captcha's wall has no marker of a
//     named vendor, only its title, at 403 or 503:
//     blocked/challenge_captcha. botwall-captcha-gate answers 200 with the
//     site's own gate, a generic title over a reCAPTCHA, hCaptcha or
//     Turnstile widget: blocked/challenge_captcha too. parked answers
//     every path but robots.txt with a parking service's lander (caf.js,
//     a link offering the domain for sale): the home page is present, the
//     other locations soft_404 (an HTML page the same as the canary's), and
//     the domain is parked (targets.parked). blank-files serves files of white space
//     alone (after a byte-order mark or not): present/empty, like a body of
//     no bytes. soft404-volatile and soft404-json-escaped keep a real
//     robots.txt and home page (as soft404-text does); their other
//     locations are soft_404/canary_match: the volatile pages differ from
//     the canary's only in words holding a digit (each page is under 256
//     bytes, so no similarity measure decides), the escaped ones only in
//     the path written with "\/".
//   - Valid is nil for testweb's own bodies (challenge pages, soft-404
//     pages, the oversized files, the bomb, the gzip file, the blank
//     files), except the Latin-1 and UTF-16 robots.txt, and for truncated
//     files: package content labels only its variants.
//
// The truth assumes the crawler's defaults: a request timeout above
// Latency.Max and SlowDelay, a domain deadline that fits thirteen slow
// responses or three stalls, a body cap of Config.MaxBody, and a cap on a
// response's headers of crawl.MaxHeaderBytes.
//
// # Serving
//
// Serve accepts connections on a listener, peeks at the first byte (0x16
// starts a TLS handshake) and serves HTTP/1.1 with keep-alive over TLS or
// in the clear. Leaf certificates for each SNI name are issued on demand by
// the Web's own CA (CACertPEM) and kept in a bounded cache. ServeDNS
// answers A queries over UDP. Start runs both on loopback for tests.
package testweb
