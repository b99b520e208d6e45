// Package lines numbers the lines of a body for diagnostics. A line ends at
// a line feed (LF), at a carriage return and line feed (CRLF), or at a
// carriage return not followed by a line feed (CR, old Mac files), as
// robots.txt's parser, XML 1.0 §2.11, the HTML tokenizer's preprocessing
// (WHATWG HTML §13.2.3.5) and CommonMark §2.1 read them. Counting LF bytes
// alone puts every line of a CR-only file on line 1.
package lines

import (
	"bytes"
	"sort"
)

// Index maps the byte offsets of one body to 1-based line numbers. Build
// it once with New; each lookup is a binary search.
type Index struct {
	// ends holds, in order, the offset of the last byte of each line
	// ending: the LF of an LF or CRLF, the CR of a CR alone.
	ends []int
}

// New indexes the line endings of b.
func New(b []byte) Index {
	var ends []int
	if bytes.IndexByte(b, '\r') < 0 {
		// LF only (nearly every body): find them with IndexByte.
		for i := 0; ; {
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				return Index{ends: ends}
			}
			ends = append(ends, i+j)
			i += j + 1
		}
	}
	for i, c := range b {
		if c == '\n' || (c == '\r' && !lfAt(b, i+1)) {
			ends = append(ends, i)
		}
	}
	return Index{ends: ends}
}

// Line returns the 1-based line of the byte at offset off: one more than
// the number of line endings wholly before it. The CR and the LF of a CRLF
// are on the line they end. An offset at the end of the body (or past it)
// is on the line after the last line ending; a negative one is on line 1.
func (x Index) Line(off int) int {
	return sort.SearchInts(x.ends, off) + 1
}

// Lines returns the number of the last line: one more than the number of
// line endings (a body that ends with a line ending has an empty last line).
func (x Index) Lines() int { return len(x.ends) + 1 }

// IsEnd reports whether off is the offset of the last byte of a line
// ending.
func (x Index) IsEnd(off int) bool {
	i := sort.SearchInts(x.ends, off)
	return i < len(x.ends) && x.ends[i] == off
}

// At returns the 1-based line of offset off in b, as New(b).Line(off) does,
// without building an index: for a single lookup.
func At(b []byte, off int) int {
	if off > len(b) {
		off = len(b)
	}
	if off <= 0 {
		return 1
	}
	if bytes.IndexByte(b[:off], '\r') < 0 {
		return bytes.Count(b[:off], []byte{'\n'}) + 1 // LF only: the fast count
	}
	n := 1
	for i := 0; i < off; i++ {
		if c := b[i]; c == '\n' || (c == '\r' && !lfAt(b, i+1)) {
			n++
		}
	}
	return n
}

// Count returns the number of line endings in b.
func Count(b []byte) int { return At(b, len(b)) - 1 }

// Between returns the number of line endings of b that end in b[from:to]:
// for counting lines token by token, where a CR that ends one token and
// the LF that starts the next are one line ending, counted with the LF.
func Between(b []byte, from, to int) int { return At(b[from:], to-from) - 1 }

// lfAt reports whether b holds a LF at offset i.
func lfAt(b []byte, i int) bool { return i < len(b) && b[i] == '\n' }
