package robots

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/sfv"
)

// Parse parses a robots.txt body into a File and its diagnostics. It never
// panics, runs in time linear in the body and keeps every record it can
// read (RFC 9309 §2.3.1.5).
func Parse(body []byte) (*File, diag.List) {
	return ParseWith(body, Options{})
}

// Options is what the parser may know about a body besides its bytes.
type Options struct {
	// Truncated is true when the body is only the start of the file, cut
	// at a size cap: the file's own size is then not known, only that it
	// is larger than the body.
	Truncated bool
}

// ParseWith is Parse for a body described by opt.
func ParseWith(body []byte, opt Options) (*File, diag.List) {
	b := Builder{Options: opt, starPaths: true, htmlTail: true}
	ParseEvents(body, &b)
	return b.Result()
}

// Builder is the Handler that builds a File and its diagnostics from
// ParseEvents' events. The zero value is ready to use; call Result after
// ParseEvents returns.
type Builder struct {
	// Options describes the body; set it before ParseEvents.
	Options Options
	file    File
	diags   diag.Capped
	// cur is the index of the open group plus one; 0 before the first
	// user-agent line.
	cur int
	// closed is true when the open group has an allow or disallow rule, so
	// that the next user-agent line starts a new group.
	closed bool
	// nonRule is the first line of a non-rule record (extension, unknown)
	// in the open group, 0 when none: a user-agent line after it still
	// joins the group.
	nonRule int
	// named maps a lower-case product token to the index of the first
	// group naming it, to report merged groups.
	named map[string]int
	// starPaths reports rule paths that start with "*" rather than "/"
	// (robots.path-starts-with-wildcard). ParseWith sets it for robots.txt;
	// the zero Builder, which extract/aitxt uses, leaves it off, since
	// Spawning's ai.txt generator writes every rule that way ("*.jpg").
	starPaths bool
	// htmlTail reports an HTML document that starts after the first line
	// once (robots.html-after-records) instead of each of its lines that
	// is not a record. ParseWith sets it for robots.txt; the zero Builder
	// (extract/aitxt) leaves it off.
	htmlTail bool
	// htmlLine is the line an HTML document starts at (htmlTail), 0 when
	// none has; htmlIgnored counts its lines that are not records.
	htmlLine, htmlIgnored int
	// longName is the allow or disallow line being read whose name only
	// starts with a record name ("DisallowAITraining"); zero when none.
	longName longName
	// recordBeforeHTML is true when a record (not an unknown one) came
	// before the line htmlLine: the page follows the file's records. With
	// none, the body is an HTML page behind a few lines that are not
	// records (a PHP warning, say), not a robots.txt file.
	recordBeforeHTML bool
	// blankAfterRules is the first blank line after the open group's last
	// rule, 0 when none: a preference line after it still belongs to the
	// group (RFC 9309 §2.2: a blank line ends no group), though it looks
	// like a line for the whole file.
	blankAfterRules int
	// Findings that need the whole file, said at its end (HandleEnd):
	// user-agents that seem meant for a known AI crawler the file may
	// name elsewhere, and preference lines after a blank line, which
	// matter only when the file has other groups and theirs is not "*".
	nearAI       []nearAIUserAgent
	appendedPref []appendedPreference
}

// nearAIUserAgent is a user-agent line that seems meant for a known AI
// crawler (nearAICrawler).
type nearAIUserAgent struct {
	line         int
	value, meant string
}

// appendedPreference is a Content-Usage or Content-Signal line after a
// blank line that follows its group's rules.
type appendedPreference struct {
	line, group int // group: index in File.Groups
	name        string
}

// MaxDiagnosticsPerCode caps the diagnostics of one code in one file (see
// diag.Capped).
const MaxDiagnosticsPerCode = diag.MaxPerCode

// Result returns the File and the diagnostics, ordered by line.
func (b *Builder) Result() (*File, diag.List) {
	f := b.file
	if f.Groups == nil {
		f.Groups = []Group{}
	}
	if f.Sitemaps == nil {
		f.Sitemaps = []Sitemap{}
	}
	return &f, b.diags.Sorted()
}

func (b *Builder) add(c diag.Code, line int, format string, args ...any) {
	b.diags.Add(c, line, format, args...)
}

// group returns the open group.
func (b *Builder) group() *Group { return &b.file.Groups[b.cur-1] }

