package extract

import (
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/llmstxt"
	"github.com/agentpolicy/survey/registry"
)

func TestLLMsTxtAdapter_Parse(t *testing.T) {
	body := "# Site\n\n> Summary.\n\n## Docs\n\n- [A](https://a.example/a.md): notes\n- [B](/b.md)\n\n## Optional\n\n- [C](https://a.example/c.md)\n"
	doc := Parse(registry.LLMsTxt, []byte(body), Input{Location: registry.LocLLMsTxt, Scheme: "https"})
	if !doc.Valid || !doc.Usable || doc.Effective != "links" || doc.Format != registry.LLMsTxt {
		t.Errorf("valid %v usable %v effective %q format %q", doc.Valid, doc.Usable, doc.Effective, doc.Format)
	}
	want := LLMsTxtSummary{Title: "Site", Sections: 2, Links: 3, OptionalLinks: 1, HasOptional: true, HasSummary: true, RelativeLinks: 1}
	if doc.Summary != want {
		t.Errorf("summary %+v, want %+v", doc.Summary, want)
	}
	if _, ok := doc.Result.(*llmstxt.File); !ok {
		t.Errorf("result %T", doc.Result)
	}

	doc = Parse(registry.LLMsTxt, []byte("## Docs\n- [A](https://a.example/)\n"), Input{})
	if doc.Valid || doc.Effective != "invalid" {
		t.Errorf("no H1: valid %v effective %q", doc.Valid, doc.Effective)
	}
	doc = Parse(registry.LLMsTxt, []byte("# Only a title\n"), Input{})
	if !doc.Valid || doc.Effective != "no-links" {
		t.Errorf("title only: valid %v effective %q", doc.Valid, doc.Effective)
	}
	doc = Parse(registry.LLMsTxt, []byte("<!doctype html><html></html>"), Input{})
	if doc.Valid || doc.OtherFormat != "html" || doc.Summary != nil {
		t.Errorf("html: valid %v other %q summary %v", doc.Valid, doc.OtherFormat, doc.Summary)
	}
	doc = Parse(registry.LLMsTxt, []byte("# llms.txt\nUser-agent: *\nAllow: /\n"), Input{})
	if doc.Valid || doc.OtherFormat != llmstxt.OtherRobotsStyle || doc.Summary != nil || doc.Effective != "invalid" {
		t.Errorf("robots-style: valid %v other %q summary %v effective %q", doc.Valid, doc.OtherFormat, doc.Summary, doc.Effective)
	}
}

func TestLLMsTxtAdapter_Codes(t *testing.T) {
	if CanDecide(registry.LLMsTxt) {
		t.Errorf("llms-txt has no evaluator")
	}
	if err := diag.Catalogue(llmstxt.Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range llmstxt.Codes() {
		if _, ok := Catalogue().Lookup(c.ID); !ok {
			t.Errorf("%s missing from the catalogue", c.ID)
		}
	}
}
