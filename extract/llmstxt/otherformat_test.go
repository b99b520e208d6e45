package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_RobotsStyle: robots.txt rules published at /llms.txt, often under
// a "# llms.txt" comment that Markdown reads as an H1, are another
// convention, not an llms.txt: without the check the first was a valid
// llms.txt with no links and the second an invalid one (no H1 title).
func TestParse_RobotsStyle(t *testing.T) {
	robots := map[string]struct {
		in   string
		want string
	}{
		"comment title": {"# llms.txt\nUser-agent: *\nAllow: /\n\nPreferred-Language: de\nSite-Name: Example\n", "llms-txt.robots-style@2"},
		"no comment":    {"User-agent: *\nDisallow: /admin/\n", "llms-txt.robots-style@1"},
		"comments between": {"# llms.txt for example.com\n# Guidelines for AI crawlers\n\nUser-agent: *\nAllow: /\nDisallow: /admin/\n\n" +
			"# Preferred pages\nAllow: /blog/\n\n# Contact\nContact: https://example.com/contact\n", "llms-txt.robots-style@4"},
		"crlf":   {"# llms.txt\r\nSitemap: https://example.com/sitemap.xml\r\nuser-agent: GPTBot\r\nallow: /\r\n", "llms-txt.robots-style@3"},
		"spaced": {"  User-agent : *\n\tDisallow: /private\n", "llms-txt.robots-style@1"},
	}
	for name, c := range robots {
		f, got := parseString(t, c.in)
		if !slices.Equal(got, []string{c.want}) || f.OtherFormat != OtherRobotsStyle || f.Title != "" {
			t.Errorf("%s: diagnostics %v, other format %q, title %q", name, got, f.OtherFormat, f.Title)
		}
	}
	for name, in := range map[string]string{
		"block quote":      "# T\n> s\nUser-agent: *\nAllow: /\n",
		"prose":            "# T\n\nUser-agent: *\nAllow: /\n\nWe welcome AI crawlers.\n",
		"links":            "# T\n\n## S\n- [a](https://a.example/)\nUser-agent: *\n",
		"no user-agent":    "# T\nAuthor: Jane\nLicense: MIT\nSitemap: https://example.com/sitemap.xml\n",
		"few robots lines": "# T\nUser-agent: *\nOwner: a\nContact: b\nSite: c\n",
		"url line":         "# T\nUser-agent: *\nhttps://example.com/a\n",
		"code fence":       "# T\n```\nUser-agent: *\nAllow: /\n```\n",
	} {
		f, got := parseString(t, in)
		if f.OtherFormat != "" || f.Title != "T" || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "llms-txt.robots-style@") }) {
			t.Errorf("%s: diagnostics %v, other format %q, title %q", name, got, f.OtherFormat, f.Title)
		}
	}
}
