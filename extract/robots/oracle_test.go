package robots

// Differential test of the evaluator (Parse, NewMatcher, Matcher.Allowed)
// against github.com/jimsmart/grobotstxt, a Go port of google/robotstxt.
// docs/formats.md says survey reads robots.txt as google/robotstxt does
// except where its robots.txt section says otherwise, so every difference
// in the allow/disallow answer, in whether a group names the agent, or in
// the deciding line, is a finding unless it falls in one of the classes
// below. Each class is removed from the oracle's input or expectation, not
// by skipping whole cases, so that the test still fails on any other
// difference:
//
//   - Percent-encoding and dot segments (docs/formats.md, robots.txt,
//     Evaluator steps 3 and 4; RFC 9309 §2.2.2): survey decodes escaped
//     unreserved characters and upper-cases hex digits on both sides,
//     encodes non-ASCII bytes, controls, SP and a "%" that starts no
//     escape, compares a "*" or "$" in the URL as "%2A" or "%24", and
//     removes "." and ".." segments from the URL's path. google/robotstxt
//     matches the URL as given. The oracle is given the URL and every
//     rule path already normalized that way (oracleNormalize), so that it
//     checks the matching, the grouping and the precedence, not the
//     normalization, which oracleNormalize checks independently.
//   - /robots.txt is always allowed (RFC 9309 §2.2.2, "The /robots.txt URI
//     is implicitly allowed"; formats.md Evaluator step 4); google/robotstxt
//     has no such rule.
//   - "Allow: /dir/index.html" (or .htm) also allowing "/dir/" is a
//     google/robotstxt optimization that RFC 9309 §2.2.2 does not have
//     (formats.md, robots.txt, Decisions, Paths): such an allow line is
//     given to the oracle as an allow rule that matches nothing when its
//     own pattern does not match the URL.
//   - Lines longer than google/robotstxt's 16,663-byte line buffer are cut
//     there by google and kept whole by survey (formats.md, Decisions,
//     Lines and comments): such bodies are not compared.
//   - The port's own departures from google/robotstxt (C++), which survey
//     follows: the port reads a user-agent value's product token with
//     RFC 7231 token characters (digits, ".", "~", ...), google and RFC
//     9309 §2.2.1 with [a-zA-Z_-] only; the port trims Unicode white space
//     (U+00A0, U+0085, U+2000, ...) from lines, keys and values where
//     google trims ASCII white space only; and it accepts "diaslow", which
//     google does not. The oracle is given each line as google's C++
//     parser reads it (googleLine): user-agent values reduced to google's
//     token, lines google does not read as user-agent, allow or disallow
//     records blanked.

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/jimsmart/grobotstxt"
)

// googleMaxLine is the number of bytes of a line google/robotstxt keeps
// (kMaxLineLen 2083*8, less its terminating NUL).
const googleMaxLine = 2083*8 - 1

// oracleVerdict is what the oracle says about one query.
type oracleVerdict struct {
	allowed bool
	named   bool // a group names the agent (EverSeenSpecificAgent)
	line    int  // the deciding rule's line, 0 when none decides
	// skip is non-empty when the case falls in an excluded class that
	// cannot be removed from the input.
	skip string
}

// googleSplit splits body into lines as google/robotstxt does: a UTF-8
// byte order mark, or any prefix of one, is skipped (and returned as bom),
// and lines end at LF, CR or CRLF (ends[i] is the terminator of lines[i]).
// long reports a line longer than googleMaxLine.
func googleSplit(body string) (bom string, lines, ends []string, long bool) {
	const utf8BOM = "\xEF\xBB\xBF"
	i := 0
	for i < len(utf8BOM) && i < len(body) && body[i] == utf8BOM[i] {
		i++
	}
	bom, body = body[:i], body[i:]
	for {
		j := strings.IndexAny(body, "\r\n")
		if j < 0 {
			lines, ends = append(lines, body), append(ends, "")
			break
		}
		k := j + 1
		if body[j] == '\r' && k < len(body) && body[k] == '\n' {
			k++
		}
		lines, ends = append(lines, body[:j]), append(ends, body[j:k])
		body = body[k:]
	}
	for _, l := range lines {
		long = long || len(l) > googleMaxLine
	}
	return bom, lines, ends, long
}

