package testweb

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/klauspost/compress/zstd"
)

// Content types of testweb's own bodies.
const (
	typeHTML  = "text/html; charset=utf-8"
	typeText  = "text/plain; charset=utf-8"
	typeJSON  = "application/json"
	typeGzip  = "application/gzip"
	typeMDown = "text/markdown; charset=utf-8"
)

// oversizeLen is the length of the oversized robots.txt and llms.txt:
// several MiB, well over the crawler's default 1 MiB cap.
const oversizeLen = 4<<20 + 517

// ownBodies are the bodies testweb serves besides package content's:
// error pages, soft-404 pages, and the hostile files. All are built once
// per Web except the few that depend on the request path.
type ownBodies struct {
	errorPages      map[int]*file
	soft404Text     *file
	forbidden       *file
	unauthorized    *file
	tooMany         *file
	movedNoLocation *file
	oversizedRobots *file // body built once, on demand (bigRobots)
	oversizedLLMs   *file // body built once, on demand (bigLLMs)
	bomb            *file // body built once, on demand (bigBomb)
	gzipFile        *file
	badBytesRobots  *file
	hugeHeaders     *file // a robots.txt behind hugeHeaderBytes of headers
	latin1Robots    *file // a robots.txt in ISO-8859-1, labelled invalid
	utf16Robots     *file // a robots.txt in UTF-16LE with a BOM, labelled invalid
	brRobots        *file // a robots.txt compressed with brotli (Content-Encoding: br)
	zstdRobots      *file // a robots.txt compressed with zstd (Content-Encoding: zstd)
	// unavailable are the 503 pages of the unavailable-retry kind, with
	// a short and a long Retry-After.
	unavailable [2]*file
	// blank are the blank-files kind's bodies: white space only, after
	// a byte-order mark or not (blankForms).
	blank [len(blankForms)]*file
	// denied999 is the status-999 kind's page.
	denied999 *file
	// parkedLander and parkedRobots are the parked kind's lander (for
	// every path but robots.txt, naming the site) and robots.txt.
	parkedLander, parkedRobots *file
}

// blankForms are the bodies of the blank-files kind: no content, only
// white space (space, tab, CR, LF, form feed, vertical tab) after an
// optional UTF-8 byte-order mark; docs/outcomes.md calls them empty.
var blankForms = [...]string{"\n", "\r\n\r\n", " \t\n", "\ufeff", "\ufeff\n", "\n \n\t\f\v\n"}

// retryAfters are the Retry-After values of the unavailable-retry kind:
// one the crawler waits for (and retries after), one it does not.
var retryAfters = [2]string{"1", "3600"}

// hugeHeaderBytes is about the size of the huge-headers kind's header
// block: twice the crawler's cap (crawl.MaxHeaderBytes).
const hugeHeaderBytes = 128 << 10

// static returns a body function that serves b for every host.
func static(b []byte) func(string) []byte { return func(string) []byte { return b } }

// ownFile returns a testweb body named "testweb/"+slug.
func ownFile(slug, ctype string, body []byte, header http.Header) *file {
	return &file{name: "testweb/" + slug, contentType: ctype, body: static(body), header: header}
}

