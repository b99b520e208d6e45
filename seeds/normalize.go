package seeds

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"golang.org/x/net/idna"
)

// profile is the IDNA profile for host names: the lookup profile of UTS
// #46 with strict STD3 rules (letters, digits and hyphens only).
var profile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.BidiRule(),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(true),
)

// errors returned by normalization; their text becomes the LineError reason.
var (
	errEmpty      = errors.New("empty domain")
	errSpace      = errors.New("contains white space")
	errPath       = errors.New("has a path, query or fragment (give a domain or an origin)")
	errIPLiteral  = errors.New("IP literal where a domain name is expected (give an origin such as https://192.0.2.1 to crawl an address)")
	errScheme     = errors.New("scheme is not http or https")
	errUserinfo   = errors.New("origin has user information")
	errPort       = errors.New("invalid port")
	errSingle     = errors.New("single-label name (not a public domain)")
	errNumericTLD = errors.New("top-level label is numeric")
	errUTF8       = errors.New("not valid UTF-8 (save the seed list as UTF-8)")
	errEmptyLabel = errors.New("has an empty label (a leading dot or two dots in a row)")
	errWildcard   = errors.New("a wildcard entry (*.) names no one host: give the domain, or a host in it")
	errZone       = errors.New("IPv6 address with a zone (%...), which names a network interface of this machine, not a site")
)

// normalizeDomain normalizes a plain domain name. One trailing slash, the
// root path, is dropped as an origin's is ("example.com/").
func normalizeDomain(s string) (string, error) {
	if s == "" {
		return "", errEmpty
	}
	if strings.ContainsAny(s, " \t\v\f\r\u00a0") {
		return "", errSpace
	}
	if s = strings.TrimSuffix(s, "/"); strings.ContainsAny(s, "/?#") {
		return "", errPath
	}
	if strings.Contains(s, ":") {
		if _, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
			return "", errIPLiteral
		}
		return "", errors.New("has a port but no scheme (write an origin such as https://host:port)")
	}
	if _, err := netip.ParseAddr(s); err == nil {
		return "", errIPLiteral
	}
	return normalizeHost(s)
}

// normalizeHost applies IDNA and the label rules to a host name.
func normalizeHost(s string) (string, error) {
	if !utf8.ValidString(s) {
		// x/net/idna reads a bad byte as U+FFFD and encodes it
		// (xn--zn7c) instead of rejecting it.
		return "", errUTF8
	}
	s = strings.TrimRight(s, ".")
	if s == "" {
		return "", errEmpty
	}
	if strings.HasPrefix(s, ".") || strings.Contains(s, "..") {
		// x/net/idna would say "invalid label" and quote the whole name.
		return "", errEmptyLabel
	}
	if strings.HasPrefix(s, "*.") {
		return "", errWildcard
	}
	ascii, err := profile.ToASCII(s)
	if err != nil {
		return "", idnaError(s, ascii, err)
	}
	// The mapping can make a root dot: 。 and ． map to ".", and a soft
	// hyphen after a dot maps to nothing.
	ascii = strings.ToLower(strings.TrimRight(ascii, "."))
	if ascii == "" {
		return "", errEmpty
	}
	labels := strings.Split(ascii, ".")
	if len(labels) < 2 {
		return "", errSingle
	}
	if _, err := strconv.Atoi(labels[len(labels)-1]); err == nil {
		return "", errNumericTLD
	}
	return ascii, nil
}

// idnaError says which rule of a host name the IDNA profile found broken:
// x/net/idna names the label ("invalid label \"-a\"", the decoded text of
// a bad xn-- label, the whole name when it is too long) or the rune, not
// the rule. partial is what ToASCII returned with err for name: the name
// mapped, its labels in punycode as far as they convert.
func idnaError(name, partial string, err error) error {
	const prefix = "invalid domain name: "
	msg := strings.TrimPrefix(err.Error(), "idna: ")
	if hex, ok := strings.CutPrefix(msg, "disallowed rune U+"); ok {
		if r, perr := strconv.ParseUint(hex, 16, 32); perr == nil {
			return fmt.Errorf(prefix+"%q (U+%s) is not allowed in a host name (letters, digits and hyphens)", rune(r), hex)
		}
	}
	partial = strings.TrimSuffix(partial, ".")
	for _, l := range strings.Split(partial, ".") {
		if l == "" {
			return errEmptyLabel // made by the mapping: "a。。b"
		}
		if _, err := profile.ToASCII(l); err == nil {
			continue
		}
		// A label written in Unicode is in partial as punycode: show
		// it as written.
		show, written := l, true
		if strings.HasPrefix(l, "xn--") && !strings.Contains(strings.ToLower(name), l) {
			if u, err := idna.Punycode.ToUnicode(l); err == nil && u != "" {
				show, written = u, false
			}
		}
		q := strconv.Quote(diag.Clip(show))
		switch {
		case len(l) > 63 && written:
			return fmt.Errorf(prefix+"label %s is longer than 63 bytes", q)
		case len(l) > 63:
			return fmt.Errorf(prefix+"label %s is longer than 63 bytes in punycode (%d)", q, len(l))
		case show[0] == '-' || show[len(show)-1] == '-':
			return fmt.Errorf(prefix+"label %s starts or ends with a hyphen", q)
		case strings.HasPrefix(show, "xn--"):
			return fmt.Errorf(prefix+"label %s is not the punycode of a valid internationalized label", q)
		case len(show) > 4 && show[2:4] == "--":
			return fmt.Errorf(prefix+"label %s has hyphens in its third and fourth places, reserved for encodings such as xn--", q)
		}
		return fmt.Errorf(prefix+"label %s breaks the IDNA rules (UTS #46) for joiners, combining marks or right-to-left text", q)
	}
	if len(partial) > 253 {
		return fmt.Errorf(prefix+"longer than 253 bytes (%d)", len(partial))
	}
	return errors.New(prefix + msg)
}

// normalizeOrigin parses an origin "scheme://host[:port][/]".
func normalizeOrigin(s string) (host, port, scheme string, err error) {
	if strings.ContainsAny(s, " \t") {
		return "", "", "", errSpace
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", "", "", errors.New("invalid origin: " + strings.TrimPrefix(err.Error(), "parse "))
	}
	scheme = strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", "", "", errScheme
	}
	if u.User != nil {
		return "", "", "", errUserinfo
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", "", "", errPath
	}
	port = u.Port()
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return "", "", "", errPort
		}
		if (scheme == "https" && n == 443) || (scheme == "http" && n == 80) {
			port = ""
		} else {
			port = strconv.Itoa(n)
		}
	}
	h := u.Hostname()
	if h == "" {
		return "", "", "", errEmpty
	}
	if addr, err := netip.ParseAddr(h); err == nil {
		if addr.Zone() != "" {
			// fe80::1%eth0 names an address on one machine's interface,
			// and would print as an origin that does not parse back.
			return "", "", "", errZone
		}
		return addr.Unmap().String(), port, scheme, nil
	}
	host, err = normalizeHost(h)
	return host, port, scheme, err
}

func isIPv6(host string) bool {
	a, err := netip.ParseAddr(host)
	return err == nil && a.Is6()
}
