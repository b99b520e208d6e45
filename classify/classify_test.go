package classify

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

func TestDetectChallenge_Pages(t *testing.T) {
	files, _ := filepath.Glob("testdata/challenges/*")
	if len(files) < 10 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, file := range files {
		name := filepath.Base(file)
		body, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		// Names are vendor-status.ext, or notwall-...-status.ext.
		stem := strings.TrimSuffix(name, filepath.Ext(name))
		status, _ := strconv.Atoi(stem[strings.LastIndexByte(stem, '-')+1:])
		vendor, ok := DetectChallenge(status, http.Header{}, body)
		if strings.HasPrefix(name, "notwall-") {
			if ok {
				t.Errorf("%s: recognised as a %s challenge; it is an ordinary page", name, vendor)
			}
			continue
		}
		if want := stem[:strings.LastIndexByte(stem, '-')]; !ok || vendor != want {
			t.Errorf("%s: vendor %q (%v), want %q", name, vendor, ok, want)
		}
	}
}

// TestDetectChallenge_GenericTitles: a CAPTCHA wall of no named vendor is
// recognised by its title alone at a refusing status, whatever else its
// page holds. Titles without a word of the prefilter were taken for plain
// 403s, and at 503 for server errors.
func TestDetectChallenge_GenericTitles(t *testing.T) {
	robots, _ := registry.LookupLocation(registry.LocRobots)
	for _, title := range []string{
		"Are you a human?", "Are you a robot?", "Are you human?", "Are you robot?",
		"Verifying you are human", "Verify that you are a human", "Verify you are human",
		"Human Verification", "Bot Check", "Bot detection", "Bot protection", "Security check", "CAPTCHA",
	} {
		body := []byte("<!DOCTYPE html><html><head><title>" + title + "</title></head><body><p>This may take a few seconds.</p></body></html>")
		for _, status := range []int{403, 503} {
			f := crawl.Fetch{Status: status, Body: body}
			if got, want := Fetch(&f, robots, nil), (Result{Blocked, ChallengeReason("captcha")}); got != want {
				t.Errorf("%q at %d: %+v, want %+v", title, status, got, want)
			}
		}
		// At 200 the title alone is no wall: a page may be about CAPTCHAs.
		if v, ok := DetectChallenge(200, http.Header{}, body); ok {
			t.Errorf("%q at 200: taken for a %s challenge", title, v)
		}
	}
}

func TestDetectChallenge_Headers(t *testing.T) {
	for header, vendor := range map[string]string{
		"cf-mitigated: challenge":       "cloudflare",
		"X-Amzn-Waf-Action: captcha":    "aws-waf",
		"X-Vercel-Mitigated: challenge": "vercel",
		"X-Sucuri-Block: 20":            "sucuri",
		"X-Kpsdk-Ct: 0a1b2c":            "kasada",
	} {
		name, value, _ := strings.Cut(header, ": ")
		h := http.Header{}
		h.Set(name, value)
		if got, ok := DetectChallenge(403, h, nil); !ok || got != vendor {
			t.Errorf("%s: %q %v, want %q", header, got, ok, vendor)
		}
	}
	// DetectChallenge looks the rules' headers up as map keys.
	for _, r := range challengeHeaders {
		if c := http.CanonicalHeaderKey(r.header); c != r.header {
			t.Errorf("challenge header %q is not in canonical form (%q)", r.header, c)
		}
	}
	h := http.Header{"Cf-Ray": {"8f1c-AMS"}, "Server": {"cloudflare"}}
	if v, ok := DetectChallenge(200, h, []byte("User-agent: *\nDisallow:\n")); ok {
		t.Errorf("an ordinary response served through Cloudflare was taken for a %s challenge", v)
	}
}

