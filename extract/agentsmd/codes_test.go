package agentsmd

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

func TestCodes_Catalogue(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.HasPrefix(c.ID, "agents-md.") {
			t.Errorf("code %s lacks the agents-md. prefix", c.ID)
		}
	}
}

// TestCodes_Section6_8_OnlyMissingIdentityIsError checks §6.8: "A file with
// no ## Identity section MUST result in a parse error. All other malformed
// conditions SHOULD result in warnings, not errors."
func TestCodes_Section6_8_OnlyMissingIdentityIsError(t *testing.T) {
	for _, c := range Codes() {
		if (c.Severity == diag.Error) != (c.ID == "agents-md.missing-identity") {
			t.Errorf("%s has severity %s", c.ID, c.Severity)
		}
	}
}

// The specification says nothing of a repeated section or key: §6.1 and
// §6.2 do not mention duplicates. The first-stands rule is survey's
// extension of the README's decision on a second Identity section, and the
// codes cite that.
func TestCodes_DuplicatesCiteTheREADME(t *testing.T) {
	for _, c := range []diag.Code{codeDuplicateSection, codeDuplicateKey} {
		if !strings.Contains(c.Spec, "specs README: AGENTS.md") || strings.Contains(c.Spec, "AGENTS-MD-SPEC-001") {
			t.Errorf("%s cites %q, want survey's extension of the specs README's Identity rule", c.ID, c.Spec)
		}
	}
}