// newOwnBodies builds testweb's own bodies.
func newOwnBodies() (ownBodies, error) {
	b := ownBodies{errorPages: map[int]*file{}}
	for _, code := range []int{404, 410, 500, 502, 503, 504} {
		b.errorPages[code] = ownFile("error-"+strconv.Itoa(code), typeHTML, errorHTML(code), nil)
	}
	b.soft404Text = ownFile("soft404-text", typeText, []byte("Not Found\n"), nil)
	b.forbidden = ownFile("forbidden", typeText, []byte("403 Forbidden\n"), nil)
	b.unauthorized = ownFile("unauthorized", typeText, []byte("401 Unauthorized\n"),
		http.Header{"Www-Authenticate": {`Basic realm="restricted"`}})
	b.tooMany = ownFile("too-many-requests", typeText, []byte("Too Many Requests\n"),
		http.Header{"Retry-After": {"3600"}})
	b.movedNoLocation = ownFile("moved-no-location", typeHTML, []byte("<html><body><h1>302 Found</h1></body></html>\n"), nil)
	b.oversizedRobots = &file{name: "testweb/oversized-robots", contentType: typeText}
	b.oversizedLLMs = &file{name: "testweb/oversized-llms", contentType: typeMDown}
	b.bomb = &file{name: "testweb/gzip-bomb", contentType: typeText}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write([]byte(gzippedRobots)); err != nil {
		return b, fmt.Errorf("testweb: compressing the mislabelled robots.txt: %w", err)
	}
	if err := zw.Close(); err != nil {
		return b, fmt.Errorf("testweb: compressing the mislabelled robots.txt: %w", err)
	}
	b.gzipFile = ownFile("gzip-mislabeled", typeGzip, gz.Bytes(), nil)
	cookies := make([]string, hugeHeaderBytes/2048)
	for i := range cookies {
		cookies[i] = fmt.Sprintf("tracking-%03d=%s; Path=/; Max-Age=31536000", i, strings.Repeat("z", 2000))
	}
	b.hugeHeaders = ownFile("huge-headers", typeText, []byte("User-agent: *\nDisallow: /private/\n"), http.Header{"Set-Cookie": cookies})
	invalid := false
	b.latin1Robots = ownFile("robots-latin1", "text/plain; charset=iso-8859-1", []byte(latin1Robots), nil)
	b.latin1Robots.valid = &invalid
	b.utf16Robots = ownFile("robots-utf16", "text/plain; charset=utf-16", utf16LE(utf16Robots), nil)
	b.utf16Robots.valid = &invalid
	b.brRobots = ownFile("robots-br", typeText, brotliStored([]byte(encodedRobots)), nil)
	zw2, err := zstd.NewWriter(nil)
	if err != nil {
		return b, fmt.Errorf("testweb: compressing the zstd robots.txt: %w", err)
	}
	b.zstdRobots = ownFile("robots-zstd", typeText, zw2.EncodeAll([]byte(encodedRobots), nil), nil)
	zw2.Close()
	for i, ra := range retryAfters {
		b.unavailable[i] = ownFile("unavailable-retry-"+ra, typeHTML, errorHTML(http.StatusServiceUnavailable),
			http.Header{"Retry-After": {ra}})
	}
	for i, f := range blankForms {
		b.blank[i] = ownFile("blank-"+strconv.Itoa(i), typeText, []byte(f), nil)
	}
	b.denied999 = ownFile("status-999", typeHTML, []byte(denied999Page), nil)
	b.parkedLander = &file{name: "testweb/parked-lander", contentType: typeHTML,
		body: func(seed string) []byte { return []byte(parkedLanderPage(seed)) }}
	b.parkedRobots = ownFile("parked-robots", typeText, []byte("User-agent: *\nAllow: /\n"), nil)
	b.badBytesRobots = ownFile("bad-bytes-robots", typeText, []byte("User-agent: *\nDisallow: /caf\xe9/\nDisallow: /a\x00b/\nDisallow: /tmp/\n"), nil)
	return b, nil
}

// gzippedRobots is the robots.txt that the gzip-mislabeled kind serves
// compressed.
const gzippedRobots = "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n"

// latin1Robots is the robots-latin1 kind's robots.txt: ISO-8859-1 bytes
// (0xE9 é, 0xFC ü, 0xDF ß), not valid UTF-8. RFC 9309 §2.3: the file MUST
// be UTF-8, whatever charset the Content-Type names.
const latin1Robots = "# Robots f\xfcr www.example.com \xa9 2019\nUser-agent: *\nDisallow: /caf\xe9/\nDisallow: /stra\xdfe/\nDisallow: /tmp/\n"

// utf16Robots is the text of the robots-utf16 kind's robots.txt, served
// as UTF-16LE after a byte order mark.
const utf16Robots = "User-agent: *\r\nDisallow: /caf\u00e9/\r\nDisallow: /tmp/\r\n"

// encodedRobots is the robots.txt that the encoding-unrequested kind
// serves compressed with br or zstd.
const encodedRobots = "User-agent: *\nDisallow: /private/\nDisallow: /search\n\nSitemap: https://example.com/sitemap.xml\n"

// utf16LE encodes s as UTF-16LE after a byte order mark.
func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// brotliStored encodes b (at most 65,536 bytes) as a brotli stream (RFC
// 7932) of one uncompressed meta-block: a valid stream that any brotli
// decoder expands to b, built without a brotli encoder.
func brotliStored(b []byte) []byte {
	// Bits, least significant first: WBITS 16 (1 bit, 0); ISLAST 0;
	// MNIBBLES 4 (2 bits, 0); MLEN-1 (16 bits); ISUNCOMPRESSED 1; then
	// zero bits to the byte boundary.
	v := uint32(len(b)-1)<<4 | 1<<20
	out := []byte{byte(v), byte(v >> 8), byte(v >> 16)}
	out = append(out, b...)
	// The last meta-block: ISLAST 1, ISLASTEMPTY 1.
	return append(out, 0x03)
}

// errorPage returns the HTML error page for status.
func (b *ownBodies) errorPage(status int) *file {
	if f, ok := b.errorPages[status]; ok {
		return f
	}
	return ownFile("error-"+strconv.Itoa(status), typeHTML, errorHTML(status), nil)
}

// errorHTML is an nginx-style error page.
func errorHTML(status int) []byte {
	line := strconv.Itoa(status) + " " + http.StatusText(status)
	return []byte("<html>\r\n<head><title>" + line + "</title></head>\r\n<body>\r\n<center><h1>" + line +
		"</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")
}

// soft404HTML is the page a soft404-html site answers for every path.
func (b *ownBodies) soft404HTML(path string) *file {
	page := "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Page not found</title></head>\n" +
		"<body>\n<h1>Oops! That page can&rsquo;t be found.</h1>\n<p>Nothing was found at " + htmlEscape(path) +
		". Maybe try a search?</p>\n</body>\n</html>\n"
	return ownFile("soft404-html", typeHTML, []byte(page), nil)
}

