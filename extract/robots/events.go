package robots

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/extract/internal/textsniff"
	"github.com/dunglas/httpsfv"
)

// SizeLimit is the parsing limit of RFC 9309 §2.5: crawlers MUST parse at
// least 500 KiB of a robots.txt file and may ignore what follows.
const SizeLimit = 500 * 1024

// Handler receives the records of a robots.txt file, in file order, from
// ParseEvents. Parsing is separate from matching, as in google/robotstxt:
// Builder is the Handler that yields a *File, and other handlers (ai.txt,
// statistics) can be written without building one. Embed NopHandler to
// implement only some methods.
type Handler interface {
	// HandleLine reports the lexical facts of every line, before the record
	// event of that line (if any).
	HandleLine(l Line)
	// HandleUserAgent reports a user-agent line with its value as written.
	HandleUserAgent(line int, value string)
	// HandleAllow reports an allow rule with its path pattern as written.
	HandleAllow(line int, value string)
	// HandleDisallow reports a disallow rule with its path pattern as written.
	HandleDisallow(line int, value string)
	// HandleSitemap reports a sitemap line.
	HandleSitemap(line int, value string)
	// HandleExtension reports a record that RFC 9309 does not define but
	// survey knows (crawl-delay, App-Directives, Content-Usage,
	// Content-Signal, and a few non-standard records). name is the record
	// name as written.
	HandleExtension(line int, ext Extension, name, value string)
	// HandleUnknown reports a record with a name survey does not know.
	HandleUnknown(line int, name, value string)
	// HandleEnd reports facts about the whole body after the last line.
	HandleEnd(info BodyInfo)
}

// NopHandler implements Handler and ignores every event. Embed it in a
// handler that needs only some events.
type NopHandler struct{}

// HandleLine implements Handler.
func (NopHandler) HandleLine(Line) {}

// HandleUserAgent implements Handler.
func (NopHandler) HandleUserAgent(int, string) {}

// HandleAllow implements Handler.
func (NopHandler) HandleAllow(int, string) {}

// HandleDisallow implements Handler.
func (NopHandler) HandleDisallow(int, string) {}

// HandleSitemap implements Handler.
func (NopHandler) HandleSitemap(int, string) {}

// HandleExtension implements Handler.
func (NopHandler) HandleExtension(int, Extension, string, string) {}

// HandleUnknown implements Handler.
func (NopHandler) HandleUnknown(int, string, string) {}

// HandleEnd implements Handler.
func (NopHandler) HandleEnd(BodyInfo) {}

// Extension identifies a record that RFC 9309 does not define but that
// survey recognises. Names are matched case-insensitively.
type Extension string

// The extensions.
const (
	ExtCrawlDelay    Extension = "crawl-delay"    // non-standard, widely used
	ExtAppDirectives Extension = "app-directives" // draft-nottingham-plan-b (also spelled App-Directive)
	ExtContentUsage  Extension = "content-usage"  // draft-ietf-aipref-attach
	ExtContentSignal Extension = "content-signal" // Cloudflare content signals
	ExtHost          Extension = "host"           // Yandex
	ExtCleanParam    Extension = "clean-param"    // Yandex
	ExtRequestRate   Extension = "request-rate"   // robotstxt.org extended proposal
	ExtVisitTime     Extension = "visit-time"     // robotstxt.org extended proposal
	ExtNoIndex       Extension = "noindex"        // unofficial, dropped by Google in 2019
)

// groupScoped reports whether the extension belongs to the group it occurs
// in: all but Host and Clean-param, which Yandex reads file-wide ("The
// Clean-param directive is intersectional, so it can be indicated anywhere
// within the file", Yandex Webmaster help), are group-scoped.
func (e Extension) groupScoped() bool { return e != ExtHost && e != ExtCleanParam }

// Line is what the lexer found on one line.
type Line struct {
	// Number is the 1-based line number.
	Number int
	// Offset is the byte offset of the line's first byte in the body.
	Offset int
	// Key is the record name as written (trimmed); empty for blank and
	// comment-only lines.
	Key string
	// Blank is true for a line holding only whitespace and a comment.
	Blank bool
	// Comment is true when the line has a comment.
	Comment bool
	// MissingColon is true when name and value were separated by
	// whitespace instead of a colon (accepted, as google/robotstxt does).
	MissingColon bool
	// Typo is true when Key is an accepted misspelling of a record name.
	Typo bool
	// Malformed is true for a non-blank line that is not a record; no
	// record event follows it.
	Malformed bool
	// BareValues names the extension ("Content-Signal", "Content-Usage")
	// whose values a line without a colon holds, written without the
	// record name ("ai-train=no", "search=yes, ai-train=no"); such a line
	// is Malformed. Empty for any other line.
	BareValues string
	// InvalidUTF8 is true when the line is not valid UTF-8.
	InvalidUTF8 bool
	// Control is the first control character (other than TAB) on the line,
	// or -1 when there is none. NUL is reported as 0.
	Control int
	// BeyondLimit is true when the line extends past SizeLimit bytes.
	BeyondLimit bool
	// HTMLStart is true when the line opens an HTML document: it starts
	// with "<!doctype html" or an "<html" tag.
	HTMLStart bool

	key keyClass
}

