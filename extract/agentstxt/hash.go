package agentstxt

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strings"
	"unicode"
)

// Hash is what the file declares about its digest and what survey computed.
type Hash struct {
	// Line is the hash line's number, 0 when the file has none.
	Line int `json:"line"`
	// Declared is the text after "*" on the hash line, as written.
	Declared string `json:"declared,omitempty"`
	// Computed is the lowercase hex SHA-256 of the canonical hash input
	// (README: the file without its hash line, comment lines and blank
	// lines, one trailing CR stripped from each line, joined with LF, no
	// trailing LF). It is filled even when the file has no hash line, so
	// that a publisher can see what to declare.
	Computed string `json:"computed"`
	// Matched is true when Declared is exactly Computed.
	Matched bool `json:"matched"`
	// Status summarises the hash line: HashMatch, HashMismatch, HashSyntax
	// or HashMissing.
	Status HashStatus `json:"status"`
	// NearMiss names the publisher mistake whose hash input the declared
	// digest matches, when it does not match the canonical one; empty
	// otherwise. See NearMiss for the vocabulary.
	NearMiss NearMiss `json:"near_miss,omitempty"`
}

// HashStatus summarises a file's hash line.
type HashStatus string

// The hash statuses.
const (
	HashMatch    HashStatus = "match"    // well-formed and equal to the computed digest
	HashMismatch HashStatus = "mismatch" // well-formed, but not the computed digest
	HashSyntax   HashStatus = "syntax"   // the hash line is malformed
	HashMissing  HashStatus = "missing"  // the file has no hash line
)

// NearMiss names how a declared digest was computed when it is not the
// canonical one. Simple names are single mistakes; several joined with "+"
// are combinations, named in the order of the constants below (for example
// "trailing-newline+comments-kept").
type NearMiss string

// The near-miss vocabulary. Each is tried only when the canonical digest
// does not match; the first in this order that matches is reported.
const (
	// NearMissUppercase: the canonical digest written in uppercase hex.
	NearMissUppercase NearMiss = "uppercase-hex"
	// NearMissHashLineSyntax: the canonical digest, but the hash line is
	// malformed in another way (for example "* <digest>").
	NearMissHashLineSyntax NearMiss = "hash-line-syntax"
	// NearMissTrailingNewline: the hash input ended with a newline.
	NearMissTrailingNewline NearMiss = "trailing-newline"
	// NearMissCommentsKept: comment lines were hashed.
	NearMissCommentsKept NearMiss = "comments-kept"
	// NearMissBlankLinesKept: blank lines were hashed.
	NearMissBlankLinesKept NearMiss = "blank-lines-kept"
	// NearMissCRKept: the CR of CRLF line ends was not stripped.
	NearMissCRKept NearMiss = "cr-kept"
	// NearMissCRLFJoined: lines were joined with CRLF instead of LF.
	NearMissCRLFJoined NearMiss = "crlf-joined"
	// NearMissWhitespaceTrimmed: leading and trailing white space was
	// trimmed from every line before hashing.
	NearMissWhitespaceTrimmed NearMiss = "whitespace-trimmed"
	// NearMissRawWithoutHashLine: the file's bytes as served, minus the
	// hash line (with its line end): hashing the file before inserting the
	// hash line.
	NearMissRawWithoutHashLine NearMiss = "raw-without-hash-line"
	// NearMissRawAfterHashLine: the file's bytes as served after the hash
	// line (from the start of the next line to the end, comments, blank
	// lines and the final line end included), when lines come before the
	// hash line: the layout of the draft's own example (§9), a "# version"
	// comment above the hash line and the rest hashed as it is written
	// below it. When the hash line is the first line this input is
	// raw-without-hash-line, which is reported instead.
	NearMissRawAfterHashLine NearMiss = "raw-after-hash-line"
)

// A digest cannot cover itself, so the file as served, hash line included,
// and "hash line kept" (the hash line hashed along with the rest) are not
// near misses anyone can make, and survey does not try them.

// hashInput says how to build one candidate hash input from the lines.
type hashInput struct {
	commentsKept, blankLinesKept, crKept, crlfJoined, whitespaceTrimmed, trailingNewline bool
}

// name returns the near-miss name of the input; the canonical input has
// none.
func (h hashInput) name() NearMiss {
	var parts []string
	add := func(on bool, n NearMiss) {
		if on {
			parts = append(parts, string(n))
		}
	}
	add(h.trailingNewline, NearMissTrailingNewline)
	add(h.commentsKept, NearMissCommentsKept)
	add(h.blankLinesKept, NearMissBlankLinesKept)
	add(h.crKept, NearMissCRKept)
	add(h.crlfJoined, NearMissCRLFJoined)
	add(h.whitespaceTrimmed, NearMissWhitespaceTrimmed)
	return NearMiss(strings.Join(parts, "+"))
}

