// Package classify decides, for every domain and location, what the fetch
// found: one Outcome with a Reason. Its definitions are the survey's
// measurement definitions; docs/outcomes.md states them for readers of the
// dataset, and the simulated web's ground truth uses the same values.
package classify

import "strconv"

// Outcome is the class of one fetch. The values are stable: they are stored
// in the dataset.
type Outcome string

// The outcomes. When several apply, the first in this list that applies wins
// (see docs/outcomes.md for the precedence and every reason).
const (
	// NetworkError: no HTTP response (DNS, connect, TLS, reset, address
	// guard, malformed response).
	NetworkError Outcome = "network_error"
	// Timeout: the request, the domain's deadline, or the host's patience ran
	// out before a complete response.
	Timeout Outcome = "timeout"
	// RedirectError: a redirect loop, more than the allowed hops, or a
	// redirect without a usable Location (a 304 is no redirect).
	RedirectError Outcome = "redirect_error"
	// Blocked: 401, 403, 407, 429, 451 or 999 (LinkedIn's "Request
	// Denied"); a bot-protection challenge page
	// (DetectChallenge: a named vendor's at any status, Akamai's block page
	// only at a refusing status, an unnamed CAPTCHA wall at a refusing
	// status or, at any status, when it holds a CAPTCHA widget); or not
	// requested, because the host is rate limiting (ReasonRateLimited) or
	// robots.txt disallows the location (ReasonRobotsTxt).
	Blocked Outcome = "blocked"
	// ServerError: a 5xx that is not a challenge page, or a status that
	// does not answer survey's plain GET with the file (206 Partial
	// Content, 304 Not Modified, a 1xx as the final response).
	ServerError Outcome = "server_error"
	// Absent: 404, 410 or another 4xx: no file.
	Absent Outcome = "absent"
	// Soft404: a 2xx whose body is an HTML page where a text, JSON or XML
	// file is expected, or matches the site's answer for the canary path.
	Soft404 Outcome = "soft_404"
	// Downgraded: a file reached through a redirect from HTTPS to HTTP.
	Downgraded Outcome = "downgraded"
	// Redirected: a file reached through redirects that end on another
	// registrable domain (see Offsite).
	Redirected Outcome = "redirected"
	// TooLarge: a file larger than the body cap; the stored body is cut.
	TooLarge Outcome = "too_large"
	// Present: a file.
	Present Outcome = "present"
)

// Outcomes lists every outcome in precedence order.
func Outcomes() []Outcome {
	return []Outcome{NetworkError, Timeout, RedirectError, Blocked, ServerError, Absent, Soft404, Downgraded, Redirected, TooLarge, Present}
}

// HoldsFile reports whether a fetch with this outcome delivered a file that
// is parsed: present, too large (parsed as far as it goes and flagged),
// redirected off-site, or downgraded.
func (o Outcome) HoldsFile() bool {
	switch o {
	case Present, TooLarge, Redirected, Downgraded:
		return true
	}
	return false
}

