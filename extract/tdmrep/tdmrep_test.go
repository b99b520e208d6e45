package tdmrep

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// found lists diagnostics as "code@line", sorted, for exact comparison.
func found(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, fmt.Sprintf("%s@%d", d.Code, d.Line))
	}
	slices.Sort(out)
	return out
}

func parseString(t *testing.T, s string) (*File, []string) {
	t.Helper()
	f, d := Parse([]byte(s))
	checkInvariants(t, []byte(s), f, d)
	return f, found(d)
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type query struct {
	target   string
	reserved bool
	policy   string
	rule     int
}

func checkQueries(t *testing.T, f *File, qs []query) {
	t.Helper()
	for _, q := range qs {
		reserved, policy, rule := f.Reservation(q.target)
		if reserved != q.reserved || policy != q.policy || rule != q.rule {
			t.Errorf("Reservation(%q) = %v, %q, %d; want %v, %q, %d", q.target, reserved, policy, rule, q.reserved, q.policy, q.rule)
		}
	}
}

// TestParse_Examples_OptOutEverything is the first example of §TDM File on
// the Origin Server, Examples: one rule reserving TDM rights on every file.
func TestParse_Examples_OptOutEverything(t *testing.T) {
	data := readFile(t, "testdata/spec-example-1.json")
	f, d := Parse(data)
	if len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	if len(f.Rules) != 1 || *f.Rules[0].Location != "/" || *f.Rules[0].Reservation != 1 || f.Rules[0].Line != 2 || !f.Array {
		t.Fatalf("rules = %+v", f.Rules)
	}
	checkQueries(t, f, []query{
		{"/", true, "", 0},
		{"/any/file.pdf", true, "", 0},
		{"https://provider.com/images/a.jpg?x=1", true, "", 0},
	})
	if got := f.Effective(); got != "reserved" {
		t.Errorf("Effective = %q", got)
	}
}

// TestParse_Examples_ThreeGroups is the second example: PDF files reserved
// without a policy, HTML pages reserved with a policy, JPEG images not
// reserved.
func TestParse_Examples_ThreeGroups(t *testing.T) {
	f, d := Parse(readFile(t, "testdata/spec-example-2.json"))
	if len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	const policy = "https://provider.com/policies/policy.json"
	checkQueries(t, f, []query{
		{"/directory-a/report.pdf", true, "", 0},
		{"/directory-b/html/index.html", true, policy, 1},
		{"/directory-b/images/photo.jpg", false, "", 2},
		{"/directory-b/images/sub/photo.jpg", false, "", 2},
		{"/directory-b/images/photo.png", false, "", -1},
		{"/elsewhere", false, "", -1},
	})
	if got := f.Effective(); got != "partial" {
		t.Errorf("Effective = %q", got)
	}
}

// TestParse_File_BracketsMandatory: "they are mandatory even if you express
// only one rule"; a lone object is an error but is read as one rule.
func TestParse_File_BracketsMandatory(t *testing.T) {
	f, got := parseString(t, "{\n  \"location\": \"/\",\n  \"tdm-reservation\": 1\n}\n")
	if want := []string{"tdmrep.not-array@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Array || len(f.Rules) != 1 || !f.Rules[0].Reserved() {
		t.Errorf("file = %+v", f)
	}
	_, got = parseString(t, `"just a string"`)
	if want := []string{"tdmrep.not-array@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_File_MandatoryProperties: "In each rule, location and
// tdm-reservation are mandatory, tdm-policy is optional."
func TestParse_File_MandatoryProperties(t *testing.T) {
	in := `[
  {"tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"},
  {"location": "/a/"},
  {"location": "/b/", "tdm-reservation": 0},
  "not a rule",
  {"location": 7, "tdm-reservation": 1}
]`
	f, got := parseString(t, in)
	want := []string{
		"tdmrep.location-type@6",
		"tdmrep.missing-location@2",
		"tdmrep.missing-reservation@3",
		"tdmrep.rule-not-object@5",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if len(f.Rules) != 4 {
		t.Fatalf("%d rules", len(f.Rules))
	}
	if f.Rules[0].Location != nil || f.Rules[1].Reservation != nil || f.Rules[3].Location != nil {
		t.Errorf("rules = %+v", f.Rules)
	}
	// A rule without location never matches; one without reservation
	// matches and leaves it unset.
	checkQueries(t, f, []query{{"/a/x", false, "", 1}, {"/b/x", false, "", 2}, {"/c", false, "", -1}})
}

// TestParse_Reservation_Values: tdm-reservation is an integer, 1 or 0;
// "Other values are considered protocol errors ... consider that
// tdm-reservation is unset."
func TestParse_Reservation_Values(t *testing.T) {
	cases := []struct {
		value string
		code  string
		want  *int
	}{
		{"0", "", ptr(0)},
		{"1", "", ptr(1)},
		{"2", "tdmrep.reservation-value@1", nil},
		{"-1", "tdmrep.reservation-value@1", nil},
		{"1.0", "tdmrep.reservation-value@1", nil},
		{"1e0", "tdmrep.reservation-value@1", nil},
		{`"1"`, "tdmrep.reservation-type@1", nil},
		{"true", "tdmrep.reservation-type@1", nil},
		{"null", "tdmrep.reservation-type@1", nil},
		{"[1]", "tdmrep.reservation-type@1", nil},
		{`{"v": 1}`, "tdmrep.reservation-type@1", nil},
	}
	for _, c := range cases {
		f, got := parseString(t, `[{"location": "/", "tdm-reservation": `+c.value+`}]`)
		want := []string{}
		if c.code != "" {
			want = []string{c.code}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", c.value, got, want)
		}
		r := f.Rules[0].Reservation
		if (r == nil) != (c.want == nil) || r != nil && *r != *c.want {
			t.Errorf("%s: reservation %v, want %v", c.value, r, c.want)
		}
	}
}

func ptr(i int) *int { return &i }

// TestParse_Policy: tdm-policy is a URL pointing to a TDM Policy; with
// tdm-reservation 0 "TDM Agents SHOULD NOT process tdm-policy".
func TestParse_Policy(t *testing.T) {
	in := `[
{"location": "/a", "tdm-reservation": 1, "tdm-policy": "/policies/p.json"},
{"location": "/b", "tdm-reservation": 1, "tdm-policy": "mailto:rights@example.com"},
{"location": "/c", "tdm-reservation": 1, "tdm-policy": 42},
{"location": "/d", "tdm-reservation": 0, "tdm-policy": "https://example.com/p.json"},
{"location": "/e", "tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"},
{"location": "/f", "tdm-reservation": 1, "tdm-policy": "https:///p.json"}
]`
	f, got := parseString(t, in)
	want := []string{
		"tdmrep.policy-ignored@5",
		"tdmrep.policy-not-absolute-url@2", "tdmrep.policy-not-absolute-url@3", "tdmrep.policy-not-absolute-url@7",
		"tdmrep.policy-type@4",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	checkQueries(t, f, []query{
		{"/d", false, "", 3}, // the policy is not returned with reservation 0
		{"/e", true, "https://example.com/p.json", 4},
		{"/c", true, "", 2},
	})
}

func TestParse_Fields(t *testing.T) {
	in := `[
{"Location": "/x", "TDM-Reservation": 1, "TDM-a": 1, "comment": "hi",
 "location": "/a", "location": "/b", "tdm-reservation": 1}
]`
	f, got := parseString(t, in)
	want := []string{
		"tdmrep.duplicate-field@3",
		"tdmrep.field-name-case@2", "tdmrep.field-name-case@2",
		"tdmrep.unknown-field@2", "tdmrep.unknown-field@2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	r := f.Rules[0]
	if *r.Location != "/b" || !slices.Equal(r.Unknown, []string{"Location", "TDM-Reservation", "TDM-a", "comment"}) {
		t.Errorf("rule = %+v", r)
	}
}

// TestReservation_FirstInSequence: "The most specific match found MUST be
// used. The most specific match is the first in sequence."; "If no match is
// found ... tdm-reservation is unset".
func TestReservation_FirstInSequence(t *testing.T) {
	f, got := parseString(t, `[
{"location": "/images/*", "tdm-reservation": 1, "tdm-policy": "https://example.com/images.json"},
{"location": "/press/release-*.html$", "tdm-reservation": 0},
{"location": "/*", "tdm-reservation": 1}
]`)
	if len(got) != 0 {
		t.Errorf("diagnostics %v", got)
	}
	checkQueries(t, f, []query{
		{"/images/cat.png", true, "https://example.com/images.json", 0},
		{"/press/release-2026.html", false, "", 1},
		{"/press/release-2026.html?page=2", true, "", 2},
		{"/press/other.html", true, "", 2},
		{"/", true, "", 2},
	})
	if e := f.Effective(); e != "reserved" {
		t.Errorf("Effective = %q", e)
	}
}

// TestReservation_Patterns covers §Use of regular expressions: "$" ends the
// pattern, "*" is 0 or more characters, special characters matched verbatim
// use % encoding, the matching is case-sensitive, and percent-encoded
// unreserved characters are decoded before comparison.
func TestReservation_Patterns(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"/this/path/exactly$", "/this/path/exactly", true},
		{"/this/path/exactly$", "/this/path/exactly/more", false},
		{"/this/*/then", "/this/x/y/then", true},
		{"/this/*/then", "/this/then", false},
		{"/this/*/then", "/this//then/after", true},
		{"/path/foo-%24", "https://provider.com/path/foo-$", true},
		{"/path/foo-$", "/path/foo-", true},
		{"/path/foo-$", "/path/foo-$", false},
		{"/a$b", "/a$b", true}, // "$" inside the pattern is literal
		{"/Dir/", "/dir/x", false},
		{"/%7Euser/", "/~user/page", true},
		{"/~user/", "/%7euser/page", true},
		{"/a%2fb", "/a%2Fb", true},
		{"/a%2Fb", "/a/b", false},
		{"/café", "/caf%C3%A9/menu", true},
		{"/caf%c3%a9", "/café", true},
		{"*.pdf", "/docs/a.pdf", true},
		{"*.pdf$", "/docs/a.pdf?x", false},
		{"/*.jpg$", "/a.jpg", true},
		{"/a*b*c$", "/axxbyyc", true},
		{"/a*b*c$", "/axxbyycz", false},
		{"/a*bc$", "/abcbc", true},
		{"*", "/anything", true},
		{"/", "/", true},
		{"/q?x=1", "/q?x=1&y=2", true},
		{"/star-%2A", "/star-*", true},
		// The path as the agent's HTTP client sends it (RFC 3986 §5.2.4).
		{"/images/", "/docs/../images/a", true},
		{"/images/", "/docs/%2E%2E/images/a", true},
		{"/docs/", "/docs/../images/a", false},
		{"/docs/../images/", "/images/a", false},
		{"/docs/../images/", "/docs/../images/a", false},
		{"/q?x=/../", "/q?x=/../", true},
	}
	for _, c := range cases {
		loc := c.pattern
		f := &File{Rules: []Rule{{Location: &loc, Reservation: ptr(1)}}}
		reserved, _, _ := f.Reservation(c.path)
		if reserved != c.want {
			t.Errorf("pattern %q, path %q: match %v, want %v", c.pattern, c.path, reserved, c.want)
		}
	}
}

func TestRequestPath(t *testing.T) {
	cases := map[string]string{
		"":                                "/",
		"/a?b#c":                          "/a?b",
		"https://example.com":             "/",
		"https://example.com?q":           "/?q",
		"https://example.com/a/b?c=d#e":   "/a/b?c=d",
		"?q":                              "/?q",
		"/redirect?to=https://x.example/": "/redirect?to=https://x.example/",
	}
	for in, want := range cases {
		if got := requestPath(in); got != want {
			t.Errorf("requestPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParse_UnusedRules(t *testing.T) {
	in := `[
{"location": "/docs/", "tdm-reservation": 1},
{"location": "/docs/", "tdm-reservation": 0},
{"location": "/docs/api/*.html", "tdm-reservation": 0},
{"location": "/img*", "tdm-reservation": 1},
{"location": "/imgs/", "tdm-reservation": 0},
{"location": "/a$", "tdm-reservation": 1},
{"location": "/a/b", "tdm-reservation": 1},
{"location": "", "tdm-reservation": 1},
{"location": "https://example.com/x", "tdm-reservation": 1},
{"location": "/%64ocs/x", "tdm-reservation": 1}
]`
	f, got := parseString(t, in)
	want := []string{
		"tdmrep.duplicate-location@3",
		"tdmrep.location-empty@9",
		"tdmrep.location-not-path@10",
		"tdmrep.unreachable-rule@11",
		"tdmrep.unreachable-rule@4",
		"tdmrep.unreachable-rule@6",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	checkQueries(t, f, []query{{"/a/b", true, "", 6}, {"/x", false, "", -1}})
}

// TestParse_DotSegmentLocation: a location whose fixed start holds a "."
// or ".." segment matches no path, since every request has its dot
// segments removed: it is reported and never used.
func TestParse_DotSegmentLocation(t *testing.T) {
	in := `[
{"location": "/docs/../images/*", "tdm-reservation": 1},
{"location": "/%2E/a$", "tdm-reservation": 1},
{"location": "/*/../q", "tdm-reservation": 1},
{"location": "/", "tdm-reservation": 0}
]`
	f, got := parseString(t, in)
	want := []string{"tdmrep.dot-segment-location@2", "tdmrep.dot-segment-location@3"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if a := f.Applicable(); !slices.Equal(a, []bool{false, false, true, true}) {
		t.Errorf("Applicable = %v", a)
	}
	checkQueries(t, f, []query{{"/images/a", false, "", 3}, {"/a", false, "", 3}, {"/r?s=/../q", true, "", 2}})
}

// TestParse_StarPatternCovered: every path starts with "/", so a pattern
// starting with "*" matches only paths an earlier "/" rule matches first; it
// is never used, as "/*.pdf" would not be.
func TestParse_StarPatternCovered(t *testing.T) {
	in := `[
{"location": "/", "tdm-reservation": 0},
{"location": "*.pdf", "tdm-reservation": 1},
{"location": "*", "tdm-reservation": 1}
]`
	f, got := parseString(t, in)
	want := []string{"tdmrep.unreachable-rule@3", "tdmrep.unreachable-rule@4"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	checkQueries(t, f, []query{{"/a.pdf", false, "", 0}})
}

// TestParse_ValueLines: a diagnostic about a value carries the line where
// the value starts (docs/formats.md, "Line numbers"), not the line of its
// field name or of the rule's brace.
func TestParse_ValueLines(t *testing.T) {
	_, got := parseString(t, string(readFile(t, "testdata/value-lines.json")))
	want := []string{
		"tdmrep.duplicate-location@30",
		"tdmrep.location-empty@23",
		"tdmrep.location-not-path@10",
		"tdmrep.location-type@15",
		"tdmrep.policy-ignored@26",
		"tdmrep.policy-not-absolute-url@6",
		"tdmrep.policy-type@19",
		"tdmrep.reservation-type@17",
		"tdmrep.reservation-value@5",
		"tdmrep.unreachable-rule@35",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

// TestParse_NotJSON: syntax errors, empty files and trailing data make the
// file invalid, with the line of the problem.
func TestParse_NotJSON(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "tdmrep.not-json@0"},
		{"  \n\t", "tdmrep.not-json@0"},
		{"[\n  {\"location\": \"/\", \"tdm-reservation\": 1,},\n]\n", "tdmrep.not-json@2"},
		{"[\n{\"location\": \"/\"\n", "tdmrep.not-json@2"},
		{"[] []", "tdmrep.not-json@1"},
		{"[]\nx", "tdmrep.not-json@2"},
		{"<html></html>", "tdmrep.not-json@1"},
		{"[\x00]", "tdmrep.not-json@1"},
	}
	for _, c := range cases {
		_, got := parseString(t, c.in)
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: got %v, want %s", c.in, got, c.want)
		}
		if n := strings.Count(strings.Join(got, " "), "not-json"); n != 1 {
			t.Errorf("%q: %d not-json diagnostics", c.in, n)
		}
	}
}

func TestParse_EmptyArray(t *testing.T) {
	f, got := parseString(t, "[\n]\n")
	if want := []string{"tdmrep.no-rules@2"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Effective() != "unset" {
		t.Errorf("Effective = %q", f.Effective())
	}
}

func TestParse_Limits(t *testing.T) {
	deep := `[{"location": "/", "tdm-reservation": 1, "x": ` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "}]"
	_, got := parseString(t, deep)
	if want := []string{"tdmrep.too-deep@1", "tdmrep.unknown-field@1"}; !slices.Equal(got, want) {
		t.Errorf("deep: got %v, want %v", got, want)
	}
	ok := `[{"location": "/", "tdm-reservation": 1, "x": ` + strings.Repeat("[", MaxDepth-2) + strings.Repeat("]", MaxDepth-2) + "}]"
	if _, got := parseString(t, ok); !slices.Equal(got, []string{"tdmrep.unknown-field@1"}) {
		t.Errorf("depth at the limit: got %v", got)
	}

	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; i < MaxRules+2; i++ {
		fmt.Fprintf(&b, "{\"location\": \"/r%d$\", \"tdm-reservation\": 1},\n", i)
	}
	b.WriteString("{\"location\": \"/last\", \"tdm-reservation\": 1}\n]\n")
	f, got := parseString(t, b.String())
	if want := []string{fmt.Sprintf("tdmrep.too-many-rules@%d", MaxRules+2)}; !slices.Equal(got, want) {
		t.Errorf("many: got %v, want %v", got, want)
	}
	if len(f.Rules) != MaxRules {
		t.Errorf("%d rules kept", len(f.Rules))
	}

	big := make([]byte, MaxBytes+1)
	_, d := Parse(big)
	if got := found(d); !slices.Equal(got, []string{"tdmrep.too-large@0"}) {
		t.Errorf("large: got %v", got)
	}
}

// TestParse_DroppedRulesUnset: rules past MaxRules are not kept, and the
// first of them may be the first match ("the most specific match is the
// first in sequence") of paths no kept rule matches, here "/"; so the
// label is unset, not a definite answer from the kept rules.
func TestParse_DroppedRulesUnset(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range MaxRules {
		fmt.Fprintf(&b, "{\"location\": \"/p%d/\", \"tdm-reservation\": 0},", i)
	}
	b.WriteString("{\"location\": \"/\", \"tdm-reservation\": 1}]")
	f, got := parseString(t, b.String())
	if want := []string{"tdmrep.too-many-rules@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Complete || f.Effective() != "unset" {
		t.Errorf("complete %v, effective %q; want an incomplete file, unset", f.Complete, f.Effective())
	}
}

func TestParse_Text(t *testing.T) {
	f, got := parseString(t, "\xef\xbb\xbf[{\"location\": \"/caf\xe9\", \"tdm-reservation\": 1}]")
	if want := []string{"tdmrep.bom@1", "tdmrep.invalid-utf8@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if len(f.Rules) != 1 || !f.Rules[0].Reserved() {
		t.Errorf("rules = %+v", f.Rules)
	}
	// UTF-16 (a byte order mark) is said to be UTF-16, once.
	var u16 strings.Builder
	u16.WriteString("\xff\xfe")
	for _, c := range `[{"location": "/", "tdm-reservation": 1}]` {
		u16.WriteString(string([]byte{byte(c), 0}))
	}
	f, got = parseString(t, u16.String())
	if want := []string{"tdmrep.not-json@0"}; !slices.Equal(got, want) || f.Effective() != "unset" {
		t.Errorf("UTF-16: got %v, effective %q", got, f.Effective())
	}
}

func TestEffective(t *testing.T) {
	cases := map[string]string{
		`[{"location": "/", "tdm-reservation": 1}]`:                                              "reserved",
		`[{"location": "/", "tdm-reservation": 0}]`:                                              "not-reserved",
		`[{"location": "/pdf/", "tdm-reservation": 1}, {"location": "/", "tdm-reservation": 0}]`: "partial",
		`[{"location": "/", "tdm-reservation": 2}]`:                                              "unset",
		`{`: "unset",
		`[{"location": "/", "tdm-reservation": 1},]`:                         "unset",
		`{"location": "/", "tdm-reservation": 1}`:                            "unset",
		`[{"tdm-reservation": 1}, {"location": "/x", "tdm-reservation": 0}]`: "not-reserved",
	}
	for in, want := range cases {
		f, _ := Parse([]byte(in))
		if got := f.Effective(); got != want {
			t.Errorf("%s: Effective = %q, want %q", in, got, want)
		}
	}
}

// TestEffective_OnlyApplicableRules: "The most specific match is the first
// in sequence", so a rule that is never the first match reserves nothing
// and does not make the site "partial" ("only other rules reserve").
func TestEffective_OnlyApplicableRules(t *testing.T) {
	cases := map[string]string{
		`[{"location": "/", "tdm-reservation": 0}, {"location": "/images/", "tdm-reservation": 1}]`:     "not-reserved",
		`[{"location": "/x/", "tdm-reservation": 0}, {"location": "/x/", "tdm-reservation": 1}]`:        "not-reserved",
		`[{"location": "https://example.com/", "tdm-reservation": 1}]`:                                  "unset",
		`[{"location": "", "tdm-reservation": 1}]`:                                                      "unset",
		`[{"location": "", "tdm-reservation": 1}, {"location": "/a/", "tdm-reservation": 0}]`:           "not-reserved",
		`[{"location": "/", "tdm-reservation": 0}, {"location": "/*.pdf", "tdm-reservation": 1}]`:       "not-reserved",
		`[{"location": "/", "tdm-reservation": 0}, {"location": "*.pdf", "tdm-reservation": 1}]`:        "not-reserved",
		`[{"location": "/*", "tdm-reservation": 0}, {"location": "*", "tdm-reservation": 1}]`:           "not-reserved",
		`[{"location": "/a/", "tdm-reservation": 0}, {"location": "*.pdf", "tdm-reservation": 1}]`:      "partial",
		`[{"location": "/a/", "tdm-reservation": 0}, {"location": "/images/", "tdm-reservation": 1}]`:   "partial",
		`[{"location": "/../images/", "tdm-reservation": 1}]`:                                           "unset",
		`[{"location": "/a/", "tdm-reservation": 0}, {"location": "/./images/", "tdm-reservation": 1}]`: "not-reserved",
	}
	for in, want := range cases {
		f, _ := Parse([]byte(in))
		if got := f.Effective(); got != want {
			t.Errorf("%s: Effective = %q, want %q", in, got, want)
		}
	}
}

// TestApplicable: the rules the parser reports as never used are the rules
// Applicable rejects.
func TestApplicable(t *testing.T) {
	f, _ := Parse([]byte(`[
{"location": "/docs/", "tdm-reservation": 1},
{"location": "/docs/", "tdm-reservation": 0},
{"location": "/docs/api/*.html", "tdm-reservation": 0},
{"location": "", "tdm-reservation": 1},
{"location": "https://example.com/x", "tdm-reservation": 1},
{"tdm-reservation": 1},
{"location": "/img/", "tdm-reservation": 1},
{"location": "*.pdf$"}
]`))
	want := []bool{true, false, false, false, false, false, true, true}
	if got := f.Applicable(); !slices.Equal(got, want) {
		t.Errorf("Applicable = %v, want %v", got, want)
	}
}

func TestParse_LargeFile(t *testing.T) {
	f, d := Parse(readFile(t, "testdata/large.json"))
	for _, x := range d {
		if x.Severity != diag.Info && x.Code != codeUnreachableRule.ID && x.Code != codeDuplicateLocation.ID {
			t.Errorf("unexpected %v", x)
		}
	}
	if len(f.Rules) != 601 || f.Effective() != "reserved" {
		t.Errorf("%d rules, effective %q", len(f.Rules), f.Effective())
	}
}

func TestParse_JSONEncodable(t *testing.T) {
	f, _ := Parse([]byte(`[{"location": "/", "tdm-reservation": 1, "tdm-policy": "https://e.example/p", "x": 1}, {}]`))
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"rules":[{"line":1,"location":"/","tdm_reservation":1,"tdm_policy":"https://e.example/p","unknown_fields":["x"]},{"line":1,"location":null,"tdm_reservation":null}],"array":true,"complete":true}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// TestCodes checks the catalogue and that every code emitted on the
// testdata and the seeds is declared.
func TestCodes(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, c := range Codes() {
		declared[c.ID] = true
		if !strings.HasPrefix(c.ID, "tdmrep.") {
			t.Errorf("code %s lacks the tdmrep. prefix", c.ID)
		}
	}
	inputs := [][]byte{}
	for _, s := range fuzzSeeds() {
		inputs = append(inputs, []byte(s))
	}
	entries, _ := os.ReadDir("testdata")
	for _, e := range entries {
		if !e.IsDir() {
			inputs = append(inputs, readFile(t, "testdata/"+e.Name()))
		}
	}
	inputs = append(inputs, make([]byte, MaxBytes+1))
	for _, in := range inputs {
		_, d := Parse(in)
		for _, x := range d {
			if !declared[x.Code] {
				t.Errorf("undeclared code %s", x.Code)
			}
		}
	}
}

// TestParse_DiagnosticCap: at most MaxDiagnosticsPerCode diagnostics of a
// code, then one saying how many were left out.
func TestParse_DiagnosticCap(t *testing.T) {
	in := "[" + strings.Repeat(`{"location": "/", "tdm-reservation": 1, "x": 0},`, MaxDiagnosticsPerCode+20) + "1]"
	_, d := Parse([]byte(in))
	counts, summaries := map[string]int{}, map[string]string{}
	for _, x := range d {
		counts[x.Code]++
		if x.Line == 0 {
			summaries[x.Code] = x.Message
		}
	}
	if counts[codeUnknownField.ID] != MaxDiagnosticsPerCode+1 || counts[codeDuplicateLocation.ID] != MaxDiagnosticsPerCode+1 {
		t.Errorf("counts %v", counts)
	}
	want := map[string]string{
		codeUnknownField.ID:      "20 more diagnostics of this code were left out (at most 100 are listed per file)",
		codeDuplicateLocation.ID: "19 more diagnostics of this code were left out (at most 100 are listed per file)",
	}
	if !reflect.DeepEqual(summaries, want) {
		t.Errorf("summaries %v", summaries)
	}
}

// TestEffective_FallbackRule: the site is "reserved" when the rule every
// path falls back to reserves. "/$" matches the home page only, so a file
// whose only reserving rule is "/$" reserves one page, not the site.
func TestEffective_FallbackRule(t *testing.T) {
	cases := map[string]string{
		`[{"location": "/$", "tdm-reservation": 1}]`:                                                    "partial",
		`[{"location": "/$", "tdm-reservation": 1}, {"location": "/", "tdm-reservation": 0}]`:           "partial",
		`[{"location": "/$", "tdm-reservation": 0}, {"location": "/", "tdm-reservation": 1}]`:           "reserved",
		`[{"location": "/index.html", "tdm-reservation": 0}, {"location": "/*", "tdm-reservation": 1}]`: "reserved",
		`[{"location": "*", "tdm-reservation": 1}]`:                                                     "reserved",
		`[{"location": "/*$", "tdm-reservation": 1}]`:                                                   "reserved",
		`[{"location": "/%2A", "tdm-reservation": 1}]`:                                                  "partial",
	}
	for in, want := range cases {
		f, _ := Parse([]byte(in))
		if got := f.Effective(); got != want {
			t.Errorf("%s: Effective = %q, want %q", in, got, want)
		}
	}
}

// TestParse_SingleObjectNoLocation: a single object that reserves rights
// without a location, as real files write it ({"tdm_reservation": 1}),
// never matches, and the message says how a site-wide rule is written.
func TestParse_SingleObjectNoLocation(t *testing.T) {
	_, diags := Parse([]byte(`{"tdm-reservation": 1, "tdm-policy": "https://example.com/policy"}`))
	for _, d := range diags {
		if d.Code == "tdmrep.missing-location" {
			if !strings.Contains(d.Message, `a rule for the whole site has "location": "/"`) {
				t.Errorf("message %q does not say how a site-wide rule is written", d.Message)
			}
			return
		}
	}
	t.Errorf("no tdmrep.missing-location in %v", diags)
}

// TestParse_WrapperObject: an object whose only array member holds the
// rules ({"policies": [...]}) is not an array, but its rules are read, with
// their own diagnostics, rather than the wrapper being taken for one rule
// without a location or a reservation.
func TestParse_WrapperObject(t *testing.T) {
	f, got := parseString(t, "{\n  \"version\": \"1\",\n  \"policies\": [\n    {\"location\": \"/\", \"tdm-reservation\": 1},\n    {\"path\": \"/a/\", \"tdm-reservation\": \"0\"}\n  ]\n}\n")
	want := []string{"tdmrep.missing-location@5", "tdmrep.not-array@1", "tdmrep.reservation-type@5", "tdmrep.unknown-field@5"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Array || len(f.Rules) != 2 || !f.Rules[0].Reserved() || f.Rules[0].Line != 4 || f.Rules[1].Location != nil {
		t.Errorf("file = %+v", f)
	}
	if !f.Complete || f.Effective() != "unset" {
		t.Errorf("complete %v, effective %q; want a complete file, unset", f.Complete, f.Effective())
	}
	// An object with a rule field is one rule, whatever else it holds.
	f, got = parseString(t, `{"location": "/", "tdm-reservation": 1, "x": [{"location": "/b/"}]}`)
	if len(f.Rules) != 1 || !f.Rules[0].Reserved() || !slices.Contains(got, "tdmrep.unknown-field@1") {
		t.Errorf("rules %+v, diagnostics %v", f.Rules, got)
	}
	// Two arrays: which one holds the rules is not plain.
	f, _ = parseString(t, `{"a": [{"location": "/"}], "b": [{"location": "/b/"}]}`)
	if len(f.Rules) != 1 || f.Rules[0].Location != nil {
		t.Errorf("rules %+v", f.Rules)
	}
}

// TestParse_WrapperOfOtherEntries: an object whose array holds entries of
// another convention (no rule field) is not taken for a wrapper of rules.
func TestParse_WrapperOfOtherEntries(t *testing.T) {
	f, got := parseString(t, "{\n  \"policies\": [\n    {\"type\": \"reservation\", \"scope\": \"/**\"}\n  ]\n}\n")
	if len(f.Rules) != 1 || f.Rules[0].Line != 1 || !slices.Equal(f.Rules[0].Unknown, []string{"policies"}) || !slices.Contains(got, "tdmrep.missing-reservation@1") {
		t.Errorf("rules %+v, diagnostics %v", f.Rules, got)
	}
}

// TestParse_FieldHints: an unknown field named like a rule field with
// another separator, or with the JSON-LD prefix "tdm:" that the report's
// vocabulary uses, is pointed to the field's name.
func TestParse_FieldHints(t *testing.T) {
	_, d := Parse([]byte(`[{"location": "/", "tdm:reservation": 1, "tdm:policy": "https://example.com/p", "tdm_reservation": 1}]`))
	n := 0
	for _, x := range d {
		if x.Code == codeUnknownField.ID && strings.Contains(x.Message, "did you mean") {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d hints, want 3: %v", n, d)
	}
}
