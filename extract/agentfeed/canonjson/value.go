// Package canonjson parses JSON into an ordered tree that keeps what a
// validator needs (the order and duplicates of object members, the literal
// of every number, the line of every value) and encodes such a tree, or any
// Go value, in the canonical JSON form of agent-feed v0 §6.2.
//
// The canonical form is:
//
//   - object members sorted by the UTF-8 bytes of their keys, recursively;
//     arrays keep their order;
//   - no whitespace between tokens;
//   - strings in double quotes, escaping only what JSON requires: `"` as
//     \", `\` as \\, U+0008, U+0009, U+000A, U+000C and U+000D as \b, \t,
//     \n, \f and \r, and every other code point below U+0020 as \u00xx with
//     lower-case hex digits. Everything else, including `/`, `<`, `>`, `&`,
//     U+007F, U+2028 and U+2029, is written as its UTF-8 bytes. This is the
//     rule of RFC 8785 (JCS) §3.2.2.2; it differs from Go's encoding/json,
//     which escapes `<`, `>`, `&`, U+2028 and U+2029 by default;
//   - numbers written as ECMAScript's Number.prototype.toString writes the
//     IEEE-754 double they denote (RFC 8785 §3.2.2.3): integers below 10^21
//     in plain digits, other values in the shortest form that reads back to
//     the same double, with an exponent ("1e-7", "1e+21") outside
//     [10^-6, 10^21); -0 is written "0". This satisfies every number rule of
//     §6.2. A number that is not finite as a double (NaN, ±Infinity, or a
//     literal such as 1e400 that overflows) is rejected;
//   - true, false and null as such; UTF-8 output without a byte order mark.
//
// The output of a JCS (RFC 8785) implementation is therefore canonical
// here, with one exception that §6.2 itself creates: JCS sorts keys by
// UTF-16 code units, §6.2 by UTF-8 bytes. The two orders differ only when
// keys of one object mix characters above U+FFFF with characters in
// U+E000..U+FFFF; such an object is sorted per §6.2.
//
// Parsing is strict RFC 8259: one value, optional surrounding whitespace,
// valid UTF-8, no lone surrogate escapes. It runs in time linear in the
// input, holds memory proportional to it, bounds nesting depth, and never
// panics.
package canonjson

import "bytes"

// Kind is the type of a JSON value.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String returns the JSON name of the kind: "null", "boolean", "number",
// "string", "array" or "object".
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "invalid"
}

// WithArticle returns the JSON name of the kind with its indefinite
// article, for messages: "an array", "a string".
func (k Kind) WithArticle() string {
	if k == Array || k == Object {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// Value is a parsed JSON value. The zero Value is null.
type Value struct {
	// Kind is the type of the value.
	Kind Kind
	// Line is the 1-based line of the value's first byte in the parsed
	// input (0 for a value that was not parsed).
	Line int
	// Bool is the value of a boolean.
	Bool bool
	// Str is the decoded text of a string, or the literal of a number as
	// written in the input.
	Str string
	// Num is the value of a number.
	Num float64
	// Elems are the elements of an array.
	Elems []Value
	// Members are the members of an object in input order, duplicates
	// included.
	Members []Member
}

// Member is one member of an object.
type Member struct {
	Key   string
	Line  int // 1-based line of the key
	Value Value
}

// Get returns the value of the first member of an object named key.
func (v Value) Get(key string) (Value, bool) {
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return Value{}, false
}

// Duplicates returns the second and later members of every object in v
// (recursively) whose key an earlier member of the same object already
// used, in input order.
func (v Value) Duplicates() []Member {
	var out []Member
	v.walkDuplicates(&out)
	return out
}

func (v Value) walkDuplicates(out *[]Member) {
	switch v.Kind {
	case Array:
		for _, e := range v.Elems {
			e.walkDuplicates(out)
		}
	case Object:
		if len(v.Members) > 1 {
			seen := make(map[string]struct{}, len(v.Members))
			for _, m := range v.Members {
				if _, dup := seen[m.Key]; dup {
					*out = append(*out, m)
				}
				seen[m.Key] = struct{}{}
			}
		}
		for _, m := range v.Members {
			m.Value.walkDuplicates(out)
		}
	}
}

// MarshalJSON encodes the value in canonical form, so that a Value embedded
// in a result encodes as the JSON it was parsed from.
func (v Value) MarshalJSON() ([]byte, error) {
	return Append(nil, v)
}

// Equal reports whether two values are the same JSON value: same kind, same
// number value, same strings, arrays equal element by element, objects with
// the same members in any order.
func Equal(a, b Value) bool {
	ca, errA := Append(nil, a)
	cb, errB := Append(nil, b)
	return errA == nil && errB == nil && bytes.Equal(ca, cb)
}
