package agentstxt

import (
	"bytes"
	"encoding/json"
	"strings"

	"golang.org/x/net/html"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
)

// The conventions a file named agents.txt may plainly follow instead
// (README: other files named agents.txt exist in the wild).
const (
	OtherRobotsStyle = "robots-style"    // User-agent: / Allow: / Disallow: lines
	OtherKeyValue    = "key-value"       // every line is "Field: value"
	OtherMarkdown    = "markdown"        // headings, lists, links, fences
	OtherJSON        = "json"            // a JSON document
	OtherHTML        = "html"            // an HTML document or fragment
	OtherXML         = "xml"             // an XML document
	OtherUserAgents  = "user-agent-list" // one User-Agent string a line
	OtherText        = "text"            // plain text with no agents.txt-like line
	OtherDeclared    = "declared-other"  // comments only, naming another specification
)

// OtherFormats returns every convention File.OtherFormat may name, in the
// order otherFormat tries them.
func OtherFormats() []string {
	return []string{OtherJSON, OtherXML, OtherHTML, OtherRobotsStyle, OtherKeyValue, OtherUserAgents, OtherMarkdown, OtherText, OtherDeclared}
}

// otherFormat returns the convention body plainly follows, or "" when it
// is (possibly broken) agents.txt. A file with a hash-like line ("*" and a
// hex digit) or a directive-like line ("/path ALLOW", any case) is always
// agents.txt, so that a broken agents.txt is never excused as another
// format.
func otherFormat(body []byte, lines []line) string {
	var content, fieldLines, robotsLines, markdownSignals, headings, userAgents, agentsLike int
	declared := false
	for _, l := range lines {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		if l.kind == kindComment {
			if textsniff.MarkdownHeading(t) {
				headings++
			}
			declared = declared || declaresOtherSpec(t)
			continue
		}
		if looksLikeHash(t) || looksLikeDirective(t) {
			return ""
		}
		content++
		if name, ok := textsniff.FieldName(t); ok {
			fieldLines++
			if isRobotsField(name) {
				robotsLines++
			}
		}
		if textsniff.MarkdownSignal(t) {
			markdownSignals++
		}
		if isUserAgentLine(t) {
			userAgents++
		}
		if resemblesAgentsTxt(t) {
			agentsLike++
		}
	}
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid(trimmed):
		return OtherJSON
	case bytes.HasPrefix(trimmed, []byte("<?xml")):
		return OtherXML
	case len(trimmed) > 0 && trimmed[0] == '<' && looksLikeHTML(trimmed):
		return OtherHTML
	case robotsLines > 0:
		return OtherRobotsStyle
	case content > 0 && fieldLines == content:
		return OtherKeyValue
	case content > 0 && userAgents*10 >= content*9:
		return OtherUserAgents
	case markdownSignals > 0 || (headings > 0 && content > 0):
		return OtherMarkdown
	case content > 0 && agentsLike == 0:
		return OtherText
	case content == 0 && declared:
		return OtherDeclared
	}
	return ""
}

// declaresOtherSpec reports whether a trimmed comment line names the
// specification the file follows, and it is not this draft: "# Standard:
// https://agents-txt.com", "# Spec: ...". A file of comments only is
// otherwise an empty (broken) agents.txt; one that says it follows
// another convention is that convention's file, with nothing in it.
func declaresOtherSpec(t string) bool {
	name, value, ok := strings.Cut(strings.TrimLeft(t, "# \t"), ":")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "standard", "standards", "spec", "specification":
	default:
		return false
	}
	value = strings.ToLower(strings.TrimSpace(value))
	return value != "" && !strings.Contains(value, "srijal") && !strings.Contains(value, "agents-policy")
}

// resemblesAgentsTxt reports whether a trimmed content line has anything of
// agents.txt about it, however broken: it starts with "/" (a path) or with
// "*" not followed by a space (a hash line, a Markdown list item aside),
// has an ALLOW or DISALLOW field, or holds a run of 64 hex digits (a
// digest). A file none of whose lines does (prose, a word list) is plain
// text, not a broken agents.txt.
func resemblesAgentsTxt(t string) bool {
	if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "* ") {
		return true
	}
	for _, w := range strings.FieldsFunc(t, isFieldSpace) {
		if w == "ALLOW" || w == "DISALLOW" {
			return true
		}
	}
	run := 0
	for i := 0; i < len(t); i++ {
		if !pathnorm.IsHex(t[i]) {
			run = 0
		} else if run++; run == 64 {
			return true
		}
	}
	return false
}

// looksLikeHash reports whether a trimmed line looks like a hash line: "*",
// optional white space, then hex digits making up the rest of the line or
// a run of at least 16 (so that Markdown emphasis such as "*deal*" is not
// taken for one).
func looksLikeHash(t string) bool {
	if !strings.HasPrefix(t, "*") {
		return false
	}
	rest := strings.TrimLeft(t[1:], " \t")
	n := 0
	for n < len(rest) && pathnorm.IsHex(rest[n]) {
		n++
	}
	return n > 0 && (n == len(rest) || n >= 16)
}

// looksLikeDirective reports whether a trimmed line looks like an
// agents.txt directive: a path and ALLOW or DISALLOW in any case.
func looksLikeDirective(t string) bool {
	f := strings.FieldsFunc(t, isFieldSpace)
	return len(f) >= 2 && strings.HasPrefix(f[0], "/") &&
		(strings.EqualFold(f[1], "allow") || strings.EqualFold(f[1], "disallow"))
}

// isUserAgentLine reports whether a trimmed content line looks like a
// User-Agent string (RFC 9110 §10.1.5): it starts with a product token and
// a version ("Mozilla/5.0 (X11; ...) ...", "curl/8.5.0"), and no field of
// it is ALLOW or DISALLOW in any case. Lists of such strings are a common
// file named agents.txt (user agents for scrapers and tests); one line in
// ten may be a broken string without being taken for agents.txt.
func isUserAgentLine(t string) bool {
	f := strings.FieldsFunc(t, isFieldSpace)
	product, version, ok := strings.Cut(f[0], "/")
	if !ok || product == "" || version == "" || !isLetter(product[0]) ||
		!isProductToken(product) || !isProductToken(version) {
		return false
	}
	for _, w := range f[1:] {
		if strings.EqualFold(w, "allow") || strings.EqualFold(w, "disallow") {
			return false
		}
	}
	return true
}

// isProductToken reports whether s is an RFC 9110 token.
func isProductToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// isRobotsField reports whether name is a robots.txt (or ai.txt) group or
// rule field. The other robots.txt fields (Sitemap, Crawl-delay,
// Content-Signal, ...) do not count: a "Sitemap: URL" line is common in
// the key-value and Markdown manifests published as agents.txt, and alone
// does not make a file robots-style.
func isRobotsField(name string) bool {
	switch strings.ToLower(name) {
	case "user-agent", "allow", "disallow":
		return true
	}
	return false
}

// looksLikeHTML reports whether the first tokens of b are HTML markup: a
// doctype, a comment, or a start or end tag.
func looksLikeHTML(b []byte) bool {
	z := html.NewTokenizer(bytes.NewReader(b))
	for range 8 {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.DoctypeToken, html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken, html.CommentToken:
			return true
		case html.TextToken:
			if len(bytes.TrimSpace(z.Text())) > 0 {
				return false
			}
		}
	}
	return false
}
