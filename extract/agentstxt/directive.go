package agentstxt

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
)

// directives parses every content line other than the hash line as a
// directive "<path> <action> [key=value ...]" (§6).
func (p *parser) directives(lines []line, hashLine int) {
	firstByPath := map[string]int{}
	for i, l := range lines {
		if l.kind != kindContent || i == hashLine {
			continue
		}
		if isHashLine(l.text) {
			p.diags.Add(codeSecondHashLine, l.num, "a second hash line; only the first is the file's hash line, this one is a directive syntax error")
			continue
		}
		d := p.directive(l)
		if first, ok := firstByPath[d.Path]; ok && !d.Malformed {
			p.diags.Add(codeDuplicatePath, l.num, "path %.100q already has a directive on line %d", d.Path, first)
		} else if !d.Malformed {
			firstByPath[d.Path] = l.num
		}
		p.f.Directives = append(p.f.Directives, d)
	}
}

// directive parses one directive line. Fields are separated by runs of
// spaces and tabs; anything but single spaces is a warning.
func (p *parser) directive(l line) Directive {
	fields := strings.FieldsFunc(l.text, isFieldSpace)
	d := Directive{Line: l.num, Path: fields[0]}
	if strings.Join(fields, " ") != l.text {
		p.diags.Add(codeIrregularWhitespace, l.num, "fields should be separated by single spaces, without leading or trailing white space")
	}
	if !strings.HasPrefix(d.Path, "/") {
		d.Malformed = true
		hint := ""
		if name, ok := textsniff.FieldName(strings.TrimSpace(l.text)); ok {
			hint = " (\"" + name + ":\" is robots.txt-style syntax, not an agents.txt directive)"
		}
		p.diags.Add(codePathSyntax, l.num, "the directive's path %.100q does not start with \"/\"%s", d.Path, hint)
	} else if bad, why := uriProblem(d.Path, pathChar); bad {
		p.diags.Add(codePathCharacters, l.num, "path %.100q: %s", d.Path, why)
	}
	if !d.Malformed && pathnorm.DeadDotSegment(d.Path, false) {
		p.diags.Add(codeDotSegmentPath, l.num, "path %.100q holds a \".\" or \"..\" segment, which an agent's HTTP client removes from every URL it requests (RFC 3986 §5.2.4); the directive matches no URL", d.Path)
	}
	if len(fields) < 2 {
		d.Malformed = true
		p.diags.Add(codeMissingAction, l.num, "the directive has no action; it must be ALLOW or DISALLOW")
		return d
	}
	d.Action = Action(fields[1])
	switch {
	case d.Action == Allow || d.Action == Disallow:
	case strings.EqualFold(fields[1], string(Allow)) || strings.EqualFold(fields[1], string(Disallow)):
		d.Malformed = true
		p.diags.Add(codeActionCase, l.num, "action %.100q must be written %q", fields[1], strings.ToUpper(fields[1]))
	default:
		d.Malformed = true
		p.diags.Add(codeActionUnknown, l.num, "action %.100q is neither ALLOW nor DISALLOW", fields[1])
	}
	seen := map[string]bool{}
	for i, field := range fields[2:] {
		if strings.HasPrefix(field, "#") {
			// "/admin DISALLOW # staff only": one diagnostic for the
			// comment, not one per word of it.
			d.Malformed = true
			p.diags.Add(codeInlineComment, l.num, "%.100q is a comment after the directive, but only whole lines starting with \"#\" are comments (§4); move it to a line of its own, and compute the hash line again (it covers the directive lines)", strings.Join(fields[2+i:], " "))
			break
		}
		key, value, hasEq := strings.Cut(field, "=")
		d.Params = append(d.Params, Param{Key: key, Value: value})
		switch {
		case !hasEq:
			d.Malformed = true
			p.diags.Add(codeParamSyntax, l.num, "parameter %.100q is not key=value", field)
			continue
		case key == "":
			d.Malformed = true
			p.diags.Add(codeParamSyntax, l.num, "parameter %.100q has an empty key", field)
			continue
		case value == "":
			d.Malformed = true
			p.diags.Add(codeParamSyntax, l.num, "parameter %.100q has an empty value", field)
			continue
		}
		if bad, why := uriProblem(key, keyChar); bad {
			d.Malformed = true
			p.diags.Add(codeParamSyntax, l.num, "parameter key %.100q: %s", key, why)
		}
		if bad, why := uriProblem(value, valueChar); bad {
			d.Malformed = true
			p.diags.Add(codeParamSyntax, l.num, "parameter value %.100q: %s", value, why)
		}
		if seen[key] {
			p.diags.Add(codeDuplicateParam, l.num, "parameter %.100q is given twice", key)
		}
		seen[key] = true
	}
	return d
}

