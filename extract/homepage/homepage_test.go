package homepage

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// found lists diagnostics as "code@line", sorted, for exact comparison.
func found(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, fmt.Sprintf("%s@%d", d.Code, d.Line))
	}
	slices.Sort(out)
	return out
}

// hdr builds a header from name/value pairs (repeated names add lines).
func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

// page returns a small HTML page with extra head content.
func page(head string) []byte {
	return []byte("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>\n" + head + "\n</head>\n<body><p>hi</p></body>\n</html>\n")
}

func parse(t *testing.T, h http.Header, body []byte) (*Signals, []string) {
	t.Helper()
	s, d := Parse(h, body)
	checkInvariants(t, h, body, s, d)
	return s, found(d)
}

// names lists directives as "agent/name=value@source".
func names(ds []Directive) []string {
	out := []string{}
	for _, d := range ds {
		s := d.Agent + "/" + d.Name
		if d.Value != "" {
			s += "=" + d.Value
		}
		out = append(out, s+"@"+string(d.Source))
	}
	return out
}

// TestParse_XRobotsTag covers the X-Robots-Tag examples of Google's
// specification: plain directives, several header lines, user-agent scopes,
// valued directives and unavailable_after dates with commas.
func TestParse_XRobotsTag(t *testing.T) {
	h := hdr(
		"X-Robots-Tag", "noindex",
		"X-Robots-Tag", "googlebot: nofollow",
		"X-Robots-Tag", "otherbot: noindex, nofollow",
		"X-Robots-Tag", "unavailable_after: 25 Jun 2010 15:00:00 PST",
		"X-Robots-Tag", "unavailable_after: Sunday, 01-Sep-30 00:00:00 GMT, noarchive",
		"X-Robots-Tag", "max-snippet: 20, max-image-preview:large, max-video-preview:-1",
		"X-Robots-Tag", "googlebot: noindex, bingbot: nosnippet",
	)
	s, got := parse(t, h, nil)
	want := []string{
		"/noindex@header",
		"googlebot/nofollow@header",
		"otherbot/noindex@header", "otherbot/nofollow@header",
		"/unavailable_after=25 Jun 2010 15:00:00 PST@header",
		"/unavailable_after=Sunday, 01-Sep-30 00:00:00 GMT@header", "/noarchive@header",
		"/max-snippet=20@header", "/max-image-preview=large@header", "/max-video-preview=-1@header",
		"googlebot/noindex@header", "bingbot/nosnippet@header",
	}
	if n := names(s.Robots); !slices.Equal(n, want) {
		t.Errorf("directives:\n got %q\nwant %q", n, want)
	}
	if want := []string{"homepage.empty-body@0"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics %v", got)
	}
	if !s.NoIndex || s.NoFollow || !s.NoArchive || s.NoSnippet || s.MaxSnippet == nil || *s.MaxSnippet != 20 {
		t.Errorf("booleans: %+v", s)
	}
	if !slices.Equal(s.ScopedAgents, []string{"bingbot", "googlebot", "otherbot"}) {
		t.Errorf("scoped agents %v", s.ScopedAgents)
	}
	if s.Effective() != "signals" {
		t.Errorf("Effective %q", s.Effective())
	}
}

// TestParse_NoAI covers the noai and noimageai directives (DeviantArt,
// Spawning) in the header and in <meta name="robots">.
func TestParse_NoAI(t *testing.T) {
	s, got := parse(t, hdr("X-Robots-Tag", "noai, noimageai"), page(""))
	if !s.NoAI || !s.NoImageAI || s.NoIndex || len(got) != 0 {
		t.Errorf("header: %+v %v", s, got)
	}
	s, got = parse(t, nil, page(`<meta name="robots" content="noai, noimageai">`))
	if !s.NoAI || !s.NoImageAI || len(got) != 0 {
		t.Errorf("meta: %+v %v", s, got)
	}
	if s.Robots[0].Line != 6 || s.Robots[0].Source != SourceMeta || s.Robots[0].Field != "robots" {
		t.Errorf("directive %+v", s.Robots[0])
	}
	// Scoped to one agent: not a global signal.
	s, _ = parse(t, hdr("X-Robots-Tag", "otherbot: noai, noimageai"), page(""))
	if s.NoAI || s.NoImageAI || !slices.Equal(s.ScopedAgents, []string{"otherbot"}) {
		t.Errorf("scoped: %+v", s)
	}
}

// TestParse_None: "none" is noindex and nofollow.
func TestParse_None(t *testing.T) {
	s, _ := parse(t, nil, page(`<meta name="ROBOTS" content="NONE">`))
	if !s.NoIndex || !s.NoFollow || s.Robots[0].Name != "none" {
		t.Errorf("%+v", s)
	}
}

// TestParse_MetaPerBot: <meta name="googlebot"> and AI crawler names carry
// directives for that crawler; other meta names are not robots tags.
func TestParse_MetaPerBot(t *testing.T) {
	s, got := parse(t, nil, page(`<meta name="googlebot" content="noindex, nofollow">
<meta name="GPTBot" content="noindex">
<meta name="description" content="noindex is a word">
<meta name="somebot" content="noindex">`))
	want := []string{"googlebot/noindex@meta", "googlebot/nofollow@meta", "gptbot/noindex@meta"}
	if n := names(s.Robots); !slices.Equal(n, want) {
		t.Errorf("got %q, want %q", n, want)
	}
	if s.NoIndex || len(got) != 0 {
		t.Errorf("NoIndex %v, diagnostics %v", s.NoIndex, got)
	}
}

