package llmstxt

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_OtherFormat: robots.txt rules or INI settings published at
// /llms.txt, often under "#" comments that Markdown reads as H1 headings,
// are another convention, not an llms.txt. Without the check the first was
// a valid llms.txt with no links (Julxoo/portfolio public/.well-known/llms.txt
// and LEilev/moodmap-web public/.well-known/llms.txt got a duplicate-title
// warning per comment line), and one without a comment an invalid llms.txt
// (no H1 title).
func TestParse_OtherFormat(t *testing.T) {
	other := map[string]struct {
		in, want, format string
	}{
		"robots, comment title": {"# llms.txt\nUser-agent: *\nAllow: /\n\nPreferred-Language: de\nSite-Name: Example\n", "llms-txt.other-format@2", OtherRobotsStyle},
		"robots, no comment":    {"User-agent: *\nDisallow: /admin/\n", "llms-txt.other-format@1", OtherRobotsStyle},
		"robots, comments between": {"# llms.txt for example.com\n# Guidelines for AI crawlers\n\nUser-agent: *\nAllow: /\nDisallow: /admin/\n\n" +
			"# Preferred pages\nAllow: /blog/\n\n# Contact\nContact: https://example.com/contact\n", "llms-txt.other-format@4", OtherRobotsStyle},
		"robots, crlf":   {"# llms.txt\r\nSitemap: https://example.com/sitemap.xml\r\nuser-agent: GPTBot\r\nallow: /\r\n", "llms-txt.other-format@3", OtherRobotsStyle},
		"robots, spaced": {"  User-agent : *\n\tDisallow: /private\n", "llms-txt.other-format@1", OtherRobotsStyle},
		"ini": {"# llms.txt — Example manifest\n# ----\n\n[app]\nname = Example\nalias = Example: the app\nhomepage = https://example.com/\n\n" +
			"; a comment\n[docs]\nsupport_page = https://example.com/support\n", "llms-txt.other-format@4", OtherINI},
	}
	for name, c := range other {
		f, got := parseString(t, c.in)
		if !slices.Equal(got, []string{c.want}) || f.OtherFormat != c.format || f.Title != "" {
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
		"ini, no section":  "# T\nname = Example\nversion = 1\n",
		"ini, no key":      "# T\n[app]\n",
		"ini and prose":    "# T\n[app]\nname = Example\nSee the docs.\n",
		"link reference":   "# T\n[docs]: https://example.com/docs\n",
	} {
		f, got := parseString(t, in)
		if f.OtherFormat != "" || f.Title != "T" || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "llms-txt.other-format@") }) {
			t.Errorf("%s: diagnostics %v, other format %q, title %q", name, got, f.OtherFormat, f.Title)
		}
	}
}
