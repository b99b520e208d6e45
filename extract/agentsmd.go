package extract

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/agentpolicy/survey/extract/agentsmd"
	"github.com/agentpolicy/survey/registry"
)

// agentsMDAdapter parses AGENTS.md files (AGENTS-MD-SPEC-001) and evaluates
// their path restrictions.
var agentsMDAdapter = adapter{parse: parseAgentsMD, decide: decideAgentsMD, codes: agentsmd.Codes, usable: usableAgentsMD}

// agentsMDUnusableCodes say why a valid AGENTS.md is not usable: plain HTTP
// (§11.1), a downgrade (§11.2), over 1 MB (§11.3).
var agentsMDUnusableCodes = []string{"agents-md.insecure-transport", "agents-md.downgraded", "agents-md.too-large"}

// usableAgentsMD applies §11.3: agents reject files over 1 MB, so such a
// file is not usable even when whole and valid.
func usableAgentsMD(body []byte, _ Input) bool { return len(body) <= agentsmd.MaxFileSize }

// parseAgentsMD parses an AGENTS.md file. For the well-known location it
// parses the root location's file too (through in.Related) to tell whether
// the root takes precedence (§3.1).
func parseAgentsMD(body []byte, in Input) Document {
	src := agentsmd.Source{
		Host:         in.Host,
		Scheme:       in.Scheme,
		ContentType:  in.ContentType,
		RedirectHops: in.RedirectHops,
		Downgraded:   in.Downgraded,
		Truncated:    in.Truncated,
	}
	switch in.Location {
	case registry.LocAgentsMD:
		src.Location = agentsmd.LocationRoot
	case registry.LocAgentsMDWK:
		src.Location = agentsmd.LocationWellKnown
		if rel, ok := in.related(registry.LocAgentsMD); ok && rel.Fetched {
			scheme := rel.Scheme
			if scheme == "" {
				scheme = schemeOf(rel.URL)
			}
			root := agentsmd.Assess(rel.Body, agentsmd.Source{
				Location:     agentsmd.LocationRoot,
				Host:         in.Host,
				Scheme:       scheme,
				ContentType:  rel.ContentType,
				RedirectHops: rel.RedirectHops,
				Downgraded:   rel.Downgraded,
				Truncated:    rel.Truncated,
			})
			src.Root = &root
		}
	}
	res, diags := agentsmd.Parse(body, src)
	doc := Document{
		Format:      registry.AgentsMD,
		OtherFormat: res.OtherFormat,
		Valid:       res.OtherFormat == "" && !diags.HasErrors(),
		Effective:   res.Effective,
		Diagnostics: diags,
		Result:      res,
	}
	if res.OtherFormat == "" {
		doc.Summary = res.Summary()
	}
	return doc
}

// schemeOf returns the lower-case scheme of a URL, or "" when it has none.
func schemeOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Scheme)
}

// decideAgentsMD evaluates a query against a parsed AGENTS.md file. A file
// that is not a valid policy (no Identity section, or another format) sets
// no restriction: agents apply the permissive defaults of §3.2 step 3. A
// valid file that is not usable (fetched over plain HTTP or through a
// downgrade, too large, or truncated; see Document.Usable) is not used at
// all (§11): its rules are not evaluated, the fetch counts as failed, and
// without another usable file the permissive defaults apply as well.
func decideAgentsMD(doc Document, q Query) (Decision, error) {
	res, ok := doc.Result.(*agentsmd.Result)
	if !ok || res == nil {
		return Decision{}, fmt.Errorf("agents-md: document holds no AGENTS.md result (%T)", doc.Result)
	}
	u, err := url.Parse(q.URL)
	if err != nil {
		return Decision{}, fmt.Errorf("agents-md: parse query URL: %w", err)
	}
	path := u.EscapedPath()
	if !doc.Valid {
		what := "not a valid AGENTS.md policy (no Identity section, §6.8)"
		if doc.OtherFormat != "" {
			what = "not an AGENTS.md policy (" + doc.OtherFormat + ")"
		}
		return Decision{Allowed: true, Reason: "the file is " + what + "; no policy applies, so the permissive defaults of §3.2 do"}, nil
	}
	if !doc.Usable {
		why := "the file is not usable"
		if code, msg := UnusableReason(doc); code != "" {
			why += " (" + code + "): " + msg
		} else {
			why += ": " + msg
		}
		return Decision{Allowed: true, Reason: why +
			"; its rules do not apply, and without a usable AGENTS.md at the other location the permissive defaults of §3.2 step 3 do"}, nil
	}
	d := res.Evaluate(path, q.Method)
	return Decision{Allowed: d.Allowed, Reason: string(d.Verdict) + ": " + d.Reason, Line: d.Line}, nil
}
