package agentsmd

import (
	"strings"
	"testing"
)

const minimal = "# AGENTS.md\n\n## Identity\n- site: example.com\n"

// TestSource_Section3_3_ContentType: text/markdown and text/plain are
// accepted (§3.3 "Parsers MUST accept both"); others are warnings.
func TestSource_Section3_3_ContentType(t *testing.T) {
	for ct, want := range map[string][]string{
		"text/markdown; charset=utf-8":    nil,
		"text/plain; charset=UTF-8":       nil,
		"Text/Markdown; charset=\"utf8\"": nil,
		"text/markdown":                   {"0:missing-charset"},
		"text/x-markdown; charset=utf-8":  {"0:content-type"},
		"text/html; charset=utf-8":        {"0:content-type"},
		"application/octet-stream":        {"0:content-type", "0:missing-charset"},
		"text/plain; charset=iso-8859-1":  {"0:charset"},
		"text/plain; charset":             {"0:content-type"},
		"":                                nil,
	} {
		res, diags := Parse([]byte(minimal), Source{ContentType: ct})
		checkEmitted(t, diags)
		wantCodes(t, diags, want...)
		if res.Effective != EffectivePolicy {
			t.Errorf("%q: Effective = %q", ct, res.Effective)
		}
	}
}

// TestSource_Section11_Transport: plain HTTP (§11.1), a downgrade (§11.2)
// and a redirect chain longer than the discovery algorithm's one hop
// (§3.2, README) are diagnosed; the file is still parsed.
func TestSource_Section11_Transport(t *testing.T) {
	for _, tt := range []struct {
		src    Source
		want   []string
		usable bool
	}{
		{Source{Scheme: "https"}, nil, true},
		{Source{Scheme: "https", RedirectHops: 1}, nil, true},
		{Source{Scheme: "https", RedirectHops: 2}, []string{"0:redirect-chain"}, true},
		{Source{Scheme: "http"}, []string{"0:insecure-transport"}, false},
		{Source{Scheme: "HTTP"}, []string{"0:insecure-transport"}, false},
		{Source{Scheme: "http", Downgraded: true, RedirectHops: 3}, []string{"0:downgraded", "0:redirect-chain"}, false},
		{Source{Scheme: "https", Truncated: true}, nil, false},
	} {
		res, diags := Parse([]byte(minimal), tt.src)
		checkEmitted(t, diags)
		wantCodes(t, diags, tt.want...)
		if res.Effective != EffectivePolicy || res.Identity.Site != "example.com" {
			t.Errorf("%+v: not parsed: %+v", tt.src, res)
		}
		if c := Assess([]byte(minimal), tt.src); c != (Candidate{Found: true, Policy: true, Usable: tt.usable}) {
			t.Errorf("%+v: Assess = %+v", tt.src, c)
		}
	}
}

// TestSource_Section11_3_FileSize: over 1 MB (1,000,000 bytes) is a
// warning, and a conforming agent would reject the file.
func TestSource_Section11_3_FileSize(t *testing.T) {
	body := minimal + "## x-padding\n" + strings.Repeat("prose line of padding text\n", (MaxFileSize-100)/27)
	if len(body) > MaxFileSize {
		t.Fatalf("padding too long: %d", len(body))
	}
	_, diags := Parse([]byte(body), Source{})
	wantCodes(t, diags, "5:extension-section")
	if c := Assess([]byte(body), Source{}); !c.Usable {
		t.Errorf("a file of %d bytes is not usable", len(body))
	}
	body += strings.Repeat("x", MaxFileSize+1-len(body))
	_, diags = Parse([]byte(body), Source{})
	wantCodes(t, diags, "0:too-large", "5:extension-section")
	if c := Assess([]byte(body), Source{}); c.Usable || !c.Policy {
		t.Errorf("a file of %d bytes: %+v", len(body), c)
	}
}

// TestSource_Section3_1_Precedence: the root file takes precedence when it
// is a usable policy; the well-known file is then labelled
// superseded-by-root.
func TestSource_Section3_1_Precedence(t *testing.T) {
	usable := Candidate{Found: true, Policy: true, Usable: true}
	insecure := Candidate{Found: true, Policy: true}
	invalid := Candidate{Found: true}
	for _, tt := range []struct {
		root, wk Candidate
		want     Location
	}{
		{usable, usable, LocationRoot},
		{usable, Candidate{}, LocationRoot},
		{Candidate{}, usable, LocationWellKnown},
		{invalid, usable, LocationWellKnown},  // e.g. a coding-agent file at the root
		{insecure, usable, LocationWellKnown}, // §11.1: the root fetch counts as failed
		{insecure, insecure, ""},
		{invalid, invalid, ""},
		{Candidate{}, Candidate{}, ""},
	} {
		if got := EffectiveLocation(tt.root, tt.wk); got != tt.want {
			t.Errorf("EffectiveLocation(%+v, %+v) = %q, want %q", tt.root, tt.wk, got, tt.want)
		}
	}

	wk := Source{Location: LocationWellKnown, Scheme: "https"}
	res, diags := Parse([]byte(minimal), wk)
	if res.Effective != EffectivePolicy || len(diags) != 0 {
		t.Errorf("no root known: %q %v", res.Effective, codes(diags))
	}
	root := Assess([]byte(minimal), Source{Location: LocationRoot, Scheme: "https"})
	wk.Root = &root
	res, diags = Parse([]byte(minimal), wk)
	wantCodes(t, diags, "0:superseded-by-root")
	if res.Effective != EffectiveSupersededByRoot {
		t.Errorf("usable root: Effective = %q", res.Effective)
	}
	for _, rootBody := range []string{string(readTestdata(t, "coding-agent.md")), "# AGENTS.md\n## Rate Limits\n"} {
		root := Assess([]byte(rootBody), Source{Location: LocationRoot, Scheme: "https"})
		wk.Root = &root
		res, diags = Parse([]byte(minimal), wk)
		if res.Effective != EffectivePolicy || len(diags) != 0 {
			t.Errorf("root %+v: Effective %q, %v", root, res.Effective, codes(diags))
		}
	}
	// A root file over HTTP does not supersede.
	root = Assess([]byte(minimal), Source{Location: LocationRoot, Scheme: "http"})
	wk.Root = &root
	if res, _ := Parse([]byte(minimal), wk); res.Effective != EffectivePolicy {
		t.Errorf("insecure root: Effective = %q", res.Effective)
	}
	// The root document itself is never superseded.
	if res, _ := Parse([]byte(minimal), Source{Location: LocationRoot, Root: &root}); res.Effective != EffectivePolicy {
		t.Errorf("root: Effective = %q", res.Effective)
	}
}
