package agentsmd

import (
	"errors"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"golang.org/x/net/http/httpguts"
)

// definedKeys returns the keys §5 defines for a section kind.
func definedKeys(kind SectionKind) []string {
	switch kind {
	case KindIdentity:
		return []string{"site", "contact", "last-updated", "spec-version"}
	case KindTrustRequirements:
		return []string{"minimum-trust-level", "authentication", "authentication-methods"}
	case KindAllowedActions:
		return StandardActions()
	case KindRateLimits:
		return []string{"requests-per-minute", "requests-per-hour", "concurrent-sessions"}
	case KindDataHandling:
		return []string{"personal-data-collection", "data-retention", "third-party-sharing", "gdpr-compliance"}
	case KindRestrictions:
		return []string{RuleDisallowedPaths, RuleRequireHumanApproval, RuleReadOnlyPaths}
	case KindAgentIdentification:
		return []string{"require-agent-header", "agent-header-name", "require-disclosure"}
	}
	return nil
}

// suggestKey returns a hint for an unknown key: the defined key of the
// section it nearly matches, or the section that defines it.
func suggestKey(kind SectionKind, key string) string {
	k := squash(key)
	if k == "" || len(k) > 40 {
		return ""
	}
	for _, d := range definedKeys(kind) {
		if sd := squash(d); k == sd || near(k, sd) {
			return " (did you mean " + quote(d) + "?)"
		}
	}
	for _, name := range sectionNames() {
		other := sectionKind(normalizeName(name))
		if other == kind {
			continue
		}
		for _, d := range definedKeys(other) {
			if k == squash(d) {
				return " (" + quote(d) + " belongs in the " + name + " section)"
			}
		}
	}
	return ""
}

// applyKey applies a directive of a defined section and reports whether the
// section defines its key.
func (p *parser) applyKey(kind SectionKind, d Directive) bool {
	known := false
	for _, k := range definedKeys(kind) {
		if k == d.Key {
			known = true
			break
		}
	}
	if !known {
		return false
	}
	switch {
	case d.Value == "" && kind == KindIdentity && d.Key == "site":
		// No default to keep: the site is required.
		p.add(codeMissingSite, d.Line, "\"site\" has no value; §5.1 requires the site's domain name")
		return true
	case d.Value == "":
		p.add(codeEmptyValue, d.Line, "%s has no value; the field keeps its default", quote(d.Key))
		return true
	}
	switch kind {
	case KindIdentity:
		p.identity(d)
	case KindTrustRequirements:
		p.trust(d)
	case KindAllowedActions:
		p.action(d)
	case KindRateLimits:
		p.rateLimit(d)
	case KindDataHandling:
		p.dataHandling(d)
	case KindRestrictions:
		p.restriction(d)
	case KindAgentIdentification:
		p.agentIdentification(d)
	}
	return true
}

// identity applies an Identity key (§5.1, §13.2).
func (p *parser) identity(d Directive) {
	id := &p.res.Identity
	switch d.Key {
	case "site":
		id.Site = d.Value
		if why := checkSite(d.Value); why != "" {
			p.add(codeInvalidSite, d.Line, "site %s is not a domain name: %s", quote(diag.Clip(d.Value)), why)
		}
	case "contact":
		id.Contact = d.Value
		if why := checkContact(d.Value); why != "" {
			p.add(codeInvalidContact, d.Line, "contact %s: %s", quote(diag.Clip(d.Value)), why)
		}
	case "last-updated":
		id.LastUpdated = d.Value
		if !checkDate(d.Value) {
			p.add(codeInvalidDate, d.Line, "last-updated %s is neither a date (YYYY-MM-DD, such as 2026-03-15) nor an RFC 3339 date-time (2026-03-15T10:00:00Z)", quote(diag.Clip(d.Value)))
		}
	case "spec-version":
		id.SpecVersion = d.Value
		v, ok := parseSpecVersion(d.Value)
		switch {
		case !ok:
			p.add(codeInvalidSpecVersion, d.Line, "spec-version %s is not a semantic version such as 1.0.0", quote(diag.Clip(d.Value)))
		case v.newerThanSupported():
			p.add(codeNewerSpecVersion, d.Line, "spec-version %s is newer than 1.0.x, the version survey implements; parsed as 1.0 (§13.2)", quote(d.Value))
		}
	}
	id.Explicit = append(id.Explicit, d.Key)
}

