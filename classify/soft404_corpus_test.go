package classify

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// TestMatchesCanary_RequestIDParts: an error page answered with 200 at
// every path that ends with a request id of several parts, drawn afresh for
// every request, is the canary's page even when a part of one id holds no
// digit. Vercel's NOT_FOUND text carries such an id (region::five base-36
// characters-time-hexadecimal); the five characters hold no digit in about
// one request of five (fra1::dgslp-..., quoted in a public repository), and
// each such part was left unmasked, so that the page was a file (present)
// at robots.txt, agents.txt and llms.txt of a loopback site answering every
// path with it. The pages and ids here are hand-written in that form.
func TestMatchesCanary_RequestIDParts(t *testing.T) {
	const cpath = "/.well-known/survey-canary-0123abcd"
	page := func(id string) []byte {
		return []byte("The page could not be found.\n\nNOT_FOUND\n\n" + id + "\n")
	}
	for _, c := range []struct {
		name       string
		id, canary string
	}{
		{"letters-only part in the file's id", "fra1::qwzkx-1766139559438-32830fa2e161", "fra1::h7k2p-1766139559502-9b245bf415c0"},
		{"letters-only part in the canary's id", "cdg1::m4tq8-1766139559438-32830fa2e161", "cdg1::bvrnd-1766139559502-9b245bf415c0"},
		{"letters-only parts in both", "iad1::plmok-1766139559438-32830fa2e161", "iad1::zxcvb-1766139559502-9b245bf415c0"},
		{"UUID with a letters-only group", "request a2f1c3d4-beef-4c1d-9a2b-0c1d2e3f4a5b", "request 7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908"},
	} {
		if !MatchesCanary(page(c.id), "/robots.txt", page(c.canary), cpath) {
			t.Errorf("%s: %q did not match the canary's %q", c.name, page(c.id), page(c.canary))
		}
	}
	// Words joined without a digit stay words: a file differing from the
	// canary's page in them is no error page.
	if MatchesCanary([]byte("User-agent: *\nDisallow: /well-known-secrets\n"), "/robots.txt",
		[]byte("User-agent: *\nDisallow: /other-place\n"), cpath) {
		t.Error("two robots.txt files differing in joined words matched")
	}
	if MatchesCanary([]byte("Contact: mailto:ops@example.org\n"), "/agents.txt",
		[]byte("Contact: mailto:web@example.org\n"), cpath) {
		t.Error("two files differing in a digit-free address matched")
	}
}