// asciiSpace is absl::ascii_isspace.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func asciiTrim(s string) string {
	for s != "" && asciiSpace(s[0]) {
		s = s[1:]
	}
	for s != "" && asciiSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// googleKeyValue is google's RobotsTxtParser::GetKeyAndValueFrom.
func googleKeyValue(line string) (key, value string, ok bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = asciiTrim(line)
	sep := strings.IndexByte(line, ':')
	if sep < 0 {
		sep = strings.IndexAny(line, " \t")
		if sep >= 0 {
			val := strings.TrimLeft(line[sep:], " \t")
			if strings.ContainsAny(val, " \t") {
				return "", "", false
			}
		}
	}
	if sep < 0 {
		return "", "", false
	}
	key = asciiTrim(line[:sep])
	if key == "" {
		return "", "", false
	}
	return key, asciiTrim(line[sep+1:]), true
}

// googleKey classifies a key as google's ParsedRobotsKey::Parse does:
// "user-agent", "allow", "disallow" or "" for anything else.
func googleKey(key string) string {
	has := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if len(key) >= len(p) && strings.EqualFold(key[:len(p)], p) {
				return true
			}
		}
		return false
	}
	switch {
	case has("user-agent", "useragent", "user agent"):
		return "user-agent"
	case has("allow"):
		return "allow"
	case has("disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"):
		return "disallow"
	}
	return ""
}