// HandleLine implements Handler: it diagnoses the line's lexical problems.
func (b *Builder) HandleLine(l Line) {
	if l.InvalidUTF8 {
		b.add(codeInvalidUTF8, l.Number, "line %d is not valid UTF-8", l.Number)
	}
	if l.Control >= 0 {
		name := "control character"
		if l.Control == 0 {
			name = "NUL byte"
		}
		b.add(codeControl, l.Number, "line %d holds a %s (0x%02X)", l.Number, name, l.Control)
	}
	if b.htmlTail && b.htmlLine == 0 && l.HTMLStart {
		b.htmlLine = l.Number
		b.recordBeforeHTML = len(b.file.Groups) > 0 || len(b.file.Sitemaps) > 0
		for _, r := range b.file.OutsideGroups {
			b.recordBeforeHTML = b.recordBeforeHTML || r.Kind != "unknown"
		}
	}
	switch {
	case l.Malformed && b.htmlLine != 0:
		b.htmlIgnored++
	case l.Malformed && l.BareValues != "":
		b.add(codeMalformed, l.Number, "line %d is not a \"name: value\" record: it holds %s values without the %q name; ignored", l.Number, l.BareValues, l.BareValues+":")
	case l.Malformed:
		b.add(codeMalformed, l.Number, "line %d is not a \"name: value\" record; ignored", l.Number)
	case l.Blank:
		if b.closed && b.blankAfterRules == 0 {
			b.blankAfterRules = l.Number
		}
	default:
		if l.MissingColon && !(b.htmlLine != 0 && l.key.rec == recUnknown) {
			b.add(codeMissingColon, l.Number, "%q has no colon after its name; read as if it had one", l.Key)
		}
		if l.Typo {
			name := canonicalName(l.key.rec)
			if prefix, _ := recordPrefix(l.Key); len(prefix) == len(l.Key) {
				b.add(codeMisspelled, l.Number, "%q is a misspelling of %q; accepted", l.Key, name)
			} else if l.key.rec == recAllow || l.key.rec == recDisallow {
				// The rule's value decides the message (rule reports it).
				b.longName = longName{line: l.Number, key: l.Key, prefix: prefix}
			} else {
				// A longer name ("User-agents", "Sitemaps") is no
				// misspelling but another name, which google/robotstxt
				// still obeys as the record it starts with.
				b.add(codeMisspelled, l.Number, longNameMessage, l.Key, prefix, withArticle(name))
			}
		}
	}
}

// productToken returns the product token a user-agent value names: "*" for
// the global group ("*" alone or followed by whitespace, SP, HTAB, VT or
// FF, as google/robotstxt reads it), else the value's leading [a-zA-Z_-]+
// characters (RFC 9309 §2.2.1), possibly empty.
func productToken(value string) string {
	if value == "*" || (len(value) > 1 && value[0] == '*' && isSpace(value[1])) {
		return "*"
	}
	i := 0
	for i < len(value) && isTokenChar(value[i]) {
		i++
	}
	return value[:i]
}

// isTokenChar reports whether c may appear in a product token.
func isTokenChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-'
}

// HandleUserAgent implements Handler.
func (b *Builder) HandleUserAgent(line int, value string) {
	if b.cur == 0 || b.closed {
		b.file.Groups = append(b.file.Groups, Group{Line: line, UserAgents: []UserAgent{}, Rules: []Rule{}})
		b.cur = len(b.file.Groups)
		b.closed = false
		b.nonRule = 0
		b.blankAfterRules = 0
	} else if b.nonRule != 0 {
		b.add(codeGroupJoined, line, "this user-agent line joins the group of line %d because no allow or disallow rule came between them (line %d is no allow or disallow line, and survey lets only those close a group; specs README)", b.group().Line, b.nonRule)
	}
	g := b.group()
	token := productToken(value)
	g.UserAgents = append(g.UserAgents, UserAgent{Line: line, Value: value, Token: token})
	switch {
	case value == "":
		b.add(codeEmptyUserAgent, line, "the user-agent line has no value; it names no crawler")
	case token == "":
		b.add(codeUserAgentNotToken, line, "user-agent %q does not start with a product token ([a-zA-Z_-]+); it names no crawler", value)
	case token != value && token != "*":
		b.add(codeUserAgentNotToken, line, "user-agent %q is not a product token; it is matched as %q", value, token)
	case token == "*" && value != "*":
		b.add(codeUserAgentNotToken, line, "user-agent %q is read as \"*\"", value)
	}
	if token == "" {
		return
	}
	key := strings.ToLower(token)
	if meant := nearAICrawler(key, value); meant != "" {
		b.nearAI = append(b.nearAI, nearAIUserAgent{line: line, value: value, meant: meant})
	}
	if b.named == nil {
		b.named = map[string]int{}
	}
	first, ok := b.named[key]
	switch {
	case !ok:
		b.named[key] = b.cur - 1
	case first != b.cur-1:
		b.add(codeGroupsMerged, line, "%q is also named by the group of line %d; crawlers merge the two groups' rules", token, b.file.Groups[first].Line)
	}
}

