package agentsmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// This file compares survey's reading of an AGENTS.md with an independent
// CommonMark parser, goldmark, on the structure both define: which lines
// are level-2 headings (§6.1 splits the file "on level-2 Markdown headings
// (`## `)") with their names, and which lines are `- ` list items holding a
// directive (§6.2). The specification reads the file line by line and
// overrides CommonMark where it says how; docs/formats.md ("AGENTS.md",
// Decisions) records survey's choices. Each class left out of the
// comparison says which rule it rests on.

// mdHeading is a section heading.
type mdHeading struct {
	Line int
	Name string
}

// mdStructure is the structure compared.
type mdStructure struct {
	// Title is the text of the level-1 heading on the first non-blank
	// line, when that line starts with "#" (§4.3; an indented title is not
	// one to survey).
	Title      string
	Headings   []mdHeading
	Directives []int // lines
}

// oracleSource returns the input as goldmark is given it: a leading byte
// order mark is skipped and CRLF is LF, as survey reads them (§4.2;
// docs/formats.md, Decisions, "Encoding").
func oracleSource(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	// A CR at the very end ends the last line, for survey as for
	// CommonMark (§2.1); goldmark keeps it in the line.
	if bytes.HasSuffix(data, []byte("\r")) {
		data[len(data)-1] = '\n'
	}
	return data
}

// atxLine matches a line that is an ATX heading of level 2 at the start of
// the line, as §6.1 and the ABNF (Appendix A, section-heading) write it.
var atxLine = regexp.MustCompile(`^##([ \t]|$)`)

// atxTitle matches a level-1 ATX heading at the start of the line (not a
// setext heading, "Title" over "===").
var atxTitle = regexp.MustCompile(`^#([ \t]|$)`)

// closingSequence matches the optional closing #s of an ATX heading.
var closingSequence = regexp.MustCompile(`[ \t]+#+[ \t]*$`)

// verbatim is a block whose lines CommonMark reads as code or raw HTML.
type verbatim struct{ first, last int }

// oracleStructure reads src as goldmark does.
func oracleStructure(src []byte) (mdStructure, []verbatim) {
	lines := bytes.Split(src, []byte("\n"))
	lineOf := func(off int) int { return bytes.Count(src[:off], []byte("\n")) + 1 }
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var s mdStructure
	var raw []verbatim
	inSection := false
	firstLine := []byte{}
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) > 0 {
			firstLine = l
			break
		}
	}
	if h, ok := doc.FirstChild().(*ast.Heading); ok && h.Level == 1 && atxTitle.Match(firstLine) {
		s.Title = strings.ToValidUTF8(strings.TrimSpace(string(h.Lines().Value(src))), "\uFFFD")
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			line := lineOf(max(n.Pos(), 0))
			if n.Lines().Len() > 0 {
				line = lineOf(n.Lines().At(0).Start)
			}
			// Only "##" at the start of the line: an indented heading is
			// not a section heading (docs/formats.md, Decisions,
			// "Headings"), nor is a setext heading ("Name" over "---"),
			// which §6.1 and the ABNF do not know.
			if n.Level != 2 || !atxLine.Match(lines[line-1]) {
				continue
			}
			inSection = true
			// Invalid UTF-8 is read as U+FFFD (docs/formats.md,
			// Decisions, "Encoding").
			name := strings.ToValidUTF8(strings.TrimSpace(string(n.Lines().Value(src))), "\uFFFD")
			s.Headings = append(s.Headings, mdHeading{Line: line, Name: name})
		case *ast.List:
			if !inSection || n.Marker != '-' {
				continue
			}
			for item := n.FirstChild(); item != nil; item = item.NextSibling() {
				line := lineOf(item.Pos())
				l := string(lines[line-1])
				// A directive line begins with "- " (§6.2): an item marked
				// "-" followed by a tab or further indentation is left to
				// the line rules, as is an item without a key.
				rest, ok := strings.CutPrefix(l, "- ")
				if !ok {
					continue
				}
				if key, _, ok := strings.Cut(rest, ":"); ok && strings.TrimSpace(key) != "" {
					s.Directives = append(s.Directives, line)
				}
			}
		case *ast.FencedCodeBlock, *ast.HTMLBlock:
			first := lineOf(max(n.Pos(), 0))
			last := first
			if n.Lines().Len() > 0 {
				seg := n.Lines().At(n.Lines().Len() - 1)
				last = lineOf(seg.Start)
			}
			if _, ok := n.(*ast.FencedCodeBlock); ok {
				last++ // the closing fence
			}
			if h, ok := n.(*ast.HTMLBlock); ok && h.HasClosure() {
				last = lineOf(h.ClosureLine.Start)
			}
			raw = append(raw, verbatim{first, last})
			// A "## " line inside starts a section to survey, which does
			// not recognise fences and HTML blocks (see compareWithOracle).
			for l := first; l <= last && l <= len(lines); l++ {
				if atxLine.Match(lines[l-1]) {
					inSection = true
				}
			}
		}
	}
	return s, raw
}

