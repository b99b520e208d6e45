package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// homePage is a home page whose meta tags reserve text and data mining and
// refuse AI training, with a tdm-reservation that conflicts with the one a
// header gives.
const homePage = `<!DOCTYPE html>
<html><head>
<title>Example</title>
<meta name="robots" content="noai, noimageai">
<meta name="tdm-reservation" content="1">
</head><body>Hello</body></html>
`

// The home page's signals are checked like any file: from a local file,
// with its response headers given by --header, and from a URL, with the
// headers of the response.
func TestCheck_HomePage(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "index.html")
	os.WriteFile(page, []byte(homePage), 0o644)

	code, out, errs := runSurvey(t, "", "check", page)
	if code != exitOK || !strings.Contains(out, page+": homepage: valid (0 errors, 0 warnings, 0 infos); effective policy: signals") {
		t.Fatalf("a home page, its type detected: exit %d\n%s%s", code, out, errs)
	}

	code, out, errs = runSurvey(t, "", "check", "--format", "json",
		"--header", "TDM-Reservation: 0", "--header", "Content-Usage: train-ai=n", page)
	var got struct {
		Type        string `json:"type"`
		Diagnostics []struct {
			Code string `json:"code"`
			Line int    `json:"line"`
		} `json:"diagnostics"`
		Summary struct {
			NoAI        bool   `json:"noai"`
			TDMReserved bool   `json:"tdm_reserved"`
			TrainAI     string `json:"train_ai"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitOK {
		t.Fatalf("with --header: exit %d, %v\n%s%s", code, err, out, errs)
	}
	if got.Type != "homepage" || !got.Summary.NoAI || !got.Summary.TDMReserved || got.Summary.TrainAI != "n" {
		t.Errorf("with --header: %+v, want a home page with noai, a TDM reservation and train-ai=n", got)
	}
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "homepage.tdm-conflict" || got.Diagnostics[0].Line != 5 {
		t.Errorf("diagnostics %+v, want the header's and the meta tag's reservations in conflict at line 5", got.Diagnostics)
	}

	for _, bad := range []string{"no colon", ": no name", "Two words: x"} {
		if code, _, errs := runSurvey(t, "", "check", "--header", bad, page); code != exitUsage || !strings.Contains(errs, "Name: value") {
			t.Errorf("--header %q: exit %d, %q", bad, code, errs)
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("X-Robots-Tag", "GPTBot: noindex")
		w.Header().Set("TDM-Reservation", "0")
		fmt.Fprint(w, homePage)
	}))
	defer srv.Close()
	code, out, errs = runSurvey(t, "", "check", "--allow-private", srv.URL+"/")
	for _, want := range []string{
		srv.URL + "/:5: warning: ",
		"[homepage.tdm-conflict, ",
		srv.URL + "/: homepage: valid (0 errors, 1 warning, 0 infos); effective policy: signals",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("a home page by URL: exit %d, output lacks %q:\n%s%s", code, want, out, errs)
		}
	}
	if code, _, errs := runSurvey(t, "", "check", "--allow-private", "--header", "X-Robots-Tag: noai", srv.URL+"/"); code != exitUsage || !strings.Contains(errs, "--header") {
		t.Errorf("--header with a URL: exit %d, %q", code, errs)
	}
	// Without --allow-private, survey check keeps the crawler's guard, and
	// says which flag lifts it.
	if code, _, errs := runSurvey(t, "", "check", srv.URL+"/"); code != exitUsage || !strings.Contains(errs, "network_error (address_guard)") || !strings.HasSuffix(errs, " (--allow-private allows it)\n") {
		t.Errorf("a loopback URL without --allow-private: exit %d, %q", code, errs)
	}
}

// survey check fetches as survey crawl does, as the same guest: the
// crawler's User-Agent, with --contact added inside its parentheses and
// --user-agent replacing it, on a URL and on every request of a site.
func TestCheck_UserAgent(t *testing.T) {
	var mu sync.Mutex
	var agents []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.UserAgent())
		mu.Unlock()
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()
	seen := func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := slices.Compact(slices.Sorted(slices.Values(agents)))
		agents = nil
		return out
	}
	contacted := strings.TrimSuffix(crawl.DefaultUserAgent, ")") + "; contact: mailto:ops@example.org)"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{srv.URL + "/robots.txt"}, crawl.DefaultUserAgent},
		{[]string{"--contact", "mailto:ops@example.org", srv.URL + "/robots.txt"}, contacted},
		{[]string{"--user-agent", "ExampleBot/1.0 (+https://example.org/bot)", "--contact", "ops@example.org", srv.URL + "/robots.txt"},
			"ExampleBot/1.0 (+https://example.org/bot; contact: ops@example.org)"},
		// A whole site, over plain HTTP after HTTPS fails: every request.
		{[]string{"--site", "example.test", "--connect-to", srv.Listener.Addr().String(), "--contact", "mailto:ops@example.org"}, contacted},
	} {
		code, out, errs := runSurvey(t, "", append([]string{"check", "--allow-private"}, c.args...)...)
		if code != exitOK {
			t.Errorf("%v: exit %d\n%s%s", c.args, code, out, errs)
		}
		if got := seen(); len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: User-Agents %q, want only %q", c.args, got, c.want)
		}
	}
	// As survey crawl, it refuses a contact no one can use, or a
	// User-Agent of one's own that names none, before any request.
	for _, args := range [][]string{
		{"--contact", "foo", srv.URL + "/robots.txt"},
		{"--user-agent", "ExampleBot/1.0", srv.URL + "/robots.txt"},
	} {
		code, _, errs := runSurvey(t, "", append([]string{"check", "--allow-private"}, args...)...)
		if code != exitUsage || !strings.Contains(errs, "survey check: --") || len(seen()) != 0 {
			t.Errorf("%v: exit %d %q, want refused before any request", args, code, errs)
		}
	}
}

// survey check by URL agrees with the simulated web's ground truth: every
// content variant the population serves with a validity label, at the
// first location and domain that serves it over HTTPS, checks valid (exit
// 0) when the truth calls it valid and invalid (exit 1) when not, fetched
// with the crawler's engine and, for an agent feed, verified against the
// did.json fetched from its origin.
func TestCheck_URLsAgreeWithTruth(t *testing.T) {
	if testing.Short() {
		t.Skip("serves the simulated web")
	}
	w, ca := simWeb(t, 600, 5)

	type key struct {
		loc   registry.LocationID
		valid bool
	}
	checked := map[key]int{}      // URLs checked, by location and label
	variants := map[string]bool{} // each content variant is checked once
	soft404s := map[string]bool{} // each soft 404 page, once at each location
	for domain := range w.Web.Domains() {
		truth, _ := w.Web.Truth(domain)
		for _, x := range truth {
			if x.Outcome == classify.Soft404 && x.Location != registry.LocCanary && x.Scheme == "https" && !x.HTTPFallback && !soft404s[x.Variant+" "+string(x.Location)] {
				// A soft 404 is no file, as the crawl finds it.
				soft404s[x.Variant+" "+string(x.Location)] = true
				loc, _ := registry.LookupLocation(x.Location)
				u := "https://" + domain + loc.Path
				code, out, errs := runSurvey(t, "", "check", "--connect-to", w.Addrs.HTTP, "--ca-file", ca, "--allow-private", u)
				if want := "no file: soft_404 (" + x.Reason; code != exitUsage || !strings.Contains(errs, want) {
					t.Errorf("survey check %s (%s %s, variant %s): exit %d, want %d and %q\n%s%s", u, x.Outcome, x.Reason, x.Variant, code, exitUsage, want, firstChars(out), errs)
				}
				continue
			}
			k := key{x.Location, x.Valid != nil && *x.Valid}
			if x.Valid == nil || x.Open || x.OtherFormat != "" || x.Truncated || x.Scheme != "https" || x.Offsite || variants[x.Variant] {
				continue
			}
			loc, _ := registry.LookupLocation(x.Location)
			u := "https://" + domain + loc.Path
			args := []string{"check", "--connect-to", w.Addrs.HTTP, "--ca-file", ca, "--allow-private", "--format", "json"}
			if len(loc.Formats) > 0 {
				args = append(args, "--type", string(loc.Formats[0]))
			}
			code, out, errs := runSurvey(t, "", append(args, u)...)
			want := exitFindings
			if k.valid {
				want = exitOK
			}
			if code != want {
				t.Errorf("survey check %s (%s, variant %s, truth valid %v): exit %d, want %d\n%s%s", u, x.Outcome, x.Variant, k.valid, code, want, firstChars(out), errs)
			}
			checked[k]++
			variants[x.Variant] = true
		}
	}
	for _, loc := range registry.Locations() {
		// Home pages carry no validity label (TestCheck_HomePage checks one).
		if len(loc.Formats) > 0 && loc.ID != registry.LocHome && checked[key{loc.ID, true}] == 0 {
			t.Errorf("no valid file at %s in the population: the test checked none", loc.ID)
		}
	}
	if len(soft404s) == 0 {
		t.Error("no soft 404 in the population: the test checked none")
	}
	t.Logf("checked by URL: %v, and %d soft 404s", checked, len(soft404s))
}

// A card checked by URL is compared with its origin's feed, as in a crawl:
// the card that disagrees with the feed's announcement says so.
func TestCheck_CardByURLComparedWithFeed(t *testing.T) {
	if testing.Short() {
		t.Skip("serves the simulated web")
	}
	w, ca := simWeb(t, 1000, 4) // seed 4 has card-inconsistent sites
	compared := false
	for domain := range w.Web.Domains() {
		truth, _ := w.Web.Truth(domain)
		for _, x := range truth {
			if x.Location != registry.LocAgentCard || !strings.Contains(x.Variant, "card-inconsistent") || compared {
				continue
			}
			compared = true
			u := "https://" + domain + "/.well-known/agent-card.json"
			_, out, errs := runSurvey(t, "", "check", "--connect-to", w.Addrs.HTTP, "--ca-file", ca, "--allow-private", "--format", "json", u)
			if !strings.Contains(out, `"agent-card.feed-mismatch"`) {
				t.Errorf("survey check %s: no agent-card.feed-mismatch\n%s%s", u, firstChars(out), errs)
			}
		}
	}
	if !compared {
		t.Error("no card-inconsistent card in the population: the card was not compared")
	}
}

// survey check --site fetches, classifies and parses a whole site as a
// crawl does: on sites of several kinds of the simulated web, every
// location's outcome and every labelled file's validity are the ground
// truth's, and the exit status follows (2 when no location could be read,
// 1 when a file is invalid).
func TestCheck_Site(t *testing.T) {
	if testing.Short() {
		t.Skip("serves the simulated web")
	}
	w, ca := simWeb(t, 1000, 7)
	// Kinds whose sites answer within a timeout, and two that only the
	// simulated web's DNS server expresses: a name that does not exist,
	// and one whose address is private (refused: no --allow-private).
	want := map[string]string{"normal": "", "soft404-html": "", "botwall-cloudflare": "", "bad-cert": "",
		"missing-404": "", "redirect-chain": "", "server-error": "", "redirect-offsite": "",
		"nxdomain": "", "private-dns": ""}
	for domain, kind := range w.Web.Domains() {
		if d, ok := want[kind]; ok && d == "" {
			want[kind] = domain
		}
	}
	flags := []string{"--connect-to", w.Addrs.HTTP, "--resolver", w.Addrs.DNS, "--ca-file", ca, "--timeout", "5s"}
	for kind, domain := range want {
		if domain == "" {
			t.Errorf("no %s site in the population", kind)
			continue
		}
		code, out, errs := runSurvey(t, "", append([]string{"check", "--site", domain, "--format", "json"}, flags...)...)
		var got siteOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Errorf("%s (%s): exit %d, not JSON: %v\n%s%s", domain, kind, code, err, out, errs)
			continue
		}
		truth, _ := w.Web.Truth(domain)
		var locs []registry.LocationID
		invalid := false
		for _, x := range truth {
			if x.Location == registry.LocCanary {
				continue
			}
			locs = append(locs, x.Location)
			i := slices.IndexFunc(got.Locations, func(l siteLocationOutput) bool { return l.Location == string(x.Location) })
			if i < 0 {
				continue // a location the crawl did not request (after a rate limit, say) is compared below
			}
			l := got.Locations[i]
			if l.Outcome != string(x.Outcome) || x.Reason != "" && l.Reason != x.Reason {
				t.Errorf("%s (%s) %s: %s (%s), truth %s (%s)", domain, kind, x.Location, l.Outcome, l.Reason, x.Outcome, x.Reason)
			}
			for _, f := range l.Files {
				invalid = invalid || !f.Valid
				if x.Valid != nil && !x.Open && x.OtherFormat == "" && !x.Truncated && f.Valid != *x.Valid {
					t.Errorf("%s (%s) %s: valid %v, truth %v (variant %s)", domain, kind, x.Location, f.Valid, *x.Valid, x.Variant)
				}
			}
		}
		if len(got.Locations) != len(locs) {
			t.Errorf("%s (%s): %d locations, truth %d", domain, kind, len(got.Locations), len(locs))
		}
		wantCode := exitOK
		switch {
		case got.Outcome != "ok":
			wantCode = exitUsage
		case invalid:
			wantCode = exitFindings
		}
		if code != wantCode {
			t.Errorf("%s (%s): site %s, exit %d, want %d\n%s", domain, kind, got.Outcome, code, wantCode, errs)
		}
	}

	// A site refused by the address guard says which flag lifts it; one
	// that does not exist does not.
	for kind, hint := range map[string]bool{"private-dns": true, "nxdomain": false} {
		_, _, errs := runSurvey(t, "", append([]string{"check", "--site", want[kind]}, flags...)...)
		if got := strings.HasSuffix(errs, "; --allow-private allows them)\n"); got != hint {
			t.Errorf("%s (%s): the hint about --allow-private is there: %v, want %v\n%s", want[kind], kind, got, hint, errs)
		}
	}

	// The text form names every location and ends with the site's line.
	code, out, errs := runSurvey(t, "", append([]string{"check", "--site", want["normal"]}, flags...)...)
	if code == exitUsage || !strings.Contains(out, "https://"+want["normal"]+"/robots.txt: robots: ") ||
		!strings.Contains(out, "\n"+want["normal"]+": ") || !strings.Contains(out, " locations") {
		t.Errorf("--site in text: exit %d\n%s\n%s", code, out, errs)
	}
	// With --agent and --url, every file with an evaluator answers.
	code, out, errs = runSurvey(t, "", append([]string{"check", "--site", want["normal"], "--format", "json",
		"--agent", "GPTBot", "--url", "/private/page"}, flags...)...)
	var decided siteOutput
	if err := json.Unmarshal([]byte(out), &decided); err != nil || code == exitUsage {
		t.Fatalf("--site with --agent: exit %d, %v\n%s", code, err, errs)
	}
	answered := 0
	for _, l := range decided.Locations {
		for _, f := range l.Files {
			if evaluates := extract.CanDecide(f.Type); evaluates != (f.Decision != nil) {
				t.Errorf("%s (%s): decision %+v; the format has an evaluator: %v", l.URL, f.Type, f.Decision, evaluates)
			} else if evaluates {
				answered++
				if f.Decision.Agent != "GPTBot" || f.Decision.URL != "/private/page" || f.Decision.Method != "GET" || f.Decision.Reason == "" {
					t.Errorf("%s: decision %+v", l.URL, f.Decision)
				}
			}
		}
	}
	if answered == 0 {
		t.Errorf("no file of %s answered for GPTBot", want["normal"])
	}
	// robots.txt answers without a file too, as RFC 9309 §2.3.1 says and
	// a crawl with --respect-robots obeys: a 5xx disallows every path, a
	// 404 allows every path; a site with a file answers through the file.
	for kind, wantAnswer := range map[string]string{"server-error": "disallowed §2.3.1.4", "missing-404": "allowed §2.3.1.3", "normal": ""} {
		_, out, errs := runSurvey(t, "", append([]string{"check", "--site", want[kind], "--format", "json",
			"--agent", "GPTBot", "--url", "/private/page"}, flags...)...)
		var site siteOutput
		if err := json.Unmarshal([]byte(out), &site); err != nil || len(site.Locations) == 0 || site.Locations[0].Location != "robots" {
			t.Errorf("%s: %v\n%s%s", kind, err, out, errs)
			continue
		}
		got := ""
		if d := site.Locations[0].Decision; d != nil {
			word := "disallowed"
			if d.Allowed {
				word = "allowed"
			}
			got = word + " " + d.Reason[strings.LastIndex(d.Reason, "§"):len(d.Reason)-1]
		}
		if got != wantAnswer {
			t.Errorf("%s: robots.txt's answer without a file is %q, want %q", kind, got, wantAnswer)
		}
	}

	for _, args := range [][]string{
		{"check", "--site", "example.com", "--agent", "GPTBot"},
		{"check", "--site", "example.com", "robots.txt"},
		{"check", "--site", "example.com", "--type", "robots"},
		{"check", "--site", "example.com/page"},
	} {
		if code, _, errs := runSurvey(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestCheck_RejectsTimeoutThatIsNotPositive: --timeout 0 is an error, not
// the default (which crawl.Config would have made of it).
func TestCheck_RejectsTimeoutThatIsNotPositive(t *testing.T) {
	for _, v := range []string{"0", "-1s"} {
		if code, out, errs := runSurvey(t, "", "check", "--timeout", v, "testdata/none.txt"); code != exitUsage || out != "" || !strings.HasPrefix(errs, "survey check: --timeout ") || !strings.HasSuffix(errs, ": must be positive\n") {
			t.Errorf("--timeout %s: exit %d %q %q", v, code, out, errs)
		}
	}
}

// A valid file that a conforming agent may not act on says so in the text
// output too, as "usable" does in the JSON: a file cut at the size cap, and
// an AGENTS.md served over plain HTTP (AGENTS-MD-SPEC-001 §11.1).
func TestCheck_TextSaysWhenValidIsNotUsable(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "robots.txt")
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() <= crawl.DefaultMaxBody; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d\n", i)
	}
	os.WriteFile(huge, []byte(b.String()), 0o644)
	code, out, errs := runSurvey(t, "", "check", huge)
	if want := huge + ": robots: valid (0 errors, 2 warnings, 0 infos); not usable: a conforming agent may not act on it (extract.truncated); effective policy: partial\n"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("a robots.txt over the cap: exit %d, want the summary line %q\n%s%s", code, want, out, errs)
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/AGENTS.md" {
			http.NotFound(w, r) // the canary too: the file is no soft 404
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		fmt.Fprintf(w, "# AGENTS.md\n\n## Identity\n- site: %s\n", r.Host)
	}))
	defer srv.Close()
	code, out, errs = runSurvey(t, "", "check", "--allow-private", srv.URL+"/AGENTS.md")
	if want := "; not usable: a conforming agent may not act on it (agents-md.insecure-transport)"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("an AGENTS.md over HTTP: exit %d, want %q in\n%s%s", code, want, out, errs)
	}
	// A whole file fetched as required says nothing of the kind.
	small := filepath.Join(dir, "small", "robots.txt")
	os.MkdirAll(filepath.Dir(small), 0o755)
	os.WriteFile(small, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	if _, out, _ := runSurvey(t, "", "check", small); strings.Contains(out, "not usable") {
		t.Errorf("a whole local robots.txt is said not usable:\n%s", out)
	}
}

// A URL or a site that yields no file says why in words, without the Go
// client's `Get "URL": ` prefix, and each location of a site check says
// why it was not read; a directory is named as one.
func TestCheck_FetchErrorsReadable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	defer srv.Close()

	code, out, errs := runSurvey(t, "", "check", "--allow-private", srv.URL+"/robots.txt")
	if want := "survey check: " + srv.URL + "/robots.txt: no file: absent (status_404): the server answered HTTP 404\n"; code != exitUsage || out != "" || errs != want {
		t.Errorf("a 404: exit %d, %q, want %q", code, out+errs, want)
	}
	code, _, errs = runSurvey(t, "", "check", "--allow-private", closedURL+"/robots.txt")
	if code != exitUsage || strings.Contains(errs, `Get "`) || !strings.Contains(errs, "no file: network_error (connect): ") {
		t.Errorf("a closed port: exit %d, %q", code, errs)
	}
	code, out, errs = runSurvey(t, "", "check", "--allow-private", "--site", closedURL)
	if code != exitUsage || strings.Contains(out, `Get "`) || !strings.Contains(out, "/agents.txt: agents-txt: network_error (connect): not requested: ") {
		t.Errorf("a site on a closed port: exit %d\n%s%s", code, out, errs)
	}

	dir := t.TempDir()
	if code, _, errs := runSurvey(t, "", "check", dir); code != exitUsage || errs != "survey check: "+dir+" is a directory; give one file in it (robots.txt, agents.txt, ...)\n" {
		t.Errorf("a directory: exit %d, %q", code, errs)
	}
}

