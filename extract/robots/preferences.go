package robots

// Preferences are the extension rules that apply to one URL for one agent.
type Preferences struct {
	// ContentUsage maps the recorded categories (train-ai, search) to "y"
	// or "n" (draft-ietf-aipref-attach-05 §3.1): from the Content-Usage
	// rules with the longest matching path; rules with equally long paths
	// are combined, a disallowing "n" winning (attach §3.1 refers to the
	// vocabulary's Combining Preferences, draft-ietf-aipref-vocab-08 §5.1).
	// A rule whose statement of preference does not parse still takes part:
	// its preferences are unknown (vocab §6.5.1), so it hides shorter paths
	// as a rule with no recorded category does. Empty when the URL may not
	// be crawled: preferences apply only to what can be crawled.
	ContentUsage map[string]string `json:"content_usage,omitempty"`
	// ContentUsageLines are the lines of the rules used.
	ContentUsageLines []int `json:"content_usage_lines,omitempty"`
	// ContentSignals maps search, ai-input and ai-train to "yes" or "no",
	// and use to "immediate", "reference" or "full", chosen the same way
	// (the most restrictive value winning); a rule whose value does not
	// parse is ignored. Content signals do not depend on the URL being
	// crawlable.
	ContentSignals map[string]string `json:"content_signals,omitempty"`
	// ContentSignalLines are the lines of the rules used.
	ContentSignalLines []int `json:"content_signal_lines,omitempty"`
	// Apps are the App-Directives members with the longest matching path
	// (draft-nottingham-plan-b §2.1), combined when paths are equally long.
	Apps []App `json:"apps,omitempty"`
}

// Preferences returns the extension rules of the groups applying to agent
// (chosen as for Allowed: App-Directives §2.1 requires the same merging and
// fallback to "*") that apply to rawURL. A rule without a path applies to
// every path, as the shortest possible match.
func (m *Matcher) Preferences(agent, rawURL string) Preferences {
	var p Preferences
	idx, _ := m.groupIndexes(agent)
	path := requestPath(rawURL)
	crawlable := m.Allowed(agent, rawURL).Allowed

	cuBest, csBest, adBest := -1, -1, -1
	for _, gi := range idx {
		g := m.groups[gi].group
		for i := range g.ContentUsage {
			r := &g.ContentUsage[i]
			if n, ok := extensionMatch(r.Path, path); ok && crawlable {
				cuBest = combineBest(cuBest, n, func() { p.ContentUsage, p.ContentUsageLines = nil, nil }, func() {
					p.ContentUsage = combinePreference(p.ContentUsage, r.Preferences, usageMoreRestrictive)
					p.ContentUsageLines = append(p.ContentUsageLines, r.Line)
				})
			}
		}
		for i := range g.ContentSignals {
			r := &g.ContentSignals[i]
			if n, ok := extensionMatch(r.Path, path); ok && r.Valid {
				csBest = combineBest(csBest, n, func() { p.ContentSignals, p.ContentSignalLines = nil, nil }, func() {
					p.ContentSignals = combinePreference(p.ContentSignals, r.Signals, signalMoreRestrictive)
					p.ContentSignalLines = append(p.ContentSignalLines, r.Line)
				})
			}
		}
		for i := range g.AppDirectives {
			ad := &g.AppDirectives[i]
			if n, ok := extensionMatch(ad.Path, path); ok && ad.anyValid() {
				adBest = combineBest(adBest, n, func() { p.Apps = nil }, func() { p.Apps = append(p.Apps, ad.Apps...) })
			}
		}
	}
	return p
}

// anyValid reports whether any of the combined rules was accepted: a path
// whose every rule was rejected takes no part in matching, so it does not
// hide a shorter path's directives (specs README: an unparseable value is
// an error for that rule only).
func (a *AppDirectives) anyValid() bool {
	for _, r := range a.Rules {
		if r.Valid {
			return true
		}
	}
	return false
}

// extensionMatch matches an extension rule's path against a normalized URL
// path and returns the match length; an empty path matches everything with
// length 0.
func extensionMatch(rulePath, path string) (int, bool) {
	if rulePath == "" {
		return 0, true
	}
	pat := compilePattern(rulePath)
	return pat.length, pat.match(path)
}

// combineBest keeps the longest matches: a longer match than best resets
// what was collected and adds; an equal one adds; a shorter one is ignored.
func combineBest(best, n int, reset, add func()) int {
	switch {
	case n > best:
		reset()
		add()
		return n
	case n == best:
		add()
	}
	return best
}

// combinePreference merges preferences into acc, the more restrictive
// value winning a conflict.
func combinePreference(acc, prefs map[string]string, moreRestrictive func(key, a, b string) bool) map[string]string {
	for k, v := range prefs {
		if acc == nil {
			acc = map[string]string{}
		}
		if old, ok := acc[k]; !ok || moreRestrictive(k, v, old) {
			acc[k] = v
		}
	}
	return acc
}

// usageMoreRestrictive reports whether usage preference a is more
// restrictive than b: disallowing ("n") wins (vocab-08 §5.1).
func usageMoreRestrictive(_, a, b string) bool { return a == "n" && b != "n" }

// signalMoreRestrictive reports whether value a of content signal key is
// more restrictive than b (no before yes; immediate before reference before
// full).
func signalMoreRestrictive(key, a, b string) bool {
	return contentSignalRank(key, a) < contentSignalRank(key, b)
}
