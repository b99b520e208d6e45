package autoctl

import (
	"net"
	"net/url"
	"strings"

	"golang.org/x/net/idna"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// matchPattern reports whether pattern matches s the robots.txt way
// (RFC 9309 §2.2.3): "*" matches any run of characters, a final "$"
// anchors the end, and otherwise the pattern need only match a prefix.
// It takes time proportional to len(pattern)·len(s) at worst.
func matchPattern(pattern, s string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	p, i, star, mark := 0, 0, -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case p < len(pattern) && pattern[p] == s[i]:
			p++
			i++
		case p == len(pattern) && !anchored:
			return true
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// normalizeHost lower-cases a host or host pattern, drops a port and a
// final dot, and converts U-labels to A-labels (IDNA, §4: servers SHOULD
// match IDNA U-labels), label by label so that "*" labels survive.
func normalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	labels := strings.Split(h, ".")
	for i, l := range labels {
		if strings.Contains(l, "*") || l == "" {
			continue
		}
		if a, err := idna.Lookup.ToASCII(l); err == nil {
			labels[i] = a
		}
	}
	return strings.Join(labels, ".")
}

// hostRank ranks how a group's host patterns match host (normalized):
// 2 for an exact match, 1 for a wildcard match or a group without hosts,
// and ok false when the group names hosts and none matches. An unknown
// host ("") matches every group at rank 1.
func hostRank(patterns []string, host string) (rank int, ok bool) {
	if len(patterns) == 0 || host == "" {
		return 1, true
	}
	for _, p := range patterns {
		np := normalizeHost(p)
		switch {
		case !strings.Contains(np, "*"):
			if np == host {
				return 2, true
			}
		case matchPattern(np+"$", host):
			rank, ok = 1, true
		}
	}
	return rank, ok
}

// hostMatches reports whether a single host pattern matches host; an
// unknown host matches.
func hostMatches(pattern, host string) bool {
	_, ok := hostRank([]string{pattern}, host)
	return ok
}

// scopeLength returns the length of the longest of a group's scopes that
// matches the URL, and ok false when none does. A scope starting with "/"
// or "*" matches the path and query; an absolute URL ("https://h/p") or
// "host/path" also matches the host. The length is that of the path
// pattern, in bytes after normalization (RFC 9309's "most octets").
func scopeLength(scopes []string, host, path string) (length int, ok bool) {
	for _, s := range scopes {
		hostPat, pathPat := splitScope(s)
		if hostPat != "" && !hostMatches(hostPat, host) {
			continue
		}
		pathPat = pathnorm.Normalize(pathPat)
		if matchPattern(pathPat, path) && (!ok || len(pathPat) > length) {
			length, ok = len(pathPat), true
		}
	}
	return length, ok
}

// splitScope splits a scope into a host pattern ("" for a path pattern)
// and a path pattern. A scope starting with "/" is a path pattern, and so
// is one starting with "*" ("*.pdf$", "*/private/") unless what comes
// before its first "/" is a wildcard host ("*.example.com/admin/"): §4
// reads url-pattern as a "path/authority matcher with wildcards".
func splitScope(s string) (hostPat, pathPat string) {
	if s == "" || s[0] == '/' || s[0] == '*' && !isWildcardAuthority(s) {
		return "", s
	}
	if _, rest, ok := strings.Cut(s, "://"); ok {
		s = rest
	}
	hostPat, pathPat, ok := strings.Cut(s, "/")
	if !ok {
		return hostPat, "/"
	}
	return hostPat, "/" + pathPat
}

// isWildcardAuthority reports whether a scope starting with "*" begins
// with a host pattern: a "/" follows, and the part before it holds a "."
// and only characters of host names ("*.example.com/admin/").
func isWildcardAuthority(s string) bool {
	head, _, ok := strings.Cut(s, "/")
	return ok && strings.Contains(head, ".") && badHostChar(head) == ""
}

// agentNames are what a group's user-agent tokens are compared with.
type agentNames struct {
	// tokens are the agent's product tokens (productTokens).
	tokens []string
	// written are the whole agent string and its products as RFC 9110
	// §10.1.5 writes them, each with and without its version: "Mozilla/5.0
	// (compatible; Bot2/1.0)" gives Bot2/1.0 and Bot2 among others. A
	// user-agent token that is no product token (autoctl.user-agent-syntax)
	// is compared with these, as written.
	written []string
}

// namesOf returns the names of an agent.
func namesOf(agent string) agentNames {
	agent = strings.TrimSpace(agent)
	n := agentNames{tokens: productTokens(agent), written: []string{agent}}
	for _, field := range strings.FieldsFunc(agent, func(r rune) bool { return strings.ContainsRune(" \t();,", r) }) {
		n.written = append(n.written, field)
		if name, _, ok := strings.Cut(field, "/"); ok && name != "" {
			n.written = append(n.written, name)
		}
	}
	return n
}

// agentRank ranks how a group's user-agent tokens match the agent: 2 for
// an exact token (case-insensitive, RFC 9309 §2.2.1), 1 for "*" or a group
// without user-agent, and ok false when the group names agents and none
// matches. A product token is compared with the agent's product tokens;
// a token that is none ("Bot2", "ExampleBot/1.0") with the agent as
// written: the whole string or one of its products, with or without its
// version.
func agentRank(tokens []string, agent agentNames) (rank int, ok bool) {
	if len(tokens) == 0 {
		return 1, true
	}
	for _, t := range tokens {
		if t == "*" {
			rank, ok = 1, true
			continue
		}
		names := agent.tokens
		if !isIdentifier(t) {
			names = agent.written
		}
		for _, a := range names {
			if strings.EqualFold(t, a) {
				return 2, true
			}
		}
	}
	return rank, ok
}

// productTokens returns the product tokens of an agent: the agent itself
// when it is a bare token such as "ExampleBot", else every run of letters,
// "-" and "_" that starts the string or follows a space, "(", ";" or ","
// and is followed by "/" ("Mozilla/5.0 (compatible; ExampleBot/1.0)"
// gives Mozilla and ExampleBot).
func productTokens(agent string) []string {
	agent = strings.TrimSpace(agent)
	if isIdentifier(agent) {
		return []string{agent}
	}
	var out []string
	for i := 0; i < len(agent); {
		if !isTokenChar(agent[i]) || (i > 0 && !strings.ContainsRune(" (;,", rune(agent[i-1]))) {
			i++
			continue
		}
		j := i
		for j < len(agent) && isTokenChar(agent[j]) {
			j++
		}
		if j < len(agent) && agent[j] == '/' {
			out = append(out, agent[i:j])
		}
		i = j
	}
	return out
}

func isTokenChar(c byte) bool { return isLetter(c) || c == '-' || c == '_' }

// splitTarget splits a query URL (absolute, or a path) into its normalized host
// (defaultHost when it has none) and its normalized path and query.
func splitTarget(raw, defaultHost string) (host, path string, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", err
	}
	h := u.Host
	if h == "" {
		h = defaultHost
	}
	if h != "" {
		host = normalizeHost(h)
	}
	path = u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if u.RawQuery != "" || u.ForceQuery {
		path += "?" + u.RawQuery
	}
	// As the agent's HTTP client sends it: dot segments removed (RFC 3986
	// §5.2.4), after decoding escaped unreserved characters ("%2E").
	return host, pathnorm.RemoveDotSegments(pathnorm.Normalize(path)), nil
}