// A file on disk that is a page's React Server Components payload (a
// Next.js static export's agents.txt or ai.txt) gets a note that it is page
// data, which a crawl records as no file; a real file of the location, and
// the same payload checked as JSON, get none.
func TestCheck_PageDataNote(t *testing.T) {
	payload, err := os.ReadFile("../../classify/testdata/pagedata/next14-text-row.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, typ string
		body      []byte
		want      bool
	}{
		{"agents.txt", "", payload, true},
		{"ai.txt", "ai-txt", payload, true},
		{"llms.txt", "llms-txt", payload, true},
		{"did.json", "did", payload, false},
		{"robots.txt", "", []byte("User-agent: *\nDisallow: /_next/static/chunks/\n"), false},
	} {
		p := filepath.Join(dir, c.typ+c.name)
		if err := os.WriteFile(p, c.body, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"check", p}
		if c.typ != "" {
			args = []string{"check", "--type", c.typ, p}
		}
		_, out, errs := runSurvey(t, "", args...)
		if got := strings.Contains(out, ": note: this is a web framework's data for a page, not a file"); got != c.want {
			t.Errorf("%v: page-data note %v, want %v:\n%s%s", args, got, c.want, out, errs)
		}
	}
}

// A type survey told by itself says how in the text output, when the
// operator may have meant another: from the content of a file whose name is
// none survey knows, or from the name of a file whose content reads as
// another format (robots.txt rules saved as did.json). An empty input says
// it is empty.
func TestCheck_SaysHowItToldTheType(t *testing.T) {
	write := tempFiles(t)
	rules := "User-agent: *\nDisallow: /private\n"
	for _, c := range []struct {
		file, stdin, note string // note "" when none is wanted
	}{
		{write("b.txt", rules), "", `: note: read as robots, told from its content (no format of survey's is named "b.txt"); give --type to check it as another format` + "\n"},
		{"-", rules, "-: note: read as robots, told from its content; give --type to check it as another format\n"},
		{write("wrong/did.json", rules), "", ": note: read as did, told from its name; its content reads as robots: give --type robots to check it as that\n"},
		{write("wrong/agents.txt", rules), "", ": note: read as agents-txt, told from its name; its content reads as robots: give --type robots to check it as that\n"},
		{write("robots.txt", rules), "", ""},
		{write("html/robots.txt", homePage), "", ""}, // its own diagnostic says it is HTML
	} {
		_, out, errs := runSurvey(t, c.stdin, "check", c.file)
		if got := strings.Contains(out, ": note: "); got != (c.note != "") || c.note != "" && !strings.Contains(out, c.note) {
			t.Errorf("%s: want the note %q in\n%s%s", c.file, c.note, out, errs)
		}
		// JSON says the type and nothing else of it.
		if _, out, _ := runSurvey(t, c.stdin, "check", "--format", "json", c.file); !json.Valid([]byte(out)) {
			t.Errorf("%s --format json: not JSON:\n%s", c.file, out)
		}
	}
	// --type says it: no note.
	if _, out, _ := runSurvey(t, "", "check", "--type", "robots", write("b.txt", rules)); strings.Contains(out, "note") {
		t.Errorf("--type robots b.txt: a note\n%s", out)
	}
	if code, _, errs := runSurvey(t, "", "check", "-"); code != exitUsage || !strings.HasPrefix(errs, "survey check: standard input is empty, so its type cannot be told from its content; give --type (") {
		t.Errorf("empty standard input: exit %d, %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "", "check", write("empty", "")); code != exitUsage || !strings.Contains(errs, "empty is empty, so its type cannot be told") {
		t.Errorf("an empty file: exit %d, %q", code, errs)
	}
	// A compressed file says how to check what it holds; binary data says
	// it is no text.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(rules))
	zw.Close()
	packed := write("rules.gz", gz.String())
	if code, _, errs := runSurvey(t, "", "check", packed); code != exitUsage || !strings.HasPrefix(errs, "survey check: "+packed+" is gzip-compressed: decompress it first, gzip -dc "+packed+" | survey check --type TYPE - (TYPE one of robots, ") {
		t.Errorf("a gzip file: exit %d, %q", code, errs)
	}
	if code, _, errs := runSurvey(t, gz.String(), "check", "-"); code != exitUsage || !strings.HasPrefix(errs, "survey check: standard input is gzip-compressed: decompress it first (gzip -dc) and give --type (robots, ") {
		t.Errorf("gzip on standard input: exit %d, %q", code, errs)
	}
	// A byte order mark says UTF-16 text, and how to convert it.
	utf16 := write("rules16.txt", "\xff\xfeU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00")
	if code, _, errs := runSurvey(t, "", "check", utf16); code != exitUsage || !strings.HasPrefix(errs, "survey check: "+utf16+" is UTF-16 text, not UTF-8: convert it to UTF-8 first, iconv -f UTF-16 -t UTF-8 "+utf16+" | survey check --type TYPE -") {
		t.Errorf("a UTF-16 file: exit %d, %q", code, errs)
	}
	for _, b := range []string{"\x7fELF\x02\x01\x01\x00\x00", "\xfe\xfa\xff text"} {
		bin := write("blob.dat", b)
		if code, _, errs := runSurvey(t, "", "check", bin); code != exitUsage || !strings.HasPrefix(errs, "survey check: "+bin+" is binary data, not text, so its type cannot be told from its content; give --type (") {
			t.Errorf("binary %q: exit %d, %q", b, code, errs)
		}
	}
	// Text cut inside a character at 8 KiB is text.
	if kind, _ := notText([]byte(strings.Repeat("a", 8<<10-1) + "é")); kind != "" {
		t.Errorf("text cut in a character: %q", kind)
	}
}

// The site's line counts the locations that held no file by outcome: a
// site that answers 503 everywhere is ok as a site (it answers), and its
// line says why none of its locations held a file.
func TestCheck_SiteLineCountsOutcomes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
			return
		}
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	code, out, errs := runSurvey(t, "", "check", "--allow-private", "--site", srv.URL)
	n := len(registry.Locations()) - 2 // neither robots.txt nor the canary
	want := fmt.Sprintf(": 1 file at %d locations (%d server_error), 0 invalid; site ok\n", n+1, n)
	if code != exitOK || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d, want the site's line to end %q\n%s%s", code, want, out, errs)
	}
	// The robots.txt found says what it tells the AI crawlers, as a
	// single file's check does.
	known := len(robots.AICrawlers())
	if ai := fmt.Sprintf("%s/robots.txt: AI crawlers (%d known): 0 blocked from the whole site, %d from some paths, 0 allowed everywhere\n", srv.URL, known, known); !strings.Contains(out, ai) {
		t.Errorf("want the line %q\n%s", ai, out)
	}
}

