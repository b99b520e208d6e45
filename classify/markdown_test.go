package classify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// TestHTMLInsteadOfMarkdown: testdata/markdown holds Markdown files that
// open with inline HTML (*.md), which are Markdown, and HTML pages served
// where Markdown is expected (*.html), which are not.
func TestHTMLInsteadOfMarkdown(t *testing.T) {
	files, _ := filepath.Glob("testdata/markdown/*")
	if len(files) < 8 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, file := range files {
		body, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.HasSuffix(file, ".html")
		if got := HTMLInsteadOfMarkdown(body); got != want {
			t.Errorf("%s: HTMLInsteadOfMarkdown = %v, want %v", filepath.Base(file), got, want)
		}
	}
}

func TestMarkdownStructure(t *testing.T) {
	for body, want := range map[string]bool{
		"<div>x</div>\n\n# Title\n":                      true,
		"<div>x</div>\n\n   ## Title":                    true,
		"<div>x</div>\n    # indented code, no heading":  false,
		"<div>x</div>\n#hashtag\n":                       false,
		"<p>x</p>\n- item\n":                             true,
		"<p>x</p>\n+ item\n":                             true,
		"<p>x</p>\n> quote\n":                            true,
		"<p>x</p>\n```\ncode\n```\n":                     true,
		"<p>see [the guide](https://a.test/g.md)</p>":    true,
		"<p>x</p><p># not at a line start</p>":           false,
		"<p>[not a link] (x)</p>":                        false,
		"<style>\n# x\n</style><p>y</p>":                 false,
		"<script>\n- x\n</script>":                       false,
		"<h1>404 Not Found</h1>\n<p>Nothing here.</p>":   false,
		"<div>\n  <b>404.</b> That is an error.\n</div>": false,
		"": false,
	} {
		if got := MarkdownStructure([]byte(body)); got != want {
			t.Errorf("MarkdownStructure(%q) = %v, want %v", body, got, want)
		}
	}
}

// TestFetch_MarkdownWithInlineHTML: an llms.txt or AGENTS.md that opens
// with a README-style HTML banner is present; an HTML page there is a soft
// 404.
func TestFetch_MarkdownWithInlineHTML(t *testing.T) {
	llms, _ := registry.LookupLocation(registry.LocLLMsTxt)
	agentsMD, _ := registry.LookupLocation(registry.LocAgentsMD)
	read := func(name string) []byte {
		b, err := os.ReadFile("testdata/markdown/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		loc  registry.Location
		file string
		want Result
	}{
		{llms, "md-div-banner.md", Result{Present, ReasonOK}},
		{agentsMD, "md-div-banner.md", Result{Present, ReasonOK}},
		{agentsMD, "md-p-center.md", Result{Present, ReasonOK}},
		{llms, "html-spa-shell.html", Result{Soft404, ReasonHTMLBody}},
		{agentsMD, "html-doctype.html", Result{Soft404, ReasonHTMLBody}},
		{agentsMD, "html-title-page.html", Result{Soft404, ReasonHTMLBody}},
	} {
		f := crawl.Fetch{Status: 200, Body: read(c.file), FinalURL: "https://a.test" + c.loc.Path}
		if got := Fetch(&f, c.loc, nil); got != c.want {
			t.Errorf("%s at %s: %+v, want %+v", c.file, c.loc.Path, got, c.want)
		}
	}
}
