package classify

import (
	"net/http"
	"os"
	"testing"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// The pages below are hand-written in the shapes of real challenge and
// ordinary pages that public repositories keep as fixtures and samples,
// run through survey check. Each case is one the classifier got wrong
// before: a wall served with 200 (or 503) taken for a page or a server
// error, or an ordinary page taken for a wall.

// akamaiInterstitial is Akamai Bot Manager's bm-verify interstitial, served
// with 200: a meta refresh carrying the token, and a script that posts it.
const akamaiInterstitial = `<!DOCTYPE html><html><head>
<meta http-equiv="refresh" content="5; URL='/p/jacket-42?bm-verify=AAQAAAAJ_____example'">
<title>&nbsp;</title></head><body>
<script>var i = "AAQAAAAJ_____example";
function triggerInterstitialChallenge() {
  var xhr = new XMLHttpRequest();
  xhr.open("POST", "/_sec/verify?provider=interstitial", false);
  xhr.send(JSON.stringify({"bm-verify": i}));
}
triggerInterstitialChallenge();</script>
</body></html>`

// impervaInterstitial is Imperva's bot-protection interstitial ("Pardon Our
// Interruption"), served with 200; its title sits in a noscript element.
const impervaInterstitial = `<!DOCTYPE html><html><head><noscript><title>Pardon Our Interruption</title></noscript>
<meta name="robots" content="noindex, nofollow"><script>window.reeseSkipExpirationCheck = true;</script>
<script src="/Abc-def-Ghi-jkl-Mno" async></script></head>
<body><h1>Pardon Our Interruption</h1><p>Something about your browser made us think you were a bot.</p></body></html>`

// kasadaBlock is Kasada's block page: no text, its bootstrap and ips.js.
const kasadaBlock = `<!DOCTYPE html><html><head></head><body><script>window.KPSDK={};KPSDK.now=Date.now.bind(Date);KPSDK.start=KPSDK.now();</script>` +
	`<script src="/0a1b2c3d-0000-4000-8000-000000000001/0a1b2c3d-0000-4000-8000-000000000002/ips.js?KP_UIDz=abc&amp;x-kpsdk-im=def"></script></body></html>`

// anubisDenial is the page Anubis serves where a rule denies the client.
const anubisDenial = `<!DOCTYPE html><html lang="en"><head><title>Oh noes!</title>
<script id="anubis_version" type="application/json">"v1.21.0"</script></head>
<body><main><h1 id="title">Oh noes!</h1><p>Access Denied: error code 7f3a.</p></main></body></html>`

func readChallengeFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/challenges/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDetectChallenge_KasadaBlockPage: Kasada's block page is recognised by
// its bootstrap and ips.js, without the headers Kasada sends with it.
func TestDetectChallenge_KasadaBlockPage(t *testing.T) {
	if vendor, ok := DetectChallenge(429, http.Header{}, []byte(kasadaBlock)); !ok || vendor != "kasada" {
		t.Errorf("Kasada block page at 429: vendor %q (%v), want kasada", vendor, ok)
	}
}

// TestDetectChallenge_WallsServedWithSuccess: the walls that answer with
// 200 (or 503) were taken for the page (soft_404 at a file's location,
// present as the home page) or for a server error.
func TestDetectChallenge_WallsServedWithSuccess(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   []byte
		vendor string
	}{
		{"Anubis proof-of-work challenge", 200, readChallengeFixture(t, "anubis-200.html"), "anubis"},
		{"Anubis denial", 403, []byte(anubisDenial), "anubis"},
		{"Akamai behavioural (sec-cpt) challenge", 200, readChallengeFixture(t, "akamai-200.html"), "akamai"},
		{"Akamai bm-verify interstitial", 200, []byte(akamaiInterstitial), "akamai"},
		{"Imperva interstitial", 200, []byte(impervaInterstitial), "imperva"},
		{"F5 ASM block page", 200, readChallengeFixture(t, "f5-200.html"), "f5"},
		{"Sucuri JavaScript challenge", 200, readChallengeFixture(t, "sucuri-200.html"), "sucuri"},
		{"Wordfence lockout", 503, readChallengeFixture(t, "wordfence-503.html"), "wordfence"},
	} {
		vendor, ok := DetectChallenge(tc.status, http.Header{}, tc.body)
		if !ok || vendor != tc.vendor {
			t.Errorf("%s at %d: vendor %q (%v), want %q", tc.name, tc.status, vendor, ok, tc.vendor)
		}
	}

	// As a crawl classifies them: blocked, at a file's location and as
	// the home page, with the status kept.
	robots, _ := registry.LookupLocation(registry.LocRobots)
	home, _ := registry.LookupLocation(registry.LocHome)
	for _, loc := range []registry.Location{robots, home} {
		f := crawl.Fetch{Status: 200, Body: readChallengeFixture(t, "anubis-200.html")}
		if got, want := Fetch(&f, loc, nil), (Result{Blocked, ChallengeReason("anubis")}); got != want {
			t.Errorf("Anubis challenge at %s: %+v, want %+v", loc.ID, got, want)
		}
		f = crawl.Fetch{Status: 503, Body: readChallengeFixture(t, "wordfence-503.html")}
		if got, want := Fetch(&f, loc, nil), (Result{Blocked, ChallengeReason("wordfence")}); got != want {
			t.Errorf("Wordfence lockout at %s: %+v, want %+v", loc.ID, got, want)
		}
	}
}

// TestDetectChallenge_OrdinaryPagesNamingVendors: pages of protected sites,
// and pages about the services, carry or quote the services' strings; they
// are no walls, at any status.
func TestDetectChallenge_OrdinaryPagesNamingVendors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		body     []byte
		statuses []int
	}{
		// Kasada's SDK on a protected site's pages (KPSDK.configure names
		// the endpoints it guards): its home page and its 404 pages were
		// blocked (challenge_kasada), and so was the domain.
		{"page of a Kasada-protected site", readChallengeFixture(t, "notwall-kasada-sdk-200.html"), []int{200, 404}},
		{"page of an Akamai-protected site", readChallengeFixture(t, "notwall-akamai-sensor-200.html"), []int{200, 404}},
		{"article quoting F5's block page", readChallengeFixture(t, "notwall-f5-article-200.html"), []int{200, 404}},
		{"article about Wordfence's block page", readChallengeFixture(t, "notwall-wordfence-article-200.html"), []int{200, 404}},
		{"article about Anubis", readChallengeFixture(t, "notwall-anubis-article-200.html"), []int{200, 404, 503}},
	} {
		for _, status := range tc.statuses {
			if vendor, ok := DetectChallenge(status, http.Header{}, tc.body); ok {
				t.Errorf("%s at %d: taken for a %s challenge", tc.name, status, vendor)
			}
		}
	}

	home, _ := registry.LookupLocation(registry.LocHome)
	f := crawl.Fetch{Status: 200, Body: readChallengeFixture(t, "notwall-kasada-sdk-200.html")}
	if got := Fetch(&f, home, nil); got != (Result{Present, ReasonOK}) {
		t.Errorf("home page of a Kasada-protected site: %+v, want present", got)
	}
}
