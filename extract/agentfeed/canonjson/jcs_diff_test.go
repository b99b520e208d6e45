package canonjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gowebpki/jcs"
)

// This file compares the canonical form with an independent RFC 8785 (JCS)
// implementation, github.com/gowebpki/jcs. §6.2 calls itself "a deliberate
// subset of JCS" whose readers "will accept JCS output"; so for any JSON
// text both accept, the two canonical forms must be the same bytes, and the
// JCS output must be canonical here. Every other difference must have a
// reason, named by one of the classes below.

// jcsClass is how survey's answer on one input relates to the oracle's.
type jcsClass string

const (
	// Both accept and write the same bytes, and those bytes are canonical
	// here (Parse then Append gives them back).
	jcsEqual jcsClass = "equal"
	// Both reject the input.
	jcsBothReject jcsClass = "both reject"
	// Both accept, and the outputs differ only in the order of members of
	// an object whose keys mix characters above U+FFFF with characters in
	// U+E000..U+FFFF: §6.2 sorts by UTF-8 bytes, JCS (RFC 8785 §3.2.3) by
	// UTF-16 code units. A decision of §6.2 itself, recorded in
	// docs/formats.md ("Decisions: signatures and canonical JSON": "JCS
	// sorts keys by UTF-16 code units, §6.2 by UTF-8 bytes").
	jcsKeyOrder jcsClass = "key order (§6.2 UTF-8 bytes vs JCS UTF-16)"
	// The oracle accepts text that is not JSON (RFC 8259), which survey
	// rejects. RFC 8785 §3.1 requires JSON (I-JSON) input; the oracle's
	// scanner glues tokens across white space ("[1 2]" reads as [12]),
	// hands number tokens to strconv.ParseFloat ("+1", ".5", "01", "1_0",
	// "Inf" are read as numbers), and returns an object early when a
	// member name is unterminated ("{\"a" becomes {}). The oracle's bug.
	jcsOracleNotJSON jcsClass = "oracle accepts non-JSON"
	// The oracle accepts a string that is not valid Unicode: invalid UTF-8
	// bytes (passed through) or a \u escape of a lone surrogate (written as
	// U+FFFD). RFC 8785 §3.1 requires I-JSON, whose RFC 7493 §2.1 forbids
	// both; docs/formats.md says lone surrogates have no canonical form.
	// The oracle's departure from RFC 8785.
	jcsOracleBadUnicode jcsClass = "oracle accepts invalid Unicode"
	// The oracle rejects a top-level number, true, false or null with
	// white space around it (it hands the whole input to
	// strconv.ParseFloat), which RFC 8259 §2 allows; without the white
	// space the oracle agrees. The oracle's bug.
	jcsOracleScalarSpace jcsClass = "oracle rejects white space around a top-level scalar"
	// survey rejects nesting deeper than its limit (DefaultMaxDepth, the
	// package doc: "bounds nesting depth"; for payloads, 32 levels,
	// docs/formats.md "Limits"); the oracle has no limit.
	jcsSurveyDepth jcsClass = "survey's nesting limit"
)

// oracle runs the oracle, turning a panic into an error that says so.
func oracle(data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("oracle panicked: %v", r)
		}
	}()
	return jcs.Transform(data)
}

// classifyJCS compares survey's canonical form of data with the oracle's and
// returns the class of the difference, or an error describing a difference
// no class explains.
func classifyJCS(data []byte) (jcsClass, error) {
	v, serr := Parse(data, Options{})
	var sv []byte
	if serr == nil {
		sv, serr = Append(nil, v)
	}
	ov, oerr := oracle(data)
	if oerr != nil && strings.HasPrefix(oerr.Error(), "oracle panicked") {
		return "", oerr
	}
	switch {
	case serr != nil && oerr != nil:
		return jcsBothReject, nil

	case serr == nil && oerr == nil:
		back, err := Parse(ov, Options{})
		var again []byte
		if err == nil {
			again, err = Append(nil, back)
		}
		if err != nil {
			return "", fmt.Errorf("survey rejects the oracle's output %q: %v", ov, err)
		}
		if bytes.Equal(sv, ov) {
			if !bytes.Equal(again, ov) {
				return "", fmt.Errorf("the oracle's output %q is not canonical here: %q", ov, again)
			}
			return jcsEqual, nil
		}
		if keyOrdersDiffer(v) && bytes.Equal(again, sv) {
			return jcsKeyOrder, nil
		}
		return "", fmt.Errorf("outputs differ:\nsurvey %q\noracle %q", sv, ov)

	case serr != nil: // the oracle accepts, survey rejects
		if !json.Valid(data) {
			return jcsOracleNotJSON, nil
		}
		e, ok := AsError(serr)
		switch {
		case ok && e.Kind == ErrUTF8 && (!utf8.Valid(data) || hasLoneSurrogate(data)):
			return jcsOracleBadUnicode, nil
		case ok && e.Kind == ErrDepth && depth(data) > DefaultMaxDepth:
			return jcsSurveyDepth, nil
		}
		return "", fmt.Errorf("survey rejects (%v), the oracle accepts: %q", serr, ov)

	default: // survey accepts, the oracle rejects
		trimmed := bytes.Trim(data, " \t\r\n")
		if v.Kind != Object && v.Kind != Array && v.Kind != String && len(trimmed) < len(data) {
			if ov, err := oracle(trimmed); err == nil && bytes.Equal(ov, sv) {
				return jcsOracleScalarSpace, nil
			}
		}
		return "", fmt.Errorf("survey accepts (%q), the oracle rejects: %v", sv, oerr)
	}
}

