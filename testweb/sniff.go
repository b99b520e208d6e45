package testweb

import (
	"bytes"
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
// answer for the canary path: the same bytes, or the same bytes once each
// requested path is removed from its body. (docs/outcomes.md also counts
// near-identical text; no kind of this web relies on that.)
func matchesCanary(body []byte, path string, canary []byte, canaryPath string) bool {
	if bytes.Equal(body, canary) {
		return true
	}
	return bytes.Equal(bytes.ReplaceAll(body, []byte(path), nil), bytes.ReplaceAll(canary, []byte(canaryPath), nil))
}
