package agentsmd

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestParse_Section5_1_IdentityExample parses the example of §5.1.
func TestParse_Section5_1_IdentityExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n- contact: ai-policy@example.com\n- last-updated: 2026-03-15\n")
	wantCodes(t, diags)
	want := Identity{Line: 3, Site: "example.com", Contact: "ai-policy@example.com", LastUpdated: "2026-03-15",
		Explicit: []string{"site", "contact", "last-updated"}}
	if !reflect.DeepEqual(res.Identity, want) {
		t.Errorf("Identity = %+v, want %+v", res.Identity, want)
	}
	if res.Effective != EffectivePolicy || res.Title != "AGENTS.md" {
		t.Errorf("Effective %q Title %q", res.Effective, res.Title)
	}
}

// TestParse_Section5_1_SiteRequired: `site` is REQUIRED (§5.1); its absence
// is a warning, not an error (§6.8).
func TestParse_Section5_1_SiteRequired(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- contact: ai@example.com\n")
	wantCodes(t, diags, "3:missing-site")
	if res.Effective != EffectivePolicy {
		t.Errorf("Effective = %q", res.Effective)
	}
	// A site without a value is missing: it has no default to keep.
	_, diags = parse(t, "# AGENTS.md\n\n## Identity\n- site:\n")
	wantCodes(t, diags, "4:missing-site")
	_, diags = parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n- contact:\n")
	wantCodes(t, diags, "5:empty-value")
}

// TestParse_Section5_1_SiteValues: `site` is "the domain name of the web
// property (without protocol)".
func TestParse_Section5_1_SiteValues(t *testing.T) {
	tests := []struct {
		site string
		want []string
	}{
		{"example.com", nil},
		{"shop.example.co.uk", nil},
		{"bücher.example", nil},
		{"example.com:8443", nil},
		{"192.0.2.10", nil},
		{"https://example.com", []string{"4:invalid-site"}},
		{"example.com/agents", []string{"4:invalid-site"}},
		{"Example Corp", []string{"4:invalid-site"}},
		{"localhost", []string{"4:invalid-site"}},
	}
	for _, tt := range tests {
		res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: "+tt.site+"\n")
		wantCodes(t, diags, tt.want...)
		if res.Identity.Site != tt.site {
			t.Errorf("Site = %q, want it kept as written %q", res.Identity.Site, tt.site)
		}
	}
}

// TestParse_Section3_4_SiteMismatch: the file applies to its own host only
// (§3.4, §11.5); a site naming another host is recorded as an info.
func TestParse_Section3_4_SiteMismatch(t *testing.T) {
	body := []byte("# AGENTS.md\n\n## Identity\n- site: example.com\n")
	for host, want := range map[string][]string{
		"example.com":      nil,
		"www.example.com":  nil,
		"EXAMPLE.COM:8443": nil,
		"shop.example.com": {"4:site-mismatch"},
		"example.org":      {"4:site-mismatch"},
	} {
		_, diags := Parse(body, Source{Host: host})
		wantCodes(t, diags, want...)
	}
}

// TestParse_Section5_1_ContactAndDate checks the formats of contact (an
// email address) and last-updated (an ISO 8601 date).
func TestParse_Section5_1_ContactAndDate(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"- contact: ai-policy@example.com", nil},
		{"- contact: AI Policy <ai-policy@example.com>", nil},
		{"- contact: mailto:ai@example.com", []string{"5:invalid-contact"}},
		{"- contact: https://example.com/contact", []string{"5:invalid-contact"}},
		{"- contact: the legal team", []string{"5:invalid-contact"}},
		{"- last-updated: 2026-03-15", nil},
		{"- last-updated: 2026-03-15T10:00:00Z", nil},
		{"- last-updated: 2026-03-15t10:00:00z", nil},      // RFC 3339 §5.6: t and z may be lower case
		{"- last-updated: 2026-03-15 10:00:00+01:00", nil}, // and T a space
		{"- last-updated: 2026-03-15T10:00:00", []string{"5:invalid-date"}},
		{"- last-updated: 2026-W11-7", []string{"5:invalid-date"}},
		{"- last-updated: 2026-02-30", []string{"5:invalid-date"}},
		{"- last-updated: 15/03/2026", []string{"5:invalid-date"}},
		{"- last-updated: March 2026", []string{"5:invalid-date"}},
	}
	for _, tt := range tests {
		_, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n"+tt.line+"\n")
		wantCodes(t, diags, tt.want...)
	}
}

// TestParse_Section5_2_TrustRequirementsExample parses the example of §5.2.
func TestParse_Section5_2_TrustRequirementsExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Trust Requirements\n- minimum-trust-level: 2\n- authentication: required\n- authentication-methods: oauth2, api-key\n")
	wantCodes(t, diags)
	want := TrustRequirements{Line: 6, MinimumTrustLevel: ptr(2), Authentication: AuthRequired,
		AuthenticationMethods: []string{"oauth2", "api-key"},
		Explicit:              []string{"minimum-trust-level", "authentication", "authentication-methods"}}
	if !reflect.DeepEqual(res.TrustRequirements, want) {
		t.Errorf("TrustRequirements = %+v, want %+v", res.TrustRequirements, want)
	}
}

// TestParse_Section5_2_TrustLevelRange: minimum-trust-level is an integer
// 0–5 (§5.2, §7); a value outside, or one that is not an integer, is a
// warning and the field is omitted, "not defaulted to 0, since 0 has a
// specific meaning" (§6.4): it is nil in the result, absent from its JSON
// and from the summary's. A file that does not set it gets the default 0
// (§5.2, §6.6).
func TestParse_Section5_2_TrustLevelRange(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  *int
		diag  string
	}{
		{"0", ptr(0), ""}, {"5", ptr(5), ""},
		{"6", nil, "5:out-of-range"}, {"-1", nil, "5:out-of-range"}, {"99999999999999999999", nil, "5:out-of-range"},
		{"high", nil, "5:invalid-integer"}, {"2.0", nil, "5:invalid-integer"}, {"+2", nil, "5:invalid-integer"},
	} {
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Trust Requirements\n- minimum-trust-level: "+tt.value+"\n")
		if got := res.TrustRequirements.MinimumTrustLevel; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: level %v, want %v", tt.value, deref(got), deref(tt.want))
		}
		if tt.diag == "" {
			wantCodes(t, diags)
		} else {
			wantCodes(t, diags, tt.diag)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		s, err := json.Marshal(res.Summary())
		if err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(string(b), `"minimum_trust_level"`) && strings.Contains(string(s), `"minimum_trust_level"`); has != (tt.want != nil) {
			t.Errorf("%s: minimum_trust_level in the JSON result %s and summary %s, want it there: %v", tt.value, b, s, tt.want != nil)
		}
	}
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n")
	if got := res.TrustRequirements.MinimumTrustLevel; got == nil || *got != 0 || res.Summary().MinimumTrustLevel == nil {
		t.Errorf("no minimum-trust-level: level %v, want the default 0", deref(got))
	}
}

