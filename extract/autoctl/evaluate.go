package autoctl

import (
	"fmt"
	"slices"
	"strings"
)

// Decision is the evaluator's answer.
type Decision struct {
	// Allowed is true when this file lets the agent use the method on the
	// URL.
	Allowed bool `json:"allowed"`
	// Reason says why, naming the deciding group.
	Reason string `json:"reason"`
	// Line is the deciding group's first line; 0 when no group decides.
	Line int `json:"line"`
	// Group is the deciding group's index in File.Groups; -1 when none.
	Group int `json:"group"`
}

// Allowed reports whether the file lets agent (a product token such as
// "ExampleBot" or a whole User-Agent string) use method (default GET) on
// target (an absolute URL, or a path on the file's Host).
//
// It answers for this file alone. The draft (§1.2) says the file never
// expands access beyond robots.txt, so a complete answer is "robots.txt
// allows it and this file allows it": an Allowed result here is not
// permission by itself.
//
// The deciding group is chosen by the precedence of §3.4, among the groups
// that have a scope and whose host, scope and user-agent all match:
//
//  1. an exact host match over a wildcard host or a group without host;
//  2. the longest matching scope, in bytes of its path pattern;
//  3. an exact user-agent token over "*" or a group without user-agent;
//  4. the later group in the file.
//
// User-agent tokens compare case-insensitively with the agent's product
// tokens. A token that is no product token (autoctl.user-agent-syntax,
// such as "Bot2" or "ExampleBot/1.0") is matched as written: with the
// whole agent string or one of its products, with or without its version
// ("Mozilla/5.0 (compatible; Bot2/1.0)" has Bot2/1.0 and Bot2).
//
// Scopes match like robots.txt paths (RFC 9309 §2.2.3): a prefix match on
// the path and query, "*" matching any run of characters and a final "$"
// anchoring the end. Hosts compare case-insensitively after IDNA
// conversion, ports ignored; "*" in a host pattern matches any run of
// characters. When the target has no host and the file none either,
// host directives exclude no group.
//
// The deciding group allows exactly the methods its allowed-methods lists;
// without allowed-methods it allows none (§3.2). When no group applies, or
// the file is rejected (§3.1), the file expresses no preference and the
// answer is allowed.
func (f *File) Allowed(agent, target, method string) Decision {
	if f.Rejected {
		return Decision{Allowed: true, Group: -1, Reason: "the file is rejected (raw control bytes, §3.1), so it expresses no preference; robots.txt alone applies"}
	}
	method = strings.ToUpper(strings.TrimSpace(method))
	if method == "" {
		method = "GET"
	}
	host, path, err := splitTarget(target, f.Host)
	if err != nil {
		return Decision{Group: -1, Reason: fmt.Sprintf("the target %q is not a URL or path: %v", target, err)}
	}
	names := namesOf(agent)
	best := -1
	var bestKey [3]int
	for i, g := range f.Groups {
		if g.MissingScope {
			continue
		}
		hr, ok := hostRank(g.Hosts, host)
		if !ok {
			continue
		}
		sl, ok := scopeLength(g.Scopes, host, path)
		if !ok {
			continue
		}
		ar, ok := agentRank(g.UserAgents, names)
		if !ok {
			continue
		}
		key := [3]int{hr, sl, ar}
		if best < 0 || slices.Compare(key[:], bestKey[:]) >= 0 {
			best, bestKey = i, key
		}
	}
	if best < 0 {
		return Decision{Allowed: true, Group: -1, Reason: fmt.Sprintf("no group applies to %s for %q; this file expresses no preference there (robots.txt still applies, §1.2)", where(host, path), agent)}
	}
	g := f.Groups[best]
	d := Decision{Line: g.Line, Group: best}
	chosen := fmt.Sprintf("the group on line %d (%s) is the most specific match (§3.4)", g.Line, describeGroup(g))
	switch {
	case !g.MethodsListed:
		d.Reason = chosen + "; it has no allowed-methods, so every method is disallowed in its scope (§3.2)"
	case len(g.Methods) == 0:
		d.Reason = chosen + "; its allowed-methods names no method of the ABNF's list, so it has no allowed-methods and every method is disallowed in its scope (§3.2)"
	case slices.Contains(g.Methods, method):
		d.Allowed = true
		d.Reason = fmt.Sprintf("%s and lists %s in allowed-methods", chosen, method)
	default:
		d.Reason = fmt.Sprintf("%s and does not list %s in allowed-methods (%s); unlisted methods are disallowed (§3.2)", chosen, method, strings.Join(g.Methods, ", "))
	}
	return d
}

// where describes a host and path for a message.
func where(host, path string) string {
	if host == "" {
		return path
	}
	return host + path
}

// describeGroup summarises a group's scope, host and user-agent.
func describeGroup(g Group) string {
	parts := []string{"scope " + strings.Join(g.Scopes, ", ")}
	if len(g.Hosts) > 0 {
		parts = append(parts, "host "+strings.Join(g.Hosts, ", "))
	}
	if len(g.UserAgents) > 0 {
		parts = append(parts, "user-agent "+strings.Join(g.UserAgents, ", "))
	}
	return strings.Join(parts, "; ")
}