// BodyInfo is what ParseEvents learned about the whole body.
type BodyInfo struct {
	// Bytes is the body length, BOM included.
	Bytes int
	// Lines is the number of lines (a final line without a terminator
	// counts; an empty body has none).
	Lines int
	// BOM is true when the body starts with a UTF-8 byte order mark.
	BOM bool
	// PartialBOM is true when the body starts with the first one or two
	// bytes of a UTF-8 byte order mark only.
	PartialBOM bool
	// NotText is non-empty when the body is not UTF-8 text: "binary",
	// "utf-16" or "utf-32".
	NotText string
	// HTML is true when the body is an HTML document.
	HTML bool
	// LimitLine is the first line extending past SizeLimit bytes, 0 when
	// the body is within the limit.
	LimitLine int
}

// ParseEvents lexes body as robots.txt and reports every line and record to
// h. Lines end at LF, CR or CRLF; a comment runs from "#" to the end of the
// line; names are matched case-insensitively. It never fails: RFC 9309
// §2.3.1.5 asks crawlers to use every parseable line. Time is linear in the
// body; record values are substrings of one copy of it.
func ParseEvents(body []byte, h Handler) {
	info := BodyInfo{Bytes: len(body)}
	info.NotText, info.HTML = sniff(body)
	text := string(body)
	// Skip a byte order mark, or as much of one as there is, as
	// google/robotstxt does.
	start := 0
	for start < len(bom) && start < len(text) && text[start] == bom[start] {
		start++
	}
	info.BOM = start == len(bom)
	if !info.BOM && start > 0 {
		// The bytes of a BOM's start may begin a character instead
		// ("＃" is EF BC 83): then they are text, not a broken BOM.
		if r, size := utf8.DecodeRuneInString(text); r != utf8.RuneError || size > 1 {
			start = 0
		}
	}
	info.PartialBOM = start > 0 && !info.BOM
	line := 0
	ends := lineEnds{text: text, lf: -1}
	for pos := start; pos < len(text); {
		end := ends.at(pos)
		next := len(text)
		if end < len(text) {
			next = end + 1
			if text[end] == '\r' && next < len(text) && text[next] == '\n' {
				next++
			}
		}
		line++
		l, value := lexLine(text[pos:end], line, pos)
		if end > SizeLimit && info.LimitLine == 0 {
			info.LimitLine = line
		}
		l.BeyondLimit = info.LimitLine != 0
		dispatch(h, l, value)
		pos = next
	}
	info.Lines = line
	h.HandleEnd(info)
}

const bom = "\xEF\xBB\xBF"

// lineEnds finds where lines end, in time linear in the text: the next
// LF is looked up once and kept until the scan passes it, so that a body
// whose lines end in CR alone is not searched to its end for each line.
type lineEnds struct {
	text string
	lf   int // index of the next LF at or after the last position, len(text) when none; -1 before the first call
}

// at returns the index of the first CR or LF at or after pos, or
// len(text). Positions must not decrease between calls.
func (l *lineEnds) at(pos int) int {
	if l.lf < pos {
		l.lf = len(l.text)
		if i := strings.IndexByte(l.text[pos:], '\n'); i >= 0 {
			l.lf = pos + i
		}
	}
	end := l.lf
	// A CR ends a line too (alone, or before the LF): look for one only
	// up to the LF, so that each line is scanned once.
	if i := strings.IndexByte(l.text[pos:end], '\r'); i >= 0 {
		end = pos + i
	}
	return end
}

// dispatch reports one lexed line to h.
func dispatch(h Handler, l Line, value string) {
	h.HandleLine(l)
	if l.Blank || l.Malformed {
		return
	}
	switch l.key.rec {
	case recUserAgent:
		h.HandleUserAgent(l.Number, value)
	case recAllow:
		h.HandleAllow(l.Number, value)
	case recDisallow:
		h.HandleDisallow(l.Number, value)
	case recSitemap:
		h.HandleSitemap(l.Number, value)
	case recExtension:
		h.HandleExtension(l.Number, l.key.ext, l.Key, value)
	default:
		h.HandleUnknown(l.Number, l.Key, value)
	}
}

