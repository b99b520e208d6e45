package classify

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
)

// parkedHome is the home page of example.com, where the parked fixtures
// are served.
const parkedHome = "https://example.com/"

// homeFetch returns a 200 fetch of example.com's home page with body.
func homeFetch(body []byte) *crawl.Fetch {
	return &crawl.Fetch{
		URL: parkedHome, FinalURL: parkedHome, Status: 200,
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}, Body: body,
	}
}

func readParked(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata/parked", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDetectParked_Pages: the fixtures are named <by>-<n>.html for parked
// pages (by is what DetectParked must report) and notparked-<what>.html
// for ordinary pages, all served as example.com's home page.
func TestDetectParked_Pages(t *testing.T) {
	files, _ := filepath.Glob("testdata/parked/*.html")
	var parked, notParked int
	for _, file := range files {
		name := filepath.Base(file)
		by, ok := DetectParked(homeFetch(readParked(t, name)))
		if strings.HasPrefix(name, "notparked-") {
			notParked++
			if ok {
				t.Errorf("%s: taken for parked by %q; it is an ordinary page", name, by)
			}
			continue
		}
		parked++
		want := name[:strings.LastIndexByte(name, '-')]
		if !ok || by != want {
			t.Errorf("%s: by %q (%v), want %q", name, by, ok, want)
		}
	}
	if parked < 12 || notParked < 8 {
		t.Fatalf("%d parked and %d ordinary fixtures; want at least 12 and 8", parked, notParked)
	}
}

// TestDetectParked_FinalURL: a home page redirected off its site to a
// marketplace's sale page is parked, whatever the final status; a
// marketplace's own home page, crawled as itself or reached by a brand
// redirect, is not.
func TestDetectParked_FinalURL(t *testing.T) {
	page := []byte("<!DOCTYPE html><html><head><title>Welcome</title></head><body><p>Hello.</p></body></html>")
	cases := []struct {
		name, url, final string
		status           int
		want             string // "" for not parked
	}{
		{"hugedomains profile", "https://example.com/", "https://www.hugedomains.com/domain_profile.cfm?d=example&e=com", 200, "hugedomains"},
		{"hugedomains profile, whole name", "http://www.example.com/", "https://www.hugedomains.com/domain_profile.cfm?d=example.com", 200, "hugedomains"},
		{"afternic forsale, walled", "https://example.com/", "https://www.afternic.com/forsale/example.com?utm_source=TDFS&utm_medium=parkedpages", 403, "afternic"},
		{"dan buy-domain", "https://example.com/", "https://dan.com/buy-domain/example.com", 200, "dan"},
		{"sedo details", "https://example.com/", "https://sedo.com/search/details/?domain=example.com&origin=parking", 200, "sedo"},
		{"godaddy forsale", "https://example.com/", "https://forsale.godaddy.com/forsale/example.com?utm_source=TDFS_BINNS2", 200, "godaddy"},
		{"atom name", "https://example.com/", "https://www.atom.com/name/example.com", 200, "atom"},
		{"names the domain", "https://example.com/", "https://www.spaceship.com/domains/domain-search/?query=example.com&tab=aftermarket", 200, "spaceship"},
		{"sale page of another name", "https://example.com/", "https://www.spaceship.com/domains/domain-search/?query=example.net", 200, ""},
		{"a longer name", "https://example.com/", "https://sav.com/domain/myexample.com", 200, ""},
		{"marketplace home as itself", "https://www.hugedomains.com/", "https://www.hugedomains.com/", 200, ""},
		{"marketplace page as itself", "https://www.afternic.com/", "https://www.afternic.com/forsale/example.com", 200, ""},
		{"brand redirect to a home page", "https://example.com/", "https://www.afternic.com/", 200, ""},
		{"ordinary redirect", "https://example.com/", "https://www.example.com/home", 200, ""},
		{"another site", "https://example.com/", "https://example.org/forsale/example.com", 200, ""},
	}
	for _, c := range cases {
		f := &crawl.Fetch{URL: c.url, FinalURL: c.final, Status: c.status, Body: page,
			Hops: []crawl.Hop{{}}}
		by, ok := DetectParked(f)
		if got := map[bool]string{true: by}[ok]; got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.name, by, ok, c.want)
		}
	}
}

// TestDetectParked_Status: only a 2xx page counts for the page rules.
func TestDetectParked_Status(t *testing.T) {
	body := readParked(t, "sedo-1.html")
	for status, want := range map[int]bool{200: true, 203: true, 299: true, 301: false, 304: false, 404: false, 410: false, 500: false, 503: false, 199: false} {
		f := homeFetch(body)
		f.Status = status
		if _, ok := DetectParked(f); ok != want {
			t.Errorf("a Sedo lander at %d: parked %v, want %v", status, ok, want)
		}
	}
}

