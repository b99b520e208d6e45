package content

import (
	"regexp"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestLLMsTxt_Structure checks the llmstxt.org rules the labels rest on:
// valid files start with an H1; every list item of an H2 section holds a
// [name](url) link, except in links-missing.
func TestLLMsTxt_Structure(t *testing.T) {
	link := regexp.MustCompile(`^- \[[^\]]+\]\([^)]+\)(: .+)?$`)
	for _, v := range Variants(registry.LocLLMsTxt) {
		body := string(v.Body(""))
		h1 := strings.HasPrefix(body, "# ")
		inH2, bareItem := false, false
		for _, line := range strings.Split(body, "\n") {
			switch {
			case strings.HasPrefix(line, "## "):
				inH2 = true
			case inH2 && strings.HasPrefix(line, "- ") && !link.MatchString(line):
				bareItem = true
			}
		}
		if got := h1 && !bareItem; got != v.Valid {
			t.Errorf("%s: starts with an H1 %v, list item without link %v, labelled valid %v", v.Name, h1, bareItem, v.Valid)
		}
	}
}