// keyOrdersDiffer reports whether some object in v has two keys that UTF-8
// byte order and UTF-16 code unit order sort differently.
func keyOrdersDiffer(v Value) bool {
	switch v.Kind {
	case Array:
		for _, e := range v.Elems {
			if keyOrdersDiffer(e) {
				return true
			}
		}
	case Object:
		for i, a := range v.Members {
			for _, b := range v.Members[i+1:] {
				if sign(strings.Compare(a.Key, b.Key)) != sign(compareUTF16(a.Key, b.Key)) {
					return true
				}
			}
			if keyOrdersDiffer(a.Value) {
				return true
			}
		}
	}
	return false
}

func compareUTF16(a, b string) int {
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return int(x[i]) - int(y[i])
		}
	}
	return len(x) - len(y)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// hasLoneSurrogate reports whether a \u escape in data denotes a surrogate
// not paired as UTF-16 requires. It reads escapes only, so it is meant for
// text encoding/json accepts.
func hasLoneSurrogate(data []byte) bool {
	hex4 := func(i int) (rune, bool) {
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		var r rune
		if _, err := fmt.Sscanf(string(data[i+2:i+6]), "%04x", &r); err != nil {
			return 0, false
		}
		return r, true
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		r, ok := hex4(i)
		switch {
		case !ok:
			i++ // skip the escaped character
		case r >= 0xd800 && r <= 0xdbff:
			if r2, ok := hex4(i + 6); ok && r2 >= 0xdc00 && r2 <= 0xdfff {
				i += 11
				continue
			}
			return true
		case r >= 0xdc00 && r <= 0xdfff:
			return true
		default:
			i += 5
		}
	}
	return false
}

// depth returns the deepest nesting of arrays and objects in data, read
// with encoding/json.
func depth(data []byte) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	d, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return deepest
		}
		if delim, ok := tok.(json.Delim); ok {
			switch delim {
			case '[', '{':
				d++
				deepest = max(deepest, d)
			default:
				d--
			}
		}
	}
}

