package llmstxt

import (
	"bufio"
	"bytes"
	"fmt"
	stdhtml "html"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// This file compares survey's reading of an llms.txt with an independent
// CommonMark parser, goldmark, on the structure both define: the H1 title,
// the blockquote summary, the H2 sections, and the links of the file lists
// with their destination, name and notes. llmstxt.org says the file is
// Markdown; where docs/formats.md ("llms.txt", Decisions) records a
// deliberate departure, the comparison leaves out exactly that class, and
// says where.

// mdDoc is the structure compared: the same fields read by either parser.
type mdDoc struct {
	Title     string
	TitleLine int
	Summary   string
	// SummaryMarkup is true when the oracle found blocks other than
	// paragraphs in the summary's block quote.
	SummaryMarkup bool
	Sections      []mdSection
	Links         []mdLink
}

// mdSection is an H2 section.
type mdSection struct {
	Name string
	Line int
}

// mdLink is a link item of a file list, with the line of its section.
type mdLink struct {
	Line    int
	Section int
	Name    string
	URL     string
	Notes   string
	// Markup is true when the oracle found inline markup (a code span,
	// emphasis, raw HTML) in the name, which survey keeps as written.
	Markup bool
	// NotesUnchecked is true when the oracle found a heading indented by
	// four columns or more in the item, or a setext heading, both of which
	// survey reads as text.
	NotesUnchecked bool
}

// surveyDoc returns survey's reading as an mdDoc.
func surveyDoc(f *File) mdDoc {
	d := mdDoc{Title: f.Title, TitleLine: f.TitleLine, Summary: f.Summary}
	for _, s := range f.Sections {
		d.Sections = append(d.Sections, mdSection{Name: s.Name, Line: s.Line})
		for _, l := range s.Links {
			d.Links = append(d.Links, mdLink{Line: l.Line, Section: s.Line, Name: l.Name, URL: l.URL, Notes: l.Notes})
		}
	}
	return d
}

// oracleSource returns the input as goldmark is given it. goldmark ends
// lines only at LF, where CommonMark §2.1 also ends them at a CR not
// followed by LF: a departure of goldmark's from the specification, so
// every line ending becomes LF (line numbers do not change). A leading byte
// order mark is skipped, as survey skips it (docs/formats.md: "A leading
// byte order mark is skipped").
func oracleSource(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	// goldmark starts an HTML block of kind 4 at "<!" and an uppercase
	// letter, as CommonMark 0.29 did; CommonMark 0.31 (§4.6, condition 4)
	// accepts any ASCII letter, as survey does: the letter is upper-cased.
	return declaration.ReplaceAllFunc(data, bytes.ToUpper)
}

// declaration matches "<!" and a lowercase letter at the start of a line.
var declaration = regexp.MustCompile(`(?m)^ {0,3}<![a-z]`)

// spaceHeadings inserts a space after the #s of each line survey reads as
// a heading without one ("#Title", "##Name"; docs/formats.md, Decisions,
// "Headings"), so that CommonMark reads it as a heading too. (Only the
// first diag.MaxPerCode such lines are reported; test inputs stay below.)
func spaceHeadings(src []byte, d diag.List) []byte {
	lines := bytes.Split(src, []byte("\n"))
	for _, x := range d {
		if x.Code != codeHeadingNoSpace.ID || x.Line < 1 || x.Line > len(lines) {
			continue
		}
		l := lines[x.Line-1]
		i := len(l) - len(bytes.TrimLeft(l, " \t"))
		for i < len(l) && l[i] == '#' {
			i++
		}
		lines[x.Line-1] = slices.Concat(l[:i], []byte(" "), l[i:])
	}
	return bytes.Join(lines, []byte("\n"))
}

// indentedHeading reports whether the list item holds a heading indented
// by four columns or more.
func indentedHeading(src []byte, item ast.Node) bool {
	for c := item.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			line := bytes.Split(src, []byte("\n"))[startLine(src, h)-1]
			if w, _ := indent(string(line)); w >= 4 {
				return true
			}
		}
	}
	return false
}

