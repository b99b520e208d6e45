package classify

import (
	"bytes"
	"cmp"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/seeds"
)

// A parked domain's home page is a parking lander (pay-per-click ads of a
// parking service), a "this domain is for sale" lander of a domain
// marketplace, or a registrar's or host's placeholder saying the domain is
// parked or merely registered. DetectParked recognises them so that a
// survey can leave them out: a parking service's robots.txt is not a
// publisher's policy.
//
// What counts, in this order (the first rule that matches names the
// service):
//
//  1. The fetch was redirected off its site to a marketplace's or parking
//     service's sale page for a domain (parkedMarkets): the final URL's
//     site is the marketplace's and its path is a sale page
//     (hugedomains.com/domain_profile.cfm, afternic.com/forsale/, ...) or
//     names the requested domain (sedo.com/search/details/?domain=...). Any
//     final status counts, for the marketplace answers, not the site; a
//     marketplace's own home page, crawled as itself or reached by a brand
//     redirect, is no sale page.
//  2. A 2xx page (the first parkedScan bytes of an HTML body) that loads a
//     parking service's resources (parkedServices: script, frame, image or
//     stylesheet sources, or inline script text) and holds at most
//     parkedServiceText bytes of visible text.
//  3. GoDaddy's parking stub: a page with no visible text whose inline
//     script sends the browser to /lander, where GoDaddy's parking lander
//     is served.
//  4. A sale lander: a page of at most parkedServiceText bytes of visible
//     text whose links, frames, scripts or meta refresh go to a
//     marketplace's page for this very domain (the link names the
//     requested domain: a directory linking to another domain's sale page
//     is no lander).
//  5. A page of at most parkedWordText bytes of visible text (title
//     included) whose wording says the domain is for sale ("this domain is
//     for sale", "example.com may be for sale", "buy this domain", "make an
//     offer" together with the word domain, ...), parked ("is parked free,
//     courtesy of ...", "this domain is parked", "domain parked by ...") or
//     merely registered ("this domain has been registered at ..."). The
//     service is the registrar, host or marketplace the wording (or, for a
//     sale, a link to a marketplace) names, else "unknown".
//  6. Markers every parking service uses, on a short page: Google's
//     AdSense for Domains script (/adsense/domains/caf.js, served only on
//     parked domains; AdSense's ordinary ads are pagead2's adsbygoogle.js)
//     at most parkedServiceText bytes of visible text, and Adblock Plus's
//     sitekey (<html data-adblockkey=...>) at most parkedWordText: the
//     service is "unknown".
//
// Not parked: ordinary pages with AdSense ads; a registrar's or
// marketplace's own home page (long: it sells many domains, none of them
// its own); articles about domain parking, which quote the markers as text
// rather than load them; a site's own "coming soon" or under-construction
// page and web servers' default pages ("Welcome to nginx!", "It works!"),
// which say nothing of the domain being parked or sold; a long page that
// mentions a domain for sale in passing.
//
// A cheap case-insensitive prefilter (parkedPrefilter) over the body comes
// first: a page with none of its strings, as most home pages are, is never
// parsed.
const parkedScan = 256 << 10

// parkedServiceText is the most visible text (scripts and styles left
// out, white space trimmed) a page may hold for a parking service's
// markers or a sale link to count: landers draw their ads and offers with
// scripts, and say little.
const parkedServiceText = 8 << 10

// parkedWordText is the most visible text (the title included) a page may
// hold for its wording, or the Adblock Plus sitekey, to count: a lander
// says little more than that the domain is for sale or parked; a page that
// says so in passing says much more.
const parkedWordText = 2 << 10

// parkedService recognises a parking service by its resources: any of refs
// in a script, frame, image or stylesheet source or in inline script text,
// or pattern in inline script text.
type parkedService struct {
	by      string
	refs    []string // lower-case substrings
	pattern *regexp.Regexp
}

