package robots

import (
	"strings"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// pattern is a compiled allow/disallow path pattern.
type pattern struct {
	// first is the normalized literal before the first "*" wildcard (the
	// whole pattern when it has none).
	first string
	// rest are the normalized literals after each "*", in order; nil when
	// the pattern has no wildcard, which is most patterns: they compile
	// without allocating.
	rest []string
	// anchored is true when the pattern ended in "$".
	anchored bool
	// length is the number of octets of the normalized pattern, used to
	// find the most specific match (RFC 9309 §2.2.2).
	length int
	// none is true when the pattern can match no URL path: its literal
	// start is neither empty nor "/"-initial ("wp-admin", "page*"), while
	// every path matched starts with "/" (RFC 9309 §2.2.2; such a rule
	// gets robots.path-not-absolute), or it holds a "." or ".." segment,
	// which no path matched holds once its dot segments are removed
	// ("/../private/", robots.dot-segment-path).
	none bool
}

// compilePattern normalizes a rule path for matching: percent-encoding is
// normalized as for URLs (see normalizeEncoding), "*" is a wildcard and a
// final "$" anchors the end (RFC 9309 §2.2.3). A "$" elsewhere is a literal
// and becomes "%24", as in URLs, so that it matches a "$" there.
func compilePattern(path string) pattern {
	p, rule := pattern{}, path
	if strings.HasSuffix(path, "$") {
		p.anchored = true
		path = path[:len(path)-1]
		p.length++
	}
	first, rest, wild := strings.Cut(path, "*")
	p.first = normalizeEncoding(first)
	p.length += len(p.first)
	if wild {
		raw := strings.Split(rest, "*")
		p.rest = make([]string, len(raw))
		p.length += len(raw)
		for i, s := range raw {
			p.rest[i] = normalizeEncoding(s)
			p.length += len(p.rest[i])
		}
	}
	// The dot segments are judged on the rule as written, as the
	// diagnostic judges them (Builder.rule).
	p.none = p.first != "" && p.first[0] != '/' || pathnorm.DeadDotSegment(rule, true)
	return p
}

// match reports whether the pattern matches the normalized path: literal
// segments in order, the first at the start, "*" spanning anything between
// them, and with "$" the last at the end. Greedy leftmost placement of each
// middle segment is enough because "*" matches any sequence.
func (p pattern) match(path string) bool {
	if !strings.HasPrefix(path, p.first) {
		return false
	}
	if len(p.rest) == 0 {
		return !p.anchored || len(path) == len(p.first)
	}
	pos := len(p.first)
	last := len(p.rest) - 1
	for _, seg := range p.rest[:last] {
		i := strings.Index(path[pos:], seg)
		if i < 0 {
			return false
		}
		pos += i + len(seg)
	}
	tail := p.rest[last]
	if p.anchored {
		return len(path)-len(tail) >= pos && strings.HasSuffix(path, tail)
	}
	return strings.Contains(path[pos:], tail)
}

// normalizeEncoding normalizes percent-encoding so that equivalent paths
// compare equal octet by octet (RFC 9309 §2.2.2): an encoded unreserved
// character (ALPHA, DIGIT, "-", ".", "_", "~") is decoded; other escapes get
// upper-case hex digits; octets outside printable ASCII, SP, and a "%" that
// starts no escape are encoded; "*" and "$" are encoded too, so that a
// pattern's "%2A" and "%24" match them (RFC 9309 §2.2.3). Reserved
// characters are left as they are: "/" and "%2F" stay distinct.
func normalizeEncoding(s string) string {
	// Most paths and patterns need no change: find that out with the rule
	// inlined before pathnorm.Canonical calls it through a func value.
	for i := 0; i < len(s); i++ {
		if escapeInPath(s[i], false) {
			return pathnorm.Canonical(s, true, escapeInPath)
		}
	}
	return s
}

// escapeInPath reports whether normalizeEncoding percent-encodes c,
// wherever it is.
func escapeInPath(c byte, _ bool) bool {
	return c == '%' || c <= ' ' || c >= 0x7F || c == '*' || c == '$'
}

// requestPath returns the path and query of a URL or path as the request
// for it carries them, ready to be matched: percent-encoding normalized as
// patterns are, then dot segments removed as every HTTP client removes them
// (RFC 3986 §5.2.4), so that "/public/../admin" is matched as "/admin".
func requestPath(rawURL string) string {
	return pathnorm.RemoveDotSegments(normalizeEncoding(pathOf(rawURL)))
}

// pathOf returns the path and query of a URL or path, without the fragment,
// as RFC 9309 matches it: "https://example.com/a?b#c" gives "/a?b"; a URL
// with an empty path gives "/".
func pathOf(raw string) string {
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	rest := raw
	if i := strings.Index(raw, "://"); i >= 0 && isScheme(raw[:i]) {
		rest = raw[i+3:]
	} else if strings.HasPrefix(raw, "//") {
		rest = raw[2:]
	} else {
		if rest == "" || rest[0] != '/' {
			rest = "/" + rest
		}
		return rest
	}
	// rest is authority + path-abempty + query.
	i := strings.IndexAny(rest, "/?")
	if i < 0 {
		return "/"
	}
	if rest[i] == '?' {
		return "/" + rest[i:]
	}
	return rest[i:]
}

// isScheme reports whether s is an RFC 3986 scheme.
func isScheme(s string) bool {
	if s == "" || !('a' <= lowerASCII(s[0]) && lowerASCII(s[0]) <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := lowerASCII(s[i])
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
