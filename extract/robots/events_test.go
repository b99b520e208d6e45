package robots

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// recorder is a Handler that records events as strings.
type recorder struct {
	events []string
	lines  []Line
	info   BodyInfo
}

func (r *recorder) HandleLine(l Line) { r.lines = append(r.lines, l) }
func (r *recorder) HandleUserAgent(line int, v string) {
	r.events = append(r.events, fmt.Sprintf("%d user-agent %q", line, v))
}
func (r *recorder) HandleAllow(line int, v string) {
	r.events = append(r.events, fmt.Sprintf("%d allow %q", line, v))
}
func (r *recorder) HandleDisallow(line int, v string) {
	r.events = append(r.events, fmt.Sprintf("%d disallow %q", line, v))
}
func (r *recorder) HandleSitemap(line int, v string) {
	r.events = append(r.events, fmt.Sprintf("%d sitemap %q", line, v))
}
func (r *recorder) HandleExtension(line int, e Extension, name, v string) {
	r.events = append(r.events, fmt.Sprintf("%d %s(%s) %q", line, e, name, v))
}
func (r *recorder) HandleUnknown(line int, name, v string) {
	r.events = append(r.events, fmt.Sprintf("%d unknown(%s) %q", line, name, v))
}
func (r *recorder) HandleEnd(info BodyInfo) { r.info = info }

func events(body string) *recorder {
	var r recorder
	ParseEvents([]byte(body), &r)
	return &r
}

// TestParseEvents_LineNumbers follows google/robotstxt's
// ID_LinesNumbersAreCountedCorrectly: LF, CR and CRLF each end one line
// (RFC 9309 §2.2: NL = %x0D / %x0A / %x0D.0A).
func TestParseEvents_LineNumbers(t *testing.T) {
	want := []string{`1 user-agent "foo"`, `2 allow "/some/path"`, `3 user-agent "bar"`, `6 disallow "/"`}
	for name, body := range map[string]string{
		"LF":        "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
		"CRLF":      "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
		"CR":        "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
		"NoFinalNL": "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /",
		"Mixed":     "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
	} {
		r := events(body)
		if !reflect.DeepEqual(r.events, want) {
			t.Errorf("%s: events = %q, want %q", name, r.events, want)
		}
		if r.info.Lines != 6 {
			t.Errorf("%s: Lines = %d, want 6", name, r.info.Lines)
		}
	}
	if r := events("a\n\rb"); r.info.Lines != 3 {
		t.Errorf("LF CR: Lines = %d, want 3 (\\n\\r is two line ends)", r.info.Lines)
	}
	if r := events(""); r.info.Lines != 0 || len(r.lines) != 0 {
		t.Errorf("empty body: %d lines, %d line events; want 0", r.info.Lines, len(r.lines))
	}
}

// TestParseEvents_Section2_2_Syntax covers the record syntax: whitespace
// around names and colons, comments, case-insensitive names.
func TestParseEvents_Section2_2_Syntax(t *testing.T) {
	r := events("  User-Agent  :  FooBot  # the bot\n\tDISALLOW:/a b \t\n# Allow: /x\nallow:\nSitemap: https://example.com/s.xml#frag\n")
	want := []string{
		`1 user-agent "FooBot"`,
		`2 disallow "/a b"`,
		`4 allow ""`,
		`5 sitemap "https://example.com/s.xml"`,
	}
	if !reflect.DeepEqual(r.events, want) {
		t.Errorf("events = %q, want %q", r.events, want)
	}
	if !r.lines[0].Comment || r.lines[0].Blank || !r.lines[2].Blank || !r.lines[2].Comment {
		t.Errorf("comment flags wrong: %+v %+v", r.lines[0], r.lines[2])
	}
}

// TestParseEvents_Section2_2_4_Extensions checks that extension names are
// recognised case-insensitively, in both App-Directives spellings, and that
// unknown names are reported with their spelling.
func TestParseEvents_Section2_2_4_Extensions(t *testing.T) {
	r := events("Crawl-Delay: 5\napp-directive: a\nApp-Directives: b\nCONTENT-USAGE: train-ai=n\ncontent-signal: search=yes\nHost: example.com\nClean-param: ref\nRequest-rate: 1/5\nVisit-time: 0600-0845\nNoindex: /x\nX-Foo: bar\n")
	want := []string{
		`1 crawl-delay(Crawl-Delay) "5"`,
		`2 app-directives(app-directive) "a"`,
		`3 app-directives(App-Directives) "b"`,
		`4 content-usage(CONTENT-USAGE) "train-ai=n"`,
		`5 content-signal(content-signal) "search=yes"`,
		`6 host(Host) "example.com"`,
		`7 clean-param(Clean-param) "ref"`,
		`8 request-rate(Request-rate) "1/5"`,
		`9 visit-time(Visit-time) "0600-0845"`,
		`10 noindex(Noindex) "/x"`,
		`11 unknown(X-Foo) "bar"`,
	}
	if !reflect.DeepEqual(r.events, want) {
		t.Errorf("events = %q, want %q", r.events, want)
	}
}

