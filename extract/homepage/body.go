package homepage

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/agentpolicy/survey/extract/internal/lines"
)

// bodyMetas returns the meta tags of rest, the document after its head
// (rest starts on line line), whose name survey reads in the head: robots,
// a crawler's name, tdm-reservation and tdm-policy. Such a tag in the body
// is no signal (only the head is read), but frameworks put it there: a
// Next.js app streams a dynamic page's metadata into the body of the HTML
// it sends any client but a few known crawlers, and scripts move it into
// the head afterwards. They are reported, so that they can be counted.
//
// The tokenizer reads the contents of script, style, textarea, title,
// noscript and the other raw text elements as text, so a tag written in
// them is no tag, and the contents of <template> are inert. A body is
// tokenized only when one of its "<meta" opens a tag survey would read
// (mayHaveBodyMeta): few are.
func bodyMetas(rest []byte, line int) []rawTag {
	if !mayHaveBodyMeta(rest) {
		return nil
	}
	z := html.NewTokenizer(bytes.NewReader(rest))
	var out []rawTag
	off, templates := 0, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		start, startLine := off, line
		off += len(z.Raw())
		line += lines.Between(rest, start, off)
		// The names are read from the raw tag: TagName copies every name
		// it returns, and only meta tags need their attributes.
		switch raw := z.Raw(); tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			switch {
			case tt == html.StartTagToken && rawTagNamed(raw, "<template"):
				templates++
			case templates == 0 && rawTagNamed(raw, "<meta"):
				_, hasAttr := z.TagName()
				if r := readRawTag(z, true, hasAttr, startLine); readByName(r.key) {
					out = append(out, r)
				}
			}
		case html.EndTagToken:
			if templates > 0 && rawTagNamed(raw, "</template") {
				templates--
			}
		}
	}
}

// rawTagNamed reports whether raw, a tag as the tokenizer returns it
// (z.Raw), opens with open ("<meta", "</template") in any case, followed
// by what ends a tag name (white space, "/" or ">") or by nothing.
func rawTagNamed(raw []byte, open string) bool {
	if len(raw) < len(open) || !bytes.EqualFold(raw[:len(open)], []byte(open)) {
		return false
	}
	if len(raw) == len(open) {
		return true
	}
	switch raw[len(open)] {
	case ' ', '\t', '\n', '\r', '\f', '/', '>':
		return true
	}
	return false
}

// metaOpen opens a meta start tag, in lower case.
var metaOpen = []byte("<meta")

// maxMetaTag bounds the text read as one meta tag by mayHaveBodyMeta.
const maxMetaTag = 4096

// mayHaveBodyMeta reports whether some "<meta", in any case, in b opens a
// meta tag whose name survey reads, reading that tag alone (a page's body
// holds few meta tags, and rarely such a one). It cannot tell whether the
// tag is in a script or another raw text element, which bodyMetas then
// does; a tag longer than maxMetaTag counts.
func mayHaveBodyMeta(b []byte) bool {
	for i := 0; i+len(metaOpen) <= len(b); i++ {
		j := bytes.IndexByte(b[i:len(b)-len(metaOpen)+1], '<')
		if j < 0 {
			return false
		}
		i += j
		if b[i+1]|0x20 == 'm' && bytes.EqualFold(b[i:i+len(metaOpen)], metaOpen) && readMetaAt(b, i) {
			return true
		}
	}
	return false
}

// readMetaAt reports whether the text at b[i:], which opens with "<meta" in
// any case, is a meta tag whose name survey reads.
func readMetaAt(b []byte, i int) bool {
	z := html.NewTokenizer(bytes.NewReader(b[i:min(len(b), i+maxMetaTag)]))
	switch z.Next() {
	case html.StartTagToken, html.SelfClosingTagToken:
		name, hasAttr := z.TagName()
		return atom.Lookup(name) == atom.Meta && readByName(readRawTag(z, true, hasAttr, 0).key)
	case html.ErrorToken:
		return true // cut by maxMetaTag
	}
	return false
}
