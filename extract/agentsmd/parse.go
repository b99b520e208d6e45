package agentsmd

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
	"github.com/agnivade/levenshtein"
)

// Parse parses an AGENTS.md file. It returns the normalized result, never
// nil, and the diagnostics in line order. Only a missing Identity section is
// an error (§6.8). Parse never panics; its time and memory are linear in
// len(body).
func Parse(body []byte, src Source) (*Result, diag.List) {
	p := &parser{src: src, res: newResult(), cur: -1, seen: map[string]bool{}}
	p.checkFetch(len(body))
	if notText := textsniff.NotText(body); notText != "" {
		// Not text at all: neither a policy nor a coding-agent file
		// (free Markdown is text). One diagnostic says it, not one per
		// line; the missing Identity section makes it invalid (§6.8).
		p.add(codeNotText, 0, "the body is not UTF-8 text (%s); AGENTS.md files are UTF-8 Markdown (§4.1)", notText)
		p.notText = true
		p.finish()
		p.diags.Sort()
		return p.res, p.diags
	}
	rest := body
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		p.line++
		p.handleLine(line)
	}
	p.finish()
	p.diags = diag.Cap(p.diags) // at most diag.MaxPerCode of each code
	p.diags.Sort()
	return p.res, p.diags
}

// parser holds the state of one Parse.
type parser struct {
	src   Source
	res   *Result
	diags diag.List

	line        int  // the current line, 1-based
	sawNonBlank bool // a non-blank line was seen (the title check is done)
	notText     bool // the body is not text, so no line was read

	cur     int             // index of the current section in res.Sections; -1 in the preamble
	apply   bool            // the current section's directives are applied
	curKeys map[string]bool // keys seen in the current section
	seen    map[string]bool // normalized names of the sections seen

	fence   fence
	comment htmlComment
	marks   specMarks
}

// add records a diagnostic.
func (p *parser) add(c diag.Code, line int, format string, args ...any) {
	p.diags.Add(c, line, format, args...)
}

// handleLine parses one line without its LF.
func (p *parser) handleLine(raw []byte) {
	raw = bytes.TrimSuffix(raw, []byte{'\r'})
	if p.line == 1 && bytes.HasPrefix(raw, []byte("\xef\xbb\xbf")) {
		raw = raw[3:]
		p.add(codeByteOrderMark, 1, "the file starts with a UTF-8 byte order mark; it is skipped")
	}
	s := p.checkBytes(raw)
	trimmed := strings.TrimSpace(s)
	if trimmed == "" {
		return // §4.5
	}
	if !p.sawNonBlank {
		p.sawNonBlank = true
		if !p.checkTitle(s) {
			p.marks.line(s)
		}
	} else {
		p.marks.line(s)
	}
	if !p.fence.open {
		p.comment.update(s, p.line)
	}
	if p.fence.update(s) {
		if p.fence.open {
			p.fence.line = p.line
		}
		return
	}
	switch {
	case s[0] == '#':
		p.hashLine(s)
	case s[0] == ' ' || s[0] == '\t':
		if isHeading2(trimmed) {
			p.add(codeIndentedLine, p.line, "an indented `##` line is not a section heading (§6.1); it is ignored")
		} else if strings.HasPrefix(trimmed, "- ") {
			p.directive(trimmed[2:], true)
		}
	case strings.HasPrefix(s, "- "):
		p.directive(s[2:], false)
	default:
		p.otherLine(s)
	}
}