// TestFetch_CanaryMatchRequestID: at a site whose canary answered 200 with
// such a page, the page at robots.txt and llms.txt is a soft 404.
func TestFetch_CanaryMatchRequestID(t *testing.T) {
	page := func(id string) []byte {
		return []byte("The page could not be found.\n\nNOT_FOUND\n\n" + id + "\n")
	}
	canary := &crawl.Fetch{Status: 200, Body: page("fra1::h7k2p-1766139559502-9b245bf415c0"),
		URL: "https://a.test/.well-known/survey-canary-1", FinalURL: "https://a.test/.well-known/survey-canary-1"}
	for _, id := range []registry.LocationID{registry.LocRobots, registry.LocLLMsTxt, registry.LocDID} {
		loc, _ := registry.LookupLocation(id)
		f := &crawl.Fetch{Status: 200, Body: page("fra1::qwzkx-1766139559438-32830fa2e161"),
			URL: "https://a.test" + loc.Path, FinalURL: "https://a.test" + loc.Path}
		if got, want := Fetch(f, loc, canary), (Result{Soft404, ReasonCanaryMatch}); got != want {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
}

// TestFetch_ErrorFragmentOneLocation: an error fragment opening with a
// heading below <h1> or with <center>, answered with 200 at a location of
// a site whose canary path answered 404 (no canary match to fall back on),
// is a soft 404 wherever a text, JSON or Markdown file is expected.
// Catch-all routes in public repositories answer such fragments with 200
// (app.all('*', ...) sending <h2>404 Not Fond</h2>; a static handler's
// <center><h1>404 Not Found</h1></center>), and each was a file (present)
// at robots.txt, agents.txt, AGENTS.md, llms.txt, did.json, tdmrep.json and
// agent-card.json of a loopback site serving it there alone. The fragments
// here are hand-written in that form.
func TestFetch_ErrorFragmentOneLocation(t *testing.T) {
	canary := &crawl.Fetch{Status: 404, Body: []byte("not found"),
		URL: "https://a.test/.well-known/survey-canary-1", FinalURL: "https://a.test/.well-known/survey-canary-1"}
	for _, body := range []string{
		"<h2>404 - Nothing at this address</h2>",
		"<h3>Not found</h3>\n<p>Try the start page.</p>\n",
		"<center><h1>404 Not Found</h1></center>\n<hr><center>exampled/1.0</center>\n",
		"<CENTER>Page not found</CENTER>",
	} {
		for _, id := range []registry.LocationID{registry.LocRobots, registry.LocAgentsTxt, registry.LocAgentsMD,
			registry.LocLLMsTxt, registry.LocDID, registry.LocTDMRep, registry.LocAgentCard} {
			loc, _ := registry.LookupLocation(id)
			f := &crawl.Fetch{Status: 200, Body: []byte(body), URL: "https://a.test" + loc.Path, FinalURL: "https://a.test" + loc.Path}
			if got, want := Fetch(f, loc, canary), (Result{Soft404, ReasonHTMLBody}); got != want {
				t.Errorf("%s: %q: %+v, want %+v", id, body, got, want)
			}
		}
	}
	// A robots.txt wrapped in <pre> stays a file, and so does Markdown
	// opening with such a heading or <center> banner.
	robots, _ := registry.LookupLocation(registry.LocRobots)
	pre := &crawl.Fetch{Status: 200, Body: []byte("<pre>User-agent: *\nDisallow: /private/\n</pre>\n"),
		URL: "https://a.test/robots.txt", FinalURL: "https://a.test/robots.txt"}
	if got := Fetch(pre, robots, canary); got.Outcome != Present {
		t.Errorf("robots.txt in <pre>: %+v, want present", got)
	}
	llms, _ := registry.LookupLocation(registry.LocLLMsTxt)
	md := &crawl.Fetch{Status: 200, Body: []byte("<center><img src=\"logo.png\" alt=\"Example\"></center>\n\n# Example\n\n- [Docs](https://example.org/docs.md)\n"),
		URL: "https://a.test/llms.txt", FinalURL: "https://a.test/llms.txt"}
	if got := Fetch(md, llms, canary); got.Outcome != Present {
		t.Errorf("llms.txt with a <center> banner: %+v, want present", got)
	}
}

// TestLooksLikeHTML_LongLeadingComment: a page that opens with a comment of
// several KiB (a credits or ASCII-art block) before its doctype is HTML; it
// was not when the sniffer read 4 KiB and never saw the comment's end, so
// that such a page served with 200 at robots.txt alone was a file (present)
// in survey check --site of a loopback site. A text file after such a
// comment is still no HTML.
func TestLooksLikeHTML_LongLeadingComment(t *testing.T) {
	comment := "<!--\n" + strings.Repeat("  ~~~ a line of an ASCII-art banner, credits or a job offer ~~~\n", 90) + "-->\n"
	if len(comment) < 5000 {
		t.Fatalf("comment of %d bytes, want more than 4 KiB", len(comment))
	}
	if !LooksLikeHTML([]byte(comment + "<!DOCTYPE html><html><body><h1>Not found</h1></body></html>\n")) {
		t.Error("a page after a long comment is not HTML")
	}
	if LooksLikeHTML([]byte(comment + "User-agent: *\nDisallow: /tmp/\n")) {
		t.Error("a text file after a long comment is HTML")
	}
	robots, _ := registry.LookupLocation(registry.LocRobots)
	f := &crawl.Fetch{Status: 200, Body: []byte(comment + "<!doctype html><title>Not found</title>"),
		URL: "https://a.test/robots.txt", FinalURL: "https://a.test/robots.txt"}
	if got, want := Fetch(f, robots, nil), (Result{Soft404, ReasonHTMLBody}); got != want {
		t.Errorf("%+v, want %+v", got, want)
	}
}
