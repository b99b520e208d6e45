package testweb

import (
	"fmt"
	"net/http"
	"strings"
)

// Bot-protection vendors, the suffixes of the challenge_<vendor> reasons
// (classify.ChallengeReason).
const (
	vendorCloudflare = "cloudflare"
	vendorAkamai     = "akamai"
	vendorDataDome   = "datadome"
	vendorPerimeterX = "perimeterx"
	vendorImperva    = "imperva"
	// vendorCaptcha is no vendor: a CAPTCHA wall recognised by its title
	// alone, at a refusing status (docs/outcomes.md).
	vendorCaptcha = "captcha"
)

// captchaWidgets are the CAPTCHA services' widgets of the
// botwall-captcha-gate kind's pages, one per site: the script to load and
// the class of the element it renders into.
var captchaWidgets = [...]struct{ script, class string }{
	{"https://www.google.com/recaptcha/api.js", "g-recaptcha"},
	{"https://js.hcaptcha.com/1/api.js", "h-captcha"},
	{"https://challenges.cloudflare.com/turnstile/v0/api.js", "cf-turnstile"},
}

// captchaTitles are the titles of the botwall-captcha kind's walls, one
// per site. None holds a marker of a named vendor's page.
var captchaTitles = [...]string{"Are you a human?", "Verifying you are human", "Human Verification", "Bot Check"}

// captchaGateTitles are the titles of the botwall-captcha-gate kind's
// gates, one per site: botwall-captcha's and "Security check".
var captchaGateTitles = append(captchaTitles[:len(captchaTitles):len(captchaTitles)], "Security check")

// challenge returns the challenge page a bot-wall site answers for path.
// The pages copy the structure, markers and headers of the vendors' real
// pages; the identifiers in them are derived from the site's hash.
func (w *Web) challenge(hi hostInfo, path string) reply {
	id := fmt.Sprintf("%016x", draw(hi.h, "challenge-id"))
	switch hi.kind {
	case kindWallCloudflare:
		return reply{op: opRespond, status: http.StatusForbidden, vendor: vendorCloudflare,
			file: &file{name: "testweb/challenge-cloudflare", contentType: "text/html; charset=UTF-8",
				header: cloudflareHeader(id), body: static([]byte(cloudflareManaged(hi.host, path, id)))}}
	case kindWallCloudflare503:
		return reply{op: opRespond, status: http.StatusServiceUnavailable, vendor: vendorCloudflare,
			file: &file{name: "testweb/challenge-cloudflare-503", contentType: "text/html; charset=UTF-8",
				header: cloudflareHeader(id), body: static([]byte(cloudflareJSChallenge(hi.host, path, id)))}}
	case kindWallAkamai:
		return reply{op: opRespond, status: http.StatusForbidden, vendor: vendorAkamai,
			file: &file{name: "testweb/challenge-akamai", contentType: "text/html",
				header: http.Header{"Server": {"AkamaiGHost"}, "Mime-Version": {"1.0"},
					"Cache-Control": {"max-age=0, no-cache, no-store"}, "Pragma": {"no-cache"}},
				body: static([]byte(akamaiDenied(hi, path, id)))}}
	case kindWallDataDome:
		return reply{op: opRespond, status: http.StatusForbidden, vendor: vendorDataDome,
			file: &file{name: "testweb/challenge-datadome", contentType: "text/html;charset=utf-8",
				header: http.Header{"X-Datadome": {"protected"}, "X-Dd-B": {"1"}, "X-Datadome-Cid": {id},
					"Set-Cookie": {"datadome=" + id + "; Max-Age=31536000; Domain=." + hi.name + "; Path=/; Secure; SameSite=Lax"}},
				body: static([]byte(dataDomeCaptcha(hi.host, id)))}}
	case kindWallPerimeterX:
		return reply{op: opRespond, status: http.StatusForbidden, vendor: vendorPerimeterX,
			file: &file{name: "testweb/challenge-perimeterx", contentType: "text/html",
				header: http.Header{"Cache-Control": {"private, no-cache, no-store, must-revalidate"}},
				body:   static([]byte(perimeterXCaptcha(id)))}}
	case kindWallCaptcha:
		status := http.StatusForbidden
		if draw(hi.h, "captcha-status")%2 == 1 {
			status = http.StatusServiceUnavailable
		}
		title := captchaTitles[draw(hi.h, "captcha-title")%uint64(len(captchaTitles))]
		return reply{op: opRespond, status: status, vendor: vendorCaptcha,
			file: &file{name: "testweb/challenge-captcha", contentType: typeHTML,
				header: http.Header{"Cache-Control": {"no-store"}}, body: static([]byte(captchaWall(title, hi.host, id)))}}
	case kindWallCaptchaGate:
		title := captchaGateTitles[draw(hi.h, "captcha-title")%uint64(len(captchaGateTitles))]
		widget := captchaWidgets[draw(hi.h, "captcha-widget")%uint64(len(captchaWidgets))]
		return reply{op: opRespond, status: http.StatusOK, vendor: vendorCaptcha,
			file: &file{name: "testweb/challenge-captcha-gate", contentType: typeHTML,
				header: http.Header{"Cache-Control": {"no-store"}}, body: static([]byte(captchaGate(title, widget, id)))}}
	default:
		return reply{op: opRespond, status: http.StatusOK, vendor: vendorImperva,
			file: &file{name: "testweb/challenge-imperva", contentType: "text/html",
				header: http.Header{"X-Cdn": {"Imperva"}, "X-Iinfo": {"13-" + id[:8] + "-0 0NNN RT(1700000000000 0) q(0 -1 -1 -1) r(0 -1)"},
					"Set-Cookie": {"visid_incap_" + id[:7] + "=" + id + "; expires=Thu, 01 Jan 2099 00:00:00 GMT; HttpOnly; path=/; Domain=." + hi.name}},
				body: static([]byte(impervaIframe(id)))}}
	}
}