// deref formats an optional integer for a message.
func deref(p *int) string {
	if p == nil {
		return "omitted"
	}
	return strconv.Itoa(*p)
}

// TestParse_Section5_2_AuthenticationEnum: authentication is one of
// required, optional, none (case-insensitive, §4.6); default none.
func TestParse_Section5_2_AuthenticationEnum(t *testing.T) {
	for value, want := range map[string]string{"required": "required", "Optional": "optional", "NONE": "none", "mandatory": "none"} {
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Trust Requirements\n- authentication: "+value+"\n")
		if res.TrustRequirements.Authentication != want {
			t.Errorf("%s: %q, want %q", value, res.TrustRequirements.Authentication, want)
		}
		if value == "mandatory" {
			wantCodes(t, diags, "5:invalid-enum")
		} else {
			wantCodes(t, diags)
		}
	}
}

// TestParse_Section5_3_AllowedActionsExample parses the example of §5.3.
func TestParse_Section5_3_AllowedActionsExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Allowed Actions\n- read-content: true\n- submit-forms: false\n- make-purchases: false\n- modify-account: false\n- access-api: true\n")
	wantCodes(t, diags)
	want := AllowedActions{Line: 6, ReadContent: true, AccessAPI: true,
		Explicit: []string{"read-content", "submit-forms", "make-purchases", "modify-account", "access-api"}}
	if !reflect.DeepEqual(res.AllowedActions, want) {
		t.Errorf("AllowedActions = %+v, want %+v", res.AllowedActions, want)
	}
	if got := res.AllowedActions.AllowedKeys(); !slices.Equal(got, []string{"read-content", "access-api"}) {
		t.Errorf("AllowedKeys = %q", got)
	}
}

// TestParse_Section5_3_Defaults: "Default for any unspecified action is
// false unless the key is read-content, which defaults to true."
func TestParse_Section5_3_Defaults(t *testing.T) {
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Allowed Actions\n- delete-data: yes\n")
	want := AllowedActions{Line: 4, ReadContent: true, DeleteData: true, Explicit: []string{"delete-data"}}
	if !reflect.DeepEqual(res.AllowedActions, want) {
		t.Errorf("AllowedActions = %+v, want %+v", res.AllowedActions, want)
	}
	for _, k := range StandardActions() {
		if got, want := res.AllowedActions.Allowed(k), k == "read-content" || k == "delete-data"; got != want {
			t.Errorf("Allowed(%s) = %v", k, got)
		}
	}
	if res.AllowedActions.Allowed("x-unset") {
		t.Error("an unset custom action is allowed")
	}
}

// TestParse_Section5_3_CustomActions: "Parsers MUST NOT reject files with
// unrecognized action keys"; custom keys SHOULD be prefixed with x- (§8.2).
func TestParse_Section5_3_CustomActions(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Allowed Actions\n- x-summarize: yes\n- scrape: on\n- x-train: perhaps\n")
	wantCodes(t, diags, "5:extension-key", "6:unknown-key", "7:extension-key", "7:invalid-boolean")
	if want := map[string]bool{"x-summarize": true, "scrape": true, "x-train": false}; !reflect.DeepEqual(res.AllowedActions.Custom, want) {
		t.Errorf("Custom = %v", res.AllowedActions.Custom)
	}
	if !slices.Equal(res.AllowedActions.Explicit, []string{"x-summarize", "scrape"}) {
		t.Errorf("Explicit = %q", res.AllowedActions.Explicit)
	}
	if got := res.AllowedActions.AllowedKeys(); !slices.Equal(got, []string{"read-content", "scrape", "x-summarize"}) {
		t.Errorf("AllowedKeys = %q", got)
	}
	if res.Effective != EffectivePolicy {
		t.Errorf("Effective = %q", res.Effective)
	}
}

// TestParse_Section8_1_StandardActionKeys: the ten keys of §8.1 are
// recognised without diagnostics.
func TestParse_Section8_1_StandardActionKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString("# AGENTS.md\n## Identity\n- site: example.com\n## Allowed Actions\n")
	for _, k := range StandardActions() {
		b.WriteString("- " + k + ": true\n")
	}
	res, diags := parse(t, b.String())
	wantCodes(t, diags)
	if !slices.Equal(res.AllowedActions.AllowedKeys(), StandardActions()) {
		t.Errorf("AllowedKeys = %q", res.AllowedActions.AllowedKeys())
	}
}

// TestParse_Section5_4_RateLimitsExample parses the example of §5.4.
func TestParse_Section5_4_RateLimitsExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Rate Limits\n- requests-per-minute: 30\n- requests-per-hour: 500\n- concurrent-sessions: 3\n")
	wantCodes(t, diags)
	want := RateLimits{Line: 6, RequestsPerMinute: ptr[int64](30), RequestsPerHour: ptr[int64](500), ConcurrentSessions: ptr[int64](3),
		Explicit: []string{"requests-per-minute", "requests-per-hour", "concurrent-sessions"}}
	if !reflect.DeepEqual(res.RateLimits, want) {
		t.Errorf("RateLimits = %+v, want %+v", res.RateLimits, want)
	}
}