// A file of another convention is no invalid file: the site's line counts
// it apart, and the exit status is 1 for it all the same (README).
func TestCheck_SiteLineCountsOtherFormats(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/agents.txt": // a list of user agents, another format
			fmt.Fprint(w, "GPTBot\nClaudeBot\nCCBot\n")
		case "/llms.txt": // no H1 title: invalid
			fmt.Fprint(w, "Some text.\n\n- [Docs](/docs): the docs\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	code, out, errs := runSurvey(t, "", "check", "--allow-private", "--site", srv.URL)
	if want := ", 1 invalid, 1 of another format; site ok\n"; code != exitFindings || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d, want %d and the site's line to end %q\n%s%s", code, exitFindings, want, out, errs)
	}
}

// A link of the home page to a location of the site that holds no file is
// noted, in the text and in the JSON; a link to a file the site serves, or
// to another host, is not.
func TestCheck_SiteNotesUnservedLinks(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Link", `</llms.txt>; rel="describedby"; type="text/markdown"`)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!DOCTYPE html>\n<html><head>\n<title>x</title>\n"+
				`<link rel="alternate" type="text/markdown" href="/ai.txt">`+"\n"+
				`<link rel="alternate" type="text/markdown" href="https://docs.example.org/llms.txt">`+"\n"+
				"</head><body><p>Hello.</p></body></html>\n")
		case "/ai.txt":
			fmt.Fprint(w, "User-Agent: *\nDisallow: *.jpg\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	_, out, errs := runSurvey(t, "", "check", "--allow-private", "--site", srv.URL)
	var notes []string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": note: ") {
			notes = append(notes, line)
		}
	}
	want := srv.URL + "/:0: note: the home page's Link header points to /llms.txt (llms-txt), where the site serves no file: absent (status_404)"
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q, want only %q\n%s%s", notes, want, out, errs)
	}
	_, out, errs = runSurvey(t, "", "check", "--allow-private", "--site", srv.URL, "--format", "json")
	var site struct {
		UnservedLinks []map[string]any `json:"unserved_links"`
	}
	if err := json.Unmarshal([]byte(out), &site); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errs)
	}
	wantJSON := []map[string]any{{"location": "llms-txt", "source": "header", "href": "/llms.txt", "line": 0.0,
		"outcome": "absent", "reason": "status_404"}}
	if !reflect.DeepEqual(site.UnservedLinks, wantJSON) {
		t.Errorf("unserved_links %v, want %v", site.UnservedLinks, wantJSON)
	}
}