// HandleAllow implements Handler.
func (b *Builder) HandleAllow(line int, value string) { b.rule(line, Allow, value) }

// HandleDisallow implements Handler.
func (b *Builder) HandleDisallow(line int, value string) { b.rule(line, Disallow, value) }

func (b *Builder) rule(line int, kind RuleKind, value string) {
	b.blankAfterRules = 0
	if ln := b.longName; ln.line == line {
		// A longer name ("Disallowed", "DisallowAITraining",
		// "Allow-AI-Training") is no misspelling but another name, which
		// google/robotstxt still obeys as the rule it starts with. A home-made
		// line such as "Allow-AI-Training: no" has no path: that is said
		// here, once, rather than again as robots.path-not-absolute.
		b.longName = longName{}
		args := []any{ln.key, ln.prefix, withArticle(string(kind))}
		if value != "" && value[0] != '/' && value[0] != '*' {
			b.add(codeMisspelled, line, longNameMessage+"; its value %q is not a path, so the rule matches nothing", append(args, value)...)
			b.appendRule(line, kind, value)
			return
		}
		b.add(codeMisspelled, line, longNameMessage, args...)
	}
	switch {
	case value == "" || value[0] == '/':
	case value[0] == '*':
		if b.starPaths {
			b.add(codePathWildcardStart, line, "%s path %q starts with \"*\", not \"/\" as the grammar requires; it is matched as written, \"*\" matching the leading \"/\" too", kind, value)
		}
	default:
		b.add(codePathNotAbsolute, line, "%s path %q does not start with \"/\"; it matches no URL", kind, value)
	}
	if pathnorm.DeadDotSegment(value, true) {
		b.add(codeDotSegmentPath, line, "%s path %q holds a \".\" or \"..\" segment, which a crawler's HTTP client removes from every URL it requests (RFC 3986 §5.2.4); it matches no URL", kind, value)
	}
	if indexSpace(value) >= 0 {
		b.add(codeWhitespaceInPath, line, "%s path %q contains whitespace; it is matched as %q", kind, value, strings.NewReplacer(" ", "%20", "\t", "%09").Replace(value))
	}
	b.appendRule(line, kind, value)
}

// putAfterStar ends the diagnostic of a rule or extension line before any
// user-agent line: how to make it apply.
const putAfterStar = "(to apply it to every crawler, put it after a \"User-agent: *\" line)"

// appendRule adds a rule to the open group, or outside groups before the
// first user-agent line (diagnosed).
func (b *Builder) appendRule(line int, kind RuleKind, value string) {
	if b.cur == 0 {
		b.add(codeRuleOutsideGroup, line, "%s rule before any user-agent line; it applies to no crawler %s", kind, putAfterStar)
		b.file.OutsideGroups = append(b.file.OutsideGroups, Record{Line: line, Kind: string(kind), Name: string(kind), Value: value})
		return
	}
	g := b.group()
	g.Rules = append(g.Rules, Rule{Line: line, Kind: kind, Path: value})
	b.closed = true
}

// withArticle returns a record name after "a" or "an": "an allow", "a
// disallow", "a user-agent", "a sitemap".
func withArticle(name string) string {
	if strings.HasPrefix(name, "a") {
		return "an " + name
	}
	return "a " + name
}

// longNameMessage says of a record name that only starts with a record's
// name (the key, the record name it starts with, and that name with its
// article) how it is read.
const longNameMessage = "%q is not a record name; it starts with %q, so it is read as %s record, as google/robotstxt reads it"

