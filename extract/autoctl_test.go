package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/autoctl"
	"github.com/agentpolicy/survey/registry"
)

func TestAutoctlAdapter_Parse(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("autoctl", "testdata", "spec-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Parse(registry.Autoctl, body, Input{Location: registry.LocAutoctl, Scheme: "https", Host: "example.com", ContentType: "text/plain; charset=utf-8"})
	if doc.Format != registry.Autoctl || !doc.Valid || !doc.Usable || doc.Effective != "read-only" || doc.Diagnostics.HasErrors() {
		t.Errorf("format %q valid %v usable %v effective %q\n%v", doc.Format, doc.Valid, doc.Usable, doc.Effective, doc.Diagnostics)
	}
	want := AutoctlSummary{Groups: 2, Usable: 2, Methods: []string{"GET", "HEAD"}, Hosts: 1, UserAgents: 2, Purposes: 2, HTMLComments: 5}
	if !reflect.DeepEqual(doc.Summary, want) {
		t.Errorf("summary %#v, want %#v", doc.Summary, want)
	}
	f, ok := doc.Result.(*autoctl.File)
	if !ok || f.Host != "example.com" {
		t.Errorf("Result is %T %+v", doc.Result, doc.Result)
	}
	bad := Parse(registry.Autoctl, []byte("user-agent: *\n\nscope: /\n\n"), Input{})
	if bad.Valid || bad.Effective != "deny-all" {
		t.Errorf("group without scope: valid %v effective %q", bad.Valid, bad.Effective)
	}
	if s := bad.Summary.(AutoctlSummary); s.Groups != 2 || s.Usable != 1 || s.NoMethods != 1 || len(s.Methods) != 0 {
		t.Errorf("summary %#v", s)
	}
	// "*" is no method of the ABNF's list: that group allows none either,
	// as the evaluator says.
	star := Parse(registry.Autoctl, []byte("scope: /\nallowed-methods: *\n\n"), Input{})
	if s := star.Summary.(AutoctlSummary); s.NoMethods != 1 {
		t.Errorf("allowed-methods: *: summary %#v, want no_methods 1", s)
	}
}

// §5: a block of extension directives alone is no group and does not make
// the file invalid; its directives are counted in the summary.
func TestAutoctlAdapter_ExtensionBlock(t *testing.T) {
	doc := Parse(registry.Autoctl, []byte("version: 1.0\n\nscope: /\nallowed-methods: GET\nx-note: hi\n\n"), Input{})
	if !doc.Valid || doc.Effective != "read-only" {
		t.Errorf("valid %v effective %q\n%v", doc.Valid, doc.Effective, doc.Diagnostics)
	}
	if s := doc.Summary.(AutoctlSummary); s.Groups != 1 || s.Usable != 1 || s.Unknown != 2 {
		t.Errorf("summary %#v", s)
	}
}

// Decision.Line is the deciding group's first line; a path uses the
// document's host.
func TestAutoctlAdapter_Decide(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("autoctl", "testdata", "spec-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Parse(registry.Autoctl, body, Input{Host: "example.com"})
	if !CanDecide(registry.Autoctl) {
		t.Fatal("autoctl has no evaluator")
	}
	for _, c := range []struct {
		q       Query
		allowed bool
		line    int
	}{
		{Query{Agent: "ExampleBot", URL: "/admin/settings"}, true, 13},
		{Query{Agent: "ExampleBot", URL: "/admin/settings", Method: "HEAD"}, false, 13},
		{Query{Agent: "OtherBot", URL: "https://example.com/admin/", Method: "HEAD"}, true, 6},
		{Query{Agent: "OtherBot", URL: "https://example.com/form", Method: "POST"}, false, 6},
		{Query{Agent: "OtherBot", URL: "https://elsewhere.example/form", Method: "POST"}, true, 0},
	} {
		d, err := Decide(doc, c.q)
		if err != nil || d.Allowed != c.allowed || d.Line != c.line {
			t.Errorf("%+v: %+v, %v", c.q, d, err)
		}
	}
}

func TestAutoctlAdapter_Codes(t *testing.T) {
	if err := diag.Catalogue(autoctl.Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range autoctl.Codes() {
		if _, ok := Catalogue().Lookup(c.ID); !ok {
			t.Errorf("%s is missing from the catalogue", c.ID)
		}
	}
}
