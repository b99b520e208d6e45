package robots

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/pathnorm/pathnormtest"
)

// checkInvariants checks what must hold for every input: diagnostics on
// existing lines with catalogued codes of the right severity, results that
// encode as JSON, and a deterministic re-parse.
func checkInvariants(t *testing.T, body []byte, f *File, d diag.List) {
	t.Helper()
	cat := diag.Catalogue(Codes())
	for _, x := range d {
		if x.Line < 0 || x.Line > f.Lines {
			t.Errorf("diagnostic %s on line %d of a %d-line file", x.Code, x.Line, f.Lines)
		}
		c, ok := cat.Lookup(x.Code)
		if !ok {
			t.Errorf("diagnostic code %s is not in Codes()", x.Code)
		} else if c.Severity != x.Severity || c.Spec != x.Spec {
			t.Errorf("diagnostic %s has severity %s spec %q, its code says %s %q", x.Code, x.Severity, x.Spec, c.Severity, c.Spec)
		}
	}
	invalidUTF8 := false
	for _, x := range d {
		invalidUTF8 = invalidUTF8 || x.Code == "robots.invalid-utf8"
	}
	if (f.NotText != "" || invalidUTF8) != d.HasErrors() {
		t.Errorf("not-text %q, invalid UTF-8 %v, but HasErrors %v: those are the only errors", f.NotText, invalidUTF8, d.HasErrors())
	}
	if f.Bytes != len(body) {
		t.Errorf("Bytes = %d, want %d", f.Bytes, len(body))
	}
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("the File does not encode as JSON: %v", err)
	}
	f2, d2 := Parse(body)
	if !reflect.DeepEqual(f, f2) || !reflect.DeepEqual(d, d2) {
		t.Errorf("re-parsing gave a different result")
	}
	m := NewMatcher(f)
	m.Allowed("FooBot", "/a/b?c")
	// Stances agrees with Stance, token by token, for the file's own
	// tokens in any case and for tokens it does not name.
	tokens := []string{"*", "GPTBot", "FooBot"}
	for _, g := range f.Groups {
		for _, ua := range g.UserAgents {
			tokens = append(tokens, ua.Token, strings.ToUpper(ua.Token))
		}
	}
	checkStancesAgree(t, "fuzz input", m, tokens)
	m.Preferences("*", "/x")
}

// seedFiles returns the bodies in testdata/corpus: the specifications'
// examples and nasty cases.
func seedFiles(t testing.TB) map[string][]byte {
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no seed corpus in testdata/corpus: %v", err)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = b
	}
	return out
}

func TestCorpusInvariants(t *testing.T) {
	for name, body := range seedFiles(t) {
		t.Run(name, func(t *testing.T) {
			f, d := Parse(body)
			checkInvariants(t, body, f, d)
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, body := range seedFiles(f) {
		f.Add(body)
	}
	for _, s := range []string{
		"", "\n", "\r", "\r\n", "#", ":", "a:", ":b", "\xEF", "\xEF\xBB", "\xEF\xBB\xBF",
		"User-agent: *\nDisallow: /*$*$\n", "User-agent: *\nApp-Directives: /\t(a;b=:=:)\n",
		"User-agent: *\nContent-Usage: / train-ai=%\"\xff\"\n", "user-agent \x00\ndisallow \x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		file, d := Parse(body)
		checkInvariants(t, body, file, d)
	})
}

// TestCodes checks the catalogue of the package.
func TestCodes(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if c.Severity == diag.Error && c.ID != "robots.not-text" && c.ID != "robots.invalid-utf8" {
			t.Errorf("%s is an error; robots.txt's errors are robots.not-text and robots.invalid-utf8 (see the package doc)", c.ID)
		}
	}
}

// TestCodes_RFC9309Sections pins the RFC 9309 section of the codes whose
// rule that section states in so many words.
func TestCodes_RFC9309Sections(t *testing.T) {
	want := map[string]string{
		// "The crawler SHOULD ignore "disallow" and "allow" rules that are
		// not in any group" (§2.2.2).
		"robots.rule-outside-group": "RFC 9309 §2.2.2",
		// "there are no rules in the group, the URI is allowed" (§2.2.2).
		"robots.empty-group": "RFC 9309 §2.2.2",
		// "crawlers may accept common misspellings of the record" (§2.2.4).
		"robots.misspelled-key": "RFC 9309 §2.2.4",
		// "The file MUST be UTF-8 encoded" (§2.3).
		"robots.invalid-utf8": "RFC 9309 §2.3",
		// "The parsing limit MUST be at least 500 kibibytes" (§2.5).
		"robots.over-size-limit": "RFC 9309 §2.5",
	}
	for _, c := range Codes() {
		if w, ok := want[c.ID]; ok && c.Spec != w {
			t.Errorf("%s rests on %q, want %q", c.ID, c.Spec, w)
		}
	}
}

// FuzzDeadDotSegment checks that robots.dot-segment-path never calls a
// live rule dead: a path pattern that pathnorm.DeadDotSegment finds dead
// matches no URL, as the matcher reads them.
func FuzzDeadDotSegment(f *testing.F) {
	for _, s := range pathnormtest.DeadDotSeeds() {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, url string) {
		if pathnorm.DeadDotSegment(pattern, true) && compilePattern(pattern).match(requestPath(url)) {
			t.Errorf("rule %q is said to match no URL, yet it matches %q (as %q)", pattern, url, requestPath(url))
		}
	})
}
