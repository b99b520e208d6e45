package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_HTMLDocumentAfterComment: HTML comments before "<!DOCTYPE
// html>" or "<html>" (a generator's banner) do not hide an HTML document;
// a comment before Markdown does not make it one.
func TestParse_HTMLDocumentAfterComment(t *testing.T) {
	html := map[string]struct {
		in   string
		want string
	}{
		"one line":    {"<!-- generated -->\n<!DOCTYPE html>\n<html></html>\n", "llms-txt.html-document@2"},
		"same line":   {"<!-- generated --> <html lang=\"en\">\n</html>\n", "llms-txt.html-document@1"},
		"multi-line":  {"\n<!--\n  generated\n  -->\n\n  <!-- two --><!---->\n<HTML>\n", "llms-txt.html-document@7"},
		"empty <!-->": {"<!--><!--->\n<!doctype html>\n", "llms-txt.html-document@2"},
	}
	for name, c := range html {
		f, got := parseString(t, c.in)
		if !slices.Equal(got, []string{c.want}) || f.OtherFormat != "html" {
			t.Errorf("%s: diagnostics %v, other format %q", name, got, f.OtherFormat)
		}
	}
	for name, in := range map[string]string{
		"markdown":      "<!-- generated -->\n# T\n> s\n## D\n- [a](https://a.example/)\n<html>\n",
		"text first":    "<!-- a --> text\n<html>\n",
		"open comment":  "<!-- never closed\n<html>\n",
		"comment later": "# T\n<!-- x -->\n<!doctype html>\n",
	} {
		f, got := parseString(t, in)
		if f.OtherFormat != "" || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "llms-txt.html-document@") }) {
			t.Errorf("%s: diagnostics %v, other format %q", name, got, f.OtherFormat)
		}
	}
}