// longName is an allow or disallow line whose name only starts with the
// record's name (or a misspelling of it), as HandleLine saw it; rule
// diagnoses it with its value.
type longName struct {
	line        int
	key, prefix string
}

// HandleSitemap implements Handler.
func (b *Builder) HandleSitemap(line int, value string) {
	b.file.Sitemaps = append(b.file.Sitemaps, Sitemap{Line: line, URL: value})
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		b.add(codeSitemapNotAbsolute, line, "sitemap %q is not an absolute http(s) URL", value)
	}
}

// HandleExtension implements Handler.
func (b *Builder) HandleExtension(line int, ext Extension, name, value string) {
	if b.cur == 0 || !ext.groupScoped() {
		b.file.OutsideGroups = append(b.file.OutsideGroups, Record{Line: line, Kind: string(ext), Name: name, Value: value})
		if ext.groupScoped() {
			b.add(codeExtensionOutsideGroup, line, "%s line before any user-agent line; it applies to no crawler %s", name, putAfterStar)
			b.preferenceOutsideGroup(line, ext, name, value)
		} else {
			b.add(codeNonstandard, line, "non-standard %q record", name)
		}
		return
	}
	if b.nonRule == 0 && !b.closed {
		b.nonRule = line
	}
	g := b.group()
	switch ext {
	case ExtCrawlDelay:
		b.crawlDelay(g, line, value)
	case ExtAppDirectives:
		b.appDirectives(g, line, name, value)
	case ExtContentUsage, ExtContentSignal:
		if b.blankAfterRules != 0 {
			b.appendedPref = append(b.appendedPref, appendedPreference{line: line, group: b.cur - 1, name: name})
		}
		if ext == ExtContentUsage {
			b.contentUsage(g, line, value, true)
		} else {
			b.contentSignal(g, line, value)
		}
	default:
		g.Other = append(g.Other, Record{Line: line, Kind: string(ext), Name: name, Value: value})
		b.add(codeNonstandard, line, "non-standard %q record; kept in its group", name)
	}
}

// preferenceOutsideGroup parses an AI preference extension line
// (App-Directives, Content-Usage, Content-Signal) that comes before any
// user-agent line into File.OutsidePreferences, diagnosing its value as in
// a group: the line applies to no crawler, but a malformed value is
// malformed wherever it stands, and publishers put file-wide signals there.
// Other group-scoped extensions there are only recorded in OutsideGroups.
func (b *Builder) preferenceOutsideGroup(line int, ext Extension, name, value string) {
	switch ext {
	case ExtAppDirectives:
		b.appDirectives(b.outsidePreferences(), line, name, value)
	case ExtContentUsage:
		b.contentUsage(b.outsidePreferences(), line, value, false)
	case ExtContentSignal:
		b.contentSignal(b.outsidePreferences(), line, value)
	}
}

// outsidePreferences returns File.OutsidePreferences, made on first use.
func (b *Builder) outsidePreferences() *Group {
	if b.file.OutsidePreferences == nil {
		b.file.OutsidePreferences = &Group{}
	}
	return b.file.OutsidePreferences
}

// HandleUnknown implements Handler. In an HTML document that starts after
// the first line (htmlTail), a line that is not a record is only counted:
// HandleEnd reports the document once.
func (b *Builder) HandleUnknown(line int, name, value string) {
	if b.htmlLine != 0 {
		b.htmlIgnored++
		return
	}
	rec := Record{Line: line, Kind: "unknown", Name: name, Value: value}
	where := "; kept in its group, which it does not end"
	if b.cur == 0 {
		b.file.OutsideGroups = append(b.file.OutsideGroups, rec)
		where = ""
	} else {
		if b.nonRule == 0 && !b.closed {
			b.nonRule = line
		}
		g := b.group()
		g.Other = append(g.Other, rec)
	}
	if ext := extensionVariant(name); ext != "" {
		b.add(codeExtensionMisspelled, line, "unknown record %q: not %s, the name crawlers that read it look for, so it expresses no preference%s", name, ext, where)
		return
	}
	b.add(codeUnknownRecord, line, "unknown record %q%s%s", name, bomNote(name), where)
}