// write streams the hash input into w. hashLine is the index in lines of
// the hash line, -1 when there is none.
func (h hashInput) write(w io.Writer, lines []line, hashLine int) {
	sep := []byte{'\n'}
	if h.crlfJoined {
		sep = []byte{'\r', '\n'}
	}
	cr := []byte{'\r'}
	first := true
	for i, l := range lines {
		if i == hashLine {
			continue
		}
		switch l.kind {
		case kindComment:
			if !h.commentsKept {
				continue
			}
		case kindBlank:
			if !h.blankLinesKept {
				continue
			}
		}
		if !first {
			w.Write(sep)
		}
		first = false
		text := l.b
		if h.whitespaceTrimmed {
			text = bytes.TrimSpace(text)
		}
		w.Write(text)
		if h.crKept && l.cr {
			w.Write(cr)
		}
	}
	if h.trailingNewline {
		w.Write(sep)
	}
}

// digest returns the lowercase hex SHA-256 of the input.
func (h hashInput) digest(lines []line, hashLine int) string {
	s := sha256.New()
	// Lines are short: buffer them so that SHA-256 gets whole blocks.
	w := bufio.NewWriterSize(s, 4<<10)
	h.write(w, lines, hashLine)
	w.Flush()
	return hex.EncodeToString(s.Sum(nil))
}

// CanonicalDigest returns the lowercase hex SHA-256 of body's canonical
// hash input (see Hash.Computed): the digest a publisher should put after
// "*" on the hash line. A leading UTF-8 byte order mark is ignored.
func CanonicalDigest(body []byte) string {
	lines := splitLines([]byte(strings.TrimPrefix(string(body), bom)))
	return hashInput{}.digest(lines, findHashLine(lines))
}

// findHashLine returns the index of the line that is the file's hash line:
// the first content line when it starts with "*", else the first later
// content line that does; -1 when there is none.
func findHashLine(lines []line) int {
	for i, l := range lines {
		if l.kind == kindContent && isHashLine(l.text) {
			return i
		}
	}
	return -1
}

// isHashLine reports whether a content line is meant as a hash line: its
// first non-blank character is "*", and it is no directive with a
// wildcard path ("*.php DISALLOW": its second field is an action, in any
// case), whose messages would otherwise be a misplaced, malformed hash
// line's. Blank is Unicode white space, as it is for blank and comment
// lines (classify).
func isHashLine(text string) bool {
	t := strings.TrimLeftFunc(text, unicode.IsSpace)
	if !strings.HasPrefix(t, "*") {
		return false
	}
	fields := strings.Fields(t)
	return len(fields) < 2 || !strings.EqualFold(fields[1], string(Allow)) && !strings.EqualFold(fields[1], string(Disallow))
}

// nearMiss returns the name of the first candidate hash input whose digest
// is want, or "" when none is. hashLine is the index of the hash line.
func nearMiss(want string, lines []line, hashLine int) NearMiss {
	var has struct{ comments, blanks, cr, space bool }
	for i, l := range lines {
		if i == hashLine {
			continue
		}
		switch l.kind {
		case kindComment:
			has.comments = true
		case kindBlank:
			has.blanks = true
		}
		if l.cr {
			has.cr = true
		}
		if l.kind != kindBlank && strings.TrimSpace(l.text) != l.text {
			has.space = true
		}
	}
	// Enumerate every combination of mistakes that changes the input,
	// fewest mistakes first. The raw forms (the bytes as served) come after
	// the single mistakes: they are the usual explanation of a
	// multi-mistake match.
	var singles, multiples []hashInput
	for mask := 1; mask < 1<<6; mask++ {
		h := hashInput{
			trailingNewline:   mask&1 != 0,
			commentsKept:      mask&2 != 0,
			blankLinesKept:    mask&4 != 0,
			crKept:            mask&8 != 0,
			crlfJoined:        mask&16 != 0,
			whitespaceTrimmed: mask&32 != 0,
		}
		if (h.commentsKept && !has.comments) || (h.blankLinesKept && !has.blanks) ||
			(h.crKept && !has.cr) || (h.crKept && h.crlfJoined) ||
			(h.whitespaceTrimmed && !has.space) {
			continue
		}
		if mask&(mask-1) == 0 {
			singles = append(singles, h)
		} else {
			multiples = append(multiples, h)
		}
	}
	sortByMistakes(multiples)
	for _, h := range singles {
		if h.digest(lines, hashLine) == want {
			return h.name()
		}
	}
	if hashLine >= 0 {
		without, after := sha256.New(), sha256.New()
		for i, l := range lines {
			if i != hashLine {
				without.Write(l.raw)
			}
			if i > hashLine {
				after.Write(l.raw)
			}
		}
		if hex.EncodeToString(without.Sum(nil)) == want {
			return NearMissRawWithoutHashLine
		}
		if hashLine > 0 && hex.EncodeToString(after.Sum(nil)) == want {
			return NearMissRawAfterHashLine
		}
	}
	for _, h := range multiples {
		if h.digest(lines, hashLine) == want {
			return h.name()
		}
	}
	return ""
}

// sortByMistakes orders inputs by their number of mistakes, keeping the
// enumeration order among equals (an insertion sort: at most 57 inputs).
func sortByMistakes(hs []hashInput) {
	count := func(h hashInput) int {
		n := 0
		for _, b := range []bool{h.trailingNewline, h.commentsKept, h.blankLinesKept, h.crKept, h.crlfJoined, h.whitespaceTrimmed} {
			if b {
				n++
			}
		}
		return n
	}
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && count(hs[j]) < count(hs[j-1]); j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
}
