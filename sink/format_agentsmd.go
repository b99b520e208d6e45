package sink

import (
	"slices"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/agentsmd"
)

// The tables of AGENTS.md files (AGENTS-MD-SPEC-001), at both locations.
const (
	TableAgentsMD      = "agents_md"
	TableAgentsMDPaths = "agents_md_paths"
)

// AgentsMDRow is one AGENTS.md file: every field of the specification,
// typed.
type AgentsMDRow struct {
	CrawlID     string `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain      string `col:"domain" doc:"Domain the file belongs to."`
	Location    string `col:"location" doc:"Registry location of the file: agents-md (/AGENTS.md, takes precedence) or agents-md-wk (/.well-known/agents.md)."`
	Effective   string `col:"effective" doc:"The file's role: policy (a valid policy), superseded-by-root (a valid well-known file whose host also serves a usable /AGENTS.md, §3.1), invalid (no Identity section, §6.8) or other-format."`
	OtherFormat string `col:"other_format" doc:"coding-agent-instructions when the file is the repository convention for coding agents rather than a policy; empty otherwise."`
	Title       string `col:"title" doc:"Text of the level-1 heading the file starts with (AGENTS.md in a conforming file); empty when there is none."`

	IdentityLine *int32  `col:"identity_line" doc:"1-based line of the ## Identity heading (§5.1); null when the file has none."`
	Site         *string `col:"site" doc:"Identity site: the web property's domain name, as written; null when not set."`
	Contact      *string `col:"contact" doc:"Identity contact: the address for AI policy inquiries, as written; null when not set."`
	LastUpdated  *string `col:"last_updated" doc:"Identity last-updated date, as written; null when not set."`
	SpecVersion  *string `col:"spec_version" doc:"Identity spec-version the file targets (§13.2), as written; null when not set."`

	MinimumTrustLevel     *int32   `col:"minimum_trust_level" doc:"Trust Requirements minimum-trust-level, 0–5 (§7); 0 (the default) when the file does not set it; null when the file's value is not an integer in 0–5, which §6.4 omits rather than default to 0."`
	Authentication        string   `col:"authentication" doc:"Trust Requirements authentication: required, optional or none (the default when not validly set)."`
	AuthenticationMethods []string `col:"authentication_methods" doc:"Trust Requirements authentication-methods, as written, in order."`

	ReadContent   *bool    `col:"read_content" doc:"Allowed Actions read-content as the file sets it; null when not validly set (the default, true, applies)."`
	SubmitForms   *bool    `col:"submit_forms" doc:"Allowed Actions submit-forms as the file sets it; null when not validly set (the default, false, applies)."`
	MakePurchases *bool    `col:"make_purchases" doc:"Allowed Actions make-purchases as the file sets it; null when not validly set (the default, false, applies)."`
	ModifyAccount *bool    `col:"modify_account" doc:"Allowed Actions modify-account as the file sets it; null when not validly set (the default, false, applies)."`
	AccessAPI     *bool    `col:"access_api" doc:"Allowed Actions access-api as the file sets it; null when not validly set (the default, false, applies)."`
	DownloadFiles *bool    `col:"download_files" doc:"Allowed Actions download-files as the file sets it; null when not validly set (the default, false, applies)."`
	UploadFiles   *bool    `col:"upload_files" doc:"Allowed Actions upload-files as the file sets it; null when not validly set (the default, false, applies)."`
	SendMessages  *bool    `col:"send_messages" doc:"Allowed Actions send-messages as the file sets it; null when not validly set (the default, false, applies)."`
	DeleteData    *bool    `col:"delete_data" doc:"Allowed Actions delete-data as the file sets it; null when not validly set (the default, false, applies)."`
	CreateContent *bool    `col:"create_content" doc:"Allowed Actions create-content as the file sets it; null when not validly set (the default, false, applies)."`
	CustomActions JSON     `col:"custom_actions" doc:"Custom Allowed Actions keys (§8.2) as a JSON object of key to boolean (false when the value is not a boolean); null when there is none."`
	Allowed       []string `col:"allowed_actions" doc:"The actions the policy allows, defaults of §5.3 applied: the standard ones in the order of §8.1, then the custom ones sorted."`

	RequestsPerMinute  *int64 `col:"requests_per_minute" doc:"Rate Limits requests-per-minute; 0 means no limit explicitly; null when not validly set."`
	RequestsPerHour    *int64 `col:"requests_per_hour" doc:"Rate Limits requests-per-hour; 0 means no limit explicitly; null when not validly set."`
	ConcurrentSessions *int64 `col:"concurrent_sessions" doc:"Rate Limits concurrent-sessions; 0 means no limit explicitly; null when not validly set."`

	PersonalDataCollection *string `col:"personal_data_collection" doc:"Data Handling personal-data-collection: none, minimal, standard or extensive; null when not validly set."`
	DataRetention          *string `col:"data_retention" doc:"Data Handling data-retention: none, session-only, 30-days, 1-year or indefinite; null when not validly set."`
	ThirdPartySharing      *string `col:"third_party_sharing" doc:"Data Handling third-party-sharing: none, anonymized, with-consent or unrestricted; null when not validly set."`
	GDPRCompliance         *bool   `col:"gdpr_compliance" doc:"Data Handling gdpr-compliance; null when not validly set."`

	DisallowedPaths      int32 `col:"disallowed_paths" doc:"Number of Restrictions disallowed-paths patterns (agents_md_paths has them)."`
	RequireHumanApproval int32 `col:"require_human_approval" doc:"Number of Restrictions require-human-approval patterns."`
	ReadOnlyPaths        int32 `col:"read_only_paths" doc:"Number of Restrictions read-only-paths patterns."`
	InvalidPatterns      int32 `col:"invalid_patterns" doc:"Number of path patterns of any list that are of no form of §9.1 and are ignored."`

	RequireAgentHeader bool   `col:"require_agent_header" doc:"Agent Identification require-agent-header (default false)."`
	AgentHeaderName    string `col:"agent_header_name" doc:"Agent Identification agent-header-name (default X-Agent-Identity)."`
	RequireDisclosure  bool   `col:"require_disclosure" doc:"Agent Identification require-disclosure (default false)."`

	ExplicitKeys      []string `col:"explicit_keys" doc:"Every key of the specification the file sets to a valid value, and every custom Allowed Actions key (§8.2), as section.key (identity.site, allowed-actions.make-purchases, rate-limits.requests-per-hour, ...): which fields of the specification are used. Listed section by section in the order of §5 (identity, trust-requirements, allowed-actions, rate-limits, data-handling, restrictions, agent-identification), whatever the order of the sections in the file; in file order within a section. Other x- and unknown keys are in unknown_keys."`
	Sections          []string `col:"sections" doc:"Kinds of the defined sections present, in file order, without repeats: identity, trust-requirements, allowed-actions, rate-limits, data-handling, restrictions, agent-identification."`
	SectionNames      []string `col:"section_names" doc:"Every ## heading as written, in file order, duplicates, extension and unknown sections included."`
	DuplicateSections int32    `col:"duplicate_sections" doc:"Number of sections ignored because an earlier one of the same name stands."`
	ExtensionSections int32    `col:"extension_sections" doc:"Number of x- extension sections (§4.7)."`
	UnknownSections   int32    `col:"unknown_sections" doc:"Number of sections of another name."`
	Extensions        JSON     `col:"extensions" doc:"Directives of the x- and unknown sections as a JSON object: normalized section name to an object of key to value (§4.7, §6.7); null when there is none."`
	UnknownKeys       JSON     `col:"unknown_keys" doc:"Unknown and x- keys of the defined sections as a JSON object: section kind to an object of key to value (§6.7); null when there is none. The Allowed Actions section has none here: its custom keys, x- or not, are in custom_actions."`
}

// AgentsMDPathRow is one path pattern of an AGENTS.md Restrictions list.
type AgentsMDPathRow struct {
	CrawlID      string `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string `col:"domain" doc:"Domain the file belongs to."`
	Location     string `col:"location" doc:"Registry location of the file: agents-md or agents-md-wk."`
	List         string `col:"list" doc:"The Restrictions list: disallowed-paths, require-human-approval or read-only-paths (§5.6)."`
	PatternIndex int32  `col:"pattern_index" doc:"0-based position of the pattern in its list."`
	Pattern      string `col:"pattern" doc:"The pattern as written."`
	Line         int32  `col:"line" doc:"1-based line of the directive holding the pattern."`
	Form         string `col:"form" doc:"Pattern form of §9.1: exact (one path), one-segment (a prefix ending in slash-star: one path segment below it), any-depth (slash-star-star: any depth below), extension (star-dot-extension: paths ending so) or invalid."`
	Valid        bool   `col:"valid" doc:"False for a pattern of no form of §9.1, which is ignored when evaluating."`
}