func TestParse_DirectiveValues(t *testing.T) {
	s, got := parse(t, hdr("X-Robots-Tag", "max-snippet: abc, max-image-preview: huge, noindex: yes, nopreview, max-snippet:-5, max-snippet: 50, max-snippet: 10"), page(""))
	want := []string{
		"homepage.bad-directive-value@0", "homepage.bad-directive-value@0", "homepage.bad-directive-value@0",
		"homepage.bad-directive-value@0", "homepage.unknown-directive@0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.MaxSnippet == nil || *s.MaxSnippet != 10 {
		t.Errorf("MaxSnippet %v", s.MaxSnippet)
	}
	if !s.NoIndex {
		t.Errorf("noindex with a value still forbids indexing")
	}
	s, _ = parse(t, hdr("X-Robots-Tag", "max-snippet:-1, max-snippet:0"), nil)
	if *s.MaxSnippet != 0 {
		t.Errorf("MaxSnippet %d, want 0 (the most restrictive)", *s.MaxSnippet)
	}
}

// TestParse_RobotsConflict: contradicting directives for the same agents,
// in the header and the meta tag; the more restrictive applies.
func TestParse_RobotsConflict(t *testing.T) {
	s, got := parse(t, hdr("X-Robots-Tag", "index, follow"), page(`<meta name="robots" content="noindex">
<meta name="googlebot" content="follow, nofollow">`))
	want := []string{"homepage.robots-conflict@6", "homepage.robots-conflict@7"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !s.NoIndex || s.NoFollow {
		t.Errorf("NoIndex %v NoFollow %v", s.NoIndex, s.NoFollow)
	}
}

// TestParse_RobotsConflictOnce: repeated directives are reported once per
// scope and pair, even when the repeats are identical (header lines carry
// no line to tell them apart).
func TestParse_RobotsConflictOnce(t *testing.T) {
	h := hdr("X-Robots-Tag", "index", "X-Robots-Tag", "noindex", "X-Robots-Tag", "noindex")
	if _, got := parse(t, h, page("")); !slices.Equal(got, []string{"homepage.robots-conflict@0"}) {
		t.Errorf("header: got %v", got)
	}
	h = hdr("X-Robots-Tag", "googlebot: follow, nofollow, nofollow, none, none")
	want := []string{"homepage.robots-conflict@0", "homepage.robots-conflict@0"} // follow against nofollow and none
	if _, got := parse(t, h, page("")); !slices.Equal(got, want) {
		t.Errorf("scoped: got %v, want %v", got, want)
	}
}

// TestParse_ContentUsage covers draft-ietf-aipref-attach §2 (a Dictionary
// field; the §1.2 example "Content-Usage: train-ai=n") and the processing
// of draft-ietf-aipref-vocab §6.
func TestParse_ContentUsage(t *testing.T) {
	cases := []struct {
		lines   []string
		valid   bool
		trainAI string
		search  string
		diags   []string
	}{
		{[]string{"train-ai=n"}, true, "n", "", nil},
		{[]string{"train-ai=y, search=n"}, true, "y", "n", nil},
		{[]string{"train-ai=n", "search=y"}, true, "n", "y", nil}, // two field lines
		{[]string{"train-ai=n;exp=1"}, true, "n", "", nil},        // parameters ignored
		{[]string{"train-ai=y, train-ai=n"}, true, "n", "", nil},  // the last value is taken
		{[]string{`train-ai="n"`}, true, "", "", []string{"homepage.content-usage-bad-value@0"}},
		{[]string{"train-ai"}, true, "", "", []string{"homepage.content-usage-bad-value@0"}},
		{[]string{"train-ai=()"}, true, "", "", []string{"homepage.content-usage-bad-value@0"}},
		{[]string{"genai=n, tdm=y"}, true, "", "", []string{"homepage.content-usage-unknown-key@0", "homepage.content-usage-unknown-key@0"}},
		{[]string{"Train-AI=n"}, false, "", "", []string{"homepage.content-usage-unparsable@0"}},
		{[]string{"train-ai=n,"}, false, "", "", []string{"homepage.content-usage-unparsable@0"}},
		// vocab-08 §6.5.1: a key repeated across field lines takes its last
		// value, as within one line.
		{[]string{"train-ai=n, search=n", "train-ai=y"}, true, "y", "n", nil},
		// An empty field line beside another leaves a trailing comma once
		// combined (RFC 9651 §4.2), which fails to parse; alone it is an
		// empty Dictionary.
		{[]string{"train-ai=n", ""}, false, "", "", []string{"homepage.content-usage-unparsable@0"}},
		{[]string{""}, true, "", "", nil},
		// ";" starts parameters, which are disregarded: search=y is one,
		// and a category written as a parameter is reported.
		{[]string{"train-ai=n;search=y"}, true, "n", "", []string{"homepage.content-usage-parameter@0"}},
		{[]string{"train-ai=?0, search=N"}, true, "", "", []string{"homepage.content-usage-bad-value@0", "homepage.content-usage-bad-value@0"}},
		// ai-use (vocab-08 §4.2) is valid but not recorded (specs README):
		// an info, or a bad value; legacy labels no longer cover train-ai.
		{[]string{"ai-use=n, bots=n"}, true, "", "", []string{"homepage.content-usage-unknown-key@0", "homepage.content-usage-unrecorded-category@0"}},
		{[]string{"train-ai=y, search=y, ai-use=y"}, true, "y", "y", []string{"homepage.content-usage-unrecorded-category@0"}},
		{[]string{"ai-use=yes"}, true, "", "", []string{"homepage.content-usage-bad-value@0"}},
	}
	for _, c := range cases {
		h := http.Header{"Content-Usage": c.lines}
		s, got := parse(t, h, page(""))
		want := c.diags
		if want == nil {
			want = []string{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", c.lines, got, want)
		}
		if s.ContentUsage == nil || s.ContentUsage.Valid != c.valid || s.TrainAI != c.trainAI || s.Search != c.search {
			t.Errorf("%q: %+v train-ai %q search %q", c.lines, s.ContentUsage, s.TrainAI, s.Search)
		}
	}
}

// TestParse_ContentUsageMessages: the messages show the member as written
// (a key alone, not "=?1") and say what a key of another revision of the
// vocabulary is.
func TestParse_ContentUsageMessages(t *testing.T) {
	_, d := Parse(hdr("Content-Usage", "train-ai, bots=n, foo=n"), page(""))
	var msgs []string
	for _, x := range d {
		msgs = append(msgs, x.Message)
	}
	want := []string{
		`Content-Usage key "bots" (Automated Processing in draft-ietf-aipref-vocab-03 and -04, a label later revisions dropped; it no longer covers train-ai or search) is not a category survey records (train-ai, search); it is ignored`,
		`Content-Usage key "foo" is not a category survey records (train-ai, search); it is ignored`,
		`Content-Usage train-ai: the value is not the Token y or n, so no preference is expressed`,
	}
	slices.Sort(msgs)
	if !slices.Equal(msgs, want) {
		t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// TestParse_TDMHeaders covers the examples of TDMRep §TDM Header Field in
// HTTP Responses.
func TestParse_TDMHeaders(t *testing.T) {
	s, got := parse(t, hdr("tdm-reservation", "1"), page(""))
	if !s.TDMReserved || s.TDMSource != SourceHeader || s.TDMPolicy != "" || len(got) != 0 {
		t.Errorf("%+v %v", s, got)
	}
	s, got = parse(t, hdr("tdm-reservation", "1", "tdm-policy", "https://provider.com/policies/policy.json"), page(""))
	if !s.TDMReserved || s.TDMPolicy != "https://provider.com/policies/policy.json" || len(got) != 0 {
		t.Errorf("%+v %v", s, got)
	}
	want := []TDMDeclaration{{Source: SourceHeader, Reservation: ptr(1), RawReservation: "1", Policy: "https://provider.com/policies/policy.json"}}
	if !reflect.DeepEqual(s.TDM, want) {
		t.Errorf("TDM %+v", s.TDM)
	}
}

func ptr(i int) *int { return &i }

// TestParse_TDMMeta is the example of TDMRep §TDM Metadata in HTML
// Content.
func TestParse_TDMMeta(t *testing.T) {
	body, err := os.ReadFile("testdata/tdmrep-html-example.html")
	if err != nil {
		t.Fatal(err)
	}
	s, got := parse(t, hdr("Content-Type", "text/html"), body)
	if len(got) != 0 {
		t.Errorf("diagnostics %v", got)
	}
	want := []TDMDeclaration{{Source: SourceMeta, Reservation: ptr(1), RawReservation: "1", Policy: "https://provider.com/policies/policy.json", Line: 5}}
	if !reflect.DeepEqual(s.TDM, want) || !s.TDMReserved || s.TDMSource != SourceMeta {
		t.Errorf("TDM %+v", s.TDM)
	}
}

// TestParse_TDMValues: "Other values are considered protocol errors"; a
// policy is a URL; with reservation 0 it is not processed.
func TestParse_TDMValues(t *testing.T) {
	cases := []struct {
		h     http.Header
		head  string
		res   *int
		diags []string
	}{
		{hdr("tdm-reservation", "2"), "", nil, []string{"homepage.tdm-reservation-invalid@0"}},
		{hdr("tdm-reservation", " 1 "), "", ptr(1), []string{}},
		{hdr("tdm-reservation", "yes"), "", nil, []string{"homepage.tdm-reservation-invalid@0"}},
		{nil, `<meta name="tdm-reservation" content="true">`, nil, []string{"homepage.tdm-reservation-invalid@6"}},
		{hdr("tdm-reservation", "1", "tdm-policy", "/policy.json"), "", ptr(1), []string{"homepage.tdm-policy-not-absolute-url@0"}},
		{hdr("tdm-reservation", "0", "tdm-policy", "https://p.example/x"), "", ptr(0), []string{"homepage.tdm-policy-ignored@0"}},
		{nil, `<meta name="tdm-policy" content="https://p.example/x">`, nil, []string{"homepage.tdm-policy-without-reservation@6"}},
		{hdr("tdm-reservation", "1", "tdm-reservation", "0"), "", ptr(1), []string{"homepage.tdm-conflict@0"}},
		{nil, `<meta name="tdm-reservation" content="0">` + "\n" + `<meta name="tdm-reservation" content="1">`, ptr(0), []string{"homepage.tdm-conflict@7"}},
	}
	for i, c := range cases {
		s, got := parse(t, c.h, page(c.head))
		if !slices.Equal(got, c.diags) {
			t.Errorf("case %d: got %v, want %v", i, got, c.diags)
		}
		if !reflect.DeepEqual(s.TDMReservation, c.res) {
			t.Errorf("case %d: reservation %v, want %v", i, s.TDMReservation, c.res)
		}
	}
}

// TestParse_TDMPriority: "The values of tdm-reservation and tdm-policy
// found here [HTML] supersede previous values" (§Processing priority).
func TestParse_TDMPriority(t *testing.T) {
	s, got := parse(t, hdr("tdm-reservation", "0", "tdm-policy", "https://a.example/p"),
		page(`<meta name="tdm-reservation" content="1">`+"\n"+`<meta name="tdm-policy" content="https://b.example/p">`))
	if want := []string{"homepage.tdm-conflict@6", "homepage.tdm-conflict@6"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !s.TDMReserved || s.TDMSource != SourceMeta || s.TDMPolicy != "https://b.example/p" || len(s.TDM) != 2 {
		t.Errorf("%+v", s)
	}
	// An invalid meta value does not supersede a valid header.
	s, _ = parse(t, hdr("tdm-reservation", "1"), page(`<meta name="tdm-reservation" content="x">`))
	if !s.TDMReserved || s.TDMSource != SourceHeader {
		t.Errorf("%+v", s)
	}
}

// TestParse_TDMPolicyWithReservation0: "If tdm-reservation is set to 0,
// TDM Agents SHOULD NOT process tdm-policy", so no policy is effective
// then, whichever source the policy and the reservation come from.
func TestParse_TDMPolicyWithReservation0(t *testing.T) {
	cases := []struct {
		h     http.Header
		head  string
		diags []string
	}{
		// The header reserves with a policy; the meta tag says 0.
		{hdr("tdm-reservation", "1", "tdm-policy", "https://h.example/p"), `<meta name="tdm-reservation" content="0">`,
			[]string{"homepage.tdm-conflict@6", "homepage.tdm-policy-ignored@6"}},
		// The header says 0; the policy comes from a meta tag.
		{hdr("tdm-reservation", "0"), `<meta name="tdm-policy" content="https://m.example/p">`,
			[]string{"homepage.tdm-policy-ignored@6", "homepage.tdm-policy-without-reservation@6"}},
		// One source with both: reported once, by that source.
		{nil, `<meta name="tdm-reservation" content="0"><meta name="tdm-policy" content="https://m.example/p">`,
			[]string{"homepage.tdm-policy-ignored@6"}},
		{hdr("tdm-reservation", "0", "tdm-policy", "https://h.example/p"), "", []string{"homepage.tdm-policy-ignored@0"}},
	}
	for i, c := range cases {
		s, got := parse(t, c.h, page(c.head))
		if !slices.Equal(got, c.diags) {
			t.Errorf("case %d: got %v, want %v", i, got, c.diags)
		}
		if s.TDMReservation == nil || *s.TDMReservation != 0 || s.TDMReserved || s.TDMPolicy != "" {
			t.Errorf("case %d: reservation %v, policy %q; want 0 and no policy", i, s.TDMReservation, s.TDMPolicy)
		}
	}
	// With reservation 1 the policy stays effective, and is not reported
	// as ignored.
	s, got := parse(t, hdr("tdm-reservation", "0", "tdm-policy", "https://h.example/p"), page(`<meta name="tdm-reservation" content="1">`))
	if !s.TDMReserved || s.TDMPolicy != "https://h.example/p" || slices.ContainsFunc(got, func(d string) bool { return strings.HasPrefix(d, "homepage.tdm-policy-ignored") }) {
		t.Errorf("reservation 1: %+v %v", s, got)
	}
}

func TestParse_Links(t *testing.T) {
	s, got := parse(t, nil, page(`<link rel="stylesheet" href="/site.css">
<link rel="alternate" type="text/markdown" href="/llms.txt">
<link rel="llms-txt" href="https://cdn.example/docs/llms-full.txt">
<link rel="help" href="/.well-known/tdmrep.json">
<link rel="author" href="/AGENTS.md">
<link rel="llms" href="/index.md">`))
	want := []Link{
		{Source: SourceLink, Rel: "alternate", Href: "/llms.txt", Type: "text/markdown", Location: "llms-txt", Line: 7},
		{Source: SourceLink, Rel: "llms-txt", Href: "https://cdn.example/docs/llms-full.txt", Line: 8},
		{Source: SourceLink, Rel: "help", Href: "/.well-known/tdmrep.json", Location: "tdmrep", Line: 9},
		{Source: SourceLink, Rel: "author", Href: "/AGENTS.md", Location: "agents-md", Line: 10},
		{Source: SourceLink, Rel: "llms", Href: "/index.md", Line: 11},
	}
	if !reflect.DeepEqual(s.Links, want) || len(got) != 0 {
		t.Errorf("links:\n got %+v\nwant %+v\n%v", s.Links, want, got)
	}
}

// TestParse_HeadOnly: meta tags after the head (in the body) are not read,
// and "</head>" inside a script does not end the head.
func TestParse_HeadOnly(t *testing.T) {
	body := []byte("<html><head><script>var s = '</head><body>';</script>\n<meta name=robots content=noai></head>\n<body><meta name=robots content=noindex></body></html>")
	s, _ := parse(t, nil, body)
	if !s.NoAI || s.NoIndex || s.Robots[0].Line != 2 {
		t.Errorf("%+v", s)
	}
	// A head without </head> ends at <body>, at an element that cannot be
	// in a head, or at text.
	for _, end := range []string{"<body>", "<div>oops</div>", "text", "</html>"} {
		s, _ = parse(t, nil, []byte("<title>t</title><meta name=robots content=noai>\n"+end+"\n<meta name=robots content=noindex>"))
		if !s.NoAI || s.NoIndex {
			t.Errorf("%s: %+v", end, s)
		}
	}
	// noscript and template contents are not the head's meta tags.
	s, _ = parse(t, nil, []byte("<head><noscript><meta name=robots content=noindex></noscript><template><meta name=robots content=noindex></template><meta name=robots content=noai></head>"))
	if !s.NoAI || s.NoIndex || len(s.Robots) != 1 {
		t.Errorf("noscript/template: %+v", s.Robots)
	}
}

// TestParse_NotHTML: the page is valid unless its body is not HTML at all;
// headers are read either way.
func TestParse_NotHTML(t *testing.T) {
	s, got := parse(t, hdr("Content-Type", "application/json", "X-Robots-Tag", "noai"), []byte(`{"ok": true}`))
	if want := []string{"homepage.not-html@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.HTML || !s.NoAI {
		t.Errorf("%+v", s)
	}
	// Without a Content-Type (a file on disk, standard input) the
	// message does not quote an empty one.
	_, diags := Parse(nil, []byte(`{"ok": true}`))
	if len(diags) != 1 || strings.Contains(diags[0].Message, `Content-Type ""`) || !strings.Contains(diags[0].Message, "no Content-Type") {
		t.Errorf("without a Content-Type: %v", diags)
	}
	s, got = parse(t, nil, []byte("  \n"))
	if want := []string{"homepage.empty-body@0"}; !slices.Equal(got, want) || s.HTML || s.Effective() != "none" {
		t.Errorf("got %v, %+v", got, s)
	}
	// HTML without a leading tag is still recognised by sniffing.
	s, got = parse(t, nil, []byte("\xef\xbb\xbf  <!-- c -->\n<html><head><meta name=robots content=noindex>"))
	if !s.HTML || !s.NoIndex || len(got) != 0 {
		t.Errorf("got %v, %+v", got, s)
	}
}

func TestParse_Plain(t *testing.T) {
	s, got := parse(t, hdr("Content-Type", "text/html"), page(""))
	if len(got) != 0 || s.Effective() != "none" || s.Any() || !s.HTML {
		t.Errorf("got %v, %+v", got, s)
	}
}

// TestParse_LargePage reads the 100 KiB news page of testdata: signals in
// the head, a noindex meta in the body that is not read, and reported.
func TestParse_LargePage(t *testing.T) {
	body, err := os.ReadFile("testdata/large.html")
	if err != nil {
		t.Fatal(err)
	}
	s, got := parse(t, hdr("Content-Type", "text/html; charset=utf-8"), body)
	if want := []string{"homepage.meta-in-body@927"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
	want := []string{"/index@meta", "/follow@meta", "/max-image-preview=large@meta", "/max-snippet=-1@meta", "googlebot/notranslate@meta"}
	if n := names(s.Robots); !slices.Equal(n, want) {
		t.Errorf("got %q, want %q", n, want)
	}
	if s.NoIndex || !s.TDMReserved || s.TDMPolicy != "https://example.com/legal/tdm-policy.json" || len(s.Links) != 1 || s.Links[0].Line != 19 {
		t.Errorf("%+v", s)
	}
}

func TestParse_JSONEncodable(t *testing.T) {
	s, _ := Parse(nil, page(""))
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"noai":false,"noimageai":false,"noindex":false,"nofollow":false,"noarchive":false,"nosnippet":false,"noimageindex":false,"tdm_reserved":false,"tdm_reservation":null,"robots":[],"tdm":[],"links":[],"html":true}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestCodes(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, c := range Codes() {
		declared[c.ID] = true
		if !strings.HasPrefix(c.ID, "homepage.") {
			t.Errorf("code %s lacks the homepage. prefix", c.ID)
		}
	}
	for _, seed := range fuzzSeeds() {
		_, d := Parse(seedHeader(seed.header), []byte(seed.body))
		for _, x := range d {
			if !declared[x.Code] {
				t.Errorf("undeclared code %s", x.Code)
			}
		}
	}
}

// TestParse_DiagnosticCap: at most MaxDiagnosticsPerCode diagnostics of a
// code, then one saying how many were left out.
func TestParse_DiagnosticCap(t *testing.T) {
	h := hdr("X-Robots-Tag", strings.Repeat("bogus, ", MaxDiagnosticsPerCode+5))
	s, d := Parse(h, nil)
	n := 0
	for _, x := range d {
		if x.Code == codeUnknownDirective.ID {
			n++
		}
	}
	if n != MaxDiagnosticsPerCode+1 || len(s.Robots) != MaxDiagnosticsPerCode+5 {
		t.Errorf("%d diagnostics, %d directives", n, len(s.Robots))
	}
}

// TestParse_LinksRelative: a relative href resolves against the home page's
// path, "/", so href="llms.txt" (written by site generators) is the site's
// /llms.txt, and so are "./llms.txt" and "../agents.txt".
func TestParse_LinksRelative(t *testing.T) {
	s, _ := parse(t, nil, page(`<link rel="alternate" type="text/plain" href="llms.txt">
<link rel="alternate" href="./llms-full.txt">
<link rel="alternate" href="../agents.txt">
<link rel="alternate" href=".well-known/tdmrep.json?v=2">
<link rel="stylesheet" href="style.css">`))
	want := []Link{
		{Source: SourceLink, Rel: "alternate", Href: "llms.txt", Type: "text/plain", Location: "llms-txt", Line: 6},
		{Source: SourceLink, Rel: "alternate", Href: "./llms-full.txt", Line: 7},
		{Source: SourceLink, Rel: "alternate", Href: "../agents.txt", Location: "agents-txt", Line: 8},
		{Source: SourceLink, Rel: "alternate", Href: ".well-known/tdmrep.json?v=2", Location: "tdmrep", Line: 9},
	}
	if !reflect.DeepEqual(s.Links, want) {
		t.Errorf("links:\n got %+v\nwant %+v", s.Links, want)
	}
}

// TestParse_MetaNoAgentPrefix: the "agent:" prefix is the X-Robots-Tag
// header's; in a meta tag the name attribute names the crawler, so
// "googlebot: noindex" is an unknown directive and the directives after it
// keep the tag's own scope (every agent for <meta name="robots">).
func TestParse_MetaNoAgentPrefix(t *testing.T) {
	s, got := parse(t, nil, page(`<meta name="robots" content="googlebot: noindex, nofollow, noarchive">
<meta name="robots" content="foo: bar, noai">
<meta name="bingbot" content="otherbot: nosnippet, noimageindex">`))
	want := []string{
		"/googlebot=noindex@meta", "/nofollow@meta", "/noarchive@meta",
		"/foo=bar@meta", "/noai@meta",
		"bingbot/otherbot=nosnippet@meta", "bingbot/noimageindex@meta",
	}
	if n := names(s.Robots); !slices.Equal(n, want) {
		t.Errorf("got %q, want %q", n, want)
	}
	if s.NoIndex || !s.NoFollow || !s.NoArchive || !s.NoAI || s.NoImageIndex {
		t.Errorf("booleans: %+v", s)
	}
	if !slices.Equal(s.ScopedAgents, []string{"bingbot"}) {
		t.Errorf("scoped agents %q", s.ScopedAgents)
	}
	if want := []string{"homepage.unknown-directive@6", "homepage.unknown-directive@7", "homepage.unknown-directive@8"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
	// The message points to the header when the value reads as an agent
	// prefix before a directive, not for a misspelt valued directive.
	_, d := Parse(nil, page(`<meta name="robots" content="googlebot: noindex">
<meta name="robots" content="max_snippet: -1">`))
	if len(d) != 2 || !strings.Contains(d[0].Message, "X-Robots-Tag header only") || strings.Contains(d[1].Message, "X-Robots-Tag") {
		t.Errorf("messages: %v", d)
	}
	// The header keeps its prefix.
	s, _ = parse(t, hdr("X-Robots-Tag", "googlebot: noindex, nofollow"), nil)
	if s.NoFollow || !slices.Equal(s.ScopedAgents, []string{"googlebot"}) {
		t.Errorf("header: %+v", s)
	}
}

// TestParse_HeaderPrefixNeedsDirective: in the X-Robots-Tag header, "name:"
// is a user-agent prefix when a directive (or a word, a misspelt one)
// follows it, or when name is a known crawler's; "tdm-reservation: 1" and
// "max_snippet: 50" are unknown valued directives, which invent no user
// agent and leave the directives after them for every agent. A crawler's name of several words is a
// prefix when a directive follows it.
func TestParse_HeaderPrefixNeedsDirective(t *testing.T) {
	s, got := parse(t, hdr(
		"X-Robots-Tag", "tdm-reservation: 1, noai",
		"X-Robots-Tag", "max_snippet: 50, noindex",
		"X-Robots-Tag", "otherbot: nofollow",
		"X-Robots-Tag", "gptbot: nosummary, noarchive",
		"X-Robots-Tag", "googlebot:, nosnippet",
		"X-Robots-Tag", "noimageindex, Example Crawler: noindex, follow",
		"X-Robots-Tag", "notranslate unavailable_after: 25 Jun 2010 15:00:00 PST, notranslate",
		"X-Robots-Tag", "mybot: no-index, noarchive",
	), page(""))
	want := []string{
		"/tdm-reservation=1@header", "/noai@header",
		"/max_snippet=50@header", "/noindex@header",
		"otherbot/nofollow@header",
		"gptbot/nosummary@header", "gptbot/noarchive@header",
		"googlebot/nosnippet@header",
		"/noimageindex@header", "example crawler/noindex@header", "example crawler/follow@header",
		"/notranslate unavailable_after=25 Jun 2010 15:00:00 PST@header", "/notranslate@header",
		"mybot/no-index@header", "mybot/noarchive@header",
	}
	if n := names(s.Robots); !slices.Equal(n, want) {
		t.Errorf("directives:\n got %q\nwant %q", n, want)
	}
	if !s.NoAI || !s.NoIndex || s.NoFollow || s.NoArchive || s.NoSnippet || !s.NoImageIndex {
		t.Errorf("booleans: %+v", s)
	}
	if !slices.Equal(s.ScopedAgents, []string{"example crawler", "googlebot", "gptbot", "mybot", "otherbot"}) {
		t.Errorf("scoped agents %q", s.ScopedAgents)
	}
	if want := []string{"homepage.unknown-directive@0", "homepage.unknown-directive@0", "homepage.unknown-directive@0", "homepage.unknown-directive@0", "homepage.unknown-directive@0"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}

// TestParse_UnknownDirectiveHints: the unknown-directive message says when
// directives are separated by spaces or semicolons, and when, in the header,
// a crawler's name is followed by a comma instead of a colon; the directives
// after it apply to every agent, as written.
func TestParse_UnknownDirectiveHints(t *testing.T) {
	s, d := Parse(hdr("X-Robots-Tag", "GPTBot, noindex", "X-Robots-Tag", "noarchive nosnippet", "X-Robots-Tag", "foo bar"), page(""))
	var msgs []string
	for _, x := range d {
		msgs = append(msgs, x.Message)
	}
	if len(msgs) != 3 || !strings.Contains(msgs[0], `"GPTBot" (a crawler's name; a user-agent prefix ends with ":"`) ||
		!strings.Contains(msgs[1], `"noarchive nosnippet" (directives are separated by commas)`) || strings.Contains(msgs[2], "(") {
		t.Errorf("messages %q", msgs)
	}
	if !s.NoIndex || len(s.ScopedAgents) != 0 || s.NoArchive {
		t.Errorf("%+v", s)
	}
}

// TestParse_ServedAsHTML: a body served as text/html (or XHTML) is an HTML
// document even when it opens with text (a stray heading or a server's
// warning before the doctype); content sniffing does not override a
// supplied HTML type. The tree builder puts the text, and the meta tags
// after it, in the body, so none of them is read (each is reported).
func TestParse_ServedAsHTML(t *testing.T) {
	body := []byte("# Saved page\n\n<!doctype html>\n<html><head><meta name=\"robots\" content=\"noindex\"></head><body></body></html>\n")
	for _, ct := range []string{"text/html", "text/html; charset=UTF-8", "Text/HTML", "application/xhtml+xml"} {
		s, got := parse(t, hdr("Content-Type", ct, "X-Robots-Tag", "noai"), body)
		if !s.HTML || !slices.Equal(got, []string{"homepage.meta-in-body@4"}) || s.NoIndex || !s.NoAI {
			t.Errorf("%s: got %v, %+v", ct, got, s)
		}
	}
	// Not served as HTML: sniffing decides, and this body is text.
	for _, h := range []http.Header{nil, hdr("Content-Type", "text/plain")} {
		s, got := parse(t, h, body)
		if want := []string{"homepage.not-html@0"}; s.HTML || !slices.Equal(got, want) {
			t.Errorf("%v: got %v, %+v", h, got, s)
		}
	}
}

// TestParse_HTTPEquivPolicyHeader: <meta http-equiv="X-Robots-Tag"> (and
// the other policy headers) is a common attempt at a header from HTML; HTML
// defines no such pragma and crawlers do not read it, so it is reported and
// expresses nothing. Other http-equiv values are not reported.
func TestParse_HTTPEquivPolicyHeader(t *testing.T) {
	s, got := parse(t, nil, page(`<meta http-equiv="X-Robots-Tag" content="noindex, nofollow">
<meta http-equiv="content-type" content="text/html; charset=utf-8">
<meta http-equiv=" tdm-reservation " content="1">
<meta name="robots" content="noai">`))
	if want := []string{"homepage.http-equiv-policy-header@6", "homepage.http-equiv-policy-header@8"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.NoIndex || s.NoFollow || s.TDMReservation != nil || !s.NoAI || len(s.Robots) != 1 {
		t.Errorf("%+v", s)
	}
}

// TestParse_MisnamedRobotsMeta: <meta name="noai"> (with any content) names
// a directive, and <meta name="X-Robots-Tag"> a response header, where a
// robots meta tag names robots or a crawler; they are reported and express
// nothing. A meta tag named after neither is not reported.
func TestParse_MisnamedRobotsMeta(t *testing.T) {
	s, got := parse(t, nil, page(`<meta name="noai" content="noai">
<meta name="NoImageAI">
<meta name="ai" content="noai">
<meta name="robots" content="noindex">
<meta name="X-Robots-Tag" content="nofollow, noarchive">
<meta name="content-usage" content="train-ai=n">`))
	want := []string{"homepage.misnamed-robots-meta@10", "homepage.misnamed-robots-meta@11", "homepage.misnamed-robots-meta@6", "homepage.misnamed-robots-meta@7"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.NoAI || s.NoImageAI || !s.NoIndex || s.NoFollow || s.NoArchive || len(s.Robots) != 1 || s.ContentUsage != nil {
		t.Errorf("%+v", s)
	}
}

// TestParseAt_LinksResolveAgainstTheDocumentBase: a link's href resolves
// against the URL the page was served from and its <base href>, as a
// browser resolves it; an href to another host points to no location of the
// site (an llms.txt there is still recorded, without one).
func TestParseAt_LinksResolveAgainstTheDocumentBase(t *testing.T) {
	links := `<link rel="alternate" href="llms.txt">
<link rel="alternate" href="https://docs.example.org/agents.txt">
<link rel="alternate" href="https://WWW.example.com/agents.txt">
<link rel="alternate" href="https://docs.example.org/llms.txt">`
	parseAt := func(page string, head string) []Link {
		u, err := url.Parse(page)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := ParseAt(u, nil, []byte("<!doctype html><html><head>"+head+"</head><body></body></html>"))
		return s.Links
	}
	for _, c := range []struct {
		name, page, head string
		want             []Link
	}{
		{"served from /", "https://www.example.com/", links, []Link{
			{Source: SourceLink, Rel: "alternate", Href: "llms.txt", Location: "llms-txt", Line: 1},
			{Source: SourceLink, Rel: "alternate", Href: "https://WWW.example.com/agents.txt", Location: "agents-txt", Line: 3},
			{Source: SourceLink, Rel: "alternate", Href: "https://docs.example.org/llms.txt", Line: 4},
		}},
		{"redirected to /en/", "https://www.example.com/en/", links, []Link{
			{Source: SourceLink, Rel: "alternate", Href: "llms.txt", Line: 1}, // /en/llms.txt
			{Source: SourceLink, Rel: "alternate", Href: "https://WWW.example.com/agents.txt", Location: "agents-txt", Line: 3},
			{Source: SourceLink, Rel: "alternate", Href: "https://docs.example.org/llms.txt", Line: 4},
		}},
		{"a base in a subpath", "https://www.example.com/", `<base href="/app/">` + "\n" + links, []Link{
			{Source: SourceLink, Rel: "alternate", Href: "llms.txt", Line: 2},
			{Source: SourceLink, Rel: "alternate", Href: "https://WWW.example.com/agents.txt", Location: "agents-txt", Line: 4},
			{Source: SourceLink, Rel: "alternate", Href: "https://docs.example.org/llms.txt", Line: 5},
		}},
		{"a base of another host", "https://www.example.com/", `<base href="https://cdn.example.net/">` + "\n" + links, []Link{
			{Source: SourceLink, Rel: "alternate", Href: "llms.txt", Line: 2},
			{Source: SourceLink, Rel: "alternate", Href: "https://WWW.example.com/agents.txt", Location: "agents-txt", Line: 4},
			{Source: SourceLink, Rel: "alternate", Href: "https://docs.example.org/llms.txt", Line: 5},
		}},
	} {
		if got := parseAt(c.page, c.head); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestParse_HTTPEquivWithAName: a tag with both http-equiv="X-Robots-Tag"
// and name="robots" (seen on real home pages) is read by its name, so the
// report of its http-equiv must not say that the tag expresses nothing.
func TestParse_HTTPEquivWithAName(t *testing.T) {
	body := page(`<meta http-equiv="X-Robots-Tag" name="robots" content="noodp, noarchive">`)
	s, d := Parse(nil, body)
	checkInvariants(t, nil, body, s, d)
	if got, want := found(d), []string{"homepage.http-equiv-policy-header@6"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if msg := d[0].Message; strings.Contains(msg, "expresses nothing") || !strings.Contains(msg, `name="robots"`) {
		t.Errorf("message %q: the tag is read by its name", msg)
	}
	if !s.NoArchive || len(s.Robots) != 2 {
		t.Errorf("%+v", s)
	}
}

// TestParse_MisnamedHTTPEquivRobots: <meta http-equiv="robots"> and
// <meta http-equiv="googlebot">, a robots meta tag written with http-equiv
// where name is meant (common on real pages), express nothing and are
// reported so that the attempt is counted; a tag that also has a robots
// name is read by it, and other pragmas are not reported.
func TestParse_MisnamedHTTPEquivRobots(t *testing.T) {
	s, got := parse(t, nil, page(`<meta http-equiv="robots" content="noindex,nofollow" />
<meta HTTP-EQUIV="Googlebot" content="noarchive">
<meta http-equiv="GPTBot" content="noai">
<meta http-equiv="ROBOTS" name="robots" content="noimageai">
<meta http-equiv="pragma" content="no-cache">`))
	want := []string{"homepage.misnamed-robots-meta@6", "homepage.misnamed-robots-meta@7", "homepage.misnamed-robots-meta@8"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.NoIndex || s.NoFollow || s.NoArchive || s.NoAI || !s.NoImageAI || len(s.Robots) != 1 {
		t.Errorf("%+v", s)
	}
}

// TestParse_MetaInBody: a robots, per-crawler or TDMRep meta tag in the body
// (as a Next.js app streams a dynamic page's metadata to most clients) is
// not read and is reported at its line; one inside a script, a template, a
// noscript or a textarea is no tag, and other meta tags of the body
// (microdata) are not reported.
func TestParse_MetaInBody(t *testing.T) {
	body := []byte(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/></head><body><div hidden=""><!--$--><title>Shop</title>
<meta name="robots" content="noindex, nofollow"/><meta name="TDM-Reservation" content="1"/><!--/$--></div>
<script>document.write('<meta name="robots" content="noai">')</script>
<template><meta name="robots" content="noai"></template><noscript><meta name="robots" content="noai"></noscript>
<textarea><meta name="robots"></textarea>
<div itemscope><meta itemprop="name" content="x"><meta name="description" content="x">
<META NAME="GPTBot" CONTENT="noindex"></div></body></html>`)
	s, got := parse(t, hdr("Content-Type", "text/html"), body)
	want := []string{"homepage.meta-in-body@2", "homepage.meta-in-body@2", "homepage.meta-in-body@7"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s.Any() {
		t.Errorf("signals %+v", s)
	}
}

// A tag that means an opt-out no crawler reads (<meta name="noai">, a
// policy header as http-equiv) is a warning, not a neutral info: the
// publisher's signal has no effect, and survey check --strict fails on it.
func TestParse_IneffectiveOptOutsAreWarnings(t *testing.T) {
	for _, page := range []string{
		`<html><head><meta name="noai" content="noai"></head></html>`,
		`<html><head><meta http-equiv="X-Robots-Tag" content="noai"></head></html>`,
	} {
		_, diags := Parse(nil, []byte(page))
		if len(diags) != 1 || diags[0].Severity != diag.Warning {
			t.Errorf("%s: %v, want one warning", page, diags)
		}
	}
}

// TestParse_OrdinaryMetaNamesAreNoCrawlers: meta tags that pages name for
// other things (<meta name="operator">, "code", "spider", "cursor") are
// not read as robots tags for a crawler of that name, which they became
// when the AI crawler list took those words as tokens.
func TestParse_OrdinaryMetaNamesAreNoCrawlers(t *testing.T) {
	for _, name := range []string{"author", "description", "keywords", "generator", "operator", "code", "spider",
		"cursor", "copyright", "rating", "language", "application-name", "theme-color", "lcc", "yak", "terra", "chatgpt"} {
		if isBotMetaName(name) {
			t.Errorf("<meta name=%q> is read as a crawler's robots tag", name)
		}
		s, _ := Parse(nil, []byte(`<html><head><meta name="`+name+`" content="noindex, nofollow"></head></html>`))
		if len(s.Robots) != 0 {
			t.Errorf("<meta name=%q content=noindex>: robots directives %+v", name, s.Robots)
		}
	}
}
