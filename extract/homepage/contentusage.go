package homepage

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/sfv"
	"github.com/agentpolicy/survey/extract/robots"
)

// ContentUsage is the Content-Usage response header
// (draft-ietf-aipref-attach-05 §2): a Structured Fields Dictionary of usage
// categories and preferences, processed with the vocabulary's algorithm
// (draft-ietf-aipref-vocab-08 §6.5), exactly as the statement of
// preference of a robots.txt Content-Usage rule (robots.ParseUsagePreference).
type ContentUsage struct {
	// Raw is the field value as received, several field lines joined with
	// ", " (RFC 9110 §5.3).
	Raw string `json:"raw"`
	// Valid is true when the field lines, combined as RFC 9651 §4.2
	// combines them, parse as a Dictionary. An invalid field expresses no
	// preference (vocab §6.5.1).
	Valid bool `json:"valid"`
	// Preferences maps the usage categories survey records ("train-ai",
	// "search"; specs README) to "y" (allowed) or "n" (disallowed). A
	// category that is absent, or whose value is not the Token y or n, has
	// no preference and is left out; of a key repeated, in one field line
	// or across several, the last value counts (vocab §6.5.1).
	Preferences map[string]string `json:"preferences,omitempty"`
	// UnknownKeys are the other dictionary keys, in order.
	UnknownKeys []string `json:"unknown_keys,omitempty"`
}

// parseContentUsage parses the Content-Usage field lines with
// robots.ParseUsagePreference: parameters are ignored, unknown keys are
// ignored, and a value other than the Token y or n expresses no preference.
func parseContentUsage(lines []string, diags *diagnostics) *ContentUsage {
	cu := &ContentUsage{Raw: strings.Join(lines, ", ")}
	up, err := robots.ParseUsagePreference(lines...)
	if err != nil {
		diags.Add(codeContentUsageUnparsable, 0, "Content-Usage %q is not a Structured Fields Dictionary (%s); it expresses no preference", diag.Clip(cu.Raw), sfv.Explain(err, cu.Raw))
		return cu
	}
	cu.Valid = true
	cu.Preferences = up.Preferences
	cu.UnknownKeys = up.UnknownKeys
	for _, m := range up.Unrecorded {
		diags.Add(codeContentUsageUnrecorded, 0, "Content-Usage %s: AI Use, a category of draft-ietf-aipref-vocab-08 §4.2 that survey does not record (it records train-ai and search)", m)
	}
	for _, key := range up.UnknownKeys {
		if note := robots.UsageLabelNote(key); note != "" {
			diags.Add(codeContentUsageUnknownKey, 0, "Content-Usage key %q (%s) is not a category survey records (train-ai, search); it is ignored", key, note)
			continue
		}
		diags.Add(codeContentUsageUnknownKey, 0, "Content-Usage key %q is not a category survey records (train-ai, search); it is ignored", key)
	}
	for _, m := range up.UnknownValues {
		why := ""
		if note := robots.UsageValueNote(m); note != "" {
			why = " (" + note + ")"
		}
		diags.Add(codeContentUsageBadValue, 0, "Content-Usage %s: the value is not the Token y or n%s, so no preference is expressed", m, why)
	}
	for _, m := range up.CategoryParams {
		diags.Add(codeContentUsageParameter, 0, "Content-Usage %s: a category is written as a parameter (\";\" where \",\" separates preferences); its preference is disregarded", m)
	}
	return cu
}
