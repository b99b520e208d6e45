package testweb

import (
	"bytes"
	"regexp"
	"strings"
)

// looksLikeHTML applies the rule of docs/outcomes.md: after an optional
// byte-order mark and white space, the body starts with "<!doctype html",
// "<html", or an element that opens HTML pages (head, body, meta, title,
// script, div), in any case. Leading comments and an XML declaration are
// skipped first: they open HTML pages too, and a file that merely starts
// with a comment (automation-preferences.txt examples do) is not HTML.
// The truth uses it to predict soft 404s; the crawler's classifier has its
// own implementation.
func looksLikeHTML(body []byte) bool {
	b := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	for {
		b = bytes.TrimLeft(b, " \t\r\n\f")
		var end []byte
		switch {
		case bytes.HasPrefix(b, []byte("<!--")):
			end = []byte("-->")
		case bytes.HasPrefix(b, []byte("<?")):
			end = []byte("?>")
		}
		if end == nil {
			break
		}
		i := bytes.Index(b, end)
		if i < 0 {
			return false
		}
		b = b[i+len(end):]
	}
	if len(b) > 16 {
		b = b[:16]
	}
	lower := bytes.ToLower(b)
	if bytes.HasPrefix(lower, []byte("<!doctype html")) {
		return true
	}
	for _, tag := range []string{"html", "head", "body", "meta", "title", "script", "div"} {
		if rest, ok := bytes.CutPrefix(lower, []byte("<"+tag)); ok {
			if len(rest) == 0 || bytes.IndexByte([]byte("> /\t\n\r\f"), rest[0]) >= 0 {
				return true
			}
		}
	}
	return false
}

// matchesCanary reports whether body, the answer for path, is the site's
// answer for the canary path, as docs/outcomes.md defines it: the same
// bytes, or the same bytes once each requested path (as it is, and with
// its slashes JSON-escaped as "\/") is removed and every word holding a
// digit (a time stamp's parts, a request id) is taken as one and the same
// word. (docs/outcomes.md also removes the path's percent-escaped form, the
// path without its leading slash and its last segment, and counts
// near-identical text of 256 bytes or more; no kind of this web relies on
// those.)
func matchesCanary(body []byte, path string, canary []byte, canaryPath string) bool {
	if bytes.Equal(body, canary) {
		return true
	}
	a, b := withoutPath(body, path), withoutPath(canary, canaryPath)
	return bytes.Equal(a, b) || bytes.Equal(digitWords.ReplaceAll(a, []byte("#")), digitWords.ReplaceAll(b, []byte("#")))
}

// withoutPath removes path from body, first in the form PHP's json_encode
// writes it (every "/" escaped as "\/"), then as it is.
func withoutPath(body []byte, path string) []byte {
	body = bytes.ReplaceAll(body, []byte(strings.ReplaceAll(path, "/", `\/`)), nil)
	return bytes.ReplaceAll(body, []byte(path), nil)
}

// digitWords matches the words (runs of ASCII letters and digits) that
// hold a digit.
var digitWords = regexp.MustCompile(`[A-Za-z0-9]*[0-9][A-Za-z0-9]*`)

// blankBody reports whether body holds nothing but white space (space,
// tab, CR, LF, form feed, vertical tab) after an optional UTF-8 byte-order
// mark: an empty file (docs/outcomes.md, Empty).
func blankBody(body []byte) bool {
	for _, c := range bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")) {
		if !strings.ContainsRune(" \t\r\n\f\v", rune(c)) {
			return false
		}
	}
	return true
}
