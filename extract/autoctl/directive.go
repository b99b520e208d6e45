package autoctl

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// methods is the closed list of methods of the ABNF's method rule (§4).
func methods() []string {
	return []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"}
}

// directive records one "name: value" line in the current group, starting
// a group when none is open.
func (p *parser) directive(num int, name, value string) {
	if p.g == nil {
		p.g = &Group{Line: num, Scopes: []string{}, Methods: []string{}}
		p.emptyScopes, p.sawCore = nil, false
		p.firstName = strings.ToLower(name)
		p.purposeSeen = map[string]bool{}
	}
	g := p.g
	g.EndLine = num
	if i := strings.Index(value, "<!--"); i > 0 && strings.HasSuffix(value, "-->") {
		// "scope: / <!-- the root -->": the draft's examples write such
		// comments on lines of their own; after a value it is no more a
		// comment under the ABNF, and it would be read as values (hosts
		// named "<!--", "the", "root").
		value = trimWS(value[:i])
		p.f.HTMLComments++
		p.diags.Add(codeHTMLComment, num, "an HTML comment after the value is not a comment under the ABNF; ignored")
	}
	lower := strings.ToLower(name)
	p.sawCore = p.sawCore || isCore(lower)
	switch lower {
	case nameScope:
		p.scope(g, num, stripComment(value, true))
	case nameHost:
		p.host(g, num, stripComment(value, false))
	case nameUserAgent:
		p.userAgent(g, num, stripComment(value, false))
	case nameMethods:
		g.MethodsListed = true
		p.methods(g, num, stripComment(value, false))
	case namePurposes:
		p.purposes(g, num, stripComment(value, true))
	default:
		g.Unknown = append(g.Unknown, Directive{Line: num, Name: name, Value: value})
		switch near := misspelling(lower); {
		case near == nameMethods:
			p.diags.Add(codeMisspelledDirective, num, "directive %.100q is not defined; did you mean %q? It is ignored, as unknown directives must be, and a group without allowed-methods allows no method", name, near)
		case near != "":
			p.diags.Add(codeMisspelledDirective, num, "directive %.100q is not defined; did you mean %q? It is ignored, as unknown directives must be", name, near)
		default:
			p.diags.Add(codeUnknownDirective, num, "directive %.100q is not defined by the core specification; ignored", name)
		}
	}
}

// misspelling returns the core directive name that lower, a lower-cased
// directive name the core specification does not define, is a likely
// misspelling of: written with "_" or spaces for "-" or without them
// ("allowed_methods", "useragent"), in the plural ("hosts"), or, for the
// longer names, two edits away ("allowed-method", "alowed-methods"). It
// returns "" for anything else, extensions ("x-host") and short words one
// edit from "host" or "scope" ("post") included.
func misspelling(lower string) string {
	if strings.HasPrefix(lower, "x-") {
		return ""
	}
	norm := strings.NewReplacer("_", "-", " ", "-").Replace(lower)
	for _, name := range []string{nameScope, nameHost, nameUserAgent, nameMethods, namePurposes} {
		if norm == name || norm == name+"s" || strings.ReplaceAll(norm, "-", "") == strings.ReplaceAll(name, "-", "") ||
			len(name) > 5 && levenshtein.ComputeDistance(norm, name) <= 2 {
			return name
		}
	}
	return ""
}

// isCore reports whether a lower-cased directive name is one the core
// specification defines.
func isCore(name string) bool {
	switch name {
	case nameScope, nameHost, nameUserAgent, nameMethods, namePurposes:
		return true
	}
	return false
}

// stripComment removes a trailing comment from a directive value. In the
// values whose characters include "#" (url-pattern, purpose-token) a
// comment starts only at a "#" that begins the value or follows white
// space; in the others any "#" starts one (§4: EOL = *WS [comment] NL).
func stripComment(v string, hashInToken bool) string {
	for i := 0; i < len(v); i++ {
		if v[i] == '#' && (!hashInToken || i == 0 || v[i-1] == ' ' || v[i-1] == '\t') {
			return trimWS(v[:i])
		}
	}
	return trimWS(v)
}

// splitList splits a comma-separated value list (§3.1: "Multiple values
// MAY be separated by commas"), with or without white space around the
// commas, trimming white space around each element; empty elements are
// kept (as "").
func splitList(v string) []string {
	parts := strings.Split(v, ",")
	for i, s := range parts {
		parts[i] = trimWS(s)
	}
	return parts
}

// splitValues splits the value of a directive whose ABNF value holds no
// white space (scope, host) at commas, as splitList does, and at white
// space. It reports whether the list has an empty element.
func splitValues(v string) (values []string, empty bool) {
	for _, part := range splitList(v) {
		if part == "" {
			empty = true
			continue
		}
		values = append(values, strings.FieldsFunc(part, func(r rune) bool { return r == ' ' || r == '\t' })...)
	}
	return values, empty
}