// The character classes of RFC 3986 §2 used for paths and parameters:
// unreserved and sub-delims, plus ":" and "@" (pchar), plus "/" and "?" for
// paths and values (path and query). A key cannot hold "=".
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func subDelim(c byte) bool { return strings.IndexByte("!$&'()*+,;=", c) >= 0 }

func pathChar(c byte) bool {
	return unreserved(c) || subDelim(c) || c == ':' || c == '@' || c == '/' || c == '?'
}

func keyChar(c byte) bool {
	return unreserved(c) || (subDelim(c) && c != '=') || c == ':' || c == '@'
}

func valueChar(c byte) bool { return pathChar(c) }

// uriProblem reports whether s has a character outside allowed (other than
// a well-formed percent escape) and says which.
func uriProblem(s string, allowed func(byte) bool) (bool, string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !pathnorm.IsHex(s[i+1]) || !pathnorm.IsHex(s[i+2]) {
				return true, "a \"%\" not followed by two hex digits"
			}
			i += 2
		case c >= 0x80:
			return true, "raw non-ASCII bytes; RFC 3986 requires them percent-encoded"
		case !allowed(c):
			return true, "the character " + quoteByte(c) + " is not allowed by RFC 3986 here"
		}
	}
	return false, ""
}

// quoteByte quotes an ASCII byte for a message.
func quoteByte(c byte) string {
	if c < 0x20 || c == 0x7f {
		return "U+00" + string("0123456789ABCDEF"[c>>4]) + string("0123456789ABCDEF"[c&15])
	}
	return "\"" + string(rune(c)) + "\""
}

// parseMetadata records "# key: value" comments (§4) and warns when one of
// the draft's keys is repeated.
func parseMetadata(f *File, lines []line, diags *diag.List) {
	first := map[string]int{}
	for _, l := range lines {
		if l.kind != kindComment {
			continue
		}
		key, value, ok := metadataComment(l.text)
		if !ok {
			continue
		}
		switch key {
		case MetaVersion, MetaGeneratedBy, MetaGracePeriod:
			if line, dup := first[key]; dup {
				diags.Add(codeDuplicateMetadata, l.num, "metadata %.100q is already given on line %d", key, line)
			} else {
				first[key] = l.num
			}
		}
		f.Metadata = append(f.Metadata, Metadata{Line: l.num, Key: key, Value: value})
	}
}

// metadataComment splits a comment "# Key: value" into its lower-cased key
// and trimmed value. The key is a letter followed by letters, digits, "-"
// and "_"; a colon followed by "//" is a URL, not metadata.
func metadataComment(text string) (key, value string, ok bool) {
	t := strings.TrimSpace(text)
	t = strings.TrimSpace(strings.TrimLeft(t, "#"))
	key, value, ok = strings.Cut(t, ":")
	if !ok || strings.HasPrefix(value, "//") {
		return "", "", false
	}
	key = strings.TrimRight(key, " \t")
	if key == "" || !isLetter(key[0]) {
		return "", "", false
	}
	for i := 1; i < len(key); i++ {
		if c := key[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '-' && c != '_' {
			return "", "", false
		}
	}
	return strings.ToLower(key), strings.TrimSpace(value), true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