// TestDetectParked_ErrKind: a fetch without a complete response is never
// parked, whatever it holds.
func TestDetectParked_ErrKind(t *testing.T) {
	for _, kind := range []crawl.ErrorKind{crawl.ErrTooManyRedirects, crawl.ErrTimeout, crawl.ErrConnect} {
		f := homeFetch(readParked(t, "sedo-1.html"))
		f.ErrKind = kind
		if by, ok := DetectParked(f); ok {
			t.Errorf("%s: parked by %q", kind, by)
		}
		f = &crawl.Fetch{URL: parkedHome, FinalURL: "https://www.afternic.com/forsale/example.com", Status: 200, ErrKind: kind}
		if by, ok := DetectParked(f); ok {
			t.Errorf("%s after a redirect to a sale page: parked by %q", kind, by)
		}
	}
	if by, ok := DetectParked(&crawl.Fetch{URL: parkedHome, FinalURL: "https://www.afternic.com/forsale/example.com"}); ok {
		t.Errorf("no response (status 0): parked by %q", by)
	}
	if by, ok := DetectParked(nil); ok {
		t.Errorf("nil fetch: parked by %q", by)
	}
}

// TestDetectParked_ScanLimit: only the first parkedScan bytes are
// examined.
func TestDetectParked_ScanLimit(t *testing.T) {
	lander := readParked(t, "bodis-1.html")
	pad := func(n int) []byte {
		return append(append([]byte("<!DOCTYPE html><!--"), bytes.Repeat([]byte("x"), n)...), "-->"...)
	}
	// The lander within the first 256 KiB of a longer body.
	within := append(pad(parkedScan-len(lander)-64), lander...)
	within = append(within, bytes.Repeat([]byte(" "), 64<<10)...)
	if by, ok := DetectParked(homeFetch(within)); !ok || by != "bodis" {
		t.Errorf("lander ending before %d bytes: %q (%v), want bodis", parkedScan, by, ok)
	}
	// The lander after them.
	after := append(pad(parkedScan), lander...)
	if by, ok := DetectParked(homeFetch(after)); ok {
		t.Errorf("lander after %d bytes: parked by %q", parkedScan, by)
	}
}

// TestDetectParked_ShortPagesOnly: the wording counts on a short page only,
// a service's markers on a page of at most parkedServiceText.
func TestDetectParked_ShortPagesOnly(t *testing.T) {
	para := "<p>" + strings.Repeat("Our workshop repairs bicycles of every kind. ", 10) + "</p>\n"
	wording := []byte("<!DOCTYPE html><html><head><title>Example</title></head><body><p>This domain is for sale.</p>" +
		strings.Repeat(para, parkedWordText/len(para)+3) + "</body></html>")
	if by, ok := DetectParked(homeFetch(wording)); ok {
		t.Errorf("for-sale wording on a long page: parked by %q", by)
	}
	short := []byte("<!DOCTYPE html><html><head><title>Example</title></head><body><p>This domain is for sale.</p>" + para + "</body></html>")
	if by, ok := DetectParked(homeFetch(short)); !ok || by != "unknown" {
		t.Errorf("for-sale wording on a short page: %q (%v), want unknown", by, ok)
	}
	caf := `<script src="//www.google.com/adsense/domains/caf.js"></script>`
	long := []byte("<!DOCTYPE html><html><head>" + caf + "</head><body>" + strings.Repeat(para, parkedServiceText/len(para)+3) + "</body></html>")
	if by, ok := DetectParked(homeFetch(long)); ok {
		t.Errorf("caf.js on a long page: parked by %q", by)
	}
	sedo := `<link rel="icon" href="//img.sedoparking.com/templates/logos/sedo_logo.png">`
	long = []byte("<!DOCTYPE html><html><head>" + sedo + "</head><body>" + strings.Repeat(para, parkedServiceText/len(para)+3) + "</body></html>")
	if by, ok := DetectParked(homeFetch(long)); ok {
		t.Errorf("a parking service's icon on a long page: parked by %q", by)
	}
	// An empty stub that sends the browser to /lander, and a page with
	// text that links to a /lander page of its own.
	if by, ok := DetectParked(homeFetch([]byte(`<html><head><script>location.replace("/lander")</script></head><body></body></html>`))); !ok || by != "godaddy" {
		t.Errorf("stub: %q (%v), want godaddy", by, ok)
	}
	if by, ok := DetectParked(homeFetch([]byte(`<html><head><script>if(!window.seen){window.location.href="/lander"}</script></head><body><h1>Example Rockets</h1><p>Landers for model rockets.</p></body></html>`))); ok {
		t.Errorf("a page with text that redirects to /lander: parked by %q", by)
	}
}