// scope records the url-patterns of a scope directive. The ABNF allows
// one pattern, whose characters include ","; §3.1 allows several values
// separated by commas, so several separated by commas or white space are
// each used.
func (p *parser) scope(g *Group, num int, v string) {
	patterns, empty := splitValues(v)
	switch {
	case len(patterns) == 0:
		// Diagnosed when the group ends, saying whether it is ignored.
		p.emptyScopes = append(p.emptyScopes, num)
		return
	case empty:
		p.diags.Add(codeEmptyValue, num, "scope has an empty element in its list")
	}
	if len(patterns) > 1 {
		p.diags.Add(codeMultipleValues, num, "scope lists %d url-patterns; each is used", len(patterns))
	}
	for _, pat := range patterns {
		host, path := splitScope(pat)
		if host != "" {
			p.diags.Add(codeScopeNotPath, num, "scope %.100q is not a path pattern: it is read as a URL or host/path, for the host %.100q", pat, host)
		}
		if pathnorm.DeadDotSegment(path, true) {
			p.diags.Add(codeDotSegmentScope, num, "scope %.100q holds a \".\" or \"..\" segment, which an agent's HTTP client removes from every URL it requests (RFC 3986 §5.2.4); it matches no URL", pat)
		}
		g.Scopes = append(g.Scopes, pat)
	}
}

// host records the host-patterns of a host directive, separated by commas
// or white space.
func (p *parser) host(g *Group, num int, v string) {
	hosts, empty := splitValues(v)
	switch {
	case len(hosts) == 0:
		p.diags.Add(codeEmptyValue, num, "host has no host-pattern")
		return
	case empty:
		p.diags.Add(codeEmptyValue, num, "host has an empty element in its list")
	}
	if len(hosts) > 1 {
		p.diags.Add(codeMultipleValues, num, "host lists %d host-patterns; each is used", len(hosts))
	}
	for _, h := range hosts {
		if bad := badHostChar(h); bad != "" {
			p.diags.Add(codeHostSyntax, num, "host %.100q holds %s, which cannot appear in a host name", h, bad)
		}
		g.Hosts = append(g.Hosts, h)
	}
}

// badHostChar describes the first character of h that cannot appear in a
// host name pattern (letters, digits, "-", ".", "*", ":" and "[]" for ports
// and IPv6 literals, and non-ASCII U-labels), or returns "".
func badHostChar(h string) string {
	if strings.Contains(h, "://") {
		return "a URL scheme"
	}
	for _, r := range h {
		switch {
		case r >= utf8.RuneSelf:
		case r < utf8.RuneSelf && (isLetter(byte(r)) || '0' <= r && r <= '9'):
		case strings.ContainsRune("-.*:[]", r):
		default:
			return "the character " + quoteRune(r)
		}
	}
	return ""
}

// userAgent records the product tokens of a user-agent directive.
func (p *parser) userAgent(g *Group, num int, v string) {
	if v == "" {
		p.diags.Add(codeEmptyValue, num, "user-agent has no product token")
		return
	}
	for _, tok := range splitList(v) {
		switch {
		case tok == "":
			p.diags.Add(codeEmptyValue, num, "user-agent has an empty element in its list")
			continue
		case tok != "*" && !isIdentifier(tok):
			p.diags.Add(codeUserAgentSyntax, num, "user-agent %.100q is not a product token (letters, \"-\" and \"_\") or \"*\"", tok)
		}
		g.UserAgents = append(g.UserAgents, tok)
	}
}

// isIdentifier reports whether s matches the ABNF's identifier: letters,
// "-" and "_" (RFC 9309's product token).
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && c != '-' && c != '_' {
			return false
		}
	}
	return s != ""
}

// methods records the methods of an allowed-methods directive.
func (p *parser) methods(g *Group, num int, v string) {
	if v == "" {
		p.diags.Add(codeEmptyValue, num, "allowed-methods lists no method; every method stays disallowed")
		return
	}
	for _, m := range splitList(v) {
		if m == "" {
			p.diags.Add(codeEmptyValue, num, "allowed-methods has an empty element in its list")
			continue
		}
		upper := strings.ToUpper(m)
		if !slices.Contains(methods(), upper) {
			p.diags.Add(codeUnknownMethod, num, "method %.100q is not one of %s; it allows nothing", m, strings.Join(methods(), " "))
			continue
		}
		if upper != m {
			p.diags.Add(codeMethodCase, num, "method %.100q is written %q in HTTP", m, upper)
		}
		if !slices.Contains(g.Methods, upper) {
			g.Methods = append(g.Methods, upper)
		}
	}
}

// purposes records the tokens of an allowed-purposes directive.
func (p *parser) purposes(g *Group, num int, v string) {
	if v == "" {
		p.diags.Add(codeEmptyValue, num, "allowed-purposes lists no purpose")
		return
	}
	for _, tok := range splitList(v) {
		if tok == "" {
			p.diags.Add(codeEmptyValue, num, "allowed-purposes has an empty element in its list")
			continue
		}
		for i := 0; i < len(tok); i++ {
			if c := tok[i]; c < 0x21 || c > 0x7e {
				p.diags.Add(codePurposeSyntax, num, "purpose %.100q holds a character that is not visible ASCII", tok)
				break
			}
		}
		if !p.purposeSeen[tok] {
			p.purposeSeen[tok] = true
			g.Purposes = append(g.Purposes, tok)
		}
	}
}

// quoteRune quotes a rune for a message.
func quoteRune(r rune) string { return strconv.QuoteRune(r) }