var parkedServices = []parkedService{
	// Namecheap's parking page, a ParkingCrew template ("example.com -
	// Registered at Namecheap.com", "This domain was recently registered at
	// Namecheap. Please check back later!"), styled by
	// i.cdnpark.com/themes/registrar/style_namecheap.css; www is a CNAME of
	// parkingpage.namecheap.com. Seen in hlkiller/course-hub
	// (src/components/Temporary.tsx, a copy of the page) and in DNS set-up
	// notes of many repositories. Before ParkingCrew's own markers.
	{by: "namecheap", refs: []string{"cdnpark.com/themes/registrar/style_namecheap", "parkingpage.namecheap.com"}},
	// GoDaddy's parking lander, a React page: window.LANDER_SYSTEM="PW",
	// <div id="root"> and img1.wsimg.com/parking-lander/static/js/main.*.js
	// (with AdSense for Domains' caf.js), served at /lander (rule 3 sends
	// the stub at / there); reported in many repositories' site audits
	// ("Parked on GoDaddy (wsimg.com/parking-lander)"). Its older page,
	// "... is parked free, courtesy of GoDaddy.com", loaded from
	// parked-content.godaddy.com and mcc.godaddy.com/park/.
	{by: "godaddy", refs: []string{"img1.wsimg.com/parking-lander", "window.lander_system", "parked-content.godaddy.com", "mcc.godaddy.com/park"}},
	// Sedo Domain Parking: <html data-adblockkey=...>, its logo
	// img.sedoparking.com/templates/logos/sedo_logo.png as the icon, a
	// "var dto = {...}" naming cc.sedoparking.com, then caf.js, and "This
	// webpage was generated by the domain owner using Sedo Domain
	// Parking" (a lander's HTML kept in a repository's NFT metadata,
	// alchemy models.py); newer landers are titled "example.com - This
	// website is for sale! - example Resources and Information."
	{by: "sedo", refs: []string{"sedoparking.com"}},
	// ParkingCrew (Team Internet): js.parkingcrew.net/jsparkcaf.php and
	// i.cdnpark.com/registrar/v3/loader.js, "Neither Parkingcrew nor the
	// domain owner maintain any relationship with the advertisers".
	{by: "parkingcrew", refs: []string{"parkingcrew.net", "cdnpark.com"}},
	// Bodis: its lander's data in window.park = "..." (base64) and its
	// script from parking.bodiscdn.com (inquiry.js, parking.2.x.js; a copy
	// of the script is in a repository's parking page, with
	// TRACKING_DOMAIN click-euw1.bodis.com).
	{by: "bodis", refs: []string{"bodiscdn.com", "//bodis.com", ".bodis.com/"}, pattern: regexp.MustCompile(`window\.park\s*=\s*["']`)},
	// Above.com's parking landers, from park.above.com.
	{by: "above", refs: []string{"park.above.com"}},
	// DomainSponsor / Rook Media's DSParking and its dsnextgen landers.
	{by: "dsparking", refs: []string{"dsparking.com", "dsnextgen.com"}},
	// ParkLogic's landers.
	{by: "parklogic", refs: []string{"parklogic.com"}},
	// Squarespace's page for a domain registered there without a site:
	// assets.squarespace.com/universal/scripts-compressed/parking-page-*.js
	// and .../styles-compressed/parking-page-*.css.
	{by: "squarespace", refs: []string{"/universal/scripts-compressed/parking-page-", "/universal/styles-compressed/parking-page-"}},
	// Spaceship's for-sale lander ("example.com is for sale |
	// Spaceship.com"), from forsale.spaceship-cdn.com.
	{by: "spaceship", refs: []string{"forsale.spaceship-cdn.com"}},
}

// parkedGeneric are markers that every parking service uses, checked last
// (rule 6): they say the domain is parked, not by whom.
var parkedGeneric = []string{"/adsense/domains/caf.js"}

