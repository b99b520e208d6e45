// Package llmstxt parses llms.txt files (https://llmstxt.org/, section
// "Format"): Markdown with exactly one H1 title, an optional blockquote
// summary, optional free text without headings, then H2 sections each
// holding a list of links "- [name](url): notes". The section named
// "Optional" lists links a reader may skip when it needs a shorter context.
//
// Parse is a pure function from bytes to a File and diagnostics. Only a
// file that is not an llms.txt at all (no H1 title, a body that is not
// UTF-8 text, an HTML document, robots.txt rules or INI settings) is invalid;
// everything else is a warning or an informational observation.
//
// Decisions where the format is silent:
//   - Relative link URLs are allowed: a Markdown link may hold a relative
//     reference, resolved against the file's URL. They are recorded as info
//     (llms-txt.relative-url), because tools that fetch link URLs verbatim,
//     such as the reference llms_txt2ctx, cannot follow them.
//   - "#Title" (no space) counts as the H1 title, with a warning, before
//     the title and any section, where the reference parser looks for the
//     title; elsewhere, as in CommonMark, a line such as "#hashtag" is text.
//     "##Name" counts as a section heading, with the same warning, as the
//     reference parser splits sections at every "##". Setext headings
//     ("Title" over "=====") do not count, also like the reference parser.
//   - Headings of level 3 or deeper never start a section: they stay inside
//     the current part, with a warning.
//   - Bullet items marked "*" or "+" and ordered items are accepted as file
//     list items, with an info diagnostic: the reference parser reads only
//     "-" items.
//   - A section named "optional" in another case counts as the Optional
//     section, with a warning: the reference tools compare the name exactly.
//   - A wrapped link note (the next line, not blank, not a new item and not
//     a line that ends a paragraph, such as a thematic break or a block
//     quote) continues the notes.
package llmstxt

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/mdhtml"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
)

// File is a parsed llms.txt.
type File struct {
	// Title is the text of the H1 heading; TitleLine its line (0 when the
	// file has no H1).
	Title     string `json:"title"`
	TitleLine int    `json:"title_line"`
	// Summary is the text of the blockquote after the title, its lines
	// joined with spaces.
	Summary string `json:"summary,omitempty"`
	// Details is the free text between the summary and the first section,
	// as written (lines joined with "\n", surrounding blank lines removed).
	Details string `json:"details,omitempty"`
	// Sections are the H2 sections in file order.
	Sections []Section `json:"sections"`
	// HasOptional is true when a section is the Optional section.
	HasOptional bool `json:"has_optional"`
	// OtherFormat names the convention the body follows instead of
	// Markdown: OtherHTML, OtherRobotsStyle or OtherINI. The file is then
	// not an llms.txt at all, and nothing else is parsed.
	OtherFormat string `json:"other_format,omitempty"`
}

// The conventions a body at /llms.txt may plainly follow instead (File.OtherFormat).
const (
	OtherHTML        = "html"         // an HTML document
	OtherRobotsStyle = "robots-style" // robots.txt rules: User-agent, Allow, Disallow lines
	OtherINI         = "ini"          // INI settings: [section] and key = value lines
)

// Section is an H2 section: a file list.
type Section struct {
	Name string `json:"name"`
	Line int    `json:"line"`
	// Optional is true for the section named "Optional", whose links can be
	// skipped when a shorter context is needed.
	Optional bool   `json:"optional,omitempty"`
	Links    []Link `json:"links"`
}

// Link is one item of a file list.
type Link struct {
	Name  string `json:"name"`
	URL   string `json:"url"`
	Notes string `json:"notes,omitempty"`
	Line  int    `json:"line"`
	// Relative is true when URL is a relative reference.
	Relative bool `json:"relative,omitempty"`
}

// LinkCount returns the number of links in every section.
func (f *File) LinkCount() int {
	n := 0
	for _, s := range f.Sections {
		n += len(s.Links)
	}
	return n
}

// part is where in the fixed order of the format the parser is.
type part int

const (
	partPreamble part = iota // before the H1
	partSummary              // after the H1, where the blockquote may come
	partDetails              // free text before the first H2
	partSections             // inside H2 sections
)

