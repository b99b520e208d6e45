package agentsmd

import "sort"

// Result is a parsed AGENTS.md file: every section of §5 as a typed value
// with the defaults of §5 and §6.6 applied, the section list, and the
// extension data §4.7 and §6.7 ask parsers to preserve. It is JSON-encodable.
type Result struct {
	// Title is the text of the level-1 heading the file starts with
	// ("AGENTS.md" in a conforming file); empty when there is none.
	Title string `json:"title,omitempty"`
	// OtherFormat is non-empty when the file plainly follows another
	// convention; the only value is "coding-agent-instructions".
	OtherFormat string `json:"other_format,omitempty"`
	// Effective labels the file's role (see the Effective* constants). It is
	// copied into the extract.Document and not encoded here.
	Effective string `json:"-"`

	// Sections lists every `## ` section in file order, including unknown,
	// extension and duplicate ones.
	Sections []Section `json:"sections"`

	Identity            Identity            `json:"identity"`
	TrustRequirements   TrustRequirements   `json:"trust_requirements"`
	AllowedActions      AllowedActions      `json:"allowed_actions"`
	RateLimits          RateLimits          `json:"rate_limits"`
	DataHandling        DataHandling        `json:"data_handling"`
	Restrictions        Restrictions        `json:"restrictions"`
	AgentIdentification AgentIdentification `json:"agent_identification"`

	// Extensions holds the directives of the sections the specification
	// does not define (`x-` extensions and unknown sections), by normalized
	// section name (lower case) and key. The first section of a name and the
	// first value of a key stand.
	Extensions map[string]map[string]string `json:"extensions,omitempty"`
}

// The Effective labels.
const (
	// EffectivePolicy: a valid policy. It is the effective policy of its
	// host unless another label says otherwise (whether an agent may use it
	// depends on how it was fetched; see Candidate).
	EffectivePolicy = "policy"
	// EffectiveSupersededByRoot: a valid /.well-known/agents.md whose host
	// also serves a usable policy at /AGENTS.md, which takes precedence (§3.1).
	EffectiveSupersededByRoot = "superseded-by-root"
	// EffectiveInvalid: no Identity section (§6.8); no policy, so agents
	// apply the permissive defaults of §3.2 step 3.
	EffectiveInvalid = "invalid"
	// EffectiveOtherFormat: not an AGENTS.md policy at all (a coding-agent
	// instruction file).
	EffectiveOtherFormat = "other-format"
)

// OtherFormatCodingAgent is the OtherFormat of a coding-agent instruction
// file: the repository convention of build, test and style notes for coding
// agents that shares the AGENTS.md name.
const OtherFormatCodingAgent = "coding-agent-instructions"

// SectionKind says which section of §5 a section is.
type SectionKind string

// The section kinds.
const (
	KindIdentity            SectionKind = "identity"             // §5.1
	KindTrustRequirements   SectionKind = "trust-requirements"   // §5.2
	KindAllowedActions      SectionKind = "allowed-actions"      // §5.3
	KindRateLimits          SectionKind = "rate-limits"          // §5.4
	KindDataHandling        SectionKind = "data-handling"        // §5.5
	KindRestrictions        SectionKind = "restrictions"         // §5.6
	KindAgentIdentification SectionKind = "agent-identification" // §5.7
	KindExtension           SectionKind = "extension"            // an `x-` section (§4.7)
	KindUnknown             SectionKind = "unknown"              // any other name
)

// Section is one `## ` section of the file.
type Section struct {
	// Name is the heading text as written, trimmed (§6.1).
	Name string `json:"name"`
	// Key is the name normalized for comparison: lower case, runs of white
	// space collapsed to one space (§4.6).
	Key  string      `json:"key"`
	Kind SectionKind `json:"kind"`
	// Line is the line of the heading.
	Line int `json:"line"`
	// Duplicate is true when an earlier section of the same name stands and
	// this one is ignored.
	Duplicate bool `json:"duplicate,omitempty"`
	// Directives are the section's `- key: value` lines in order.
	Directives []Directive `json:"directives,omitempty"`
}