// parkedLanderStub matches the inline script of GoDaddy's parking stub,
// <script>window.onload=function(){window.location.href="/lander"}</script>
// (its whole body: 114 bytes), reported in many repositories' site audits.
var parkedLanderStub = regexp.MustCompile(`location(?:\.href)?\s*=\s*["']/lander["']|location\.replace\(\s*["']/lander["']\s*\)`)

// parkedMarket is a marketplace or parking service whose pages sell or park
// domains: site is its registrable domain (seeds.Site), salePaths the path
// prefixes of its sale pages. A URL on site is a sale page of the
// requested domain when its path has a salePaths prefix (a redirect only),
// or when it names the domain.
type parkedMarket struct {
	by, site  string
	salePaths []string
}

var parkedMarkets = []parkedMarket{
	// https://www.hugedomains.com/domain_profile.cfm?d=example&e=com (and
	// ?d=example.com), the page HugeDomains' domains redirect to.
	{"hugedomains", "hugedomains.com", []string{"/domain_profile.cfm"}},
	// https://www.afternic.com/forsale/example.com?utm_medium=parkedpages,
	// answered with 307 by Afternic's name servers (a repository's API
	// notes: "every request to ecomom.com issues a 307 redirect to an
	// Afternic listing").
	{"afternic", "afternic.com", []string{"/forsale/", "/domain/"}},
	// https://dan.com/buy-domain/example.com.
	{"dan", "dan.com", []string{"/buy-domain/"}},
	// https://sedo.com/search/details/?domain=example.com.
	{"sedo", "sedo.com", []string{"/search/details"}},
	{"sedo", "sedoparking.com", nil},
	// https://forsale.godaddy.com/forsale/example.com?utm_source=TDFS_...
	{"godaddy", "godaddy.com", []string{"/forsale/"}},
	// https://atom.com/name/example.com (Squadhelp became Atom).
	{"atom", "atom.com", []string{"/name/"}},
	{"atom", "squadhelp.com", []string{"/name/"}},
	{"undeveloped", "undeveloped.com", nil},
	{"domainmarket", "domainmarket.com", nil},
	{"buydomains", "buydomains.com", nil},
	{"brandbucket", "brandbucket.com", nil},
	{"spaceship", "spaceship.com", nil},
	{"sav", "sav.com", nil},
	{"efty", "efty.com", nil},
	{"namecheap", "namecheap.com", nil},
	{"porkbun", "porkbun.com", nil},
	{"dynadot", "dynadot.com", nil},
	{"epik", "epik.com", nil},
	{"uniregistry", "uniregistry.com", nil},
	{"parkingcrew", "parkingcrew.net", nil},
	{"bodis", "bodis.com", nil},
	{"above", "above.com", nil},
}