// lineAloneIsLink reports whether goldmark reads the line, on its own, as
// a list item that starts with a link.
func lineAloneIsLink(line []byte) bool {
	d := oracleDoc(append([]byte("## S\n"), bytes.TrimLeft(line, " \t")...))
	return len(d.Links) > 0
}

// fenceInItem reports whether goldmark reads a fenced code block inside a
// list item of src.
func fenceInItem(src []byte) bool {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	found := false
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.FencedCodeBlock); ok && entering {
			for p := n.Parent(); p != nil; p = p.Parent() {
				if p.Kind() == ast.KindListItem {
					found = true
					return ast.WalkStop, nil
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return found
}

// lineOf returns the 1-based line of byte offset off in src.
func lineOf(src []byte, off int) int {
	// goldmark's block positions count a tab's columns, so an offset
	// may overshoot the end of the source.
	off = min(off, len(src))
	return bytes.Count(src[:off], []byte("\n")) + 1
}

// startLine returns the line where block n starts.
func startLine(src []byte, n ast.Node) int {
	if n.Lines().Len() > 0 {
		return lineOf(src, n.Lines().At(0).Start)
	}
	return lineOf(src, max(n.Pos(), 0))
}

// isATX reports whether h is an ATX heading: setext headings do not count
// for survey (docs/formats.md: "Setext headings (a line underlined with `=`
// or `-`) do not count"), and are left out of the oracle's reading. An ATX
// heading has its #s before its text on its line (after any list marker or
// quote mark); a setext heading has text, and no # before it.
func isATX(src []byte, h *ast.Heading) bool {
	if h.Lines().Len() == 0 {
		return true
	}
	p := h.Lines().At(0).Start
	start := bytes.LastIndexByte(src[:p], '\n') + 1
	return bytes.IndexByte(src[start:p], '#') >= 0
}

// oracleDoc reads src as goldmark does. Headings count at the top level
// and inside list items: survey does not nest blocks in list items
// (docs/formats.md, Decisions, "Nesting"), so "  ## Name" under an item is a
// section heading to it.
func oracleDoc(src []byte) mdDoc {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var d mdDoc
	section := 0
	heading := func(h *ast.Heading) {
		if !isATX(src, h) {
			return
		}
		line := startLine(src, h)
		name := strings.TrimSpace(string(h.Lines().Value(src)))
		switch {
		case h.Level == 1 && d.TitleLine == 0:
			d.Title, d.TitleLine = name, line
		case h.Level == 2:
			section = line
			d.Sections = append(d.Sections, mdSection{Name: name, Line: line})
		}
	}
	// parentLine is the line of the marker of the item holding the list, 0
	// at the top.
	var list func(l *ast.List, parentLine int)
	list = func(l *ast.List, parentLine int) {
		for item := l.FirstChild(); item != nil; item = item.NextSibling() {
			line := 0
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				if c == item.FirstChild() {
					line = startLine(src, c)
				}
				h, isHeading := c.(*ast.Heading)
				// A setext heading ("[name](url)" over "-") is a link
				// item and its notes to survey (docs/formats.md,
				// Decisions, "Headings": setext headings do not count).
				setext := isHeading && !isATX(src, h)
				switch l, isList := c.(*ast.List); {
				case isList:
					list(l, lineOf(src, item.Pos()))
				case isHeading && !setext:
					// Indented by four columns or more, or after the
					// item's marker ("- # Name"), it is text to survey
					// (docs/formats.md, Decisions, "Nesting").
					w, rest := indent(string(bytes.Split(src, []byte("\n"))[startLine(src, h)-1]))
					if w < 4 && strings.HasPrefix(rest, "#") {
						heading(h)
					}
				default:
					// An item that starts on the line of the item holding
					// it ("- - [name](url)") is nested, which survey does
					// not read (docs/formats.md, Decisions, "Nesting").
					// Nor is an item whose text starts on the line after its
					// marker: a link is read on its item's line.
					if c == item.FirstChild() && section != 0 && line != parentLine && line == lineOf(src, item.Pos()) {
						if lk, ok := itemLink(src, c, section); ok {
							lk.NotesUnchecked = lk.NotesUnchecked || setext || indentedHeading(src, item)
							d.Links = append(d.Links, lk)
						}
					}
				}
			}
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			heading(n)
		case *ast.Blockquote:
			prev := n.PreviousSibling()
			if h, ok := prev.(*ast.Heading); ok && h.Level == 1 && startLine(src, h) == d.TitleLine && section == 0 {
				d.Summary, d.SummaryMarkup = blockText(src, n)
			}
		case *ast.List:
			list(n, 0)
		}
	}
	return d
}

// blockText returns the lines of the paragraphs in n, each trimmed, joined
// with spaces, and whether n holds other blocks.
func blockText(src []byte, n ast.Node) (string, bool) {
	var lines []string
	other := false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*ast.Paragraph); !ok {
			other = true
			continue
		}
		for i := 0; i < c.Lines().Len(); i++ {
			seg := c.Lines().At(i)
			lines = append(lines, strings.TrimSpace(string(seg.Value(src))))
		}
	}
	return strings.Join(lines, " "), other
}

