package seeds

import (
	"strings"
	"testing"
)

// TestNormalizeHost_SaysWhichRule: a name the IDNA profile refuses is
// reported with the rule it breaks and the label (as written, not as
// punycode) that breaks it; x/net/idna's own message names the label, or
// the whole name, or a decoded label ("\u0080" for xn--a), but not the
// rule.
func TestNormalizeHost_SaysWhichRule(t *testing.T) {
	long := strings.Repeat("a", 64)
	for in, want := range map[string]string{
		"*.example.com":    "a wildcard entry (*.) names no one host",
		"a_b.example.com":  `invalid domain name: '_' (U+005F) is not allowed in a host name`,
		long + ".com":      `invalid domain name: label "` + long + `" is longer than 63 bytes`,
		"-bad.com":         `invalid domain name: label "-bad" starts or ends with a hyphen`,
		"-ü.com":           `invalid domain name: label "-ü" starts or ends with a hyphen`,
		"xn--a.com":        `invalid domain name: label "xn--a" is not the punycode of a valid internationalized label`,
		"XN--ZZ.example":   `invalid domain name: label "xn--zz" is not the punycode of a valid internationalized label`,
		"ab--cd.com":       `invalid domain name: label "ab--cd" has hyphens in its third and fourth places`,
		"a\u200cb.com":     `invalid domain name: label "a\u200cb" breaks the IDNA rules (UTS #46)`,
		"www.example。。com": "has an empty label",
		strings.Repeat(strings.Repeat("a", 60)+".", 5) + "com": "invalid domain name: longer than 253 bytes (308)",
	} {
		_, err := normalizeHost(in)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("normalizeHost(%q): %v\nwant an error starting %s", in, err, want)
		}
	}
}
