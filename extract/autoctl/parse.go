package autoctl

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
)

// Options is what Parse may know about the bytes besides the bytes. The
// zero Options describes a local file of unknown origin.
type Options struct {
	// ContentType is the Content-Type response header, if any.
	ContentType string
	// Served is true when the bytes came in an HTTP response, so that a
	// missing Content-Type header is diagnosed (a local file has none).
	Served bool
	// Host is the host the file speaks for (the crawled domain, with port
	// when not the default). The evaluator uses it for queries that give
	// a path rather than an absolute URL.
	Host string
}

// Effective is a short label for a file's effective policy.
type Effective string

// The effective policies.
const (
	// Rejected: the file holds raw control bytes and is rejected (§3.1);
	// it expresses no preference.
	Rejected Effective = "rejected"
	// Empty: no group has a scope, so the file applies to nothing.
	Empty Effective = "empty"
	// DenyAll: no group allows any method.
	DenyAll Effective = "deny-all"
	// ReadOnly: groups allow only safe methods (GET, HEAD, OPTIONS, TRACE;
	// RFC 9110 §9.2.1).
	ReadOnly Effective = "read-only"
	// WritesAllowed: some group allows a state-changing method (POST, PUT,
	// DELETE, PATCH or CONNECT).
	WritesAllowed Effective = "writes-allowed"
)

// File is a parsed automation-preferences.txt file. Its JSON form is part
// of the `survey check --format json` contract.
type File struct {
	// Effective is the effective policy label.
	Effective Effective `json:"effective"`
	// Rejected is true when the file holds raw control bytes (§3.1).
	Rejected bool `json:"rejected"`
	// Host is the host the file speaks for (Options.Host).
	Host string `json:"host,omitempty"`
	// Groups are the groups in file order, including those without a
	// scope (marked MissingScope, ignored by the evaluator).
	Groups []Group `json:"groups"`
	// Unknown are the directives of the runs of lines that hold only
	// directives the core specification does not define (an extension's
	// block such as "version: 1.0"): such a run is no group (§5).
	Unknown []Directive `json:"unknown,omitempty"`
	// HTMLComments counts the "<!-- ... -->" comments ignored.
	HTMLComments int `json:"html_comments"`
	// Lines is the number of lines of the file.
	Lines int `json:"lines"`
}

// Group is one group of directives (§3.4): a run of lines between blank
// lines holding at least one directive the core specification defines.
type Group struct {
	// Line is the line of the group's first directive; EndLine its last.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Scopes are the url-patterns of the scope directives.
	Scopes []string `json:"scopes"`
	// Hosts are the host-patterns; none means every host.
	Hosts []string `json:"hosts,omitempty"`
	// UserAgents are the product tokens; none means every agent.
	UserAgents []string `json:"user_agents,omitempty"`
	// MethodsListed is true when the group has an allowed-methods
	// directive. Without one, every method is disallowed (§3.2).
	MethodsListed bool `json:"methods_listed"`
	// Methods are the allowed methods, upper-cased, each once, in file
	// order; methods outside the closed list are left out.
	Methods []string `json:"allowed_methods"`
	// Purposes are the allowed purposes, each once, in file order.
	Purposes []string `json:"allowed_purposes,omitempty"`
	// Unknown are the directives the core specification does not define.
	Unknown []Directive `json:"unknown,omitempty"`
	// MissingScope is true when the group has no scope; it is ignored.
	MissingScope bool `json:"missing_scope,omitempty"`
}

// Directive is a directive as written: an unknown one kept for the record.
type Directive struct {
	Line  int    `json:"line"`
	Name  string `json:"name"`
	Value string `json:"value"`
}

// The directive names of the core specification (§3.2–§3.4). Names are
// matched case-insensitively, as ABNF quoted strings are (RFC 5234 §2.3).
const (
	nameScope     = "scope"
	nameHost      = "host"
	nameUserAgent = "user-agent"
	nameMethods   = "allowed-methods"
	namePurposes  = "allowed-purposes"
)

// bom is the UTF-8 encoding of U+FEFF.
const bom = "\xef\xbb\xbf"

// Parse parses an automation-preferences.txt file. It never panics, runs in
// time linear in len(body) and reports every finding as a diagnostic.
func Parse(body []byte, opts Options) (*File, diag.List) {
	var diags diag.List
	checkContentType(opts.ContentType, opts.Served, &diags)
	if kind := textsniff.NotText(body); kind != "" {
		// UTF-16 or binary: raw control bytes throughout, so rejected
		// (§3.1), with one diagnostic instead of one per line.
		diags.Add(codeNotText, 0, "the body is not UTF-8 text (%s); automation-preferences.txt is UTF-8 (§4), and a file with raw control bytes is rejected (§3.1): it expresses no preference", kind)
		return &File{Effective: Rejected, Rejected: true, Host: opts.Host, Groups: []Group{}, Lines: countLines(body)}, diags
	}
	text := body
	if strings.HasPrefix(string(body[:min(len(body), len(bom))]), bom) {
		text = body[len(bom):]
		diags.Add(codeBOM, 1, "the file starts with a UTF-8 byte order mark; it is ignored")
	}
	lines := splitLines(text)
	f := &File{Host: opts.Host, Groups: []Group{}, Lines: countLines(body)}
	f.Rejected = checkBytes(lines, &diags)
	p := parser{f: f, diags: &diags}
	p.lines(lines)
	f.Effective = effective(f)
	return f, diag.Cap(diags) // at most diag.MaxPerCode of each code
}