type record int

const (
	recUnknown record = iota
	recUserAgent
	recAllow
	recDisallow
	recSitemap
	recExtension
)

// keyClass is what a record name names.
type keyClass struct {
	rec  record
	ext  Extension // for recExtension
	typo bool      // an accepted misspelling
}

// classifyKey recognises a record name case-insensitively: the RFC 9309
// records and sitemap, the extensions, and, as google/robotstxt reads them,
// names that merely start with a record name or with one of its common
// misspellings ("Disallowed", "User-agents", "dissalow"), which are flagged
// as typos. It does not allocate.
func classifyKey(key string) keyClass {
	var buf [16]byte
	if len(key) <= len(buf) {
		for i := 0; i < len(key); i++ {
			buf[i] = lowerASCII(key[i])
		}
		switch string(buf[:len(key)]) {
		case "user-agent":
			return keyClass{rec: recUserAgent}
		case "allow":
			return keyClass{rec: recAllow}
		case "disallow":
			return keyClass{rec: recDisallow}
		case "sitemap":
			return keyClass{rec: recSitemap}
		case "crawl-delay":
			return keyClass{rec: recExtension, ext: ExtCrawlDelay}
		case "app-directives", "app-directive":
			return keyClass{rec: recExtension, ext: ExtAppDirectives}
		case "content-usage":
			return keyClass{rec: recExtension, ext: ExtContentUsage}
		case "content-signal":
			return keyClass{rec: recExtension, ext: ExtContentSignal}
		case "host":
			return keyClass{rec: recExtension, ext: ExtHost}
		case "clean-param":
			return keyClass{rec: recExtension, ext: ExtCleanParam}
		case "request-rate":
			return keyClass{rec: recExtension, ext: ExtRequestRate}
		case "visit-time":
			return keyClass{rec: recExtension, ext: ExtVisitTime}
		case "noindex":
			return keyClass{rec: recExtension, ext: ExtNoIndex}
		}
	}
	if _, rec := recordPrefix(key); rec != recUnknown {
		return keyClass{rec: rec, typo: true}
	}
	return keyClass{}
}

// keyPrefixes are the prefixes by which google/robotstxt recognises a
// record (ParsedRobotsKey::Parse), in its order: a name that starts with
// one of them, case-insensitively, is that record.
var keyPrefixes = [...]struct {
	prefix string
	rec    record
}{
	{"user-agent", recUserAgent}, {"useragent", recUserAgent}, {"user agent", recUserAgent},
	{"allow", recAllow},
	{"disallow", recDisallow}, {"dissallow", recDisallow}, {"dissalow", recDisallow},
	{"disalow", recDisallow}, {"diasllow", recDisallow}, {"disallaw", recDisallow},
	{"sitemap", recSitemap}, {"site-map", recSitemap},
}

// recordPrefix returns the first of keyPrefixes that key starts with,
// case-insensitively ("dissallow" for "Dissallowed"), and its record; ""
// and recUnknown when there is none.
func recordPrefix(key string) (string, record) {
	for _, p := range keyPrefixes {
		if len(key) >= len(p.prefix) && strings.EqualFold(key[:len(p.prefix)], p.prefix) {
			return p.prefix, p.rec
		}
	}
	return "", recUnknown
}

// canonicalName returns the correct spelling of an RFC 9309 record (or
// sitemap) name.
func canonicalName(r record) string {
	switch r {
	case recUserAgent:
		return "user-agent"
	case recAllow:
		return "allow"
	case recDisallow:
		return "disallow"
	case recSitemap:
		return "sitemap"
	}
	return ""
}

