package sink

import (
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_TDMRep flattens a tdmrep.json with a reserving rule with
// a policy, a non-reserving one, and one whose location is a number and
// whose reservation is out of range, with an unknown field.
func TestFormatRows_TDMRep(t *testing.T) {
	key := docKey(registry.LocTDMRep)
	doc := parseFixture(t, registry.TDMRep, registry.LocTDMRep, "tdmrep.json", nil, nil)
	checkRows(t, FormatRows(key, doc), Rows{TableTDMRepRules, keyed(key,
		TDMRepRuleRow{RuleIndex: 0, Line: 2, PathPattern: ptr("/"), Reservation: ptr(int32(1)),
			Policy: ptr("https://shop.example/tdm-policy.json")},
		TDMRepRuleRow{RuleIndex: 1, Line: 7, PathPattern: ptr("/open/*"), Reservation: ptr(int32(0))},
		TDMRepRuleRow{RuleIndex: 2, Line: 11, UnknownFields: []string{"comment"}},
	)})

	// A file that is not JSON has no rule, hence no row.
	doc = extract.Parse(registry.TDMRep, []byte("<html>"), extract.Input{Location: registry.LocTDMRep})
	if rows := FormatRows(key, doc); rows != nil {
		t.Errorf("a tdmrep.json that is not JSON has %d tables of rows", len(rows))
	}
}
