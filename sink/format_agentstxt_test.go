package sink

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_AgentsTxt flattens the draft's own example (whose
// declared digest is the SHA-256 of empty input, so it mismatches), a file
// with an uppercase digest, repeated and malformed parameters, an unknown
// action and a path without "/", and a robots.txt-style file.
func TestFormatRows_AgentsTxt(t *testing.T) {
	key := docKey(registry.LocAgentsTxt)
	const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

	doc := parseFixture(t, registry.AgentsTxt, registry.LocAgentsTxt, "agents.txt", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentsTxt, keyed(key, AgentsTxtRow{
			Effective: "restricted", HashStatus: "mismatch", HashLine: ptr(int32(2)), DeclaredDigest: ptr(empty),
			ComputedDigest: "e37fd0bbf5b647010a78772b8755ffa92efe6aa07b2bb0d373b2a61adfc9435a",
			Directives:     3, Allow: 2, Disallow: 1, Version: ptr("1.0"),
			Metadata: map[string]string{"version": "1.0"}, Lines: 6,
		})},
		Rows{TableAgentsTxtDirectives, keyed(key,
			AgentsTxtDirectiveRow{DirectiveIndex: 0, Line: 4, Path: "/status", Action: "ALLOW"},
			AgentsTxtDirectiveRow{DirectiveIndex: 1, Line: 5, Path: "/dashboard", Action: "ALLOW",
				Params: map[string]string{"limit": "50"}, ParamKeys: []string{"limit"}},
			AgentsTxtDirectiveRow{DirectiveIndex: 2, Line: 6, Path: "/admin", Action: "DISALLOW"},
		)},
	)

	doc = parseFixture(t, registry.AgentsTxt, registry.LocAgentsTxt, "agents-invalid.txt", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentsTxt, keyed(key, AgentsTxtRow{
			Effective: "restricted", HashStatus: "syntax", HashLine: ptr(int32(3)),
			DeclaredDigest: ptr("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"),
			ComputedDigest: "7444a560f0035cd59473f4f3ea0a4b8225d8c76e1b7cc314b23f34f15bde1360",
			Directives:     3, Malformed: 3, Version: ptr("2"), GeneratedBy: ptr("hand"),
			Metadata: map[string]string{"version": "2", "generated-by": "hand"}, Lines: 6,
		})},
		Rows{TableAgentsTxtDirectives, keyed(key,
			AgentsTxtDirectiveRow{DirectiveIndex: 0, Line: 4, Path: "/a", Action: "ALLOW",
				Params: map[string]string{"rate": "5", "flag": ""}, ParamKeys: []string{"rate", "rate", "flag"}, Malformed: true},
			AgentsTxtDirectiveRow{DirectiveIndex: 1, Line: 5, Path: "/b", Action: "deny", Malformed: true},
			AgentsTxtDirectiveRow{DirectiveIndex: 2, Line: 6, Path: "nopath", Action: "DISALLOW", Malformed: true},
		)},
	)

	doc = parseFixture(t, registry.AgentsTxt, registry.LocAgentsTxt, "agents-robots-style.txt", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentsTxt, keyed(key, AgentsTxtRow{
			Effective: "other-format", OtherFormat: "robots-style", HashStatus: "missing",
			ComputedDigest: "a8f38158be0dba0f9957a12953d20c9d9d7fa9d1f1bd45da30444faf16224a01", Lines: 7,
		})},
	)
}