// checkBytes diagnoses control characters, bare CRs and invalid UTF-8 in a
// line and returns it as a string with invalid UTF-8 replaced by U+FFFD.
func (p *parser) checkBytes(raw []byte) string {
	var cr, nul, ctl int
	for _, c := range raw {
		switch {
		case c == '\r':
			cr++
		case c == 0:
			nul++
		case c < 0x20 && c != '\t', c == 0x7f:
			ctl++
		}
	}
	if cr > 0 {
		p.add(codeBareCR, p.line, "%d carriage return(s) not followed by a line feed; only LF and CRLF end lines (§4.2)", cr)
	}
	switch {
	case nul > 0:
		p.add(codeControlCharacter, p.line, "the line holds %d NUL byte(s)", nul)
	case ctl > 0:
		p.add(codeControlCharacter, p.line, "the line holds %d control character(s)", ctl)
	}
	if !utf8.Valid(raw) {
		p.add(codeInvalidUTF8, p.line, "the line is not valid UTF-8 (§4.1); invalid bytes are read as U+FFFD")
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	return string(raw)
}

// checkTitle checks the first non-blank line against `# AGENTS.md` (§4.3)
// and reports whether it is a title, a level-1 heading. The ABNF's quoted
// string is case-insensitive, so `# agents.md` conforms.
func (p *parser) checkTitle(s string) bool {
	level, text, ok := atxHeading(s)
	switch {
	case ok && level == 1 && strings.EqualFold(text, "AGENTS.md"):
		p.res.Title = text
	case ok && level == 1:
		p.res.Title = text
		p.add(codeNonstandardTitle, p.line, "the title is %s; §4.3 requires `# AGENTS.md`", quote("# "+text))
	default:
		p.add(codeMissingTitle, p.line, "the file does not start with the `# AGENTS.md` heading (§4.3)")
		return false
	}
	return true
}

// hashLine handles a line starting with `#`: a section heading (§6.1) or a
// comment (§4.4). Level-1 and level-3+ headings are comments to a parser.
func (p *parser) hashLine(s string) {
	if isHeading2(s) {
		p.heading(strings.TrimSpace(s[2:]))
		return
	}
	if len(s) > 2 && s[1] == '#' && s[2] != '#' && s[2] != ' ' && s[2] != '\t' {
		p.add(codeHeadingMissingSpace, p.line, "%s lacks the space after `##`; it is a comment, not a section heading (§6.1)", quote(diag.Clip(s)))
	}
}

// isHeading2 reports whether s is a level-2 heading line: `##` followed by a
// space or tab (§6.1; the reference parsers accept any white space), or
// `##` alone, which is an empty level-2 Markdown heading as `## ` is
// (CommonMark §4.2), not a comment (§4.4).
func isHeading2(s string) bool {
	return len(s) >= 2 && s[0] == '#' && s[1] == '#' && (len(s) == 2 || s[2] == ' ' || s[2] == '\t')
}

// atxHeading parses a Markdown ATX heading: 1–6 `#` then white space or the
// end of the line. text is trimmed, without the optional closing sequence
// of `#`s (CommonMark §4.2): `# AGENTS.md #` is the title `AGENTS.md`.
func atxHeading(s string) (level int, text string, ok bool) {
	for level < len(s) && s[level] == '#' {
		level++
	}
	if level == 0 || level > 6 {
		return 0, "", false
	}
	if level < len(s) && s[level] != ' ' && s[level] != '\t' {
		return 0, "", false
	}
	text = strings.TrimSpace(s[level:])
	if t := strings.TrimRight(text, "#"); t == "" || t[len(t)-1] == ' ' || t[len(t)-1] == '\t' {
		text = strings.TrimRight(t, " \t")
	}
	return level, text, true
}

// heading starts a section (§6.1).
func (p *parser) heading(name string) {
	p.inFence("a section heading")
	key := normalizeName(name)
	sec := Section{Name: name, Key: key, Kind: sectionKind(key), Line: p.line}
	p.marks.heading(sec.Kind, key)
	p.curKeys = map[string]bool{}
	p.apply = false
	switch {
	case name == "":
		sec.Kind = KindUnknown
		p.add(codeEmptySectionName, p.line, "a `## ` heading without a name; the lines under it are ignored")
	case p.seen[key] && sec.Kind == KindIdentity:
		sec.Duplicate = true
		p.add(codeDuplicateIdentity, p.line, "a second Identity section; the first one (line %d) stands and this one is ignored", p.res.Identity.Line)
	case p.seen[key]:
		sec.Duplicate = true
		p.add(codeDuplicateSection, p.line, "a second %s section; the first one stands and this one is ignored", quote(name))
	default:
		p.seen[key] = true
		p.apply = true
		p.startSection(&sec)
	}
	p.res.Sections = append(p.res.Sections, sec)
	p.cur = len(p.res.Sections) - 1
}

// startSection records the first section of its name.
func (p *parser) startSection(sec *Section) {
	r := p.res
	switch sec.Kind {
	case KindIdentity:
		r.Identity.Line = sec.Line
	case KindTrustRequirements:
		r.TrustRequirements.Line = sec.Line
	case KindAllowedActions:
		r.AllowedActions.Line = sec.Line
	case KindRateLimits:
		r.RateLimits.Line = sec.Line
	case KindDataHandling:
		r.DataHandling.Line = sec.Line
	case KindRestrictions:
		r.Restrictions.Line = sec.Line
	case KindAgentIdentification:
		r.AgentIdentification.Line = sec.Line
	case KindExtension:
		p.add(codeExtensionSection, sec.Line, "extension section %s; preserved", quote(sec.Name))
		p.extension(sec.Key)
	default:
		if known := nearSection(sec.Key); known != "" {
			p.add(codeMisspelledSection, sec.Line, "unknown section %s is not read as %s; section names must match (§5)", quote(sec.Name), quote(known))
		} else {
			p.add(codeUnknownSection, sec.Line, "section %s is not defined by the specification; preserved", quote(sec.Name))
		}
		p.extension(sec.Key)
	}
}

// extension returns the Extensions map of a section, creating it.
func (p *parser) extension(key string) map[string]string {
	if p.res.Extensions == nil {
		p.res.Extensions = map[string]map[string]string{}
	}
	m, ok := p.res.Extensions[key]
	if !ok {
		m = map[string]string{}
		p.res.Extensions[key] = m
	}
	return m
}

// section returns the current section, or nil in the preamble.
func (p *parser) section() *Section {
	if p.cur < 0 {
		return nil
	}
	return &p.res.Sections[p.cur]
}

// directive handles a `- ` line; rest is the text after `- ` (§6.2).
func (p *parser) directive(rest string, indented bool) {
	sec := p.section()
	colon := strings.IndexByte(rest, ':')
	if colon > 0 {
		p.marks.key(strings.ToLower(strings.TrimSpace(rest[:colon])), strings.TrimSpace(rest[colon+1:]))
	}
	if sec == nil {
		if colon > 0 && validKey(strings.TrimSpace(rest[:colon])) {
			p.add(codeDirectiveInPreamble, p.line, "a directive before the first `##` heading is part of the preamble and ignored (§6.1)")
		}
		return
	}
	strict := sec.Kind != KindUnknown // defined and x- sections
	if !strict {
		if colon >= 0 {
			key := strings.ToLower(strings.TrimSpace(rest[:colon]))
			if key != "" {
				p.record(sec, key, strings.TrimSpace(rest[colon+1:]))
			}
		}
		return
	}
	if colon < 0 {
		if p.apply {
			p.add(codeMalformedDirective, p.line, "a list line without `:` is not a `- key: value` directive (§6.2); it is ignored")
		}
		return
	}
	key := strings.ToLower(strings.TrimSpace(rest[:colon]))
	if key == "" {
		if p.apply {
			p.add(codeMalformedDirective, p.line, "a directive without a key (§6.2); it is ignored")
		}
		return
	}
	p.inFence("a directive")
	if indented {
		p.add(codeIndentedLine, p.line, "an indented directive; accepted, though §6.2 reads only lines that begin with `- `")
	}
	switch after := rest[colon+1:]; {
	case after != "" && after[0] != ' ' && after[0] != '\t':
		p.add(codeDirectiveSpacing, p.line, "no space after the colon; the ABNF (Appendix A) requires `: `")
	case rest[0] == ' ' || rest[0] == '\t' || colon > 0 && (rest[colon-1] == ' ' || rest[colon-1] == '\t'):
		p.add(codeDirectiveSpacing, p.line, "white space before the key or the colon; the ABNF (Appendix A) requires `- key: ` with none")
	}
	p.record(sec, key, strings.TrimSpace(rest[colon+1:]))
}

// record stores a directive in its section and applies it.
func (p *parser) record(sec *Section, key, value string) {
	sec.Directives = append(sec.Directives, Directive{Key: key, Value: value, Line: p.line})
	if !p.apply {
		return
	}
	strict := sec.Kind != KindUnknown
	if strict && !validKey(key) {
		p.add(codeInvalidKey, p.line, "key %s has characters other than letters, digits and `-` (Appendix A)%s; kept as an unknown key", quote(diag.Clip(key)), suggestKey(sec.Kind, key))
	}
	if p.curKeys[key] {
		if strict {
			p.add(codeDuplicateKey, p.line, "key %s appears again in this section; the first value stands", quote(diag.Clip(key)))
		}
		return
	}
	p.curKeys[key] = true
	d := Directive{Key: key, Value: value, Line: p.line}
	switch sec.Kind {
	case KindExtension, KindUnknown:
		p.extension(sec.Key)[key] = value
	default:
		if !p.applyKey(sec.Kind, d) {
			p.unknownKey(sec.Kind, d)
		}
	}
}

// unknownKey handles a key a defined section does not define (§6.7, §8.2).
func (p *parser) unknownKey(kind SectionKind, d Directive) {
	if validKey(d.Key) {
		if strings.HasPrefix(d.Key, "x-") {
			p.add(codeExtensionKey, d.Line, "extension key %s; preserved", quote(diag.Clip(d.Key)))
		} else {
			what := "key"
			if kind == KindAllowedActions {
				what = "custom action key"
			}
			p.add(codeUnknownKey, d.Line, "%s %s is not defined for this section%s; preserved, but custom keys should start with x- (§6.7, §8.2)", what, quote(diag.Clip(d.Key)), suggestKey(kind, d.Key))
		}
	}
	if kind == KindAllowedActions {
		p.customAction(d)
		return
	}
	extra := p.extraOf(kind)
	if *extra == nil {
		*extra = map[string]string{}
	}
	(*extra)[d.Key] = d.Value
}

// extraOf returns the Extra map of a defined section.
func (p *parser) extraOf(kind SectionKind) *map[string]string {
	r := p.res
	switch kind {
	case KindIdentity:
		return &r.Identity.Extra
	case KindTrustRequirements:
		return &r.TrustRequirements.Extra
	case KindRateLimits:
		return &r.RateLimits.Extra
	case KindDataHandling:
		return &r.DataHandling.Extra
	case KindRestrictions:
		return &r.Restrictions.Extra
	}
	return &r.AgentIdentification.Extra
}

// otherLine handles a line that is neither blank, a `#` line, indented nor a
// `- ` directive: prose (§6.2 rule 6), or a list item that misses the
// directive syntax. Defined and `x-` sections are read with the directive
// syntax (see directive), so only there is such a list item diagnosed.
func (p *parser) otherLine(s string) {
	sec := p.section()
	if sec == nil || sec.Kind == KindUnknown {
		return
	}
	listLike := s[0] == '-' || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "+ ")
	if !listLike || !strings.Contains(s, ":") {
		return
	}
	// Ignored as a directive, but a key of §5 still tells a policy from a
	// coding-agent file: a policy written with `* key: value` lines is a
	// broken policy, not another format.
	rest := s[1:]
	if colon := strings.IndexByte(rest, ':'); colon > 0 {
		p.marks.key(strings.ToLower(strings.TrimSpace(rest[:colon])), strings.TrimSpace(rest[colon+1:]))
	}
	if p.apply {
		p.add(codeMalformedDirective, p.line, "%s looks like a directive but does not start with `- ` (§6.2); it is ignored", quote(diag.Clip(s)))
	}
}

