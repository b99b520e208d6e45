package agentsmd

import (
	"net"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/idna"
)

// ParseBool parses a boolean value (§6.3): true, yes, 1 or on, and false,
// no, 0 or off, in any case. ok is false for any other value.
func ParseBool(s string) (v, ok bool) {
	switch strings.ToLower(s) {
	case "true", "yes", "1", "on":
		return true, true
	case "false", "no", "0", "off":
		return false, true
	}
	return false, false
}

// ParseInt parses an integer value (§6.4, specs README): base-10 digits
// with an optional leading `-`, and no leading zero unless the number is 0.
// So "+30", "030", "1_000", "3.0" and " 3" are not integers. Its error is
// ErrNotInteger or ErrIntegerRange.
func ParseInt(s string) (int64, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || (len(digits) > 1 && digits[0] == '0') {
		return 0, ErrNotInteger
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, ErrNotInteger
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, ErrIntegerRange
	}
	return n, nil
}

// IntegerError is an error of ParseInt.
type IntegerError string

// Error returns the message.
func (e IntegerError) Error() string { return string(e) }

// The errors of ParseInt.
const (
	ErrNotInteger   IntegerError = "not a base-10 integer"
	ErrIntegerRange IntegerError = "integer out of the 64-bit range"
)

// SplitArray splits an array value (§6.5): comma-separated elements, each
// trimmed of white space, empty elements discarded.
func SplitArray(s string) []string {
	var out []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// enumValues returns the values of an enumerated key (§5.2, §5.5).
func enumValues(key string) []string {
	switch key {
	case "authentication":
		return []string{AuthRequired, AuthOptional, AuthNone}
	case "personal-data-collection":
		return []string{"none", "minimal", "standard", "extensive"}
	case "data-retention":
		return []string{"none", "session-only", "30-days", "1-year", "indefinite"}
	case "third-party-sharing":
		return []string{"none", "anonymized", "with-consent", "unrestricted"}
	}
	return nil
}

// parseEnum returns the lower-case value when it is one of key's values
// (enumerated values are case-insensitive, §4.6).
func parseEnum(key, value string) (string, bool) {
	v := strings.ToLower(value)
	for _, e := range enumValues(key) {
		if v == e {
			return v, true
		}
	}
	return "", false
}

// checkSite returns why site is not a domain name without protocol (§5.1),
// or "" when it is one. A port is tolerated; an IP address is accepted.
func checkSite(site string) string {
	if i := strings.Index(site, "://"); i >= 0 {
		return "it includes a scheme (" + site[:i+3] + "); §5.1 asks for the domain name without protocol"
	}
	if strings.ContainsAny(site, "/?#") {
		return "it includes a path; §5.1 asks for the domain name only"
	}
	host := site
	if h, port, err := net.SplitHostPort(site); err == nil && port != "" {
		host = h
	}
	if net.ParseIP(strings.Trim(host, "[]")) != nil {
		return ""
	}
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "it is not a valid host name (" + err.Error() + ")"
	}
	if !strings.Contains(strings.TrimSuffix(ascii, "."), ".") {
		return "it is not a fully qualified domain name"
	}
	return ""
}

// siteHost returns the comparable form of a site or host: ASCII, lower
// case, without port, trailing dot or leading "www.".
func siteHost(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if h, _, err := net.SplitHostPort(s); err == nil {
		s = h
	}
	if ascii, err := idna.Lookup.ToASCII(s); err == nil {
		s = ascii
	}
	s = strings.TrimSuffix(s, ".")
	return strings.TrimPrefix(s, "www.")
}

// checkContact returns why contact is not an email address (§5.1), or "".
func checkContact(contact string) string {
	lower := strings.ToLower(contact)
	switch {
	case strings.HasPrefix(lower, "mailto:"):
		return "it is a mailto: URI; §5.1 asks for an email address"
	case strings.HasPrefix(lower, "http://"), strings.HasPrefix(lower, "https://"):
		return "it is a web address; §5.1 asks for an email address"
	}
	if _, err := mail.ParseAddress(contact); err != nil {
		return "it is not an email address"
	}
	return ""
}

// checkDate reports whether s is an ISO 8601 calendar date (YYYY-MM-DD) or
// an RFC 3339 date-time, the ISO 8601 profile used on the web, whose "T"
// and "Z" may be lower case and whose "T" may be a space (RFC 3339 §5.6).
func checkDate(s string) bool {
	if _, err := time.Parse(time.DateOnly, s); err == nil {
		return true
	}
	if len(s) > len(time.DateOnly) && (s[10] == 't' || s[10] == ' ') {
		s = s[:10] + "T" + s[11:]
	}
	if strings.HasSuffix(s, "z") {
		s = s[:len(s)-1] + "Z"
	}
	_, err := time.Parse(time.RFC3339, s)
	return err == nil
}

// specVersion is a parsed spec-version (§13): MAJOR[.MINOR[.PATCH]] with an
// optional -pre-release or +build suffix.
type specVersion struct{ major, minor, patch int }

// parseSpecVersion parses a semantic version; missing minor and patch
// numbers are 0.
func parseSpecVersion(s string) (specVersion, bool) {
	core := s
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		core = core[:i]
	}
	parts := strings.Split(core, ".")
	if len(parts) > 3 {
		return specVersion{}, false
	}
	var nums [3]int
	for i, p := range parts {
		if p == "" || len(p) > 9 || (len(p) > 1 && p[0] == '0') {
			return specVersion{}, false
		}
		for j := 0; j < len(p); j++ {
			if p[j] < '0' || p[j] > '9' {
				return specVersion{}, false
			}
		}
		nums[i], _ = strconv.Atoi(p)
	}
	return specVersion{nums[0], nums[1], nums[2]}, true
}

// newerThanSupported reports whether v is newer than 1.0.x, the version
// this parser implements (§13.2).
func (v specVersion) newerThanSupported() bool {
	return v.major > 1 || (v.major == 1 && v.minor > 0)
}

// validKey reports whether key matches the ABNF `1*(ALPHA / DIGIT / "-")`
// (Appendix A).
func validKey(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// squash returns s lower case with everything but ASCII letters and digits
// removed: the form in which near-miss names are compared.
func squash(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		}
	}
	return b.String()
}