// TestParse_Section5_4_ZeroAndNegative: "A value of 0 MUST be interpreted
// as no limit" (kept as an explicit 0); a negative value is a warning and
// the field is omitted (README).
func TestParse_Section5_4_ZeroAndNegative(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Rate Limits\n- requests-per-minute: 0\n- requests-per-hour: -5\n")
	wantCodes(t, diags, "6:negative-rate-limit")
	if res.RateLimits.RequestsPerMinute == nil || *res.RateLimits.RequestsPerMinute != 0 {
		t.Errorf("RequestsPerMinute = %v, want explicit 0", res.RateLimits.RequestsPerMinute)
	}
	if res.RateLimits.RequestsPerHour != nil {
		t.Errorf("RequestsPerHour = %d, want omitted", *res.RateLimits.RequestsPerHour)
	}
	b, err := json.Marshal(res.RateLimits)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"line":4,"requests_per_minute":0,"explicit":["requests-per-minute"]}`; string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
}

// TestParse_Section5_5_DataHandlingExample parses the example of §5.5.
func TestParse_Section5_5_DataHandlingExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Data Handling\n- personal-data-collection: minimal\n- data-retention: session-only\n- third-party-sharing: none\n- gdpr-compliance: true\n")
	wantCodes(t, diags)
	want := DataHandling{Line: 6, PersonalDataCollection: "minimal", DataRetention: "session-only", ThirdPartySharing: "none", GDPRCompliance: ptr(true),
		Explicit: []string{"personal-data-collection", "data-retention", "third-party-sharing", "gdpr-compliance"}}
	if !reflect.DeepEqual(res.DataHandling, want) {
		t.Errorf("DataHandling = %+v, want %+v", res.DataHandling, want)
	}
}

// TestParse_Section5_5_EnumValues: every value of the §5.5 table is
// accepted in any case; another value is a warning and leaves the field
// undefined.
func TestParse_Section5_5_EnumValues(t *testing.T) {
	for _, key := range []string{"personal-data-collection", "data-retention", "third-party-sharing"} {
		for _, v := range enumValues(key) {
			res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Data Handling\n- "+key+": "+strings.ToUpper(v)+"\n")
			wantCodes(t, diags)
			got := map[string]string{"personal-data-collection": res.DataHandling.PersonalDataCollection,
				"data-retention": res.DataHandling.DataRetention, "third-party-sharing": res.DataHandling.ThirdPartySharing}[key]
			if got != v {
				t.Errorf("%s: %s, want %s", key, got, v)
			}
		}
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Data Handling\n- "+key+": forever\n")
		wantCodes(t, diags, "5:invalid-enum")
		if !reflect.DeepEqual(res.DataHandling, DataHandling{Line: 4}) {
			t.Errorf("%s: DataHandling = %+v, want undefined", key, res.DataHandling)
		}
	}
}

// TestParse_Section5_6_RestrictionsExample parses the example of §5.6.
func TestParse_Section5_6_RestrictionsExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Restrictions\n- disallowed-paths: /admin/*, /internal/*\n- require-human-approval: /checkout/*, /account/delete\n- read-only-paths: /blog/*, /docs/*\n")
	wantCodes(t, diags)
	want := Restrictions{Line: 6,
		DisallowedPaths:      []Pattern{{"/admin/*", 7, FormOneSegment}, {"/internal/*", 7, FormOneSegment}},
		RequireHumanApproval: []Pattern{{"/checkout/*", 8, FormOneSegment}, {"/account/delete", 8, FormExact}},
		ReadOnlyPaths:        []Pattern{{"/blog/*", 9, FormOneSegment}, {"/docs/*", 9, FormOneSegment}},
		Explicit:             []string{"disallowed-paths", "require-human-approval", "read-only-paths"}}
	if !reflect.DeepEqual(res.Restrictions, want) {
		t.Errorf("Restrictions = %+v, want %+v", res.Restrictions, want)
	}
}

// TestParse_Section5_7_AgentIdentificationExample parses the example of §5.7.
func TestParse_Section5_7_AgentIdentificationExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Agent Identification\n- require-agent-header: true\n- agent-header-name: X-Agent-Identity\n- require-disclosure: true\n")
	wantCodes(t, diags)
	want := AgentIdentification{Line: 6, RequireAgentHeader: true, AgentHeaderName: "X-Agent-Identity", RequireDisclosure: true,
		Explicit: []string{"require-agent-header", "agent-header-name", "require-disclosure"}}
	if !reflect.DeepEqual(res.AgentIdentification, want) {
		t.Errorf("AgentIdentification = %+v, want %+v", res.AgentIdentification, want)
	}
}

// TestParse_Section5_7_HeaderName: agent-header-name defaults to
// X-Agent-Identity; an invalid HTTP field name is a warning and keeps it.
func TestParse_Section5_7_HeaderName(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Agent Identification\n- agent-header-name: X-Bot-Id\n")
	wantCodes(t, diags)
	if res.AgentIdentification.AgentHeaderName != "X-Bot-Id" {
		t.Errorf("AgentHeaderName = %q", res.AgentIdentification.AgentHeaderName)
	}
	res, diags = parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Agent Identification\n- agent-header-name: X Agent: Id\n")
	wantCodes(t, diags, "5:invalid-header-name")
	if res.AgentIdentification.AgentHeaderName != DefaultAgentHeaderName {
		t.Errorf("AgentHeaderName = %q", res.AgentIdentification.AgentHeaderName)
	}
}

// TestParse_Section4_3_TopLevelStructureExample parses the example of §4.3,
// whose section "SectionName" is not one the specification defines. With
// no Identity and no directive of the specification, the example on its
// own is another format (specs README: AGENTS.md), though its section is
// parsed and kept all the same.
func TestParse_Section4_3_TopLevelStructureExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## SectionName\n- key: value\n- another-key: another value\n")
	wantCodes(t, diags, "0:coding-agent-instructions")
	want := []Section{{Name: "SectionName", Key: "sectionname", Kind: KindUnknown, Line: 3,
		Directives: []Directive{{"key", "value", 4}, {"another-key", "another value", 5}}}}
	if !reflect.DeepEqual(res.Sections, want) {
		t.Errorf("Sections = %+v, want %+v", res.Sections, want)
	}
	if want := map[string]map[string]string{"sectionname": {"key": "value", "another-key": "another value"}}; !reflect.DeepEqual(res.Extensions, want) {
		t.Errorf("Extensions = %v", res.Extensions)
	}
	if res.Effective != EffectiveOtherFormat {
		t.Errorf("Effective = %q", res.Effective)
	}
	_, diags = parse(t, "# AGENTS.md\n\n## SectionName\n- key: value\n- another-key: another value\n## Identity\n- site: example.com\n")
	wantCodes(t, diags, "3:unknown-section")
}

// TestParse_Section4_3_Title: the required top-level heading `# AGENTS.md`.
func TestParse_Section4_3_Title(t *testing.T) {
	tests := []struct {
		body  string
		title string
		want  []string
	}{
		{"# AGENTS.md\n## Identity\n- site: example.com\n", "AGENTS.md", nil},
		{"# agents.md\n## Identity\n- site: example.com\n", "agents.md", nil},
		{"\n\n# AGENTS.md  \n## Identity\n- site: example.com\n", "AGENTS.md", nil},
		{"# Agent policy\n## Identity\n- site: example.com\n", "Agent policy", []string{"1:nonstandard-title"}},
		{"#\n## Identity\n- site: example.com\n", "", []string{"1:nonstandard-title"}},
		{"## Identity\n- site: example.com\n", "", []string{"1:missing-title"}},
		{"AGENTS.md\n## Identity\n- site: example.com\n", "", []string{"1:missing-title"}},
		{"#AGENTS.md\n## Identity\n- site: example.com\n", "", []string{"1:missing-title"}},
	}
	for _, tt := range tests {
		res, diags := parse(t, tt.body)
		wantCodes(t, diags, tt.want...)
		if res.Title != tt.title {
			t.Errorf("%q: Title = %q, want %q", tt.body, res.Title, tt.title)
		}
	}
}

