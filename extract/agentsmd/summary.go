package agentsmd

// Summary is a small digest of a policy for adoption queries (stored in
// documents.summary): which sections are present, the trust requirement,
// the number of path rules, which actions are allowed, and the rate limits.
type Summary struct {
	// Sections lists the kinds of the defined sections present, in file
	// order, without duplicates.
	Sections []SectionKind `json:"sections"`
	// ExtensionSections and UnknownSections count the other sections.
	ExtensionSections int    `json:"extension_sections"`
	UnknownSections   int    `json:"unknown_sections"`
	Site              string `json:"site,omitempty"`
	SpecVersion       string `json:"spec_version,omitempty"`
	// MinimumTrustLevel is nil when the file's value is omitted (§6.4).
	MinimumTrustLevel *int   `json:"minimum_trust_level,omitempty"`
	Authentication    string `json:"authentication"`
	// DisallowedPaths, HumanApprovalPaths and ReadOnlyPaths count the
	// patterns of each list; InvalidPatterns counts those of any list that
	// are ignored when evaluating.
	DisallowedPaths    int `json:"disallowed_paths"`
	HumanApprovalPaths int `json:"require_human_approval"`
	ReadOnlyPaths      int `json:"read_only_paths"`
	InvalidPatterns    int `json:"invalid_patterns"`
	// AllowedActions lists the allowed actions (defaults applied).
	AllowedActions     []string `json:"allowed_actions"`
	RequestsPerMinute  *int64   `json:"requests_per_minute,omitempty"`
	RequestsPerHour    *int64   `json:"requests_per_hour,omitempty"`
	ConcurrentSessions *int64   `json:"concurrent_sessions,omitempty"`
}

// Summary returns the digest of the policy.
func (r *Result) Summary() Summary {
	s := Summary{
		Sections:           []SectionKind{},
		Site:               r.Identity.Site,
		SpecVersion:        r.Identity.SpecVersion,
		MinimumTrustLevel:  r.TrustRequirements.MinimumTrustLevel,
		Authentication:     r.TrustRequirements.Authentication,
		DisallowedPaths:    len(r.Restrictions.DisallowedPaths),
		HumanApprovalPaths: len(r.Restrictions.RequireHumanApproval),
		ReadOnlyPaths:      len(r.Restrictions.ReadOnlyPaths),
		AllowedActions:     r.AllowedActions.AllowedKeys(),
		RequestsPerMinute:  r.RateLimits.RequestsPerMinute,
		RequestsPerHour:    r.RateLimits.RequestsPerHour,
		ConcurrentSessions: r.RateLimits.ConcurrentSessions,
	}
	for _, sec := range r.Sections {
		switch {
		case sec.Duplicate:
		case sec.Kind == KindExtension:
			s.ExtensionSections++
		case sec.Kind == KindUnknown:
			s.UnknownSections++
		default:
			s.Sections = append(s.Sections, sec.Kind)
		}
	}
	for _, list := range [][]Pattern{r.Restrictions.DisallowedPaths, r.Restrictions.RequireHumanApproval, r.Restrictions.ReadOnlyPaths} {
		for _, p := range list {
			if p.Form == FormInvalid {
				s.InvalidPatterns++
			}
		}
	}
	return s
}