// lexLine splits one line (without its terminator) into its name and value
// and records what it found.
func lexLine(raw string, number, offset int) (Line, string) {
	l := Line{Number: number, Offset: offset, Control: -1}
	if !utf8.ValidString(raw) {
		l.InvalidUTF8 = true
	}
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; (c < 0x20 && c != '\t') || c == 0x7F {
			l.Control = int(c)
			break
		}
	}
	content := raw
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		l.Comment = true
		content = raw[:i]
	}
	content = trimSpace(content)
	if content == "" {
		l.Blank = true
		return l, ""
	}
	l.HTMLStart = opensHTML(content)
	key, value, ok := strings.Cut(content, ":")
	if !ok {
		if ext := bareValues(content); ext != "" {
			// Not a record, whatever its words: google/robotstxt would
			// read "search=yes, ai-train=no" as an unknown record named
			// "search=yes,", which no crawler reads either.
			l.Malformed, l.BareValues = true, ext
			return l, ""
		}
		// google/robotstxt accepts "key value" without a colon when the
		// line holds exactly two whitespace-separated words.
		i := indexSpace(content)
		if i < 0 {
			l.Malformed = true
			return l, ""
		}
		// The value runs from the first byte after the SP and HTAB run:
		// google/robotstxt counts words between SP and HTAB only, so a VT
		// or FF there is a third word ("Disallow \v /x" is not a record).
		key, value = content[:i], strings.TrimLeft(content[i:], " \t")
		if indexSpace(value) >= 0 {
			l.Malformed = true
			return l, ""
		}
		l.MissingColon = true
	}
	l.Key = trimSpace(key)
	if l.Key == "" {
		l.Malformed = true
		return l, ""
	}
	l.key = classifyKey(l.Key)
	l.Typo = l.key.typo
	return l, trimSpace(value)
}

// bareValues returns the extension whose values content holds without its
// record name: an RFC 9651 Dictionary with a key of Content-Signal
// (ai-train, ai-input, use) or of Content-Usage (train-ai, ai-use), or
// with search alone, whose value tells them apart (yes or no for
// Content-Signal, y or n for Content-Usage). It returns "" for anything
// else, and without parsing for content holding no "=".
func bareValues(content string) string {
	if strings.IndexByte(content, '=') < 0 {
		return ""
	}
	dict, err := httpsfv.UnmarshalDictionary([]string{content})
	if err != nil {
		return ""
	}
	var search httpsfv.Token
	for _, key := range dict.Names() {
		signal, usage := isContentSignalKey(key), isUsageVocabulary(key)
		switch {
		case signal && usage: // search, told apart by its value
			if m, _ := dict.Get(key); m != nil {
				if item, ok := m.(httpsfv.Item); ok {
					search, _ = item.Value.(httpsfv.Token)
				}
			}
		case signal:
			return "Content-Signal"
		case usage:
			return "Content-Usage"
		}
	}
	switch {
	case contentSignalRank("search", string(search)) >= 0:
		return "Content-Signal"
	case search == "y" || search == "n":
		return "Content-Usage"
	}
	return ""
}

// opensHTML reports whether a line's content opens an HTML document: it
// starts with "<!doctype html" or with an "<html" tag (case-insensitively).
func opensHTML(content string) bool {
	if len(content) < 5 || content[0] != '<' {
		return false
	}
	head := strings.ToLower(content[:min(len(content), 14)])
	if head == "<!doctype html" {
		return true
	}
	if !strings.HasPrefix(head, "<html") {
		return false
	}
	return len(content) == 5 || content[5] == '>' || isSpace(content[5])
}

// indexSpace returns the index of the first SP or HTAB in s, or -1.
func indexSpace(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			return i
		}
	}
	return -1
}

// isSpace reports whether c is whitespace google/robotstxt trims: SP,
// HTAB, VT and FF (CR and LF end lines first).
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// trimSpace removes leading and trailing isSpace bytes.
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// sniff decides whether body is text at all (textsniff.NotText) and, when
// it is, whether it is HTML.
func sniff(body []byte) (notText string, html bool) {
	if notText := textsniff.NotText(body); notText != "" {
		return notText, false
	}
	return "", looksHTML(body[:min(len(body), textsniff.SampleSize)])
}

// looksHTML reports whether the sample starts (after a BOM, whitespace and
// an XML declaration, which XHTML pages begin with) with an HTML
// document's opening tags.
func looksHTML(sample []byte) bool {
	s := bytes.TrimLeft(bytes.TrimPrefix(sample, []byte(bom)), " \t\r\n\f")
	if len(s) >= 5 && strings.EqualFold(string(s[:5]), "<?xml") {
		if end := bytes.Index(s, []byte("?>")); end >= 0 {
			s = bytes.TrimLeft(s[end+2:], " \t\r\n\f")
		}
	}
	s = s[:min(len(s), 64)]
	lower := strings.ToLower(string(s))
	for _, prefix := range []string{"<!doctype html", "<html", "<head", "<body", "<!--"} {
		if strings.HasPrefix(lower, prefix) {
			if prefix == "<!--" {
				return strings.Contains(strings.ToLower(string(sample)), "<html")
			}
			return true
		}
	}
	return false
}
