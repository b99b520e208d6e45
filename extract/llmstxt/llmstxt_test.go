package llmstxt

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// found lists diagnostics as "code@line", sorted, for exact comparison.
func found(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, fmt.Sprintf("%s@%d", d.Code, d.Line))
	}
	slices.Sort(out)
	return out
}

func parseString(t *testing.T, s string) (*File, []string) {
	t.Helper()
	f, d := Parse([]byte(s))
	checkInvariants(t, []byte(s), f, d)
	return f, found(d)
}

// TestParse_Format_SpecExample parses the mock example of llmstxt.org
// §Format: H1, blockquote, details, a section and the Optional section.
func TestParse_Format_SpecExample(t *testing.T) {
	b, err := os.ReadFile("testdata/spec-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	f, d := Parse(b)
	if len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	want := &File{
		Title: "Title", TitleLine: 1,
		Summary: "Optional description goes here",
		Details: "Optional details go here",
		Sections: []Section{
			{Name: "Section name", Line: 7, Links: []Link{{Name: "Link title", URL: "https://link_url", Notes: "Optional link details", Line: 9}}},
			{Name: "Optional", Line: 11, Optional: true, Links: []Link{{Name: "Link title", URL: "https://link_url", Line: 13}}},
		},
		HasOptional: true,
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
}

// TestParse_Format_FastHTMLExample parses the FastHTML llms.txt shown on
// llmstxt.org (§Example), whose details part holds a list.
func TestParse_Format_FastHTMLExample(t *testing.T) {
	b, err := os.ReadFile("testdata/fasthtml.txt")
	if err != nil {
		t.Fatal(err)
	}
	f, d := Parse(b)
	if len(d) != 0 {
		t.Fatalf("diagnostics: %v", d)
	}
	if f.Title != "FastHTML" || len(f.Sections) != 3 || f.LinkCount() != 4 || !f.HasOptional {
		t.Errorf("title %q, %d sections, %d links, optional %v", f.Title, len(f.Sections), f.LinkCount(), f.HasOptional)
	}
	if !strings.HasPrefix(f.Details, "Important notes:\n\n- Although") {
		t.Errorf("details = %q", f.Details)
	}
	if got := f.Sections[0].Links[1].Name; got != "HTMX reference" {
		t.Errorf("second link = %q", got)
	}
}

// TestParse_Format_TitleIsTheOnlyRequiredSection: "An H1 with the name of
// the project or site. This is the only required section."
func TestParse_Format_TitleIsTheOnlyRequiredSection(t *testing.T) {
	f, got := parseString(t, "# Only a title\n")
	if want := []string{"llms-txt.missing-summary@1", "llms-txt.no-sections@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Title != "Only a title" {
		t.Errorf("title = %q", f.Title)
	}

	_, got = parseString(t, "> summary\n\n## Docs\n\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.missing-title@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParse_Format_MissingTitleIsTheOnlyError(t *testing.T) {
	cases := map[string]string{
		"empty":       "",
		"blank":       "\n\n  \n",
		"h2 only":     "## Docs\n- [a](https://a.example/)\n",
		"plain text":  "just some words\n",
		"setext":      "Title\n=====\n",
		"json":        `{"title": "x"}`,
		"hash-number": "#1 best site\n",
	}
	for name, in := range cases {
		f, d := Parse([]byte(in))
		checkInvariants(t, []byte(in), f, d)
		if !d.HasErrors() {
			t.Errorf("%s: no error in %v", name, d)
		}
		for _, x := range d {
			if x.Severity == diag.Error && x.Code != codeMissingTitle.ID {
				t.Errorf("%s: unexpected error %v", name, x)
			}
		}
	}
}

// TestParse_Format_H1First: the sections come "in the specific order", the
// H1 first.
func TestParse_Format_H1First(t *testing.T) {
	_, got := parseString(t, "Welcome!\n\n# Site\n\n> s\n")
	want := []string{"llms-txt.no-sections@0", "llms-txt.title-not-first@1"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	_, got = parseString(t, "## Docs\n- [a](https://a.example/)\n# Site\n")
	want = []string{"llms-txt.title-not-first@1"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Format_ExactlyOneH1: a second H1 is a warning; the first is the
// title.
func TestParse_Format_ExactlyOneH1(t *testing.T) {
	f, got := parseString(t, "# One\n\n> s\n\n# Two\n\n## Docs\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.duplicate-title@5"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Title != "One" || f.TitleLine != 1 {
		t.Errorf("title %q line %d", f.Title, f.TitleLine)
	}
}

// TestParse_Format_DetailsHaveNoHeadings: the free-text part holds
// "sections of any type except headings"; H3+ headings are diagnosed and
// never start a section.
func TestParse_Format_DetailsHaveNoHeadings(t *testing.T) {
	in := "# Site\n\n> s\n\nSome text.\n\n### Notes\n\nMore.\n\n## Docs\n\n### Sub\n\n- [a](https://a.example/)\n"
	f, got := parseString(t, in)
	want := []string{"llms-txt.deep-heading@13", "llms-txt.deep-heading@7"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if len(f.Sections) != 1 || len(f.Sections[0].Links) != 1 {
		t.Fatalf("sections = %+v", f.Sections)
	}
	if f.Details != "Some text.\n\n### Notes\n\nMore." {
		t.Errorf("details = %q", f.Details)
	}
}

func TestParse_Format_Summary(t *testing.T) {
	f, got := parseString(t, "# Site\n> first line\n> second line\nlazy\n\nDetails.\n")
	if f.Summary != "first line second line lazy" || f.Details != "Details." {
		t.Errorf("summary %q details %q", f.Summary, f.Details)
	}
	if want := []string{"llms-txt.no-sections@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	f, got = parseString(t, "# Site\n\nDetails first.\n\n> a quote later\n")
	if f.Summary != "" || f.Details != "Details first.\n\n> a quote later" {
		t.Errorf("summary %q details %q", f.Summary, f.Details)
	}
	if want := []string{"llms-txt.missing-summary@1", "llms-txt.no-sections@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	_, got = parseString(t, "# Site\n\n## Docs\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.missing-summary@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Format_FileListItems: "Each file list is a markdown list,
// containing a required markdown hyperlink [name](url), then optionally a :
// and notes about the file."
func TestParse_Format_FileListItems(t *testing.T) {
	in := strings.Join([]string{
		"# Site",
		"> s",
		"## Docs",
		"- [Plain](https://a.example/a)",
		"- [With notes](https://a.example/b): the notes",
		"- [Title attr](https://a.example/c \"t\"):notes",
		"- [Parens](https://en.example/wiki/Go_(language))",
		"- [Nested [brackets]](https://a.example/d)",
		"- [Escaped \\]](https://a.example/e)",
		"- [Angle](<https://a.example/with space>)",
		"- [Wrapped](https://a.example/f): first half",
		"  second half",
		"- https://a.example/bare",
		"- just words",
		"- ![image](https://a.example/i.png)",
		"- [No colon](https://a.example/g) - dash notes",
	}, "\n")
	f, got := parseString(t, in)
	want := []string{
		"llms-txt.item-not-link@13", "llms-txt.item-not-link@14", "llms-txt.item-not-link@15",
		"llms-txt.notes-without-colon@16",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	links := f.Sections[0].Links
	wantLinks := []Link{
		{Name: "Plain", URL: "https://a.example/a", Line: 4},
		{Name: "With notes", URL: "https://a.example/b", Notes: "the notes", Line: 5},
		{Name: "Title attr", URL: "https://a.example/c", Notes: "notes", Line: 6},
		{Name: "Parens", URL: "https://en.example/wiki/Go_(language)", Line: 7},
		{Name: "Nested [brackets]", URL: "https://a.example/d", Line: 8},
		{Name: "Escaped ]", URL: "https://a.example/e", Line: 9},
		{Name: "Angle", URL: "https://a.example/with space", Line: 10},
		{Name: "Wrapped", URL: "https://a.example/f", Notes: "first half second half", Line: 11},
		{Name: "No colon", URL: "https://a.example/g", Notes: "- dash notes", Line: 16},
	}
	if !reflect.DeepEqual(links, wantLinks) {
		t.Errorf("links:\n got %+v\nwant %+v", links, wantLinks)
	}
}

// TestParse_WrappedNoteEndsAtBreak: a thematic break or a block quote after a
// link item ends the item's paragraph (CommonMark §4.1, §5.1), so it is not
// part of the notes; the block quote is text in the section, the thematic
// break holds none.
func TestParse_WrappedNoteEndsAtBreak(t *testing.T) {
	in := strings.Join([]string{
		"# Site",
		"> s",
		"## Docs",
		"- [A](https://a.example/a): note a",
		"---",
		"- [B](https://a.example/b): note b",
		"> quoted",
		"- [C](https://a.example/c): note c",
		"  wrapped",
	}, "\n")
	f, got := parseString(t, in)
	if want := []string{"llms-txt.section-text@7"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	var notes []string
	for _, l := range f.Sections[0].Links {
		notes = append(notes, l.Notes)
	}
	if want := []string{"note a", "note b", "note c wrapped"}; !slices.Equal(notes, want) {
		t.Errorf("notes = %q, want %q", notes, want)
	}
}

// TestParse_Format_URLs: relative URLs are allowed (info), other schemes and
// malformed URLs are warnings.
func TestParse_Format_URLs(t *testing.T) {
	in := "# Site\n> s\n## Docs\n- [rel](/docs/a.md)\n- [proto](//cdn.example/x)\n- [mail](mailto:a@b.example)\n- [empty]()\n- [bad](http://[::1)\n- [nohost](https:///path)\n- [](https://a.example/)\n"
	f, got := parseString(t, in)
	want := []string{
		"llms-txt.empty-link-text@10",
		"llms-txt.malformed-url@7", "llms-txt.malformed-url@8", "llms-txt.malformed-url@9",
		"llms-txt.non-http-url@6",
		"llms-txt.relative-url@4", "llms-txt.relative-url@5",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !f.Sections[0].Links[0].Relative || f.Sections[0].Links[2].Relative {
		t.Errorf("relative flags wrong: %+v", f.Sections[0].Links)
	}
	if f.LinkCount() != 7 {
		t.Errorf("links = %d, want 7", f.LinkCount())
	}
}

func TestParse_Format_EmptyAndTextSections(t *testing.T) {
	in := "# Site\n> s\n## Empty\n\n## Text\nSome prose.\nMore prose.\n- [a](https://a.example/)\n"
	_, got := parseString(t, in)
	want := []string{"llms-txt.empty-section@3", "llms-txt.section-text@6"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Format_OptionalSection: the section named "Optional" has its
// special meaning; a different case still counts, with a warning.
func TestParse_Format_OptionalSection(t *testing.T) {
	f, got := parseString(t, "# S\n> s\n## Docs\n- [a](https://a.example/)\n")
	if f.HasOptional || len(got) != 0 {
		t.Errorf("optional %v, diagnostics %v", f.HasOptional, got)
	}
	f, got = parseString(t, "# S\n> s\n## optional\n- [a](https://a.example/)\n")
	if !f.HasOptional || !f.Sections[0].Optional {
		t.Errorf("lower-case optional not recognised")
	}
	if want := []string{"llms-txt.optional-case@3"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	f, _ = parseString(t, "# S\n> s\n## Optional resources\n- [a](https://a.example/)\n")
	if f.HasOptional {
		t.Errorf("\"Optional resources\" is not the Optional section")
	}
}

func TestParse_Format_ReferenceParserQuirks(t *testing.T) {
	f, got := parseString(t, "#Site\n> s\n## Docs\n* [a](https://a.example/)\n1. [b](https://a.example/b)\n- [c](https://a.example/c)\n")
	want := []string{"llms-txt.heading-no-space@1", "llms-txt.list-marker@4"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Title != "Site" || f.LinkCount() != 3 {
		t.Errorf("title %q, %d links", f.Title, f.LinkCount())
	}
	_, got = parseString(t, "Site\n====\n\n## Docs\n- [a](https://a.example/)\n")
	want = []string{"llms-txt.missing-title@0", "llms-txt.setext-heading@2"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParse_Format_DuplicateSection(t *testing.T) {
	_, got := parseString(t, "# S\n> s\n## Docs\n- [a](https://a.example/)\n## Docs\n- [b](https://b.example/)\n")
	if want := []string{"llms-txt.duplicate-section@5"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Format_CodeFences: headings and items inside fenced code are
// text.
func TestParse_Format_CodeFences(t *testing.T) {
	in := "# S\n> s\n\n```md\n# Not a title\n## Not a section\n```\n\n## Docs\n- [a](https://a.example/)\n"
	f, got := parseString(t, in)
	if len(got) != 0 || len(f.Sections) != 1 || f.Title != "S" {
		t.Errorf("diagnostics %v, sections %+v", got, f.Sections)
	}
	if !strings.Contains(f.Details, "# Not a title") {
		t.Errorf("details = %q", f.Details)
	}
	_, got = parseString(t, "# S\n> s\n~~~\n## Docs\n")
	if want := []string{"llms-txt.no-sections@0", "llms-txt.unclosed-code-fence@3"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Format_HTML: llms.txt is Markdown; an HTML document is not an
// llms.txt, HTML tags inside Markdown are a warning.
func TestParse_Format_HTML(t *testing.T) {
	f, got := parseString(t, "\n<!DOCTYPE html>\n<html><head><title>Not found</title></head></html>\n")
	if want := []string{"llms-txt.html-document@2"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.OtherFormat != "html" {
		t.Errorf("OtherFormat = %q", f.OtherFormat)
	}
	_, got = parseString(t, "# S\n> s\n<div>hi</div>\n<p>x</p>\n<!-- a comment -->\n<https://a.example/>\n\n## Docs\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.html-markup@3"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_Text: invalid UTF-8, NUL bytes and a BOM are diagnosed, not
// crashed on; CRLF line ends are accepted.
func TestParse_Text(t *testing.T) {
	in := "\xef\xbb\xbf# S\r\n> s\xff\r\n## Docs\r\n- [a\x00](https://a.example/)\r\n"
	f, got := parseString(t, in)
	want := []string{"llms-txt.bom@1", "llms-txt.invalid-utf8@2", "llms-txt.nul-byte@4"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Title != "S" || f.LinkCount() != 1 {
		t.Errorf("title %q links %d", f.Title, f.LinkCount())
	}
}

func TestParse_EmptyTitle(t *testing.T) {
	_, got := parseString(t, "#\n> s\n## D\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.empty-title@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParse_JSONEncodable(t *testing.T) {
	f, _ := Parse([]byte("# S\n"))
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"S","title_line":1,"sections":[],"has_optional":false}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

// TestCodes checks that the catalogue is well formed and that every code
// the tests and the testdata files produce is declared.
func TestCodes(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, c := range Codes() {
		declared[c.ID] = true
		if !strings.HasPrefix(c.ID, "llms-txt.") {
			t.Errorf("code %s lacks the llms-txt. prefix", c.ID)
		}
	}
	files, _ := os.ReadDir("testdata")
	for _, e := range files {
		b, err := os.ReadFile("testdata/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		_, d := Parse(b)
		for _, x := range d {
			if !declared[x.Code] {
				t.Errorf("%s: undeclared code %s", e.Name(), x.Code)
			}
		}
	}
	for _, s := range fuzzSeeds() {
		_, d := Parse([]byte(s))
		for _, x := range d {
			if !declared[x.Code] {
				t.Errorf("undeclared code %s", x.Code)
			}
		}
	}
}

// TestParse_DiagnosticCap: at most MaxDiagnosticsPerCode diagnostics of a
// code, then one saying how many were left out.
func TestParse_DiagnosticCap(t *testing.T) {
	in := "# T\n> s\n## S\n" + strings.Repeat("- not a link\n", MaxDiagnosticsPerCode+50)
	_, d := Parse([]byte(in))
	n, last := 0, diag.Diagnostic{}
	for _, x := range d {
		if x.Code == codeItemNotLink.ID {
			n++
			if x.Line == 0 {
				last = x
			}
		}
	}
	if n != MaxDiagnosticsPerCode+1 || last.Message != "50 more diagnostics of this code were left out (at most 100 are listed per file)" {
		t.Errorf("%d diagnostics, summary %q", n, last.Message)
	}
}

// TestParse_LineEndings: a line ends at LF, CR not followed by LF, or CRLF
// (CommonMark §2.1), so the spec's example parses the same with each.
func TestParse_LineEndings(t *testing.T) {
	b, err := os.ReadFile("testdata/spec-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	lf := strings.ReplaceAll(string(b), "\r\n", "\n")
	want, wantDiags := Parse([]byte(lf))
	for name, in := range map[string]string{
		"CR":    strings.ReplaceAll(lf, "\n", "\r"),
		"CRLF":  strings.ReplaceAll(lf, "\n", "\r\n"),
		"mixed": strings.Replace(strings.Replace(lf, "\n", "\r", 3), "\n", "\r\n", 2),
	} {
		f, d := Parse([]byte(in))
		checkInvariants(t, []byte(in), f, d)
		if !reflect.DeepEqual(f, want) || !reflect.DeepEqual(d, wantDiags) {
			t.Errorf("%s: got %+v %v\nwant %+v %v", name, f, d, want, wantDiags)
		}
	}
	// A CR before a blank line and a CR at the end.
	f, got := parseString(t, "# T\r\r> s\r## S\r- [a](https://a.example/): n\r")
	if len(got) != 0 || f.Title != "T" || f.Summary != "s" || f.LinkCount() != 1 || f.Sections[0].Links[0].Line != 5 {
		t.Errorf("diagnostics %v, file %+v", got, f)
	}
	// Invalid UTF-8 is reported on the line it is on.
	_, got = parseString(t, "# T\r> s\r\xff\r")
	if want := []string{"llms-txt.invalid-utf8@3", "llms-txt.no-sections@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestParse_HashtagIsText: in CommonMark an ATX heading needs a space or
// the end of the line after the #s, so "#machinelearning" is text: a
// wrapped note, details or a lazy summary line, never a second H1. Before
// the title and any section, where the reference parser looks for the
// title, "#Title" is still read as the title, with a warning.
func TestParse_HashtagIsText(t *testing.T) {
	in := "# Project\n\n> Sum\n#lazy\n\n#details text\n\n## Docs\n\n- [A](https://a.example/a): notes that wrap\n#machinelearning and more\n- [B](https://a.example/b)\n"
	f, got := parseString(t, in)
	if len(got) != 0 {
		t.Errorf("diagnostics %v", got)
	}
	if f.Summary != "Sum #lazy" || f.Details != "#details text" {
		t.Errorf("summary %q, details %q", f.Summary, f.Details)
	}
	if f.LinkCount() != 2 || f.Sections[0].Links[0].Notes != "notes that wrap #machinelearning and more" {
		t.Errorf("links %+v", f.Sections)
	}

	f, got = parseString(t, "#Project\n> s\n## Docs\n- [a](https://a.example/)\n")
	if want := []string{"llms-txt.heading-no-space@1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.Title != "Project" {
		t.Errorf("title %q", f.Title)
	}

	// After a section the title is not looked for: "#Title" is text.
	_, got = parseString(t, "## Docs\n- [a](https://a.example/)\n#Title\n")
	if want := []string{"llms-txt.missing-title@0"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
