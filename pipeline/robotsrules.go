package pipeline

import (
	"fmt"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/extract/robots"
)

// RobotsRules returns the rules by which a crawl with --respect-robots
// obeys each domain's robots.txt as agent (its User-Agent; the product
// token decides which groups apply), per RFC 9309 §2.3.1: a 2xx file is
// parsed and its rules apply; a 4xx, or a redirect chain that ends
// nowhere, means no rules (§2.3.1.3); a 5xx, a timeout or a network error
// means every location is disallowed (§2.3.1.4).
func RobotsRules(agent string) crawl.RobotsRules {
	return func(f *crawl.Fetch) func(string) (bool, string) {
		if allowed, why, ok := robotsUnread(f); ok {
			if allowed {
				return allowAll
			}
			return disallowAll(why)
		}
		file, _ := robots.Parse(f.Body)
		m, token := robots.NewMatcher(file), robots.AgentToken(agent)
		return func(path string) (bool, string) {
			d := m.Allowed(agent, path)
			if d.Allowed {
				return true, ""
			}
			return false, fmt.Sprintf("robots.txt disallows it for %s (line %d, \"disallow: %s\")", token, d.Line, d.Rule.Path)
		}
	}
}

// robotsUnread says what RFC 9309 §2.3.1 makes of a robots.txt fetch that
// gave no file to read: every path allowed or every path disallowed, and
// why. ok is false when the fetch answered 2xx, whose body's rules apply.
func robotsUnread(f *crawl.Fetch) (allowed bool, why string, ok bool) {
	switch {
	case f.ErrKind.IsRedirect():
		return true, fmt.Sprintf("robots.txt's redirects end nowhere (%s), so it is unavailable and every path is allowed (RFC 9309 §2.3.1.3)", f.ErrKind), true
	case f.ErrKind != crawl.ErrNone:
		return false, fmt.Sprintf("robots.txt could not be fetched (%s), so every path is disallowed (RFC 9309 §2.3.1.4)", f.ErrKind), true
	case f.Status >= 500:
		return false, fmt.Sprintf("robots.txt answered %d, so every path is disallowed (RFC 9309 §2.3.1.4)", f.Status), true
	case f.Status < 200 || f.Status >= 300:
		return true, fmt.Sprintf("robots.txt answered %d, so it is unavailable and every path is allowed (RFC 9309 §2.3.1.3)", f.Status), true
	}
	return false, "", false
}

// allowAll is the rule of a robots.txt that is unavailable.
func allowAll(string) (bool, string) { return true, "" }

// disallowAll returns the rule of a robots.txt that is unreachable.
func disallowAll(why string) func(string) (bool, string) {
	return func(string) (bool, string) { return false, why }
}