// parkedForSale, parkedParked and parkedRegistered match the wording of
// for-sale landers and of registrars' and hosts' placeholders in the
// lower-case text of a short page (white space collapsed):
//   - "This domain may be for sale" (a lander answered by Caddy, in a
//     repository's survey of file hosts), "example.com is for sale | Spaceship.com",
//     "The domain name enter.ai is for sale! Make an offer via Atom.com",
//     "PrivatoCafe.com is for sale | HugeDomains", "Get This Domain",
//     "Buy this domain" (test pages of several parked-domain checkers);
//   - "codeproject.com is parked free, courtesy of GoDaddy.com." (a
//     repository's copy of the real body), "Domain Parked by OnlyDomains"
//     (silverfoxy/JSCryptoMinerStudy pagesource/vergil-sub.com), "Parked
//     Domain name on Hostinger DNS system" (Hostinger's page, quoted in
//     many repositories), "This domain name is parked for FREE by ...";
//   - "This domain has been registered via IONOS and is not yet connected
//     to a website", "This domain was recently registered at Namecheap".
var (
	parkedForSale = regexp.MustCompile(`\b(?:this|the) (?:domain(?: name)?|website|web site|site)(?: [a-z0-9-]+(?:\.[a-z0-9-]+)+)? (?:is|may be|might be|could be|is now) (?:available )?for (?:sale|purchase)\b` +
		`|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,} (?:is|may be) (?:now )?for sale\b` +
		`|\b(?:buy|get|purchase|acquire|inquire about|interested in(?: buying)?) this domain\b` +
		`|\bdomain(?: name)? (?:is )?for sale\b` +
		`|\bmake (?:an|your|us an) offer\b.*\bdomain\b|\bdomain\b.*\bmake (?:an|your|us an) offer\b` +
		// The same in the languages of the landers of European
		// registrars and marketplaces (Sedo, IONOS, Strato, OVH, Gandi,
		// Aruba, TransIP, Registro.br, home.pl): "Diese Domain steht zum
		// Verkauf", "Ce nom de domaine est à vendre", "Este dominio está a
		// la venta", "Questo dominio è in vendita", "Dit domein is te
		// koop", "Este domínio está à venda", "Ta domena jest na
		// sprzedaż". (\b is ASCII: none follows a word ending in a
		// letter outside it.)
		`|\b(?:diese|die) domain(?: [a-z0-9.-]+)? (?:steht|ist) (?:jetzt )?zum verkauf\b|\bdomain (?:steht )?zum verkauf\b` +
		`|\bce (?:nom de )?domaine(?: [a-z0-9.-]+)? est (?:à vendre|en vente)|\b(?:nom de )?domaine à vendre` +
		`|\beste dominio(?: [a-z0-9.-]+)? (?:está|esta) (?:a la venta|en venta)\b|\bdominio en venta\b` +
		`|\bquesto dominio(?: [a-z0-9.-]+)? è in vendita\b|\bdominio in vendita\b` +
		`|\bdit domein(?: [a-z0-9.-]+)? is te koop\b|\bdomein(?:naam)? te koop\b` +
		`|\beste domínio(?: [a-z0-9.-]+)? está à venda\b|\bdomínio à venda\b` +
		`|\bta domena(?: [a-z0-9.-]+)? jest na sprzedaż|\bdomena na sprzedaż`)
	parkedParked = regexp.MustCompile(`\bparked (?:for )?free\b` +
		`|\b(?:this|the) (?:domain(?: name)?|web ?page|website|site)(?: [a-z0-9-]+(?:\.[a-z0-9-]+)+)? (?:is|has been|was) (?:currently )?parked\b` +
		`|\bdomain(?: name)? (?:is )?parked (?:by|at|with|on)\b` +
		`|\bparked domain(?: name)? (?:by|at|with|on)\b`)
	parkedRegistered = regexp.MustCompile(`\b(?:this|the) domain(?: name)?(?: [a-z0-9-]+(?:\.[a-z0-9-]+)+)? (?:has (?:recently |just )?been|was (?:recently |just )?|is) registered (?:at|by|with|via|through|on)\b`)
)

// parkedProviders names the registrar, host or marketplace a placeholder's
// or lander's wording names: the key, as a word, in the text near the
// wording.
var parkedProviders = map[string]string{
	"godaddy": "godaddy", "godaddy.com": "godaddy", "namecheap": "namecheap", "namecheap.com": "namecheap",
	"ionos": "ionos", "1&1": "ionos", "hostinger": "hostinger", "onlydomains": "onlydomains",
	"porkbun": "porkbun", "dynadot": "dynadot", "gandi": "gandi", "gandi.net": "gandi",
	"network solutions": "networksolutions", "register.com": "registercom", "bluehost": "bluehost",
	"hostgator": "hostgator", "squarespace": "squarespace", "spaceship": "spaceship", "spaceship.com": "spaceship",
	"hugedomains": "hugedomains", "afternic": "afternic", "sedo": "sedo", "dan.com": "dan",
	"atom.com": "atom", "undeveloped": "undeveloped", "sav.com": "sav", "epik": "epik",
	"dreamhost": "dreamhost", "ovh": "ovh", "one.com": "onecom", "strato": "strato",
	"loopia": "loopia", "hover": "hover", "name.com": "namecom",
}

