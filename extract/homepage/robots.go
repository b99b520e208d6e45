package homepage

import (
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/robots"
)

// Directive is one robots directive from an X-Robots-Tag header or a robots
// meta tag.
type Directive struct {
	// Source is where the directive was found.
	Source Source `json:"source"`
	// Field is the header name ("X-Robots-Tag") or the meta name as
	// written, lower-cased ("robots", "googlebot").
	Field string `json:"field"`
	// Agent is the user agent the directive is scoped to, lower-cased:
	// the "googlebot" of "X-Robots-Tag: googlebot: noindex" or of
	// <meta name="googlebot">. It is empty when the directive applies to
	// every agent.
	Agent string `json:"agent,omitempty"`
	// Name is the directive, lower-cased ("noindex", "max-snippet").
	Name string `json:"name"`
	// Value is the value of a name:value directive ("20" for
	// "max-snippet:20").
	Value string `json:"value,omitempty"`
	// Known is true for the directives of the Google and Bing
	// specifications and for noai and noimageai.
	Known bool `json:"known"`
	// Line is the line of the meta tag; 0 for a header.
	Line int `json:"line,omitempty"`
}

// isKnownDirective reports whether name is a known robots directive, and
// whether it takes a value.
func isKnownDirective(name string) (known, valued bool) {
	switch name {
	case "all", "none", "index", "noindex", "follow", "nofollow", "noarchive", "nocache",
		"nosnippet", "noimageindex", "notranslate", "indexifembedded", "noodp", "noydir",
		"noyaca", "nositelinkssearchbox", "noai", "noimageai":
		return true, false
	case "max-snippet", "max-image-preview", "max-video-preview", "unavailable_after":
		return true, true
	}
	return false, false
}

// parseRobots parses one X-Robots-Tag field line or robots meta content: a
// comma-separated list of directives, where "name: value" is a valued
// directive when name is one. In the header, another "name:" names the user
// agent the following directives of the line are scoped to ("googlebot:
// noindex, nofollow"); that prefix is the header's alone (Google's
// specification), since a meta tag names its crawler in its name attribute,
// so in a meta tag "name: value" is an unknown directive and the directives
// after it keep the tag's scope. agent is the initial scope (the meta name
// for a per-bot meta tag, "" otherwise).
func parseRobots(value string, src Source, field, agent string, line int, diags *diagnostics) []Directive {
	var out []Directive
	parts := strings.Split(value, ",")
	for i := 0; i < len(parts); i++ {
		tok := strings.TrimSpace(parts[i])
		if tok == "" {
			continue
		}
		name, rest, hasColon := strings.Cut(tok, ":")
		name = strings.ToLower(strings.TrimSpace(name))
		rest = strings.TrimSpace(rest)
		if hasColon && src == SourceHeader {
			if isAgentPrefix(name, rest) {
				// A user agent scope; what follows the colon, if anything,
				// is the scope's first directive.
				agent = name
				if rest == "" {
					continue
				}
				name, rest, hasColon = strings.Cut(rest, ":")
				name = strings.ToLower(strings.TrimSpace(name))
				rest = strings.TrimSpace(rest)
			}
		}
		if name == "unavailable_after" && isWeekday(rest) && i+1 < len(parts) {
			// An RFC 850 date holds a comma: "Sunday, 01-Sep-30 ...".
			i++
			rest += "," + parts[i]
			rest = strings.TrimSpace(rest)
		}
		d := Directive{Source: src, Field: field, Agent: agent, Name: name, Value: rest, Line: line}
		var valued bool
		d.Known, valued = isKnownDirective(name)
		switch {
		case !d.Known && hasColon && src == SourceMeta && isAgentName(name) && startsWithDirective(rest):
			diags.Add(codeUnknownDirective, line, "%s: unknown robots directive %q (a user-agent prefix is defined for the X-Robots-Tag header only; a meta tag names its crawler in its name attribute)", field, diag.Clip(tok))
		case !d.Known && !hasColon && src == SourceHeader && isBotMetaName(name):
			diags.Add(codeUnknownDirective, line, "%s: unknown robots directive %q (a crawler's name; a user-agent prefix ends with \":\", so the directives after it apply to every agent)", field, diag.Clip(tok))
		case !d.Known && !hasColon && allDirectives(name):
			diags.Add(codeUnknownDirective, line, "%s: unknown robots directive %q (directives are separated by commas)", field, diag.Clip(tok))
		case !d.Known:
			diags.Add(codeUnknownDirective, line, "%s: unknown robots directive %q", field, diag.Clip(tok))
		case valued && !validDirectiveValue(name, rest):
			diags.Add(codeBadDirectiveValue, line, "%s: %s has the malformed value %q", field, name, diag.Clip(rest))
		case !valued && hasColon:
			diags.Add(codeBadDirectiveValue, line, "%s: %s takes no value, found %q", field, name, diag.Clip(rest))
		}
		out = append(out, d)
	}
	return out
}