// googleAgent is the product token google's RobotsMatcher::HandleUserAgent
// reads from a user-agent value: "*" for the global group, else the
// leading [a-zA-Z_-] characters.
func googleAgent(v string) string {
	if v != "" && v[0] == '*' && (len(v) == 1 || asciiSpace(v[1])) {
		return "*"
	}
	i := 0
	for i < len(v) && (v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z' || v[i] == '-' || v[i] == '_') {
		i++
	}
	return v[:i]
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// oracleNormalize normalizes a literal run of a path or pattern as
// docs/formats.md (robots.txt, Evaluator step 3) says, written from that
// text rather than from survey's code: escapes of unreserved characters
// decoded, other escapes with upper-case hex digits, non-ASCII bytes,
// controls, SP, "*", "$" and a "%" that starts no escape percent-encoded.
func oracleNormalize(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			var v byte
			for _, h := range []byte{s[i+1], s[i+2]} {
				v <<= 4
				switch {
				case h >= 'a':
					v |= h - 'a' + 10
				case h >= 'A':
					v |= h - 'A' + 10
				default:
					v |= h - '0'
				}
			}
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteString("%" + string(hex[v>>4]) + string(hex[v&15]))
			}
			i += 2
		case c <= ' ' || c >= 0x7F || c == '%' || c == '*' || c == '$':
			b.WriteString("%" + string(hex[c>>4]) + string(hex[c&15]))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// oraclePattern normalizes a rule path: each literal run between "*"
// wildcards is normalized, and a final "$" anchors (RFC 9309 §2.2.3).
func oraclePattern(p string) string {
	anchored := strings.HasSuffix(p, "$")
	if anchored {
		p = p[:len(p)-1]
	}
	parts := strings.Split(p, "*")
	for i := range parts {
		parts[i] = oracleNormalize(parts[i])
	}
	p = strings.Join(parts, "*")
	if anchored {
		p += "$"
	}
	return p
}

// removeDots removes the "." and ".." segments of an absolute path (RFC
// 3986 §5.2.4), written as a segment stack.
func removeDots(p string) string {
	segs := strings.Split(p[1:], "/")
	var out []string
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	return "/" + strings.Join(out, "/")
}

// oracleURL returns the path and query of the URL u, normalized as
// docs/formats.md's Evaluator says (steps 3 and 4).
func oracleURL(u *url.URL) (pathQuery string, path string) {
	s := u.String()
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	// u is absolute ("http://example.com..."): the path starts at the
	// first "/" or "?" after the authority.
	rest := s[strings.Index(s, "://")+3:]
	i := strings.IndexAny(rest, "/?")
	if i < 0 {
		return "/", "/"
	}
	rest = rest[i:]
	if rest[0] == '?' {
		rest = "/" + rest
	}
	p, q, hasQuery := strings.Cut(rest, "?")
	path = removeDots(oracleNormalize(p))
	pathQuery = path
	if hasQuery {
		pathQuery += "?" + oracleNormalize(q)
	}
	return pathQuery, path
}

// portAgent is the product token the port reads from a user-agent value
// that is not "*": RFC 7231 token characters.
func portAgent(v string) string {
	i := 0
	for i < len(v) && (v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z' || v[i] >= '0' && v[i] <= '9' || strings.IndexByte("~#$%'*+-.^_`|", v[i]) >= 0) {
		i++
	}
	return v[:i]
}

// portReadsAsGoogle reports whether the port reads line as google's C++
// parser does, so that the oracle can be given the line as it is: the
// port trims Unicode white space (strings.TrimSpace) where google trims
// ASCII white space, reads the value of a line without a colon after any
// white space, and accepts "diaslow".
func portReadsAsGoogle(line string) bool {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	if strings.TrimSpace(line) != asciiTrim(line) {
		return false
	}
	line = asciiTrim(line)
	sep := strings.IndexByte(line, ':')
	if sep < 0 {
		sep = strings.IndexAny(line, " \t")
		if sep < 0 {
			return true
		}
		if strings.TrimSpace(line[sep:]) != strings.TrimLeft(line[sep:], " \t") {
			return false
		}
	}
	key, value := line[:sep], line[sep+1:]
	if strings.TrimSpace(key) != asciiTrim(key) || strings.TrimSpace(value) != asciiTrim(value) {
		return false
	}
	key = asciiTrim(key)
	return googleKey(key) != "" || len(key) < 7 || !strings.EqualFold(key[:7], "diaslow")
}

// oracleBody rewrites body as google's C++ parser reads it, with rule paths
// normalized (see the classes at the top of the file): a line the port
// reads as google does, and whose value needs no change, is kept as it is;
// another line is given as "key:value" with google's key and the changed
// value, or blanked when google reads no user-agent, allow or disallow
// record in it. Line numbers stay the same. rules maps the line number of
// each allow or disallow record to the path the oracle is given.
func oracleBody(body, urlPath string) (out string, rules map[int]string, long bool) {
	bom, lines, ends, long := googleSplit(body)
	rules = map[int]string{}
	var b strings.Builder
	b.WriteString(bom)
	for i, line := range lines {
		keep := portReadsAsGoogle(line)
		key, value, ok := googleKeyValue(line)
		if ok {
			var v string
			switch googleKey(key) {
			case "user-agent":
				v = googleAgent(value)
				portGlobal := value != "" && value[0] == '*' && (len(value) == 1 || unicode.IsSpace(rune(value[1])))
				keep = keep && (v == "*") == portGlobal && (v == "*" || portAgent(value) == v)
			case "allow":
				v = oraclePattern(value)
				if j := strings.LastIndexByte(v, '/'); j >= 0 && strings.HasPrefix(v[j:], "/index.htm") && !grobotstxt.Matches(urlPath, v) {
					v = "x" // google's index.html optimization: matches nothing here
				}
				rules[i+1] = v
				keep = keep && v == value
			case "disallow":
				v = oraclePattern(value)
				rules[i+1] = v
				keep = keep && v == value
			default:
				ok = false
			}
			if !keep && ok {
				line = key + ":" + v
			}
		}
		if !keep && !ok {
			line = "#" // not empty: "\r" + "" + "\n" would join two lines
		}
		b.WriteString(line)
		b.WriteString(ends[i])
	}
	return b.String(), rules, long
}

// askOracle returns grobotstxt's verdict on agent fetching rawURL under
// body, with the excluded classes removed from its input. ok is false
// when rawURL is not a URL net/url parses (the port then answers
// "disallowed" whatever the file says) or not an http(s) URL or a path.
func askOracle(t testing.TB, body, agent, rawURL string) (v oracleVerdict, surveyURL string, ok bool) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Opaque != "" || (u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https") {
		// Not a URL both take: survey takes an absolute http(s) URL or
		// a path, google a URL ("a:" is a path to survey, "/" to google).
		return v, "", false
	}
	if u.Scheme == "" {
		u.Scheme, u.Host = "http", "example.com"
	}
	surveyURL = u.String()
	pathQuery, path := oracleURL(u)
	if path == "/robots.txt" {
		// RFC 9309 §2.2.2: "The /robots.txt URI is implicitly allowed."
		return oracleVerdict{allowed: true, skip: "/robots.txt"}, surveyURL, true
	}
	rewritten, rules, long := oracleBody(body, pathQuery)
	if long {
		return oracleVerdict{skip: "line longer than google's line buffer"}, surveyURL, true
	}
	target := "http://example.com" + pathQuery
	if u2, err := url.Parse(target); err != nil || u2.String() != target {
		t.Fatalf("the normalized URL %q does not survive the oracle's url.Parse: %v", target, err)
	}
	m := grobotstxt.NewRobotsMatcher()
	v.allowed = m.AgentAllowed(rewritten, agent, target)
	v.named = m.EverSeenSpecificAgent()
	v.line = m.MatchingLine()
	if rules[v.line] == "" {
		v.line = 0 // an empty pattern matches with priority 0: it decides nothing
	}
	return v, surveyURL, true
}

// isQueryToken reports whether agent is what the oracle is asked with: "*"
// or a product token ([a-zA-Z_-]+), as google's matcher requires.
func isQueryToken(agent string) bool {
	return agent == "*" || (agent != "" && googleAgent(agent) == agent)
}

// compareWithOracle asks survey and the oracle and reports a difference.
func compareWithOracle(t *testing.T, body, agent, rawURL string) {
	t.Helper()
	if !isQueryToken(agent) {
		return
	}
	want, surveyURL, ok := askOracle(t, body, agent, rawURL)
	if !ok {
		return
	}
	if want.skip != "" && want.skip != "/robots.txt" {
		return
	}
	f, _ := Parse([]byte(body))
	got := NewMatcher(f).Allowed(agent, surveyURL)
	if got.Allowed != want.allowed || (want.skip == "" && ((got.Applies == Named) != want.named || got.Line != want.line)) {
		t.Errorf("agent %q, URL %q (given to survey as %q):\nsurvey: allowed %v, applies %s, line %d (%s)\noracle: allowed %v, named %v, line %d\nrobots.txt: %q",
			agent, rawURL, surveyURL, got.Allowed, got.Applies, got.Line, got.Reason, want.allowed, want.named, want.line, body)
	}
}

// oracleCases are hand-picked (robots.txt, agent, URL) triples.
var oracleCases = []struct {
	name, body, agent, url string
}{
	{"simple", "User-agent: *\nDisallow: /private\n", "FooBot", "/private/x"},
	{"allow-longer", "User-agent: *\nDisallow: /\nAllow: /public\n", "FooBot", "/public/a"},
	{"tie-allow", "User-agent: *\nDisallow: /a\nAllow: /a\n", "FooBot", "/a"},
	{"named-over-star", "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nAllow: /x\n", "FooBot", "/y"},
	{"named-empty-group", "User-agent: FooBot\n\nUser-agent: *\nDisallow: /\n", "FooBot", "/y"},
	{"named-empty-group-closed", "User-agent: FooBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", "FooBot", "/y"},
	{"merge", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: A\nDisallow: /z\n", "a", "/z"},
	{"star-space", "User-agent: * foo\nDisallow: /\n", "BarBot", "/"},
	{"star-tab", "User-agent: *\tfoo\nDisallow: /\n", "BarBot", "/"},
	{"star-vtab", "User-agent: *\vfoo\nDisallow: /\n", "BarBot", "/"},
	{"star-formfeed", "User-agent: *\ffoo\nDisallow: /\n", "BarBot", "/"},
	{"star-glued", "User-agent: *foo\nDisallow: /\n", "BarBot", "/"},
	{"ua-version", "User-agent: FooBot/2.1\nDisallow: /\n", "FooBot", "/a"},
	{"ua-full-string", "User-agent: Mozilla/5.0 (compatible; FooBot/1.0)\nDisallow: /\n", "Mozilla", "/a"},
	{"ua-digits", "User-agent: AI2Bot\nDisallow: /\n", "AI", "/a"},
	{"ua-dot", "User-agent: Foo.Bot\nDisallow: /\n", "Foo", "/a"},
	{"ua-case", "user-AGENT: fOObOT\nDisallow: /\n", "FOOBOT", "/a"},
	{"ua-no-colon", "User-agent FooBot\nDisallow /\n", "FooBot", "/a"},
	{"no-colon-three-words", "User-agent: FooBot\nDisallow / x\n", "FooBot", "/a"},
	{"no-colon-vtab", "User-agent: FooBot\nDisallow \v /x\n", "FooBot", "/x"},
	{"typo-useragent", "Useragent: FooBot\nDisallow: /\n", "FooBot", "/a"},
	{"typo-user-agent-space", "User agent: FooBot\nDisallow: /\n", "FooBot", "/a"},
	{"typo-user-agents", "User-agents: FooBot\nDisallow: /\n", "FooBot", "/a"},
	{"typo-dissallow", "User-agent: *\nDissallow: /a\n", "FooBot", "/a"},
	{"typo-disalow", "User-agent: *\nDisalow: /a\n", "FooBot", "/a"},
	{"typo-diasllow", "User-agent: *\nDiasllow: /a\n", "FooBot", "/a"},
	{"typo-diaslow", "User-agent: *\nDiaslow: /a\n", "FooBot", "/a"},
	{"typo-disallaw", "User-agent: *\nDisallaw: /a\n", "FooBot", "/a"},
	{"prefix-disallowed", "User-agent: *\nDisallowed: /a\n", "FooBot", "/a"},
	{"prefix-allowed", "User-agent: *\nDisallow: /\nAllowed: /a\n", "FooBot", "/a"},
	{"prefix-user-agent-x", "User-agent-x: FooBot\nDisallow: /\n", "FooBot", "/a"},
	{"unknown-keeps-group", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/x"},
	{"sitemap-keeps-group", "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n", "a", "/x"},
	{"rule-before-group", "Disallow: /\nUser-agent: *\nAllow: /a\n", "FooBot", "/b"},
	{"comment", "User-agent: * # all\nDisallow: /a # no\n", "FooBot", "/a"},
	{"crlf", "User-agent: *\r\nDisallow: /a\r\n", "FooBot", "/a"},
	{"cr", "User-agent: *\rDisallow: /a\r", "FooBot", "/a"},
	{"bom", "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n", "FooBot", "/a"},
	{"partial-bom", "\xEF\xBBUser-agent: *\nDisallow: /a\n", "FooBot", "/a"},
	{"wildcard", "User-agent: *\nDisallow: /*.php$\n", "FooBot", "/a/b.php"},
	{"wildcard-query", "User-agent: *\nDisallow: /*.php$\n", "FooBot", "/a/b.php?x"},
	{"wildcard-multi", "User-agent: *\nDisallow: /a*b*c\n", "FooBot", "/axxbyyc"},
	{"dollar-middle", "User-agent: *\nDisallow: /a$b\n", "FooBot", "/a$b"},
	// A "$" inside a pattern is "%24", three octets, so this disallow
	// (6 octets) beats the allow (5); google counts it as one octet.
	{"dollar-middle-priority", "User-agent: *\nDisallow: /a$b\nAllow: /a*bc\n", "FooBot", "/a$bc"},
	{"dollar-only", "User-agent: *\nDisallow: $\n", "FooBot", "/"},
	{"star-only", "User-agent: *\nDisallow: *\n", "FooBot", "/a"},
	{"star-in-url", "User-agent: *\nDisallow: /a%2A\n", "FooBot", "/a*"},
	{"query", "User-agent: *\nDisallow: /*?sid=\n", "FooBot", "/p?sid=1"},
	{"percent-upper", "User-agent: *\nDisallow: /a%2f\n", "FooBot", "/a%2F"},
	{"percent-unreserved", "User-agent: *\nDisallow: /%7Efoo\n", "FooBot", "/~foo"},
	{"percent-slash", "User-agent: *\nDisallow: /a%2Fb\n", "FooBot", "/a/b"},
	{"percent-stray", "User-agent: *\nDisallow: /a%$\n", "FooBot", "/a%25"},
	{"non-ascii-rule", "User-agent: *\nDisallow: /café\n", "FooBot", "/caf%C3%A9"},
	{"non-ascii-url", "User-agent: *\nDisallow: /caf%c3%a9\n", "FooBot", "/café"},
	{"non-ascii-query", "User-agent: *\nDisallow: /*?q=é\n", "FooBot", "/s?q=é"},
	{"space-in-rule", "User-agent: *\nDisallow: /a b\n", "FooBot", "/a%20b"},
	{"dot-segments", "User-agent: *\nDisallow: /admin\n", "FooBot", "/public/../admin/x"},
	{"robots-txt", "User-agent: *\nDisallow: /\n", "FooBot", "/robots.txt"},
	{"index-html", "User-agent: *\nDisallow: /\nAllow: /dir/index.html\n", "FooBot", "/dir/"},
	{"empty-disallow", "User-agent: *\nDisallow:\n", "FooBot", "/a"},
	{"not-absolute", "User-agent: *\nDisallow: a\n", "FooBot", "/a"},
	{"full-url", "User-agent: *\nDisallow: /a\n", "FooBot", "https://example.com/a?b#c"},
	{"full-url-no-path", "User-agent: *\nDisallow: /$\n", "FooBot", "https://example.com"},
	{"star-agent", "User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nAllow: /\n", "*", "/a"},
	{"nbsp-key", "User-agent: *\n\u00a0Disallow: /a\n", "FooBot", "/a"},
	{"nbsp-star", "User-agent: *\u00a0x\nDisallow: /a\n", "FooBot", "/a"},
	{"long-line", "User-agent: *\nDisallow: /" + strings.Repeat("a", googleMaxLine) + "b\n", "FooBot", "/" + strings.Repeat("a", googleMaxLine)},
}

func TestOracle(t *testing.T) {
	for _, c := range oracleCases {
		t.Run(c.name, func(t *testing.T) { compareWithOracle(t, c.body, c.agent, c.url) })
	}
}

// TestOracle_Regressions pins, without the oracle, the answers where survey
// differed from google/robotstxt until the differential test found it.
func TestOracle_Regressions(t *testing.T) {
	runMatchCases(t, []matchCase{
		// "*" followed by VT or FF names the global group, as "*" followed
		// by SP or HTAB does (google: isspace(user_agent[1])).
		{"StarVerticalTab", "User-agent: *\vfoo\nDisallow: /\n", "BarBot", "/", false, 2},
		{"StarFormFeed", "User-agent: *\ffoo\nDisallow: /\n", "BarBot", "/", false, 2},
		// Without a colon, words are separated by SP and HTAB only: VT is a
		// third word, so the line is no record.
		{"NoColonVerticalTab", "User-agent: FooBot\nDisallow \v /x\n", "FooBot", "/x", true, 0},
		// A name that starts with a record name is that record.
		{"PrefixDisallowed", "User-agent: *\nDisallowed: /a\n", "FooBot", "/a", false, 2},
		{"PrefixAllowed", "User-agent: *\nDisallow: /\nAllowed: /a\n", "FooBot", "/a", true, 3},
		{"PrefixUserAgent", "User-agent-x: FooBot\nDisallow: /\n", "FooBot", "/a", false, 2},
		{"PrefixDisallowAITraining", "User-agent: *\nDisallowAITraining: /\n", "FooBot", "/a", false, 2},
		{"PrefixTypo", "User-agent: *\nDisalowed: /a\n", "FooBot", "/a", false, 2},
		{"PrefixLongName", "User-agent-for-all-crawlers: FooBot\nDisallow: /\n", "FooBot", "/a", false, 2},
	})
}

// oracleSeedAgents and oracleSeedURLs are crossed with the corpus bodies.
var (
	oracleSeedAgents = []string{"*", "FooBot", "foobot", "Googlebot", "GPTBot", "ExampleBot", "a", "e"}
	oracleSeedURLs   = []string{"/", "/a", "/c", "/example/page.html", "/x.gif", "/foo/bar?q=1", "/%7Ea", "/caf%C3%A9"}
)

func TestOracle_Corpus(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range oracleSeedAgents {
			for _, u := range oracleSeedURLs {
				t.Run(fmt.Sprintf("%s/%s%s", filepath.Base(p), a, u), func(t *testing.T) {
					compareWithOracle(t, string(body), a, u)
				})
			}
		}
	}
}

// FuzzOracle compares survey's evaluator with the oracle on arbitrary
// (robots.txt, agent, URL) triples.
func FuzzOracle(f *testing.F) {
	for _, c := range oracleCases {
		f.Add(c.body, c.agent, c.url)
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txt"))
	for i, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(body), oracleSeedAgents[i%len(oracleSeedAgents)], oracleSeedURLs[i%len(oracleSeedURLs)])
	}
	f.Fuzz(func(t *testing.T, body, agent, rawURL string) {
		if len(body) > 1<<16 || len(rawURL) > 1<<12 {
			return
		}
		compareWithOracle(t, body, agent, rawURL)
	})
}

// genSource draws choices from fuzz bytes; it yields zeros when they run out.
type genSource struct{ data []byte }

func (g *genSource) intn(n int) int {
	if len(g.data) == 0 {
		return 0
	}
	c := int(g.data[0])
	g.data = g.data[1:]
	return c % n
}

func (g *genSource) pick(s []string) string { return s[g.intn(len(s))] }

var (
	genUAKeys = []string{"User-agent", "user-agent", "USER-AGENT", "useragent", "User agent",
		"User-agents", "User-agent-x", "Useragent", "User_agent"}
	genAllowKeys    = []string{"Allow", "allow", "ALLOW", "Allowed", "Allow-x", "alow"}
	genDisallowKeys = []string{"Disallow", "disallow", "DISALLOW", "Dissallow", "Dissalow", "Disalow",
		"Diasllow", "Diaslow", "Disallaw", "Disallowed", "DisallowAITraining", "Dis-allow"}
	genOtherKeys = []string{"Crawl-delay", "Sitemap", "Content-Usage", "Content-Signal", "Host",
		"Noindex", "X-Foo", "Site-map", "sitemaps"}
	genSeps       = []string{":", ": ", " : ", "\t:\t", " ", "\t", ":\v", "\v:", ":\f", "  "}
	genSpace      = []string{"", "", "", " ", "\t", "\v", "\f", "\u00a0"}
	genUAValues   = []string{"*", "* x", "*\tx", "*\vx", "*x", "FooBot", "foobot", "FooBot/1.2", "Mozilla/5.0 (compatible; FooBot/1.0)", "Foo Bot", "AI2Bot", "Foo.Bot", "BarBot", "Foo-Bar", "Foo_Bar", "", "FOOBOT*", "é", "FooBoté", "Foo"}
	genPathPieces = []string{"/", "/", "/", "a", "b", "*", "*", "$", "%2F", "%2f", "%7E", "%7e", "~",
		"%41", "é", "%C3%A9", "%c3%a9", "?", "=", "%", "%2", " ", ".", "..", "index.html", ";",
		"%24", "%2A", "%2a", "&", "\t", "\x7f", "%00", "%25", "A", "%2E"}
	genURLPieces = []string{"/", "/", "/", "a", "b", "A", "%2F", "%2f", "%7E", "%7e", "~", "%41", "é",
		"%C3%A9", "%c3%a9", "?", "=", "$", "*", "%24", "%2A", "%2a", ".", "..", "%2E", "index.html",
		";", "&", "%20", "%25", "robots.txt", "#"}
	genAgents = []string{"FooBot", "foobot", "FOOBOT", "BarBot", "*", "AI", "Foo", "Mozilla", "Foo-Bar", "Foo_Bar", "x"}
	genEnds   = []string{"\n", "\n", "\r\n", "\r"}
)

// generateCase builds a (robots.txt, agent, URL) triple from fuzz bytes.
func generateCase(data []byte) (body, agent, rawURL string) {
	g := &genSource{data: data}
	var b strings.Builder
	if g.intn(8) == 0 {
		b.WriteString(g.pick([]string{"\xEF\xBB\xBF", "\xEF\xBB", "\xEF"}))
	}
	path := func(pieces []string, n int) string {
		var p strings.Builder
		for i := g.intn(n); i >= 0; i-- {
			p.WriteString(g.pick(pieces))
		}
		return p.String()
	}
	lines := 1 + g.intn(12)
	for i := 0; i < lines; i++ {
		b.WriteString(g.pick(genSpace))
		var key, value string
		switch g.intn(10) {
		case 0, 1, 2:
			key, value = g.pick(genUAKeys), g.pick(genUAValues)
		case 3, 4:
			key, value = g.pick(genAllowKeys), path(genPathPieces, 6)
		case 5, 6, 7:
			key, value = g.pick(genDisallowKeys), path(genPathPieces, 6)
		case 8:
			key, value = g.pick(genOtherKeys), path(genPathPieces, 3)
		default:
			b.WriteString(g.pick([]string{"", "# comment", "garbage", "a b c"}))
		}
		if key != "" {
			b.WriteString(key + g.pick(genSeps) + value)
			b.WriteString(g.pick(genSpace))
			if g.intn(6) == 0 {
				b.WriteString(" # c")
			}
		}
		b.WriteString(g.pick(genEnds))
	}
	rawURL = "/" + path(genURLPieces, 6)
	if g.intn(4) == 0 {
		rawURL = "https://example.com" + rawURL
	}
	return b.String(), g.pick(genAgents), rawURL
}

// TestOracle_Generated compares survey with the oracle on generated triples
// (a fixed pseudo-random sequence, so that the test is deterministic).
func TestOracle_Generated(t *testing.T) {
	seed := uint32(1)
	next := func() byte {
		seed = seed*1664525 + 1013904223
		return byte(seed >> 24)
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		data := make([]byte, 96)
		for j := range data {
			data[j] = next()
		}
		body, agent, rawURL := generateCase(data)
		compareWithOracle(t, body, agent, rawURL)
	}
}

// FuzzOracleGenerated is FuzzOracle on triples built by generateCase, which
// reach the interesting combinations faster than byte mutations do.
func FuzzOracleGenerated(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x03\x00\x00\x01\x05\x05\x05\x00\x02\x06\x01\x01\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		body, agent, rawURL := generateCase(data)
		compareWithOracle(t, body, agent, rawURL)
	})
}
