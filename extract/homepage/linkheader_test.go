package homepage

import (
	"net/url"
	"reflect"
	"testing"
)

// TestParseLinkHeader reads link-values as RFC 8288 §3 writes them:
// parameters in any case and spacing, quoted-strings holding commas and
// semicolons and escapes, the first rel and type only, and a malformed
// link-value skipped without losing the next.
func TestParseLinkHeader(t *testing.T) {
	cases := []struct {
		in   string
		want []linkValue
	}{
		{`</llms.txt>; rel="describedby"; type="text/markdown"`,
			[]linkValue{{"/llms.txt", "describedby", "text/markdown"}}},
		{`<https://a.example/x.css>;rel=preload;as=style, </llms.txt> ; REL = llms-txt`,
			[]linkValue{{"https://a.example/x.css", "preload", ""}, {"/llms.txt", "llms-txt", ""}}},
		{`</a>; title="x, y; z"; rel="alternate \"q\"", </b>; rel=first; rel=second; Type=a/b; type=c/d`,
			[]linkValue{{"/a", `alternate "q"`, ""}, {"/b", "first", "a/b"}}},
		{`llms.txt; rel=x, </agents.txt>; rel=alternate`,
			[]linkValue{{"/agents.txt", "alternate", ""}}},
		{`</a,b>; rel=x`, []linkValue{{"/a,b", "x", ""}}},
		{`, ,</c>`, []linkValue{{"/c", "", ""}}},
		{`</unclosed; rel=x`, nil},
		{``, nil},
	}
	for _, c := range cases {
		if got := parseLinkHeader(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseLinkHeader(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

// TestParse_LinkHeader records the Link header's links to agent-policy
// files, before the head's, with source header and line 0; resolves their
// relative targets against the page's URL, not its <base href> (so
// <agents.txt> on /en/ is no location); and leaves out its other links. A page with no body but such a header carries a
// signal.
func TestParse_LinkHeader(t *testing.T) {
	page := &url.URL{Scheme: "https", Host: "www.example.com", Path: "/en/"}
	h := hdr("Link", `</llms.txt>; rel="describedby"; type="text/markdown", <https://cdn.example.net/app.css>; rel=preload`,
		"Link", `<agents.txt>; rel=alternate`)
	body := []byte("<!doctype html><html><head><base href=\"https://www.example.com/\">\n<link rel=\"alternate\" href=\"AGENTS.md\">\n</head></html>")
	s, _ := ParseAt(page, h, body)
	want := []Link{
		{Source: SourceHeader, Rel: "describedby", Href: "/llms.txt", Type: "text/markdown", Location: "llms-txt"},
		// <agents.txt> is /en/agents.txt, no location: not recorded.
		{Source: SourceLink, Rel: "alternate", Href: "AGENTS.md", Location: "agents-md", Line: 2},
	}
	if !reflect.DeepEqual(s.Links, want) {
		t.Errorf("links = %+v\nwant %+v", s.Links, want)
	}

	s, _ = Parse(hdr("Link", `</.well-known/tdmrep.json>; rel=describedby`), nil)
	if len(s.Links) != 1 || s.Links[0].Location != "tdmrep" || s.Effective() != "signals" {
		t.Errorf("header-only page: links %+v, effective %q; want the tdmrep link and signals", s.Links, s.Effective())
	}
}
