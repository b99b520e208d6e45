package agentsmd

import (
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/http/httpguts"
)

// specMarks records what tells an AGENTS-MD-SPEC-001 file from the other
// file of the same name, the repository convention of instructions for
// coding agents (build, test and style notes), which is free Markdown with
// no required structure, and so cannot be recognised by what it holds, only
// by what it lacks: directives of the specification.
//
// Section names are no marks on their own: coding-agent files and the
// guides websites publish for agents have sections named Restrictions,
// Rate Limits or Data Handling, written as prose and bullet lists. Nor are
// the keys of Identity (site, contact, last-updated, spec-version) and
// authentication where the specification does not define them: they are
// common words of such files ("- Contact: name@example.com" in a site's
// guide, "- Last-Updated: 2025-09-17" in a document's metadata list).
type specMarks struct {
	// spec: a `- key: value` line whose key §5 defines, in the section
	// that defines it (or a misspelling of its name), or, for a key no
	// other convention uses (minimum-trust-level, disallowed-paths, ...)
	// with a value of its type, anywhere.
	spec bool
	// content: a non-blank line other than a level-1 title or the heading
	// of a section §5 defines.
	content bool
	// kind is the kind of the current section as the marks read it: that
	// of a misspelled name is the section it nearly names (looked up when
	// a key needs it, once per section); "" in the preamble.
	kind SectionKind
	// name is the normalized name of the current section while its kind
	// is KindUnknown and not yet looked up.
	name string
}

// otherFormat reports whether a file is another format (specs README:
// AGENTS.md): it has content, and none of it is the specification's, with
// or without an Identity heading. A file with a directive of the
// specification but no Identity is an invalid policy instead (§6.8); an
// empty file, or one with only a title and the headings of defined
// sections, says nothing of being either and is a policy with an Identity
// heading, an invalid one without.
func (m specMarks) otherFormat() bool { return m.content && !m.spec }

// line records a non-blank line that is not the title.
func (m *specMarks) line(s string) {
	if !m.content && !m.neutral(s) {
		m.content = true
	}
}

// neutral reports whether a line says nothing of either convention: the
// heading of a section §5 defines; a comment, which parsers MUST ignore
// (§4.4: a line starting with # that is no section heading); or an
// extension, which parsers MUST NOT reject (§4.7: the heading of an x-
// section, its lines, an x- key). Such a line under an Identity heading
// made a policy another format.
func (m *specMarks) neutral(s string) bool {
	switch {
	case isHeading2(s):
		kind := sectionKind(normalizeName(s[2:]))
		return definedKind(kind) || kind == KindExtension
	case s[0] == '#', m.kind == KindExtension:
		return true
	}
	t := strings.TrimLeft(s, " \t")
	return len(t) >= 4 && strings.EqualFold(t[:4], "- x-")
}

// heading records the start of a section of the given kind and normalized
// name.
func (m *specMarks) heading(kind SectionKind, key string) {
	m.kind, m.name = kind, ""
	if kind == KindUnknown {
		m.name = key
	}
}

// sectionKind returns the kind of the current section as the marks read
// it.
func (m *specMarks) sectionKind() SectionKind {
	if m.name != "" {
		if near := nearSection(m.name); near != "" {
			m.kind = sectionKind(normalizeName(near))
		}
		m.name = ""
	}
	return m.kind
}

// key records the lower-case key and the trimmed value of a `- key: value`
// line. Outside its section a key is a mark only with a value of its type:
// coding-agent files use the same words for other things, as names of
// commands, permissions or volumes ("- download-files: fetch the fixtures",
// "- upload-files:/app/uploads").
func (m *specMarks) key(key, value string) {
	if m.spec || !specKey(key) {
		return
	}
	if slices.Contains(definedKeys(m.sectionKind()), key) || !commonKey(key) && typedValue(key, value) {
		m.spec = true
	}
}

// typedValue reports whether value is of the type §5 gives key: a boolean
// (§6.3), an integer (§6.4), a value of its enumeration, a list of path
// patterns (§9.1: each starting with / or *, without white space), a list
// of method names, or an HTTP field name.
func typedValue(key, value string) bool {
	switch key {
	case "minimum-trust-level", "requests-per-minute", "requests-per-hour", "concurrent-sessions":
		_, err := ParseInt(value)
		return err == nil
	case "personal-data-collection", "data-retention", "third-party-sharing":
		_, ok := parseEnum(key, value)
		return ok
	case RuleDisallowedPaths, RuleRequireHumanApproval, RuleReadOnlyPaths:
		return listOf(value, func(e string) bool {
			return (e[0] == '/' || e[0] == '*') && !strings.ContainsAny(e, " \t")
		})
	case "authentication-methods":
		return listOf(value, validKey)
	case "agent-header-name":
		return httpguts.ValidHeaderFieldName(value)
	}
	_, ok := ParseBool(value) // the actions, gdpr-compliance, require-agent-header, require-disclosure
	return ok
}

// listOf reports whether an array value (§6.5) has elements and each
// satisfies ok.
func listOf(value string, ok func(string) bool) bool {
	elems := SplitArray(value)
	return len(elems) > 0 && !slices.ContainsFunc(elems, func(e string) bool { return !ok(e) })
}

// commonKey reports whether a key §5 defines is also a common word of other
// Markdown files: the keys of Identity, and authentication.
func commonKey(key string) bool {
	return key == "authentication" || slices.Contains(definedKeys(KindIdentity), key)
}

// definedKind reports whether kind is a section §5 defines.
func definedKind(kind SectionKind) bool { return kind != KindUnknown && kind != KindExtension }

// specKey reports whether a lower-case key is one §5 defines for some
// section.
func specKey(key string) bool { return specKeys()[key] }

// specKeys is the set of the keys §5 defines, built once: a coding-agent
// file, which has none of them, asks about every `- key: value` line.
var specKeys = sync.OnceValue(func() map[string]bool {
	keys := map[string]bool{}
	for _, name := range sectionNames() {
		for _, k := range definedKeys(sectionKind(normalizeName(name))) {
			keys[k] = true
		}
	}
	return keys
})