// TestParse_Section4_4_CommentsExample parses the example of §4.4: comment
// lines are ignored.
func TestParse_Section4_4_CommentsExample(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n# This comment is ignored by parsers\n\n## Identity\n# The following lines define the site identity\n- site: example.com\n")
	wantCodes(t, diags)
	if res.Identity.Site != "example.com" || len(res.Sections) != 1 || len(res.Sections[0].Directives) != 1 {
		t.Errorf("result %+v", res)
	}
}

// TestParse_Section4_4_CommentForms: level-1 and level-3+ headings inside a
// section are comments; `##Name` is a comment with a warning.
func TestParse_Section4_4_CommentForms(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n### Contact\n#- contact: a@example.com\n##Restrictions\n- contact: b@example.com\n")
	wantCodes(t, diags, "6:heading-missing-space")
	if res.Identity.Contact != "b@example.com" || len(res.Sections) != 1 {
		t.Errorf("Contact %q, %d sections", res.Identity.Contact, len(res.Sections))
	}
}

// TestParse_Section4_5_BlankLines: blank lines (including white space only)
// are ignored within sections.
func TestParse_Section4_5_BlankLines(t *testing.T) {
	a, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n- contact: a@example.com\n")
	b, diags := parse(t, "# AGENTS.md\n\n\n## Identity\n\n- site: example.com\n \t \n\n- contact: a@example.com\n\n")
	wantCodes(t, diags)
	if a.Identity.Site != b.Identity.Site || a.Identity.Contact != b.Identity.Contact {
		t.Errorf("blank lines changed the result: %+v vs %+v", a.Identity, b.Identity)
	}
}

// TestParse_Section4_6_CaseSensitivity: section and key names are
// case-insensitive; enumerated values too; string values are not.
func TestParse_Section4_6_CaseSensitivity(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## IDENTITY\n- SITE: Example.COM\n## trust   REQUIREMENTS\n- Authentication: OPTIONAL\n## allowed actions\n- Submit-Forms: True\n## Restrictions\n- Disallowed-Paths: /Admin/*\n")
	wantCodes(t, diags)
	if res.Identity.Site != "Example.COM" {
		t.Errorf("Site = %q, want the value's case kept", res.Identity.Site)
	}
	if res.TrustRequirements.Authentication != AuthOptional || !res.AllowedActions.SubmitForms {
		t.Errorf("case-insensitive values not read: %+v %+v", res.TrustRequirements, res.AllowedActions)
	}
	if res.Restrictions.DisallowedPaths[0].Text != "/Admin/*" {
		t.Errorf("path = %q, want the case kept", res.Restrictions.DisallowedPaths[0].Text)
	}
	if res.Sections[1].Key != "trust requirements" || res.Sections[1].Name != "trust   REQUIREMENTS" {
		t.Errorf("section %+v", res.Sections[1])
	}
}

// TestParse_Section4_7_Extensions: x- sections and keys are not rejected
// and are preserved (README: unknown keys too).
func TestParse_Section4_7_Extensions(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n- x-owner: legal\n- region: eu\n## X-Carbon\n- x-gpu-hours: 12\n- note: kept\n## Restrictions\n- x-crawl-delay: 5\n")
	wantCodes(t, diags, "4:extension-key", "5:unknown-key", "6:extension-section", "10:extension-key")
	if want := map[string]string{"x-owner": "legal", "region": "eu"}; !reflect.DeepEqual(res.Identity.Extra, want) {
		t.Errorf("Identity.Extra = %v", res.Identity.Extra)
	}
	if want := map[string]map[string]string{"x-carbon": {"x-gpu-hours": "12", "note": "kept"}}; !reflect.DeepEqual(res.Extensions, want) {
		t.Errorf("Extensions = %v", res.Extensions)
	}
	if want := map[string]string{"x-crawl-delay": "5"}; !reflect.DeepEqual(res.Restrictions.Extra, want) {
		t.Errorf("Restrictions.Extra = %v", res.Restrictions.Extra)
	}
	if res.Effective != EffectivePolicy {
		t.Errorf("Effective = %q", res.Effective)
	}
}

// TestParse_Section4_1_Encoding: invalid UTF-8 and control bytes are
// diagnosed, never crashed on; a BOM is skipped.
func TestParse_Section4_1_Encoding(t *testing.T) {
	res, diags := parse(t, "\xef\xbb\xbf# AGENTS.md\n## Identity\n- site: example.com\n- contact: a\xffb@example.com\n- x-nul: a\x00b\n- x-bell: \a\n")
	wantCodes(t, diags, "1:byte-order-mark", "4:invalid-utf8", "5:control-character", "5:extension-key", "6:control-character", "6:extension-key")
	if res.Identity.Contact != "a\uFFFDb@example.com" {
		t.Errorf("Contact = %q", res.Identity.Contact)
	}
	if res.Identity.Extra["x-nul"] != "a\x00b" || res.Title != "AGENTS.md" {
		t.Errorf("Extra %q Title %q", res.Identity.Extra, res.Title)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
}

// TestParse_Section4_2_LineEndings: "Parsers MUST accept both Unix (\n) and
// Windows (\r\n) line endings"; a bare CR is diagnosed.
func TestParse_Section4_2_LineEndings(t *testing.T) {
	lf := "# AGENTS.md\n\n## Identity\n- site: example.com\n\n## Restrictions\n- disallowed-paths: /admin/*\n"
	a, da := parse(t, lf)
	b, db := parse(t, strings.ReplaceAll(lf, "\n", "\r\n"))
	wantCodes(t, da)
	wantCodes(t, db)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("CRLF result differs:\n%+v\n%+v", a, b)
	}
	_, diags := parse(t, "# AGENTS.md\r## Identity\r- site: example.com\r")
	wantCodes(t, diags, "0:missing-identity", "1:bare-cr", "1:nonstandard-title")
}