// Directive is one `- key: value` line (§6.2).
type Directive struct {
	// Key is normalized: trimmed and lower case.
	Key string `json:"key"`
	// Value is trimmed; invalid UTF-8 is replaced by U+FFFD.
	Value string `json:"value"`
	Line  int    `json:"line"`
}

// Identity is the Identity section (§5.1), the one required section.
type Identity struct {
	// Line is the line of the section heading; 0 when the file has none.
	Line int `json:"line"`
	// Site is the domain name of the web property, as written.
	Site string `json:"site,omitempty"`
	// Contact is the email address for AI policy inquiries, as written.
	Contact string `json:"contact,omitempty"`
	// LastUpdated is the date of the last update, as written.
	LastUpdated string `json:"last_updated,omitempty"`
	// SpecVersion is the specification version the file targets (§13.2).
	SpecVersion string `json:"spec_version,omitempty"`
	// Explicit lists the defined keys given a valid value, in file order.
	Explicit []string `json:"explicit,omitempty"`
	// Extra holds unknown and `x-` keys (§6.7).
	Extra map[string]string `json:"extra,omitempty"`
}

// Authentication values (§5.2).
const (
	AuthRequired = "required"
	AuthOptional = "optional"
	AuthNone     = "none"
)

// TrustRequirements is the Trust Requirements section (§5.2) with its
// defaults applied.
type TrustRequirements struct {
	Line int `json:"line"`
	// MinimumTrustLevel is 0–5 (§7); default 0 when the file does not set
	// it. It is nil when the file sets a value that is not an integer in
	// 0–5: §6.4 omits such a field, "not defaulted to 0, since 0 has a
	// specific meaning".
	MinimumTrustLevel *int `json:"minimum_trust_level,omitempty"`
	// Authentication is "required", "optional" or "none"; default "none".
	Authentication string `json:"authentication"`
	// AuthenticationMethods are the accepted methods, as written (§6.5).
	AuthenticationMethods []string          `json:"authentication_methods,omitempty"`
	Explicit              []string          `json:"explicit,omitempty"`
	Extra                 map[string]string `json:"extra,omitempty"`
}

// AllowedActions is the Allowed Actions section (§5.3, §8) with its
// defaults applied: read-content defaults to true, every other action to
// false. Explicit records which actions the file set.
type AllowedActions struct {
	Line          int  `json:"line"`
	ReadContent   bool `json:"read_content"`
	SubmitForms   bool `json:"submit_forms"`
	MakePurchases bool `json:"make_purchases"`
	ModifyAccount bool `json:"modify_account"`
	AccessAPI     bool `json:"access_api"`
	DownloadFiles bool `json:"download_files"`
	UploadFiles   bool `json:"upload_files"`
	SendMessages  bool `json:"send_messages"`
	DeleteData    bool `json:"delete_data"`
	CreateContent bool `json:"create_content"`
	// Custom holds the custom action keys (§8.2) with their boolean value
	// (false when the value was not a boolean).
	Custom map[string]bool `json:"custom,omitempty"`
	// Explicit lists the action keys (standard and custom) given a valid
	// boolean, in file order.
	Explicit []string `json:"explicit,omitempty"`
}

// StandardActions returns the action keys of §8.1 in the specification's
// order.
func StandardActions() []string {
	return []string{
		"read-content", "submit-forms", "make-purchases", "modify-account", "access-api",
		"download-files", "upload-files", "send-messages", "delete-data", "create-content",
	}
}

// field returns the field of a standard action key, or nil.
func (a *AllowedActions) field(key string) *bool {
	switch key {
	case "read-content":
		return &a.ReadContent
	case "submit-forms":
		return &a.SubmitForms
	case "make-purchases":
		return &a.MakePurchases
	case "modify-account":
		return &a.ModifyAccount
	case "access-api":
		return &a.AccessAPI
	case "download-files":
		return &a.DownloadFiles
	case "upload-files":
		return &a.UploadFiles
	case "send-messages":
		return &a.SendMessages
	case "delete-data":
		return &a.DeleteData
	case "create-content":
		return &a.CreateContent
	}
	return nil
}