// surveyStructure returns survey's reading.
func surveyStructure(r *Result) mdStructure {
	s := mdStructure{Title: r.Title}
	for _, sec := range r.Sections {
		s.Headings = append(s.Headings, mdHeading{Line: sec.Line, Name: sec.Name})
		for _, d := range sec.Directives {
			s.Directives = append(s.Directives, d.Line)
		}
	}
	slices.Sort(s.Directives)
	return s
}

// compareWithOracle parses data with survey and goldmark and reports any
// difference.
func compareWithOracle(t *testing.T, data []byte) {
	t.Helper()
	r, d := Parse(data, Source{})
	for _, x := range d {
		if x.Code == codeNotText.ID {
			return // not read as text (docs/formats.md, Decisions, "Encoding")
		}
	}
	src := oracleSource(data)
	want, raw := oracleStructure(src)
	got := surveyStructure(r)
	// Code fences and HTML blocks are not recognised: a heading or a
	// directive inside one is policy to survey, as to the specification,
	// which does not know them (docs/formats.md, Decisions, "Headings").
	inRaw := func(line int) bool {
		for _, v := range raw {
			if line >= v.first && line <= v.last {
				return true
			}
		}
		return false
	}
	got.Headings = slices.DeleteFunc(got.Headings, func(h mdHeading) bool { return inRaw(h.Line) })
	got.Directives = slices.DeleteFunc(got.Directives, inRaw)
	// An indented directive is accepted (docs/formats.md, Decisions,
	// "Directives"); CommonMark may read it as a nested item, code or
	// paragraph text.
	lines := bytes.Split(src, []byte("\n"))
	got.Directives = slices.DeleteFunc(got.Directives, func(l int) bool {
		return len(lines[l-1]) > 0 && (lines[l-1][0] == ' ' || lines[l-1][0] == '\t')
	})
	// A section name is the text after "## ", trimmed (§6.1 rule 3): a
	// closing sequence of #s, which CommonMark strips, is part of it.
	for i := range want.Headings {
		for _, g := range got.Headings {
			// A CR not followed by LF ends no line (§4.2; docs/formats.md,
			// Decisions, "Encoding"), and goldmark reads it as white space
			// within one: the name of such a heading is not compared.
			if g.Line == want.Headings[i].Line && bytes.IndexByte(lines[g.Line-1], '\r') >= 0 {
				want.Headings[i].Name = g.Name
			}
			if g.Line == want.Headings[i].Line && strings.TrimSpace(closingSequence.ReplaceAllString(" "+g.Name, "")) == want.Headings[i].Name {
				want.Headings[i].Name = g.Name
			}
		}
	}
	for _, l := range lines {
		// A line of white space other than spaces and tabs is blank to
		// survey (§4.5, as Go's strings.TrimSpace reads it), not to
		// CommonMark (§4.9), so what follows is no first line to it.
		if bytes.ContainsAny(l, "\f\v") && len(bytes.TrimSpace(l)) == 0 {
			want.Title = got.Title
			break
		}
		if len(bytes.TrimSpace(l)) > 0 {
			if bytes.ContainsAny(l, "\r\f\v") {
				// A bare CR, as for the section names above; or white space other than spaces and
				// tabs, which survey trims around a title as Go's
				// strings.TrimSpace does, CommonMark (§4.2) not.
				want.Title = got.Title
			}
			break
		}
	}
	// survey trims all white space around a title, goldmark all ASCII
	// white space, CommonMark (§4.2) spaces and tabs only.
	if strings.TrimSpace(want.Title) == "" && strings.TrimSpace(got.Title) == "" {
		want.Title = got.Title
	}
	if got.Title != want.Title {
		t.Errorf("input %q:\ntitle: survey %q, goldmark %q", data, got.Title, want.Title)
	}
	if !slices.Equal(got.Headings, want.Headings) {
		t.Errorf("input %q:\nheadings: survey %v, goldmark %v", data, got.Headings, want.Headings)
	}
	if !slices.Equal(got.Directives, want.Directives) {
		t.Errorf("input %q:\ndirective lines: survey %v, goldmark %v", data, got.Directives, want.Directives)
	}
}