// TestParse_Section6_1_SectionExtraction: the preamble is ignored; section
// names are trimmed.
func TestParse_Section6_1_SectionExtraction(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\nPolicy prose.\n- site: wrong.example\n\n##   Identity   \n- site: example.com\n")
	wantCodes(t, diags, "3:directive-in-preamble")
	if res.Identity.Site != "example.com" || res.Sections[0].Name != "Identity" || res.Sections[0].Line != 5 {
		t.Errorf("result %+v", res)
	}
}

// TestParse_Section6_1_HeadingForms: indented `##` lines and empty names.
func TestParse_Section6_1_HeadingForms(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n  ## Restrictions\n- contact: a@example.com\n## \n- site: other.example\n##\tRate Limits\n- requests-per-minute: 5\n")
	wantCodes(t, diags, "4:indented-line", "6:empty-section-name")
	if res.Identity.Contact != "a@example.com" || res.Identity.Site != "example.com" {
		t.Errorf("Identity = %+v", res.Identity)
	}
	if res.RateLimits.RequestsPerMinute == nil || *res.RateLimits.RequestsPerMinute != 5 {
		t.Errorf("a tab after ## does not start a section: %+v", res.RateLimits)
	}
}

// TestParse_Section6_2_KeyValueExtraction: key before the first colon,
// trimmed and lower-cased; value trimmed; other lines ignored. White space
// around the key, which the ABNF does not allow, is an info.
func TestParse_Section6_2_KeyValueExtraction(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n-   Site   :   example.com   \n- last-updated: 2026-03-15T10:00:00Z\nSome prose in the section.\n- x-url: https://example.com/a:b\n")
	wantCodes(t, diags, "3:directive-spacing", "6:extension-key")
	if res.Identity.Site != "example.com" || res.Identity.LastUpdated != "2026-03-15T10:00:00Z" || res.Identity.Extra["x-url"] != "https://example.com/a:b" {
		t.Errorf("Identity = %+v", res.Identity)
	}
	want := []Directive{{"site", "example.com", 3}, {"last-updated", "2026-03-15T10:00:00Z", 4}, {"x-url", "https://example.com/a:b", 6}}
	if !reflect.DeepEqual(res.Sections[0].Directives, want) {
		t.Errorf("Directives = %+v", res.Sections[0].Directives)
	}
}

// TestParse_Section6_2_MalformedDirectives: lines not matching `- key:
// value` are ignored (§6.2 rule 6), with a warning in a defined section.
func TestParse_Section6_2_MalformedDirectives(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site example.com\n-site: a.example\n* site: b.example\n+ site: c.example\n- : value\n- site:example.com\n  - contact: a@example.com\n- Contact Email: b@example.com\n")
	wantCodes(t, diags, "3:malformed-directive", "4:malformed-directive", "5:malformed-directive", "6:malformed-directive",
		"7:malformed-directive", "8:directive-spacing", "9:indented-line", "10:invalid-key")
	if res.Identity.Site != "example.com" || res.Identity.Contact != "a@example.com" || res.Identity.Extra["contact email"] != "b@example.com" {
		t.Errorf("Identity = %+v", res.Identity)
	}
	// In sections the specification does not define, list items are prose.
	_, diags = parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Notes\n- plain item\n* star: item\n- Two Words: fine\n")
	wantCodes(t, diags, "4:unknown-section")
	// An x- section is read with the directive syntax of a defined one:
	// every list line that misses it is a malformed directive, whether it
	// starts with "- " or not.
	_, diags = parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## x-notes\n- plain item\n* star: item\n-dash: item\n- x-ok: fine\n")
	wantCodes(t, diags, "4:extension-section", "5:malformed-directive", "6:malformed-directive", "7:malformed-directive")
}

// TestParse_Section6_3_BooleanValues: the true and false spellings, in any
// case; any other value is a warning and the default is used.
func TestParse_Section6_3_BooleanValues(t *testing.T) {
	for _, tt := range []struct {
		value     string
		want, bad bool
	}{
		{"true", true, false}, {"TRUE", true, false}, {"Yes", true, false}, {"1", true, false}, {"oN", true, false},
		{"false", false, false}, {"False", false, false}, {"NO", false, false}, {"0", false, false}, {"Off", false, false},
		{"y", false, true}, {"enabled", false, true}, {"true.", false, true}, {"01", false, true},
	} {
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Agent Identification\n- require-disclosure: "+tt.value+"\n## Allowed Actions\n- read-content: "+tt.value+"\n")
		if res.AgentIdentification.RequireDisclosure != tt.want {
			t.Errorf("%q: require-disclosure = %v", tt.value, res.AgentIdentification.RequireDisclosure)
		}
		wantRead := tt.want || tt.bad // read-content defaults to true
		if res.AllowedActions.ReadContent != wantRead {
			t.Errorf("%q: read-content = %v", tt.value, res.AllowedActions.ReadContent)
		}
		if tt.bad {
			wantCodes(t, diags, "5:invalid-boolean", "7:invalid-boolean")
		} else {
			wantCodes(t, diags)
		}
	}
}

// TestParse_Section6_4_IntegerValues: base-10 digits with an optional
// leading `-` (README); other values are warnings and the field is omitted.
func TestParse_Section6_4_IntegerValues(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  *int64
		code  string
	}{
		{"30", ptr[int64](30), ""},
		{"0", ptr[int64](0), ""},
		{"-0", ptr[int64](0), ""},
		{"9223372036854775807", ptr[int64](9223372036854775807), ""},
		{"+30", nil, "invalid-integer"},
		{"030", nil, "invalid-integer"},
		{"1_000", nil, "invalid-integer"},
		{"3.0", nil, "invalid-integer"},
		{"1,000", nil, "invalid-integer"},
		{"30/min", nil, "invalid-integer"},
		{"thirty", nil, "invalid-integer"},
		{"0x1E", nil, "invalid-integer"},
		{"٣٠", nil, "invalid-integer"},
		{"-", nil, "invalid-integer"},
		{"-7", nil, "negative-rate-limit"},
		{"9223372036854775808", nil, "out-of-range"},
	} {
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Rate Limits\n- concurrent-sessions: "+tt.value+"\n")
		if !reflect.DeepEqual(res.RateLimits.ConcurrentSessions, tt.want) {
			t.Errorf("%q: ConcurrentSessions = %v, want %v", tt.value, res.RateLimits.ConcurrentSessions, tt.want)
		}
		if tt.code == "" {
			wantCodes(t, diags)
		} else {
			wantCodes(t, diags, "5:"+tt.code)
		}
	}
}