// inFence reports a heading or directive inside a fenced code block, or
// inside an HTML comment, once per block.
func (p *parser) inFence(what string) {
	if p.fence.open && !p.fence.warned {
		p.fence.warned = true
		p.add(codeInsideCodeFence, p.line, "%s inside a fenced code block (opened on line %d) is parsed as policy: parsers do not recognise code fences (§6.1)", what, p.fence.line)
	}
	if c := &p.comment; c.inside && !c.warned {
		c.warned = true
		p.add(codeInsideHTMLComment, p.line, "%s inside an HTML comment (opened on line %d) is parsed as policy: parsers do not recognise HTML comments (§4.4, §6.1)", what, c.line)
	}
}

// finish applies the checks that need the whole file.
func (p *parser) finish() {
	r := p.res
	if p.marks.otherFormat() {
		// Free Markdown without a directive of the specification, even
		// under a "## Identity" heading, which coding-agent files use too
		// (a project's name and purpose, or an agent's persona).
		r.OtherFormat = OtherFormatCodingAgent
		r.Effective = EffectiveOtherFormat
		p.diags = diag.List{codeCodingAgentInstructions.At(0, "no directive of AGENTS-MD-SPEC-001 (a `- key: value` line with a key §5 defines, in its section): the file is free Markdown, of the repository convention for coding agents; it is another format, not an AGENTS.md policy")}
		return
	}
	if r.Identity.Line == 0 && p.notText {
		p.add(codeMissingIdentity, 0, "no `## Identity` section was read, since the body is not text and its lines are not read; §5.1 requires one, so it is not a valid AGENTS.md policy (§6.8)")
		r.Effective = EffectiveInvalid
		return
	}
	if r.Identity.Line == 0 {
		p.add(codeMissingIdentity, 0, "the file has no `## Identity` section, which §5.1 requires; it is not a valid AGENTS.md policy (§6.8)")
		r.Effective = EffectiveInvalid
		return
	}
	siteLine := r.directiveLine(KindIdentity, "site")
	if siteLine == 0 {
		p.add(codeMissingSite, r.Identity.Line, "the Identity section has no `site` key (§5.1)")
	}
	if r.Identity.Site != "" && p.src.Host != "" && checkSite(r.Identity.Site) == "" &&
		siteHost(r.Identity.Site) != siteHost(p.src.Host) {
		p.add(codeSiteMismatch, siteLine, "site %s is not the host the file was fetched from (%s)", quote(r.Identity.Site), p.src.Host)
	}
	r.Effective = EffectivePolicy
	if p.src.Location == LocationWellKnown && p.src.Root != nil && p.src.Root.Usable {
		r.Effective = EffectiveSupersededByRoot
		p.add(codeSupersededByRoot, 0, "/AGENTS.md of this host holds a usable policy, which takes precedence over this file (§3.1)")
	}
}