// trust applies a Trust Requirements key (§5.2).
func (p *parser) trust(d Directive) {
	t := &p.res.TrustRequirements
	switch d.Key {
	case "minimum-trust-level":
		n, ok := p.integer(d)
		if ok && (n < 0 || n > 5) {
			p.add(codeOutOfRange, d.Line, "minimum-trust-level %d is outside 0–5 (§7); the field is omitted", n)
			ok = false
		}
		if !ok {
			t.MinimumTrustLevel = nil // omitted, not the default 0 (§6.4)
			return
		}
		level := int(n)
		t.MinimumTrustLevel = &level
	case "authentication":
		v, ok := p.enum(d)
		if !ok {
			return
		}
		t.Authentication = v
	case "authentication-methods":
		methods := SplitArray(d.Value)
		if len(methods) == 0 {
			p.add(codeEmptyValue, d.Line, "authentication-methods lists no method")
			return
		}
		t.AuthenticationMethods = methods
	}
	t.Explicit = append(t.Explicit, d.Key)
}

// action applies a standard Allowed Actions key (§5.3, §8.1).
func (p *parser) action(d Directive) {
	a := &p.res.AllowedActions
	v, ok := p.boolean(d)
	if !ok {
		return
	}
	*a.field(d.Key) = v
	a.Explicit = append(a.Explicit, d.Key)
}

// customAction records a custom action key (§5.3, §8.2): its value is a
// boolean, false by default.
func (p *parser) customAction(d Directive) {
	a := &p.res.AllowedActions
	if a.Custom == nil {
		a.Custom = map[string]bool{}
	}
	a.Custom[d.Key] = false
	if d.Value == "" {
		p.add(codeEmptyValue, d.Line, "%s has no value; the action is not allowed", quote(diag.Clip(d.Key)))
		return
	}
	v, ok := p.boolean(d)
	if !ok {
		return
	}
	a.Custom[d.Key] = v
	a.Explicit = append(a.Explicit, d.Key)
}

// rateLimit applies a Rate Limits key (§5.4).
func (p *parser) rateLimit(d Directive) {
	rl := &p.res.RateLimits
	n, ok := p.integer(d)
	if !ok {
		return
	}
	if n < 0 {
		p.add(codeNegativeRateLimit, d.Line, "%s is %d; rate limits must be positive (0 means no limit), so the field is omitted (§5.4)", d.Key, n)
		return
	}
	switch d.Key {
	case "requests-per-minute":
		rl.RequestsPerMinute = &n
	case "requests-per-hour":
		rl.RequestsPerHour = &n
	case "concurrent-sessions":
		rl.ConcurrentSessions = &n
	}
	rl.Explicit = append(rl.Explicit, d.Key)
}

// dataHandling applies a Data Handling key (§5.5).
func (p *parser) dataHandling(d Directive) {
	dh := &p.res.DataHandling
	if d.Key == "gdpr-compliance" {
		v, ok := p.boolean(d)
		if !ok {
			return
		}
		dh.GDPRCompliance = &v
	} else {
		v, ok := p.enum(d)
		if !ok {
			return
		}
		switch d.Key {
		case "personal-data-collection":
			dh.PersonalDataCollection = v
		case "data-retention":
			dh.DataRetention = v
		case "third-party-sharing":
			dh.ThirdPartySharing = v
		}
	}
	dh.Explicit = append(dh.Explicit, d.Key)
}

