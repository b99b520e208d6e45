package content

import (
	"regexp"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestLLMsTxt_Structure checks the llmstxt.org rules the labels rest on:
// valid files start with an H1 (extract/llmstxt: only a missing H1 or an
// HTML body is an error); list items without a [name](url) link occur only
// in links-missing, which is valid with warnings.
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
		if bareItem != (v.Name == "llms-txt/links-missing") {
			t.Errorf("%s: list item without link %v", v.Name, bareItem)
		}
		if got := h1; got != v.Valid {
			t.Errorf("%s: starts with an H1 %v, list item without link %v, labelled valid %v", v.Name, h1, bareItem, v.Valid)
		}
	}
}