// diffCases are hand-picked inputs on which survey and CommonMark agree,
// once the classes above are left out.
var diffCases = []string{
	// Found by the fuzzer.
	"##  #", "## 0\r\r0\r\r#", "##\r", "##", "## 000000\x8a", "#\r0", "# \f", " # \u01f4", "# #\f", "#0\n=", "\v\n# 0", "```\n## \n```\n- 0:0",
	// Hand-picked.
	"# AGENTS.md\n## Identity\n- site: example.com\n",
	"# AGENTS.md\n## Identity ##\n- site: example.com\n",
	"# AGENTS.md #\n## Identity\n",
	"#  agents.md  ##\n## Identity\n",
	"# AGENTS.md\nprose\n## Identity\n- site: a.example\ntext\n- contact: a@b.c\n",
	"# AGENTS.md\n## Identity\n```\n## Rate Limits\n- requests-per-minute: 1\n```\n",
	"# AGENTS.md\n## Identity\n<!--\n## Rate Limits\n- requests-per-minute: 1\n-->\n",
	"# AGENTS.md\n## Identity\n<details>\n- site: a.example\n</details>\n",
	"# AGENTS.md\nIdentity\n--------\n- site: a.example\n",
	"# AGENTS.md\n  ## Identity\n- site: a.example\n",
	"# AGENTS.md\n    ## Identity\n",
	"# AGENTS.md\n> ## Identity\n> - site: a.example\n",
	"# AGENTS.md\n## Identity\n- site: a.example\n  - contact: a@b.c\n",
	"# AGENTS.md\n## Identity\n-\tsite: a.example\n",
	"# AGENTS.md\n## Identity\n* site: a.example\n+ contact: a@b.c\n1. x: y\n",
	"# AGENTS.md\n##\tIdentity\n- site: a.example\n## \n- k: v\n",
	"# AGENTS.md\n## Identity\n- - -\n- :\n- site\n",
	"# AGENTS.md\n## Identity\n- site: a.example\nlazy: continuation\n## x-a\n- x-b: c\n",
	"# AGENTS.md\n## Identity\n\\- site: a.example\n- contact: a@b.c\n",
}

// diffInputs returns the hand-picked cases, the fuzz seeds and the testdata
// files.
func diffInputs(t testing.TB) [][]byte {
	var out [][]byte
	for _, c := range diffCases {
		out = append(out, []byte(c))
	}
	for _, s := range fuzzSeeds() {
		out = append(out, []byte(s))
	}
	files, err := filepath.Glob("testdata/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

func TestCommonMarkDiff(t *testing.T) {
	for _, in := range diffInputs(t) {
		compareWithOracle(t, in)
	}
}

func FuzzCommonMarkDiff(f *testing.F) {
	for _, in := range diffInputs(f) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		compareWithOracle(t, data)
	})
}
