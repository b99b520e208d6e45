package aitxt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/robots"
)

func corpus(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func found(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, fmt.Sprintf("%d:%s", d.Line, d.Code))
	}
	return out
}

func parse(t *testing.T, body []byte) (*File, diag.List) {
	t.Helper()
	f, d := Parse(body)
	checkInvariants(t, body, f, d)
	return f, d
}

func TestParse_Media(t *testing.T) {
	for _, c := range []struct {
		file             string
		blocked, partial []Category
		other            string
		diags            []string
	}{
		{"spawning-all-media.txt", []Category{Images, Text, Audio, Video, Code}, []Category{}, "", []string{}},
		{"spawning-images.txt", []Category{Images}, []Category{}, "", []string{}},
		{"spawning-mixed.txt", []Category{}, []Category{Text, Audio, Code}, "", []string{"7:aitxt.unknown-file-type"}},
		{"allow-all.txt", []Category{}, []Category{}, "", []string{}},
		{"named-only.txt", []Category{}, []Category{}, "", []string{"0:aitxt.no-star-group"}},
		{"prose.txt", []Category{}, []Category{}, "text", []string{"0:aitxt.other-format"}},
		{"json.txt", []Category{}, []Category{}, "json", []string{"0:aitxt.other-format"}},
		{"html.txt", []Category{}, []Category{}, "html", []string{"0:aitxt.other-format", "1:robots.html-document"}},
		{"empty.txt", []Category{}, []Category{}, "", []string{}},
		{"binary.txt", []Category{}, []Category{}, "", []string{"0:robots.not-text"}},
	} {
		f, d := parse(t, corpus(t, c.file))
		if !reflect.DeepEqual(f.BlockedMedia, c.blocked) || !reflect.DeepEqual(f.PartialMedia, c.partial) || f.OtherFormat != c.other {
			t.Errorf("%s: blocked %v partial %v other %q; want %v %v %q", c.file, f.BlockedMedia, f.PartialMedia, f.OtherFormat, c.blocked, c.partial, c.other)
		}
		if got := found(d); !reflect.DeepEqual(got, c.diags) {
			t.Errorf("%s: diagnostics %q, want %q", c.file, got, c.diags)
		}
	}
}

func TestParse_MediaStanceDetail(t *testing.T) {
	f, _ := parse(t, corpus(t, "spawning-mixed.txt"))
	want := []MediaStance{
		{Images, robots.Allowed, []string{}},
		{Text, robots.Partial, []string{"txt", "pdf"}},
		{Audio, robots.Partial, []string{"mp3", "wav"}},
		{Video, robots.Allowed, []string{}},
		{Code, robots.Partial, []string{"py"}},
	}
	if !reflect.DeepEqual(f.Media, want) {
		t.Errorf("media = %+v\nwant %+v", f.Media, want)
	}
	if len(f.Groups) != 1 || len(f.Groups[0].Rules) != 7 {
		t.Errorf("groups = %+v, want one group of seven rules", f.Groups)
	}
}

// TestParse_MediaWherever: a media category is blocked only when its file
// types are disallowed wherever they are, which file-type rules and rules
// matching every path say; a rule for a directory or a path that happens
// to prefix some files ("Disallow: /a", "/*/file.") blocks no file type.
func TestParse_MediaWherever(t *testing.T) {
	all := []Category{Images, Text, Audio, Video, Code}
	for _, c := range []struct {
		name, body       string
		blocked, partial []Category
	}{
		{"directory-prefix.txt", string(corpus(t, "directory-prefix.txt")), []Category{}, []Category{}},
		{"path-patterns.txt", string(corpus(t, "path-patterns.txt")), []Category{}, []Category{}},
		{"directory file types", "User-Agent: *\nDisallow: /images/*.jpg\nDisallow: /photo.png\nDisallow: .gif\n", []Category{}, []Category{}},
		{"disallow all", "User-Agent: *\nDisallow: /\n", all, []Category{}},
		{"disallow all but a directory", "User-Agent: *\nDisallow: /*\nAllow: /public/\n", all, []Category{}},
		{"disallow all but a type", "User-Agent: *\nDisallow: /\nAllow: *.mp3$\n", []Category{Images, Text, Video, Code}, []Category{Audio}},
		{"allow all but a type", "User-Agent: *\nAllow: /\nDisallow: /*.pdf\nDisallow: /private/\n", []Category{}, []Category{Text}},
		{"root only", "User-Agent: *\nDisallow: /$\n", []Category{}, []Category{}},
	} {
		f, _ := parse(t, []byte(c.body))
		if !reflect.DeepEqual(f.BlockedMedia, c.blocked) || !reflect.DeepEqual(f.PartialMedia, c.partial) {
			t.Errorf("%s: blocked %v partial %v; want %v %v", c.name, f.BlockedMedia, f.PartialMedia, c.blocked, c.partial)
		}
	}
}

