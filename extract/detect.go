package extract

import (
	"bytes"
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// Detect guesses the format of a file from its name (a file name or a URL
// path) and, when the name says nothing, from its content. It returns ""
// when neither tells.
func Detect(name string, body []byte) registry.FormatID {
	if f := detectName(name); f != "" {
		return f
	}
	return detectContent(body)
}

// homePageNames are the file names of a saved home page: its location is
// "/", which names no file.
var homePageNames = []string{"index.html", "index.htm"}

// detectName matches the last element of a path against the registry's
// locations, case-insensitively ("robots.txt", "AGENTS.md", "did.json"),
// and against homePageNames.
func detectName(name string) registry.FormatID {
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	for _, loc := range registry.Locations() {
		if loc.Canary || loc.Path == "/" || len(loc.Formats) == 0 {
			continue
		}
		if strings.ToLower(path.Base(loc.Path)) == base {
			return loc.Formats[0]
		}
	}
	if slices.Contains(homePageNames, base) {
		return registry.HomePage
	}
	return ""
}

var (
	agentsTxtHash = regexp.MustCompile(`(?m)^\s*\*[0-9a-fA-F]{64}\s*$`)
	// agentsTxtRule is an agents.txt directive, "<path> ALLOW|DISALLOW":
	// a file without its hash line is still an agents.txt (an invalid one).
	agentsTxtRule = regexp.MustCompile(`(?m)^\s*/\S*[ \t]+(ALLOW|DISALLOW)([ \t]|$)`)
	robotsLine    = regexp.MustCompile(`(?im)^\s*(user-agent|disallow|allow|sitemap)\s*:`)
	autoctlLine   = regexp.MustCompile(`(?im)^\s*(scope|allowed-methods|allowed-purposes)\s*:`)
	agentsMDTitle = regexp.MustCompile(`(?im)^#\s*AGENTS\.md\s*$`)
	markdownH1    = regexp.MustCompile(`(?m)^#\s+\S`)
	// htmlStart is the opening of an HTML page: a doctype, or an html,
	// head, meta or title element, after any comments.
	htmlStart = regexp.MustCompile(`(?is)^(<!--.*?-->\s*)*<(!doctype\s+html|html|head|meta|title)[\s>]`)
)

// detectContent sniffs the bytes.
func detectContent(body []byte) registry.FormatID {
	b := bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))
	if len(b) > 64<<10 {
		b = b[:64<<10]
	}
	if len(b) > 0 && b[0] == '<' {
		if bytes.Contains(b, []byte("https://agent-feed.dev/ns/v0")) || bytes.Contains(b, []byte("<feed")) {
			return registry.AgentFeed
		}
		if htmlStart.Match(b) {
			return registry.HomePage
		}
		// Not markup, or not ours: a text format may open with an
		// <!-- --> line, as the automation-preferences draft's sample does.
	}
	switch {
	case len(b) == 0:
		return ""
	case b[0] == '{' || b[0] == '[':
		return detectJSON(body)
	case agentsTxtHash.Match(b), agentsTxtRule.Match(b):
		return registry.AgentsTxt
	case agentsMDTitle.Match(b):
		return registry.AgentsMD
	case autoctlLine.Match(b):
		return registry.Autoctl
	case robotsLine.Match(b):
		return registry.Robots
	case markdownH1.Match(b):
		return registry.LLMsTxt
	}
	return ""
}

func detectJSON(body []byte) registry.FormatID {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	switch x := v.(type) {
	case []any:
		if len(x) > 0 {
			if m, ok := x[0].(map[string]any); ok {
				if _, ok := m["location"]; ok {
					return registry.TDMRep
				}
			}
		}
	case map[string]any:
		if id, ok := x["id"].(string); ok && strings.HasPrefix(id, "did:") {
			return registry.DID
		}
		if _, ok := x["verificationMethod"]; ok {
			return registry.DID
		}
		for _, k := range []string{"skills", "capabilities", "endpoints", "url", "name"} {
			if _, ok := x[k]; ok {
				return registry.AgentCard
			}
		}
	}
	return ""
}
