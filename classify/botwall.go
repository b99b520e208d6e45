package classify

import (
	"bytes"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// Challenge pages of bot-protection services are recognised from response
// headers that the services set on challenges, and from the page itself
// (parsed with goquery): its title, script sources, element ids and text.
// Only the first challengeScan bytes are examined; challenge pages are small.
// A body that is not HTML is a wall only when it is one of plainWalls'
// short messages.
//
// A challenge page stands in for the content. The markers are those of the
// challenge and block pages only, never those of the scripts the services
// put on every page of a site they protect, 200 pages and 404 pages alike:
// Cloudflare's JavaScript detections (/cdn-cgi/challenge-platform/scripts/jsd/
// or .../h/b/scripts/jsd/, window.__CF$cv$params), PerimeterX's sensor
// (window._pxAppId, client.px-cdn.net, /_px/), Imperva's
// /_Incapsula_Resource?SWJIYLWA= script, the AWS WAF JavaScript SDK
// (challenge.js, AwsWafIntegration), Akamai's sensor (/akam/13/...), the
// DataDome tag (js.datadome.co/tags.js), Kasada's SDK (p.js and the
// KPSDK.configure call that names the endpoints it protects) and Radware's
// sensor (cdn.perfdrive.com/aperture/aperture.js, SSJSConnectorObj).
const challengeScan = 64 << 10

// headerRule recognises a vendor from a header whose value (lower case)
// contains one of the given strings; an empty list matches any value.
type headerRule struct {
	vendor, header string
	values         []string
}

var challengeHeaders = []headerRule{
	{"cloudflare", "Cf-Mitigated", []string{"challenge"}},
	{"aws-waf", "X-Amzn-Waf-Action", []string{"challenge", "captcha", "block"}},
	{"vercel", "X-Vercel-Mitigated", []string{"challenge", "deny"}},
	{"sucuri", "X-Sucuri-Block", nil},
	{"kasada", "X-Kpsdk-Ct", nil},
	// SiteGround answers its challenge with 202 and this header.
	{"siteground", "Sg-Captcha", []string{"challenge"}},
}

// pageRule recognises a vendor from the parsed page: any one of its markers
// is enough, unless both or refusingOnly says otherwise.
type pageRule struct {
	vendor string
	titles []string // lower-case substrings of <title>
	// exactTitles are lower-case titles the whole <title> (white space
	// trimmed) must equal: words that, within a longer title, ordinary
	// pages use too.
	exactTitles []string
	scripts     []string // lower-case substrings of a script or iframe src, or of inline script text
	// scriptPattern, when set, matches a script or iframe src, or inline
	// script text, as scripts do.
	scriptPattern *regexp.Regexp
	frames        []string // lower-case substrings of an iframe src (a page whose content is the vendor's frame)
	ids           []string // element ids or classes (CSS selectors)
	// refreshes are lower-case substrings of the content of a
	// <meta http-equiv="refresh">: a wall that sends the browser on to its
	// challenge.
	refreshes []string
	texts     []string // lower-case substrings of the page text
	// both: the title and the text must both match (the rule's other
	// markers are not used), because each alone occurs on ordinary pages.
	both bool
	// refusingOnly: the rule counts only at a refusing status (not 2xx),
	// because its markers occur on ordinary pages that quote the vendor's.
	refusingOnly bool
	// shortPattern matches the lower-case page text, and counts only on a
	// page of at most shortText bytes of text: a block page says
	// little more than its message, a page quoting the message says more.
	shortPattern *regexp.Regexp
}

// shortText is the most text (white space trimmed) a page may hold for its
// shortPattern to count.
const shortText = 1024

var challengePages = []pageRule{
	// Cloudflare: the challenge's options (window._cf_chl_opt) and the
	// orchestrate script that runs it (/cdn-cgi/challenge-platform/h/<x>/
	// orchestrate/...), not the JavaScript detections script that shares
	// the /cdn-cgi/challenge-platform/ prefix.
	// #cf-wrapper alone is no marker: Cloudflare's 52x error pages (the
	// origin is down) have it too; its block page (error 1020) is named
	// by its title.
	{vendor: "cloudflare", titles: []string{"just a moment...", "attention required! | cloudflare", "please wait... | cloudflare", "used cloudflare to restrict access"},
		scripts:       []string{"_cf_chl_opt"},
		scriptPattern: regexp.MustCompile(`/cdn-cgi/challenge-platform/h/[^/]+/orchestrate/`),
		ids:           []string{"#challenge-form", "#challenge-running", "#cf-challenge-running", ".cf-browser-verification"}},
	{vendor: "akamai", titles: []string{"access denied"}, texts: []string{"errors.edgesuite.net", "reference #"}, both: true, refusingOnly: true},
	// Akamai Bot Manager's challenges, served with 200: the behavioural
	// (sec-cpt) challenge's container and its /_sec/cp_challenge/ resources,
	// and the bm-verify interstitial, a meta refresh and a script whose
	// triggerInterstitialChallenge posts to /_sec/verify?provider=interstitial.
	// Not bm-verify alone: links to a page that was challenged carry it in
	// their query.
	{vendor: "akamai", scripts: []string{"/_sec/cp_challenge/", "triggerinterstitialchallenge", "/_sec/verify?provider=interstitial"},
		ids: []string{"#sec-if-cpt-container"}},
	// Imperva: the challenge is a page holding one frame of
	// /_Incapsula_Resource (?SWUDNSAI=, ?CWUDNSAI=); its script of the same
	// path (?SWJIYLWA=) is on every page.
	// Its incident message, "Request unsuccessful. Incapsula incident ID:
	// 0-123456789012345678", is also the whole text of a page without the
	// frame; articles and forum posts quote it, often without an ID, and
	// short pages ask about it ("Seeing 'Request unsuccessful. Incapsula
	// incident ID'? Here is why."): the message counts with its ID only.
	{vendor: "imperva", frames: []string{"_incapsula_resource"}, shortPattern: regexp.MustCompile(`incapsula incident id:\s*\d+-\d+`)},
	{vendor: "datadome", scripts: []string{"captcha-delivery.com"}},
	// PerimeterX (HUMAN): the block page's captcha ("Press & Hold"): its
	// element, its script and the cookie it sets.
	{vendor: "perimeterx", scripts: []string{"_pxcaptcha", "captcha.px-cdn.net"}, ids: []string{"#px-captcha"}},
	// AWS WAF: the challenge and CAPTCHA interstitials' window.gokuProps
	// (the header rule recognises them too).
	{vendor: "aws-waf", scripts: []string{"gokuprops"}},
	// Sucuri: its block page, and its JavaScript challenge ("You are being
	// redirected..."), whose script sets sucuri_cloudproxy_js.
	{vendor: "sucuri", titles: []string{"sucuri website firewall"}, scripts: []string{"sucuri_cloudproxy_js"}},
	{vendor: "vercel", titles: []string{"vercel security checkpoint"}},
	{vendor: "ddos-guard", titles: []string{"ddos-guard"}},
	// Kasada: the block page's inline bootstrap (KPSDK.start = KPSDK.now(),
	// or KPSDK.scriptStart) and its ips.js, whose query names x-kpsdk-im.
	// Not "kpsdk" alone: the pages of a protected site call
	// KPSDK.configure to name the endpoints the SDK guards.
	{vendor: "kasada", scripts: []string{"kpsdk.start", "kpsdk.scriptstart", "x-kpsdk-im"}},
	// Imperva's bot protection (formerly Distil), "Pardon Our Interruption",
	// served with 200: the interstitial's own script hooks.
	{vendor: "imperva", scripts: []string{"reeseskipexpirationcheck", "__imperva_interstitial_started__"}},
	// Anubis, the proof-of-work wall many sites put before AI crawlers,
	// served with 200: its challenge's data, its version (on every page
	// Anubis serves: challenge, denial), its scripts' path.
	{vendor: "anubis", scripts: []string{"/.within.website/x/cmd/anubis/"}, ids: []string{"#anubis_challenge", "#anubis_version"}},
	// F5 BIG-IP ASM and NGINX App Protect answer a blocked request with
	// 200 by default: "Request Rejected", "The requested URL was rejected.
	// Please consult with your administrator. Your support ID is: ...".
	{vendor: "f5", titles: []string{"request rejected"}, texts: []string{"the requested url was rejected"}, both: true},
	// Wordfence (WordPress) locks out and rate-limits with 503 (and blocks
	// with 403): its pages' title and their "Generated by Wordfence" line,
	// together, for pages about Wordfence quote both.
	{vendor: "wordfence", titles: []string{"your access to this site has been limited"}, texts: []string{"generated by wordfence"}, both: true, refusingOnly: true},
	// SiteGround (shared hosting) answers a client it challenges with 202
	// and a page holding only a meta refresh to /.well-known/sgcaptcha/,
	// which serves its proof-of-work "Robot Challenge Screen" (its script
	// sets sgchallenge and sgsubmit_url).
	{vendor: "siteground", titles: []string{"robot challenge screen"}, scripts: []string{"sgchallenge", "sgsubmit_url"},
		refreshes: []string{"/.well-known/sgcaptcha"}},
	// Imunify360's WebShield (cPanel and Plesk hosts), served with 200: the
	// splash "One moment, please..." that reloads itself, and its wsidchk
	// check. The title counts only as the whole title.
	{vendor: "imunify360", exactTitles: []string{"one moment, please...", "one moment, please…"}, scripts: []string{"wsidchk"}},
	// Radware Bot Manager (formerly ShieldSquare), served with 200 after a
	// redirect to validate.perfdrive.com: its CAPTCHA page's titles and the
	// resources it loads from captcha.perfdrive.com. Not the aperture.js
	// sensor from cdn.perfdrive.com (SSJSConnectorObj): it is on every page
	// of a site Radware protects.
	{vendor: "radware", titles: []string{"radware captcha page", "radware bot manager captcha", "shieldsquare captcha"},
		scripts: []string{"captcha.perfdrive.com", "validate.perfdrive.com"}},
	// BitNinja (shared hosting servers): its browser check's title.
	{vendor: "bitninja", titles: []string{"visitor anti-robot validation"}},
}

// plainWalls are walls whose body is no HTML: a short message, answered in
// place of any file (Imunify360 answers clients that do not ask for HTML,
// with 200 or 403, {"message": "Access denied by Imunify360
// bot-protection. IPs used for automation should be whitelisted"}). A body
// of at most shortText bytes (white space trimmed) holding the message is
// the wall; a file that quotes it is longer.
var plainWalls = []struct{ vendor, message string }{
	{"imunify360", "access denied by imunify360 bot-protection"},
}

// plainWallMessages finds plainWalls' messages, in their order, without
// copying the body.
var plainWallMessages = func() *markers {
	msgs := make([]string, len(plainWalls))
	for i, w := range plainWalls {
		msgs[i] = w.message
	}
	return newMarkers(msgs...)
}()

// prefilter holds lower-case strings one of which every recognised page
// contains; a page with none is not parsed. Every title genericTitle
// matches holds one of them (TestDetectChallenge_GenericTitles).
var prefilter = newMarkers(
	"just a moment", "/orchestrate/", "cf_chl", "cf-browser-verification", "attention required",
	"please wait", "challenge-running", "used cloudflare to restrict access",
	"access denied", "incapsula", "captcha", "gokuprops", "sucuri",
	"vercel security checkpoint", "ddos-guard", "kpsdk",
	"are you a ", "are you human", "are you robot", "you are human", "you are a human",
	"security check", "bot protection", "bot check", "bot detection", "human verification",
	"_sec/", "sec-if-cpt", "reeseskipexpirationcheck", "anubis", "request rejected", "wordfence",
	"robot challenge screen", "sgchallenge", "one moment, please", "wsidchk", "anti-robot validation",
	"validate.perfdrive",
)

// genericTitle recognises CAPTCHA walls of unknown vendors by their title.
// The title alone counts only at a refusing status: at 2xx it counts on a
// CAPTCHA gate (isCaptchaGate), for ordinary pages are about CAPTCHAs too.
var genericTitle = regexp.MustCompile(`(?i)(are you (a )?(human|robot)|verify(ing)? (that )?you are (a )?human|captcha|bot (check|protection|detection)|security check|human verification)`)

// captchaWidgets are lower-case substrings of the script or frame source of
// a CAPTCHA service's widget, the one a site puts on a gate page of its
// own: Google reCAPTCHA, hCaptcha, Cloudflare Turnstile, Friendly Captcha,
// MTCaptcha, GeeTest, Arkose Labs (FunCaptcha), Yandex SmartCaptcha,
// Tencent Captcha and ALTCHA.
var captchaWidgets = []string{
	"google.com/recaptcha/", "recaptcha.net/recaptcha/", "gstatic.com/recaptcha/",
	"hcaptcha.com/", "challenges.cloudflare.com/turnstile/",
	"friendly-challenge", "friendlycaptcha", "mtcaptcha.com", "geetest.com",
	"arkoselabs.com", "funcaptcha.com", "smartcaptcha.yandexcloud.net", "captcha.qq.com",
	"captcha.qcloud.com", "altcha",
}

// captchaContainers selects the elements the widgets of captchaWidgets
// render into.
const captchaContainers = ".g-recaptcha, .h-captcha, .cf-turnstile, .frc-captcha, altcha-widget, .mtcaptcha, .smart-captcha"

// isCaptchaGate reports whether a page, whose title genericTitle matched,
// is a site's own CAPTCHA gate: a CAPTCHA service's widget (captchaWidgets,
// captchaContainers) on a page of at most shortText bytes of visible text
// (scripts and styles left out). A contact form with a reCAPTCHA, or an
// article about CAPTCHAs that shows one, says more, or is titled otherwise.
func isCaptchaGate(doc *goquery.Document, srcs []string) bool {
	if !anyContainsAny(srcs, captchaWidgets) && doc.Find(captchaContainers).Length() == 0 {
		return false
	}
	return len(strings.TrimSpace(bodyText(doc))) <= shortText
}

// DetectChallenge reports whether a response is a bot-protection challenge
// page, and from which vendor ("captcha" for an unrecognised CAPTCHA wall).
func DetectChallenge(status int, header http.Header, body []byte) (vendor string, ok bool) {
	for _, r := range challengeHeaders {
		// r.header is in canonical form, as the keys of a parsed header
		// are: a map lookup is Header.Get without canonicalising the key.
		vs := header[r.header]
		if len(vs) == 0 || vs[0] == "" {
			continue
		}
		v := strings.ToLower(vs[0])
		if len(r.values) == 0 {
			return r.vendor, true
		}
		for _, want := range r.values {
			if strings.Contains(v, want) {
				return r.vendor, true
			}
		}
	}
	if len(body) > challengeScan {
		body = body[:challengeScan]
	}
	if !LooksLikeHTML(body) {
		return plainWall(body)
	}
	if !prefilter.in(body) {
		return "", false
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		return "", false
	}
	refusing := status == 401 || status == 403 || status == 429 || status == 503 || status == 405 || status == 406
	title := strings.ToLower(strings.TrimSpace(doc.Find("title").First().Text()))
	var srcs, frames []string
	doc.Find("script, iframe").Each(func(_ int, s *goquery.Selection) {
		if src, ok := s.Attr("src"); ok {
			src = strings.ToLower(src)
			srcs = append(srcs, src)
			if goquery.NodeName(s) == "iframe" {
				frames = append(frames, src)
			}
		}
		if t := s.Text(); t != "" {
			srcs = append(srcs, strings.ToLower(t))
		}
	})
	var refreshes []string
	doc.Find("meta[http-equiv]").Each(func(_ int, s *goquery.Selection) {
		if v, _ := s.Attr("http-equiv"); strings.EqualFold(strings.TrimSpace(v), "refresh") {
			c, _ := s.Attr("content")
			refreshes = append(refreshes, strings.ToLower(c))
		}
	})
	text := strings.ToLower(doc.Text())
	for _, r := range challengePages {
		if r.refusingOnly && !refusing {
			continue
		}
		titleOK := containsAny(title, r.titles)
		if r.both {
			if titleOK && containsAny(text, r.texts) {
				return r.vendor, true
			}
			continue
		}
		if titleOK || slices.Contains(r.exactTitles, title) || anyContainsAny(refreshes, r.refreshes) ||
			anyContainsAny(srcs, r.scripts) || anyMatches(srcs, r.scriptPattern) ||
			anyContainsAny(frames, r.frames) || containsAny(text, r.texts) ||
			(r.shortPattern != nil && len(strings.TrimSpace(text)) <= shortText && r.shortPattern.MatchString(text)) {
			return r.vendor, true
		}
		for _, sel := range r.ids {
			if doc.Find(sel).Length() > 0 {
				return r.vendor, true
			}
		}
	}
	if genericTitle.MatchString(title) && (refusing || isCaptchaGate(doc, srcs)) {
		return "captcha", true
	}
	return "", false
}

// plainWall recognises a wall whose body is not HTML (plainWalls).
func plainWall(body []byte) (vendor string, ok bool) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || len(body) > shortText {
		return "", false
	}
	if i := plainWallMessages.index(body); i >= 0 {
		return plainWalls[i].vendor, true
	}
	return "", false
}

func containsAny(s string, subs []string) bool {
	if s == "" {
		return false
	}
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// anyMatches reports whether re (when not nil) matches one of list.
func anyMatches(list []string, re *regexp.Regexp) bool {
	if re == nil {
		return false
	}
	for _, s := range list {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func anyContainsAny(list, subs []string) bool {
	for _, s := range list {
		if containsAny(s, subs) {
			return true
		}
	}
	return false
}
