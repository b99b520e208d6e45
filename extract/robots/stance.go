package robots

import (
	"strconv"
	"strings"
)

// Access classifies what a set of rules lets an agent fetch.
type Access string

// The access classes.
const (
	// Blocked: a disallow rule matches every path and no allow rule opens
	// any path (other than /robots.txt, which is always allowed): none is
	// at least as long as that disallow rule.
	Blocked Access = "blocked"
	// Partial: some paths are disallowed, others are not.
	Partial Access = "partial"
	// Allowed: no disallow rule can take effect.
	Allowed Access = "allowed"
)

// TokenStance is the stance of a robots.txt file towards one agent.
type TokenStance struct {
	// Token is the product token asked about.
	Token string `json:"token"`
	// Access is blocked, partial or allowed.
	Access Access `json:"access"`
	// Applies says whether the token is named in a group, inherits the "*"
	// group, or has no group (and so is allowed).
	Applies Applies `json:"applies"`
	// Lines are the lines of the groups that apply.
	Lines []int `json:"lines,omitempty"`
}

// Stance returns the stance of f towards each token, in order.
func Stance(f *File, tokens []string) []TokenStance {
	return NewMatcher(f).Stances(tokens)
}

// Stances returns the matcher's stance towards each token, in order. Tokens
// to which the same groups apply (typically all those inheriting "*") are
// classified once.
//
// The tokens that no group names share one stance (that of the "*" groups,
// or of no group), and with it one Lines slice, which callers must not
// change.
func (m *Matcher) Stances(tokens []string) []TokenStance {
	out := make([]TokenStance, len(tokens))
	var inherited *TokenStance
	var memo map[string]Access
	for i, t := range tokens {
		idx, applies := m.groupIndexes(t)
		if applies != Named {
			if inherited == nil {
				inherited = &TokenStance{Access: m.classify(idx), Applies: applies, Lines: m.groupLines(idx)}
			}
			out[i] = *inherited
			out[i].Token = t
			continue
		}
		if memo == nil {
			memo = map[string]Access{}
		}
		key := indexKey(idx)
		access, ok := memo[key]
		if !ok {
			access = m.classify(idx)
			memo[key] = access
		}
		out[i] = TokenStance{Token: t, Access: access, Applies: applies, Lines: m.groupLines(idx)}
	}
	return out
}

// Stance returns the matcher's stance towards one agent.
func (m *Matcher) Stance(agent string) TokenStance {
	idx, applies := m.groupIndexes(agent)
	return TokenStance{Token: agent, Access: m.classify(idx), Applies: applies, Lines: m.groupLines(idx)}
}

func (m *Matcher) groupLines(idx []int) []int {
	var lines []int
	for _, gi := range idx {
		lines = append(lines, m.groups[gi].group.Line)
	}
	return lines
}

// classify decides the access class of the merged rules of the groups idx,
// in time linear in the number of rules.
//
// The access is Blocked when a disallow rule matches every path ("/", "/*",
// "*", "/*$") and no allow rule other than one for /robots.txt can win
// against it: an allow rule wins where it matches only when it is at least
// as long (RFC 9309 §2.2.2: the match with the most octets wins, allow on a
// tie), so "Allow: /" opens nothing beside "Disallow: /*". Otherwise it is
// Partial when some disallow rule takes effect somewhere, else Allowed. A
// disallow rule takes effect unless an allow rule at least as long matches
// every path it matches; survey recognises the two common cases: an
// identical allow pattern, and an allow pattern that matches every path.
// A rule whose pattern matches no path ("Disallow: wp-admin") is left out:
// it neither takes effect nor wins.
func (m *Matcher) classify(idx []int) Access {
	disallowAll := -1   // length of the longest disallow pattern matching every path
	matchAllAllow := -1 // length of the longest allow pattern matching every path
	longestAllow := -1  // length of the longest allow pattern other than /robots.txt's
	allowPatterns := map[string]bool{}
	for _, gi := range idx {
		for _, r := range m.groups[gi].rules {
			switch {
			case r.pattern.none:
				// "Disallow: wp-admin" takes effect nowhere, and an
				// allow rule that matches nothing wins nowhere.
			case r.rule.Kind == Allow:
				if !isRobotsTxtPattern(r.rule.Path) {
					longestAllow = max(longestAllow, r.pattern.length)
				}
				allowPatterns[r.pattern.key()] = true
				if matchesEverything(r.pattern) {
					matchAllAllow = max(matchAllAllow, r.pattern.length)
				}
			case matchesEverything(r.pattern):
				disallowAll = max(disallowAll, r.pattern.length)
			}
		}
	}
	if disallowAll >= 0 && longestAllow < disallowAll {
		return Blocked
	}
	for _, gi := range idx {
		for _, r := range m.groups[gi].rules {
			if r.rule.Kind == Disallow && !r.pattern.none && !allowPatterns[r.pattern.key()] && matchAllAllow < r.pattern.length {
				return Partial
			}
		}
	}
	return Allowed
}

func isRobotsTxtPattern(p string) bool { return p == "/robots.txt" || p == "/robots.txt$" }

// key returns the normalized pattern as one string: equal keys match the
// same paths.
func (p pattern) key() string {
	if p.rest == nil && !p.anchored {
		return p.first
	}
	var b strings.Builder
	b.WriteString(p.first)
	for _, s := range p.rest {
		b.WriteByte('*')
		b.WriteString(s)
	}
	if p.anchored {
		b.WriteByte('$')
	}
	return b.String()
}

// MatchesEveryPath reports whether a rule's path pattern matches every URL
// path: "/", "*", "/*", "/*$" and the like. An empty pattern matches none
// (an empty Disallow allows everything).
func MatchesEveryPath(path string) bool {
	return path != "" && matchesEverything(compilePattern(path))
}

// matchesEverything reports whether a pattern matches every URL path: it is
// made of "*" and at most a leading "/", and ends in "$" only after a "*"
// ("/*$" matches every path, "/$" only "/").
func matchesEverything(p pattern) bool {
	if p.anchored && p.rest == nil {
		return false
	}
	if p.first != "" && p.first != "/" {
		return false
	}
	for _, s := range p.rest {
		if s != "" {
			return false
		}
	}
	return true
}

// indexKey is a map key for a list of group indexes.
func indexKey(idx []int) string {
	b := make([]byte, 0, 4*len(idx))
	for _, i := range idx {
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ',')
	}
	return string(b)
}

// AIStances returns the stance toward the file of every known AI crawler
// (AICrawlers, in that order). It is computed once per File: the crawl's
// summary and its ai_stance rows both read it.
func (f *File) AIStances() []TokenStance {
	if f.aiStances == nil {
		f.aiStances = f.Matcher().Stances(AITokens())
	}
	return f.aiStances
}

// Matcher returns the file's Matcher, built once per File. The File must
// not be changed afterwards.
func (f *File) Matcher() *Matcher {
	if f.matcher == nil {
		f.matcher = NewMatcher(f)
	}
	return f.matcher
}