// parkedProviderWord finds parkedProviders' keys as words.
var parkedProviderWord = func() *regexp.Regexp {
	keys := make([]string, 0, len(parkedProviders))
	for k := range parkedProviders {
		keys = append(keys, regexp.QuoteMeta(k))
	}
	// Longer keys first, so that "godaddy.com" wins over "godaddy".
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(len(b), len(a)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return regexp.MustCompile(`(?:^|[^a-z0-9])(` + strings.Join(keys, "|") + `)(?:[^a-z0-9]|$)`)
}()

// parkedURLs finds URLs in inline script text (a redirect to a
// marketplace's sale page).
var parkedURLs = regexp.MustCompile(`https?://[^\s"'<>\\]+`)

// parkedPrefilter holds lower-case strings one of which every page
// DetectParked recognises contains (TestDetectParked_Prefilter): a page
// with none is not parsed.
var parkedPrefilter = newMarkers(
	// Parking services (parkedServices, parkedGeneric, parkedLanderStub).
	"parking-lander", "lander_system", "/lander", "parked-content", "mcc.godaddy.com/park",
	"sedoparking", "parkingcrew", "cdnpark", "bodis", "window.park", "park.above.com",
	"dsparking", "dsnextgen", "parklogic", "parking-page-", "spaceship-cdn", "caf.js", "adblockkey",
	"parkingpage.namecheap",
	// Marketplaces (parkedMarkets), for sale links.
	"hugedomains", "afternic", "dan.com", "sedo.com", "atom.com", "squadhelp", "undeveloped",
	"domainmarket", "buydomains", "brandbucket", "spaceship.com", "sav.com", "efty.com",
	"namecheap.com", "porkbun", "dynadot", "epik.com", "uniregistry", "above.com", "godaddy.com",
	// Wording (parkedForSale, parkedParked, parkedRegistered).
	"for sale", "for purchase", "this domain", "make an offer", "make your offer", "make us an offer",
	"zum verkauf", "domaine", "dominio", "domein", "domena", "venda",
	"parked", "registered at", "registered by", "registered with", "registered via", "registered through",
	"registered on",
)

// DetectParked reports whether f, a fetch of a domain's home page, shows a
// parked domain, and by whom: the parking service, marketplace, registrar
// or host whose lander, sale page or placeholder it is ("sedo", "bodis",
// "parkingcrew", "godaddy", "afternic", "dan", "hugedomains", "namecheap",
// "above", ...), or "unknown" when the page is recognised by its wording
// or by markers all parking services share. Only a fetch with a response
// (crawl.ErrNone) counts; a redirect to a marketplace's sale page counts
// whatever its status, the page itself only at 2xx. See parkedScan for
// the rules.
func DetectParked(f *crawl.Fetch) (by string, ok bool) {
	if f == nil || f.ErrKind != crawl.ErrNone || f.Status == 0 {
		return "", false
	}
	// A fetch that was not redirected ends where it began: on its site.
	if f.FinalURL != "" && f.FinalURL != f.URL {
		if by, ok := parkedRedirect(f, ownSite(f)); ok {
			return by, true
		}
	}
	if f.Status < 200 || f.Status > 299 {
		return "", false
	}
	body := f.Body
	if len(body) > parkedScan {
		body = body[:parkedScan]
	}
	if !LooksLikeHTML(body) || !parkedPrefilter.in(body) {
		return "", false
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		return "", false
	}
	return parkedPage(doc, ownSite(f))
}

// ownSite returns the site (seeds.Site) of the domain f asked for: of its
// first URL, or of its final URL when the first is unknown.
func ownSite(f *crawl.Fetch) string {
	raw := f.URL
	if raw == "" {
		raw = f.FinalURL
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	return seeds.Site(u.Hostname())
}

// parkedRedirect implements rule 1: f ended off its site on a marketplace's
// sale page.
func parkedRedirect(f *crawl.Fetch, own string) (by string, ok bool) {
	u, err := url.Parse(f.FinalURL)
	if err != nil || u.Hostname() == "" {
		return "", false
	}
	final := seeds.Site(u.Hostname())
	if final == own {
		return "", false
	}
	for _, m := range parkedMarkets {
		if m.site != final {
			continue
		}
		path := strings.ToLower(u.EscapedPath())
		for _, p := range m.salePaths {
			if strings.HasPrefix(path, p) {
				return m.by, true
			}
		}
		if namesDomain(u, own) {
			return m.by, true
		}
		return "", false
	}
	return "", false
}

// parkedPage implements rules 2 to 6 on a parsed page of a domain whose
// site is own.
func parkedPage(doc *goquery.Document, own string) (by string, ok bool) {
	var refs, inline, links []string
	doc.Find("script, iframe, frame, img, embed, source, link, object, a, area, form").Each(func(_ int, s *goquery.Selection) {
		name := goquery.NodeName(s)
		for _, attr := range []string{"src", "href", "data", "action"} {
			v, ok := s.Attr(attr)
			if !ok || v == "" {
				continue
			}
			v = strings.ToLower(strings.TrimSpace(v))
			switch name {
			case "a", "area", "form":
				links = append(links, v)
			case "script", "iframe", "frame":
				refs = append(refs, v)
				links = append(links, v)
			default:
				refs = append(refs, v)
			}
		}
		if name == "script" {
			if t := strings.ToLower(s.Text()); strings.TrimSpace(t) != "" {
				inline = append(inline, t)
				links = append(links, parkedURLs.FindAllString(t, 16)...)
			}
		}
	})
	doc.Find("meta[http-equiv]").Each(func(_ int, s *goquery.Selection) {
		if v, _ := s.Attr("http-equiv"); strings.EqualFold(strings.TrimSpace(v), "refresh") {
			c, _ := s.Attr("content")
			if _, target, found := strings.Cut(strings.ToLower(c), "url="); found {
				links = append(links, strings.Trim(strings.TrimSpace(target), `"'`))
			}
		}
	})
	visible := visibleText(doc)
	title := collapseSpace(strings.ToLower(doc.Find("title").First().Text()))

	// Rule 2: a parking service's resources.
	if len(visible) <= parkedServiceText {
		for _, s := range parkedServices {
			if anyContainsAny(refs, s.refs) || anyContainsAny(inline, s.refs) || anyMatches(inline, s.pattern) {
				return s.by, true
			}
		}
	}
	// Rule 3: GoDaddy's stub.
	if visible == "" && anyMatches(inline, parkedLanderStub) {
		return "godaddy", true
	}
	// Rule 4: a sale lander.
	if len(visible) <= parkedServiceText && own != "" {
		for _, l := range links {
			if by, ok := saleLink(l, own); ok {
				return by, true
			}
		}
	}
	// Rule 5: wording.
	text := strings.TrimSpace(title + " " + visible)
	if len(text) <= parkedWordText {
		if by, ok := parkedWording(text, links); ok {
			return by, true
		}
	}
	// Rule 6: markers every parking service uses.
	if len(visible) <= parkedServiceText && (anyContainsAny(refs, parkedGeneric) || anyContainsAny(inline, parkedGeneric)) {
		return "unknown", true
	}
	if len(text) <= parkedWordText && doc.Find("html[data-adblockkey]").Length() > 0 {
		return "unknown", true
	}
	return "", false
}

// parkedWording implements rule 5 on the lower-case text of a short page
// (its title and visible text).
func parkedWording(text string, links []string) (by string, ok bool) {
	for _, re := range []*regexp.Regexp{parkedParked, parkedRegistered, parkedForSale} {
		loc := re.FindStringIndex(text)
		if loc == nil {
			continue
		}
		// The provider named near the wording ("courtesy of GoDaddy.com",
		// "registered at Namecheap", "for sale | Spaceship.com").
		start, end := max(loc[0]-40, 0), min(loc[1]+60, len(text))
		if m := parkedProviderWord.FindStringSubmatch(text[start:end]); m != nil {
			return parkedProviders[m[1]], true
		}
		if re == parkedForSale {
			// A for-sale lander's marketplace, by its links.
			for _, l := range links {
				if m, _, ok := marketOf(l); ok {
					return m.by, true
				}
			}
		}
		return "unknown", true
	}
	return "", false
}

// saleLink reports whether the link raw (lower case) goes to a
// marketplace's page naming the domain whose site is own.
func saleLink(raw, own string) (by string, ok bool) {
	m, u, ok := marketOf(raw)
	if !ok || !namesDomain(u, own) {
		return "", false
	}
	return m.by, true
}

// marketOf returns the marketplace whose site the absolute link raw is on,
// and the link parsed.
func marketOf(raw string) (parkedMarket, *url.URL, bool) {
	raw = absURL(raw)
	if !strings.HasPrefix(raw, "http://") && !strings.HasPrefix(raw, "https://") {
		return parkedMarket{}, nil, false
	}
	u, err := url.Parse(raw)
	if err != nil {
		return parkedMarket{}, nil, false
	}
	s := seeds.Site(u.Hostname())
	for _, m := range parkedMarkets {
		if m.site == s {
			return m, u, true
		}
	}
	return parkedMarket{}, nil, false
}

// absURL gives a scheme-relative link (//host/path) a scheme.
func absURL(raw string) string {
	if strings.HasPrefix(raw, "//") {
		return "https:" + raw
	}
	return raw
}

// namesDomain reports whether the path or query of u names the domain own
// (a registrable domain, lower case): as a whole name
// (/forsale/example.com, ?domain=example.com), or split as HugeDomains
// does (?d=example&e=com).
func namesDomain(u *url.URL, own string) bool {
	if own == "" || !strings.Contains(own, ".") {
		return false
	}
	q := u.Query()
	if d, e := strings.ToLower(q.Get("d")), strings.ToLower(q.Get("e")); d != "" && (d == own || d+"."+e == own) {
		return true
	}
	for _, s := range []string{u.EscapedPath(), u.RawQuery, u.Path} {
		if unq, err := url.QueryUnescape(s); err == nil {
			s = unq
		}
		if containsName(strings.ToLower(s), own) {
			return true
		}
	}
	return false
}

// containsName reports whether s contains the domain name as a whole name:
// not within a longer label ("myexample.com") or name ("example.com.au").
func containsName(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		before := j == 0 || !isNameByte(s[j-1]) && s[j-1] != '.'
		after := end == len(s) || !isNameByte(s[end]) && !(s[end] == '.' && end+1 < len(s) && isNameByte(s[end+1]))
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isNameByte(c byte) bool { return isAlnum(c) || c == '-' }

// visibleText returns the lower-case text of doc's body without scripts,
// styles and templates, white space collapsed.
func visibleText(doc *goquery.Document) string {
	return collapseSpace(strings.ToLower(bodyText(doc)))
}

// bodyText returns the text of doc's body without its scripts, styles,
// noscript fallbacks and templates, which a browser does not show; doc is
// left as it was.
func bodyText(doc *goquery.Document) string {
	body := doc.Find("body").Clone()
	body.Find("script, style, noscript, template").Remove()
	return body.Text()
}

// collapseSpace trims s and turns each run of white space (no-break spaces
// included) into one space.
func collapseSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' || r == '\u00a0'
	}), " ")
}
