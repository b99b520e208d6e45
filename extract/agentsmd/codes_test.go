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
