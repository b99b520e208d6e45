package autoctl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/pathnorm/pathnormtest"
)

// seed is one fuzz seed: a body and how it was served.
type seed struct {
	body []byte
	opts Options
}

// seedCorpus returns the spec examples and nasty cases the fuzz target
// starts from.
func seedCorpus() []seed {
	bodies := []string{
		"",
		"\n",
		"\r\r\n\n",
		"scope: /\n",
		"scope: /\nallowed-methods: GET, HEAD\n<!-- Note: This example shows basic method allowance -->\n\n",
		"scope: /\nallowed-purposes: PLACEHOLDER_PURPOSE1, PLACEHOLDER_PURPOSE2\n<!-- Note: Placeholder purposes are used here -->\n",
		"<!-- Group 1 -->\nuser-agent: *\nhost: example.com\nscope: /\nallowed-methods: GET, HEAD\n\n<!-- Group 2 -->\nuser-agent: *\nhost: example.com\nscope: /admin/\nallowed-methods: GET\n",
		"user-agent: *\nallowed-methods: GET\n\n",
		"scope: /a, /b\nhost: a.example, b.example\nuser-agent: A, , Bot2, x/y\nallowed-methods: get, *, ,PROPFIND\nallowed-purposes: données, a b,\n\n",
		"scope:\nhost:\nuser-agent:\nallowed-methods:\nallowed-purposes:\n",
		"scope: https://h/p\nscope: h/p\nhost: https://x/\nhost: a_b\n\n",
		"scope: /docs/../admin/, /a/.$, /*/../q\nallowed-methods: GET\n\n",
		"scope: /a#b # c\nhost: x#y\n# c\n  <!-- x --> \n",
		"<!--\nscope: /\n-->\n<!--\n<!--\n",
		"-->\n<!-- -->\n",
		"no colon here\n: empty name\nname with space: v\n",
		"scope: /\x00\n\t\n\x1b\n",
		"\xef\xbb\xbfscope: /\n",
		"\xef\xbb\xbf",
		"scope: /caf\xe9\n",
		"x-ext: 1\nrate-limit: 5\n\n",
		"scope: /\rallowed-methods: GET\r\n\r",
		strings.Repeat("scope: /*a*a*a*a*\n", 20),
		strings.Repeat("<!--\n", 50),
		strings.Repeat(",", 200),
		"allowed-methods: " + strings.Repeat("GET,", 100) + "\n",
	}
	var seeds []seed
	for _, b := range bodies {
		seeds = append(seeds, seed{body: []byte(b)})
	}
	for _, ct := range []string{"text/plain", "text/html", "text/plain; charset=latin1", "nonsense/", "text/plain; charset=utf-8"} {
		seeds = append(seeds, seed{body: []byte("scope: /\nallowed-methods: GET\n\n"), opts: Options{ContentType: ct, Served: true}})
	}
	seeds = append(seeds, seed{body: []byte("scope: /\n\n"), opts: Options{Served: true, Host: "example.com"}})
	return seeds
}

// FuzzParse checks the parser's invariants: it never panics, diagnostic
// lines lie within the file, every code is declared, groups are
// consistent, parsing is deterministic, and the evaluator never panics.
func FuzzParse(f *testing.F) {
	for _, s := range seedCorpus() {
		f.Add(s.body, s.opts.ContentType, s.opts.Served)
	}
	files, _ := filepath.Glob("testdata/*.txt")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, "text/plain; charset=utf-8", true)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType string, served bool) {
		opts := Options{ContentType: contentType, Served: served, Host: "example.com"}
		file, diags := Parse(body, opts)
		checkInvariants(t, body, file, diags)
		again, diags2 := Parse(body, opts)
		j1, err1 := json.Marshal(struct {
			F *File
			D any
		}{file, diags})
		j2, err2 := json.Marshal(struct {
			F *File
			D any
		}{again, diags2})
		if err1 != nil || err2 != nil {
			t.Fatalf("JSON encoding failed: %v %v", err1, err2)
		}
		if string(j1) != string(j2) {
			t.Fatalf("parsing is not deterministic:\n%s\n%s", j1, j2)
		}
		for _, q := range [][3]string{{"ExampleBot", "/admin/x", "GET"}, {"*", "https://example.com/", "POST"}} {
			d := file.Allowed(q[0], q[1], q[2])
			if d.Group >= 0 && (d.Group >= len(file.Groups) || file.Groups[d.Group].Line != d.Line || file.Groups[d.Group].MissingScope) {
				t.Fatalf("decision %+v names a group that cannot decide", d)
			}
		}
	})
}

// FuzzDeadDotSegment checks that autoctl.dot-segment-scope never calls a
// live scope dead: a scope path that pathnorm.DeadDotSegment finds dead
// matches no URL, as the evaluator reads them.
func FuzzDeadDotSegment(f *testing.F) {
	for _, s := range pathnormtest.DeadDotSeeds() {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, scope, target string) {
		host, path, err := splitTarget(target, "example.com")
		if _, scopePath := splitScope(scope); err != nil || !pathnorm.DeadDotSegment(scopePath, true) {
			return
		}
		if _, ok := scopeLength([]string{scope}, host, path); ok {
			t.Errorf("scope %q is said to match no URL, yet it matches %q (as %q)", scope, target, path)
		}
	})
}
