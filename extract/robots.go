package extract

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// robotsAdapter parses robots.txt files (extract/robots).
var robotsAdapter = adapter{parse: parseRobots, decide: decideRobots, codes: robots.Codes}

// robotsSummary is the Summary of a robots.txt Document.
type robotsSummary struct {
	Groups   int `json:"groups"`
	Rules    int `json:"rules"`
	Sitemaps int `json:"sitemaps"`
	// AppDirectives, ContentUsage and ContentSignal are true when the file
	// has at least one rule of that extension: in a group, or before any
	// user-agent line (where it applies to no crawler but states a
	// preference, as robots_preferences records it).
	AppDirectives bool `json:"app_directives"`
	ContentUsage  bool `json:"content_usage"`
	ContentSignal bool `json:"content_signal"`
	// AIBlocked counts the known AI crawler tokens (robots.AICrawlers)
	// blocked from the whole site, whether by a group naming them or by
	// "*"; AIBlockedNamed counts those blocked by a group naming them;
	// AIPartial counts those restricted from some paths only.
	AIBlocked      int `json:"ai_blocked"`
	AIBlockedNamed int `json:"ai_blocked_named"`
	AIPartial      int `json:"ai_partial"`
}

// parseRobots parses a robots.txt body. Effective is the policy for a
// crawler no group names: "disallow-all", "partial" or "allow-all" from the
// "*" groups, or "empty" when no group has an allow or disallow rule.
func parseRobots(body []byte, in Input) Document {
	f, diags := robots.ParseWith(body, robots.Options{Truncated: in.Truncated})
	if d, ok := robots.CheckContentType(in.ContentType); ok {
		diags = append(diags, d)
	}
	doc := Document{Format: registry.Robots, Valid: !diags.HasErrors(), Diagnostics: diags, Result: f}
	if f.HTML {
		doc.OtherFormat = "html"
	}
	m := f.Matcher()
	sum := robotsSummary{Groups: len(f.Groups), Sitemaps: len(f.Sitemaps)}
	extensions := func(g *robots.Group) {
		sum.AppDirectives = sum.AppDirectives || len(g.AppDirectives) > 0
		sum.ContentUsage = sum.ContentUsage || len(g.ContentUsage) > 0
		sum.ContentSignal = sum.ContentSignal || len(g.ContentSignals) > 0
	}
	for i := range f.Groups {
		sum.Rules += len(f.Groups[i].Rules)
		extensions(&f.Groups[i])
	}
	if f.OutsidePreferences != nil {
		extensions(f.OutsidePreferences)
	}
	for _, st := range f.AIStances() {
		switch st.Access {
		case robots.Blocked:
			sum.AIBlocked++
			if st.Applies == robots.Named {
				sum.AIBlockedNamed++
			}
		case robots.Partial:
			sum.AIPartial++
		}
	}
	doc.Summary = sum
	doc.Effective = robotsEffective(sum, m)
	return doc
}

// robotsEffective labels the policy that applies to a crawler no group
// names.
func robotsEffective(sum robotsSummary, m *robots.Matcher) string {
	if sum.Rules == 0 {
		return "empty"
	}
	switch m.Stance("*").Access {
	case robots.Blocked:
		return "disallow-all"
	case robots.Partial:
		return "partial"
	}
	return "allow-all"
}

// decideRobots answers a query with robots.Matcher: the agent's product
// token selects the groups, and the deciding rule's line is returned.
// robots.txt has no notion of methods, so q.Method is not consulted.
func decideRobots(doc Document, q Query) (Decision, error) {
	f, ok := doc.Result.(*robots.File)
	if !ok || f == nil {
		return Decision{}, fmt.Errorf("robots: document holds %T, not a parsed robots.txt", doc.Result)
	}
	m := robots.NewMatcher(f)
	d := m.Allowed(q.Agent, q.URL)
	reason := d.Reason
	if token := robots.AgentToken(q.Agent); token != strings.TrimSpace(q.Agent) {
		// A full User-Agent string: its leading token is seldom the
		// crawler's ("Mozilla/5.0 (compatible; GPTBot/1.1)"), so the
		// groups are those naming the first of its products a group
		// names, as the other formats' evaluators match one of its
		// products; with none named, those of a crawler no group names.
		products := userAgentProducts(q.Agent)
		named := ""
		for _, p := range products {
			if wd := m.Allowed(p, q.URL); wd.Applies == robots.Named {
				d, named = wd, p
				break
			}
		}
		switch {
		case named != "":
			reason = d.Reason + fmt.Sprintf("; robots.txt groups are chosen by product token (RFC 9309 §2.2.1), and %q of this User-Agent string is the first of its products a group names", named)
		case len(products) > 0:
			d = m.Allowed(products[0], q.URL)
			reason = d.Reason + fmt.Sprintf("; robots.txt groups are chosen by product token (RFC 9309 §2.2.1), and no group names a product of this User-Agent string (%s)", strings.Join(products, ", "))
		default:
			reason += fmt.Sprintf("; robots.txt groups are chosen by the product token %q of this agent", token)
		}
	}
	return Decision{Allowed: d.Allowed, Reason: reason, Line: d.Line}, nil
}

// uaProduct matches a product with its version in a User-Agent string
// ("GPTBot/1.1", "Googlebot-Image/1.0"): a name and a version that starts
// with a digit, so that a URL's path ("openai.com/gptbot") is none.
var uaProduct = regexp.MustCompile(`(?:^|[\s;(])([A-Za-z][A-Za-z0-9_-]*)/[0-9]`)

// uaComment matches a comment item that is a bare name ("Bytespider" of
// "(compatible; Bytespider; spider-feedback@bytedance.com)").
var uaComment = regexp.MustCompile(`[(;]\s*([A-Za-z][A-Za-z0-9_-]*)\s*[;)]`)

// browserProducts are the products of a browser's User-Agent string, which
// crawlers' strings carry too and which name no crawler.
var browserProducts = map[string]bool{
	"mozilla": true, "applewebkit": true, "chrome": true, "safari": true, "version": true, "mobile": true,
	"gecko": true, "firefox": true, "edg": true, "opr": true, "khtml": true, "compatible": true,
}

// userAgentProducts returns the product names of a User-Agent string in
// order, without the browser's (Mozilla, AppleWebKit, Chrome, ...): its
// name/version products and the bare names of its comments, not the words
// of its URLs or e-mail addresses.
func userAgentProducts(agent string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if k := strings.ToLower(name); !browserProducts[k] && !seen[k] {
			seen[k] = true
			out = append(out, name)
		}
	}
	type at struct {
		pos  int
		name string
	}
	var found []at
	for _, m := range uaProduct.FindAllStringSubmatchIndex(agent, -1) {
		found = append(found, at{m[2], agent[m[2]:m[3]]})
	}
	// Comment items overlap (";" ends one and starts the next): match
	// from each separator.
	for i := 0; i < len(agent); i++ {
		if agent[i] != '(' && agent[i] != ';' {
			continue
		}
		if m := uaComment.FindStringSubmatchIndex(agent[i:]); m != nil && m[0] == 0 {
			found = append(found, at{i + m[2], agent[i+m[2] : i+m[3]]})
		}
	}
	slices.SortStableFunc(found, func(a, b at) int { return a.pos - b.pos })
	for _, f := range found {
		add(f.name)
	}
	return out
}