// Reasons. A reason refines an outcome; together they are stable values of
// the dataset. Status reasons are written "status_<code>" and challenge
// reasons "challenge_<vendor>"; see StatusReason and ChallengeReason.
const (
	ReasonOK    = "ok"    // present: a non-empty file
	ReasonEmpty = "empty" // present: a 2xx whose body is empty or only white space

	ReasonHTMLBody    = "html_body"    // soft_404: HTML where another kind was expected
	ReasonCanaryMatch = "canary_match" // soft_404: same page as the canary path
	ReasonCanarySelf  = "canary_self"  // soft_404: the canary path itself answered 2xx
	ReasonPageData    = "page_data"    // soft_404: a web framework's data for a page (a React Server Components payload) where a text file was expected

	ReasonRateLimited = "rate_limited" // blocked: not requested, the host answered 429 (or 503 with a Retry-After) to an earlier request, or is backing off from another domain's
	ReasonRobotsTxt   = "robots_txt"   // blocked: not requested, the domain's robots.txt disallows it (crawl --respect-robots)

	ReasonOffsite     = "offsite"       // redirected: final URL on another registrable domain
	ReasonHTTPSToHTTP = "https_to_http" // downgraded
	ReasonBodyCap     = "body_cap"      // too_large

	ReasonRequestTimeout   = "request_timeout"   // timeout: the per-request timeout
	ReasonDomainDeadline   = "domain_deadline"   // timeout: the per-domain deadline passed
	ReasonHostUnresponsive = "host_unresponsive" // timeout: not requested, the host timed out twice in a row (from any domains) and is left alone for 10 minutes
	ReasonInterrupted      = "interrupted"       // timeout: the crawl was stopped (Ctrl-C)

	ReasonDNS          = "dns"           // network_error: the name's lookup failed (no answer in time, SERVFAIL, refused)
	ReasonNameNotFound = "dns_not_found" // network_error: the name does not exist (NXDOMAIN) or has no address
	ReasonConnect      = "connect"       // network_error: TCP connect failed
	ReasonTLS          = "tls"           // network_error: TLS handshake or certificate failed
	ReasonReset        = "reset"         // network_error: connection reset or closed early
	ReasonAddressGuard = "address_guard" // network_error: refused to connect to a private/loopback/link-local address
	ReasonProtocol     = "protocol"      // network_error: malformed HTTP response (not HTTP, broken framing, a content coding not asked for)
	ReasonHeaderCap    = "header_cap"    // network_error: response headers over crawl.MaxHeaderBytes, not read
	ReasonNetwork      = "network"       // network_error: anything else

	ReasonLoop        = "loop"         // redirect_error: a URL repeated in the chain
	ReasonTooMany     = "too_many"     // redirect_error: more than the allowed hops
	ReasonBadLocation = "bad_location" // redirect_error: missing or unparsable Location
)

// StatusReason returns the reason for an HTTP status, "status_<code>".
func StatusReason(code int) string { return "status_" + strconv.Itoa(code) }

// ChallengeReason returns the reason for a bot-protection challenge page of a
// vendor, "challenge_<vendor>".
func ChallengeReason(vendor string) string { return "challenge_" + vendor }

// Description returns the outcome's definition, as docs/outcomes.md and
// the report's methodology section state it.
func (o Outcome) Description() string {
	switch o {
	case NetworkError:
		return "No HTTP response: DNS failure, connection refused, TLS failure, connection reset, a refused private address (address guard), a malformed response or one whose headers are over the cap."
	case Timeout:
		return "No complete response in time: the request timeout, the domain's deadline, a host that timed out twice before (not requested), or the crawl was stopped."
	case RedirectError:
		return "The redirect chain could not be followed: a loop, more than 5 hops, or a redirect without a usable Location."
	case Blocked:
		return "The server refused the crawler: 401, 403, 407, 429, 451 or 999 (\"Request Denied\", as LinkedIn answers crawlers); a bot-protection challenge page (a known vendor's at any status, an unnamed CAPTCHA wall at 401, 403, 405, 406, 429 or 503, or as a CAPTCHA gate of the site's own at any status); or not requested: a host that answered 429 (or 503 with a Retry-After) earlier, or, with --respect-robots, a location robots.txt disallows."
	case ServerError:
		return "A 5xx response that is not a challenge page, or a status that does not answer a plain GET with the file: 206 Partial Content (survey sends no Range header), 304 Not Modified (it sends no conditional request) or a 1xx as the final response."
	case Absent:
		return "No file: 404, 410 or another 4xx."
	case Soft404:
		return "A 2xx that is not the file: an HTML page where a text, JSON or XML file is expected, or the site's answer for a path that cannot exist (the canary)."
	case Downgraded:
		return "A file reached through a redirect from HTTPS to HTTP."
	case Redirected:
		return "A file reached through redirects that end on another registrable domain."
	case TooLarge:
		return "A file longer than the body cap; the stored body is cut and flagged."
	case Present:
		return "A file."
	}
	return ""
}
