package llmstxt

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// fuzzSeeds are the seed corpus: the spec's examples plus nasty cases. Each
// diagnostic code is produced by at least one seed (TestSeedsCoverCodes).
func fuzzSeeds() []string {
	return []string{
		"",
		"# Title\n\n> Optional description goes here\n\nOptional details go here\n\n## Section name\n\n- [Link title](https://link_url): Optional link details\n\n## Optional\n\n- [Link title](https://link_url)\n",
		"<!doctype html><html></html>",
		"<!-- generated\n-->\n<!DOCTYPE html>\n",
		"# llms.txt\nUser-agent: *\nAllow: /\n",
		"# manifest\n[app]\nname = x\n",
		"intro\n# A\n# B\n#C\n### deep\n## optional\n\n## S\n- x\n* [](mailto:x)\n- [r](/rel) trailing\n- [m](http://)\n\ntext\n",
		"Title\n=====\n",
		"# T\n<div>\n\n```\nunclosed",
		"\xef\xbb\xbf#\n> \xff\x00\n",
		"\xef\xbb\xbf#\n> a summary long enough to be text, with \xff and \x00 among many good bytes\n",
		"# T\n## D\n## D\n- [a](https://a.example/)\n",
		"- [\\](\n- [a](<b\n- [a](b \"t\n[[[[[[((((\n",
		"# T\r\n> s\r\n## S\r\n- [a](https://a.example/ 'x') : n\r\n",
		"# T\r> s\r\r## S\r- [a](https://a.example/)\r\n\n\r",
		"#T\n> s\n#tag\n##S\n- [a](https://a.example/): n\n#tag\n",
		"# T\n## S\n- [`]`](https://a.example/)\n- [``]`](x)``\n- [\\`](y)`\n",
		"# T\n## S\n- API Reference > Group [a](https://a.example/a.mdx)\n- **[b](https://a.example/b)**: n\n- `[c](x)` [d](y)\n",
	}
}

// checkInvariants checks what must hold for every input: lines within the
// file, valid ⇔ no error, a JSON-encodable result, and a deterministic
// re-parse.
func checkInvariants(t *testing.T, data []byte, f *File, d diag.List) {
	t.Helper()
	if f == nil {
		t.Fatal("nil File")
	}
	// Lines end at LF, CR or CRLF (CommonMark §2.1).
	lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n")) + 1
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
		if x.Severity == diag.Error {
			hasError = true
		}
	}
	if hasError != d.HasErrors() {
		t.Errorf("HasErrors disagrees")
	}
	if hasError != (f.TitleLine == 0) {
		t.Errorf("valid=%v but title line %d: %v", !hasError, f.TitleLine, d)
	}
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("result not JSON-encodable: %v", err)
	}
	f2, d2 := Parse(data)
	if !reflect.DeepEqual(f, f2) || !reflect.DeepEqual(d, d2) {
		t.Errorf("re-parse differs")
	}
}

// addSmallTestdata adds the small testdata files to f's seed corpus
// (mutating the 160 KiB one is slow).
func addSmallTestdata(f *testing.F) {
	for _, name := range []string{"testdata/spec-example.txt", "testdata/fasthtml.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	addSmallTestdata(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, d := Parse(data)
		checkInvariants(t, data, file, d)
	})
}

// TestSeedsCoverCodes checks that every declared code is produced by some
// seed, so that no code is dead and every code is exercised.
func TestSeedsCoverCodes(t *testing.T) {
	seen := map[string]bool{}
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
