package llmstxt

import (
	"strings"
	"unicode"
)

// otherFormat returns the convention the body plainly follows instead of
// Markdown, OtherRobotsStyle or OtherINI, and the line to report it at; ""
// and 0 for a body that may be an llms.txt. Some sites publish robots.txt
// rules or INI settings at /llms.txt, under "#" comments that Markdown reads
// as H1 headings:
//
//	# llms.txt                  # llms.txt — Example manifest
//	User-agent: *               [app]
//	Allow: /                    name = Example
//
// Robots-style: a User-agent line, and every line that is neither blank nor
// a "#" comment a "Field: value" line, robots.txt fields (User-agent, Allow,
// Disallow, Crawl-delay, Sitemap, Content-Signal, Content-Usage) being at
// least half of them; reported at the first User-agent line. INI: every
// such line (";" comments aside) a "[section]" or a "key = value" line, with
// at least one of each; reported at the first section. One line of prose, a
// list item, a link or a block quote makes the body Markdown.
func otherFormat(data []byte) (string, int) {
	var content, fields, robots, sections, keys, semicolons int
	firstAgent, firstSection := 0, 0
	for n := 1; len(data) > 0; n++ {
		var raw []byte
		raw, data = nextLine(data)
		t := strings.TrimSpace(string(raw))
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case strings.HasPrefix(t, ";"):
			semicolons++
			continue
		}
		content++
		if name, ok := fieldName(t, ':'); ok && !strings.HasPrefix(t[len(name):], "://") {
			fields++
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "user-agent":
				if firstAgent == 0 {
					firstAgent = n
				}
				robots++
			case "allow", "disallow", "crawl-delay", "sitemap", "content-signal", "content-usage":
				robots++
			}
			continue
		}
		if _, ok := fieldName(t, '='); ok {
			keys++
			continue
		}
		if len(t) > 2 && t[0] == '[' && t[len(t)-1] == ']' && isName(t[1:len(t)-1]) {
			sections++
			if firstSection == 0 {
				firstSection = n
			}
			continue
		}
		return "", 0 // prose, Markdown: not another convention
	}
	switch {
	case firstAgent > 0 && fields == content && semicolons == 0 && robots*2 >= content:
		return OtherRobotsStyle, firstAgent
	case sections > 0 && keys > 0 && sections+keys == content:
		return OtherINI, firstSection
	}
	return "", 0
}

// fieldName returns the name of a "name: value" (sep ':') or "name = value"
// (sep '=') line: letters, digits, '-', '_' and '.' before sep, white space
// allowed before it.
func fieldName(t string, sep byte) (string, bool) {
	i := strings.IndexByte(t, sep)
	if i <= 0 {
		return "", false
	}
	name := t[:i]
	return name, isName(strings.TrimRight(name, " \t"))
}

// isName reports whether s is a non-empty name of letters, digits, '-', '_'
// and '.'.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '-' && r != '_' && r != '.' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
