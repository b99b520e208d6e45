package seeds

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"hash/maphash"
	"io"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// MaxLineLength is the longest seed line accepted, in bytes. Longer lines
// are reported and skipped.
const MaxLineLength = 4096

// Reader reads seeds from a stream. Create one with NewReader.
type Reader struct {
	name   string
	br     *bufio.Reader
	digest hash.Hash
	line   int64
	seen   hostSet
	stats  Stats
	header bool // a header line is still allowed (nothing but comments seen)
	// columns, when a header line named them, are the columns of the
	// domain (or origin) and of the rank (-1: none) of every line.
	columns *columns
}

// Stats counts what a Reader has read so far.
type Stats struct {
	Lines      int64 // lines read, including comments and blanks
	Seeds      int64 // seeds returned
	Bad        int64 // malformed lines reported
	Duplicates int64 // lines naming a host already returned
}

// NewReader returns a Reader of the seed list r. The name identifies the
// input in error messages ("-" for standard input). The list is UTF-8
// text; UTF-16 text that starts with its byte-order mark (what spreadsheet
// programs save as "Unicode text") is read too, converted to UTF-8. Lines
// end in LF or CRLF, or in CR alone in a list whose first block of text
// has CRs and no LF (Excel for Mac's "CSV (Macintosh)").
func NewReader(r io.Reader, name string) *Reader {
	d := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(r, d), 64<<10)
	if bom, _ := br.Peek(2); bytes.Equal(bom, []byte{0xff, 0xfe}) || bytes.Equal(bom, []byte{0xfe, 0xff}) {
		// ExpectBOM: the byte-order mark sets the byte order, and is dropped.
		utf16 := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
		br = bufio.NewReaderSize(transform.NewReader(br, utf16), 64<<10)
		br.Peek(1)
	}
	// What the first read brought, without waiting for more of a slow
	// stream.
	if head, _ := br.Peek(br.Buffered()); bytes.IndexByte(head, '\n') < 0 && bytes.IndexByte(head, '\r') >= 0 {
		br = bufio.NewReaderSize(crToLF{br}, 64<<10)
	}
	return &Reader{
		name:   name,
		br:     br,
		digest: d,
		seen:   newHostSet(),
		header: true,
	}
}

// Next returns the next seed. At the end of the input it returns io.EOF. A
// malformed line is returned as a *LineError; the caller reports it and
// calls Next again. Duplicates are skipped silently (see Stats). Any other
// error is a read error of the underlying stream.
func (r *Reader) Next() (Seed, error) {
	for {
		raw, err := r.readLine()
		if err != nil {
			return Seed{}, err
		}
		r.line++
		r.stats.Lines++
		if len(raw) > MaxLineLength {
			r.stats.Bad++
			return Seed{}, r.lineError(string(raw[:64])+"…", "line longer than "+strconv.Itoa(MaxLineLength)+" bytes")
		}
		if bytes.IndexByte(raw, 0) >= 0 {
			r.stats.Bad++
			reason := "binary data (a NUL byte), not a line of text: is this a seed list?"
			if looksUTF16(raw) {
				reason = "UTF-16 text without a byte-order mark: save the seed list as UTF-8, or as UTF-16 with its byte-order mark"
			}
			return Seed{}, r.lineError(string(raw), reason)
		}
		text := string(raw)
		if r.line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = strings.TrimSpace(stripComment(text))
		if text == "" {
			continue
		}
		s, err := r.parse(text)
		header := r.header
		r.header = false
		if err != nil {
			if header && errors.Is(err, errHeader) {
				continue
			}
			r.stats.Bad++
			reason := strings.TrimPrefix(err.Error(), "seeds: ")
			if errors.Is(err, errHeader) {
				reason = "no domain and no rank, as in a header line, which only the first line may be"
			}
			return Seed{}, r.lineError(text, reason)
		}
		if !r.seen.add(s.Authority()) {
			r.stats.Duplicates++
			continue
		}
		r.stats.Seeds++
		return s, nil
	}
}

// looksUTF16 reports whether a line holding NUL bytes looks like ASCII
// text in UTF-16 (either byte order): a NUL in every other byte.
func looksUTF16(line []byte) bool {
	if len(line) < 4 {
		return false
	}
	var nul [2]int
	for i, b := range line {
		if b == 0 {
			nul[i%2]++
		}
	}
	half := len(line) / 2
	return nul[0] >= half && nul[1] == 0 || nul[1] >= half && nul[0] == 0
}

// crToLF reads a text whose lines end in CR alone as one whose lines end
// in LF.
type crToLF struct{ r io.Reader }

func (c crToLF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// stripComment removes a comment from a line: all of it when it starts
// with "#", else from a "#" that follows white space ("example.com  # a
// note"). A "#" within a seed (an origin's fragment) is left for the
// parser to report.
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i]
		}
	}
	return line
}

// Stats returns the counts so far.
func (r *Reader) Stats() Stats { return r.stats }

// Digest returns the SHA-256 (hex) of the bytes read so far; after Next has
// returned io.EOF it is the digest of the whole input.
func (r *Reader) Digest() string { return hex.EncodeToString(r.digest.Sum(nil)) }