// jcsCases are hand-picked inputs, with the class each must fall in.
var jcsCases = []struct {
	name, in string
	want     jcsClass
}{
	// The same canonical form.
	{"RFC 8785 §3.2.4 example", `{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`, jcsEqual},
	{"RFC 8785 §3.2.3 sorting example", `{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`, jcsKeyOrder},
	{"payload of §5.2", `{"version":"1.0","protocol":"a2a","endpoint-id":"a2a","endpoint":"https://example.com/a2a/v1","asserted-at":"2026-04-27T12:00:00Z"}`, jcsEqual},
	{"white space everywhere", " \t\r\n{ \"b\" : [ 1 , 2 ] ,\n\"a\" :\r\n{ } } \n", jcsEqual},
	{"nested sort", `{"z":{"y":1,"x":[{"b":0,"a":0}]},"a":null}`, jcsEqual},
	{"key prefix sorts first", `{"ab":1,"a":2,"":3}`, jcsEqual},
	{"keys by code point, not by letter case", `{"a":1,"B":2,"_":3,"A":4}`, jcsEqual},
	{"BMP keys above U+E000 only", "{\"\uffff\":1,\"\ue000\":2,\"\u00e9\":3}", jcsEqual},
	{"supplementary keys only", "{\"\U0001F600\":1,\"\U00010000\":2}", jcsEqual},
	{"supplementary vs U+E000..U+FFFF", "{\"\U0001F600\":1,\"\uff01\":2}", jcsKeyOrder},
	{"supplementary vs U+E000..U+FFFF, escaped", `{"\ud83d\ude00":1,"\uff01":2}`, jcsKeyOrder},
	{"supplementary vs below U+D800", "{\"\U0001F600\":1,\"\u4e00\":2}", jcsEqual},
	{"escapes written as JCS writes them", `["\u0000\u001f\u007f\b\f\n\r\t\"\\\/","\u2028\u2029<>&\u00e9\ud83d\ude00"]`, jcsEqual},
	{"DEL and C1 written raw", "[\"\x7f\u0085\"]", jcsEqual},
	{"integers", `[0,-0,1,-1,9007199254740991,9007199254740992,9007199254740993,123456789012345678901234567890]`, jcsEqual},
	{"exponent boundaries", `[1e21,999999999999999999999,1e-6,1e-7,0.0000001,1E+2,1e-0,12e-1,-1.5e300]`, jcsEqual},
	{"shortest round trip", `[0.1,0.2,0.30000000000000004,5e-324,1.7976931348623157e308,2.2250738585072014e-308]`, jcsEqual},
	{"underflow to zero", `[1e-400,-1e-400,0e99999]`, jcsEqual},
	{"many digits", `[1.00000000000000000000000000000000000000000000000000001,0.99999999999999999999999]`, jcsEqual},
	{"top-level string", `"\u0041"`, jcsEqual},
	{"top-level number", `-0.0`, jcsEqual},
	{"top-level literal", `true`, jcsEqual},
	{"empty containers", `[{},[],{"":[]}]`, jcsEqual},
	// The oracle's own test data (testdata/input of gowebpki/jcs).
	{"jcs arrays.json", "[\n  56,\n  {\n    \"d\": true,\n    \"10\": null,\n    \"1\": [ ]\n  }\n]\n", jcsEqual},
	{"jcs french.json", `{"peach":"This sorting order","p\u00e9ch\u00e9":"is wrong according to French","p\u00eache":"but canonicalization MUST","sin":"ignore locale"}`, jcsEqual},
	{"jcs structures.json", `{"1":{"f":{"f":"hi","F":5} ,"\n":56.0},"10":{ },"":"empty","a":{ },"111":[ {"e":"yes","E":"no" } ],"A":{ }}`, jcsEqual},
	{"jcs unicode.json (no normalization)", `{"Unnormalized Unicode":"A\u030a"}`, jcsEqual},
	{"jcs weird.json", `{"\u20ac":"Euro Sign","\r":"Carriage Return","\u000a":"Newline","1":"One","\u0080":"Control\u007f","\ud83d\ude02":"Smiley","\u00f6":"Latin Small Letter O With Diaeresis","\ufb33":"Hebrew Letter Dalet With Dagesh","</script>":"Browser Challenge"}`, jcsKeyOrder},
	{"nesting at the limit", strings.Repeat("[", DefaultMaxDepth) + strings.Repeat("]", DefaultMaxDepth), jcsEqual},

	// Both reject.
	{"duplicate keys", `{"a":1,"a":2}`, jcsBothReject},
	{"duplicate keys, one escaped", `{"a":1,"\u0061":2}`, jcsBothReject},
	{"duplicate keys, nested", `[{"b":{"x":1,"y":2,"x":3}}]`, jcsBothReject},
	{"NaN", `[NaN]`, jcsBothReject},
	{"Infinity", `{"a":Infinity}`, jcsBothReject},
	{"-Infinity", `[-Infinity]`, jcsBothReject},
	{"overflow", `[1e400]`, jcsBothReject},
	{"overflow, top level", `-1e309`, jcsBothReject},
	{"byte order mark", "\ufeff{}", jcsBothReject},
	{"trailing data", `{} {}`, jcsBothReject},
	{"trailing comma", `[1,]`, jcsBothReject},
	{"empty input", ``, jcsBothReject},
	{"white space only", " \n", jcsBothReject},
	{"raw control character", "[\"\x01\"]", jcsBothReject},
	{"raw newline in string", "[\"a\nb\"]", jcsBothReject},
	{"lone low surrogate", `["\udc00"]`, jcsBothReject},
	{"high surrogate then text", `["\ud800x"]`, jcsBothReject},
	{"unknown escape", `["\x"]`, jcsBothReject},
	{"single quotes", `['a']`, jcsBothReject},

	// The oracle accepts what is not JSON.
	{"tokens glued across white space", `[1 2]`, jcsOracleNotJSON},
	{"literal split by white space", `[tr ue]`, jcsOracleNotJSON},
	{"plus sign", `[+1]`, jcsOracleNotJSON},
	{"leading zero", `[01]`, jcsOracleNotJSON},
	{"no integer part", `[.5]`, jcsOracleNotJSON},
	{"no fraction digits", `[1.]`, jcsOracleNotJSON},
	{"underscore in number", `[1_0]`, jcsOracleNotJSON},
	{"hex float", `[0x1p-2]`, jcsOracleNotJSON},
	{"unterminated member name", `{"a`, jcsOracleNotJSON},
	{"unterminated second member name", `{"a":1,"b`, jcsOracleNotJSON},

	// The oracle accepts invalid Unicode.
	{"invalid UTF-8 in a string", "[\"\xff\"]", jcsOracleBadUnicode},
	{"overlong UTF-8", "[\"\xc0\xaf\"]", jcsOracleBadUnicode},
	{"UTF-8 encoded surrogate", "[\"\xed\xa0\x80\"]", jcsOracleBadUnicode},
	{"high surrogate then a non-surrogate escape", `["\ud800\u0041"]`, jcsOracleBadUnicode},
	{"two high surrogates", `["\ud800\ud800"]`, jcsOracleBadUnicode},
	{"low then high surrogate", `["\udc00\ud800"]`, jcsOracleBadUnicode},
	{"lone surrogate in a key", `{"\udbff\u0000":1}`, jcsOracleBadUnicode},

	// The oracle rejects valid JSON.
	{"top-level number with white space", " 1 ", jcsOracleScalarSpace},
	{"top-level literal with a newline", "null\n", jcsOracleScalarSpace},

	// survey's nesting limit.
	{"nesting past the limit", strings.Repeat("[", DefaultMaxDepth+1) + strings.Repeat("]", DefaultMaxDepth+1), jcsSurveyDepth},
}

