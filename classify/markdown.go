package classify

import (
	"bytes"
	"regexp"

	"golang.org/x/net/html"
)

// Markdown may hold HTML (CommonMark §4.6 HTML blocks, §6.6 raw HTML), and
// many Markdown files open with it: a README-style banner such as
// <div align="center"><img ...></div>, a <p align="center">, an
// <h1 align="center">, a comment. At a location that expects Markdown
// (llms.txt, AGENTS.md), a body that opens with an HTML tag is therefore an
// HTML page only when it is one: it opens as only HTML documents do, or its
// structure is HTML throughout.

// documentTags are the first tags that only an HTML document opens with.
var documentTags = map[string]bool{doctypeHTML: true, "html": true, "head": true, "body": true}

// markdownScan is how much of a body HTMLInsteadOfMarkdown reads for
// Markdown structure.
const markdownScan = 64 << 10

// HTMLInsteadOfMarkdown reports whether body, served where a Markdown file
// is expected, is an HTML page rather than Markdown: after an optional
// byte-order mark, white space, an XML declaration and comments, its first
// tag is <!doctype html>, <html>, <head> or <body>; or it opens like an
// HTML page (LooksLikeHTML) and none of its text outside script and style
// has Markdown structure (MarkdownStructure).
func HTMLInsteadOfMarkdown(body []byte) bool {
	tag := firstTag(body)
	if documentTags[tag] {
		return true
	}
	if !htmlTags[tag] {
		return false
	}
	return !MarkdownStructure(body)
}

// rawTextTags are the elements whose content is not text of the page: the
// HTML tokenizer returns their content as one text token.
var rawTextTags = map[string]bool{
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true,
	"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true,
}

// markdownLine matches a line that starts a Markdown block (CommonMark:
// up to three spaces, then an ATX heading §4.2, a bullet or ordered list
// item §5.2, a block quote §5.1 or a code fence §4.5).
var markdownLine = regexp.MustCompile("^ {0,3}(#{1,6}(?:[ \t]|$)|[-*+][ \t]+\\S|\\d{1,9}[.)][ \t]+\\S|> ?\\S|```|~~~)")

// markdownLink matches an inline Markdown link or image, [text](target)
// (CommonMark §6.3).
var markdownLink = regexp.MustCompile(`\[[^\[\]\n]+\]\([^()\s]+(?:\s+"[^"\n]*")?\)`)

// MarkdownStructure reports whether the text of body outside HTML tags,
// script and style (its first 64 KiB) has Markdown structure: a line that
// starts a heading, a list item, a block quote or a code fence, or an
// inline link [text](target).
func MarkdownStructure(body []byte) bool {
	if len(body) > markdownScan {
		body = body[:markdownScan]
	}
	z := html.NewTokenizer(bytes.NewReader(body))
	atLineStart, raw := true, false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return false // io.EOF, or a body the tokenizer gives up on
		}
		text := z.Raw()
		if tt == html.TextToken && !raw && markdownText(text, atLineStart) {
			return true
		}
		if len(text) > 0 {
			atLineStart = text[len(text)-1] == '\n'
		}
		raw = false
		if tt == html.StartTagToken {
			name, _ := z.TagName() // after the last use of text, which it may change
			raw = rawTextTags[string(name)]
		}
	}
}

// markdownText reports whether a text run has Markdown structure; its first
// line starts a line of the body when atLineStart.
func markdownText(text []byte, atLineStart bool) bool {
	if markdownLink.Match(text) {
		return true
	}
	for i := 0; len(text) > 0; i++ {
		line, rest, _ := bytes.Cut(text, []byte("\n"))
		if (i > 0 || atLineStart) && markdownLine.Match(line) {
			return true
		}
		text = rest
	}
	return false
}
