package content

import (
	"fmt"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// aiCrawlers returns the product tokens of crawlers that collect content for
// AI, as blocked by many sites' robots.txt.
func aiCrawlers() []string {
	return []string{
		"GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "Claude-Web",
		"anthropic-ai", "CCBot", "Google-Extended", "PerplexityBot",
		"Perplexity-User", "Bytespider", "Amazonbot", "Applebot-Extended",
		"meta-externalagent", "FacebookBot", "Diffbot", "cohere-ai",
		"Omgilibot", "ImagesiftBot", "Timpibot", "YouBot",
	}
}

// robotsVariants returns the robots.txt corpus.
func robotsVariants() []Variant {
	v := func(slug string, weight int, valid bool, body, note string) Variant {
		return Variant{Name: "robots/" + slug, Location: registry.LocRobots, ContentType: typeText,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	return []Variant{
		v("minimal", 20, true, "User-agent: *\nDisallow:\n",
			"one group that allows everything (RFC 9309 §2.2.2: an empty Disallow matches nothing)"),
		v("typical-cms", 30, true, robotsTypicalCMS,
			"a WordPress-style file: one group, Allow overriding Disallow, a Sitemap line"),
		v("ai-blocks", 15, true, robotsAIBlocks(),
			"many groups: a general group, then Disallow: / for each AI crawler, some groups with several user-agent lines (RFC 9309 §2.1)"),
		v("allow-all-empty", 8, true, "",
			"an empty file: no groups, so everything is allowed (RFC 9309 §2.2.1)"),
		v("disallow-all", 4, true, "User-agent: *\nDisallow: /\n",
			"the whole site is disallowed to every crawler"),
		v("wildcards", 5, true, robotsWildcards,
			"* and $ in paths (RFC 9309 §2.2.3) and the longest-match rule (§2.2.2)"),
		v("sitemaps", 5, true, robotsSitemaps,
			"several Sitemap lines, outside and between groups (RFC 9309 §2.2.4 other records)"),
		v("crawl-delay", 3, true, robotsCrawlDelay,
			"Crawl-delay lines: not in RFC 9309, an other record (§2.2.4) that does not end a group (specs README: App-Directives, unknown lines)"),
		v("app-directives", 1, true,
			"User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0\n",
			"draft-nottingham-plan-b §1 example: App-Directives (plural spelling) with an RFC 9651 List value"),
		v("app-directive-path", 1, true,
			"User-Agent: *\nAllow: /\napp-directive: /news/ examplesearch;widgets=?0, someothersearch;foo=bar\nApp-Directives: examplesearch;widgets=?1\n",
			"draft-nottingham-plan-b §2: the ABNF's singular spelling in lower case, with a path before the List; and the plural spelling without a path"),
		v("app-directives-invalid", 1, true,
			"User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?2\nDisallow: /private/\n",
			"valid with a warning: an App-Directives value that is not an RFC 9651 List (?2 is not a Boolean) is rejected for that rule only; the file stays valid (product decision, extract/robots)"),
		v("content-usage", 2, true, robotsContentUsage,
			"Content-Usage rules (draft-ietf-aipref-attach): train-ai=n for the site and, with a path, for /news/"),
		v("content-signal", 3, true, robotsContentSignal,
			"Cloudflare Content-Signal rule search=yes, ai-train=no after its usual comment block"),
		v("bom-crlf", 2, true,
			"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /private/\r\nAllow: /private/press/\r\n\r\nSitemap: https://example.com/sitemap.xml\r\n",
			OpenPrefix+"labelled valid: a UTF-8 byte order mark before the first line and CRLF line ends; RFC 9309 §2.2 allows CR LF as EOL but its grammar does not mention a BOM (crawlers commonly skip it)"),
		v("rules-before-user-agent", 1, true,
			"Disallow: /tmp/\nAllow: /tmp/public/\n\nUser-agent: *\nDisallow: /admin/\n",
			OpenPrefix+"labelled valid: Allow/Disallow lines before any user-agent line belong to no group; RFC 9309 §2.2.2 anticipates them (the crawler SHOULD ignore them) although its grammar (§2.2) has no place for them"),
		v("missing-colon", 1, true,
			"User-agent *\nDisallow /admin/\nDisallow: /tmp/\n",
			"valid with warnings: lines without the colon of the RFC 9309 §2.2 grammar are accepted as google/robotstxt accepts them (RFC 9309 §2.2.4 leniency; extract/robots errs only on non-text and non-UTF-8 files)"),
		v("typos", 1, true,
			"User-agent: *\nDissalow: /admin/\nAlow: /admin/help/\nDisallow: /tmp/\n",
			OpenPrefix+"labelled valid: Dissalow and Alow are common misspellings, which RFC 9309 §2.2.4 lets crawlers accept leniently (or ignore as other records); a parser may warn about them"),
		v("large", 1, true, robotsLarge(),
			"over 500 KiB and under 1 MiB: RFC 9309 §2.5 asks crawlers to parse at least 500 KiB"),
		v("invalid-utf8", 1, false,
			"User-agent: *\nDisallow: /caf\xE9/\nDisallow: /tmp/\n",
			"a Latin-1 byte (0xE9) in a path: RFC 9309 §2.3 says the file MUST be UTF-8 encoded (§2.2.2 lets implementors bridge the mismatch when matching, which does not make the file valid)"),
		v("nul-bytes", 1, true,
			"User-agent: *\nDisallow: /a\x00b/\nDisallow: /tmp/\n",
			"valid with a warning: a NUL byte inside a path, which the RFC 9309 §2.2 grammar (UTF8-char-noctl) does not allow; a control character is a warning, not an error (extract/robots)"),
	}
}

const robotsTypicalCMS = `# This robots.txt is generated by the CMS.
User-agent: *
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php
Disallow: /?s=
Disallow: /search/

Sitemap: https://example.com/wp-sitemap.xml
`

const robotsWildcards = `User-agent: *
Disallow: /*.pdf$
Disallow: /*?sessionid=
Disallow: /private*/
Allow: /private-press/
Allow: /downloads/*.pdf$

User-agent: Googlebot-Image
Disallow: /*.gif$
`

const robotsSitemaps = `Sitemap: https://example.com/sitemap-index.xml

User-agent: *
Disallow: /checkout/
Sitemap: https://example.com/sitemap-products.xml
Disallow: /account/

Sitemap: https://example.com/news-sitemap.xml
`

const robotsCrawlDelay = `User-agent: bingbot
Crawl-delay: 10
Disallow: /search

User-agent: *
Crawl-delay: 5
Disallow: /cgi-bin/
`

const robotsContentUsage = `User-Agent: *
Allow: /
Content-Usage: train-ai=n
Content-Usage: /news/ train-ai=n, search=y
Disallow: /drafts/
`

const robotsContentSignal = `# As a condition of accessing this website, you agree to abide by the
# following content signals:
#
# (a) If a Content-Signal = yes, you may collect content for the
# corresponding use.
# (b) If a Content-Signal = no, you may not collect content for the
# corresponding use.
# (c) If the website operator does not include a Content-Signal for a
# corresponding use, the website operator neither grants nor restricts
# permission via Content-Signal with respect to the corresponding use.
#
# search: building a search index and providing search results.
# ai-input: inputting content into one or more AI models.
# ai-train: training or fine-tuning AI models.

User-Agent: *
Content-Signal: search=yes, ai-train=no
Allow: /
`

// robotsAIBlocks returns a large multi-group file blocking AI crawlers.
func robotsAIBlocks() string {
	var b strings.Builder
	b.WriteString("# robots.txt for example.com\n# AI crawlers are not welcome; search engines are.\n\n")
	b.WriteString("User-agent: *\nDisallow: /search\nDisallow: /cart\nDisallow: /account/\nAllow: /account/help\n\n")
	for i, name := range aiCrawlers() {
		// Every third crawler shares a group with the one before it.
		if i%3 == 2 {
			b.WriteString("User-agent: " + name + "\nDisallow: /\n\n")
			continue
		}
		if i%3 == 1 {
			b.WriteString("User-agent: " + name + "\n")
			continue
		}
		b.WriteString("User-agent: " + name + "\nDisallow: /\n\n")
	}
	b.WriteString("User-agent: Googlebot\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n")
	return b.String()
}

// robotsLarge returns a file of about 600 KiB: one group with thousands of
// Disallow lines, as generated by some e-commerce platforms.
func robotsLarge() string {
	const target = 600 << 10
	var b strings.Builder
	b.Grow(target + 128)
	b.WriteString("# Generated list of retired product pages.\nUser-agent: *\nAllow: /\n")
	for i := 0; b.Len() < target; i++ {
		fmt.Fprintf(&b, "Disallow: /catalogue/%04d/%02d/retired-product-%06d.html\n", 2000+i%25, 1+i%12, i)
	}
	b.WriteString("Sitemap: https://example.com/sitemap.xml\n")
	return b.String()
}
