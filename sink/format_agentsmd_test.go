package sink

import (
	"fmt"
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_AgentsMD flattens a policy that uses every section: an
// x- key, an invalid boolean, a custom action, an explicit "no limit", an
// invalid path pattern, a duplicate Identity, an x- section and an unknown
// section.
func TestFormatRows_AgentsMD(t *testing.T) {
	key := docKey(registry.LocAgentsMD)
	doc := parseFixture(t, registry.AgentsMD, registry.LocAgentsMD, "AGENTS.md", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentsMD, keyed(key, AgentsMDRow{
			Effective: "policy", Title: "AGENTS.md",
			IdentityLine: ptr(int32(5)), Site: ptr("shop.example"), Contact: ptr("ai@shop.example"),
			LastUpdated: ptr("2026-03-02"), SpecVersion: ptr("1.0.0"),
			MinimumTrustLevel: ptr(int32(2)), Authentication: "required", AuthenticationMethods: []string{"oauth2", "api-key"},
			ReadContent: ptr(true), MakePurchases: ptr(true), // delete-data: maybe is not a boolean: NULL
			CustomActions:     `{"x-compare-prices": true}`,
			Allowed:           []string{"read-content", "make-purchases", "x-compare-prices"},
			RequestsPerMinute: ptr(int64(60)), ConcurrentSessions: ptr(int64(0)),
			DataRetention: ptr("30-days"), GDPRCompliance: ptr(true),
			DisallowedPaths: 4, ReadOnlyPaths: 1, InvalidPatterns: 1,
			RequireAgentHeader: true, AgentHeaderName: "X-Agent-Identity",
			ExplicitKeys: []string{
				"identity.site", "identity.contact", "identity.last-updated", "identity.spec-version",
				"trust-requirements.minimum-trust-level", "trust-requirements.authentication",
				"trust-requirements.authentication-methods",
				"allowed-actions.read-content", "allowed-actions.make-purchases", "allowed-actions.x-compare-prices",
				"rate-limits.requests-per-minute", "rate-limits.concurrent-sessions",
				"data-handling.data-retention", "data-handling.gdpr-compliance",
				"restrictions.disallowed-paths", "restrictions.read-only-paths",
				"agent-identification.require-agent-header",
			},
			Sections: []string{"identity", "trust-requirements", "allowed-actions", "rate-limits", "data-handling",
				"restrictions", "agent-identification"},
			SectionNames: []string{"Identity", "Trust Requirements", "Allowed Actions", "Rate Limits", "Data Handling",
				"Restrictions", "Agent Identification", "Identity", "x-hours", "Notes"},
			DuplicateSections: 1, ExtensionSections: 1, UnknownSections: 1,
			Extensions:  `{"notes": {"mood": "sunny"}, "x-hours": {"x-timezone": "Europe/Berlin"}}`,
			UnknownKeys: `{"identity": {"x-owner": "platform team"}}`,
		})},
		Rows{TableAgentsMDPaths, keyed(key,
			AgentsMDPathRow{List: "disallowed-paths", PatternIndex: 0, Pattern: "/admin/**", Line: 32, Form: "any-depth", Valid: true},
			AgentsMDPathRow{List: "disallowed-paths", PatternIndex: 1, Pattern: "/cart/*", Line: 32, Form: "one-segment", Valid: true},
			AgentsMDPathRow{List: "disallowed-paths", PatternIndex: 2, Pattern: "*.bak", Line: 32, Form: "extension", Valid: true},
			AgentsMDPathRow{List: "disallowed-paths", PatternIndex: 3, Pattern: "admin", Line: 32, Form: "invalid"},
			AgentsMDPathRow{List: "read-only-paths", PatternIndex: 0, Pattern: "/products/**", Line: 33, Form: "any-depth", Valid: true},
		)},
	)
}

// TestFormatRows_AgentsMDOtherFormats: a coding-agent instruction file is a
// row labelled other-format with no field set; a well-known file is
// superseded by a usable root policy.
func TestFormatRows_AgentsMDOtherFormats(t *testing.T) {
	key := docKey(registry.LocAgentsMD)
	doc := parseFixture(t, registry.AgentsMD, registry.LocAgentsMD, "AGENTS-coding.md", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentsMD, keyed(key, AgentsMDRow{
			Effective: "other-format", OtherFormat: "coding-agent-instructions", Title: "AGENTS.md",
			MinimumTrustLevel: ptr(int32(0)), Authentication: "none", Allowed: []string{"read-content"}, AgentHeaderName: "X-Agent-Identity",
			SectionNames: []string{"Build", "Style"}, UnknownSections: 2,
			Extensions: `{"build": {}, "style": {}}`,
		})},
	)

	key = docKey(registry.LocAgentsMDWK)
	doc = parseFixture(t, registry.AgentsMD, registry.LocAgentsMDWK, "AGENTS.md",
		fixtureOrigin{registry.LocAgentsMD: "AGENTS.md"}, nil)
	rows := FormatRows(key, doc)
	if len(rows) != 2 {
		t.Fatalf("%d tables, want agents_md and agents_md_paths", len(rows))
	}
	row := rows[0].Rows.([]AgentsMDRow)[0]
	if row.Effective != "superseded-by-root" || row.Location != "agents-md-wk" || *row.Site != "shop.example" {
		t.Errorf("well-known row: effective %q, location %q, site %q; want superseded-by-root, agents-md-wk, shop.example",
			row.Effective, row.Location, *row.Site)
	}
}

// TestFormatRows_AgentsMDTrustLevelOmitted: a minimum-trust-level that is
// not an integer in 0–5 is omitted (§6.4: "not defaulted to 0, since 0 has
// a specific meaning"), so its column is NULL; a file that does not set it
// has the default 0.
func TestFormatRows_AgentsMDTrustLevelOmitted(t *testing.T) {
	const policy = "# AGENTS.md\n## Identity\n- site: example.com\n"
	key := docKey(registry.LocAgentsMD)
	for _, tt := range []struct {
		body string
		want *int32
	}{
		{policy + "## Trust Requirements\n- minimum-trust-level: high\n", nil},
		{policy + "## Trust Requirements\n- minimum-trust-level: 7\n", nil},
		{policy + "## Trust Requirements\n- minimum-trust-level: 3\n", ptr(int32(3))},
		{policy, ptr(int32(0))},
	} {
		doc := extract.Parse(registry.AgentsMD, []byte(tt.body), extract.Input{
			Location: registry.LocAgentsMD, URL: "https://example.com/AGENTS.md", Host: "example.com", Scheme: "https",
		})
		row := FormatRows(key, doc)[0].Rows.([]AgentsMDRow)[0]
		show := func(p *int32) string {
			if p == nil {
				return "NULL"
			}
			return fmt.Sprint(*p)
		}
		if got := row.MinimumTrustLevel; show(got) != show(tt.want) {
			t.Errorf("%q: minimum_trust_level %s, want %s", tt.body, show(got), show(tt.want))
		}
	}
}