// Every field the JSON output has is in docs/check-json.md's tables: of a
// file with a decision, of a site, of its locations and of their files.
func TestCheck_JSONFieldsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/check-json.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, part := range strings.Split(first, "`")[1:] {
			if name := part[strings.LastIndexAny(part, ".]")+1:]; name != "" && !strings.ContainsAny(name, " ,") {
				documented[name] = true
			}
		}
	}
	var keys func(prefix string, v any)
	keys = func(prefix string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, sub := range x {
				if !documented[k] {
					t.Errorf("%s%s is not documented in docs/check-json.md", prefix, k)
				}
				if k != "result" && k != "summary" { // format-specific
					keys(prefix+k+".", sub)
				}
			}
		case []any:
			for _, sub := range x {
				keys(strings.TrimSuffix(prefix, ".")+"[].", sub)
			}
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisalow: /private\n")
		case "/agents.txt":
			http.Redirect(w, r, "/moved/agents.txt", http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	for _, args := range [][]string{
		{"check", "--format", "json", "--agent", "GPTBot", "--url", "/private/x", "--allow-private", srv.URL + "/robots.txt"},
		{"check", "--format", "json", "--agent", "GPTBot", "--url", "/private/x", "--allow-private", "--site", srv.URL},
	} {
		_, out, errs := runSurvey(t, "", args...)
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, out, errs)
		}
		keys("", v)
	}
}

