package tdmrep

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/lines"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/pathnorm/pathnormtest"
)

// fuzzSeeds are the seed corpus: the report's examples plus nasty cases.
// Every code except the size limits (too large for a seed) is produced by
// at least one seed (TestSeedsCoverCodes).
func fuzzSeeds() []string {
	return []string{
		"",
		"[\n  {\n  \"location\": \"/\",\n  \"tdm-reservation\": 1\n  }\n]\n",
		`[{"location": "/directory-a/", "tdm-reservation": 1}, {"location": "/directory-b/html/", "tdm-reservation": 1, "tdm-policy":"https://provider.com/policies/policy.json"}, {"location": "/directory-b/images/*.jpg", "tdm-reservation": 0}]`,
		`{"tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"}`,
		`{"v": 1, "policies": [{"location": "/", "tdm-reservation": 1}, [{}], 2], "x": {"y": []}}`,
		`[{"location": 1, "tdm-reservation": "1", "tdm-policy": 2}, 3, {"Location": "/", "TDM-a": 2}, {"location": "", "tdm-reservation": 2}]`,
		`[{"location": "/a", "location": "x", "tdm-reservation": 0, "tdm-policy": "/rel"}, {"location": "/b$", "tdm-reservation": 1}, {"location": "/b$", "tdm-reservation": 1}]`,
		`[{"location": "/*", "tdm-reservation": 1}, {"location": "/x%24", "tdm-reservation": 0}]`,
		`[{"location": "/docs/../images/*", "tdm-reservation": 1}, {"location": "/%2E/a$", "tdm-reservation": 0}, {"location": "/*/../q", "tdm-reservation": 1}]`,
		"[]",
		"\xef\xbb\xbf[{\"location\": \"/\xff\", \"tdm-reservation\": 1}]",
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
		`[{"location": "/", "tdm-reservation": 1},]`,
		`[1e999, -0, 0.0, "\ud800", "\u0000"]`,
	}
}

// checkInvariants checks what must hold for every input: lines within the
// file, a JSON-encodable result, consistent rules, and a deterministic
// re-parse.
func checkInvariants(t *testing.T, data []byte, f *File, d diag.List) {
	t.Helper()
	if f == nil {
		t.Fatal("nil File")
	}
	lines := lines.Count(data) + 1
	for _, x := range d {
		if x.Line < 0 || x.Line > lines {
			t.Errorf("diagnostic %v: line outside 0..%d", x, lines)
		}
		if x.Code == "" || x.Spec == "" || x.Message == "" {
			t.Errorf("diagnostic %v lacks a field", x)
		}
	}
	hasError := false
	for _, x := range d {
		hasError = hasError || x.Severity == diag.Error
	}
	if hasError != d.HasErrors() {
		t.Errorf("HasErrors disagrees")
	}
	// A valid file is an array of rules that all have a location and a
	// reservation of 0 or 1; it is complete unless rules were dropped.
	dropped := false
	for _, x := range d {
		dropped = dropped || x.Code == codeTooManyRules.ID
	}
	if f.Complete && dropped {
		t.Errorf("rules were dropped but the file is complete")
	}
	if !hasError {
		if !f.Array || !f.Complete && !dropped {
			t.Errorf("valid but not an array: %v", d)
		}
		for _, r := range f.Rules {
			if r.Location == nil || r.Reservation == nil {
				t.Errorf("valid but rule %+v is incomplete", r)
			}
		}
	}
	for _, r := range f.Rules {
		if r.Line < 1 || r.Line > lines {
			t.Errorf("rule line %d outside 1..%d", r.Line, lines)
		}
	}
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("result not JSON-encodable: %v", err)
	}
	f2, d2 := Parse(data)
	if !reflect.DeepEqual(f, f2) || !reflect.DeepEqual(d, d2) {
		t.Errorf("re-parse differs")
	}
	f.Effective()
	f.Reservation("/a/b.pdf")
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, d := Parse(data)
		checkInvariants(t, data, file, d)
	})
}

// FuzzReservation checks that matching never panics and that a pattern
// without special characters or dot segments matches itself.
func FuzzReservation(f *testing.F) {
	f.Add("/a/*.pdf$", "/a/b.pdf")
	f.Add("/path/foo-%24", "/path/foo-$")
	f.Add("*", "")
	f.Add("/%zz%", "https://x.example")
	f.Fuzz(func(t *testing.T, pattern, path string) {
		file := &File{Rules: []Rule{{Location: &pattern, Reservation: new(int)}}}
		file.Reservation(path)
		if len(pattern) > 0 && pattern[0] == '/' && !bytes.ContainsAny([]byte(pattern), "*$%#?") && !pathnorm.HasDotSegment(pattern) {
			if _, _, i := file.Reservation(pattern); i != 0 {
				t.Errorf("pattern %q does not match itself", pattern)
			}
		}
	})
}

func TestSeedsCoverCodes(t *testing.T) {
	seen := map[string]bool{codeTooLarge.ID: true, codeTooManyRules.ID: true}
	for _, s := range fuzzSeeds() {
		_, d := Parse([]byte(s))
		for _, x := range d {
			seen[x.Code] = true
		}
	}
	for _, c := range Codes() {
		if !seen[c.ID] {
			t.Errorf("no seed produces %s", c.ID)
		}
	}
}

// FuzzDeadDotSegment checks that tdmrep.dot-segment-location never calls
// a live location dead: a location that pathnorm.DeadDotSegment finds
// dead matches no target, as Reservation reads them.
func FuzzDeadDotSegment(f *testing.F) {
	for _, s := range pathnormtest.DeadDotSeeds() {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, location, target string) {
		if !pathnorm.DeadDotSegment(location, true) {
			return
		}
		file := &File{Rules: []Rule{{Location: &location, Reservation: new(int)}}}
		if _, _, i := file.Reservation(target); i >= 0 {
			t.Errorf("location %q is said to match no path, yet it matches %q", location, target)
		}
	})
}
