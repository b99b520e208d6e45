package canonjson

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/agentpolicy/survey/extract/internal/lines"
)

// DefaultMaxDepth is the nesting depth Parse allows when Options.MaxDepth is
// zero.
const DefaultMaxDepth = 64

// Options bound what Parse accepts. The zero Options uses DefaultMaxDepth
// and no size limit.
type Options struct {
	// MaxDepth is the deepest nesting of arrays and objects accepted; a
	// top-level scalar has depth 0, a top-level object depth 1.
	MaxDepth int
	// MaxBytes is the largest input accepted; 0 means no limit.
	MaxBytes int
}

// ErrorKind classifies parse errors so that callers can map them to their
// own diagnostics.
type ErrorKind uint8

// The kinds of parse errors.
const (
	// ErrSyntax is any violation of the RFC 8259 grammar not listed below.
	ErrSyntax ErrorKind = iota
	// ErrNonFinite is a number that is not finite: a NaN or Infinity
	// literal, or a literal that overflows an IEEE-754 double.
	ErrNonFinite
	// ErrDepth is nesting deeper than Options.MaxDepth.
	ErrDepth
	// ErrSize is input longer than Options.MaxBytes.
	ErrSize
	// ErrUTF8 is a byte sequence that is not UTF-8, or a string escape
	// that denotes a lone surrogate.
	ErrUTF8
	// ErrEmpty is input holding no value at all.
	ErrEmpty
	// ErrTrailing is data after the top-level value.
	ErrTrailing
)

// Error is a parse error with its position.
type Error struct {
	Kind   ErrorKind
	Offset int // byte offset of the problem in the input
	Line   int // 1-based line of Offset
	Msg    string
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("json: line %d (byte %d): %s", e.Line, e.Offset, e.Msg)
}

// AsError returns err as an *Error when it is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Parse parses data as one JSON value. The error, if any, is an *Error.
func Parse(data []byte, opt Options) (Value, error) {
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	p := parser{data: data, maxDepth: opt.MaxDepth, line: 1}
	if opt.MaxBytes > 0 && len(data) > opt.MaxBytes {
		return Value{}, p.fail(ErrSize, 0, "input is %d bytes, more than the limit of %d", len(data), opt.MaxBytes)
	}
	p.skipSpace()
	if p.pos >= len(data) {
		return Value{}, p.fail(ErrEmpty, p.pos, "no JSON value")
	}
	v, err := p.value(0)
	if err != nil {
		return Value{}, err
	}
	p.skipSpace()
	if p.pos < len(data) {
		return Value{}, p.fail(ErrTrailing, p.pos, "data after the JSON value")
	}
	return v, nil
}

// parser is a recursive-descent RFC 8259 parser. line counts the line
// endings (LF, CRLF or CR, as package lines reads them) before pos, which only moves forward, so line tracking is linear.
type parser struct {
	data     []byte
	pos      int
	line     int
	maxDepth int
}

func (p *parser) fail(kind ErrorKind, off int, format string, args ...any) error {
	line := p.line
	// off is never before the start of the current line except for
	// ErrSize (offset 0), where line 1 is right.
	if off < p.pos {
		line = lines.At(p.data, off)
	}
	return &Error{Kind: kind, Offset: off, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case '\n':
			p.line++
		case '\r':
			// CR LF ends one line, at the LF; a CR alone ends one too.
			if p.pos+1 >= len(p.data) || p.data[p.pos+1] != '\n' {
				p.line++
			}
		case ' ', '\t':
		default:
			return
		}
		p.pos++
	}
}

func (p *parser) value(depth int) (Value, error) {
	if p.pos >= len(p.data) {
		return Value{}, p.fail(ErrSyntax, p.pos, "unexpected end of input")
	}
	line := p.line
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		s, err := p.str()
		return Value{Kind: String, Line: line, Str: s}, err
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return Value{Kind: Bool, Line: line, Bool: true}, p.literal("true")
	case c == 'f':
		return Value{Kind: Bool, Line: line}, p.literal("false")
	case c == 'n':
		return Value{Kind: Null, Line: line}, p.literal("null")
	case c == 'N' || c == 'I':
		if p.hasPrefix("NaN") || p.hasPrefix("Infinity") {
			return Value{}, p.fail(ErrNonFinite, p.pos, "non-finite number %s is not JSON", p.word())
		}
	}
	return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s where a value was expected", p.describe())
}

func (p *parser) hasPrefix(s string) bool {
	return strings.HasPrefix(string(p.data[p.pos:min(len(p.data), p.pos+len(s))]), s)
}

// word returns the run of letters at pos, for messages.
func (p *parser) word() string {
	end := p.pos
	for end < len(p.data) && end-p.pos < 16 && (p.data[end] == '-' || p.data[end] >= 'A' && p.data[end] <= 'z') {
		end++
	}
	return string(p.data[p.pos:end])
}