// restriction applies a Restrictions key (§5.6, §9).
func (p *parser) restriction(d Directive) {
	rs := &p.res.Restrictions
	elems := SplitArray(d.Value)
	if len(elems) == 0 {
		p.add(codeEmptyValue, d.Line, "%s lists no path", d.Key)
		return
	}
	patterns := make([]Pattern, 0, len(elems))
	for _, e := range elems {
		pat, err := NewPattern(e)
		pat.Line = d.Line
		var pe *PatternError
		if errors.As(err, &pe) {
			p.add(pe.code, d.Line, "%s pattern %s: %s; it is ignored when evaluating", d.Key, quote(diag.Clip(e)), pe.Reason)
		} else if pat.HasDotSegment() {
			p.add(codeDotSegmentPattern, d.Line, "%s pattern %s holds a `.` or `..` segment, which an agent's HTTP client removes from every request it sends (RFC 3986 §5.2.4); it is matched as %s", d.Key, quote(diag.Clip(e)), quote(diag.Clip(pat.normalized())))
		}
		patterns = append(patterns, pat)
	}
	switch d.Key {
	case RuleDisallowedPaths:
		rs.DisallowedPaths = patterns
	case RuleRequireHumanApproval:
		rs.RequireHumanApproval = patterns
	case RuleReadOnlyPaths:
		rs.ReadOnlyPaths = patterns
	}
	rs.Explicit = append(rs.Explicit, d.Key)
}

// agentIdentification applies an Agent Identification key (§5.7).
func (p *parser) agentIdentification(d Directive) {
	ai := &p.res.AgentIdentification
	switch d.Key {
	case "require-agent-header", "require-disclosure":
		v, ok := p.boolean(d)
		if !ok {
			return
		}
		if d.Key == "require-agent-header" {
			ai.RequireAgentHeader = v
		} else {
			ai.RequireDisclosure = v
		}
	case "agent-header-name":
		if !httpguts.ValidHeaderFieldName(d.Value) {
			p.add(codeInvalidHeaderName, d.Line, "agent-header-name %s is not a valid HTTP field name; the default %s is used", quote(diag.Clip(d.Value)), DefaultAgentHeaderName)
			return
		}
		ai.AgentHeaderName = d.Value
	}
	ai.Explicit = append(ai.Explicit, d.Key)
}

// boolean parses a boolean value, reporting an invalid one (§6.3).
func (p *parser) boolean(d Directive) (v, ok bool) {
	v, ok = ParseBool(d.Value)
	if !ok {
		p.add(codeInvalidBoolean, d.Line, "%s is %s, not a boolean (true/yes/1/on, false/no/0/off); the default is used (§6.3)", quote(diag.Clip(d.Key)), quote(diag.Clip(d.Value)))
	}
	return v, ok
}

// integer parses an integer value, reporting an invalid one (§6.4).
func (p *parser) integer(d Directive) (int64, bool) {
	n, err := ParseInt(d.Value)
	switch {
	case errors.Is(err, ErrIntegerRange):
		p.add(codeOutOfRange, d.Line, "%s is %s, which does not fit 64 bits; the field is omitted", d.Key, quote(diag.Clip(d.Value)))
		return 0, false
	case err != nil:
		p.add(codeInvalidInteger, d.Line, "%s is %s, not a base-10 integer (digits with an optional leading -, and no leading zero, +, _ or fraction); the field is omitted (§6.4)", d.Key, quote(diag.Clip(d.Value)))
		return 0, false
	}
	return n, true
}

// enum parses an enumerated value, reporting an invalid one.
func (p *parser) enum(d Directive) (string, bool) {
	v, ok := parseEnum(d.Key, d.Value)
	if !ok {
		p.add(codeInvalidEnum, d.Line, "%s is %s; expected one of %s", d.Key, quote(diag.Clip(d.Value)), strings.Join(enumValues(d.Key), ", "))
	}
	return v, ok
}
