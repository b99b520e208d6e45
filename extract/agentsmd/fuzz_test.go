package agentsmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// fuzzSeeds are the spec's examples and nasty inputs.
func fuzzSeeds() []string {
	return []string{
		"",
		minimal,
		"# AGENTS.md\n\n## SectionName\n- key: value\n- another-key: another value\n",
		"# AGENTS.md\n# This comment is ignored by parsers\n\n## Identity\n# The following lines define the site identity\n- site: example.com\n",
		"## Identity\n- site: example.com\n- spec-version: 1.0.0\n",
		"## Trust Requirements\n- minimum-trust-level: 2\n- authentication: required\n- authentication-methods: oauth2, api-key\n",
		"## Allowed Actions\n- read-content: true\n- submit-forms: false\n- make-purchases: false\n- modify-account: false\n- access-api: true\n",
		"## Rate Limits\n- requests-per-minute: 30\n- requests-per-hour: 500\n- concurrent-sessions: 3\n",
		"## Data Handling\n- personal-data-collection: minimal\n- data-retention: session-only\n- third-party-sharing: none\n- gdpr-compliance: true\n",
		"## Restrictions\n- disallowed-paths: /admin/*, /internal/*\n- require-human-approval: /checkout/*, /account/delete\n- read-only-paths: /blog/*, /docs/*\n",
		"## Agent Identification\n- require-agent-header: true\n- agent-header-name: X-Agent-Identity\n- require-disclosure: true\n",
		"## Trust Requirements\n- authentication-methods: oauth2, api-key, bearer ,,\n",
		evalPolicy,
		"\x00", "\xff\xfe\xfd", "\xef\xbb\xbf", "\xef\xbb\xbf# AGENTS.md\n", "\r", "\r\n\r\n", "\n\n\n",
		"#", "##", "## ", "##\t", "###", "##Identity", "  ## Identity", "- :", "- a:b:c", "-", "- ", "* a: b",
		"```", "```\n## Identity\n- site: a.b\n", "~~~~\n~~~\n", "``` `x`\n",
		"## Identity\n- site: https://xn--bcher-kva.example/\n- contact: \x00@\xff\n",
		"## Identity\n## identity\n## IDENTITY\n",
		"## Restrictions\n- disallowed-paths: *, **, *., *.*, /a/*/b, /a b, ?, #, %, /%zz/*, /%2F/**\n",
		"## Rate Limits\n- requests-per-minute: -9223372036854775808\n- requests-per-hour: 99999999999999999999\n",
		"## x-\n- x-: \n## \n- k: v\n",
		"## Identity\n- site: example.com\r- contact: a@b.c\r\n",
		"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89",
		"#\x00 \x00A\x00G\x00E\x00N\x00T\x00S\x00.\x00m\x00d\x00\n\x00",
	}
}

// FuzzParse checks Parse's invariants: no panic; diagnostics sorted, with
// lines within the file, and with declared codes; valid ⇔ no error;
// deterministic; JSON-encodable; evaluation consistent.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s), "/admin/x")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.md"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "/blog/a.pdf")
	}
	f.Fuzz(func(t *testing.T, body []byte, path string) {
		src := Source{Host: "example.com", Scheme: "https", ContentType: "text/markdown; charset=utf-8"}
		res, diags := Parse(body, src)
		if res == nil {
			t.Fatal("nil result")
		}
		lines := bytes.Count(body, []byte{'\n'}) + 1
		for i, d := range diags {
			if d.Line < 0 || d.Line > lines {
				t.Errorf("diagnostic line %d outside 0..%d: %s", d.Line, lines, d)
			}
			if i > 0 && diags[i-1].Line > d.Line {
				t.Errorf("diagnostics not sorted at %d", i)
			}
		}
		checkEmitted(t, diags)
		switch {
		case res.OtherFormat != "":
			if res.Effective != EffectiveOtherFormat || len(diags) != 1 || diags.HasErrors() {
				t.Errorf("other format %q: Effective %q, %v", res.OtherFormat, res.Effective, codes(diags))
			}
		case diags.HasErrors() != (res.Effective == EffectiveInvalid):
			t.Errorf("errors %v but Effective %q", diags.HasErrors(), res.Effective)
		case !diags.HasErrors() && res.Identity.Line == 0:
			t.Error("valid without an Identity section")
		}
		for _, sec := range res.Sections {
			if sec.Line < 1 || sec.Line > lines {
				t.Errorf("section line %d outside 1..%d", sec.Line, lines)
			}
		}
		for _, list := range [][]Pattern{res.Restrictions.DisallowedPaths, res.Restrictions.RequireHumanApproval, res.Restrictions.ReadOnlyPaths} {
			for _, p := range list {
				if p.Line < 1 || p.Line > lines {
					t.Errorf("pattern line %d outside 1..%d", p.Line, lines)
				}
			}
		}
		res2, diags2 := Parse(body, src)
		if !reflect.DeepEqual(res, res2) || !reflect.DeepEqual(diags, diags2) {
			t.Error("Parse is not deterministic")
		}
		if _, err := json.Marshal(res); err != nil {
			t.Errorf("result does not encode: %v", err)
		}
		if _, err := json.Marshal(res.Summary()); err != nil {
			t.Errorf("summary does not encode: %v", err)
		}
		for _, m := range []string{"GET", "POST", ""} {
			d := res.Evaluate(path, m)
			if d.Allowed != (d.Verdict == VerdictAllowed || d.Verdict == VerdictReadOnly && (m == "GET" || m == "")) {
				t.Errorf("Evaluate(%q, %q) = %+v: allowed does not follow the verdict", path, m, d)
			}
			if d.Line < 0 || d.Line > lines || d.Reason == "" {
				t.Errorf("Evaluate(%q, %q) = %+v", path, m, d)
			}
		}
	})
}

// FuzzPattern checks NewPattern and Match: no panic; invalid ⇔ error; an
// invalid pattern matches nothing; matching is deterministic.
func FuzzPattern(f *testing.F) {
	for _, s := range []string{"/exact", "/p/*", "/p/**", "*.pdf", "*", "/a/*/b", "/%7E/*", "/%", "", "?", "/a b"} {
		f.Add(s, "/p/x.pdf")
	}
	f.Fuzz(func(t *testing.T, text, path string) {
		p, err := NewPattern(text)
		var pe *PatternError
		if (p.Form == FormInvalid) != (err != nil) || (err != nil && !errors.As(err, &pe)) {
			t.Fatalf("NewPattern(%q) = %+v, %v", text, p, err)
		}
		m := p.Match(path)
		if p.Form == FormInvalid && m {
			t.Errorf("invalid pattern %q matches %q", text, path)
		}
		if m != p.Match(path) {
			t.Error("Match is not deterministic")
		}
		if p.Form == FormAnyDepth && !p.Match(p.literal()) {
			t.Errorf("%q does not match its own prefix", text)
		}
	})
}