// fence tracks Markdown fenced code blocks (CommonMark §4.5), which the
// specification does not know but coding-agent files use.
type fence struct {
	open   bool
	char   byte
	n      int
	line   int
	warned bool
}

// update reports whether s is a fence delimiter, opening or closing a block.
func (f *fence) update(s string) bool {
	t := strings.TrimLeft(s, " ")
	if len(s)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return false
	}
	c := t[0]
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 {
		return false
	}
	if f.open {
		if c == f.char && n >= f.n && strings.TrimSpace(t[n:]) == "" {
			f.open = false
			return true
		}
		return false
	}
	if c == '`' && strings.Contains(t[n:], "`") {
		return false
	}
	*f = fence{open: true, char: c, n: n}
	return true
}

// normalizeName normalizes a section name for comparison (§4.6): lower
// case, runs of white space collapsed to one space.
func normalizeName(name string) string {
	return strings.Join(strings.Fields(strings.ToLower(name)), " ")
}

// sectionKind returns the kind of a normalized section name.
func sectionKind(key string) SectionKind {
	switch key {
	case "identity":
		return KindIdentity
	case "trust requirements":
		return KindTrustRequirements
	case "allowed actions":
		return KindAllowedActions
	case "rate limits":
		return KindRateLimits
	case "data handling":
		return KindDataHandling
	case "restrictions":
		return KindRestrictions
	case "agent identification":
		return KindAgentIdentification
	}
	if strings.HasPrefix(key, "x-") {
		return KindExtension
	}
	return KindUnknown
}

// sectionNames returns the names of the defined sections, as §5 writes them.
func sectionNames() []string {
	return []string{"Identity", "Trust Requirements", "Allowed Actions", "Rate Limits", "Data Handling", "Restrictions", "Agent Identification"}
}

// nearSection returns the defined section an unknown name nearly matches
// (ignoring case, punctuation and spacing, a plural s, or up to two typing
// errors), or "".
func nearSection(key string) string {
	k := strings.TrimSuffix(squash(key), "s")
	if k == "" || len(k) > 40 {
		return ""
	}
	for _, name := range sectionNames() {
		n := strings.TrimSuffix(squash(name), "s")
		if k == n || near(k, n) {
			return name
		}
	}
	return ""
}

// near reports whether a and b are at most two edits apart (Levenshtein,
// by runes).
func near(a, b string) bool {
	return levenshtein.ComputeDistance(a, b) <= 2
}

// quote quotes s for a message.
func quote(s string) string { return strconv.Quote(s) }
