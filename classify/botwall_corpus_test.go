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
// before.

// kasadaBlock is Kasada's block page: no text, its bootstrap and ips.js.
const kasadaBlock = `<!DOCTYPE html><html><head></head><body><script>window.KPSDK={};KPSDK.now=Date.now.bind(Date);KPSDK.start=KPSDK.now();</script>` +
	`<script src="/0a1b2c3d-0000-4000-8000-000000000001/0a1b2c3d-0000-4000-8000-000000000002/ips.js?KP_UIDz=abc&amp;x-kpsdk-im=def"></script></body></html>`

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