// TestDetectParked_Markers: markers of services no fixture shows, and the
// markers every service shares, each alone on a short page.
func TestDetectParked_Markers(t *testing.T) {
	page := func(head string) []byte {
		return []byte("<!DOCTYPE html><html><head><title>example.com</title>" + head + "</head><body><h1>example.com</h1></body></html>")
	}
	cases := []struct {
		name string
		body []byte
		want string
	}{
		{"dsparking", page(`<script src="http://www.dsparking.com/js/lander.js"></script>`), "dsparking"},
		{"dsnextgen", page(`<script src="//dsnextgen.com/?ds=1"></script>`), "dsparking"},
		{"parklogic", page(`<iframe src="https://lander.parklogic.com/frame?d=1"></iframe>`), "parklogic"},
		{"spaceship", page(`<link rel="stylesheet" href="https://forsale.spaceship-cdn.com/static/lander.css">`), "spaceship"},
		{"godaddy's older lander", page(`<script src="https://parked-content.godaddy.com/park.js"></script>`), "godaddy"},
		{"bodis's data alone", page(`<script>window.park = "e30=";</script>`), "bodis"},
		{"namecheap's parking host", page(`<script src="//parkingpage.namecheap.com/js/p.js"></script>`), "namecheap"},
		{"adblock plus sitekey", []byte(`<!DOCTYPE html><html data-adblockkey="MFww_abc"><head><title>example.com</title></head><body><div id="target"></div></body></html>`), "unknown"},
		{"caf.js", page(`<script src="https://www.google.com/adsense/domains/caf.js"></script>`), "unknown"},
		{"adsense ads", page(`<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1"></script>`), ""},
		{"sitekey on a long page", []byte(`<!DOCTYPE html><html data-adblockkey="MFww_abc"><head><title>Example News</title></head><body>` +
			strings.Repeat("<p>The council met on Tuesday to discuss the new bus routes and the library's opening hours.</p>", 40) + `</body></html>`), ""},
	}
	for _, c := range cases {
		by, ok := DetectParked(homeFetch(c.body))
		if got := map[bool]string{true: by}[ok]; got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.name, by, ok, c.want)
		}
	}
}

// TestDetectParked_SaleLinks: a short page whose links, frames, scripts or
// meta refresh go to a marketplace's page for this very domain is a sale
// lander; a link to another domain's sale page is not.
func TestDetectParked_SaleLinks(t *testing.T) {
	page := func(inner string) []byte {
		return []byte("<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>Welcome</h1>" + inner + "</body></html>")
	}
	cases := []struct {
		name string
		body []byte
		want string
	}{
		{"split name", page(`<a href="https://www.hugedomains.com/domain_profile.cfm?d=example&amp;e=com">Buy now</a>`), "hugedomains"},
		{"another split name", page(`<a href="https://www.hugedomains.com/domain_profile.cfm?d=examplemonitor&amp;e=com">Buy now</a>`), ""},
		{"frame", page(`<iframe src="https://sedo.com/search/details/?domain=example.com" width="100%"></iframe>`), "sedo"},
		{"script redirect", page(`<script>window.location = "https://www.afternic.com/forsale/example.com?utm_medium=parkedpages";</script>`), "afternic"},
		{"scheme-relative", page(`<a href="//dan.com/buy-domain/example.com">Buy now</a>`), "dan"},
		{"escaped name", page(`<a href="https://www.spaceship.com/domain-search/?query=example%2Ecom">Buy now</a>`), "spaceship"},
		{"a longer name", page(`<a href="https://dan.com/buy-domain/example.com.au">Buy now</a>`), ""},
		{"a name within a name", page(`<a href="https://dan.com/buy-domain/myexample.com">Buy now</a>`), ""},
		{"relative link", page(`<a href="/forsale/example.com">Buy now</a>`), ""},
		{"long page", page(`<a href="https://dan.com/buy-domain/example.com">Buy now</a>` +
			strings.Repeat("<p>The council met on Tuesday to discuss the new bus routes and the library's opening hours.</p>", 100)), ""},
	}
	for _, c := range cases {
		by, ok := DetectParked(homeFetch(c.body))
		if got := map[bool]string{true: by}[ok]; got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.name, by, ok, c.want)
		}
	}
}

