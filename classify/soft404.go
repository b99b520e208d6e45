package classify

import (
	"bytes"
	"hash/fnv"
	"net/url"
	"strings"
)

// htmlTags are the first tags that make a document HTML: those of the HTML
// patterns of the WHATWG MIME Sniffing Standard (§7.1: <!DOCTYPE HTML,
// <HTML, <HEAD, <SCRIPT, <IFRAME, <H1, <DIV, <FONT, <TABLE, <A, <STYLE,
// <TITLE, <B, <BODY, <BR, <P), so that an error fragment such as
// <h1>Not Found</h1><p>...</p> is HTML; <meta>, <link> and <noscript>,
// which open HTML pages too; and the other headings <h2> to <h6> and
// <center>, which open the error fragments servers and catch-all routes
// answer (<h2>404 - Not Found</h2>, <center><h1>404 Not Found</h1></center>).
// The standard's <!-- pattern is not one: a leading comment is skipped and
// the tag after it decides (a text file may open with a comment). A file
// that opens with anything else (an XML declaration followed by <feed>,
// Markdown, JSON, a robots.txt wrapped in <pre>) is not HTML, whatever its
// Content-Type says.
var htmlTags = map[string]bool{
	doctypeHTML: true, "html": true, "head": true, "script": true, "iframe": true, "h1": true,
	"div": true, "font": true, "table": true, "a": true, "style": true, "title": true,
	"b": true, "body": true, "br": true, "p": true,
	"meta": true, "link": true, "noscript": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "center": true,
}

// doctypeHTML is firstTag's name for an HTML doctype, <!doctype html ...>.
const doctypeHTML = "!doctype html"

// LooksLikeHTML reports whether body is an HTML document: after an optional
// byte-order mark, white space, an XML declaration and comments, its first
// tag is one of htmlTags (<!doctype html>, <html>, <head>, <body>, <h1>,
// <p>, <div>, <a>, ...).
func LooksLikeHTML(body []byte) bool {
	return htmlTags[firstTag(body)]
}

// firstTagScan is how much of a body firstTag reads: enough for the
// leading comments some pages open with (a credits or ASCII-art block of
// several KiB before the doctype).
const firstTagScan = 64 << 10

// firstTag returns the lower-case name of the first tag of body after an
// optional byte-order mark, white space, XML declarations and comments
// (doctypeHTML for <!doctype html>, "!doctype" for another doctype), or ""
// when body does not open with a tag. Only the first 64 KiB are read.
func firstTag(body []byte) string {
	b := body
	if len(b) > firstTagScan {
		b = b[:firstTagScan]
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	for {
		b = bytes.TrimLeft(b, " \t\r\n\f")
		switch {
		case len(b) == 0 || b[0] != '<':
			return ""
		case bytes.HasPrefix(b, []byte("<?")):
			end := bytes.Index(b, []byte("?>"))
			if end < 0 {
				return ""
			}
			b = b[end+2:]
			continue
		case bytes.HasPrefix(b, []byte("<!--")):
			end := bytes.Index(b, []byte("-->"))
			if end < 0 {
				return ""
			}
			b = b[end+3:]
			continue
		}
		name := tagName(b[1:])
		if name == "!doctype" {
			rest := strings.ToLower(string(b[len("<!doctype"):min(len(b), 40)]))
			if strings.HasPrefix(strings.TrimSpace(rest), "html") {
				return doctypeHTML
			}
		}
		return name
	}
}

// tagName returns the lower-case name of the tag starting at b.
func tagName(b []byte) string {
	end := 0
	for end < len(b) && end < 16 {
		c := b[end]
		if c == ' ' || c == '>' || c == '/' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		end++
	}
	return strings.ToLower(string(b[:end]))
}

// MatchesCanary reports whether body is the site's answer for the canary
// path: the same bytes; the same bytes once each requested path is removed
// from its body (error pages often echo the path) and every word holding a
// digit is masked (error pages often embed a time or a request id); or
// near-identical text.
func MatchesCanary(body []byte, path string, canary []byte, canaryPath string) bool {
	if bytes.Equal(body, canary) {
		return true
	}
	a, b := removePath(body, path), removePath(canary, canaryPath)
	if bytes.Equal(a, b) {
		return true
	}
	a, b = maskDigits(a), maskDigits(b)
	if bytes.Equal(a, b) {
		return true
	}
	return similar(a, b)
}

// maskDigits replaces every word that holds a digit with a single "0", so
// that two answers of one error page that differ only in such values (the
// parts of a time stamp, a number, a hexadecimal request id) compare equal.
// A word is a run of ASCII letters and digits, together with the runs
// joined to it by '-', '_', ':' or '.': a request id such as
// fra1::dgslp-1766139559438-32830fa2e161 is one word, masked whole, though
// one of its parts (dgslp, drawn afresh for every request) holds no digit.
func maskDigits(b []byte) []byte {
	if bytes.IndexFunc(b, isDigit) < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		if !isAlnum(b[i]) {
			out = append(out, b[i])
			i++
			continue
		}
		j, digit := i, false
		for j < len(b) {
			if isAlnum(b[j]) {
				digit = digit || '0' <= b[j] && b[j] <= '9'
				j++
				continue
			}
			k := j
			for k < len(b) && isJoiner(b[k]) {
				k++
			}
			if k == j || k == len(b) || !isAlnum(b[k]) {
				break
			}
			j = k
		}
		if digit {
			out = append(out, '0')
		} else {
			out = append(out, b[i:j]...)
		}
		i = j
	}
	return out
}

// isJoiner reports whether c joins two runs of letters and digits into one
// word for maskDigits.
func isJoiner(c byte) bool { return c == '-' || c == '_' || c == ':' || c == '.' }

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// removePath deletes every occurrence of path, its JSON-escaped form (each
// "/" written "\/", as PHP's json_encode writes it), its percent-escaped
// form and its last segment from body.
func removePath(body []byte, path string) []byte {
	forms := []string{strings.ReplaceAll(path, "/", `\/`), path, url.PathEscape(path), strings.TrimPrefix(path, "/")}
	if i := strings.LastIndexByte(path, '/'); i >= 0 && i+1 < len(path) {
		forms = append(forms, path[i+1:])
	}
	out := body
	for _, f := range forms {
		if len(f) >= 3 {
			out = bytes.ReplaceAll(out, []byte(f), nil)
		}
	}
	return out
}

// similar reports whether two bodies of comparable length share at least 90%
// of their word trigrams (Jaccard similarity). Short bodies must match
// exactly instead: a few words are too little to judge.
func similar(a, b []byte) bool {
	const minLen = 256
	if len(a) < minLen || len(b) < minLen {
		return false
	}
	if r := float64(len(a)) / float64(len(b)); r < 0.8 || r > 1.25 {
		return false
	}
	sa, sb := shingles(a), shingles(b)
	if len(sa) == 0 || len(sb) == 0 {
		return false
	}
	inter := 0
	for h := range sa {
		if sb[h] {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	return float64(inter)/float64(union) >= 0.9
}

// shingles returns the set of hashes of word trigrams of b (at most the
// first 64 KiB).
func shingles(b []byte) map[uint64]bool {
	if len(b) > 64<<10 {
		b = b[:64<<10]
	}
	words := bytes.Fields(b)
	out := make(map[uint64]bool, len(words))
	for i := 0; i+3 <= len(words); i++ {
		h := fnv.New64a()
		h.Write(words[i])
		h.Write([]byte{0})
		h.Write(words[i+1])
		h.Write([]byte{0})
		h.Write(words[i+2])
		out[h.Sum64()] = true
	}
	return out
}