// A URL that redirects says where its file came from: a note in the text,
// final_url in the JSON (docs/check-json.md).
func TestCheck_URLSaysWhereRedirectsEnded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/site/robots.txt", http.StatusMovedPermanently)
			return
		}
		if r.URL.Path != "/site/robots.txt" {
			http.NotFound(w, r) // the canary too: the file is no soft 404
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	code, out, errs := runSurvey(t, "", "check", "--allow-private", srv.URL+"/robots.txt")
	if want := srv.URL + "/robots.txt: note: fetched from " + srv.URL + "/site/robots.txt, after 1 redirect\n"; code != exitOK || !strings.HasPrefix(out, want) {
		t.Errorf("exit %d, want %q first in\n%s%s", code, want, out, errs)
	}
	_, out, _ = runSurvey(t, "", "check", "--allow-private", "--format", "json", srv.URL+"/robots.txt")
	var got checkOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.FinalURL != srv.URL+"/site/robots.txt" {
		t.Errorf("final_url %q (%v)\n%s", got.FinalURL, err, out)
	}
	// Without redirects there is no note.
	if _, out, _ := runSurvey(t, "", "check", "--allow-private", srv.URL+"/site/robots.txt"); strings.Contains(out, "note") {
		t.Errorf("a URL without redirects has a note:\n%s", out)
	}
}