// soft404JSON is the JSON a soft404-json site answers for every path: it
// echoes the path.
func (b *ownBodies) soft404JSON(path string) *file {
	p, _ := json.Marshal(path) // a string always encodes
	body := []byte(`{"status":404,"error":"Not Found","path":` + string(p) + "}\n")
	return ownFile("soft404-json", typeJSON, body, nil)
}

// soft404Volatile is what a soft404-volatile site answers for path: an
// error naming a time and a request id, drawn from the site's hash h and
// the path, so that no two paths of a site get the same bytes. Half the
// sites answer Spring Boot's JSON error (which echoes the path), half a
// plain text one. Both are shorter than 256 bytes and every changing word
// holds a digit: docs/outcomes.md matches them with the canary's answer
// only by taking such words as one (canary_match).
func (b *ownBodies) soft404Volatile(h uint64, path string) *file {
	v := draw(h, "volatile/"+path)
	// A time in the year after 2026-11-27, with milliseconds.
	at := time.Unix(1_764_200_000+int64(v%(365*86400)), int64(v>>32%1000)*int64(time.Millisecond)).UTC()
	if draw(h, "volatile-form")%2 == 0 {
		p, _ := json.Marshal(path) // a string always encodes
		body := `{"timestamp":"` + at.Format("2006-01-02T15:04:05.000+00:00") + `","status":404,"error":"Not Found","path":` + string(p) + "}"
		return ownFile("soft404-volatile-json", typeJSON, []byte(body), nil)
	}
	// The id starts with a decimal digit: a word of hexadecimal letters
	// alone would hold none.
	id := fmt.Sprintf("%d%015x", v%10, v>>4&(1<<60-1))
	body := "404 Not Found\n\nThe requested resource could not be found on this server.\nRequest ID: " + id +
		"\nTime: " + at.Format("2006-01-02T15:04:05Z") + "\n"
	return ownFile("soft404-volatile-text", typeText, []byte(body), nil)
}

// soft404Escaped is the JSON a soft404-json-escaped site answers for
// every path: PHP's json_encode escapes every "/" of the echoed path as
// "\/".
func (b *ownBodies) soft404Escaped(path string) *file {
	body := `{"success":false,"error":{"code":404,"message":"Route not found","path":"` + strings.ReplaceAll(path, "/", `\/`) + `"}}`
	return ownFile("soft404-json-escaped", typeJSON, []byte(body), nil)
}

// denied999Page is the status-999 kind's page: LinkedIn answers crawlers
// 999 with a page of script that sends a browser to its sign-in wall.
const denied999Page = `<html><head>
<script type="text/javascript">
window.onload = function() {
  var trk = "bf";
  var cookies = document.cookie.split("; ");
  for (var i = 0; i < cookies.length; ++i) {
    if ((cookies[i].indexOf("trkCode=") == 0) && (cookies[i].length > 8)) {
      trk = cookies[i].substring(8);
    }
  }
  window.location.href = "/authwall?trk=" + trk + "&original_referer=" + encodeURIComponent(document.referrer);
}
</script>
</head></html>
`

// htmlEscape escapes the characters that matter in HTML text.
func htmlEscape(s string) string {
	var b bytes.Buffer
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// buildOversized returns n bytes of text made by repeating lines after a
// header, cut at exactly n bytes.
func buildOversized(header, line string, n int) []byte {
	out := make([]byte, 0, n+len(line)+16)
	out = append(out, header...)
	for i := 0; len(out) < n; i++ {
		out = fmt.Appendf(out, line, i)
	}
	return out[:n]
}

// parkedLanderPage is the parked kind's lander for the site seeded as
// seed, in the shape of a parking service's pay-per-click page: the
// domain as its title, Google AdSense for Domains' caf.js (used by parking
// services only) filling the ads block, and a marketplace link offering
// the domain for sale.
func parkedLanderPage(seed string) string {
	host := htmlEscape(seed)
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>` + host + `</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="https://www.google.com/adsense/domains/caf.js" type="text/javascript"></script>
</head>
<body>
<div class="header"><h1>` + host + `</h1>
<p><a href="https://sedo.com/search/details/?domain=` + host + `&amp;origin=parking">This domain may be for sale!</a></p></div>
<div id="relatedsearches1"></div>
<script type="text/javascript">
var pageOptions = {"pubId": "dp-sim_3ph", "domainRegistrant": "as-drid-0000000000000000", "channel": "exp-0051", "resultsPageBaseUrl": "//` + host + `/?ts=", "terms": "Web Hosting,Domain Names,Online Marketing"};
var rsblock = {"container": "relatedsearches1", "type": "relatedsearch", "columns": 1};
google.ads.domains.Caf(pageOptions, rsblock);
</script>
<div class="footer">Copyright &copy; 2026 ` + host + `. All rights reserved. | <a href="/privacy">Privacy Policy</a></div>
</body>
</html>
`
}