// TestParse_Section6_5_ArrayExample: `"oauth2, api-key, bearer "` →
// `["oauth2", "api-key", "bearer"]`; empty elements are discarded.
func TestParse_Section6_5_ArrayExample(t *testing.T) {
	if got := SplitArray("oauth2, api-key, bearer "); !slices.Equal(got, []string{"oauth2", "api-key", "bearer"}) {
		t.Errorf("SplitArray = %q", got)
	}
	if got := SplitArray(",oauth2,, api-key ,,"); !slices.Equal(got, []string{"oauth2", "api-key"}) {
		t.Errorf("SplitArray = %q", got)
	}
	if got := SplitArray(" , ,"); got != nil {
		t.Errorf("SplitArray = %q", got)
	}
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Trust Requirements\n- authentication-methods: oauth2, api-key, bearer ,\n## Restrictions\n- read-only-paths: , ,\n")
	wantCodes(t, diags, "7:empty-value")
	if !slices.Equal(res.TrustRequirements.AuthenticationMethods, []string{"oauth2", "api-key", "bearer"}) {
		t.Errorf("AuthenticationMethods = %q", res.TrustRequirements.AuthenticationMethods)
	}
}

// TestParse_Section6_6_MissingSections: the defaults of §6.6 when only
// Identity is present.
func TestParse_Section6_6_MissingSections(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n")
	wantCodes(t, diags)
	if !reflect.DeepEqual(res.TrustRequirements, TrustRequirements{MinimumTrustLevel: ptr(0), Authentication: AuthNone}) {
		t.Errorf("TrustRequirements = %+v", res.TrustRequirements)
	}
	if !reflect.DeepEqual(res.AllowedActions, AllowedActions{ReadContent: true}) {
		t.Errorf("AllowedActions = %+v", res.AllowedActions)
	}
	if !reflect.DeepEqual(res.RateLimits, RateLimits{}) || !reflect.DeepEqual(res.DataHandling, DataHandling{}) || !reflect.DeepEqual(res.Restrictions, Restrictions{}) {
		t.Errorf("RateLimits %+v DataHandling %+v Restrictions %+v", res.RateLimits, res.DataHandling, res.Restrictions)
	}
	if !reflect.DeepEqual(res.AgentIdentification, AgentIdentification{AgentHeaderName: DefaultAgentHeaderName}) {
		t.Errorf("AgentIdentification = %+v", res.AgentIdentification)
	}
	if d := res.Evaluate("/anything", "POST"); d.Verdict != VerdictAllowed || !d.Allowed {
		t.Errorf("no restrictions: %+v", d)
	}
}