// A URL whose file a crawl records as downgraded, redirected off the site or
// too large says so, as check --site does: the outcome and reason in the
// JSON, a note in the text. Each is compared with the simulated web's
// ground truth, and a present file with neither.
func TestCheck_URLSaysHowACrawlRecordsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("serves the simulated web")
	}
	w, ca := simWeb(t, 1000, 7)
	flags := []string{"--connect-to", w.Addrs.HTTP, "--resolver", w.Addrs.DNS, "--ca-file", ca, "--timeout", "5s", "--max-body", "64KiB"}
	seen := map[classify.Outcome]bool{}
	for domain := range w.Web.Domains() {
		truth, _ := w.Web.Truth(domain)
		for _, x := range truth {
			if !x.Outcome.HoldsFile() || seen[x.Outcome] || x.Location == registry.LocHome {
				continue
			}
			l, _ := registry.LookupLocation(x.Location)
			var code int
			var out, errs string
			for _, scheme := range []string{"https", "http"} { // as the domain's fallback goes
				u := scheme + "://" + domain + l.Path
				if code, out, errs = runSurvey(t, "", append([]string{"check", "--format", "json", u}, flags...)...); code != exitUsage {
					break
				}
			}
			var got checkOutput
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Errorf("%s %s (%s): exit %d, not JSON: %v\n%s", domain, x.Location, x.Outcome, code, err, errs)
				continue
			}
			seen[x.Outcome] = true
			if got.Outcome != x.Outcome || x.Reason != "" && got.Reason != x.Reason {
				t.Errorf("%s %s: outcome %s (%s), truth %s (%s)", domain, x.Location, got.Outcome, got.Reason, x.Outcome, x.Reason)
			}
			_, text, _ := runSurvey(t, "", append([]string{"check", "https://" + domain + l.Path}, flags...)...)
			note := fmt.Sprintf("a crawl records this fetch as %s (%s)", x.Outcome, got.Reason)
			if x.Outcome == classify.Present == strings.Contains(text, note) || x.Outcome == classify.Present && strings.Contains(text, "a crawl records") {
				t.Errorf("%s %s (%s): the note %q is wrongly there or not:\n%s", domain, x.Location, x.Outcome, note, text)
			}
		}
	}
	for _, o := range []classify.Outcome{classify.Present, classify.Downgraded, classify.Redirected, classify.TooLarge} {
		if !seen[o] {
			t.Errorf("no %s file in the population", o)
		}
	}
}

// The verdict's article follows how a format's name is said.
func TestCheck_WithArticle(t *testing.T) {
	for name, want := range map[string]string{"robots": "a robots", "agents-txt": "an agents-txt",
		"llms-txt": "an llms-txt", "tdmrep": "a tdmrep", "ai-txt": "an ai-txt", "did": "a did"} {
		if got := withArticle(name); got != want {
			t.Errorf("withArticle(%q) = %q, want %q", name, got, want)
		}
	}
}

// A URL is classified at its location, as a crawl classifies it: a page
// the site answers for every path (the same as for the canary, a path that
// cannot exist), or an HTML page where robots.txt is expected, is a soft
// 404 and yields no file, not an invalid agents.txt or robots.txt; a file
// that differs from the canary's page is checked, and so is a path of no
// location, as any file.
func TestCheck_URLSoft404IsNoFile(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/robots.txt" || r.URL.Path == "/staging/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case strings.HasPrefix(r.URL.Path, "/html/"):
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!DOCTYPE html><html><head><title>Oops</title></head><body>Page not found</body></html>")
		default:
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprintf(w, "Not Found: %s\n", r.URL.Path)
		}
	}))
	defer srv.Close()

	for _, c := range []struct {
		url, want string
		code      int
	}{
		{srv.URL + "/agents.txt", "no file: soft_404 (canary_match): the server answered HTTP 200, the same page as for /.well-known/survey-canary-", exitUsage},
		{srv.URL + "/.well-known/did.json", "no file: soft_404 (canary_match)", exitUsage},
		{srv.URL + "/robots.txt", "", exitOK},
		{srv.URL + "/staging/robots.txt", "", exitOK},
	} {
		code, out, errs := runSurvey(t, "", "check", "--allow-private", c.url)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("survey check %s: exit %d, want %d with %q\n%s%s", c.url, code, c.code, c.want, out, errs)
		}
	}

	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!DOCTYPE html><html><head><title>Welcome</title></head><body>Hello</body></html>")
	}))
	defer html.Close()
	code, out, errs := runSurvey(t, "", "check", "--allow-private", html.URL+"/robots.txt")
	if want := "no file: soft_404 (html_body): the server answered HTTP 200, an HTML page where a file was expected\n"; code != exitUsage || !strings.HasSuffix(errs, want) {
		t.Errorf("an HTML page at /robots.txt: exit %d, want %d with %q\n%s%s", code, exitUsage, want, out, errs)
	}
	// The home page is a page: it is checked.
	if code, out, errs := runSurvey(t, "", "check", "--allow-private", html.URL+"/"); code != exitOK {
		t.Errorf("the home page: exit %d\n%s%s", code, out, errs)
	}
}

// The text output keeps one diagnostic to a line and lets no file write to
// the terminal: a message that quotes a line break, an escape sequence or
// a bidirectional control of the file (the agent feed's refused DOCTYPE
// quotes its declaration) shows them as Go escapes. The JSON keeps the
// message as it is.
func TestCheck_TextEscapesControlCharacters(t *testing.T) {
	dir := t.TempDir()
	feed := filepath.Join(dir, "agent-feed.xml")
	os.WriteFile(feed, []byte("<?xml version=\"1.0\"?>\n<!DOCTYPE \x1b]0;title\x07\x1b[2J x [\n<!ENTITY a \"\u202eb\">\n]>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"/>\n"), 0o644)
	code, out, errs := runSurvey(t, "", "check", feed)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitFindings || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines, want exit 1 and 2 lines (the diagnostic, the verdict):\n%s%s", code, len(lines), out, errs)
	}
	if want := `declaration "<!DOCTYPE \x1b]0;title\a\x1b[2J x [\n<!ENTITY a \"\u202e`; !strings.Contains(lines[0], want) {
		t.Errorf("the diagnostic\n%s\nlacks %s", lines[0], want)
	}
	for _, r := range out {
		if r != '\n' && unprintable(r) {
			t.Errorf("the output holds %U:\n%q", r, out)
		}
	}

	for s, want := range map[string]string{
		"plain, with a tab\tand é": "plain, with a tab\tand é",
		"a\r\nb\x00c\x7fd\u0085e":  `a\r\nb\x00c\x7fd\u0085e`,
		"\u2066x\u2069 \xff\xfe":   `\u2066x\u2069 \xff\xfe`,
	} {
		if got := printable(s); got != want {
			t.Errorf("printable(%q) = %q, want %q", s, got, want)
		}
	}
}

// A wrong --format or --type is refused before the URL is fetched (it was
// refused after, so a URL that stalled said only that it timed out), and a
// flag given after the file, which the flag package takes for another
// file, is named as one.
func TestCheck_FlagsCheckedBeforeFetching(t *testing.T) {
	var requests sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Lock()
		n++
		requests.Unlock()
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "xml"}, `survey check: unknown --format "xml" (want text or json; markdown only with --codes)` + "\n"},
		{[]string{"--type", "robot"}, `survey check: unknown --type "robot" (want robots, `},
	} {
		args := append(append([]string{"check", "--allow-private"}, c.args...), srv.URL+"/robots.txt")
		code, out, errs := runSurvey(t, "", args...)
		if code != exitUsage || !strings.HasPrefix(errs, c.want) {
			t.Errorf("survey %s: exit %d, want %d and %q\n%s%s", strings.Join(args, " "), code, exitUsage, c.want, out, errs)
		}
	}
	if n != 0 {
		t.Errorf("the server had %d requests, want none", n)
	}

	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /\n"), 0o644)
	code, out, errs := runSurvey(t, "", "check", robots, "--format", "json", "--agent", "GPTBot", "--url", "/a")
	if code != exitOK || !strings.Contains(out, `"allowed": false`) {
		t.Errorf("flags after the file (survey check FILE --format json --agent GPTBot --url /a): exit %d, want %d and a JSON decision that disallows\n%s%s", code, exitOK, out, errs)
	}
	code, _, errs = runSurvey(t, "", "check", robots, "--", "--format")
	if want := `got 2 arguments ("` + robots + `", "--format")`; code != exitUsage || !strings.Contains(errs, want) {
		t.Errorf("survey check FILE -- --format: exit %d, want %d and %q (after --, arguments are files)\n%s", code, exitUsage, want, errs)
	}
}