// readLine returns the next line without its terminator. Lines longer than
// MaxLineLength are returned cut to MaxLineLength+1 bytes, the rest
// discarded, so that memory stays bounded.
func (r *Reader) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(buf) <= MaxLineLength {
			buf = append(buf, chunk...)
		}
		switch {
		case err == nil:
			return trimEOL(buf), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(buf) == 0 {
				return nil, io.EOF
			}
			return trimEOL(buf), nil
		default:
			return nil, err
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if len(b) > MaxLineLength+1 {
		b = b[:MaxLineLength+1]
	}
	return b
}

var errHeader = errors.New("seeds: a header line")

// columns are the columns of a CSV list with a header line that names them.
type columns struct{ domain, rank, count int }

// headerColumns reads a header line that names a column domain or origin
// (case aside), and rank or GlobalRank (the Majestic Million's), as a CSV
// list with more columns than two has, or a list of one column (Cloudflare
// Radar's "domain"): nil when it names no such column.
func headerColumns(fields []string) *columns {
	c := &columns{domain: -1, rank: -1, count: len(fields)}
	for i, f := range fields {
		switch strings.ToLower(f) {
		case "domain", "origin":
			if c.domain < 0 {
				c.domain = i
			}
		case "rank", "globalrank":
			if c.rank < 0 {
				c.rank = i
			}
		}
	}
	if c.domain < 0 {
		return nil
	}
	return c
}

// csvFields splits a CSV line into its fields, white space and quotes
// trimmed. A line with a quote is read by encoding/csv, so that a quoted
// field may hold a comma ("news, sport"); the others, nearly every line of
// a ranked list, are split on commas.
func csvFields(text string) []string {
	if strings.IndexByte(text, '"') >= 0 {
		cr := csv.NewReader(strings.NewReader(text))
		cr.LazyQuotes, cr.TrimLeadingSpace, cr.FieldsPerRecord = true, true, -1
		if fields, err := cr.Read(); err == nil {
			for i := range fields {
				fields[i] = strings.TrimSpace(fields[i])
			}
			return fields
		}
	}
	fields := strings.Split(text, ",")
	for i := range fields {
		fields[i] = strings.Trim(strings.TrimSpace(fields[i]), `"`)
	}
	return fields
}

// parse interprets one non-blank, non-comment line.
func (r *Reader) parse(text string) (Seed, error) {
	s := Seed{Line: r.line, Input: text}
	if r.columns != nil {
		fields := csvFields(text)
		if len(fields) != r.columns.count {
			return s, fmt.Errorf("CSV line has %d fields, not the %d of the header line", len(fields), r.columns.count)
		}
		s.Input = fields[r.columns.domain]
		if i := r.columns.rank; i >= 0 {
			if !isRank(fields[i]) {
				return s, fmt.Errorf("the rank column holds %q, not a positive integer", fields[i])
			}
			s.Rank, _ = strconv.ParseInt(fields[i], 10, 64)
		}
		return s, s.normalize()
	}
	if r.header {
		// A header line of one column (Cloudflare Radar's "domain") or of
		// more than two (the Majestic Million's); a two-column one
		// ("origin,rank") is recognized below, by having no rank.
		if n := strings.Count(text, ","); n != 1 {
			if c := headerColumns(csvFields(text)); c != nil {
				if n > 1 {
					r.columns = c
				}
				return s, errHeader
			}
		}
	}
	if strings.Contains(text, ",") {
		fields := csvFields(text)
		if len(fields) != 2 {
			return s, errors.New("CSV line must have two fields (rank,domain or origin,rank)")
		}
		switch {
		case isRank(fields[0]):
			s.Rank, _ = strconv.ParseInt(fields[0], 10, 64)
			s.Input = fields[1]
		case isRank(fields[1]):
			s.Rank, _ = strconv.ParseInt(fields[1], 10, 64)
			s.Input = fields[0]
		case !isRank(fields[0]) && !isRank(fields[1]) && !strings.Contains(text, "."):
			return s, errHeader
		default:
			return s, errors.New("CSV line has no rank (a positive integer) in either field")
		}
	}
	return s, s.normalize()
}

func isRank(f string) bool {
	n, err := strconv.ParseInt(f, 10, 64)
	return err == nil && n > 0
}

func (r *Reader) lineError(input, reason string) *LineError {
	return &LineError{File: r.name, Line: r.line, Input: diag.Clip(input), Reason: reason}
}

// hostSet remembers the hosts returned so far as 64-bit hashes in an
// open-addressing table: 16 bytes per host at most, so ten million seeds
// cost about 160 MiB and one million about 16 MiB. Two distinct hosts share
// a hash with probability about n²/2⁶⁵ (under 10⁻⁵ for ten million), in
// which case the second is taken for a duplicate.
type hostSet struct {
	seed  maphash.Seed
	slots []uint64 // 0 marks an empty slot
	n     int
}

func newHostSet() hostSet {
	return hostSet{seed: maphash.MakeSeed(), slots: make([]uint64, 1024)}
}

// add inserts host and reports whether it was new.
func (s *hostSet) add(host string) bool {
	h := maphash.String(s.seed, host) | 1
	if (s.n+1)*2 > len(s.slots) {
		s.grow()
	}
	if !s.insert(h) {
		return false
	}
	s.n++
	return true
}

func (s *hostSet) insert(h uint64) bool {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = h
			return true
		case h:
			return false
		}
	}
}

func (s *hostSet) grow() {
	old := s.slots
	s.slots = make([]uint64, len(old)*2)
	for _, h := range old {
		if h != 0 {
			s.insert(h)
		}
	}
}