// parser holds the state of one Parse call.
type parser struct {
	f     *File
	diags diagnostics

	part         part
	titleSeen    bool
	summaryOpen  bool // the blockquote summary is being read
	summaryDone  bool
	quotePara    bool // the last line of the summary's quote was paragraph text
	summary      []string
	details      []string
	preamble     int // first content line before the H1
	prevText     int // line of the previous paragraph text line, 0 after a blank
	fence        fence
	fenceLine    int // line of the open fence, 0 when none
	raw          mdhtml.Block
	verbatim     bool     // the line is code or raw HTML, not Markdown structure
	comment      bool     // the line is an HTML comment and nothing else
	listCol      int      // the content column of the section's last list item; 0 when no list is open
	blockInItem  bool     // the open code fence or HTML block is indented under that item
	para         bool     // a paragraph is open: the last line was paragraph text
	paraInItem   bool     // that paragraph is a list item's
	itemCol      int      // the content column of that item
	paraInQuote  bool     // the paragraph is a block quote's
	itemOpen     bool     // the last line was a link item or its note
	notes        []string // the notes of that link, line by line
	bareLink     bool     // nothing follows that link on its line
	section      *Section
	sectionText  bool // a section-text diagnostic was emitted for this section
	sectionNames map[string]int

	htmlLines int
	htmlFirst int
	markers   int
	markFirst int
}

// Parse parses an llms.txt file. It never fails: problems are reported as
// diagnostics, and the File holds whatever could be read.
func Parse(data []byte) (*File, diag.List) {
	p := &parser{f: &File{Sections: []Section{}}, sectionNames: map[string]int{}}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		p.diags.Add(codeBOM, 1, "the file starts with a UTF-8 byte order mark")
		data = data[3:]
	}
	if kind := textsniff.NotText(data); kind != "" {
		// Not text at all (UTF-16 saved by a Windows editor, a binary):
		// one diagnostic says so, rather than one per line and a missing
		// title the file may well have in its own encoding.
		p.diags.Add(codeNotText, 0, "the body is not UTF-8 text (%s); an llms.txt is Markdown text", kind)
		return p.f, p.diags.Sorted()
	}
	p.checkText(data)
	if kind, n := otherFormat(data); kind != "" {
		what := "robots.txt-style rules (User-agent, Allow, Disallow lines)"
		if kind == OtherINI {
			what = "INI-style settings ([section] and key = value lines)"
		}
		p.diags.Add(codeOtherFormat, n, "the body is %s, not Markdown", what)
		p.f.OtherFormat = kind
		return p.f, p.diags.Sorted()
	}
	line := 0
	first := true
	var html htmlStart
	for len(data) > 0 || first {
		first = false
		var raw []byte
		raw, data = nextLine(data)
		line++
		s := string(raw)
		if html.line(s) {
			p.diags.Add(codeHTMLDocument, line, "the body is an HTML document, not Markdown")
			p.f.OtherFormat = OtherHTML
			return p.f, p.diags.Sorted()
		}
		p.line(line, s)
	}
	p.finish()
	return p.f, p.diags.Sorted()
}

// checkText reports invalid UTF-8 and NUL bytes, each once with the first
// line and the number of lines affected.
func (p *parser) checkText(data []byte) {
	badLines, badFirst, nulLines, nulFirst := 0, 0, 0, 0
	line := 0
	for len(data) > 0 {
		line++
		var raw []byte
		raw, data = nextLine(data)
		if !utf8.Valid(raw) {
			if badLines == 0 {
				badFirst = line
			}
			badLines++
		}
		if bytes.IndexByte(raw, 0) >= 0 {
			if nulLines == 0 {
				nulFirst = line
			}
			nulLines++
		}
	}
	if badLines > 0 {
		p.diags.Add(codeInvalidUTF8, badFirst, "%d line(s) are not valid UTF-8, the first here", badLines)
	}
	if nulLines > 0 {
		p.diags.Add(codeNULByte, nulFirst, "%d line(s) hold NUL bytes, the first here", nulLines)
	}
}