// TestParseEvents_MissingColon follows google/robotstxt: "name value" is
// accepted when the line holds exactly two words.
func TestParseEvents_MissingColon(t *testing.T) {
	r := events("user-agent FooBot\ndisallow /\nuser-agent Foo Bot\nfoo\n")
	want := []string{`1 user-agent "FooBot"`, `2 disallow "/"`}
	if !reflect.DeepEqual(r.events, want) {
		t.Errorf("events = %q, want %q", r.events, want)
	}
	for i, wantMissing := range []bool{true, true, false, false} {
		if r.lines[i].MissingColon != wantMissing {
			t.Errorf("line %d MissingColon = %v, want %v", i+1, r.lines[i].MissingColon, wantMissing)
		}
	}
	if !r.lines[2].Malformed || !r.lines[3].Malformed {
		t.Errorf("lines 3 and 4 should be malformed: %+v %+v", r.lines[2], r.lines[3])
	}
}

// TestParseEvents_Misspellings lists the misspellings google/robotstxt
// accepts (RFC 9309 §2.2.4 lets parsers accept misspellings).
func TestParseEvents_Misspellings(t *testing.T) {
	for key, want := range map[string]string{
		"useragent": "user-agent", "user agent": "user-agent", "User-Agents": "user-agent",
		"dissallow": "disallow", "dissalow": "disallow", "disalow": "disallow", "diasllow": "disallow", "disallaw": "disallow",
		"site-map": "sitemap", "Sitemaps": "sitemap",
	} {
		r := events(key + ": /x\n")
		if len(r.events) != 1 || !strings.Contains(r.events[0], " "+want+" ") || !r.lines[0].Typo {
			t.Errorf("%q: events %q, typo %v; want a %s event flagged as a typo", key, r.events, r.lines[0].Typo, want)
		}
	}
	if r := events("User-agent: x\n"); r.lines[0].Typo {
		t.Errorf("User-agent flagged as a typo")
	}
}

// TestParseEvents_BOM follows google/robotstxt's
// ID_UTF8ByteOrderMarkIsSkipped: a BOM, or its first bytes, is skipped at
// the start only.
func TestParseEvents_BOM(t *testing.T) {
	for _, c := range []struct {
		body          string
		bom, partial  bool
		wantFirstLine string
	}{
		{"\xEF\xBB\xBFUser-Agent: foo\n", true, false, `1 user-agent "foo"`},
		{"\xEF\xBBUser-Agent: foo\n", false, true, `1 user-agent "foo"`},
		{"\xEFUser-Agent: foo\n", false, true, `1 user-agent "foo"`},
		{"\xEF\x11\xBFUser-Agent: foo\n", false, true, "1 unknown(\x11\xBFUser-Agent) \"foo\""},
		{"User-Agent: foo\n\xEF\xBB\xBFAllow: /\n", false, false, `1 user-agent "foo"`},
	} {
		r := events(c.body)
		if r.info.BOM != c.bom || r.info.PartialBOM != c.partial || len(r.events) == 0 || r.events[0] != c.wantFirstLine {
			t.Errorf("%q: BOM %v partial %v events %q; want BOM %v partial %v first %q", c.body, r.info.BOM, r.info.PartialBOM, r.events, c.bom, c.partial, c.wantFirstLine)
		}
	}
	if r := events("User-Agent: foo\n\xEF\xBB\xBFAllow: /\n"); len(r.events) != 2 || !strings.HasPrefix(r.events[1], "2 unknown(") {
		t.Errorf("a BOM in the middle must not be skipped: %q", r.events)
	}
	// A character whose UTF-8 form begins with a BOM's first bytes is text,
	// not a broken BOM: "＃" is EF BC 83, "ﻀ" EF BB 80.
	for _, body := range []string{"＃ comment\nUser-Agent: foo\n", "\uFEC0\nUser-Agent: foo\n"} {
		r := events(body)
		if r.info.PartialBOM || r.lines[0].InvalidUTF8 {
			t.Errorf("%q: partial BOM %v, line 1 invalid UTF-8 %v; want neither", body, r.info.PartialBOM, r.lines[0].InvalidUTF8)
		}
	}
}

// TestParseEvents_Section2_5_LimitLine checks that the first line extending
// past 500 KiB is recorded and flagged, and that parsing goes on.
func TestParseEvents_Section2_5_LimitLine(t *testing.T) {
	line := "Disallow: /" + strings.Repeat("a", 88) + "\n" // 100 bytes
	body := "User-agent: *\n" + strings.Repeat(line, 5200)
	r := events(body)
	// Line 1 has 14 bytes; line n (n >= 2) ends at 14 + 100(n-1) bytes,
	// which exceeds 512000 first for n = 5121.
	if r.info.LimitLine != 5121 {
		t.Errorf("LimitLine = %d, want 5121", r.info.LimitLine)
	}
	if r.lines[5119].BeyondLimit || !r.lines[5120].BeyondLimit || !r.lines[5200].BeyondLimit {
		t.Errorf("BeyondLimit flags wrong around the limit")
	}
	if len(r.events) != 5201 {
		t.Errorf("%d events, want 5201: parsing must go on past the limit", len(r.events))
	}
}