// extensionVariant returns the name of the AI preference extension that
// an unknown record name is a variant of ("Content-Signals",
// "ContentSignal", "Content_Usage", "App Directive"): the same letters,
// case aside, with hyphens left out or written as "_" or a space, or with
// a final "s" added or left out. It returns "" for any other name.
func extensionVariant(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '-', '_', ' ', '\t':
		default:
			b.WriteByte(lowerASCII(c))
		}
	}
	switch strings.TrimSuffix(b.String(), "s") {
	case "contentsignal":
		return "Content-Signal"
	case "contentusage":
		return "Content-Usage"
	case "appdirective":
		return "App-Directives"
	}
	return ""
}

// bomNote explains a record name that is a known one behind a byte order
// mark which is not the file's first bytes: a second U+FEFF, or the UTF-8
// mark encoded twice ("ï»¿", its bytes read as Latin-1 and encoded again),
// which an editor or a conversion leaves at the start of a file. A crawler
// strips one UTF-8 byte order mark at most (RFC 9309 §2.3), so the line
// is lost; "" for any other name.
func bomNote(name string) string {
	for _, m := range []struct{ mark, what string }{
		{"\u00ef\u00bb\u00bf", "a byte order mark encoded twice (U+00EF U+00BB U+00BF: the UTF-8 mark's bytes read as Latin-1)"},
		{"\ufeff", "a byte order mark (U+FEFF) that is not the file's first bytes"},
	} {
		rest, ok := strings.CutPrefix(name, m.mark)
		if !ok {
			continue
		}
		if kc := classifyKey(rest); kc.rec != recUnknown && !kc.typo {
			return ": " + strconv.Quote(rest) + " behind " + m.what + ", which crawlers do not skip, so the line is not read"
		}
	}
	return ""
}

func (b *Builder) crawlDelay(g *Group, line int, value string) {
	cd := CrawlDelay{Line: line, Value: value}
	if s, err := strconv.ParseFloat(value, 64); err == nil && s >= 0 && !math.IsInf(s, 0) && !math.IsNaN(s) && isDecimal(value) {
		cd.Seconds = &s
		b.add(codeCrawlDelay, line, "crawl-delay of %s seconds (non-standard)", value)
	} else {
		b.add(codeCrawlDelayInvalid, line, "crawl-delay %q is not a non-negative number of seconds", value)
	}
	g.CrawlDelays = append(g.CrawlDelays, cd)
}

