package robots

import "strings"

// Applies says which groups of a file applied to an agent.
type Applies string

// The ways a group applies.
const (
	// Named: one or more groups name the agent's product token.
	Named Applies = "named"
	// Star: no group names the agent, so the "*" groups apply.
	Star Applies = "star"
	// NoGroup: no group names the agent and there is no "*" group; no
	// rules apply and everything is allowed.
	NoGroup Applies = "none"
)

// Decision is the answer of Matcher.Allowed.
type Decision struct {
	Allowed bool `json:"allowed"`
	// Line is the line of the deciding rule, 0 when no rule matched.
	Line int `json:"line"`
	// Rule is the deciding rule, nil when no rule matched.
	Rule *Rule `json:"rule,omitempty"`
	// Applies says which groups were consulted.
	Applies Applies `json:"applies"`
	// Reason explains the decision in a sentence.
	Reason string `json:"reason"`
}

// Matcher answers whether an agent may fetch a URL under a parsed File,
// exactly as RFC 9309 specifies. It is separate from parsing, as in
// google/robotstxt. A Matcher is safe for concurrent use.
type Matcher struct {
	groups []compiledGroup
	// byToken maps a lower-case product token to the groups naming it.
	byToken map[string][]int
	// star lists the groups naming "*".
	star []int
}

type compiledGroup struct {
	group *Group
	rules []compiledRule
}

type compiledRule struct {
	rule    *Rule
	pattern pattern
}

// NewMatcher compiles the rules of f. f must not change afterwards.
func NewMatcher(f *File) *Matcher {
	m := &Matcher{byToken: map[string][]int{}}
	if f == nil {
		return m
	}
	for gi := range f.Groups {
		g := &f.Groups[gi]
		cg := compiledGroup{group: g, rules: make([]compiledRule, 0, len(g.Rules))}
		for ri := range g.Rules {
			r := &g.Rules[ri]
			if r.Path == "" {
				continue // an empty pattern matches nothing (RFC 9309 §2.2)
			}
			cg.rules = append(cg.rules, compiledRule{rule: r, pattern: compilePattern(r.Path)})
		}
		m.groups = append(m.groups, cg)
		seen := map[string]bool{}
		for _, ua := range g.UserAgents {
			key := strings.ToLower(ua.Token)
			if key == "" || seen[key] {
				continue
			}
			seen[key] = true
			if key == "*" {
				m.star = append(m.star, gi)
			} else {
				m.byToken[key] = append(m.byToken[key], gi)
			}
		}
	}
	return m
}

// AgentToken returns the product token of an agent name: a product token is
// returned as it is; of a full User-Agent string such as
// "Mozilla/5.0 (compatible; GPTBot/1.1)" only the leading [a-zA-Z_-]+ is
// used ("Mozilla"), so pass the crawler's product token where it is known.
// "*" names the global group.
func AgentToken(agent string) string {
	agent = trimSpace(agent)
	if agent == "*" {
		return "*"
	}
	i := 0
	for i < len(agent) && isTokenChar(agent[i]) {
		i++
	}
	return agent[:i]
}

// Groups returns the groups that apply to agent, merged as RFC 9309 §2.2.1
// requires: every group naming the agent's product token
// (case-insensitively), else every "*" group, else none.
func (m *Matcher) Groups(agent string) ([]*Group, Applies) {
	idx, applies := m.groupIndexes(agent)
	out := make([]*Group, len(idx))
	for i, gi := range idx {
		out[i] = m.groups[gi].group
	}
	return out, applies
}

func (m *Matcher) groupIndexes(agent string) ([]int, Applies) {
	if token := AgentToken(agent); token != "" && token != "*" {
		// Lower-cased into a buffer on the stack: a map index by
		// string(bytes) does not allocate, and Stances asks this for
		// every known AI crawler in every file.
		var buf [64]byte
		if idx := m.byToken[string(appendLower(buf[:0], token))]; len(idx) > 0 {
			return idx, Named
		}
	}
	if len(m.star) > 0 {
		return m.star, Star
	}
	return nil, NoGroup
}

// Allowed reports whether agent may fetch rawURL (an absolute URL or a path
// with optional query). Per RFC 9309: the groups are chosen as Groups does;
// the path and query are compared octet by octet with every rule's pattern
// after normalizing percent-encoding on both sides; the longest matching
// pattern decides; an allow rule wins a tie; no match allows; /robots.txt
// is always allowed. Dot segments are removed from the path first, as the
// client removes them before it sends the request ("/a/../robots.txt" is
// "/robots.txt").
func (m *Matcher) Allowed(agent, rawURL string) Decision {
	path := requestPath(rawURL)
	idx, applies := m.groupIndexes(agent)
	if p, _, _ := strings.Cut(path, "?"); p == "/robots.txt" {
		return Decision{Allowed: true, Applies: applies, Reason: "/robots.txt is always allowed (RFC 9309 §2.2.2)"}
	}
	var best *compiledRule
	for _, gi := range idx {
		for ri := range m.groups[gi].rules {
			cr := &m.groups[gi].rules[ri]
			if best != nil && cr.pattern.length < best.pattern.length {
				continue
			}
			if !cr.pattern.match(path) {
				continue
			}
			if best == nil || cr.pattern.length > best.pattern.length ||
				(cr.rule.Kind == Allow && best.rule.Kind == Disallow) {
				best = cr
			}
		}
	}
	switch {
	case applies == NoGroup:
		return Decision{Allowed: true, Applies: applies, Reason: "no group names this agent and there is no \"*\" group"}
	case best == nil:
		return Decision{Allowed: true, Applies: applies, Reason: "no rule matches the path"}
	}
	d := Decision{Allowed: best.rule.Kind == Allow, Line: best.rule.Line, Rule: best.rule, Applies: applies}
	if d.Allowed {
		d.Reason = "allowed by the longest matching rule \"allow: " + best.rule.Path + "\""
	} else {
		d.Reason = "disallowed by the longest matching rule \"disallow: " + best.rule.Path + "\""
	}
	return d
}

// appendLower appends s to b with ASCII letters lower-cased. Product tokens
// are ASCII (RFC 9309 §2.2.1: letters, "_" and "-"), so this equals
// strings.ToLower for them.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}
