package agentsmd

import "sync"

// specMarks records what tells an AGENTS-MD-SPEC-001 file from the other
// file of the same name, the repository convention of instructions for
// coding agents (build, test and style notes), which is free Markdown with
// no required structure, and so cannot be recognised by what it holds, only
// by what it lacks: the specification's own section names and keys.
type specMarks struct {
	// spec: a `##` heading names a section §5 defines, or a `- key: value`
	// line, wherever it stands, has a key §5 defines.
	spec bool
	// content: a non-blank line other than a level-1 title.
	content bool
}

// otherFormat reports whether a file without an Identity section is
// another format (specs README: AGENTS.md): it has content, and none of it
// is the specification's. A file with a defined section or key but no
// Identity is an invalid policy instead (§6.8); an empty file, or one with
// only a title, says nothing of being either and is an invalid policy too.
func (m specMarks) otherFormat() bool { return m.content && !m.spec }

// heading records a section heading of kind.
func (m *specMarks) heading(kind SectionKind) {
	if kind != KindUnknown && kind != KindExtension {
		m.spec = true
	}
}

// key records the lower-case key of a `- key: value` line.
func (m *specMarks) key(key string) {
	if !m.spec && specKey(key) {
		m.spec = true
	}
}

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