// itemLink returns the link that starts the paragraph p, the first block of
// a list item.
func itemLink(src []byte, p ast.Node, section int) (mdLink, bool) {
	if p.Kind() != ast.KindParagraph && p.Kind() != ast.KindTextBlock && p.Kind() != ast.KindHeading {
		return mdLink{}, false
	}
	link, ok := p.FirstChild().(*ast.Link)
	if !ok || link.Reference != nil {
		// A reference link, "[name][ref]" or "[name]" with a link
		// reference definition, is no file-list link to survey
		// (docs/formats.md, Decisions, "List items": inline links only).
		// An inline link after other text on the item's line is read,
		// with llms-txt.text-before-link (Decisions, "List items").
		return laterItemLink(src, p, section)
	}
	lines := p.Lines()
	seg0 := lines.At(0)
	first := string(seg0.Value(src))
	if _, ok := parseInlineLink(strings.TrimSpace(first)); !ok {
		all := []string{}
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			all = append(all, strings.TrimSpace(string(seg.Value(src))))
		}
		if _, ok := parseInlineLink(strings.Join(all, " ")); ok {
			// A link whose text or title runs onto the next line: survey
			// reads a link on its item's line (docs/formats.md, Decisions,
			// "List items").
			return mdLink{}, false
		}
	}
	l := mdLink{Line: lineOf(src, lines.At(0).Start), Section: section}
	l.URL = plain(link.Destination)
	l.Name, l.Markup = inlineText(src, link)
	// The notes: the text after the link on its line (read as survey reads
	// it: the link's end is not in goldmark's tree), then the paragraph's
	// other lines.
	notes := []string{}
	bare := false
	if sl, ok := parseInlineLink(strings.TrimSpace(first)); ok {
		rest := strings.TrimSpace(sl.rest)
		bare = rest == ""
		notes = append(notes, strings.TrimSpace(strings.TrimPrefix(rest, ":")))
	}
	for i := 1; i < lines.Len(); i++ {
		seg := lines.At(i)
		// A list item indented by four columns or more is an item to
		// survey (docs/formats.md, Decisions, "Nesting"), which ends the
		// notes where CommonMark continues them.
		start := bytes.LastIndexByte(src[:seg.Start], '\n') + 1
		raw := string(src[start:seg.Stop])
		if w, _ := indent(raw); w >= 4 {
			if it, ok := parseListItem(raw); ok && it.interruptsParagraph() {
				break
			}
		}
		notes = append(notes, strings.TrimSpace(string(seg.Value(src))))
		// A form feed or vertical tab is white space to survey (Decisions,
		// "Text"): the notes of such lines are not compared.
		l.NotesUnchecked = l.NotesUnchecked || bytes.ContainsAny(seg.Value(src), "\f\v")
	}
	l.Notes = strings.TrimSpace(strings.Join(notes, " "))
	if bare && strings.HasPrefix(l.Notes, ":") {
		// The link alone on its line: a colon opening the next line
		// introduces the notes (docs/formats.md, Decisions, "List items").
		l.Notes = strings.TrimSpace(l.Notes[1:])
	}
	return l, true
}