// TestParse_CaseSensitive: robots.txt matching is case-sensitive, so
// "*.JPG" does not disallow "file.jpg".
func TestParse_CaseSensitive(t *testing.T) {
	f, d := parse(t, []byte("User-Agent: *\nDisallow: *.JPG\n"))
	if len(f.BlockedMedia) != 0 || len(f.PartialMedia) != 0 || len(d) != 0 {
		t.Errorf("blocked %v partial %v diags %v; want none", f.BlockedMedia, f.PartialMedia, d)
	}
}

func TestExtensions_Disjoint(t *testing.T) {
	seen := map[string]Category{}
	for _, c := range Categories() {
		for _, ext := range Extensions(c) {
			if prev, dup := seen[ext]; dup {
				t.Errorf("%s is in %s and %s", ext, prev, c)
			}
			if ext != strings.ToLower(ext) {
				t.Errorf("%s is not lower case", ext)
			}
			seen[ext] = c
		}
	}
}

func TestFileType(t *testing.T) {
	for in, want := range map[string]string{"*.jpg": "jpg", "/*.png$": "png", "*.tar.gz": "", "/images/*.jpg": "", "*.": "", "/": ""} {
		got, ok := fileType(in)
		if got != want || ok != (want != "") {
			t.Errorf("fileType(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestParse_UnknownFileTypesCapped: a rule per unknown file type gives at
// most diag.MaxPerCode diagnostics, and one note at line 0 with the rest.
func TestParse_UnknownFileTypesCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range 3 * diag.MaxPerCode {
		fmt.Fprintf(&b, "Disallow: *.zz%d\n", i)
	}
	_, d := parse(t, []byte(b.String()))
	n, note := 0, 0
	for _, x := range d {
		if x.Code == codeUnknownFileType.ID {
			n++
			if x.Line == 0 {
				note++
			}
		}
	}
	if n != diag.MaxPerCode+1 || note != 1 {
		t.Errorf("%d aitxt.unknown-file-type diagnostics, %d at line 0; want %d and 1", n, note, diag.MaxPerCode+1)
	}
}

func TestCodes(t *testing.T) {
	all := append(Codes(), robots.Codes()...)
	if err := diag.Catalogue(all).Check(); err != nil {
		t.Fatal(err)
	}
}

// checkInvariants: diagnostics on existing lines with codes of this
// package or of robots, JSON-encodable results, deterministic re-parse.
func checkInvariants(t *testing.T, body []byte, f *File, d diag.List) {
	t.Helper()
	cat := diag.Catalogue(append(Codes(), robots.Codes()...))
	for _, x := range d {
		if x.Line < 0 || x.Line > f.Lines {
			t.Errorf("diagnostic %s on line %d of a %d-line file", x.Code, x.Line, f.Lines)
		}
		if c, ok := cat.Lookup(x.Code); !ok || c.Severity != x.Severity {
			t.Errorf("diagnostic %s (%s) is not catalogued with that severity", x.Code, x.Severity)
		}
	}
	if len(f.Media) != len(Categories()) {
		t.Errorf("%d media stances, want %d", len(f.Media), len(Categories()))
	}
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("the File does not encode as JSON: %v", err)
	}
	f2, d2 := Parse(body)
	if !reflect.DeepEqual(f, f2) || !reflect.DeepEqual(d, d2) {
		t.Errorf("re-parsing gave a different result")
	}
}

func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txt"))
	if len(paths) == 0 {
		f.Fatal("no seed corpus in testdata/corpus")
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("User-Agent: *\nDisallow: *.\nDisallow: /*.$\nDisallow: **.jpg$$\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		file, d := Parse(body)
		checkInvariants(t, body, file, d)
	})
}

func BenchmarkParse(b *testing.B) {
	body := corpus(b, "spawning-mixed.txt")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body)
	}
}

// spawningLists are the file types Spawning's ai.txt generator writes for
// each category it offers, in its order.
var spawningLists = map[Category]string{
	Text:   "txt pdf doc docx odt rtf tex wks wpd wps html",
	Images: "bmp gif ico jpeg jpg png svg tif tiff webp",
	Audio:  "aac aiff amr flac m4a mp3 oga opus wav wma",
	Video:  "mp4 webm ogg avi mov wmv flv mkv",
	Code:   "py js java c cpp cs h css php swift go rb pl sh sql",
}

func spawningBody(extra string, cats ...Category) string {
	var b strings.Builder
	b.WriteString("# Spawning AI\n# Prevent datasets from using the following file types\n\nUser-Agent: *\n")
	for _, c := range cats {
		for _, ext := range strings.Fields(spawningLists[c]) {
			fmt.Fprintf(&b, "Disallow: *.%s\n", ext)
		}
	}
	b.WriteString(extra)
	return b.String()
}