// line processes one line.
func (p *parser) line(n int, s string) {
	if p.fenceLine != 0 {
		if p.fence.closes(s) {
			p.fenceLine = 0
		}
		p.verbatimLine(n, s)
		return
	}
	if p.raw.Kind != 0 {
		if p.raw.Kind < 6 || !isBlank(s) {
			ends := p.raw.EndsOn(s)
			p.comment = p.raw.Kind == mdhtml.Comment && (!ends || commentOnly(s))
			if ends {
				p.raw = mdhtml.Block{}
			}
			p.htmlLine(n, s)
			p.verbatimLine(n, s)
			p.comment = false
			return
		}
		p.raw = mdhtml.Block{} // a blank line ends kinds 6 and 7
	}
	if isBlank(s) {
		p.para = false
		p.blank(n, s)
		return
	}
	if f, ok := openFence(s); ok {
		p.fence, p.fenceLine = f, n
		p.blockInItem = p.underItem(s)
		p.verbatimLine(n, s)
		return
	}
	if b, ok := mdhtml.Start(s, p.para); ok {
		p.blockInItem = p.underItem(s)
		ends := b.EndsOn(s)
		if !ends {
			p.raw = b
		}
		p.comment = b.Kind == mdhtml.Comment && (!ends || commentOnly(s))
		p.htmlLine(n, s)
		p.verbatimLine(n, s)
		p.comment = false
		return
	}
	if h, ok := atxHeading(s); ok && (!h.noSpace || p.readsNoSpaceHeading(h)) {
		p.listCol = 0 // a heading ends the list
		p.heading(n, h)
		p.prevText = 0
		p.para = false
		return
	}
	if level, ok := setextUnderline(s); ok && p.prevText != 0 && (level == 1 || !p.titleSeen) {
		p.diags.Add(codeSetextHeading, n, "line %d is underlined as a setext H%d; only \"#\" headings are recognised", p.prevText, level)
	}
	p.htmlLine(n, s)
	p.text(n, s)
	p.prevText = n
	_, rest := indent(s)
	q, quote := blockquote(s)
	switch item, ok := parseListItem(s); {
	case quote:
		p.para, p.paraInItem, p.paraInQuote = q != "", false, true
	case ok && (p.part != partSections || p.startsItem(item)):
		p.para, p.paraInItem, p.paraInQuote, p.itemCol = item.content != "", true, false, item.col
	case isThematicBreak(rest):
		p.para = false
	case !p.para:
		p.para, p.paraInItem, p.paraInQuote = true, false, false
	}
}

// htmlLine counts a line that starts with an HTML tag.
func (p *parser) htmlLine(n int, s string) {
	if htmlTag(s) {
		if p.htmlLines == 0 {
			p.htmlFirst = n
		}
		p.htmlLines++
	}
}

// verbatimLine processes a line of a code fence or an HTML block (CommonMark
// §4.5, §4.6): text, whatever Markdown it looks like.
func (p *parser) verbatimLine(n int, s string) {
	p.verbatim = true
	p.text(n, s)
	p.verbatim = false
	p.prevText = 0
	p.para = false
}

// readsNoSpaceHeading reports whether a heading without a space after the
// #s ("#Title") is read as a heading. CommonMark reads it as paragraph text
// ("#machinelearning" wrapped onto a note line is text); the reference parser
// looks for the H1 title, "#" and optional spaces, only before the first
// "##" and splits sections at every "##". So "#Title" is the title only
// before the title and any section, where it is plausibly a mistyped
// heading; "##Name" is a heading as before.
func (p *parser) readsNoSpaceHeading(h heading) bool {
	if h.level == 1 {
		return p.part == partPreamble
	}
	return true
}

// closeItem ends the link item being read, joining its wrapped notes.
func (p *parser) closeItem() {
	if p.itemOpen && len(p.notes) > 1 {
		l := &p.section.Links[len(p.section.Links)-1]
		l.Notes = strings.TrimSpace(strings.Join(p.notes, " "))
		if p.bareLink && strings.HasPrefix(l.Notes, ":") {
			// "[name](url)" alone on its line, then ": notes" on the
			// next (pkgdown writes its reference index so): a line break
			// is white space, so the colon introduces the notes.
			l.Notes = strings.TrimSpace(l.Notes[1:])
		}
	}
	p.itemOpen, p.notes = false, p.notes[:0]
}