// describe names the byte or rune at pos for an error message.
func (p *parser) describe() string {
	if p.pos >= len(p.data) {
		return "end of input"
	}
	r, size := utf8.DecodeRune(p.data[p.pos:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", p.data[p.pos])
	}
	return fmt.Sprintf("character %q", r)
}

func (p *parser) literal(word string) error {
	if !p.hasPrefix(word) {
		return p.fail(ErrSyntax, p.pos, "invalid literal (expected %s)", word)
	}
	p.pos += len(word)
	return nil
}

func (p *parser) object(depth int) (Value, error) {
	v := Value{Kind: Object, Line: p.line}
	if depth > p.maxDepth {
		return Value{}, p.fail(ErrDepth, p.pos, "nesting deeper than %d", p.maxDepth)
	}
	p.pos++ // {
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s where an object key was expected", p.describe())
		}
		keyLine := p.line
		key, err := p.str()
		if err != nil {
			return Value{}, err
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s after object key (expected ':')", p.describe())
		}
		p.pos++
		p.skipSpace()
		val, err := p.value(depth)
		if err != nil {
			return Value{}, err
		}
		v.Members = append(v.Members, Member{Key: key, Line: keyLine, Value: val})
		p.skipSpace()
		if p.pos >= len(p.data) {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected end of input in an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case '}':
			p.pos++
			return v, nil
		default:
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s in an object (expected ',' or '}')", p.describe())
		}
	}
}

func (p *parser) array(depth int) (Value, error) {
	v := Value{Kind: Array, Line: p.line}
	if depth > p.maxDepth {
		return Value{}, p.fail(ErrDepth, p.pos, "nesting deeper than %d", p.maxDepth)
	}
	p.pos++ // [
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	for {
		val, err := p.value(depth)
		if err != nil {
			return Value{}, err
		}
		v.Elems = append(v.Elems, val)
		p.skipSpace()
		if p.pos >= len(p.data) {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
		case ']':
			p.pos++
			return v, nil
		default:
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s in an array (expected ',' or ']')", p.describe())
		}
	}
}

// number scans an RFC 8259 number and converts it to a double.
func (p *parser) number() (Value, error) {
	start, line := p.pos, p.line
	if p.data[p.pos] == '-' {
		p.pos++
		if p.hasPrefix("Infinity") {
			p.pos = start
			return Value{}, p.fail(ErrNonFinite, start, "non-finite number -Infinity is not JSON")
		}
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	switch {
	case p.pos < len(p.data) && p.data[p.pos] == '0':
		p.pos++
		if p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			return Value{}, p.fail(ErrSyntax, start, "number with a leading zero")
		}
	case digits() == 0:
		return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s in a number", p.describe())
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s after a decimal point", p.describe())
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return Value{}, p.fail(ErrSyntax, p.pos, "unexpected %s in an exponent", p.describe())
		}
	}
	lit := string(p.data[start:p.pos])
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return Value{}, p.fail(ErrSyntax, start, "invalid number %s", lit)
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return Value{}, p.fail(ErrNonFinite, start, "number %s is not finite as an IEEE-754 double", truncate(lit))
	}
	return Value{Kind: Number, Line: line, Str: lit, Num: f}, nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// str scans a string starting at the opening quote and returns its decoded
// text. Strings hold no raw newline, so the line does not change.
func (p *parser) str() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.data[start:p.pos]
			if !utf8.Valid(s) {
				return "", p.fail(ErrUTF8, start+invalidAt(s), "string is not valid UTF-8")
			}
			p.pos++
			return string(s), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.pos++
	}
	var b strings.Builder
	b.Write(p.data[start:p.pos])
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			s := b.String()
			if !utf8.ValidString(s) {
				return "", p.fail(ErrUTF8, start+invalidAt([]byte(s)), "string is not valid UTF-8")
			}
			return s, nil
		case c < 0x20:
			return "", p.fail(ErrSyntax, p.pos, "raw control character 0x%02x in a string (must be escaped)", c)
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", p.fail(ErrSyntax, p.pos, "unterminated string")
}

// invalidAt returns the offset of the first invalid UTF-8 sequence in s.
func invalidAt(s []byte) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

func (p *parser) escape(b *strings.Builder) error {
	at := p.pos
	if p.pos+1 >= len(p.data) {
		return p.fail(ErrSyntax, at, "unterminated escape")
	}
	c := p.data[p.pos+1]
	p.pos += 2
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, ok := p.hex4()
		if !ok {
			return p.fail(ErrSyntax, at, "invalid \\u escape")
		}
		if utf16.IsSurrogate(r) {
			r2 := rune(-1)
			if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
				save := p.pos
				p.pos += 2
				var ok2 bool
				if r2, ok2 = p.hex4(); !ok2 {
					p.pos = save
					r2 = -1
				}
			}
			dec := utf16.DecodeRune(r, r2)
			if dec == utf8.RuneError {
				return p.fail(ErrUTF8, at, "\\u escape denotes a lone surrogate")
			}
			r = dec
		}
		b.WriteRune(r)
	default:
		return p.fail(ErrSyntax, at, "invalid escape \\%c", c)
	}
	return nil
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.pos : p.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	p.pos += 4
	return r, true
}