// laterItemLink returns the first inline link of the paragraph p, the
// first block of a list item, when other text comes before it on the
// paragraph's first line ("API Reference > Credits [name](url)",
// "**[name](url)**"). The notes are not compared: survey keeps the text
// after the link as they are, the oracle has no reading of its own. survey
// tries the first maxLaterLinkTries brackets of the line only, so a link
// after more brackets is none to the oracle either.
func laterItemLink(src []byte, p ast.Node, section int) (mdLink, bool) {
	lines := p.Lines()
	if lines.Len() == 0 {
		return mdLink{}, false
	}
	first := lines.At(0)
	var found *ast.Link
	start := -1
	prevStop := first.Start // the end of the last text before the link
	_ = ast.Walk(p, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if found != nil {
			return ast.WalkStop, nil
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := n.(*ast.Text); ok {
			prevStop = t.Segment.Stop
		}
		l, ok := n.(*ast.Link)
		if !ok || l.Reference != nil {
			return ast.WalkContinue, nil
		}
		// The link's position: that of the first text inside it, or the
		// end of the text before it when its name is empty.
		start = prevStop
		_ = ast.Walk(l, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if t, ok := c.(*ast.Text); ok && entering {
				start = t.Segment.Start
				return ast.WalkStop, nil
			}
			return ast.WalkContinue, nil
		})
		found = l
		return ast.WalkStop, nil
	})
	if found == nil || start < first.Start || start >= first.Stop {
		return mdLink{}, false
	}
	before := src[first.Start:start]
	if bytes.Count(before, []byte("[")) > maxLaterLinkTries {
		return mdLink{}, false
	}
	if _, _, ok := findLaterLink(strings.TrimSpace(string(first.Value(src)))); !ok {
		// A link whose name or destination runs onto the next line:
		// survey reads a link on its item's line (as itemLink above).
		return mdLink{}, false
	}
	l := mdLink{Line: lineOf(src, first.Start), Section: section, NotesUnchecked: true}
	l.URL = plain(found.Destination)
	l.Name, l.Markup = inlineText(src, found)
	return l, true
}

// plain returns Markdown text as CommonMark reads it: backslash escapes
// and entity references resolved, as goldmark's HTML renderer writes text
// (then unescaped from HTML).
func plain(b []byte) string {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	html.DefaultWriter.Write(w, b)
	_ = w.Flush()
	return stdhtml.UnescapeString(buf.String())
}

// inlineText returns the plain text of a link's text, and whether it holds
// inline markup other than text.
func inlineText(src []byte, n ast.Node) (string, bool) {
	var b strings.Builder
	markup := false
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || c == n {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.WriteString(plain(c.Segment.Value(src)))
			if c.SoftLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		default:
			markup = true
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String()), markup
}

