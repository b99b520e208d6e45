package homepage

import (
	"errors"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/dunglas/httpsfv"
)

// ContentUsage is the Content-Usage response header (draft-ietf-aipref-attach
// §2): a Structured Fields Dictionary of usage categories and preferences.
type ContentUsage struct {
	// Raw is the field value as received, several field lines joined with
	// ", " (RFC 9110 §5.3).
	Raw string `json:"raw"`
	// Valid is true when Raw parses as an RFC 9651 Dictionary. An invalid
	// field expresses no preference.
	Valid bool `json:"valid"`
	// Preferences maps the usage categories survey recognises ("train-ai",
	// "search") to "y" (allowed) or "n" (disallowed). A category that is
	// absent, or whose value is not the Token y or n, has no preference and
	// is left out.
	Preferences map[string]string `json:"preferences,omitempty"`
	// UnknownKeys are the other dictionary keys, in order.
	UnknownKeys []string `json:"unknown_keys,omitempty"`
}

// isUsageCategory reports whether key is a usage category survey
// recognises (specs README: vocabulary train-ai and search, values y/n).
func isUsageCategory(key string) bool { return key == "train-ai" || key == "search" }

// parseContentUsage parses the Content-Usage field lines and applies the
// vocabulary's processing algorithm: parameters are ignored, unknown keys
// are ignored, and a value other than the Token y or n expresses no
// preference.
func parseContentUsage(lines []string, diags *diagnostics) *ContentUsage {
	cu := &ContentUsage{Raw: strings.Join(lines, ", ")}
	dict, err := httpsfv.UnmarshalDictionary(lines)
	if err != nil {
		diags.Add(codeContentUsageUnparsable, 0, "Content-Usage %q is not a Structured Fields Dictionary (%s); it expresses no preference", diag.Clip(cu.Raw), sfError(err))
		return cu
	}
	cu.Valid = true
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		if !isUsageCategory(key) {
			cu.UnknownKeys = append(cu.UnknownKeys, key)
			diags.Add(codeContentUsageUnknownKey, 0, "Content-Usage key %q is not a recognised usage category; it is ignored", key)
			continue
		}
		item, ok := m.(httpsfv.Item)
		tok, isToken := item.Value.(httpsfv.Token)
		if !ok || !isToken || tok != "y" && tok != "n" {
			s, _ := httpsfv.Marshal(m)
			diags.Add(codeContentUsageBadValue, 0, "Content-Usage %s=%s: the value is not the Token y or n, so no preference is expressed", key, s)
			continue
		}
		if cu.Preferences == nil {
			cu.Preferences = map[string]string{}
		}
		cu.Preferences[key] = string(tok)
	}
	return cu
}

// sfError shortens an httpsfv parse error for a message.
func sfError(err error) string {
	var ue *httpsfv.UnmarshalError
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		return ue.Unwrap().Error()
	}
	return err.Error()
}
