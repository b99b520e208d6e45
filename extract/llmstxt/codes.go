package llmstxt

import "github.com/agentpolicy/survey/diag"

// Specification sections the diagnostics rest on. llms.txt has one
// normative section, "Format", on https://llmstxt.org/; the reference
// parser is the llms_txt Python package published with it.
const (
	specFormat    = "llmstxt.org §Format"
	specOptional  = "llmstxt.org §Format (the Optional section)"
	specReference = "llmstxt.org §Format; llms_txt reference parser"
	specText      = "llmstxt.org §Format (Markdown text); RFC 3629"
	specNUL       = "llmstxt.org §Format (Markdown text); CommonMark §2.3"
)

var (
	codeMissingTitle = diag.Code{ID: "llms-txt.missing-title", Severity: diag.Error, Spec: specFormat,
		Summary: "The file has no H1 title (a line starting with \"# \"); the H1 is the only required section, so the file is not an llms.txt."}
	codeHTMLDocument = diag.Code{ID: "llms-txt.html-document", Severity: diag.Error, Spec: specFormat,
		Summary: "The body is an HTML document, not Markdown; it is not an llms.txt."}
	codeNotText = diag.Code{ID: "llms-txt.not-text", Severity: diag.Error, Spec: specText,
		Summary: "The body is not UTF-8 text (binary, UTF-16 or UTF-32); its lines are not read, so the file is not an llms.txt."}
	codeOtherFormat = diag.Code{ID: "llms-txt.other-format", Severity: diag.Error, Spec: specFormat,
		Summary: "The body plainly follows another convention, not Markdown: robots.txt rules (a User-agent line, and only \"Field: value\" lines besides # comments) or INI settings ([section] and key = value lines); it is not an llms.txt."}
	codeDuplicateTitle = diag.Code{ID: "llms-txt.duplicate-title", Severity: diag.Warning, Spec: specFormat,
		Summary: "A second H1 heading; the file has exactly one H1, the first one is the title."}
	codeTitleNotFirst = diag.Code{ID: "llms-txt.title-not-first", Severity: diag.Warning, Spec: specFormat,
		Summary: "Content comes before the H1 title; the sections come in a fixed order and the H1 is the first."}
	codeEmptyTitle = diag.Code{ID: "llms-txt.empty-title", Severity: diag.Warning, Spec: specFormat,
		Summary: "The H1 heading has no text; it should name the project or site."}
	codeHeadingNoSpace = diag.Code{ID: "llms-txt.heading-no-space", Severity: diag.Warning, Spec: specReference,
		Summary: "A heading without a space after the # marks (\"#Title\" before the title and any section, \"##Name\", or \"###Name\" and deeper); the reference parser reads it as a heading, CommonMark as text. Elsewhere \"#word\" is text."}
	codeSetextHeading = diag.Code{ID: "llms-txt.setext-heading", Severity: diag.Warning, Spec: specReference,
		Summary: "A heading underlined with = or -; only # headings are recognised (as by the reference parser)."}
	codeDeepHeading = diag.Code{ID: "llms-txt.deep-heading", Severity: diag.Warning, Spec: specFormat,
		Summary: "A heading of level 3 or deeper; the format has only the H1 title and H2 file-list sections, and the details part has no headings."}
	codeMissingSummary = diag.Code{ID: "llms-txt.missing-summary", Severity: diag.Info, Spec: specFormat,
		Summary: "No blockquote summary follows the H1 title."}
	codeNoSections = diag.Code{ID: "llms-txt.no-sections", Severity: diag.Info, Spec: specFormat,
		Summary: "The file has no H2 file-list sections."}
	codeEmptySection = diag.Code{ID: "llms-txt.empty-section", Severity: diag.Warning, Spec: specFormat,
		Summary: "An H2 section holds no link; every section is a file list of links."}
	codeDuplicateSection = diag.Code{ID: "llms-txt.duplicate-section", Severity: diag.Info, Spec: specReference,
		Summary: "Two H2 sections have the same name; the reference parser keeps only the last."}
	codeItemNotLink = diag.Code{ID: "llms-txt.item-not-link", Severity: diag.Warning, Spec: specFormat,
		Summary: "A list item in a file-list section is not a Markdown link [name](url)."}
	codeTextBeforeLink = diag.Code{ID: "llms-txt.text-before-link", Severity: diag.Warning, Spec: specReference,
		Summary: "A list item whose Markdown link comes after other text or inside emphasis (\"- API Reference > Credits [name](url)\", as Fern writes its API reference, or \"- **[name](url)**\"); the link is read, but the format puts the link first and the reference parser reads only an item that opens with its link."}
	codeSectionText = diag.Code{ID: "llms-txt.section-text", Severity: diag.Info, Spec: specFormat,
		Summary: "Text in an H2 section that is not a list item; sections hold file lists."}
	codeListMarker = diag.Code{ID: "llms-txt.list-marker", Severity: diag.Info, Spec: specReference,
		Summary: "A list item marked with *, + or a number; the reference parser recognises only \"- \" items."}
	codeEmptyLinkText = diag.Code{ID: "llms-txt.empty-link-text", Severity: diag.Warning, Spec: specFormat,
		Summary: "A link with an empty [name]."}
	codeMalformedURL = diag.Code{ID: "llms-txt.malformed-url", Severity: diag.Warning, Spec: specFormat,
		Summary: "A link whose URL is empty, cannot be parsed (a \"%\" not followed by two hex digits, a bad host, a port above 65535) or is http(s) without a host."}
	codeRelativeURL = diag.Code{ID: "llms-txt.relative-url", Severity: diag.Info, Spec: specFormat,
		Summary: "A link with a relative URL; allowed (it resolves against the file's URL), but tools that fetch the URL verbatim cannot follow it."}
	codeNonHTTPURL = diag.Code{ID: "llms-txt.non-http-url", Severity: diag.Warning, Spec: specFormat,
		Summary: "A link whose URL scheme is not http or https; a file list names fetchable files."}
	codeNotesWithoutColon = diag.Code{ID: "llms-txt.notes-without-colon", Severity: diag.Info, Spec: specFormat,
		Summary: "Text follows a link without the \":\" that introduces notes; it is kept as the notes."}
	codeOptionalCase = diag.Code{ID: "llms-txt.optional-case", Severity: diag.Warning, Spec: specOptional,
		Summary: "A section named like Optional in another case; it is counted as Optional, but the reference tools compare the name exactly."}
	codeHTMLMarkup = diag.Code{ID: "llms-txt.html-markup", Severity: diag.Warning, Spec: specFormat,
		Summary: "HTML tags where Markdown is expected."}
	codeUnclosedFence = diag.Code{ID: "llms-txt.unclosed-code-fence", Severity: diag.Warning, Spec: specFormat,
		Summary: "A fenced code block is never closed; everything after it is code, not structure."}
	codeInvalidUTF8 = diag.Code{ID: "llms-txt.invalid-utf8", Severity: diag.Warning, Spec: specText,
		Summary: "Lines that are not valid UTF-8."}
	codeNULByte = diag.Code{ID: "llms-txt.nul-byte", Severity: diag.Warning, Spec: specNUL,
		Summary: "NUL bytes in the text; a Markdown reader replaces U+0000 with U+FFFD."}
	codeBOM = diag.Code{ID: "llms-txt.bom", Severity: diag.Info, Spec: specText,
		Summary: "The file starts with a UTF-8 byte order mark; it is skipped."}
)

// Codes returns every diagnostic code the llms.txt parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeMissingTitle, codeNotText, codeHTMLDocument, codeOtherFormat, codeDuplicateTitle, codeTitleNotFirst, codeEmptyTitle,
		codeHeadingNoSpace, codeSetextHeading, codeDeepHeading, codeMissingSummary, codeNoSections,
		codeEmptySection, codeDuplicateSection, codeItemNotLink, codeTextBeforeLink, codeSectionText, codeListMarker,
		codeEmptyLinkText, codeMalformedURL, codeRelativeURL, codeNonHTTPURL, codeNotesWithoutColon,
		codeOptionalCase, codeHTMLMarkup, codeUnclosedFence, codeInvalidUTF8, codeNULByte, codeBOM,
	}
}