// agentsMDRows flattens an AGENTS.md document: the policy and its path
// patterns.
func agentsMDRows(key DocKey, doc extract.Document) []Rows {
	r, ok := doc.Result.(*agentsmd.Result)
	if !ok || r == nil {
		return nil
	}
	row := AgentsMDRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: doc.Effective, OtherFormat: r.OtherFormat, Title: r.Title,

		IdentityLine: optLine(r.Identity.Line), Site: optString(r.Identity.Site),
		Contact: optString(r.Identity.Contact), LastUpdated: optString(r.Identity.LastUpdated),
		SpecVersion: optString(r.Identity.SpecVersion),

		MinimumTrustLevel:     optInt32(r.TrustRequirements.MinimumTrustLevel),
		Authentication:        r.TrustRequirements.Authentication,
		AuthenticationMethods: r.TrustRequirements.AuthenticationMethods,

		CustomActions: jsonValue(r.AllowedActions.Custom),
		Allowed:       r.AllowedActions.AllowedKeys(),

		RequestsPerMinute:  r.RateLimits.RequestsPerMinute,
		RequestsPerHour:    r.RateLimits.RequestsPerHour,
		ConcurrentSessions: r.RateLimits.ConcurrentSessions,

		PersonalDataCollection: optString(r.DataHandling.PersonalDataCollection),
		DataRetention:          optString(r.DataHandling.DataRetention),
		ThirdPartySharing:      optString(r.DataHandling.ThirdPartySharing),
		GDPRCompliance:         r.DataHandling.GDPRCompliance,

		RequireAgentHeader: r.AgentIdentification.RequireAgentHeader,
		AgentHeaderName:    r.AgentIdentification.AgentHeaderName,
		RequireDisclosure:  r.AgentIdentification.RequireDisclosure,

		Extensions: jsonValue(r.Extensions),
	}
	a := &r.AllowedActions
	for _, act := range []struct {
		key   string
		value bool
		col   **bool
	}{
		{"read-content", a.ReadContent, &row.ReadContent},
		{"submit-forms", a.SubmitForms, &row.SubmitForms},
		{"make-purchases", a.MakePurchases, &row.MakePurchases},
		{"modify-account", a.ModifyAccount, &row.ModifyAccount},
		{"access-api", a.AccessAPI, &row.AccessAPI},
		{"download-files", a.DownloadFiles, &row.DownloadFiles},
		{"upload-files", a.UploadFiles, &row.UploadFiles},
		{"send-messages", a.SendMessages, &row.SendMessages},
		{"delete-data", a.DeleteData, &row.DeleteData},
		{"create-content", a.CreateContent, &row.CreateContent},
	} {
		if slices.Contains(a.Explicit, act.key) {
			v := act.value
			*act.col = &v
		}
	}
	unknown := map[string]map[string]string{}
	for _, s := range []struct {
		kind     agentsmd.SectionKind
		explicit []string
		extra    map[string]string
	}{
		{agentsmd.KindIdentity, r.Identity.Explicit, r.Identity.Extra},
		{agentsmd.KindTrustRequirements, r.TrustRequirements.Explicit, r.TrustRequirements.Extra},
		{agentsmd.KindAllowedActions, a.Explicit, nil},
		{agentsmd.KindRateLimits, r.RateLimits.Explicit, r.RateLimits.Extra},
		{agentsmd.KindDataHandling, r.DataHandling.Explicit, r.DataHandling.Extra},
		{agentsmd.KindRestrictions, r.Restrictions.Explicit, r.Restrictions.Extra},
		{agentsmd.KindAgentIdentification, r.AgentIdentification.Explicit, r.AgentIdentification.Extra},
	} {
		for _, k := range s.explicit {
			row.ExplicitKeys = append(row.ExplicitKeys, string(s.kind)+"."+k)
		}
		if len(s.extra) > 0 {
			unknown[string(s.kind)] = s.extra
		}
	}
	row.UnknownKeys = jsonValue(unknown)
	row.Sections, row.SectionNames = []string{}, make([]string, 0, len(r.Sections))
	for _, s := range r.Sections {
		row.SectionNames = append(row.SectionNames, s.Name)
		switch {
		case s.Duplicate:
			row.DuplicateSections++
		case s.Kind == agentsmd.KindExtension:
			row.ExtensionSections++
		case s.Kind == agentsmd.KindUnknown:
			row.UnknownSections++
		case !slices.Contains(row.Sections, string(s.Kind)):
			row.Sections = append(row.Sections, string(s.Kind))
		}
	}
	var paths []AgentsMDPathRow
	for _, list := range []struct {
		name     string
		patterns []agentsmd.Pattern
		count    *int32
	}{
		{agentsmd.RuleDisallowedPaths, r.Restrictions.DisallowedPaths, &row.DisallowedPaths},
		{agentsmd.RuleRequireHumanApproval, r.Restrictions.RequireHumanApproval, &row.RequireHumanApproval},
		{agentsmd.RuleReadOnlyPaths, r.Restrictions.ReadOnlyPaths, &row.ReadOnlyPaths},
	} {
		*list.count = i32(len(list.patterns))
		for i, p := range list.patterns {
			valid := p.Form != agentsmd.FormInvalid
			if !valid {
				row.InvalidPatterns++
			}
			paths = append(paths, AgentsMDPathRow{
				CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
				List: list.name, PatternIndex: i32(i), Pattern: p.Text, Line: i32(p.Line),
				Form: string(p.Form), Valid: valid,
			})
		}
	}
	out := appendRows(nil, TableAgentsMD, []AgentsMDRow{row})
	return appendRows(out, TableAgentsMDPaths, paths)
}