// TestCanonicalize_Section6_2_JCSOracle: survey's canonical form against an
// independent RFC 8785 implementation, on hand-picked inputs.
func TestCanonicalize_Section6_2_JCSOracle(t *testing.T) {
	for _, c := range jcsCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := classifyJCS([]byte(c.in))
			if err != nil {
				t.Fatalf("%q: %v", c.in, err)
			}
			if got != c.want {
				t.Errorf("%q: %s, want %s", c.in, got, c.want)
			}
		})
	}
}

// TestAppendNumber_JCSOracle: AppendNumber against the oracle's ECMAScript
// number serializer on random doubles, spread over every exponent, and on
// random integers around 2^53 and 10^21.
func TestAppendNumber_JCSOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 8785))
	for i := 0; i < 100000; i++ {
		var x float64
		switch i % 3 {
		case 0:
			x = math.Float64frombits(r.Uint64())
		case 1:
			x = float64(r.Int64N(1<<55) - 1<<54)
		default:
			x = (r.Float64() - 0.5) * 2e21
		}
		got, err := AppendNumber(nil, x)
		want, oerr := jcs.NumberToJSON(x)
		if (err != nil) != (oerr != nil) || err == nil && string(got) != want {
			t.Fatalf("%#016x (%v): got %q, %v; oracle %q, %v", math.Float64bits(x), x, got, err, want, oerr)
		}
	}
}

// FuzzAppendNumber_JCSOracle: every finite double is written as the
// oracle's ECMAScript number serializer writes it (RFC 8785 §3.2.2.3).
func FuzzAppendNumber_JCSOracle(f *testing.F) {
	for _, b := range []uint64{0, 1 << 63, 1, 0x7fefffffffffffff, 0x444b1ae4d6e2ef50, 0x3eb0c6f7a0b5ed8c, 0x3eb0c6f7a0b5ed8d, 0x4340000000000001, 0x7ff0000000000000, 0x7ff8000000000001} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		got, err := AppendNumber(nil, x)
		want, oerr := jcs.NumberToJSON(x)
		if (err != nil) != (oerr != nil) || err == nil && string(got) != want {
			t.Fatalf("%#016x (%v): got %q, %v; oracle %q, %v", bits, x, got, err, want, oerr)
		}
	})
}

// FuzzCanonicalize_JCSOracle: on any input, survey's answer and the
// oracle's are the same or differ for a reason classifyJCS names.
func FuzzCanonicalize_JCSOracle(f *testing.F) {
	for _, c := range jcsCases {
		f.Add([]byte(c.in))
	}
	files, _ := filepath.Glob("../testdata/*.json")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := classifyJCS(data); err != nil {
			t.Fatalf("%q: %v", data, err)
		}
	})
}
