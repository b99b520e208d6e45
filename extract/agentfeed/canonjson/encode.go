package canonjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Append appends the canonical encoding (§6.2) of v to dst. It fails on a
// non-finite number, on a string that is not valid UTF-8 and on an object
// with two members of the same key (such an object has no canonical form).
func Append(dst []byte, v Value) ([]byte, error) {
	switch v.Kind {
	case Null:
		return append(dst, "null"...), nil
	case Bool:
		if v.Bool {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case Number:
		return AppendNumber(dst, v.Num)
	case String:
		return AppendString(dst, v.Str)
	case Array:
		dst = append(dst, '[')
		for i, e := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = Append(dst, e); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case Object:
		members := slices.Clone(v.Members)
		slices.SortStableFunc(members, func(a, b Member) int { return strings.Compare(a.Key, b.Key) })
		dst = append(dst, '{')
		for i, m := range members {
			if i > 0 {
				if members[i-1].Key == m.Key {
					return dst, fmt.Errorf("canonjson: object has two members named %q", m.Key)
				}
				dst = append(dst, ',')
			}
			var err error
			if dst, err = AppendString(dst, m.Key); err != nil {
				return dst, err
			}
			dst = append(dst, ':')
			if dst, err = Append(dst, m.Value); err != nil {
				return dst, err
			}
		}
		return append(dst, '}'), nil
	}
	return dst, fmt.Errorf("canonjson: invalid value kind %d", v.Kind)
}

// AppendNumber appends the canonical form of f: the shortest decimal that
// reads back as f, written as ECMAScript's Number.prototype.toString does.
// It fails when f is NaN or infinite.
func AppendNumber(dst []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, fmt.Errorf("canonjson: number %v is not finite", f)
	}
	if f == 0 {
		return append(dst, '0'), nil // -0 too
	}
	format := byte('f')
	if abs := math.Abs(f); abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// strconv writes "1e-07"; ECMAScript writes "1e-7".
		n := len(dst)
		if n-start >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}

// AppendString appends s as a canonical JSON string. It fails when s is not
// valid UTF-8.
func AppendString(dst []byte, s string) ([]byte, error) {
	if !utf8.ValidString(s) {
		return dst, fmt.Errorf("canonjson: string is not valid UTF-8")
	}
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[last:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		last = i + 1
	}
	dst = append(dst, s[last:]...)
	return append(dst, '"'), nil
}

// Canonicalize parses data as JSON and returns its canonical encoding.
func Canonicalize(data []byte) ([]byte, error) {
	v, err := Parse(data, Options{})
	if err != nil {
		return nil, err
	}
	return Append(nil, v)
}

// Marshal returns the canonical JSON encoding of a Go value, as
// encoding/json would marshal it (struct tags, Marshaler implementations and
// all) but with §6.2's key order, spacing, escapes and numbers. It is a
// producer-side utility: the bytes it returns are what a publisher puts in
// an entry's <content> and signs.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("canonjson: %w", err)
	}
	out, err := Canonicalize(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("canonjson: re-encoding: %w", err)
	}
	return out, nil
}