// parser holds the state of one parse.
type parser struct {
	f     *File
	diags *diag.List
	// g is the group being read, nil between groups.
	g *Group
	// emptyScopes, sawCore and firstName describe the group being read:
	// the lines of its scope directives without url-pattern, whether it
	// has any directive of the core specification, and its first
	// directive's name.
	emptyScopes []int
	sawCore     bool
	firstName   string
	// purposeSeen holds the group's purposes, to list each once.
	purposeSeen map[string]bool
	// open is the HTML comment left open by a "<!--" line, nil when none.
	open *htmlComment
}

// lines reads the file line by line: blank lines end groups, comments and
// the lines of HTML comment markers are skipped, every other line is a
// directive.
func (p *parser) lines(lines []line) {
	for _, l := range lines {
		t := trimWS(l.text)
		switch {
		case t == "":
			p.endGroup()
			continue
		case t[0] == '#':
			continue
		case strings.HasPrefix(t, "<!--"):
			p.htmlMarker(l.num, t)
			continue
		case p.closesHTMLComment(t):
			p.closeHTMLComment(l.num)
			continue
		}
		name, value, ok := strings.Cut(t, ":")
		name = trimWS(name)
		if !ok || !isName(name) {
			if p.open == nil {
				p.diags.Add(codeMalformedLine, l.num, "the line is not a directive (name, colon, value), a comment or blank: %.60q", t)
			}
			// Text inside an HTML comment is the comment's own, ignored
			// with it: such comments never fail the file (specs README).
			continue
		}
		p.directive(l.num, name, trimWS(value))
		if p.open != nil {
			p.open.directives = append(p.open.directives, l.num)
			if strings.Contains(t, "-->") {
				p.closeHTMLComment(l.num)
			}
		}
	}
	p.closeHTMLComment(0)
	p.endGroup()
	if last := len(p.f.Groups) - 1; last >= 0 && !emptyLineAfter(lines, p.f.Groups[last].EndLine) {
		p.diags.Add(codeNoFinalBlankLine, p.f.Groups[last].EndLine, "the last group is not followed by an empty line (blank or comment)")
	}
}

// emptyLineAfter reports whether a line after line end is blank or a
// comment line: the ABNF's emptyline (*WS [comment] EOL), which must
// follow a group.
func emptyLineAfter(lines []line, end int) bool {
	for _, l := range lines[min(end, len(lines)):] {
		if t := trimWS(l.text); t == "" || t[0] == '#' {
			return true
		}
	}
	return false
}

// endGroup finishes the group being read. A run of lines holding only extension directives is no
// group: §5 says implementations MUST NOT fail or produce errors on
// extended directives, so it has no missing-scope error.
func (p *parser) endGroup() {
	if p.g == nil {
		return
	}
	g := p.g
	p.g = nil
	if !p.sawCore {
		// Only extension directives: no group, and no error (§5).
		p.f.Unknown = append(p.f.Unknown, g.Unknown...)
		return
	}
	for _, num := range p.emptyScopes {
		if len(g.Scopes) == 0 {
			p.diags.Add(codeEmptyValue, num, "scope has no url-pattern, and the group of lines %d–%d has no other scope, so the group is ignored", g.Line, g.EndLine)
		} else {
			p.diags.Add(codeEmptyValue, num, "scope has no url-pattern; the directive is ignored, the group's other scopes apply")
		}
	}
	if len(g.Scopes) == 0 {
		g.MissingScope = true
		if len(p.emptyScopes) == 0 {
			p.diags.Add(codeMissingScope, g.Line, "the group of lines %d–%d has no scope directive; a group MUST contain at least one, so it is ignored", g.Line, g.EndLine)
		}
	} else if p.firstName != nameScope {
		p.diags.Add(codeScopeNotFirst, g.Line, "the group begins with %.100q, not with its scope", p.firstName)
	}
	p.f.Groups = append(p.f.Groups, *g)
}

// effective returns the label of a parsed file.
func effective(f *File) Effective {
	if f.Rejected {
		return Rejected
	}
	usable, any, writes := 0, false, false
	for _, g := range f.Groups {
		if g.MissingScope {
			continue
		}
		usable++
		for _, m := range g.Methods {
			any = true
			if !isSafe(m) {
				writes = true
			}
		}
	}
	switch {
	case usable == 0:
		return Empty
	case writes:
		return WritesAllowed
	case any:
		return ReadOnly
	}
	return DenyAll
}

// isSafe reports whether a method is safe (RFC 9110 §9.2.1).
func isSafe(m string) bool {
	return m == "GET" || m == "HEAD" || m == "OPTIONS" || m == "TRACE"
}

// trimWS trims the ABNF's WS (SP and HTAB) from both ends of s.
func trimWS(s string) string { return strings.Trim(s, " \t") }

// isName reports whether s can be a directive name: letters, digits, "-",
// "_" and ".".
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
