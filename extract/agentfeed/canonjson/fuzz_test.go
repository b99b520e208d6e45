package canonjson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/agentpolicy/survey/extract/internal/lines"
)

// FuzzParse checks that Parse never panics, agrees with encoding/json on
// what is JSON (except where it is deliberately stricter), and that
// canonical encoding is a fixed point.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"https://example.com/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}`,
		`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001]}`,
		`{"a":NaN}`, `[1e400]`, `["\ud800"]`, `{"a":1,"a":2}`, "[\"\xff\"]", "\x00", `[[[[[[]]]]]]`,
		`"\u2028<>&"`, `-0`, `0.1e-7`, `{"":{"":[]}}`, " \t\r\n null \n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data, Options{})
		if err != nil {
			e, ok := AsError(err)
			if !ok {
				t.Fatalf("error is not an *Error: %v", err)
			}
			if e.Line < 1 || e.Line > 1+lines.Count(data) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error position out of range: %+v", e)
			}
			if e.Kind == ErrSyntax || e.Kind == ErrEmpty || e.Kind == ErrTrailing {
				if json.Valid(data) {
					t.Fatalf("encoding/json accepts what Parse rejects (%v): %q", err, data)
				}
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("Parse accepts what encoding/json rejects: %q", data)
		}
		again, err2 := Parse(data, Options{})
		if err2 != nil || !bytes.Equal(mustAppendOrNil(again), mustAppendOrNil(v)) {
			t.Fatal("re-parse is not deterministic")
		}
		canon, err := Append(nil, v)
		if err != nil {
			if len(v.Duplicates()) == 0 {
				t.Fatalf("Append failed without duplicate keys: %v", err)
			}
			return
		}
		back, err := Canonicalize(canon)
		if err != nil || !bytes.Equal(back, canon) {
			t.Fatalf("canonical form is not a fixed point: %s -> %s (%v)", canon, back, err)
		}
	})
}

func mustAppendOrNil(v Value) []byte {
	b, _ := Append(nil, v)
	return b
}
