package homepage

import (
	"slices"
	"testing"
)

// TestContentType reads the media type and charset of a Content-Type as
// WHATWG MIME Sniffing parses it: a malformed parameter is skipped and does
// not unmake the type.
func TestContentType(t *testing.T) {
	for _, c := range []struct{ in, mediaType, charset string }{
		{"text/html; charset=UTF-8", "text/html", "UTF-8"},
		{"Text/HTML", "text/html", ""},
		{"text/html; charset=", "text/html", ""},
		{"text/html;; charset=utf-16le", "text/html", "utf-16le"},
		{"text/html; charset", "text/html", ""},
		{`text/html; charset="utf-8`, "text/html", ""},
		{"text/html; charset=utf-8, text/html", "text/html", ""},
		{"text/html; x; charset=\"utf-16\"", "text/html", "utf-16"},
		{"application/xhtml+xml; charset=utf 8", "application/xhtml+xml", ""},
		{"", "", ""},
		{"/html; charset=utf-8", "", ""},
	} {
		if mt, cs := contentType(c.in); mt != c.mediaType || cs != c.charset {
			t.Errorf("%q: got %q, %q; want %q, %q", c.in, mt, cs, c.mediaType, c.charset)
		}
	}
}

// TestParse_ServedAsHTMLWithAMalformedParameter: a page served as
// "text/html; charset=" (a malformed parameter) is served as text/html, so
// it is HTML whatever it opens with, not "not HTML" (an error; the meta
// tag after the text is in the body, and reported as such); and the
// charset of a header with a malformed parameter elsewhere still decodes a
// UTF-16 page.
func TestParse_ServedAsHTMLWithAMalformedParameter(t *testing.T) {
	body := []byte("Warning: headers already sent\n<!doctype html>\n<html><head><meta name=\"robots\" content=\"noindex\"></head><body></body></html>\n")
	for _, ct := range []string{"text/html; charset=", "text/html;; charset=utf-8", "text/html; charset=utf-8, text/html"} {
		s, got := parse(t, hdr("Content-Type", ct), body)
		if !s.HTML || !slices.Equal(got, []string{"homepage.meta-in-body@3"}) {
			t.Errorf("%s: got %v, %+v", ct, got, s)
		}
	}
	src := string(page(`<meta name="robots" content="noai">`))
	s, got := parse(t, hdr("Content-Type", "text/html;; charset=utf-16le"), utf16Bytes(src, false, false))
	if !s.HTML || !s.NoAI || !slices.Equal(got, []string{}) {
		t.Errorf("UTF-16: got %v, %+v", got, s)
	}
}
