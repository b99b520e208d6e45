package tdmrep

import (
	"strings"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// normalize prepares a pattern or a path for comparison: percent-encoded
// unreserved characters are decoded, other escapes upper-cased, and bytes
// outside printable US-ASCII encoded. In a path, "*" and "$" are encoded
// too, so that they compare equal to "%2A" and "%24" in a pattern; in a
// pattern, a "$" that is not the last character is literal and encoded.
func normalize(s string, pattern bool) string {
	// Most paths and patterns need no change: find that out with the rules
	// inlined before pathnorm.Canonical calls one through a func value.
	for i := 0; i < len(s); i++ {
		switch {
		case pattern && (s[i] == '%' || escapeInPattern(s[i], i == len(s)-1)):
			return pathnorm.Canonical(s, true, escapeInPattern)
		case !pattern && (s[i] == '%' || escapeInPath(s[i], false)):
			return pathnorm.Canonical(s, true, escapeInPath)
		}
	}
	return s
}

// escapeInPattern reports whether normalize percent-encodes the byte c of
// a pattern, the pattern's final byte when last: a byte outside printable
// US-ASCII, or a "$" before the end.
func escapeInPattern(c byte, last bool) bool {
	return c <= ' ' || c >= 0x7f || c == '$' && !last
}

// escapeInPath reports whether normalize percent-encodes the byte c of a
// path, wherever it is: a byte outside printable US-ASCII, "*" or "$".
func escapeInPath(c byte, _ bool) bool {
	return c <= ' ' || c >= 0x7f || c == '*' || c == '$'
}

// match reports whether the normalized pattern matches the normalized path:
// the path starts with the pattern, "*" matching any sequence and a final
// "$" anchoring the end. An empty pattern matches nothing.
func match(pattern, path string) bool {
	if pattern == "" {
		return false
	}
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	rest := path[len(parts[0]):]
	last := len(parts) - 1
	for _, part := range parts[1:last] {
		i := strings.Index(rest, part)
		if i < 0 {
			return false
		}
		rest = rest[i+len(part):]
	}
	if anchored {
		return strings.HasSuffix(rest, parts[last])
	}
	return strings.Contains(rest, parts[last])
}

// literalPrefix returns the part of a normalized pattern before its first
// "*" or "$", and whether the pattern is a plain prefix: that literal
// followed only by "*"s, so that it matches every path starting with the
// literal.
func literalPrefix(pattern string) (string, bool) {
	i := strings.IndexAny(pattern, "*$")
	if i < 0 {
		return pattern, true
	}
	return pattern[:i], strings.Trim(pattern[i:], "*") == ""
}

// prefixIndex finds, among the plain-prefix patterns of earlier rules, one
// that is a prefix of a literal, in time linear in the literal: literals
// are indexed by a polynomial hash, and the hashes of every prefix of a
// query are computed incrementally.
type prefixIndex struct {
	byHash map[uint64][]prefixEntry
}

type prefixEntry struct {
	literal string
	rule    int
}

// hashStep extends a prefix hash by one byte.
func hashStep(h uint64, c byte) uint64 { return h*1099511628211 + uint64(c) + 1 }

// insert records that rule matches every path starting with literal. An
// earlier rule with the same literal is kept.
func (x *prefixIndex) insert(literal string, rule int) {
	if x.byHash == nil {
		x.byHash = map[uint64][]prefixEntry{}
	}
	var h uint64
	for i := 0; i < len(literal); i++ {
		h = hashStep(h, literal[i])
	}
	for _, e := range x.byHash[h] {
		if e.literal == literal {
			return
		}
	}
	x.byHash[h] = append(x.byHash[h], prefixEntry{literal, rule})
}

// covering returns a rule inserted with a prefix of literal (the shortest
// such prefix), or -1.
func (x *prefixIndex) covering(literal string) int {
	if len(x.byHash) == 0 {
		return -1
	}
	var h uint64
	for k := 0; ; k++ {
		for _, e := range x.byHash[h] {
			if len(e.literal) == k && literal[:k] == e.literal {
				return e.rule
			}
		}
		if k == len(literal) {
			return -1
		}
		h = hashStep(h, literal[k])
	}
}

// matchesEveryPath reports whether a location matches every path: its
// normalized pattern is "/" or empty before any "*", followed only by "*"s
// and, after at least one "*", a final "$" ("/", "/*", "*", "/*$"). "/$"
// matches the path "/" only.
func matchesEveryPath(location string) bool {
	pattern := normalize(location, true)
	if strings.HasSuffix(pattern, "*$") {
		pattern = pattern[:len(pattern)-1]
	}
	literal, plain := literalPrefix(pattern)
	return plain && (literal == "/" || literal == "" && pattern != "")
}