// TestFetch_OrdinaryPagesOfProtectedSites: the scripts bot-protection
// services put on every page of a site (Cloudflare's JavaScript
// detections, PerimeterX's sensor) do not make its home page, its 404 pages
// or the domain blocked.
func TestFetch_OrdinaryPagesOfProtectedSites(t *testing.T) {
	home, _ := registry.LookupLocation(registry.LocHome)
	robots, _ := registry.LookupLocation(registry.LocRobots)
	read := func(name string) []byte {
		b, err := os.ReadFile("testdata/challenges/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cf := http.Header{"Server": {"cloudflare"}, "Cf-Ray": {"8f1e2d3c4b5a6978-AMS"}}
	cases := []struct {
		name string
		f    crawl.Fetch
		loc  registry.Location
		want Result
	}{
		{"cloudflare home", crawl.Fetch{Status: 200, Header: cf, Body: read("notwall-cloudflare-jsd-200.html")}, home, Result{Present, ReasonOK}},
		{"cloudflare 404", crawl.Fetch{Status: 404, Header: cf, Body: read("notwall-cloudflare-jsd-404.html")}, robots, Result{Absent, "status_404"}},
		{"perimeterx home", crawl.Fetch{Status: 200, Body: read("notwall-perimeterx-sensor-200.html")}, home, Result{Present, ReasonOK}},
		{"perimeterx 404", crawl.Fetch{Status: 404, Body: read("notwall-perimeterx-sensor-200.html")}, robots, Result{Absent, "status_404"}},
		{"cloudflare challenge", crawl.Fetch{Status: 403, Header: cf, Body: read("cloudflare-403.html")}, robots, Result{Blocked, "challenge_cloudflare"}},
		{"perimeterx block page", crawl.Fetch{Status: 403, Body: read("perimeterx-403.html")}, robots, Result{Blocked, "challenge_perimeterx"}},
	}
	var results []Result
	for _, c := range cases[:4] {
		got := Fetch(&c.f, c.loc, nil)
		results = append(results, got)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	for _, c := range cases[4:] {
		if got := Fetch(&c.f, c.loc, nil); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	if o, _ := Domain(results); o != DomainOK {
		t.Errorf("a protected site without robots.txt: domain %s, want %s", o, DomainOK)
	}
	// The orchestrate script alone is a Cloudflare challenge, in whatever
	// language the page's title is.
	orchestrate := []byte(`<!DOCTYPE html><html><head><title>Einen Moment…</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f1c"></script></body></html>`)
	if v, ok := DetectChallenge(403, http.Header{}, orchestrate); !ok || v != "cloudflare" {
		t.Errorf("Cloudflare's orchestrate script: %q %v, want cloudflare", v, ok)
	}
}

func TestLooksLikeHTML(t *testing.T) {
	for body, want := range map[string]bool{
		"<!DOCTYPE html><html>":                      true,
		"\ufeff  \n<html lang=en>":                   true,
		"<!-- generated -->\n<head><title>x</title>": true,
		"<?xml version=\"1.0\"?>\n<!DOCTYPE html>":   true,
		"<title>Not Found</title>":                   true,
		"<script>location='/'</script>":              true,
		"<h1>Not Found</h1>\n<p>The requested URL /robots.txt was not found on this server.</p>\n": true,
		"<p>Not found</p>":                       true,
		"<P>":                                    true,
		"<a href=\"/\">home</a>":                 true,
		"<b>404.</b> That is an error.":          true,
		"<br>":                                   true,
		"<table><tr><td>404</td></tr></table>":   true,
		"<font color=red>Not found</font>":       true,
		"<abbr>x</abbr>":                         false,
		"<bdi>x</bdi>":                           false,
		"<pre>User-agent: *</pre>":               false,
		"<!-- automation preferences -->\nallow": false,
		"<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>": false,
		"<feed xmlns=\"http://www.w3.org/2005/Atom\">":                                        false,
		"User-agent: *\nDisallow: /":                                                          false,
		"# AGENTS.md\n<div>inline html</div>":                                                 false,
		"{\"error\": \"<html>\"}":                                                             false,
		"<!DOCTYPE svg>":                                                                      false,
		"":                                                                                    false,
	} {
		if got := LooksLikeHTML([]byte(body)); got != want {
			t.Errorf("LooksLikeHTML(%q) = %v, want %v", body, got, want)
		}
	}
}

func TestMatchesCanary(t *testing.T) {
	const cpath = "/.well-known/survey-canary-0123abcd"
	page := func(path string) []byte {
		return []byte(`{"error":"not found","path":"` + path + `"}`)
	}
	if !MatchesCanary(page("/agents.txt"), "/agents.txt", page(cpath), cpath) {
		t.Error("an error page echoing the path did not match")
	}
	if !MatchesCanary([]byte("Not Found"), "/llms.txt", []byte("Not Found"), cpath) {
		t.Error("identical bodies did not match")
	}
	var words []string
	for i := 0; i < 120; i++ {
		words = append(words, "word"+strconv.Itoa(i*7919%1000))
	}
	long := "Sorry, the page you are looking for is not here. " + strings.Join(words, " ") + " "
	if !MatchesCanary([]byte(long+"request id 81723"), "/llms.txt", []byte(long+"request id 99121"), cpath) {
		t.Error("near-identical pages did not match")
	}
	if MatchesCanary([]byte("User-agent: *\nDisallow: /admin\n"), "/robots.txt", []byte("Not Found"), cpath) {
		t.Error("a real file matched the canary's error page")
	}
}

// TestMatchesCanary_Volatile: an error page answered at every path that
// embeds a time or a request id, too short for the similarity measure, or
// echoes the path with its slashes escaped as PHP's json_encode writes
// them, is the canary's page. Each was a file (present) in a crawl of a
// loopback server answering 200 at every path.
func TestMatchesCanary_Volatile(t *testing.T) {
	const cpath = "/.well-known/survey-canary-0123abcd"
	spring := func(path, at string) []byte {
		return []byte(`{"timestamp":"` + at + `","status":404,"error":"Not Found","path":"` + path + `"}`)
	}
	text := func(id, at string) []byte {
		return []byte("404 - the page you asked for does not exist on this server. Please check the address and try again, " +
			"or go back to the start page. If you think this is an error on our side, write to the webmaster and quote " +
			"request id " + id + " and time " + at + " so we can find it in our logs.\n")
	}
	php := func(path string) []byte {
		return []byte(`{"error":"not found","path":"` + strings.ReplaceAll(path, "/", `\/`) + `"}`)
	}
	for _, c := range []struct {
		name         string
		body, canary []byte
		path         string
	}{
		{"JSON error with a time stamp", spring("/robots.txt", "2026-11-27T06:58:01.123456789Z"), spring(cpath, "2026-11-27T06:58:00.98765Z"), "/robots.txt"},
		{"text error with a request id", text("1764226680123456789", "2026-11-27T06:58:01Z"), text("1764226679987654321", "2026-11-27T06:58:00Z"), "/llms.txt"},
		{"hexadecimal request id", []byte("Not found. Request 8f1c2a9be07d."), []byte("Not found. Request 0a7be3f9c211."), "/ai.txt"},
		{"path escaped by json_encode", php("/robots.txt"), php(cpath), "/robots.txt"},
	} {
		if !MatchesCanary(c.body, c.path, c.canary, cpath) {
			t.Errorf("%s: %q did not match the canary's %q", c.name, c.body, c.canary)
		}
	}
	// A file is no error page for differing from it in numbers only where
	// both have them.
	if MatchesCanary([]byte("User-agent: *\nCrawl-delay: 10\n"), "/robots.txt", []byte(`{"status":404}`), cpath) {
		t.Error("a real file matched the canary's JSON error")
	}
	if MatchesCanary([]byte(`{"version":"1.0","policy":[{"location":"/","tdm-reservation":1}]}`), "/.well-known/tdmrep.json",
		[]byte(`{"timestamp":"2026-11-27T06:58:00Z","status":404,"error":"Not Found"}`), cpath) {
		t.Error("a tdmrep.json matched the canary's JSON error")
	}
}

func TestFetch_Precedence(t *testing.T) {
	robots, _ := registry.LookupLocation(registry.LocRobots)
	home, _ := registry.LookupLocation(registry.LocHome)
	canaryLoc, _ := registry.LookupLocation(registry.LocCanary)
	llms, _ := registry.LookupLocation(registry.LocLLMsTxt)
	html := []byte("<!doctype html><html><title>Not found</title></html>")
	hop := []crawl.Hop{{URL: "https://a.test/robots.txt", Status: 301}}
	fragment := []byte("<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n")
	soft := &crawl.Fetch{Status: 200, Body: []byte("nothing here"), FinalURL: "https://a.test/.well-known/survey-canary-1"}
	wall := []byte(`<html><head><title>Just a moment...</title></head></html>`)
	cases := []struct {
		name string
		f    crawl.Fetch
		loc  registry.Location
		can  *crawl.Fetch
		want Result
	}{
		{"dns", crawl.Fetch{ErrKind: crawl.ErrDNS}, robots, nil, Result{NetworkError, ReasonDNS}},
		{"dns_not_found", crawl.Fetch{ErrKind: crawl.ErrNameNotFound}, robots, nil, Result{NetworkError, ReasonNameNotFound}},
		{"guard after redirect", crawl.Fetch{ErrKind: crawl.ErrGuard, Status: 302}, robots, nil, Result{NetworkError, ReasonAddressGuard}},
		{"timeout", crawl.Fetch{ErrKind: crawl.ErrTimeout}, robots, nil, Result{Timeout, ReasonRequestTimeout}},
		{"skipped", crawl.Fetch{ErrKind: crawl.ErrHostUnresponsive, Skipped: true}, robots, nil, Result{Timeout, ReasonHostUnresponsive}},
		{"rate limited", crawl.Fetch{ErrKind: crawl.ErrRateLimited, Skipped: true}, robots, nil, Result{Blocked, ReasonRateLimited}},
		{"robots.txt disallows it", crawl.Fetch{ErrKind: crawl.ErrRobotsDisallowed, Skipped: true}, robots, nil, Result{Blocked, ReasonRobotsTxt}},
		{"loop", crawl.Fetch{ErrKind: crawl.ErrLoop}, robots, nil, Result{RedirectError, ReasonLoop}},
		{"challenge at 503", crawl.Fetch{Status: 503, Body: wall}, robots, nil, Result{Blocked, "challenge_cloudflare"}},
		{"challenge at 200", crawl.Fetch{Status: 200, Body: wall}, robots, nil, Result{Blocked, "challenge_cloudflare"}},
		{"403", crawl.Fetch{Status: 403}, robots, nil, Result{Blocked, "status_403"}},
		{"429", crawl.Fetch{Status: 429}, robots, nil, Result{Blocked, "status_429"}},
		{"999, LinkedIn's refusal", crawl.Fetch{Status: 999, Body: []byte(`<html><head><script>window.onload=function(){}</script></head></html>`)}, llms, nil, Result{Blocked, "status_999"}},
		{"600, no class of RFC 9110", crawl.Fetch{Status: 600}, robots, nil, Result{ServerError, "status_600"}},
		{"502", crawl.Fetch{Status: 502}, robots, nil, Result{ServerError, "status_502"}},
		{"404", crawl.Fetch{Status: 404, Body: html}, robots, nil, Result{Absent, "status_404"}},
		{"410", crawl.Fetch{Status: 410}, robots, nil, Result{Absent, "status_410"}},
		{"400", crawl.Fetch{Status: 400}, robots, nil, Result{Absent, "status_400"}},
		{"304", crawl.Fetch{Status: 304}, robots, nil, Result{ServerError, "status_304"}},
		{"302 without Location", crawl.Fetch{Status: 302, ErrKind: crawl.ErrBadLocation}, robots, nil, Result{RedirectError, ReasonBadLocation}},
		{"302 without Location, a page", crawl.Fetch{Status: 302, ErrKind: crawl.ErrBadLocation, Body: html}, robots, nil, Result{RedirectError, ReasonBadLocation}},
		{"307 without Location, a challenge", crawl.Fetch{Status: 307, ErrKind: crawl.ErrBadLocation, Body: wall}, robots, nil, Result{Blocked, "challenge_cloudflare"}},
		{"300 not followed", crawl.Fetch{Status: 300}, robots, nil, Result{RedirectError, ReasonBadLocation}},
		{"101 as the final response", crawl.Fetch{Status: 101}, robots, nil, Result{ServerError, "status_101"}},
		{"html robots", crawl.Fetch{Status: 200, Body: html}, robots, nil, Result{Soft404, ReasonHTMLBody}},
		{"html fragment robots", crawl.Fetch{Status: 200, Body: fragment}, robots, nil, Result{Soft404, ReasonHTMLBody}},
		{"html fragment llms.txt", crawl.Fetch{Status: 200, Body: fragment}, llms, nil, Result{Soft404, ReasonHTMLBody}},
		{"html home", crawl.Fetch{Status: 200, Body: html}, home, nil, Result{Present, ReasonOK}},
		{"canary self", crawl.Fetch{Status: 200, Body: []byte("x")}, canaryLoc, nil, Result{Soft404, ReasonCanarySelf}},
		{"canary 404", crawl.Fetch{Status: 404}, canaryLoc, nil, Result{Absent, "status_404"}},
		{"canary match", crawl.Fetch{Status: 200, Body: []byte("nothing here"), FinalURL: "https://a.test/robots.txt"}, robots, soft, Result{Soft404, ReasonCanaryMatch}},
		{"soft html beats downgrade", crawl.Fetch{Status: 200, Body: html, Downgraded: true}, robots, nil, Result{Soft404, ReasonHTMLBody}},
		{"downgrade beats offsite", crawl.Fetch{Status: 200, Body: []byte("x"), Downgraded: true, Offsite: true, URL: "https://a.test/robots.txt", FinalURL: "http://b.test/robots.txt", Hops: hop}, robots, nil, Result{Downgraded, ReasonHTTPSToHTTP}},
		{"offsite beats truncated", crawl.Fetch{Status: 200, Body: []byte("x"), Offsite: true, Truncated: true, URL: "https://a.test/robots.txt", FinalURL: "https://b.test/robots.txt", Hops: hop}, robots, nil, Result{Redirected, ReasonOffsite}},
		{"truncated", crawl.Fetch{Status: 200, Body: []byte("x"), Truncated: true}, robots, nil, Result{TooLarge, ReasonBodyCap}},
		{"empty", crawl.Fetch{Status: 200}, robots, nil, Result{Present, ReasonEmpty}},
		{"only white space", crawl.Fetch{Status: 200, Body: []byte(" \n\t\r\n")}, robots, nil, Result{Present, ReasonEmpty}},
		{"a byte-order mark and a newline", crawl.Fetch{Status: 200, Body: []byte("\ufeff\n")}, llms, nil, Result{Present, ReasonEmpty}},
		{"204 No Content", crawl.Fetch{Status: 204}, robots, nil, Result{Present, ReasonEmpty}},
		{"a comment is content", crawl.Fetch{Status: 200, Body: []byte("# nothing\n")}, robots, nil, Result{Present, ReasonOK}},
		{"file", crawl.Fetch{Status: 200, Body: []byte("User-agent: *\n")}, robots, soft, Result{Present, ReasonOK}},
	}
	for _, c := range cases {
		if got := Fetch(&c.f, c.loc, c.can); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestDomain(t *testing.T) {
	cases := []struct {
		in            []Result
		outcome, reas string
	}{
		{[]Result{{Absent, "status_404"}, {Present, "ok"}}, DomainOK, ""},
		{[]Result{{Blocked, "status_403"}, {Blocked, "challenge_akamai"}}, DomainBlocked, ""},
		{[]Result{{Timeout, ReasonRequestTimeout}, {Timeout, ReasonHostUnresponsive}}, DomainTimeout, ""},
		{[]Result{{NetworkError, ReasonDNS}, {NetworkError, ReasonDNS}}, DomainUnreachable, ReasonDNS},
		{[]Result{{NetworkError, ReasonAddressGuard}, {Present, "ok"}}, DomainOK, ""},
		// With --respect-robots, a robots.txt that could not be fetched
		// disallows every other location (RFC 9309 §2.3.1.4); those not
		// requested are no answers of the site's.
		{[]Result{{NetworkError, ReasonReset}, {Blocked, ReasonRobotsTxt}, {Blocked, ReasonRobotsTxt}}, DomainUnreachable, ReasonReset},
		{[]Result{{Timeout, ReasonRequestTimeout}, {Blocked, ReasonRobotsTxt}, {Blocked, ReasonRobotsTxt}}, DomainTimeout, ""},
		{[]Result{{ServerError, "status_503"}, {Blocked, ReasonRobotsTxt}}, DomainOK, ""},
		{[]Result{{Present, ReasonOK}, {Blocked, ReasonRobotsTxt}, {Blocked, ReasonRobotsTxt}}, DomainOK, ""},
		{[]Result{{Blocked, "challenge_cloudflare"}, {Blocked, ReasonRobotsTxt}}, DomainBlocked, ""},
	}
	for _, c := range cases {
		if o, r := Domain(c.in); o != c.outcome || r != c.reas {
			t.Errorf("Domain(%v) = %s, %s; want %s, %s", c.in, o, r, c.outcome, c.reas)
		}
	}
}

func TestEveryOutcomeIsDescribed(t *testing.T) {
	for _, o := range Outcomes() {
		if o.Description() == "" {
			t.Errorf("outcome %s has no description", o)
		}
	}
}