// diffDoc returns the differences between survey's reading and the
// oracle's, one line each, or nil.
func diffDoc(got, want mdDoc) []string {
	var out []string
	if got.Title != want.Title || got.TitleLine != want.TitleLine {
		out = append(out, fmt.Sprintf("title: survey %q@%d, goldmark %q@%d", got.Title, got.TitleLine, want.Title, want.TitleLine))
	}
	if got.Summary != want.Summary {
		out = append(out, fmt.Sprintf("summary: survey %q, goldmark %q", got.Summary, want.Summary))
	}
	if !slices.Equal(got.Sections, want.Sections) {
		out = append(out, fmt.Sprintf("sections: survey %v, goldmark %v", got.Sections, want.Sections))
	}
	if !slices.Equal(got.Links, want.Links) {
		out = append(out, fmt.Sprintf("links:\n  survey   %+v\n  goldmark %+v", got.Links, want.Links))
	}
	return out
}

// compareWithOracle parses data with survey and goldmark and reports any
// difference.
func compareWithOracle(t *testing.T, data []byte) {
	t.Helper()
	f, d := Parse(data)
	if f.OtherFormat != "" || slices.ContainsFunc(d, func(x diag.Diagnostic) bool { return x.Code == codeNotText.ID }) {
		return // not parsed as Markdown (docs/formats.md, "Validity and other format")
	}
	src := spaceHeadings(oracleSource(data), d)
	if fenceInItem(src) {
		// survey does not nest blocks in list items (docs/formats.md,
		// Decisions, "Nesting"): a code fence indented under an item is a
		// fence at the top level to it, which CommonMark ends with the item.
		return
	}
	got := surveyDoc(f)
	want := oracleDoc(src)
	// goldmark strips every ASCII white space character around a heading's
	// text, where CommonMark (§4.2) strips spaces and tabs only, as survey
	// does: white space with a form feed or vertical tab at the ends is left
	// out.
	const ws = " \t\f\v"
	got.Title, want.Title = strings.Trim(got.Title, ws), strings.Trim(want.Title, ws)
	for i := range got.Sections {
		got.Sections[i].Name = strings.Trim(got.Sections[i].Name, ws)
	}
	for i := range want.Sections {
		want.Sections[i].Name = strings.Trim(want.Sections[i].Name, ws)
	}
	for i := range got.Links {
		// survey keeps a NUL byte as written and reports it
		// (llms-txt.nul-byte; docs/formats.md, Decisions, "Text"), where
		// CommonMark (§2.3) reads U+FFFD.
		l := &got.Links[i]
		l.Name = strings.ReplaceAll(l.Name, "\x00", "\uFFFD")
		l.URL = strings.ReplaceAll(l.URL, "\x00", "\uFFFD")
	}
	if want.SummaryMarkup || bytes.ContainsAny(src, "\f\v") {
		// The summary is the quote's text as written, whatever blocks it
		// holds (docs/formats.md, Decisions, "Summary"); a form feed or
		// vertical tab is white space to survey (Decisions, "Text"), not
		// to CommonMark's blank lines (§4.9).
		want.Summary = got.Summary
	}
	// A list item indented by four columns or more is an item to survey,
	// where CommonMark may read an indented code block or a paragraph's
	// continuation (docs/formats.md, Decisions, "Nesting").
	lines := bytes.Split(src, []byte("\n"))
	oracleLinks := map[int]bool{}
	for _, l := range want.Links {
		oracleLinks[l.Line] = true
	}
	// So is an item whose text follows its marker by five columns or more,
	// which CommonMark reads as an indented code block in the item.
	// A form feed or vertical tab is white space to survey (docs/formats.md,
	// Decisions, "Text"), so a link item holding one is left out.
	ffvt := func(l mdLink) bool { return bytes.ContainsAny(lines[l.Line-1], "\f\v") }
	got.Links = slices.DeleteFunc(got.Links, ffvt)
	want.Links = slices.DeleteFunc(want.Links, ffvt)
	// A link is read from its item's line alone (docs/formats.md,
	// Decisions, "List items"): a code span or other inline that runs onto
	// the next line, which CommonMark reads across lines, is not seen.
	got.Links = slices.DeleteFunc(got.Links, func(l mdLink) bool {
		return !oracleLinks[l.Line] && lineAloneIsLink(lines[l.Line-1])
	})
	got.Links = slices.DeleteFunc(got.Links, func(l mdLink) bool {
		w, rest := indent(string(lines[l.Line-1]))
		rest = strings.TrimLeft(rest, "0123456789")[1:] // the marker
		gap, text := indent(rest)
		return (w >= 4 || gap >= 5 && text != "") && !oracleLinks[l.Line]
	})
	// survey keeps a link name as written, with its inline markup
	// (docs/formats.md, Decisions, "List items"): a name with markup is not
	// compared.
	for i := range want.Links {
		if want.Links[i].Markup && i < len(got.Links) && got.Links[i].Line == want.Links[i].Line {
			want.Links[i].Name, want.Links[i].Markup = got.Links[i].Name, false
		}
		// A heading indented by four columns or more under an item is
		// text to survey, which may continue the notes (docs/formats.md,
		// Decisions, "Nesting").
		if want.Links[i].NotesUnchecked && i < len(got.Links) && got.Links[i].Line == want.Links[i].Line {
			want.Links[i].Notes, want.Links[i].NotesUnchecked = got.Links[i].Notes, false
		}
	}
	if diff := diffDoc(got, want); diff != nil {
		t.Errorf("input %q:\n%s", data, strings.Join(diff, "\n"))
	}
}