// blank processes a blank line.
func (p *parser) blank(n int, s string) {
	p.prevText = 0
	p.closeItem()
	switch p.part {
	case partSummary:
		if p.summaryOpen {
			p.summaryOpen, p.summaryDone = false, true
			p.part = partDetails
		}
	case partDetails:
		p.details = append(p.details, s)
	}
}

// heading processes an ATX heading.
func (p *parser) heading(n int, h heading) {
	p.closeItem()
	if p.summaryOpen {
		// A heading ends the summary's block quote: it is no lazy
		// continuation line (CommonMark §5.1).
		p.summaryOpen, p.summaryDone = false, true
		p.part = partDetails
	}
	if h.noSpace {
		p.diags.Add(codeHeadingNoSpace, n, "%q is read as an H%d heading, as the reference parser reads it; in CommonMark it is text, a heading needs a space after the #", strings.Repeat("#", h.level)+h.text, h.level)
	}
	switch h.level {
	case 1:
		if p.titleSeen {
			p.diags.Add(codeDuplicateTitle, n, "second H1 %q; the title is %q (line %d)", h.text, p.f.Title, p.f.TitleLine)
			switch {
			case p.part == partSummary && !p.summaryDone && len(p.summary) == 0:
				// "# Site\n# comment\n\n> summary": text of the details
				// part, which ends the summary's place; the block quote
				// after it is no summary. Say so, since the file has one.
				p.diags.Add(codeMissingSummary, p.f.TitleLine, "no blockquote summary right after the title, which a second H1 (line %d) follows; a block quote after that H1 is not the summary", n)
				p.summaryDone = true
				p.part = partDetails
				p.details = append(p.details, "# "+h.text)
			case p.part == partSummary || p.part == partDetails:
				// Text of the details part: a block quote after it is no
				// summary, which follows the title.
				p.text(n, "# "+h.text)
			}
			return
		}
		p.titleSeen = true
		p.f.Title, p.f.TitleLine = h.text, n
		if h.text == "" {
			p.diags.Add(codeEmptyTitle, n, "the H1 title is empty")
		}
		if p.preamble != 0 {
			p.diags.Add(codeTitleNotFirst, p.preamble, "content before the H1 title (line %d)", n)
		}
		if p.part == partPreamble {
			p.part = partSummary
		}
	case 2:
		if !p.titleSeen && p.preamble == 0 {
			p.preamble = n
		}
		p.closeSection()
		if !p.summaryDone && p.part <= partSummary && p.titleSeen && len(p.summary) == 0 {
			p.diags.Add(codeMissingSummary, p.f.TitleLine, "no blockquote summary after the title")
		}
		p.summaryDone = true
		p.part = partSections
		p.f.Sections = append(p.f.Sections, Section{Name: h.text, Line: n, Links: []Link{}})
		p.section = &p.f.Sections[len(p.f.Sections)-1]
		p.sectionText = false
		if prev, ok := p.sectionNames[h.text]; ok {
			p.diags.Add(codeDuplicateSection, n, "section %q is already defined on line %d", h.text, prev)
		} else {
			p.sectionNames[h.text] = n
		}
		switch {
		case h.text == "Optional":
			p.section.Optional = true
		case strings.EqualFold(h.text, "Optional"):
			p.section.Optional = true
			p.diags.Add(codeOptionalCase, n, "section %q is counted as the Optional section, but the name is \"Optional\"", h.text)
		}
		if p.section.Optional {
			p.f.HasOptional = true
		}
	default:
		where := "the details part has no headings"
		if p.part == partSections {
			where = "sections are H2 file lists without sub-headings"
		}
		p.diags.Add(codeDeepHeading, n, "H%d heading %q: %s", h.level, h.text, where)
		if p.part != partSections {
			p.text(n, strings.Repeat("#", h.level)+" "+h.text)
		}
	}
}

