package agentstxt

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// Decision is the answer of the evaluator.
type Decision struct {
	// Allowed is true when an agent may fetch the URL.
	Allowed bool `json:"allowed"`
	// Reason says why, naming the deciding directive.
	Reason string `json:"reason"`
	// Line is the deciding directive's line, or the hash line (or 0) when
	// the whole site is restricted.
	Line int `json:"line"`
}

// Allowed reports whether the file lets an agent fetch target, an absolute
// URL or a path. agents.txt names no agents, so the answer is the same for
// every agent.
//
// The draft defines no matching rule, so survey uses the robots.txt one
// without wildcards (RFC 9309 §2.2.2, "*" and "$" have no special meaning
// here): a directive applies when its path is a prefix of the target's
// path and query, the longest such path decides, DISALLOW wins a tie, and
// a target no directive matches is allowed. Paths are compared after
// normalizing their percent-encoding (see matchPath).
//
// An invalid file restricts the whole site (§5): nothing is allowed. So
// does a file that follows another convention, since a conforming agent
// cannot read it as agents.txt either.
func (f *File) Allowed(target string) Decision {
	switch f.Effective {
	case Rules, Open:
	case NotAgentsTxt:
		return Decision{Reason: fmt.Sprintf("the file is not agents.txt (%s); a conforming agent treats the whole site as restricted (§5)", f.OtherFormat)}
	default:
		return Decision{Line: f.Hash.Line, Reason: "the file is invalid, so the whole site is restricted (§5)"}
	}
	path, err := targetPath(target)
	if err != nil {
		return Decision{Reason: fmt.Sprintf("the target %q is not a URL or path: %v", target, err)}
	}
	best, bestLen := -1, 0
	for i, d := range f.Directives {
		p := pathnorm.Normalize(d.Path)
		if d.Malformed || !strings.HasPrefix(path, p) {
			continue
		}
		if best < 0 || len(p) > bestLen || (len(p) == bestLen && d.Action == Disallow) {
			best, bestLen = i, len(p)
		}
	}
	if best < 0 {
		return Decision{Allowed: true, Reason: fmt.Sprintf("no directive matches %s; what is not disallowed is allowed", path)}
	}
	d := f.Directives[best]
	reason := fmt.Sprintf("%s %s on line %d is the longest matching path", d.Path, d.Action, d.Line)
	if len(d.Params) > 0 {
		var ps []string
		for _, p := range d.Params {
			ps = append(ps, p.Key+"="+p.Value)
		}
		reason += " (parameters " + strings.Join(ps, " ") + ")"
	}
	return Decision{Allowed: d.Action == Allow, Reason: reason, Line: d.Line}
}

// targetPath returns the path and query of an absolute URL or a path, "/"
// when the path is empty, as an agent's HTTP client sends them: with the
// percent-encoding normalized (pathnorm.Normalize, as RFC 9309 §2.2.2
// asks) and then the path's "." and ".."
// segments removed (RFC 3986 §5.2.4), so that "/docs/../admin" and
// "/docs/%2E%2E/admin" are "/admin".
func targetPath(target string) (string, error) {
	u, err := url.Parse(target)
	if err != nil {
		return "", err
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" || u.ForceQuery {
		p += "?" + u.RawQuery
	}
	return pathnorm.RemoveDotSegments(pathnorm.Normalize(p)), nil
}
