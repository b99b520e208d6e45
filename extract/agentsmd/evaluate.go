package agentsmd

import (
	"fmt"
	"net/http"
	"strings"
)

// Verdict is what a policy says about a path.
type Verdict string

// The verdicts.
const (
	// VerdictAllowed: no restriction applies.
	VerdictAllowed Verdict = "allowed"
	// VerdictDisallowed: a disallowed-paths pattern decides (§5.6, §12.2
	// step 3), or the method reads and read-content is false (§12.2 step 8).
	VerdictDisallowed Verdict = "disallowed"
	// VerdictHumanApproval: a require-human-approval pattern decides; the
	// agent must pause for explicit human confirmation (§12.2 step 4).
	VerdictHumanApproval Verdict = "human-approval"
	// VerdictReadOnly: a read-only-paths pattern decides; only GET and HEAD
	// are allowed.
	VerdictReadOnly Verdict = "read-only"
)

// The Restrictions keys, as Decision.Rule values.
const (
	RuleDisallowedPaths      = "disallowed-paths"
	RuleRequireHumanApproval = "require-human-approval"
	RuleReadOnlyPaths        = "read-only-paths"
	RuleReadContent          = "read-content"
)

// Decision is the answer of Evaluate.
type Decision struct {
	Verdict Verdict `json:"verdict"`
	// Allowed is true when the agent may send the request without asking a
	// human: for VerdictAllowed, and for VerdictReadOnly with GET or HEAD.
	Allowed bool `json:"allowed"`
	// Rule is the key that decided (a Rule* constant), empty when none did.
	Rule string `json:"rule,omitempty"`
	// Pattern is the deciding path pattern as written.
	Pattern string `json:"pattern,omitempty"`
	// Line is the line of the deciding directive; 0 when none decided.
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Evaluate says what the policy allows for a request with method to a URL
// path (§9, §12.2). The path may carry a query, which is ignored; the method
// defaults to GET. Its dot segments are removed first, as the agent's HTTP
// client removes them (RFC 3986 §5.2.4).
//
// The most specific matching pattern of the three Restrictions lists decides
// (§9.2 rule 4; see Pattern.moreSpecific for "specific"). When patterns of
// several lists are equally specific, the more restrictive list decides:
// disallowed-paths, then require-human-approval, then read-only-paths (§9.2
// rule 5, §12.3). A read-only path allows GET and HEAD only; a
// human-approval path is not allowed without confirmation. Finally a GET or
// HEAD that the paths allow is disallowed when read-content is false.
// Invalid patterns are ignored. Trust levels and authentication are not
// evaluated: the agent's credentials are not known here.
func (r *Result) Evaluate(path, method string) Decision {
	method = strings.ToUpper(method)
	if method == "" {
		method = http.MethodGet
	}
	reads := method == http.MethodGet || method == http.MethodHead
	path = requestPath(path)

	var best Pattern
	bestRule := ""
	lists := []struct {
		rule     string
		patterns []Pattern
	}{
		{RuleDisallowedPaths, r.Restrictions.DisallowedPaths},
		{RuleRequireHumanApproval, r.Restrictions.RequireHumanApproval},
		{RuleReadOnlyPaths, r.Restrictions.ReadOnlyPaths},
	}
	for _, l := range lists {
		for _, p := range l.patterns {
			if !p.match(path) {
				continue
			}
			// Lists are visited from the most restrictive, patterns in file
			// order: only a strictly more specific pattern replaces the best.
			if bestRule == "" || p.moreSpecific(best) {
				best, bestRule = p, l.rule
			}
		}
	}

	d := Decision{Verdict: VerdictAllowed, Allowed: true, Reason: "no path restriction matches " + path}
	if bestRule != "" {
		d.Rule, d.Pattern, d.Line = bestRule, best.Text, best.Line
		where := fmt.Sprintf("%s pattern %q (line %d) matches %s", bestRule, best.Text, best.Line, path)
		switch bestRule {
		case RuleDisallowedPaths:
			d.Verdict, d.Allowed = VerdictDisallowed, false
			d.Reason = where + ": agents must not access it (§5.6)"
		case RuleRequireHumanApproval:
			d.Verdict, d.Allowed = VerdictHumanApproval, false
			d.Reason = where + ": explicit human approval is required before acting (§5.6, §12.2)"
		case RuleReadOnlyPaths:
			d.Verdict, d.Allowed = VerdictReadOnly, reads
			if reads {
				d.Reason = where + ": read-only, " + method + " is a read"
			} else {
				d.Reason = where + ": read-only, only GET and HEAD are allowed, not " + method
			}
		}
	}
	if d.Allowed && reads && !r.AllowedActions.ReadContent {
		return Decision{
			Verdict: VerdictDisallowed,
			Rule:    RuleReadContent,
			Line:    r.directiveLine(KindAllowedActions, RuleReadContent),
			Reason:  "read-content is false: agents may not read page content (§5.3, §12.2 step 8)",
		}
	}
	return d
}