// cloudflareHeader is the header of a Cloudflare challenge response.
func cloudflareHeader(id string) http.Header {
	return http.Header{
		"Server":                       {"cloudflare"},
		"Cf-Ray":                       {id + "-FRA"},
		"Cf-Mitigated":                 {"challenge"},
		"Cache-Control":                {"private, max-age=0, no-store, no-cache, must-revalidate, post-check=0, pre-check=0"},
		"Cross-Origin-Embedder-Policy": {"require-corp"},
		"Cross-Origin-Opener-Policy":   {"same-origin"},
		"Permissions-Policy":           {"accelerometer=(),autoplay=(),browsing-topics=(),camera=(),clipboard-read=(),clipboard-write=(),geolocation=(),gyroscope=(),hid=(),interest-cohort=(),magnetometer=(),microphone=(),payment=(),publickey-credentials-get=(),screen-wake-lock=(),serial=(),sync-xhr=(),usb=()"},
		"Referrer-Policy":              {"same-origin"},
		"X-Frame-Options":              {"SAMEORIGIN"},
	}
}

// cloudflareManaged is Cloudflare's managed challenge ("Just a moment...").
func cloudflareManaged(host, path, ray string) string {
	return `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow"><meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15;-webkit-text-size-adjust:100%;color:#313131;font-family:system-ui,-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial}body{display:flex;flex-direction:column;height:100vh;min-height:100vh}.main-content{margin:8rem auto;max-width:60rem;padding-left:1.5rem}</style><meta http-equiv="refresh" content="390"></head><body class="no-js"><div class="main-wrapper" role="main"><div class="main-content"><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "` + host + `",cType: 'managed',cRay: '` + ray + `',cH: 'Xk3d` + ray + `',cUPMDTk: "\` + path + `?__cf_chl_tk=` + ray + `",cFPWv: 'g',cITimeS: '1700000000',cTTimeMs: '1000',cMTimeMs: '390000',cTplC: 0,cTplV: 5,cTplB: 'cf',fa: "\` + path + `?__cf_chl_f_tk=` + ray + `",md: '` + ray + `',mdrd: '` + ray + `'};var cpo = document.createElement('script');cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=` + ray + `';window._cf_chl_opt.cOgUHash = location.hash === '' && location.href.indexOf('#') !== -1 ? '#' : location.hash;window._cf_chl_opt.cOgUQuery = location.search === '' && location.href.slice(0, location.href.length - window._cf_chl_opt.cOgUHash.length).indexOf('?') !== -1 ? '?' : location.search;if (window.history && window.history.replaceState) {var ogU = location.pathname + window._cf_chl_opt.cOgUQuery + window._cf_chl_opt.cOgUHash;history.replaceState(null, null, "\` + path + `?__cf_chl_rt_tk=` + ray + `" + window._cf_chl_opt.cOgUHash);cpo.onload = function() {history.replaceState(null, null, ogU);}}document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`
}