// TestParse_SpawningGenerator: the generator's output for one category
// blocks that category, whatever other extensions survey knows for it,
// and names no file type outside the categories (wks, wpd, wps and amr
// are Spawning's text and audio types; ogg is its video type). Its rules
// are unanchored, so some reach other categories' types: "*.avi" also
// disallows .avif images, "*.c", "*.h" and "*.js" .csv, .html and .json
// texts and .heic images.
func TestParse_SpawningGenerator(t *testing.T) {
	partial := map[Category][]Category{Video: {Images}, Code: {Images, Text}}
	for _, c := range Categories() {
		f, d := parse(t, []byte(spawningBody("", c)))
		want := partial[c]
		if want == nil {
			want = []Category{}
		}
		if !reflect.DeepEqual(f.BlockedMedia, []Category{c}) || !reflect.DeepEqual(f.PartialMedia, want) || len(d) != 0 {
			t.Errorf("%s only: blocked %v partial %v diagnostics %q; want [%s], %v, none", c, f.BlockedMedia, f.PartialMedia, found(d), c, want)
		}
	}
	all := Categories()
	f, d := parse(t, []byte(spawningBody("", all...)))
	if !reflect.DeepEqual(f.BlockedMedia, all) || len(d) != 0 {
		t.Errorf("every category: blocked %v diagnostics %q; want %v, none", f.BlockedMedia, found(d), all)
	}
	for _, c := range []struct {
		name, extra      string
		blocked, partial []Category
	}{
		// Allow: / is the default the generator's rules are written
		// against; it allows no file type in particular.
		{"allow all", "Allow: /\n", []Category{Images}, []Category{}},
		// A file-type rule allowing another image type: images partly.
		{"allow heic", "Allow: *.heic\n", []Category{}, []Category{Images}},
		{"disallow heic too", "Disallow: *.heic\n", []Category{Images}, []Category{}},
	} {
		f, _ := parse(t, []byte(spawningBody(c.extra, Images)))
		if !reflect.DeepEqual(f.BlockedMedia, c.blocked) || !reflect.DeepEqual(f.PartialMedia, c.partial) {
			t.Errorf("images and %s: blocked %v partial %v; want %v %v", c.name, f.BlockedMedia, f.PartialMedia, c.blocked, c.partial)
		}
	}
}

// TestParse_OtherFormat: a file without a User-Agent, Allow or Disallow
// line is another convention (key-value lines, Markdown, prose, JSON),
// even when it names a sitemap among its key-value lines, and the
// robots.txt grammar's line diagnostics are not reported for it; what is
// wrong with the body as text is.
func TestParse_OtherFormat(t *testing.T) {
	for _, c := range []struct {
		name, body, other string
		diags             []string
	}{
		{"key-value with a sitemap", "# Site facts for AI agents\nname: Example\nai-training: allowed\nsitemap: https://example.com/sitemap.xml\n", "key-value", []string{"0:aitxt.other-format"}},
		{"markdown", "# About this site\n\nThis site may be quoted with attribution.\n- Contact: someone@example.com\n", "markdown", []string{"0:aitxt.other-format"}},
		{"invalid UTF-8", "Site: caf\xe9\nNotes: none\n", "key-value", []string{"0:aitxt.other-format", "1:robots.invalid-utf8"}},
		{"byte order mark", "\xef\xbb\xbfSite: example\n", "key-value", []string{"0:aitxt.other-format", "1:robots.bom"}},
		{"prose", "AI systems may read this site.\nPlease cite us by name: Example.\n", "text", []string{"0:aitxt.other-format"}},
		{"json", `{"ai-training": false}`, "json", []string{"0:aitxt.other-format"}},
		// A user-agent line makes an ai.txt, however little else there is.
		{"user-agent and prose", "User-agent: *\nThis site welcomes AI crawlers.\n", "", []string{"1:robots.empty-group", "2:robots.malformed-line"}},
		{"sitemap and a rule", "Sitemap: https://example.com/s.xml\nUser-agent: *\nDisallow: /a\n", "", []string{}},
		// Keys that only start with "allow" or "disallow" are the key-value
		// file's own, not rules; a misspelling of a record name is a rule.
		{"key-value with allow keys", "# Site facts\nSite-Name: Example\nAllow-AI-Training: true\nDisallow-Scraping: yes\n", "key-value", []string{"0:aitxt.other-format"}},
		{"misspelled disallow", "Dissallow: /a\n", "", []string{"1:robots.misspelled-key", "1:robots.rule-outside-group"}},
	} {
		f, d := parse(t, []byte(c.body))
		if got := found(d); f.OtherFormat != c.other || !reflect.DeepEqual(got, c.diags) {
			t.Errorf("%s: other format %q, diagnostics %q; want %q, %q", c.name, f.OtherFormat, got, c.other, c.diags)
		}
	}
}