// An https URL whose handshake fails says where a crawl of its domain
// would go instead: the same URL over HTTP, which a crawl falls back to
// (crawl/domain.go), or the whole site with --site. A host with a port or
// an IP address has no fallback (a crawl takes it as an origin, with its
// scheme), and --site refuses it without a scheme: nothing is said.
func TestCheck_URLNamesTheHTTPFallback(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	code, out, errs := runSurvey(t, "", "check", "--connect-to", addr, "https://example.test/robots.txt")
	want := "; a crawl of example.test falls back to HTTP here: check http://example.test/robots.txt, or the site with --site example.test\n"
	if code != exitUsage || !strings.Contains(errs, "no file: network_error (tls): ") || !strings.HasSuffix(errs, want) {
		t.Errorf("an HTTP server checked over https: exit %d, want %d and %q\n%s%s", code, exitUsage, want, out, errs)
	}
	if code, out, errs := runSurvey(t, "", "check", "--connect-to", addr, "http://example.test/robots.txt"); code != exitOK {
		t.Errorf("the URL it names: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runSurvey(t, "", "check", "--allow-private", "https://"+addr+"/robots.txt")
	if code != exitUsage || !strings.Contains(errs, "no file: network_error (tls): ") || strings.Contains(errs, "falls back") {
		t.Errorf("an address and port over https: exit %d, want %d and no fallback\n%s%s", code, exitUsage, out, errs)
	}
}

// Local files of an agent feed's origin are checked together, as a crawl
// checks them: --card compares a feed with its agent-card.json and --feed
// a card with its feed, as --did verifies a feed; a URL fetches them, and
// a local feed said only that no agent-card.json was provided.
func TestCheck_LocalFeedAndCardCompared(t *testing.T) {
	dir := filepath.Join("testdata", "check")
	file := func(name string) string { return filepath.Join(dir, name) }
	origin := []string{"check", "--origin", "https://example.com", "--did", file("did.json")}
	for _, c := range []struct {
		args []string
		code int
		want string // a code in the output, or none
		not  string // a code not in it
	}{
		{[]string{"--card", file("agent-card.json"), file("agent-feed.xml")}, exitOK, "", "agent-feed.card-"},
		{[]string{"--card", file("agent-card-moved.json"), file("agent-feed.xml")}, exitOK, "[agent-feed.card-mismatch, ", "agent-feed.card-unchecked"},
		{[]string{file("agent-feed.xml")}, exitOK, "[agent-feed.card-unchecked, ", ""},
		{[]string{"--feed", file("agent-feed.xml"), file("agent-card-moved.json")}, exitFindings, "[agent-card.feed-mismatch, ", ""},
		{[]string{"--feed", file("agent-feed.xml"), file("agent-card.json")}, exitOK, "", "agent-card.feed-"},
	} {
		code, out, errs := runSurvey(t, "", append(slices.Clone(origin), c.args...)...)
		if code != c.code || !strings.Contains(out, c.want) || c.not != "" && strings.Contains(out, c.not) {
			t.Errorf("survey check %s: exit %d, want %d, %q and no %q\n%s%s", strings.Join(c.args, " "), code, c.code, c.want, c.not, out, errs)
		}
	}
	// Without --did the feed is untrusted, so the card is not compared,
	// and says so.
	if code, out, errs := runSurvey(t, "", "check", "--origin", "https://example.com", "--feed", file("agent-feed.xml"), file("agent-card-moved.json")); code != exitOK ||
		!strings.Contains(out, "[agent-card.feed-untrusted, ") || strings.Contains(out, "feed-mismatch") {
		t.Errorf("a card and its feed without did.json: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runSurvey(t, "", "check", "--card", file("nope.json"), file("agent-feed.xml")); code != exitUsage || !strings.HasPrefix(errs, "survey check: --card: open ") {
		t.Errorf("a --card that does not exist: exit %d, %q", code, errs)
	}
	if code, _, errs := runSurvey(t, "", "check", "--feed", file("agent-feed.xml"), "--site", "example.com"); code != exitUsage || !strings.Contains(errs, "--feed is for one file, not with --site") {
		t.Errorf("--feed with --site: exit %d, %q", code, errs)
	}
}

// A feed checked by an http URL has its did.json and agent-card.json
// fetched over HTTP, as a crawl of a site that fell back to HTTP fetches
// them: the feed says that did.json came over plain HTTP, where it said
// that an https fetch of it failed.
func TestCheck_URLRelatedFilesOverTheURLsScheme(t *testing.T) {
	files := map[string]string{
		"/.well-known/agent-feed.xml":  "agent-feed.xml",
		"/.well-known/did.json":        "did.json",
		"/.well-known/agent-card.json": "agent-card.json",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, filepath.Join("testdata", "check", name))
	}))
	defer srv.Close()
	code, out, errs := runSurvey(t, "", "check", "--allow-private", srv.URL+"/.well-known/agent-feed.xml")
	want := "warning: did.json was fetched over plain HTTP (" + srv.URL + "/.well-known/did.json); did:web resolves over HTTPS only [agent-feed.did-unreachable, "
	if code != exitOK || !strings.Contains(out, want) || strings.Contains(out, "https://") {
		t.Errorf("exit %d, want %d and %q, and no https URL\n%s%s", code, exitOK, want, out, errs)
	}
}