// isDecimal reports whether s is plain decimal digits with at most one dot,
// so that ParseFloat's hexadecimal, exponent and underscore forms are not
// accepted as delays.
func isDecimal(s string) bool {
	dot := false
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

func (b *Builder) appDirectives(g *Group, line int, name, value string) {
	if !strings.EqualFold(name, "app-directives") {
		b.add(codeAppDirectiveSingular, line, "spelled %q; accepted as App-Directives", name)
	}
	path, rest := splitPath(value)
	rule := AppDirectivesRule{Line: line, Spelling: name, Value: rest}
	var apps []App
	switch {
	case rest == "":
		b.add(codeAppDirectivesEmpty, line, "App-Directives rule names no application")
		rule.Valid = true
	default:
		var notTokens []string
		var err error
		apps, notTokens, err = parseAppDirectives(rest, line)
		if err != nil {
			b.add(codeAppDirectivesInvalid, line, "App-Directives value %q is not an RFC 9651 List (%s); this rule is rejected", rest, sfv.Explain(err, rest))
			break
		}
		rule.Valid = true
		for _, m := range notTokens {
			b.add(codeAppDirectivesNotToken, line, "list member %s is not a Token naming an application; ignored", m)
		}
	}
	for i := range g.AppDirectives {
		if ad := &g.AppDirectives[i]; ad.Path == path {
			ad.Rules = append(ad.Rules, rule)
			ad.Apps = append(ad.Apps, apps...)
			return
		}
	}
	if apps == nil {
		apps = []App{}
	}
	g.AppDirectives = append(g.AppDirectives, AppDirectives{Path: path, Rules: []AppDirectivesRule{rule}, Apps: apps})
}

// contentUsage adds a Content-Usage rule to g and diagnoses it; inGroup is
// false for a rule before any user-agent line, which applies to no path,
// so that its lack of a path is not reported.
func (b *Builder) contentUsage(g *Group, line int, value string, inGroup bool) {
	path, rest := splitPath(value)
	rule := ContentUsageRule{Line: line, Path: path, Value: rest}
	if path == "" && rest != "" && inGroup {
		b.add(codeContentUsageNoPath, line, "Content-Usage %q has no leading path; applied to every path of the group of line %d (user-agent %s)", value, g.Line, userAgentList(g))
	}
	if rest == "" {
		b.add(codeContentUsageInvalid, line, "Content-Usage rule has no usage preference after its path")
		g.ContentUsage = append(g.ContentUsage, rule)
		return
	}
	cu, err := ParseUsagePreference(rest) // attach-05 §3.2: the value without its path
	if err != nil {
		b.add(codeContentUsageInvalid, line, "Content-Usage value %q is not an RFC 9651 Dictionary (%s); its preferences are unknown", rest, sfv.Explain(err, rest))
		g.ContentUsage = append(g.ContentUsage, rule)
		return
	}
	rule.Valid = true
	rule.Preferences = cu.Preferences
	for _, m := range cu.Unrecorded {
		b.add(codeContentUsageUnrecorded, line, "%s: AI Use, a category of draft-ietf-aipref-vocab-08 §4.2 that survey does not record (it records train-ai and search)", m)
	}
	for _, k := range cu.UnknownKeys {
		if note := UsageLabelNote(k); note != "" {
			b.add(codeContentUsageUnknownKey, line, "%q (%s) is not a category survey records (train-ai, search); ignored", k, note)
			continue
		}
		b.add(codeContentUsageUnknownKey, line, "%q is not a category survey records (train-ai, search); ignored", k)
	}
	for _, m := range cu.UnknownValues {
		why := ""
		if note := UsageValueNote(m); note != "" {
			why = " (" + note + ")"
		}
		b.add(codeContentUsageUnknownValue, line, "%s: the value is not the Token y or n%s; the preference is unknown", m, why)
	}
	for _, m := range cu.CategoryParams {
		b.add(codeContentUsageParameter, line, "%s: a category is written as a parameter (\";\" where \",\" separates preferences); its preference is disregarded", m)
	}
	g.ContentUsage = append(g.ContentUsage, rule)
}

func (b *Builder) contentSignal(g *Group, line int, value string) {
	path, rest := splitPath(value)
	rule := ContentSignalRule{Line: line, Path: path, Value: rest}
	cs, err := parseContentSignal(rest)
	if err != nil {
		b.add(codeContentSignalInvalid, line, "Content-Signal value %q is not a list of key=value signals (%s); ignored", rest, sfv.Explain(err, rest))
		g.ContentSignals = append(g.ContentSignals, rule)
		return
	}
	rule.Valid = true
	rule.Signals = cs.signals
	for _, k := range cs.unknownKeys {
		b.add(codeContentSignalUnknownKey, line, "%q is not a content signal (search, ai-input, ai-train, use)", k)
	}
	for _, m := range cs.unknownValues {
		b.add(codeContentSignalUnknownValue, line, "%s: the value is not one of the signal's (yes or no; for use: immediate, reference or full)", m)
	}
	for _, m := range cs.signalParams {
		b.add(codeContentSignalParameter, line, "%s: a signal is written as a parameter (\";\" where \",\" separates signals); it is ignored", m)
	}
	g.ContentSignals = append(g.ContentSignals, rule)
}

// HandleEnd implements Handler: it records the body's facts and diagnoses
// what only the whole file shows.
func (b *Builder) HandleEnd(info BodyInfo) {
	f := &b.file
	for _, n := range b.nearAI {
		if _, named := b.named[strings.ToLower(n.meant)]; !named {
			b.add(codeUserAgentNearAICrawler, n.line, "user-agent %q names no known AI crawler; did you mean %q? A crawler obeys only the groups naming its own product token", n.value, n.meant)
		}
	}
	for _, p := range b.appendedPref {
		if g := &f.Groups[p.group]; len(f.Groups) > 1 && !namesStar(g) {
			b.add(codePreferenceAfterBlankLine, p.line, "this %s line follows a blank line after the rules of the group of line %d (user-agent %s), but a blank line ends no group: it is that group's alone, not every crawler's; to state a preference for every crawler, write it in each group", p.name, g.Line, userAgentList(g))
		}
	}
	// An HTML document before any record is an HTML body, whatever lines
	// that are not records come first.
	htmlLate := b.htmlLine != 0 && !b.recordBeforeHTML && info.NotText == "" && !info.HTML
	if htmlLate {
		info.HTML = true
	}
	f.Bytes, f.Lines, f.BOM = info.Bytes, info.Lines, info.BOM
	f.NotText, f.HTML = info.NotText, info.HTML
	f.OverLimit = info.Bytes > SizeLimit
	f.LimitLine = info.LimitLine
	first := 0
	if info.Lines > 0 {
		first = 1
	}
	if info.NotText != "" || info.HTML {
		// Line diagnostics of something that is not a robots.txt file are
		// noise; the one body diagnostic says it all.
		b.diags = diag.Capped{}
	}
	if b.htmlLine != 0 && b.recordBeforeHTML && info.NotText == "" && !info.HTML {
		b.add(codeHTMLAfterRecords, b.htmlLine, "an HTML document starts at line %d; its %d lines that are not records are ignored and not diagnosed one by one (a page after the file's records, as when a CDN prepends its managed robots.txt records to the page a server answers for /robots.txt)", b.htmlLine, b.htmlIgnored)
	}
	switch {
	case info.NotText != "":
		b.add(codeNotText, 0, "the body is not UTF-8 text (%s); RFC 9309 requires UTF-8 text/plain", info.NotText)
	case htmlLate:
		b.add(codeHTML, first, "the body is an HTML document (it starts at line %d, after lines that are not records), not a robots.txt file", b.htmlLine)
	case info.HTML:
		b.add(codeHTML, first, "the body is an HTML document, not a robots.txt file")
	}
	if info.BOM {
		b.add(codeBOM, first, "UTF-8 byte order mark skipped")
	}
	if info.PartialBOM {
		b.add(codePartialBOM, first, "incomplete UTF-8 byte order mark skipped")
	}
	// Only line breaks past the limit (a 512,001-byte file ending in LF)
	// leave every line within it: nothing to warn about or flag.
	if f.OverLimit && info.LimitLine != 0 {
		if b.Options.Truncated {
			// The body is the file's start, cut at the cap: its length
			// is a lower bound of the file's size, not the size.
			b.add(codeOverLimit, info.LimitLine, "the file is more than %d bytes (the body was cut there, at the size cap), over the 500 KiB (%d bytes) crawlers must parse; rules from line %d on may be ignored by conforming crawlers (survey parsed those within the %d bytes read)", info.Bytes, SizeLimit, info.LimitLine, info.Bytes)
		} else {
			b.add(codeOverLimit, info.LimitLine, "the file is %d bytes, over the 500 KiB (%d bytes) crawlers must parse; rules from line %d on may be ignored by conforming crawlers (survey parsed all of them)", info.Bytes, SizeLimit, info.LimitLine)
		}
		for gi := range f.Groups {
			for ri := range f.Groups[gi].Rules {
				if f.Groups[gi].Rules[ri].Line >= info.LimitLine {
					f.Groups[gi].Rules[ri].BeyondLimit = true
				}
			}
		}
	}
	for i := range f.Groups {
		g := &f.Groups[i]
		if len(g.Rules) == 0 {
			b.add(codeEmptyGroup, g.Line, "the group of line %d has no allow or disallow rules; the crawlers it names may access everything", g.Line)
		}
		if len(g.AppDirectives) > 0 && !g.Names("*") {
			b.add(codeAppDirectivesNotStar, g.AppDirectives[0].Rules[0].Line, "App-Directives in a group that does not name \"*\"; draft-nottingham-plan-b recommends the \"*\" group")
		}
	}
}

// userAgentList names a group's user agents for a message: "GPTBot",
// "GPTBot, ClaudeBot", or the first three and a count.
func userAgentList(g *Group) string {
	var names []string
	for i, ua := range g.UserAgents {
		if i == 3 {
			names = append(names, fmt.Sprintf("and %d more", len(g.UserAgents)-3))
			break
		}
		names = append(names, strconv.Quote(ua.Value))
	}
	return strings.Join(names, ", ")
}

// namesStar reports whether g is a "*" group: a line written after its
// rules applies to every crawler without a group of its own.
func namesStar(g *Group) bool {
	for _, ua := range g.UserAgents {
		if ua.Token == "*" {
			return true
		}
	}
	return false
}