// diffCases are hand-picked inputs on which survey and CommonMark agree.
var diffCases = []string{
	// Found by the fuzzer.
	"##\n* [](\\ 000)", "##\n0\n0) []()", "##\n* \n0) []()", "#\n>000\n#\n00", "#A\n>\nA0",
	"000\n##A0\n* [0](0000)000\n  *", "#\n# \n>0", "<!a000000\n#", "#A \f", "##\n* * []()0",
	"###\n##\n* \n  [](0)00000000000", "0000\n#A\n#0\n-", "##\n* [](\x00)", "# T\n## S\n- [a](b&;c)", "#\n>\f\n0", "##\n* []()\n      * 0", "##\n* []()\n    #", "##A\n* []()\n    *", "##\n*     []()", "##\n* []()\n  -", "* #", "*\n\t#", "##\n* [![]([)]()", "##\n* \v[]()", "##\n>\n0) []()", "##\n* [](0 (())", "##\n-\n  - []()", "##\n* [`]()\n`0",
	// Hand-picked.
	"# T\n> s\n## S\n- [a](https://a.example/): n\n",
	"# T\n## S\n<!--\n## Hidden\n- [h](https://h.example/)\n-->\n- [a](https://a.example/)\n",
	"# T\n## S\n<details>\n- [h](https://h.example/)\n</details>\n",
	"# T\n> s\n- [a](https://a.example/)\n## S\n",
	"# T\n> s\n---\n",
	"# T\n## S\n\n    - [a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/)\n  ```\n## X\n  ```\n",
	"# T\n## S\n- [a](https://a.example/)\n  ## X\n",
	"# T\n## S\n[ref]: https://r.example/\n- [r][ref]\n",
	"# T\n## S\n- [AT&amp;T](https://a.example/?a=1&amp;b=2)\n",
	"# T\n## S\n- [a\\]b](https://a.example/\\(x)\n",
	"# T\n## S\n- <https://a.example/>\n",
	"# T\n## S\n- [a](https://a.example/): n\ncontinued\n",
	"# T\n## S\n- [a](https://a.example/): n\n  continued\n",
	"# T\n## S\n- [a](https://a.example/): n\n> q\n",
	"# T\n## S\n- [a](https://a.example/): n\n<div>\n",
	"# T\n## S\n- [a](https://a.example/): n\n<span>x</span>\n",
	"# T\n## S\n- [a](https://a.example/): n\n2. [b](https://b.example/)\n",
	"# T\n## S\n- [a](https://a.example/)\n- \n- [b](https://b.example/)",
	"# T\n\n    # Not\n## S\n",
	"    # T\n",
	"# T\n## S\n\n\t- [a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/ \"title\")\n",
	"# T\n## S\n- [a](<https://a.example/x y>)\n",
	"# T\n## S\n-\t[a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/)\n\n  - [b](https://b.example/)\n",
	"# T\n## S\n1. [a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/):\n  - [c](https://c.example/)\n",
	"# T\n> s\n> t\n\n## S",
	"# T\n> s\n>\n> t\n",
	"# T\n>s\n",
	"# T\n> - s\n",
	"# T\n> # s\n",
	"# T\n## S\n- [a](https://a.example/)\n```\n- [b](https://b.example/)\n```\n",
	"# T\n## S\n~~~\n## X\n~~~\n",
	"# T\n## S\n````\n```\n## X\n````\n",
	"# T\n## S\n- [a](https://a.example/&#x41;)\n",
	"# T #\n",
	"# T \\#\n",
	"# T\n## S ##\n",
	"# T\n## S\n- [a](https://a.example/)\\\n  next",
	"# T\n## S\n  - [a](https://a.example/)\n",
	"# T\n## S\n- [a]\n(https://a.example/)",
	"<!-- c -->\n# T\n",
	"# T\n<!--\n> s\n-->\n",
	"# T\n## S\n<?php\n- [a](https://a.example/)\n?>\n",
	"# T\n## S\n<script>\n## X\n</script>\n",
	"# T\n## S\n- [a](https://a.example/)\n***\n- [b](https://b.example/)\n",
	"# T\n## S\n- [![img](i.png)](https://a.example/)",
	"# T\n## S\n- [a](https://a.example/): n\n    code-ish\n",
	"# T\n## S\n- [a](https://a.example/) [b](https://b.example/)",
	"# T\n## S\n- [[a](https://a.example/)](https://b.example/)",
	"# T\n## S\n- [a](<b<c>)",
	"# T\n## S\n- [a](\\&amp;)",
	"# T\n## S\n- [a\nb](https://a.example/)",
	"# T\n## S\n- [a](https://a.example/)\n- [b](https://b.example/)\n\n      - [c](https://c.example/)\n",
	"# T\n## S\n- [a](https://a.example/ 'x')\n",
	"# T\n## S\n- [a](https://a.example/ \"x\n",
	"# T\n## S\n+ [a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/): n\n  - [b](https://b.example/)\n",
	"# T\n## S\n- # [a](https://a.example/)\n",
	"# T\n## S\n- > [a](https://a.example/)\n",
	"# T\n## S\n- [a](https://a.example/):\n\n  more\n",
	"# T\n## S\n\n- [a](https://a.example/)\n\n   ## X\n",
	"# T\n## S\n   - [a](https://a.example/)\n",
	"# T\n## S\n    - [a](https://a.example/)\n",
	"# T\n## S\ntext\n    - [a](https://a.example/)\n",
	"# T\n> s\n-\n",
	"# T\n> s\n2. item\n",
	"# T\n> s\n===\n",
	"# T\n> s\n=\n",
	"# T\n> s\n--\n",
	"# T\n> s\n1)\n",
	"# T\n> s\n 1. x\n",
	"# T\n> s\n01. x\n",
}

func TestCommonMarkDiff(t *testing.T) {
	for _, c := range diffCases {
		compareWithOracle(t, []byte(c))
	}
	for _, s := range fuzzSeeds() {
		compareWithOracle(t, []byte(s))
	}
	for _, name := range []string{"testdata/spec-example.txt", "testdata/fasthtml.txt", "testdata/large.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		compareWithOracle(t, b)
	}
}

func FuzzCommonMarkDiff(f *testing.F) {
	for _, c := range diffCases {
		f.Add([]byte(c))
	}
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	addSmallTestdata(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		compareWithOracle(t, data)
	})
}
