package agentstxt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/pathnorm/pathnormtest"
)

// seed is one fuzz seed: a body and the Content-Type it is served with.
type seed struct {
	body []byte
	opts Options
}

// seedCorpus returns the spec examples and nasty cases the fuzz target
// starts from.
func seedCorpus() []seed {
	d := sha("/a ALLOW")
	bodies := []string{
		"",
		"\n\n\n",
		"*",
		"*\n",
		"*" + d,
		"*" + strings.ToUpper(d) + "\n/a ALLOW\n",
		"* " + d + "\n/a ALLOW\n",
		"*" + d + "\n/a ALLOW\n",
		"*" + d + "\n/a ALLOW\n*" + d + "\n",
		"/a ALLOW\n*" + d + "\n",
		"*" + sha("/a ALLOW\n") + "\n/a ALLOW\n",
		"*" + d + "\r\n/a ALLOW\r\n",
		"*" + d + "\r/a ALLOW\r",
		"*" + d + "\n/a\tALLOW  \n",
		"*" + d + "\n/a allow\n/b Disallow\n/c DENY\nd ALLOW\n/e\n/f ALLOW k\n/g ALLOW =v\n/h ALLOW k=\n/i ALLOW k=\"v\"\n/j ALLOW k=1 k=2\n/j ALLOW\n",
		"*" + d + "\n/admin DISALLOW # staff only\n",
		"*" + d + "\n/docs/../admin/ DISALLOW\n/%2e/a ALLOW\n/s?q=/./ ALLOW\n",
		"*" + d + "\n/caf\xc3\xa9 ALLOW\n/bad%zz ALLOW\n/\xff ALLOW\n",
		"# version: 1.0\n# version: 2.0\n# generated-by: x\n# grace-period: 7d\n# grace-period: 8d\n# generated-by: y\n*" + d + "\n/a ALLOW\n",
		"\x00\x01\x02\n\x7f\n",
		bom + "*" + d + "\n/a ALLOW\n",
		bom,
		"\xef\xbb",
		"User-agent: *\nDisallow: /\n",
		"# Title\n\nSome prose.\n- item\n",
		"{\"a\": 1}",
		"[1, 2",
		"<html><body>x</body></html>",
		"<?xml version=\"1.0\"?><a/>",
		"<",
		"Contact: a\nPolicy: b\n",
		"*deadbeef* emphasis\n",
		"# version: 1.0\n*e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n# sample. may not be accurate.\n/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW\n",
		strings.Repeat("/a ALLOW\n", 50),
		strings.Repeat("#", 1000),
		strings.Repeat("\r", 100),
		"*" + d + "\n" + strings.Repeat(" ", 100) + "\n",
	}
	var seeds []seed
	for _, b := range bodies {
		seeds = append(seeds, seed{body: []byte(b)})
	}
	for _, ct := range []string{"text/plain", "text/html", "text/plain; charset=latin1", ";;", "text/plain; charset=utf-8"} {
		seeds = append(seeds, seed{body: []byte("*" + d + "\n/a ALLOW\n"), opts: Options{ContentType: ct, Served: true}})
	}
	seeds = append(seeds, seed{body: []byte("*" + d + "\n/a ALLOW\n"), opts: Options{Served: true}})
	return seeds
}

// FuzzParse checks the parser's invariants: it never panics, diagnostic
// lines lie within the file, every code is declared, the file is valid
// exactly when no diagnostic is an error, and parsing is deterministic.
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
		opts := Options{ContentType: contentType, Served: served}
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
		file.Allowed("/a")
	})
}

// FuzzDeadDotSegment checks that agents-txt.dot-segment-path never calls a
// live directive dead: a path that pathnorm.DeadDotSegment finds dead is
// a prefix of no target, as the evaluator reads them.
func FuzzDeadDotSegment(f *testing.F) {
	for _, s := range pathnormtest.DeadDotSeeds() {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, path, target string) {
		p, err := targetPath(target)
		if err != nil || !pathnorm.DeadDotSegment(path, false) {
			return
		}
		if strings.HasPrefix(p, pathnorm.Normalize(path)) {
			t.Errorf("path %q is said to match no URL, yet it is a prefix of %q (as %q)", path, target, p)
		}
	})
}
