package canonjson

import (
	"math"
	"strings"
	"testing"
)

// TestCanonicalize_Section6_2_RFC8785Example: §6.2 says a reader following
// its rules accepts JCS output; this is the example of RFC 8785 §3.2.4.
func TestCanonicalize_Section6_2_RFC8785Example(t *testing.T) {
	in := `{
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`
	want := `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`
	got, err := Canonicalize([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestAppendNumber_Section6_2_Numbers: finite numbers are written in the
// shortest round-trip form, integers in the safe range without decimal point
// or exponent (the ECMAScript rule, RFC 8785 Appendix B vectors).
func TestAppendNumber_Section6_2_Numbers(t *testing.T) {
	cases := []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"},
		{0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"},
		{0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"},
		{0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"},
		{0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"},
		{0x44b52d02c7e14af6, "1e+23"},
		{0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"},
		{0x444b1ae4d6e2ef4f, "999999999999999900000"},
		{0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
		{0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"},
		{0x41b3de4355555554, "333333333.33333325"},
		{0x41b3de4355555555, "333333333.3333333"},
		{0x41b3de4355555556, "333333333.3333334"},
		{0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"},
		{0x43143ff3c1cb0959, "1424953923781206.2"},
	}
	for _, c := range cases {
		got, err := AppendNumber(nil, math.Float64frombits(c.bits))
		if err != nil || string(got) != c.want {
			t.Errorf("%#016x: got %q, %v; want %q", c.bits, got, err, c.want)
		}
	}
}

// TestAppendNumber_Section6_2_NonFinite: NaN and ±Infinity are forbidden.
func TestAppendNumber_Section6_2_NonFinite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := AppendNumber(nil, f); err == nil {
			t.Errorf("%v: no error", f)
		}
	}
}

// TestParse_Section6_2_NonFiniteLiterals: non-finite numbers in the input are
// rejected with ErrNonFinite, whether spelled as JavaScript literals or as a
// literal that overflows a double.
func TestParse_Section6_2_NonFiniteLiterals(t *testing.T) {
	for _, in := range []string{`{"a":NaN}`, `[Infinity]`, `[-Infinity]`, `{"a":1e400}`, `-1E999`} {
		_, err := Parse([]byte(in), Options{})
		e, ok := AsError(err)
		if !ok || e.Kind != ErrNonFinite {
			t.Errorf("%s: got %v, want ErrNonFinite", in, err)
		}
	}
}

// TestCanonicalize_Section6_2_SurfaceForms: identical inputs in different
// surface forms produce identical canonical bytes (§8 Canonicalization).
func TestCanonicalize_Section6_2_SurfaceForms(t *testing.T) {
	want := `{"a":[1,2.5,true,null],"b":{"x":"é","y":"\n"},"c":100}`
	forms := []string{
		want,
		`{ "c": 1e2, "b": {"y": "\n", "x": "\u00e9"}, "a": [1.0, 25E-1, true, null] }`,
		"{\n\t\"b\" : { \"x\" : \"é\" , \"y\" : \"\\u000A\" },\n\t\"a\" : [ 1 , 2.50 , true , null ],\n\t\"c\" : 100.000\n}\n",
		`{"c":100,"a":[0.1e1,0.25e1,true,null],"b":{"y":"\u000a","x":"\u00E9"}}`,
	}
	for _, f := range forms {
		got, err := Canonicalize([]byte(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if string(got) != want {
			t.Errorf("%s:\ngot  %s\nwant %s", f, got, want)
		}
	}
}

// TestAppendString_Section6_2_Escapes documents the escape decision: only
// what JSON requires is escaped; <, >, &, /, U+007F, U+2028 and U+2029 are
// written literally (as JCS writes them).
func TestAppendString_Section6_2_Escapes(t *testing.T) {
	cases := map[string]string{
		"a\"b\\c":           `"a\"b\\c"`,
		"\b\f\n\r\t":        `"\b\f\n\r\t"`,
		"\x00\x01\x1f":      `"\u0000\u0001\u001f"`,
		"<>&/\x7f":          "\"<>&/\x7f\"",
		"\u2028\u2029":      "\"\u2028\u2029\"",
		"€😀":                `"€😀"`,
		"plain ascii text.": `"plain ascii text."`,
	}
	for in, want := range cases {
		got, err := AppendString(nil, in)
		if err != nil || string(got) != want {
			t.Errorf("%q: got %s, %v; want %s", in, got, err, want)
		}
	}
	if _, err := AppendString(nil, "\xff"); err == nil {
		t.Error("invalid UTF-8: no error")
	}
}

// TestAppend_Section6_2_KeyOrder: keys sort by UTF-8 bytes. The RFC 8785
// §3.2.3 example sorts "\ud83d\ude00" (U+1F600) before "\ufb33" by UTF-16
// code units; by UTF-8 bytes it sorts after, which is the one documented
// difference from JCS.
func TestAppend_Section6_2_KeyOrder(t *testing.T) {
	in := `{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`
	got, err := Canonicalize([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\",\"😀\":\"Emoji: Grinning Face\"}"
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestAppend_Section6_2_ArraysKeepOrder: arrays are not sorted.
func TestAppend_Section6_2_ArraysKeepOrder(t *testing.T) {
	got, err := Canonicalize([]byte(`[3,1,2,{"b":1,"a":2}]`))
	if err != nil || string(got) != `[3,1,2,{"a":2,"b":1}]` {
		t.Errorf("got %s, %v", got, err)
	}
}

func TestAppend_DuplicateKeysHaveNoCanonicalForm(t *testing.T) {
	v, err := Parse([]byte(`{"a":1,"b":{"c":1,"c":2}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := v.Duplicates()
	if len(d) != 1 || d[0].Key != "c" || d[0].Value.Num != 2 {
		t.Errorf("Duplicates = %+v", d)
	}
	if _, err := Append(nil, v); err == nil {
		t.Error("Append: no error")
	}
}

func TestParse_Errors(t *testing.T) {
	cases := []struct {
		in   string
		kind ErrorKind
		line int
	}{
		{"", ErrEmpty, 1},
		{"  \n ", ErrEmpty, 2},
		{`{"a":1} x`, ErrTrailing, 1},
		{"{\n\"a\" 1}", ErrSyntax, 2},
		{"[1,\n\n]", ErrSyntax, 3},
		{`[01]`, ErrSyntax, 1},
		{`[1.]`, ErrSyntax, 1},
		{`[1e]`, ErrSyntax, 1},
		{`[-]`, ErrSyntax, 1},
		{`["a` + "\n" + `"]`, ErrSyntax, 1},
		{`["\x"]`, ErrSyntax, 1},
		{`["\u12"]`, ErrSyntax, 1},
		{"[\"\xff\"]", ErrUTF8, 1},
		{`["\ud800"]`, ErrUTF8, 1},
		{`["\udc00\ud800"]`, ErrUTF8, 1},
		{`["\ud800\u0041"]`, ErrUTF8, 1},
		{`[tru]`, ErrSyntax, 1},
		{`{"a":1,}`, ErrSyntax, 1},
		{"\x00", ErrSyntax, 1},
		{strings.Repeat("[", 65) + strings.Repeat("]", 65), ErrDepth, 1},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in), Options{})
		e, ok := AsError(err)
		if !ok {
			t.Errorf("%q: got %v, want an *Error", c.in, err)
			continue
		}
		if e.Kind != c.kind || e.Line != c.line {
			t.Errorf("%q: got kind %d line %d (%v), want kind %d line %d", c.in, e.Kind, e.Line, e, c.kind, c.line)
		}
	}
	_, err := Parse([]byte(`[1]`), Options{MaxBytes: 2})
	if e, ok := AsError(err); !ok || e.Kind != ErrSize {
		t.Errorf("MaxBytes: got %v", err)
	}
	if _, err := Parse([]byte(strings.Repeat("[", 64)+strings.Repeat("]", 64)), Options{}); err != nil {
		t.Errorf("depth 64: %v", err)
	}
}

func TestParse_ValuesAndLines(t *testing.T) {
	v, err := Parse([]byte("{\n \"s\": \"x\\u00e9\\ud83d\\ude00\",\n \"n\": -1.5e2,\n \"a\": [true, false, null]\n}"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := v.Get("s")
	n, _ := v.Get("n")
	a, _ := v.Get("a")
	if v.Kind != Object || v.Line != 1 || s.Str != "xé😀" || s.Line != 2 || n.Num != -150 || n.Str != "-1.5e2" || n.Line != 3 ||
		a.Kind != Array || len(a.Elems) != 3 || !a.Elems[0].Bool || a.Elems[2].Kind != Null || a.Line != 4 {
		t.Errorf("unexpected parse: %+v", v)
	}
	if _, ok := v.Get("missing"); ok {
		t.Error("Get(missing) ok")
	}
}

func TestMarshal_ProducerHelper(t *testing.T) {
	type payload struct {
		Protocol string  `json:"protocol"`
		Endpoint string  `json:"endpoint"`
		Weight   float64 `json:"weight"`
		HTML     string  `json:"html"`
	}
	got, err := Marshal(payload{Protocol: "a2a", Endpoint: "https://example.com/a?b=1&c=2", Weight: 1e-7, HTML: "<b>"})
	want := `{"endpoint":"https://example.com/a?b=1&c=2","html":"<b>","protocol":"a2a","weight":1e-7}`
	if err != nil || string(got) != want {
		t.Errorf("got %s, %v; want %s", got, err, want)
	}
	if _, err := Marshal(math.NaN()); err == nil {
		t.Error("Marshal(NaN): no error")
	}
}

func TestEqual(t *testing.T) {
	a, _ := Parse([]byte(`{"a":1,"b":[1,2]}`), Options{})
	b, _ := Parse([]byte(`{"b":[1,2.0],"a":1e0}`), Options{})
	c, _ := Parse([]byte(`{"b":[2,1],"a":1}`), Options{})
	if !Equal(a, b) || Equal(a, c) {
		t.Error("Equal is wrong")
	}
}