// isAgentPrefix reports whether "name: rest", a directive of an
// X-Robots-Tag value, is a user-agent prefix and the scope's first
// directive: name is no known directive and can be a product token, and
// a directive follows ("<bot-name>: <indexing-rule>", as Google's and
// MDN's examples write it: a known directive or a word such as a misspelt
// "no-index"; or nothing, when the directive follows the next comma) or
// name is a known crawler's; a name of several words is a prefix when a
// known directive follows it. Otherwise, when a value follows
// ("tdm-reservation: 1", "max_snippet: 50"), it is one unknown valued
// directive: taking it for a scope would invent a user agent and move
// the directives after it out of every agent's scope.
func isAgentPrefix(name, rest string) bool {
	if known, _ := isKnownDirective(name); known {
		return false
	}
	if !isAgentName(name) {
		// A crawler's name of several words ("SearchStax Crawler:
		// noindex") is a prefix when a directive follows it.
		return startsWithDirective(rest) && isAgentName(strings.Join(strings.Fields(name), "-"))
	}
	return rest == "" || startsWithDirective(rest) || isWord(rest) || isBotMetaName(name)
}

// isWord reports whether the directive that s opens with (up to a colon)
// is a word, as a misspelt or unknown directive is ("no-index"), and not a
// value: a number, a date, a URL.
func isWord(s string) bool {
	w, _, _ := strings.Cut(s, ":")
	w = strings.TrimSpace(w)
	if w == "" || !(w[0] >= 'a' && w[0] <= 'z' || w[0] >= 'A' && w[0] <= 'Z') {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// allDirectives reports whether s is two or more known directives separated
// by white space or semicolons instead of commas ("noindex nofollow").
func allDirectives(s string) bool {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ';' })
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		if known, _ := isKnownDirective(w); !known {
			return false
		}
	}
	return true
}

// startsWithDirective reports whether s opens with a known directive, as
// the "noindex" of "googlebot: noindex" does: a meta tag's "name: value"
// meant as an X-Robots-Tag user-agent prefix, not a misspelt valued
// directive ("max_snippet: -1").
func startsWithDirective(s string) bool {
	name, _, _ := strings.Cut(s, ":")
	known, _ := isKnownDirective(strings.ToLower(strings.TrimSpace(name)))
	return known
}

// isAgentName reports whether s can be a user-agent product token: letters,
// digits, "-", "_" and ".".
func isAgentName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// isWeekday reports whether s is an English weekday name, full or short.
func isWeekday(s string) bool {
	switch strings.ToLower(s) {
	case "mon", "tue", "wed", "thu", "fri", "sat", "sun",
		"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday":
		return true
	}
	return false
}

// validDirectiveValue checks the value of a valued directive.
func validDirectiveValue(name, value string) bool {
	switch name {
	case "max-snippet", "max-video-preview":
		n, err := strconv.Atoi(value)
		return err == nil && n >= -1
	case "max-image-preview":
		switch strings.ToLower(value) {
		case "none", "standard", "large":
			return true
		}
		return false
	}
	return value != ""
}

// isBotMetaName reports whether a meta name addresses a crawler, so that
// its content is robots directives for that crawler: the search engine
// crawlers whose documentation defines such a meta tag, and the known AI
// crawlers.
func isBotMetaName(name string) bool {
	switch name {
	case "googlebot", "googlebot-news", "googlebot-image", "googlebot-video", "google",
		"adsbot-google", "mediapartners-google", "storebot-google",
		"bingbot", "msnbot", "adidxbot", "slurp", "yandex", "yandexbot", "baiduspider",
		"duckduckbot", "applebot", "naverbot", "yeti", "seznambot", "teoma", "facebot":
		return true
	}
	return robots.IsAIToken(name)
}

// conflictingPairs are the directives that contradict each other: the
// first allows what the second forbids.
func conflictingPairs() [][2]string {
	return [][2]string{
		{"index", "noindex"}, {"follow", "nofollow"}, {"all", "none"},
		{"all", "noindex"}, {"all", "nofollow"}, {"index", "none"}, {"follow", "none"},
	}
}

// robotsConflicts reports contradicting directives for the same agent
// scope, once per scope and pair: at the first directive of the pair's
// restrictive side. Directives are told apart by position, since repeated
// ones (two "noindex" header lines) are equal values.
func robotsConflicts(ds []Directive, diags *diagnostics) {
	type key struct{ agent, name string }
	first := map[key]int{}
	for i, d := range ds {
		k := key{d.Agent, d.Name}
		if _, ok := first[k]; !ok {
			first[k] = i
		}
	}
	for i, d := range ds {
		for _, pair := range conflictingPairs() {
			if d.Name != pair[1] {
				continue
			}
			j, ok := first[key{d.Agent, pair[0]}]
			if !ok || first[key{d.Agent, d.Name}] != i {
				continue
			}
			allow := ds[j]
			who := "every agent"
			if d.Agent != "" {
				who = d.Agent
			}
			line := d.Line
			if line == 0 {
				line = allow.Line
			}
			diags.Add(codeRobotsConflict, line, "%s and %s both apply to %s (%s, %s); the more restrictive %s applies",
				allow.Name, d.Name, who, where(allow), where(d), d.Name)
		}
	}
}

// where describes the origin of a directive for a message.
func where(d Directive) string {
	if d.Source == SourceHeader {
		return d.Field + " header"
	}
	return "meta " + d.Field + " on line " + strconv.Itoa(d.Line)
}