// cloudflareJSChallenge is Cloudflare's older JavaScript challenge,
// served with 503.
func cloudflareJSChallenge(host, path, ray string) string {
	return `<!DOCTYPE HTML>
<html lang="en-US">
<head>
  <meta charset="UTF-8" />
  <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
  <meta http-equiv="X-UA-Compatible" content="IE=Edge,chrome=1" />
  <meta name="robots" content="noindex, nofollow" />
  <meta name="viewport" content="width=device-width,initial-scale=1" />
  <title>Just a moment...</title>
</head>
<body>
  <table width="100%" height="100%" cellpadding="20">
    <tr>
      <td align="center" valign="middle">
          <div class="cf-browser-verification cf-im-under-attack">
  <noscript>
    <h1 data-translate="turn_on_js" style="color:#bd2426;">Please turn JavaScript on and reload the page.</h1>
  </noscript>
  <div id="cf-content" style="display:none">
    <h1><span data-translate="checking_browser">Checking your browser before accessing</span> ` + host + `.</h1>
    <p data-translate="process_is_automatic">This process is automatic. Your browser will redirect to your requested content shortly.</p>
    <p data-translate="allow_5_secs" id="cf-spinner-allow-5-secs">Please allow up to 5 seconds&hellip;</p>
  </div>
  <form class="challenge-form" id="challenge-form" action="` + path + `?__cf_chl_jschl_tk__=` + ray + `" method="POST" enctype="application/x-www-form-urlencoded">
    <input type="hidden" name="md" value="` + ray + `"/>
  </form>
  <script type="text/javascript">
  (function(){
    var a = document.getElementById('cf-content');
    a.style.display = 'block';
    window._cf_chl_opt={cvId: "2",cType: "non-interactive",cNounce: "41953",cRay: "` + ray + `",cHash: "` + ray + `",cFPWv: "b"};
    var trkjs = document.createElement('img');
    trkjs.setAttribute('src', '/cdn-cgi/images/trace/jsch/js/transparent.gif?ray=` + ray + `');
    var cpo = document.createElement('script');
    cpo.src = '/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1?ray=` + ray + `';
    document.getElementsByTagName('head')[0].appendChild(cpo);
  }());
  </script>
</div>
          <div class="attribution">
            DDoS protection by <a rel="noopener noreferrer" href="https://www.cloudflare.com/5xx-error-landing/" target="_blank">Cloudflare</a>
            <br />
            <span class="ray_id">Ray ID: <code>` + ray + `</code></span>
          </div>
      </td>
    </tr>
  </table>
</body>
</html>
`
}

// akamaiDenied is Akamai's "Access Denied" page. Most edge servers encode
// the URL and the reference number as HTML character references; a third
// of the sites use the older page with them in the clear.
func akamaiDenied(hi hostInfo, path, id string) string {
	ref := "18." + id[:8] + ".1700000000." + id[8:]
	url := "http://" + hi.host + path
	if unit(draw(hi.h, "akamai-form")) < 1.0/3 {
		return "<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \n" +
			"You don't have permission to access \"" + url + "\" on this server.<P>\n" +
			"Reference #" + ref + "\n</BODY>\n</HTML>\n"
	}
	return "<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \n" +
		"You don't have permission to access \"" + akamaiEncode(url) + "\" on this server.<P>\n" +
		"Reference&#32;&#35;" + akamaiEncode(ref) + "\n" +
		"<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;" + akamaiEncode(ref) + "</P>\n</BODY>\n</HTML>\n"
}