// text processes a non-blank line that is not a heading (or a line inside a
// code fence).
func (p *parser) text(n int, s string) {
	switch p.part {
	case partPreamble:
		if p.preamble == 0 {
			p.preamble = n
		}
	case partSummary:
		if q, ok := blockquote(s); ok && !p.summaryDone && !p.verbatim {
			p.summaryOpen = true
			// ">" alone separates paragraphs of the quote.
			p.quotePara = q != ""
			if q != "" {
				p.summary = append(p.summary, q)
			}
			return
		}
		if p.summaryOpen && p.quotePara && !p.verbatim && !startsBlockInQuote(s) {
			// A lazy continuation line of the blockquote.
			p.summary = append(p.summary, strings.TrimSpace(s))
			return
		}
		if len(p.summary) == 0 {
			p.diags.Add(codeMissingSummary, p.f.TitleLine, "no blockquote summary after the title")
		}
		p.summaryOpen, p.summaryDone = false, true
		p.part = partDetails
		p.details = append(p.details, s)
	case partDetails:
		p.details = append(p.details, s)
	case partSections:
		p.sectionLine(n, s)
	}
}

// sectionLine processes a non-blank line inside a section.
func (p *parser) sectionLine(n int, s string) {
	if p.comment || !p.verbatim && isThematicBreakLine(s) {
		// A thematic break ("---" between sections) or an HTML comment
		// ("<!-- generated -->" around the list) holds no text: it ends
		// the item before it, and is no text in the section.
		p.closeItem()
		if !p.inItem(s) {
			p.listCol = 0
		}
		return
	}
	if !p.verbatim {
		// After section text, only some items start a list; others
		// continue the paragraph (CommonMark §5.2). After a link item the
		// paragraph is the item's, and any item at its indentation starts
		// a list.
		if item, ok := parseListItem(s); ok && p.startsItem(item) {
			p.listCol = item.col
			p.item(n, item)
			return
		}
		if p.itemOpen && !interruptsParagraph(s) {
			// A wrapped note of the link just read.
			p.notes = append(p.notes, strings.TrimSpace(s))
			return
		}
		if p.para && p.paraInItem && !interruptsParagraph(s) {
			// The wrapped text of an item that is no link, which has its
			// item-not-link warning: no text outside the list.
			return
		}
	}
	p.closeItem()
	if p.inItem(s) {
		// After a blank line, a paragraph or a code block indented to the
		// content of the last list item is the item's (CommonMark §5.2;
		// pkgdown writes "- [`f()`](url)", "  :", "", "  Title"), not
		// text outside the list. It is not read as the link's notes.
		return
	}
	p.listCol = 0 // a line left of the item's content ends the list
	if !p.sectionText {
		p.sectionText = true
		p.diags.Add(codeSectionText, n, "text in section %q that is not a list item", p.section.Name)
	}
}

// underItem reports whether a line of a section, not blank, is indented to
// the content column of the section's last list item (or further).
func (p *parser) underItem(s string) bool {
	w, _ := indent(s)
	return p.part == partSections && p.listCol > 0 && w >= p.listCol
}

// inItem reports whether a line of a section that is no list item belongs
// to the section's last list item: indented under it, or a line of a code
// fence or HTML block that opened so.
func (p *parser) inItem(s string) bool {
	if p.verbatim {
		return p.blockInItem
	}
	return p.underItem(s)
}

// startsItem reports whether a list item line starts an item rather than
// continuing the open paragraph (CommonMark §5.2): only an item that is not
// empty and is a bullet item or numbered 1 interrupts a paragraph, and any
// item interrupts a list item's paragraph from a column left of the item's
// content, or a block quote's, where it starts a list of its own.
func (p *parser) startsItem(item listItem) bool {
	return !p.para || p.paraInQuote || item.interruptsParagraph() || p.paraInItem && item.indent < p.itemCol
}