// Allowed reports whether the action key (standard or custom, lower case)
// is allowed, with the default of §5.3 for a key the file does not set.
func (a AllowedActions) Allowed(key string) bool {
	if f := a.field(key); f != nil {
		return *f
	}
	return a.Custom[key]
}

// AllowedKeys returns the allowed actions: the standard ones in the order of
// §8.1, then the custom ones sorted.
func (a AllowedActions) AllowedKeys() []string {
	out := []string{}
	for _, k := range StandardActions() {
		if a.Allowed(k) {
			out = append(out, k)
		}
	}
	var custom []string
	for k, v := range a.Custom {
		if v {
			custom = append(custom, k)
		}
	}
	sort.Strings(custom)
	return append(out, custom...)
}

// RateLimits is the Rate Limits section (§5.4). A nil field is not set (no
// limit requested); a field set to 0 means "no limit" explicitly.
type RateLimits struct {
	Line               int               `json:"line"`
	RequestsPerMinute  *int64            `json:"requests_per_minute,omitempty"`
	RequestsPerHour    *int64            `json:"requests_per_hour,omitempty"`
	ConcurrentSessions *int64            `json:"concurrent_sessions,omitempty"`
	Explicit           []string          `json:"explicit,omitempty"`
	Extra              map[string]string `json:"extra,omitempty"`
}

// DataHandling is the Data Handling section (§5.5). Every field is
// undefined (empty or nil) unless the file sets it (§6.6); enumerated values
// are lower case.
type DataHandling struct {
	Line int `json:"line"`
	// PersonalDataCollection is none, minimal, standard or extensive.
	PersonalDataCollection string `json:"personal_data_collection,omitempty"`
	// DataRetention is none, session-only, 30-days, 1-year or indefinite.
	DataRetention string `json:"data_retention,omitempty"`
	// ThirdPartySharing is none, anonymized, with-consent or unrestricted.
	ThirdPartySharing string            `json:"third_party_sharing,omitempty"`
	GDPRCompliance    *bool             `json:"gdpr_compliance,omitempty"`
	Explicit          []string          `json:"explicit,omitempty"`
	Extra             map[string]string `json:"extra,omitempty"`
}

// Restrictions is the Restrictions section (§5.6): three lists of path
// patterns (§9). Patterns that cannot be used have Form FormInvalid and are
// kept so that they can be counted.
type Restrictions struct {
	Line                 int               `json:"line"`
	DisallowedPaths      []Pattern         `json:"disallowed_paths,omitempty"`
	RequireHumanApproval []Pattern         `json:"require_human_approval,omitempty"`
	ReadOnlyPaths        []Pattern         `json:"read_only_paths,omitempty"`
	Explicit             []string          `json:"explicit,omitempty"`
	Extra                map[string]string `json:"extra,omitempty"`
}

// DefaultAgentHeaderName is the default of agent-header-name (§5.7).
const DefaultAgentHeaderName = "X-Agent-Identity"

// AgentIdentification is the Agent Identification section (§5.7) with its
// defaults applied.
type AgentIdentification struct {
	Line               int               `json:"line"`
	RequireAgentHeader bool              `json:"require_agent_header"`
	AgentHeaderName    string            `json:"agent_header_name"`
	RequireDisclosure  bool              `json:"require_disclosure"`
	Explicit           []string          `json:"explicit,omitempty"`
	Extra              map[string]string `json:"extra,omitempty"`
}

// newResult returns a Result holding the defaults of §6.6.
func newResult() *Result {
	return &Result{
		Sections:            []Section{},
		TrustRequirements:   TrustRequirements{MinimumTrustLevel: new(int), Authentication: AuthNone},
		AllowedActions:      AllowedActions{ReadContent: true},
		AgentIdentification: AgentIdentification{AgentHeaderName: DefaultAgentHeaderName},
	}
}

// directiveLine returns the line of key in the first section of kind, or 0.
func (r *Result) directiveLine(kind SectionKind, key string) int {
	for _, s := range r.Sections {
		if s.Kind != kind || s.Duplicate {
			continue
		}
		for _, d := range s.Directives {
			if d.Key == key {
				return d.Line
			}
		}
		return 0
	}
	return 0
}