// TestDetectParked_Prefilter: every marker of a rule is one of the
// prefilter's, so that no recognisable page goes unparsed.
func TestDetectParked_Prefilter(t *testing.T) {
	for _, s := range parkedServices {
		for _, r := range s.refs {
			if !parkedPrefilter.in([]byte(r)) {
				t.Errorf("%s marker %q is not in the prefilter", s.by, r)
			}
		}
	}
	for _, r := range parkedGeneric {
		if !parkedPrefilter.in([]byte(r)) {
			t.Errorf("generic marker %q is not in the prefilter", r)
		}
	}
	for _, m := range parkedMarkets {
		if !parkedPrefilter.in([]byte("https://www." + m.site + "/x")) {
			t.Errorf("marketplace %s is not in the prefilter", m.site)
		}
	}
	for _, s := range []string{"window.park = 'x'", `window.location.href="/lander"`, "<html data-adblockkey=x>",
		"this domain may be for sale", "example.com is for sale", "buy this domain", "get this domain",
		"make an offer on the domain", "is parked free, courtesy of", "this domain has been registered at",
		"domain parked by", "parked domain name on", "this domain is registered with",
		"diese domain steht zum verkauf", "ce nom de domaine est à vendre", "este dominio está a la venta",
		"questo dominio è in vendita", "dit domein is te koop", "este domínio está à venda", "ta domena jest na sprzedaż"} {
		if !parkedPrefilter.in([]byte(s)) {
			t.Errorf("%q is not in the prefilter", s)
		}
	}
}

// TestDetectParked_OrdinaryHomeNotParsed: an ordinary home page holds none
// of the prefilter's strings, so it costs one pass.
func TestDetectParked_OrdinaryHomeNotParsed(t *testing.T) {
	body, err := os.ReadFile("../extract/homepage/testdata/large.html")
	if err != nil {
		t.Fatal(err)
	}
	if i := parkedPrefilter.index(body); i >= 0 {
		t.Errorf("the ordinary home page holds prefilter string %q", parkedPrefilter.strs[i])
	}
}

func BenchmarkDetectParked_OrdinaryHome(b *testing.B) {
	body, err := os.ReadFile("../extract/homepage/testdata/large.html")
	if err != nil {
		b.Fatal(err)
	}
	f := homeFetch(body)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := DetectParked(f); ok {
			b.Fatal("parked")
		}
	}
}

// FuzzDetectParked: hostile bodies and final URLs never make DetectParked
// panic.
func FuzzDetectParked(f *testing.F) {
	files, _ := filepath.Glob("testdata/parked/*.html")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(200, parkedHome, b)
		}
	}
	f.Add(307, "https://www.hugedomains.com/domain_profile.cfm?d=example&e=com", []byte(""))
	f.Add(200, "https://x/%zz?d=&e=", []byte(`<html data-adblockkey><meta http-equiv=refresh content="0;url=//dan.com/buy-domain/example.com">`))
	f.Fuzz(func(t *testing.T, status int, final string, body []byte) {
		DetectParked(&crawl.Fetch{URL: parkedHome, FinalURL: final, Status: status, Body: body})
	})
}

// TestDetectParked_OtherLanguages: for-sale landers in the languages of
// European registrars and marketplaces are parked; a shop's page that
// sells its goods ("zum Verkauf", "à vendre") without a domain is not.
func TestDetectParked_OtherLanguages(t *testing.T) {
	page := func(title, text string) []byte {
		return []byte("<!DOCTYPE html><html><head><title>" + title + "</title></head><body><h1>" + text + "</h1></body></html>")
	}
	for _, text := range []string{
		"Diese Domain steht zum Verkauf!",
		"Die Domain example.de ist jetzt zum Verkauf",
		"Ce nom de domaine est à vendre",
		"Le domaine example.fr est en vente. Ce domaine est en vente",
		"Este dominio está a la venta",
		"Questo dominio è in vendita",
		"Dit domein is te koop",
		"Este domínio está à venda",
		"Ta domena jest na sprzedaż",
	} {
		if by, ok := DetectParked(homeFetch(page("example", text))); !ok || by != "unknown" {
			t.Errorf("%q: parked %v by %q, want parked by unknown", text, ok, by)
		}
	}
	for _, text := range []string{
		"Gebrauchte Fahrräder zum Verkauf",
		"Maison à vendre à Lyon",
		"Coches en venta",
		"Fietsen te koop",
		"Domain kaufen und Website erstellen", // a registrar's home page
	} {
		if by, ok := DetectParked(homeFetch(page("Shop", text))); ok {
			t.Errorf("%q: parked by %q; it sells goods, not its domain", text, by)
		}
	}
}