// item processes a list item inside a section.
func (p *parser) item(n int, it listItem) {
	p.closeItem()
	if it.marker != '-' {
		if p.markers == 0 {
			p.markFirst = n
		}
		p.markers++
	}
	link, ok := parseInlineLink(it.content)
	if !ok {
		// The item holds a link after other text: read it, and say that
		// the reference parser, which finds only a link that opens its
		// item, does not.
		var prefix string
		if opensBlock(it.content) {
			ok = false
		} else if link, prefix, ok = findLaterLink(it.content); ok {
			if m, emph := emphasisOnly(prefix); emph {
				link.rest = strings.TrimPrefix(strings.TrimLeft(link.rest, " \t"), reverseMarkers(m))
				p.diags.Add(codeTextBeforeLink, n, "the link is wrapped in emphasis (%q); it is read, but the format opens the item with its link, as the reference parser expects", m)
			} else {
				p.diags.Add(codeTextBeforeLink, n, "text before the link: %q; the link is read, but the format opens the item with its link, as the reference parser expects", diag.Clip(strings.TrimSpace(prefix)))
			}
		}
	}
	if !ok {
		msg := "the list item is not a Markdown link [name](url)"
		switch {
		case looksLikeBareURL(it.content):
			msg = "the list item is a bare URL, not a Markdown link [name](url)"
		case destHasSpace(it.content):
			// "[Hello World](https://a.example/Hello World/)": written as a
			// link, but a destination outside <...> ends at a space.
			msg = "the link's URL holds a space, which ends a Markdown link destination (write %20, or enclose the URL in <...>); the reference parser reads the item as a link, CommonMark as text"
		case strings.HasPrefix(it.content, "[") && !strings.Contains(it.content, "]"):
			// "[A long\n  title](url)", as pkgdown wraps its article index:
			// a CommonMark link, but not on the item's line.
			msg = "the link's name runs onto the next line; links are read from their item's line, as the reference parser reads them"
		}
		p.diags.Add(codeItemNotLink, n, "%s: %q", msg, diag.Clip(it.content))
		return
	}
	l := Link{Name: link.name, URL: link.dest, Line: n}
	if l.Name == "" {
		p.diags.Add(codeEmptyLinkText, n, "the link to %q has an empty name", diag.Clip(l.URL))
	}
	switch kind, why := classifyURL(l.URL); kind {
	case urlMalformed:
		p.diags.Add(codeMalformedURL, n, "malformed URL %q: %s", diag.Clip(l.URL), why)
	case urlRelative:
		l.Relative = true
		p.diags.Add(codeRelativeURL, n, "relative URL %q", diag.Clip(l.URL))
	case urlOther:
		p.diags.Add(codeNonHTTPURL, n, "URL %q has scheme %q, not http or https", diag.Clip(l.URL), why)
	}
	rest := strings.TrimSpace(link.rest)
	p.bareLink = rest == ""
	switch {
	case strings.HasPrefix(rest, ":"):
		l.Notes = strings.TrimSpace(rest[1:])
	case rest != "":
		l.Notes = rest
		p.diags.Add(codeNotesWithoutColon, n, "text after the link without a \":\": %q", diag.Clip(rest))
	}
	p.section.Links = append(p.section.Links, l)
	p.itemOpen = true
	p.notes = append(p.notes, l.Notes)
}

// closeSection reports an empty section when one ends.
func (p *parser) closeSection() {
	if p.section != nil && len(p.section.Links) == 0 {
		p.diags.Add(codeEmptySection, p.section.Line, "section %q holds no link", p.section.Name)
	}
	p.section = nil
}

// finish completes the parse at the end of the input.
func (p *parser) finish() {
	p.closeItem()
	p.closeSection()
	p.f.Summary = strings.Join(p.summary, " ")
	if p.fenceLine != 0 {
		p.diags.Add(codeUnclosedFence, p.fenceLine, "the code fence opened here is never closed")
	}
	if !p.titleSeen {
		if p.preamble == 0 && len(p.f.Sections) == 0 {
			p.diags.Add(codeMissingTitle, 0, "the file is empty: an llms.txt starts with an H1 title")
		} else {
			p.diags.Add(codeMissingTitle, 0, "no H1 title (\"# Name\"): the title is the only required part of an llms.txt")
		}
	} else if len(p.summary) == 0 && p.part == partSummary {
		p.diags.Add(codeMissingSummary, p.f.TitleLine, "no blockquote summary after the title")
	}
	if p.titleSeen && len(p.f.Sections) == 0 {
		p.diags.Add(codeNoSections, 0, "the file has no H2 file-list sections")
	}
	if p.htmlLines > 0 {
		p.diags.Add(codeHTMLMarkup, p.htmlFirst, "%d line(s) start with an HTML tag, the first here; llms.txt is Markdown", p.htmlLines)
	}
	if p.markers > 0 {
		p.diags.Add(codeListMarker, p.markFirst, "%d list item(s) use a marker other than \"-\", the first here", p.markers)
	}
	p.f.Details = strings.Trim(strings.Join(p.details, "\n"), "\n \t")
}