// TestParseEvents_Section2_5_LimitEdge: a line whose text ends at the
// limit is within it even when its line break is past it.
func TestParseEvents_Section2_5_LimitEdge(t *testing.T) {
	head := "User-agent: *\n" + "Disallow: /"
	body := head + strings.Repeat("a", SizeLimit-len(head)) + "\nDisallow: /last\n"
	r := events(body)
	if r.info.LimitLine != 3 || r.lines[1].BeyondLimit || !r.lines[2].BeyondLimit {
		t.Errorf("LimitLine %d, line 2 beyond %v, line 3 beyond %v; want 3, false, true", r.info.LimitLine, r.lines[1].BeyondLimit, r.lines[2].BeyondLimit)
	}
}

// TestParseEvents_LineEnds: LF, CR and CRLF each end a line, in any mix,
// a CR-only body included.
func TestParseEvents_LineEnds(t *testing.T) {
	for body, want := range map[string]int{
		"Allow: /a\rAllow: /b\r\nAllow: /c\nAllow: /d": 4,
		strings.Repeat("Allow: /a\r", 1000):            1000,
		"\r\r\n\n\r":                                   4,
		"Allow: /a\n\rAllow: /b\r\rAllow: /c\n":        5,
	} {
		if r := events(body); r.info.Lines != want {
			t.Errorf("%.40q: %d lines, want %d", body, r.info.Lines, want)
		}
	}
}

// TestParseEvents_LineFacts checks the lexical facts reported per line.
func TestParseEvents_LineFacts(t *testing.T) {
	r := events("Allow: /a\x00b\nAllow: /\xff\nAllow: /\x7f\nAllow: /ok\t\n")
	if r.lines[0].Control != 0 || r.lines[1].Control != -1 || r.lines[2].Control != 0x7f || r.lines[3].Control != -1 {
		t.Errorf("Control = %d %d %d %d, want 0 -1 127 -1", r.lines[0].Control, r.lines[1].Control, r.lines[2].Control, r.lines[3].Control)
	}
	if r.lines[0].InvalidUTF8 || !r.lines[1].InvalidUTF8 {
		t.Errorf("InvalidUTF8 = %v %v, want false true", r.lines[0].InvalidUTF8, r.lines[1].InvalidUTF8)
	}
	if r.lines[1].Offset != 12 || r.lines[1].Number != 2 {
		t.Errorf("line 2 offset %d number %d, want 12 2", r.lines[1].Offset, r.lines[1].Number)
	}
}

// TestSniff_Section2_1 checks the not-text and HTML detection (RFC 9309
// §2.3: the file MUST be UTF-8 text/plain).
func TestSniff_Section2_1(t *testing.T) {
	utf16 := []byte{}
	for _, c := range []byte("User-agent: *\nDisallow: /\n") {
		utf16 = append(utf16, c, 0)
	}
	for _, c := range []struct {
		name    string
		body    []byte
		notText string
		html    bool
	}{
		{"text", []byte("User-agent: *\nDisallow: /\n"), "", false},
		{"empty", nil, "", false},
		{"utf-16 LE BOM", append([]byte{0xFF, 0xFE}, utf16...), "utf-16", false},
		{"utf-16 BE BOM", []byte{0xFE, 0xFF, 0, 'U'}, "utf-16", false},
		{"utf-32 LE BOM", []byte{0xFF, 0xFE, 0, 0, 'U', 0, 0, 0}, "utf-32", false},
		{"utf-16 without BOM", utf16, "utf-16", false},
		{"binary", []byte{0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xff, 0x01, 0x02}, "binary", false},
		{"one NUL in text", []byte("User-agent: *\nDisallow: /a\x00b\nAllow: /\n"), "", false},
		{"latin-1 text", []byte("# caf\xe9\nUser-agent: *\nDisallow: /\n"), "", false},
		{"html", []byte("\n  <!DOCTYPE html>\n<html><body>Not found</body></html>"), "", true},
		{"html tag", []byte("<HTML><head></head></HTML>"), "", true},
		{"html comment first", []byte("<!-- x -->\n<html></html>"), "", true},
		{"comment only", []byte("<!-- x -->\nUser-agent: *\n"), "", false},
		// XHTML pages open with an XML declaration.
		{"xhtml", []byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n<html><body>Not found</body></html>"), "", true},
		{"xhtml without doctype", []byte("<?xml version='1.0'?><html xmlns=\"http://www.w3.org/1999/xhtml\"></html>"), "", true},
		{"xml", []byte("<?xml version=\"1.0\"?>\n<urlset></urlset>"), "", false},
	} {
		notText, html := sniff(c.body)
		if notText != c.notText || html != c.html {
			t.Errorf("%s: sniff = %q, %v; want %q, %v", c.name, notText, html, c.notText, c.html)
		}
	}
}
