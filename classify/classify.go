package classify

import (
	"bytes"
	"net/url"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// Result is the classification of one fetch.
type Result struct {
	Outcome Outcome
	Reason  string
}

// Fetch classifies one fetch of location loc. canary is the same domain's
// canary fetch (nil when none was made), used to recognise soft 404s. The
// precedence is the order of Outcomes (docs/outcomes.md).
func Fetch(f *crawl.Fetch, loc registry.Location, canary *crawl.Fetch) Result {
	switch {
	case f.ErrKind == crawl.ErrRateLimited:
		return Result{Blocked, ReasonRateLimited}
	case f.ErrKind == crawl.ErrRobotsDisallowed:
		return Result{Blocked, ReasonRobotsTxt}
	case f.ErrKind.IsTimeout():
		return Result{Timeout, string(f.ErrKind)}
	case f.ErrKind == crawl.ErrBadLocation && len(f.Body) > 0:
		// A 3xx without a Location is the response, its body kept; a
		// wall may answer so (Sucuri's JavaScript gate at 307).
		if vendor, ok := DetectChallenge(f.Status, f.Header, f.Body); ok {
			return Result{Blocked, ChallengeReason(vendor)}
		}
		return Result{RedirectError, string(f.ErrKind)}
	case f.ErrKind.IsRedirect():
		return Result{RedirectError, string(f.ErrKind)}
	case f.ErrKind != crawl.ErrNone:
		return Result{NetworkError, string(f.ErrKind)}
	}

	if vendor, ok := DetectChallenge(f.Status, f.Header, f.Body); ok {
		return Result{Blocked, ChallengeReason(vendor)}
	}
	switch s := f.Status; {
	case s == 401 || s == 403 || s == 407 || s == 429 || s == 451 || s == 999:
		// 999 is no status of RFC 9110's classes: LinkedIn and other
		// social networks answer it ("Request Denied") to crawlers.
		return Result{Blocked, StatusReason(s)}
	case s >= 500:
		return Result{ServerError, StatusReason(s)}
	case s >= 400:
		return Result{Absent, StatusReason(s)}
	case s == 206:
		// Partial Content answers a Range request (RFC 9110 §15.3.7,
		// §14.2), and survey sends none: the body is a part of the file
		// at most, not the file.
		return Result{ServerError, StatusReason(s)}
	case s == 304 || s < 200:
		// Not Modified answers a conditional request (RFC 9110 §15.4.5),
		// and survey sends none; a 1xx is no final answer (§15.2). Neither
		// is a redirect.
		return Result{ServerError, StatusReason(s)}
	case s >= 300:
		// A redirect that was not followed: no usable Location.
		return Result{RedirectError, ReasonBadLocation}
	}

	if loc.Canary {
		return Result{Soft404, ReasonCanarySelf}
	}
	if loc.Expect != registry.KindHTML && loc.Expect != registry.KindAny {
		if htmlBody(f.Body, loc.Expect) {
			return Result{Soft404, ReasonHTMLBody}
		}
		if PageDataAt(loc, f.Body) {
			return Result{Soft404, ReasonPageData}
		}
		if Soft404Site(canary) &&
			MatchesCanary(f.Body, urlPath(f.FinalURL), canary.Body, urlPath(canary.FinalURL)) {
			return Result{Soft404, ReasonCanaryMatch}
		}
	}
	switch {
	case f.Downgraded:
		return Result{Downgraded, ReasonHTTPSToHTTP}
	case Offsite(f):
		return Result{Redirected, ReasonOffsite}
	case f.Truncated:
		return Result{TooLarge, ReasonBodyCap}
	case blank(f.Body):
		return Result{Present, ReasonEmpty}
	}
	return Result{Present, ReasonOK}
}

// blank reports whether body holds nothing but an optional UTF-8 byte-order
// mark and white space (space, tab, CR, LF, form feed, vertical tab): a file
// with no content, as empty to every parser as a body of no bytes.
func blank(body []byte) bool {
	return len(bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), " \t\r\n\f\v")) == 0
}

// htmlBody reports whether body, served where a file of kind is expected,
// is an HTML page rather than the file. Markdown may open with inline HTML;
// see HTMLInsteadOfMarkdown.
func htmlBody(body []byte, kind registry.Kind) bool {
	if kind == registry.KindMarkdown {
		return HTMLInsteadOfMarkdown(body)
	}
	return LooksLikeHTML(body)
}

func urlPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.EscapedPath()
}

// The domain outcomes (targets.outcome).
const (
	DomainOK          = "ok"
	DomainBlocked     = "blocked"
	DomainTimeout     = "timeout"
	DomainUnreachable = "unreachable"
)

// Domain summarises a domain's classified fetches: ok when any location
// answered with HTTP and was not blocked; blocked when every HTTP answer
// was; otherwise timeout or unreachable, with the most frequent network
// error as the reason. A location not requested because robots.txt
// disallows it (ReasonRobotsTxt) is no answer of the site's: it counts for
// nothing, so a domain whose robots.txt could not be fetched, which
// disallows every other location (RFC 9309 §2.3.1.4), is timeout or
// unreachable as it would be without --respect-robots, not blocked.
func Domain(results []Result) (outcome, reason string) {
	var http, blocked, timeouts int
	counts := map[string]int{}
	for _, r := range results {
		if r.Outcome == Blocked && r.Reason == ReasonRobotsTxt {
			continue
		}
		switch r.Outcome {
		case NetworkError:
			counts[r.Reason]++
		case Timeout:
			timeouts++
		case RedirectError:
			// The host answered, with a redirect.
			http++
		case Blocked:
			http++
			blocked++
		default:
			http++
		}
	}
	switch {
	case http > 0 && blocked == http:
		return DomainBlocked, ""
	case http > 0:
		return DomainOK, ""
	case timeouts > 0:
		return DomainTimeout, ""
	}
	best, n := ReasonNetwork, 0
	for reason, c := range counts {
		if c > n || (c == n && reason < best) {
			best, n = reason, c
		}
	}
	return DomainUnreachable, best
}

// Soft404Site reports whether a site answered its canary, a path that
// cannot exist, with a 2xx: the mark of a site whose missing files are
// soft 404s, whose pages Fetch compares with the canary's. canary is nil
// when none was fetched. The dataset's targets.soft404_site is narrower:
// the canary's own outcome is soft_404, so a bot wall's 2xx is left out.
func Soft404Site(canary *crawl.Fetch) bool {
	return canary != nil && canary.ErrKind == crawl.ErrNone && canary.Status >= 200 && canary.Status < 300
}