// TestParse_Section6_7_UnknownKeys: unknown keys in defined sections do not
// reject the file and are preserved, with a hint when they nearly match.
func TestParse_Section6_7_UnknownKeys(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Rate Limits\n- request-per-minute: 30\n- requests_per_hour: 100\n- disallowed-paths: /admin/*\n")
	wantCodes(t, diags, "5:unknown-key", "6:invalid-key", "7:unknown-key")
	msgs := []string{diags[0].Message, diags[1].Message, diags[2].Message}
	for i, want := range []string{`did you mean "requests-per-minute"?`, `did you mean "requests-per-hour"?`, `belongs in the Restrictions section`} {
		if !strings.Contains(msgs[i], want) {
			t.Errorf("message %q lacks %q", msgs[i], want)
		}
	}
	if want := map[string]string{"request-per-minute": "30", "requests_per_hour": "100", "disallowed-paths": "/admin/*"}; !reflect.DeepEqual(res.RateLimits.Extra, want) {
		t.Errorf("Extra = %v", res.RateLimits.Extra)
	}
	if res.Effective != EffectivePolicy {
		t.Errorf("Effective = %q", res.Effective)
	}
}

// TestParse_Section6_8_MalformedFiles: no Identity section is a parse
// error; everything else in a malformed file is a warning or info.
func TestParse_Section6_8_MalformedFiles(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n\n## Allowed Actions\n- read-content: true\n")
	wantCodes(t, diags, "0:missing-identity")
	if res.Effective != EffectiveInvalid || res.OtherFormat != "" {
		t.Errorf("Effective %q OtherFormat %q", res.Effective, res.OtherFormat)
	}
	// Nothing but a title, or nothing at all, is not another format either.
	for _, body := range []string{"", "\n\n", "\xef\xbb\xbf", "# AGENTS.md\n", "# agents.md\r\n\r\n"} {
		res, diags := parse(t, body)
		if !diags.HasErrors() || res.Effective != EffectiveInvalid {
			t.Errorf("%q: Effective %q, diagnostics %v", body, res.Effective, codes(diags))
		}
	}
}

// TestParse_DuplicateIdentity: a second Identity section is a warning and
// the first stands (README).
func TestParse_DuplicateIdentity(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Rate Limits\n- requests-per-minute: 5\n## identity\n- site: other.example\n- contact: a@example.com\n## Rate Limits\n- requests-per-minute: 9\n")
	wantCodes(t, diags, "6:duplicate-identity", "9:duplicate-section")
	if res.Identity.Site != "example.com" || res.Identity.Contact != "" || res.Identity.Line != 2 {
		t.Errorf("Identity = %+v", res.Identity)
	}
	if *res.RateLimits.RequestsPerMinute != 5 {
		t.Errorf("RequestsPerMinute = %d", *res.RateLimits.RequestsPerMinute)
	}
	if !res.Sections[2].Duplicate || len(res.Sections[2].Directives) != 2 {
		t.Errorf("duplicate section %+v", res.Sections[2])
	}
}

// TestParse_DuplicateKey: a repeated key keeps its first value.
func TestParse_DuplicateKey(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n- site: other.example\n## Allowed Actions\n- submit-forms: maybe\n- submit-forms: yes\n")
	wantCodes(t, diags, "4:duplicate-key", "6:invalid-boolean", "7:duplicate-key")
	if res.Identity.Site != "example.com" || res.AllowedActions.SubmitForms {
		t.Errorf("Site %q SubmitForms %v", res.Identity.Site, res.AllowedActions.SubmitForms)
	}
}

// TestParse_MisspelledSection: a near miss of a defined section name is
// warned about and not read as that section.
func TestParse_MisspelledSection(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Restriction\n- disallowed-paths: /a\n## Rate-Limits\n## Allowed Action\n## Agent Identificaton\n## Overview\n")
	wantCodes(t, diags, "4:misspelled-section", "6:misspelled-section", "7:misspelled-section", "8:misspelled-section", "9:unknown-section")
	if len(res.Restrictions.DisallowedPaths) != 0 || res.Extensions["restriction"]["disallowed-paths"] != "/a" {
		t.Errorf("Restrictions %+v Extensions %v", res.Restrictions, res.Extensions)
	}
}

// TestParse_CodeFence: the specification does not know code fences; a
// heading or directive inside one is parsed and warned about once per block.
func TestParse_CodeFence(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n\nExample:\n```markdown\n## Restrictions\n- disallowed-paths: /example/*\n```\n")
	wantCodes(t, diags, "7:inside-code-fence")
	if len(res.Restrictions.DisallowedPaths) != 1 {
		t.Errorf("the fenced section was not parsed: %+v", res.Restrictions)
	}
}

// TestParse_Section13_2_SpecVersion: newer than 1.0.x is a warning and the
// file is parsed (README); 1.0.1 (Appendix B) is supported.
func TestParse_Section13_2_SpecVersion(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  []string
	}{
		{"1.0.0", nil}, {"1.0.1", nil}, {"1.0", nil}, {"1", nil}, {"0.9.0", nil}, {"1.0.0-draft", nil},
		{"1.1.0", []string{"4:newer-spec-version"}}, {"2.0.0", []string{"4:newer-spec-version"}},
		{"v1.0.0", []string{"4:invalid-spec-version"}}, {"1.0.0.0", []string{"4:invalid-spec-version"}}, {"latest", []string{"4:invalid-spec-version"}},
	} {
		res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n- spec-version: "+tt.value+"\n## Allowed Actions\n- access-api: yes\n")
		wantCodes(t, diags, tt.want...)
		if res.Identity.SpecVersion != tt.value || !res.AllowedActions.AccessAPI || res.Effective != EffectivePolicy {
			t.Errorf("%s: parse did not continue: %+v", tt.value, res)
		}
	}
}

// TestParse_AppendixA_ABNF walks every production of the ABNF: title-line,
// section-heading, directive-line, comment-line, blank-line, prose-line,
// with LF and CRLF.
func TestParse_AppendixA_ABNF(t *testing.T) {
	body := "# AGENTS.md\r\n" + // title-line
		"preamble-prose\n" + // any-line
		"## Identity\r\n" + // section-heading
		"- site: example.com\n" + // directive-line
		"#comment\r\n" + // comment-line
		"\r\n" + // blank-line
		"prose\n" + // prose-line
		"- x-key-2: \n" + // key = 1*(ALPHA / DIGIT / "-"), value = *VCHAR (empty)
		"## x-ext\n" +
		"- A-1: b\n"
	res, diags := parse(t, body)
	wantCodes(t, diags, "8:extension-key", "9:extension-section")
	if res.Identity.Extra["x-key-2"] != "" || res.Extensions["x-ext"]["a-1"] != "b" || res.Identity.Site != "example.com" {
		t.Errorf("result %+v", res)
	}
	if !validKey("A-1") || validKey("a_b") || validKey("a b") || validKey("") || validKey("ä") {
		t.Error("validKey does not follow key = 1*(ALPHA / DIGIT / \"-\")")
	}
}

// TestParse_CodingAgentInstructions: a coding-agent AGENTS.md is another
// format (README), with a single info diagnostic.
func TestParse_CodingAgentInstructions(t *testing.T) {
	body := readTestdata(t, "coding-agent.md")
	res, diags := Parse(body, Source{Location: LocationRoot, Scheme: "http"})
	wantCodes(t, diags, "0:coding-agent-instructions")
	if res.OtherFormat != OtherFormatCodingAgent || res.Effective != EffectiveOtherFormat {
		t.Errorf("OtherFormat %q Effective %q", res.OtherFormat, res.Effective)
	}
	if want := "no directive of AGENTS-MD-SPEC-001"; !strings.Contains(diags[0].Message, want) {
		t.Errorf("message %q lacks %q", diags[0].Message, want)
	}
	// The agents.md convention's own example.
	_, diags = parse(t, "# AGENTS.md\n\n## Setup commands\n- Install deps: `pnpm install`\n- Start dev server: `pnpm dev`\n- Run tests: `pnpm test`\n\n## Code style\n- TypeScript strict mode\n- Single quotes, no semicolons\n")
	wantCodes(t, diags, "0:coding-agent-instructions")
}

// TestParse_OtherFormat_SpecMarks: a file without Identity is another
// format when it has content and none of it is the specification's: no
// `- key: value` line whose key §5 defines, in the section that defines it
// or, for a key other than those of Identity and authentication, anywhere
// (specs README: AGENTS.md). With one of them, it is an invalid policy
// (§6.8). A section name on its own, or an Identity key or authentication
// elsewhere, is no mark: coding-agent files and the guides sites publish
// for agents have both.
func TestParse_OtherFormat_SpecMarks(t *testing.T) {
	for _, tt := range []struct {
		body  string
		other bool
	}{
		// Coding-agent files, however short or unlike the usual headings.
		{"# AGENTS.md\n\n## Code style\n- Use tabs for indentation.\n- Prefer small pure functions.\n\n## Testing\n- Add a unit test for every bug fix.\n- Run the test suite before you open a pull request.\n", true},
		{"# AGENTS.md\n\nRun `go test ./...` before sending changes. Use gofmt.\n", true},
		{"# AGENTS.md\n\nUse tabs. Run go test before committing.\n", true},
		{"# Contributor notes for agents\n\n## Conventions\n- Keep functions small.\n## Security\n- Never commit secrets.\n", true},
		{"```\ncode\n```\n```\nmore\n```\n", true},
		{"just text", true},
		{"# AGENTS.md\n## Support\n- Ask: in #dev\n## x-notes\n- x-owner: team\n", true}, // x- names are no spec marks
		// Section names of §5 with prose or bullets, and Identity keys or
		// authentication outside their section.
		{"# AGENTS.md\n\nThe personal site of A.\n\n- Human view: /\n- Summary: /llms.txt\n- Contact: a@example.com\n", true},
		{"# Guide\n## Canonical Links\n- Home: https://example.com/\n- Contact: mailto:a@example.com\n", true},
		{"# AGENTS.md\n## Restrictions\n- Do not write outside the target path.\n- No force pushes.\n", true},
		{"# Notes\n## Rate Limits\nThe API allows 60 requests a minute.\n## Data Handling\n- Never log tokens.\n", true},
		{"# AGENTS.md\n## Security\n- Authentication: JWT in an HTTP-only cookie\n", true},
		{"# AGENTS.md\n- site: example.com\n", true}, // an Identity key in the preamble
		{"# Runbook\n\n- Status: active\n- Last-Updated: 2025-09-17\n- Spec-Version: 1.0-draft\n\n## Steps\n- Build.\n", true},
		// A section §5 defines, or a key it defines, anywhere: a policy
		// without Identity.
		{"# AGENTS.md\n## Build\n- run: `go build ./...`\n## Test\n- run: `go test ./...`\n## Allowed Actions\n- read-content: true\n", false},
		{"# AGENTS.md\n\n## Restrictions\n- disallowed-paths: /admin/*\n", false},
		{"# AGENTS.md\n## rate   limits\n", false},
		{"# AGENTS.md\n- read-content: false\n", false},                             // a key of another section in the preamble
		{"# AGENTS.md\n## Restriction\n- disallowed-paths: /admin/*\n", false},      // a key in a misspelled section
		{"# AGENTS.md\n## Identiy\n- site: example.com\n", false},                   // an Identity key in a misspelling of its section
		{"# AGENTS.md\n## Trust Requirements\n- authentication: required\n", false}, // authentication in its section
		{"# AGENTS.md\n## Restrictions\n## Rate Limits\n", false},                   // nothing but defined headings
		{"# AGENTS.md\n## Notes\n- Minimum-Trust-Level: 2\n", false},
		{"# AGENTS.md\n## Notes\n  - requests-per-minute: 5\n", false}, // indented
	} {
		res, diags := parse(t, tt.body)
		if got := res.OtherFormat == OtherFormatCodingAgent && res.Effective == EffectiveOtherFormat && len(diags) == 1; got != tt.other {
			t.Errorf("%q: OtherFormat %q, Effective %q, diagnostics %v; want other format %v", tt.body, res.OtherFormat, res.Effective, codes(diags), tt.other)
		}
		if !tt.other && (!diags.HasErrors() || res.Effective != EffectiveInvalid) {
			t.Errorf("%q: Effective %q, diagnostics %v; want an invalid policy", tt.body, res.Effective, codes(diags))
		}
	}
}

// TestParse_OtherFormat_IdentityHeading: coding-agent files use an
// "## Identity" heading too (a project's name and purpose, an agent's
// persona); with no directive of the specification under it or anywhere
// else, such a file is another format, not a valid policy. An Identity
// section with one of its keys, or a file with nothing but the title and
// the heading, stays a policy.
func TestParse_OtherFormat_IdentityHeading(t *testing.T) {
	for _, body := range []string{
		"# Game — AGENTS.md\n\n## Identity\n\n| Field | Value |\n| --- | --- |\n| **Repo** | `a/game` |\n\n## Quick Start\n1. `npm run dev`\n",
		"# AGENTS.md\n\n## Identity\nYou are a code reviewer. Be terse.\n\n## Rules\n- Never push to main.\n",
		"# AGENTS.md\n\n## Identity\n\n- Public name: **A Guide**\n- Repository: `a-guide`\n",
	} {
		res, diags := parse(t, body)
		wantCodes(t, diags, "0:coding-agent-instructions")
		if res.OtherFormat != OtherFormatCodingAgent || res.Effective != EffectiveOtherFormat {
			t.Errorf("%q: OtherFormat %q, Effective %q", body, res.OtherFormat, res.Effective)
		}
	}
	for _, tt := range []struct {
		body  string
		codes []string
	}{
		{"# AGENTS.md\n## Identity\n", []string{"2:missing-site"}},
		{"# AGENTS.md\n## Identity\n- contact: a@example.com\n", []string{"2:missing-site"}},
		{"# AGENTS.md\n## Identity\nThe policy of a.example.\n## Allowed Actions\n- read-content: true\n", []string{"2:missing-site"}},
	} {
		res, diags := parse(t, tt.body)
		wantCodes(t, diags, tt.codes...)
		if res.Effective != EffectivePolicy {
			t.Errorf("%q: Effective %q, want a policy", tt.body, res.Effective)
		}
	}
}

// TestParse_OtherFormat_NeutralLines: what a parser MUST ignore or MUST
// NOT reject says nothing of being another format: a comment (§4.4), an
// x- key or an x- section with its lines (§4.7) beside an Identity
// heading leave a policy a policy, as the heading alone is; prose is
// still content.
func TestParse_OtherFormat_NeutralLines(t *testing.T) {
	for _, tt := range []struct {
		body  string
		codes []string
	}{
		{"# AGENTS.md\n## Identity\n# site to be filled in\n", []string{"2:missing-site"}},
		{"# AGENTS.md\n## Identity\n### Who we are\n", []string{"2:missing-site"}},
		{"# AGENTS.md\n## Identity\n- x-owner: Bob\n", []string{"2:missing-site", "3:extension-key"}},
		{"# AGENTS.md\n## Identity\n## x-contact-hours\n- hours: 9-5\n", []string{"2:missing-site", "3:extension-section"}},
	} {
		res, diags := parse(t, tt.body)
		wantCodes(t, diags, tt.codes...)
		if res.Effective != EffectivePolicy {
			t.Errorf("%q: Effective %q, want a policy", tt.body, res.Effective)
		}
	}
	for _, body := range []string{
		"# AGENTS.md\nThis file declares our policy for AI agents.\n## Identity\n",
		"# AGENTS.md\n## Identity\n- x-owner: Bob\nWelcome, agents.\n",
	} {
		if res, _ := parse(t, body); res.OtherFormat != OtherFormatCodingAgent {
			t.Errorf("%q: OtherFormat %q, want %s", body, res.OtherFormat, OtherFormatCodingAgent)
		}
	}
}

// TestParse_ResultJSON: the result is JSON-encodable and stable.
func TestParse_ResultJSON(t *testing.T) {
	res, _ := parse(t, string(readTestdata(t, "realistic.md")))
	a, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(a, &back); err != nil {
		t.Fatal(err)
	}
	back.Effective = res.Effective
	if !reflect.DeepEqual(&back, res) {
		t.Errorf("JSON round trip differs:\n%+v\n%+v", &back, res)
	}
	if d := back.Evaluate("/admin/users", "GET"); d.Verdict != VerdictDisallowed {
		t.Errorf("decoded result evaluates %+v", d)
	}
}