// akamaiEncode writes the punctuation of s as decimal character
// references, as Akamai's error pages do.
func akamaiEncode(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case ':', '/', '.', '#', ' ', '?', '=', '&', '-':
			fmt.Fprintf(&b, "&#%d;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// dataDomeCaptcha is DataDome's interstitial, which loads its captcha from
// captcha-delivery.com.
func dataDomeCaptcha(host, id string) string {
	return `<html><head><title>` + host + `</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head><body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p><script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA` + id + `','hsh':'` + strings.ToUpper(id[:14]) + `','t':'fe','s':43337,'e':'` + id + id + `','host':'geo.captcha-delivery.com','cookie':'` + id + `'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>
`
}

// perimeterXCaptcha is PerimeterX's (HUMAN's) "Press & Hold" block page.
func perimeterXCaptcha(id string) string {
	app := "PX" + id[:8]
	return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="description" content="px-captcha">
    <title>Access to this page has been denied</title>
</head>
<body>
<section class="px-captcha-container">
    <div class="px-captcha-header">Before we continue...</div>
    <div class="px-captcha-message">Press &amp; Hold to confirm you are<br>a human (and not a bot).</div>
    <div id="px-captcha"></div>
    <div class="px-captcha-refid">Reference ID ` + id + `</div>
</section>
<script>
    window._pxVid = '';
    window._pxUuid = '` + id + `';
    window._pxAppId = '` + app + `';
    window._pxHostUrl = '/` + id[:8] + `/xhr';
    window._pxCustomLogo = '';
    window._pxJsClientSrc = '/` + id[:8] + `/init.js';
    window._pxFirstPartyEnabled = true;
    var pxCaptchaSrc = '/` + id[:8] + `/captcha/captcha.js?a=c&u=` + id + `&v=&m=0';
    var script = document.createElement('script');
    script.src = pxCaptchaSrc;
    document.head.appendChild(script);
</script>
</body>
</html>
`
}

// captchaWall is the CAPTCHA wall of a vendor nobody knows: a form with a
// widget, titled title. Its title is all that tells it for a wall.
func captchaWall(title, host, id string) string {
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + title + `</title>
<link rel="stylesheet" href="/.verify/style.css">
</head>
<body>
<main class="verify">
<h1>` + title + `</h1>
<p>Before you continue to ` + host + `, we need to make sure that you are not an automated program.</p>
<form method="post" action="/.verify/submit">
<input type="hidden" name="token" value="` + id + `">
<div class="widget" data-sitekey="` + id + `"></div>
<button type="submit">Continue</button>
</form>
<p class="ref">Reference ` + id + `</p>
</main>
<script src="/.verify/widget.js" async defer></script>
</body>
</html>
`
}

// impervaIframe is Imperva's (Incapsula's) challenge: a page whose only
// content is an iframe of _Incapsula_Resource, served with 200.
func impervaIframe(id string) string {
	return `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0"><meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1"></head><body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=24&xinfo=13-` + id[:8] + `-0%200NNN%20RT%281700000000000%200%29%20q%280%20-1%20-1%20-1%29%20r%280%20-1%29&incident_id=` + id[:12] + `-` + id[12:] + `&edet=15&cinfo=ffffffff&rpinfo=0&mth=GET" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px">Request unsuccessful. Incapsula incident ID: ` + id[:12] + `-` + id[12:] + `</iframe></body></html>`
}

// captchaGate is a site's own CAPTCHA gate, served with 200 in place of
// every page: the widget of a CAPTCHA service and a sentence.
func captchaGate(title string, widget struct{ script, class string }, id string) string {
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>` + title + `</title>
<script src="` + widget.script + `" async defer></script>
</head>
<body>
<h1>` + title + `</h1>
<p>Please complete the check below to continue.</p>
<form method="post" action="/__gate">
<div class="` + widget.class + `" data-sitekey="` + id + `"></div>
<button type="submit">Continue</button>
</form>
</body>
</html>
`
}
