package homepage

import (
	"bytes"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/agentpolicy/survey/extract/internal/lines"
)

// tag is a meta or link element of the head, with the attributes survey
// reads.
type tag struct {
	meta bool
	// name and content for a meta tag; rel, href and type for a link.
	name, content    string
	rel, href, ctype string
	// httpEquiv is a meta tag's http-equiv attribute, trimmed.
	httpEquiv string
	line      int
}

// rawTag is a meta or link start tag as the tokenizer saw it, used to find
// the line of the element the tree builder produced.
type rawTag struct {
	meta     bool
	key, val string // name and content, or rel and href
	line     int
}

// headTags returns the meta and link elements of the document's head, in
// document order, with their lines, and the href of its first base element
// that has one ("" when none), which relative link hrefs resolve against
// (WHATWG HTML §4.2.3).
//
// Only the head matters, and bodies can be large: a tokenizer pass (linear,
// no tree) finds where the head ends (see scanHead) and records the line of
// every meta and link start tag before it; goquery then parses that prefix
// alone, and its tree builder puts in the head the meta and link tags that
// follow </head> before the body. Elements the tree builder moves or drops are
// handled by matching the parsed elements to the recorded tags in order.
//
// It also returns the rest of the document, from where the head ends, and
// the line that rest starts on, for bodyMetas.
func headTags(body []byte) (tags []tag, base string, rest []byte, restLine int) {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")) // decoding strips the BOM
	end, raws := scanHead(body)
	rest, restLine = body[end:], 1+lines.Between(body, 0, end)
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body[:end]))
	if err != nil {
		return nil, "", rest, restLine
	}
	doc.Find("base[href]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if s.Closest("template").Length() > 0 {
			return true // inert
		}
		base = strings.TrimSpace(s.AttrOr("href", ""))
		return false
	})
	var out []tag
	next := 0
	doc.Find("meta, link").Each(func(_ int, s *goquery.Selection) {
		if s.Closest("template, noscript").Length() > 0 {
			return // inert or raw text: not part of the page's head
		}
		t := tag{meta: goquery.NodeName(s) == "meta"}
		var key, val string
		if t.meta {
			t.name = strings.ToLower(strings.TrimSpace(s.AttrOr("name", "")))
			t.content = s.AttrOr("content", "")
			t.httpEquiv = strings.TrimSpace(s.AttrOr("http-equiv", ""))
			key, val = t.name, t.content
		} else {
			t.rel = strings.ToLower(strings.TrimSpace(s.AttrOr("rel", "")))
			t.href = strings.TrimSpace(s.AttrOr("href", ""))
			t.ctype = strings.TrimSpace(s.AttrOr("type", ""))
			key, val = t.rel, t.href
		}
		// Look a few tags ahead: the tree builder drops or moves few
		// elements, and a bounded search keeps this linear.
		for i := next; i < len(raws) && i < next+16; i++ {
			r := &raws[i]
			if r.meta == t.meta && r.key == key && r.val == val {
				t.line, next = r.line, i+1
				break
			}
		}
		out = append(out, t)
	})
	return out, base, rest, restLine
}

// scanHead tokenizes body up to the end of its head and returns the offset
// where the head ends and the meta and link start tags before it. It
// follows the HTML tree builder's insertion modes "in head" and "after
// head" (WHATWG HTML §13.2.6.4.4, §13.2.6.4.6): the head ends where the
// tree builder inserts the body or a frameset, at the first start tag that
// does not belong in a head (<body>, <div>, ...), the first text that is
// not white space, or an end tag of body, html or br. </head> does not end
// it: after </head>, base, link, meta, noframes, script, style, template
// and title elements are still inserted in the head, and other end tags are
// ignored. Title, script, style, noframes and (scripting being enabled)
// noscript hold raw text, which the tokenizer returns as one text token;
// the contents of <template> are inert, nested templates included.
func scanHead(body []byte) (int, []rawTag) {
	z := html.NewTokenizer(bytes.NewReader(body))
	var raws []rawTag
	off, line := 0, 1
	templates := 0     // open template elements
	afterHead := false // </head> was seen: the "after head" insertion mode
	rawText := false   // the previous token opened a raw text element
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return len(body), raws
		}
		raw := z.Raw()
		start, startLine := off, line
		off += len(raw)
		line += lines.Between(body, start, off) // LF, CRLF or CR (WHATWG HTML §13.2.3.5)
		afterRaw := rawText
		rawText = false
		switch tt {
		case html.TextToken:
			if templates > 0 || afterRaw || len(bytes.TrimLeft(raw, " \t\r\n\f")) == 0 {
				continue
			}
			return start, raws
		case html.StartTagToken, html.SelfClosingTagToken:
			// The tokenizer reads raw text after these start tags,
			// self-closing or not, as the tree builder does (other raw
			// text elements end the head).
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Title, atom.Script, atom.Style, atom.Noframes, atom.Noscript:
				rawText = true
			}
			if templates > 0 {
				if a == atom.Template {
					templates++
				}
				continue
			}
			switch a {
			case atom.Html, atom.Head, atom.Base, atom.Basefont, atom.Bgsound,
				atom.Title, atom.Script, atom.Style, atom.Noframes:
			case atom.Noscript:
				if afterHead { // not in the "after head" list: the body starts
					return start, raws
				}
			case atom.Template:
				templates++
			case atom.Meta, atom.Link:
				raws = append(raws, readRawTag(z, a == atom.Meta, hasAttr, startLine))
			default:
				return start, raws
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch {
			case templates > 0:
				if a == atom.Template {
					templates--
				}
			case a == atom.Head:
				afterHead = true
			case a == atom.Body, a == atom.Html, a == atom.Br:
				return start, raws
			}
		}
	}
}

// readRawTag reads the attributes of a meta or link start tag. The first of
// repeated attributes counts, as in the tree builder.
func readRawTag(z *html.Tokenizer, meta, hasAttr bool, line int) rawTag {
	r := rawTag{meta: meta, line: line}
	keySet, valSet := false, false
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		switch {
		case !keySet && (meta && string(k) == "name" || !meta && string(k) == "rel"):
			r.key, keySet = strings.ToLower(strings.TrimSpace(string(v))), true
		case !valSet && (meta && string(k) == "content" || !meta && string(k) == "href"):
			r.val, valSet = string(v), true
			if !meta {
				r.val = strings.TrimSpace(r.val)
			}
		}
	}
	return r
}
