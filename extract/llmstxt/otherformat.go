package llmstxt

import (
	"strings"
	"unicode"
)

// robotsStyle returns the line of the first User-agent line when the body
// is plainly a robots.txt-style file rather than Markdown, and 0 otherwise.
// Some sites publish robots.txt rules at /llms.txt, often under a "# llms.txt"
// comment, which Markdown reads as an H1:
//
//	# llms.txt
//	User-agent: *
//	Allow: /
//
// Such a body is recognised when it has a User-agent line and every line
// that is neither blank nor a "#" comment is a "Field: value" line, robots.txt
// fields (User-agent, Allow, Disallow, Crawl-delay, Sitemap, Content-Signal,
// Content-Usage) being at least half of them. One line of prose, a list
// item, a link or a block quote makes the body Markdown.
func robotsStyle(data []byte) int {
	first, content, robots := 0, 0, 0
	for n := 1; len(data) > 0; n++ {
		var raw []byte
		raw, data = nextLine(data)
		t := strings.TrimSpace(string(raw))
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		name, ok := robotsFieldName(t)
		if !ok {
			return 0
		}
		content++
		switch strings.ToLower(name) {
		case "user-agent":
			if first == 0 {
				first = n
			}
			robots++
		case "allow", "disallow", "crawl-delay", "sitemap", "content-signal", "content-usage":
			robots++
		}
	}
	if first == 0 || robots*2 < content {
		return 0
	}
	return first
}

// robotsFieldName returns the field name of a "Name: value" line: a name of
// letters, digits, '-' and '_' before the first colon. A URL ("https://...")
// is not a field line.
func robotsFieldName(t string) (string, bool) {
	name, value, ok := strings.Cut(t, ":")
	name = strings.TrimRight(name, " \t")
	if !ok || name == "" || strings.HasPrefix(value, "//") {
		return "", false
	}
	for _, r := range name {
		if r != '-' && r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return "", false
		}
	}
	return name, true
}
