package extract

import (
	"net/http"
	"slices"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/registry"
)

func TestHomePageAdapter_Parse(t *testing.T) {
	h := http.Header{}
	h.Set("X-Robots-Tag", "noai, noimageai")
	h.Set("Content-Usage", "train-ai=n")
	body := `<!DOCTYPE html><html><head><meta name="tdm-reservation" content="1"><link rel="alternate" href="/llms.txt"></head><body></body></html>`
	doc := Parse(registry.HomePage, []byte(body), Input{Location: registry.LocHome, Header: h, ContentType: "text/html"})
	if !doc.Valid || doc.Effective != "signals" || len(doc.Diagnostics) != 0 {
		t.Errorf("valid %v effective %q diagnostics %v", doc.Valid, doc.Effective, doc.Diagnostics)
	}
	want := HomePageSummary{NoAI: true, NoImageAI: true, TDMReserved: true, TrainAI: "n", Directives: 2, Links: 1}
	if doc.Summary != want {
		t.Errorf("summary %+v, want %+v", doc.Summary, want)
	}
	if _, ok := doc.Result.(*homepage.Signals); !ok {
		t.Errorf("result %T", doc.Result)
	}

	doc = Parse(registry.HomePage, []byte("<html><head><title>x</title></head></html>"), Input{})
	if !doc.Valid || doc.Effective != "none" {
		t.Errorf("plain: valid %v effective %q", doc.Valid, doc.Effective)
	}
	// Not HTML at all: invalid, the Content-Type of the Input in the
	// message when the header map lacks it.
	doc = Parse(registry.HomePage, []byte(`{"a": 1}`), Input{ContentType: "application/json"})
	if doc.Valid || len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Message != `the body is not HTML (Content-Type "application/json")` {
		t.Errorf("json: valid %v diagnostics %v", doc.Valid, doc.Diagnostics)
	}
}

func TestHomePageAdapter_Codes(t *testing.T) {
	if CanDecide(registry.HomePage) {
		t.Errorf("homepage has no evaluator")
	}
	if err := diag.Catalogue(homepage.Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range homepage.Codes() {
		if _, ok := Catalogue().Lookup(c.ID); !ok {
			t.Errorf("%s missing from the catalogue", c.ID)
		}
	}
}

// TestHomePageAdapter_ContentUsageSeverities checks that a Content-Usage
// finding has the same severity in the home page's header as in a
// robots.txt rule: the field and its vocabulary are the same.
func TestHomePageAdapter_ContentUsageSeverities(t *testing.T) {
	cat := Catalogue()
	for home, robots := range map[string]string{
		"homepage.content-usage-unparsable":  "robots.content-usage-invalid",
		"homepage.content-usage-unknown-key": "robots.content-usage-unknown-key",
		"homepage.content-usage-bad-value":   "robots.content-usage-unknown-value",
	} {
		h, ok1 := cat.Lookup(home)
		r, ok2 := cat.Lookup(robots)
		if !ok1 || !ok2 {
			t.Errorf("%s (%v) or %s (%v) missing from the catalogue", home, ok1, robots, ok2)
			continue
		}
		if h.Severity != r.Severity {
			t.Errorf("%s is %s but %s is %s", home, h.Severity, robots, r.Severity)
		}
	}
}

// The home page's links resolve against the URL it was served from (a crawl
// records where its redirects ended), else "/" of the host it speaks for, as
// a local file with --origin has it.
func TestHomePageAdapter_LinksResolveAgainstTheServedURL(t *testing.T) {
	body := []byte(`<!doctype html><html><head><link rel="alternate" href="agents.txt"><link rel="alternate" href="https://other.example/agents.txt"></head></html>`)
	for _, c := range []struct {
		name string
		in   Input
		want []registry.LocationID // the location of each link recorded
	}{
		{"served from /", Input{URL: "https://example.com/", Host: "example.com"}, []registry.LocationID{registry.LocAgentsTxt}},
		{"redirected to /en/", Input{URL: "https://example.com/en/", Host: "example.com"}, nil},
		{"a local file with --origin", Input{URL: "index.html", Host: "example.com"}, []registry.LocationID{registry.LocAgentsTxt}},
		{"a local file", Input{URL: "index.html"}, []registry.LocationID{registry.LocAgentsTxt, registry.LocAgentsTxt}},
	} {
		doc := Parse(registry.HomePage, body, c.in)
		var got []registry.LocationID
		for _, l := range doc.Result.(*homepage.Signals).Links {
			got = append(got, l.Location)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: link locations %v, want %v", c.name, got, c.want)
		}
	}
}
