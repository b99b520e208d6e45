package classify

import (
	"fmt"
	"math/bits"
)

// markers finds any of up to 64 lower-case ASCII strings, each of two bytes
// or more, in a text, ignoring ASCII case, in one pass over the text and
// without copying it. Most responses a crawl classifies are small error
// pages; for them one pass costs less than a search per string.
//
// first[b] has bit i set when string i starts with byte b (in either case),
// second[b] when its second byte is b, so first[t[j]] & second[t[j+1]] is
// exactly the set of strings that may start at j.
type markers struct {
	strs          []string
	first, second [256]uint64
}

// newMarkers returns the markers of strs. It panics on more than 64
// strings, or on one that is shorter than two bytes or not lower-case
// ASCII: the strings are the package's own constants.
func newMarkers(strs ...string) *markers {
	if len(strs) > 64 {
		panic(fmt.Sprintf("classify: %d markers, at most 64", len(strs)))
	}
	m := &markers{strs: strs}
	for i, s := range strs {
		if len(s) < 2 {
			panic(fmt.Sprintf("classify: marker %q is shorter than two bytes", s))
		}
		for j := 0; j < len(s); j++ {
			if c := s[j]; c >= 0x80 || ('A' <= c && c <= 'Z') {
				panic(fmt.Sprintf("classify: marker %q is not lower-case ASCII", s))
			}
		}
		bit := uint64(1) << i
		for _, c := range bothCases(s[0]) {
			m.first[c] |= bit
		}
		for _, c := range bothCases(s[1]) {
			m.second[c] |= bit
		}
	}
	return m
}

// bothCases returns c and, for a letter, its upper-case form.
func bothCases(c byte) []byte {
	if 'a' <= c && c <= 'z' {
		return []byte{c, c - ('a' - 'A')}
	}
	return []byte{c}
}

// in reports whether text contains one of the strings, ignoring ASCII case.
func (m *markers) in(text []byte) bool { return m.index(text) >= 0 }

// index returns the index (in the strings given to newMarkers) of a string
// that text contains, ignoring ASCII case: of those starting earliest in
// text, the first given; -1 when text contains none.
func (m *markers) index(text []byte) int {
	for j := 0; j+1 < len(text); j++ {
		for cand := m.first[text[j]] & m.second[text[j+1]]; cand != 0; cand &= cand - 1 {
			if i := bits.TrailingZeros64(cand); hasLowerPrefix(text[j:], m.strs[i]) {
				return i
			}
		}
	}
	return -1
}

// hasLowerPrefix reports whether text begins with s (lower-case ASCII),
// ignoring ASCII case.
func hasLowerPrefix(text []byte, s string) bool {
	if len(text) < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := text[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
