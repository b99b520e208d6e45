package content

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestTDMRep_Rules decodes each well-formed tdmrep.json and recomputes its
// label: an array of objects, each with a string location and the number 0
// or 1 as tdm-reservation, tdm-policy optional.
func TestTDMRep_Rules(t *testing.T) {
	for _, v := range Variants(registry.LocTDMRep) {
		var rules []map[string]any
		valid := json.Unmarshal(v.Body(""), &rules) == nil && len(rules) > 0
		for _, r := range rules {
			loc, ok := r["location"].(string)
			res, isNum := r["tdm-reservation"].(float64)
			valid = valid && ok && loc != "" && isNum && (res == 0 || res == 1)
			if p, has := r["tdm-policy"]; has {
				s, ok := p.(string)
				valid = valid && ok && strings.HasPrefix(s, "https://")
			}
		}
		if valid != v.Valid {
			t.Errorf("%s: recomputed validity %v, label %v", v.Name, valid, v.Valid)
		}
	}
}
