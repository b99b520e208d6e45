package robots

import (
	"reflect"
	"testing"
)

// TestContentUsage_AIUseIsNoWarning: "train-ai=y, search=y, ai-use=y", as
// sites write it in every group, is a valid statement of
// draft-ietf-aipref-vocab-08, whose §4.2 defines ai-use. survey records
// train-ai and search only (specs README), so ai-use=y is an info, not the
// warning of a key recipients ignore.
func TestContentUsage_AIUseIsNoWarning(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nAllow: /\nContent-Usage: / train-ai=y, search=y, ai-use=y\n")
	wantDiags(t, d, "3:robots.content-usage-unrecorded-category")
	if got, want := f.Groups[0].ContentUsage[0].Preferences, map[string]string{"train-ai": "y", "search": "y"}; !reflect.DeepEqual(got, want) {
		t.Errorf("preferences = %v, want %v", got, want)
	}
}
