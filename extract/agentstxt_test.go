package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentstxt"
	"github.com/agentpolicy/survey/registry"
)

func TestAgentsTxtAdapter_Parse(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("agentstxt", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	served := Input{Location: registry.LocAgentsTxt, Scheme: "https", ContentType: "text/plain; charset=utf-8"}
	for _, c := range []struct {
		file, effective, other string
		valid                  bool
		summary                any
	}{
		{"valid.txt", "rules", "", true, AgentsTxtSummary{Hash: "match", Directives: 3, Allow: 2, Disallow: 1, Version: "1.0"}},
		{"spec-example.txt", "restricted", "", false, AgentsTxtSummary{Hash: "mismatch", Directives: 3, Allow: 2, Disallow: 1, Version: "1.0"}},
		{"robots-style.txt", "other-format", "robots-style", false, nil},
	} {
		doc := Parse(registry.AgentsTxt, read(c.file), served)
		if doc.Format != registry.AgentsTxt || doc.Effective != c.effective || doc.OtherFormat != c.other || doc.Valid != c.valid || doc.Usable != c.valid {
			t.Errorf("%s: format %q effective %q other %q valid %v usable %v", c.file, doc.Format, doc.Effective, doc.OtherFormat, doc.Valid, doc.Usable)
		}
		if !reflect.DeepEqual(doc.Summary, c.summary) {
			t.Errorf("%s: summary %#v, want %#v", c.file, doc.Summary, c.summary)
		}
		if _, ok := doc.Result.(*agentstxt.File); !ok {
			t.Errorf("%s: Result is %T", c.file, doc.Result)
		}
	}
	// A local file has no Content-Type to diagnose; a served one does.
	if doc := Parse(registry.AgentsTxt, read("valid.txt"), Input{}); len(doc.Diagnostics) != 0 {
		t.Errorf("local file: %v", doc.Diagnostics)
	}
	if doc := Parse(registry.AgentsTxt, read("valid.txt"), Input{Scheme: "https"}); len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Code != "agents-txt.content-type" || !doc.Valid {
		t.Errorf("served without Content-Type: %v", doc.Diagnostics)
	}
}

func TestAgentsTxtAdapter_Decide(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("agentstxt", "testdata", "valid.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Parse(registry.AgentsTxt, body, Input{})
	if !CanDecide(registry.AgentsTxt) {
		t.Fatal("agents-txt has no evaluator")
	}
	for _, c := range []struct {
		url     string
		allowed bool
		line    int
	}{
		{"https://example.com/admin/users", false, 9},
		{"/dashboard", true, 7},
		{"/elsewhere", true, 0},
	} {
		d, err := Decide(doc, Query{Agent: "AnyBot", URL: c.url})
		if err != nil || d.Allowed != c.allowed || d.Line != c.line {
			t.Errorf("%s: %+v, %v", c.url, d, err)
		}
	}
}

func TestAgentsTxtAdapter_Codes(t *testing.T) {
	if err := diag.Catalogue(agentstxt.Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range agentstxt.Codes() {
		if _, ok := Catalogue().Lookup(c.ID); !ok {
			t.Errorf("%s is missing from the catalogue", c.ID)
		}
	}
}