// check --site --respect-robots fetches a site as survey crawl
// --respect-robots does: a location its robots.txt disallows to survey is
// not requested and is blocked (robots_txt); without the flag it is
// fetched. On the hostile simulated web, 18 of 300 sites whose robots.txt
// failed are unreachable to such a crawl and were ok to check --site.
func TestCheck_SiteRespectsRobots(t *testing.T) {
	var mu sync.Mutex
	requested := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requested[r.URL.Path] = true
		mu.Unlock()
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: survey\nDisallow: /agents.txt\n")
		case "/agents.txt":
			fmt.Fprint(w, "# agents.txt\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	outcome := func(args ...string) string {
		t.Helper()
		_, out, errs := runSurvey(t, "", append([]string{"check", "--allow-private", "--format", "json", "--site", srv.URL}, args...)...)
		var got siteOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, out, errs)
		}
		for _, l := range got.Locations {
			if l.Location == string(registry.LocAgentsTxt) {
				return l.Outcome + " " + l.Reason
			}
		}
		return ""
	}
	if got := outcome("--respect-robots"); got != "blocked robots_txt" || requested["/agents.txt"] {
		t.Errorf("with --respect-robots: agents-txt %q, requested %v; want blocked robots_txt, not requested", got, requested["/agents.txt"])
	}
	if got := outcome(); got != "present ok" {
		t.Errorf("without --respect-robots: agents-txt %q, want present ok", got)
	}
	if code, _, errs := runSurvey(t, "", "check", "--respect-robots", srv.URL+"/robots.txt"); code != exitUsage || !strings.Contains(errs, "--respect-robots is for --site") {
		t.Errorf("--respect-robots with a URL: exit %d, %q", code, errs)
	}
}

// A robots.txt URL that yields no file still answers --agent and --url in
// the text output, as check --site and a crawl with --respect-robots read
// it (RFC 9309 §2.3.1): a 404 allows every path, a 503 disallows every
// path, and a soft 404 is read as robots.txt all the same. The exit status
// stays 2, and the JSON has no object without a file.
func TestCheck_RobotsURLWithoutFileAnswers(t *testing.T) {
	status := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if status != 0 {
			w.WriteHeader(status)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!DOCTYPE html><html><head><title>Home</title></head><body>Welcome</body></html>")
	}))
	defer srv.Close()
	u := srv.URL + "/robots.txt"
	for _, c := range []struct {
		status int // 0: a soft 404, an HTML page with 200
		want   string
	}{
		{404, "decision: GPTBot GET /x: allowed (robots.txt answered 404, so it is unavailable and every path is allowed (RFC 9309 §2.3.1.3))\n"},
		{503, "decision: GPTBot GET /x: disallowed (robots.txt answered 503, so every path is disallowed (RFC 9309 §2.3.1.4))\n"},
		{0, "decision: GPTBot GET /x: allowed (robots.txt answered 200 with no robots.txt file; read as robots.txt all the same, "},
	} {
		status = c.status
		code, out, errs := runSurvey(t, "", "check", "--allow-private", "--agent", "GPTBot", "--url", "/x", u)
		if code != exitUsage || !strings.HasPrefix(out, u+":0: "+c.want) || !strings.Contains(errs, "no file: ") {
			t.Errorf("robots.txt answering %d (0: a soft 404): exit %d, want %d and %q\n%s%s", c.status, code, exitUsage, c.want, out, errs)
		}
		if code, out, _ := runSurvey(t, "", "check", "--allow-private", "--format", "json", "--agent", "GPTBot", "--url", "/x", u); code != exitUsage || out != "" {
			t.Errorf("robots.txt answering %d, in JSON: exit %d, %q; want %d and nothing", c.status, code, out, exitUsage)
		}
	}
}

// TestCheck_LocationNamesAndLoneMethod: --type takes a location's name
// for the format it holds (home for homepage, as --site lists the home
// page; it was refused), and --method without --agent and --url, which
// was ignored without a word, is refused as --agent alone is.
func TestCheck_LocationNamesAndLoneMethod(t *testing.T) {
	page := filepath.Join(t.TempDir(), "index.html")
	os.WriteFile(page, []byte(`<html><head><meta name="robots" content="noai"></head></html>`), 0o644)
	code, out, errs := runSurvey(t, "", "check", "--type", "home", page)
	if want := page + ": homepage: valid"; code != exitOK || !strings.HasPrefix(out, want) {
		t.Errorf("--type home: exit %d, %q %q; want %q", code, out, errs, want)
	}
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private/\n"), 0o644)
	code, _, errs = runSurvey(t, "", "check", "--method", "POST", robots)
	if want := "--method goes with --agent and --url"; code != exitUsage || !strings.Contains(errs, want) {
		t.Errorf("--method alone: exit %d, %q; want %q", code, errs, want)
	}
	if code, _, errs := runSurvey(t, "", "check", "--method", "POST", "--agent", "bot", "--url", "/private/x", robots); code != exitOK {
		t.Errorf("--method with --agent and --url: exit %d, %q", code, errs)
	}
}

// TestCheck_SiteSaysParked: a site whose home page is a parking lander is
// called parked, with who parks it, in the site line and in the JSON; an
// ordinary site is not.
func TestCheck_SiteSaysParked(t *testing.T) {
	lander := func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>example.test</title>`+
			`<script src="https://www.google.com/adsense/domains/caf.js"></script></head><body>`+
			`<h1>example.test</h1><p><a href="https://sedo.com/search/details/?domain=example.test">This domain may be for sale!</a></p>`+
			`<div id="relatedsearches1"></div></body></html>`)
	}
	ordinary := func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!DOCTYPE html><html><head><title>Bakery</title></head><body><p>Fresh bread daily.</p></body></html>")
	}
	for _, c := range []struct {
		name    string
		handler http.HandlerFunc
		parked  bool
	}{{"lander", lander, true}, {"ordinary", ordinary, false}} {
		srv := httptest.NewServer(c.handler)
		_, out, errs := runSurvey(t, "", "check", "--allow-private", "--site", srv.URL)
		if said := strings.Contains(out, "; the domain is parked ("); said != c.parked {
			t.Errorf("%s: says parked %v, want %v\n%s%s", c.name, said, c.parked, out, errs)
		}
		_, out, errs = runSurvey(t, "", "check", "--allow-private", "--site", srv.URL, "--format", "json")
		var site struct {
			Parked   bool   `json:"parked"`
			ParkedBy string `json:"parked_by"`
		}
		if err := json.Unmarshal([]byte(out), &site); err != nil {
			t.Fatalf("%s: %v\n%s%s", c.name, err, out, errs)
		}
		if site.Parked != c.parked || c.parked && site.ParkedBy == "" {
			t.Errorf("%s: parked %v by %q, want %v\n%s", c.name, site.Parked, site.ParkedBy, c.parked, out)
		}
		srv.Close()
	}
}
