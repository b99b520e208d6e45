package sink

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_LLMsTxt flattens an llms.txt with a two-line summary,
// details, a relative link and an Optional section, and an HTML page
// served as llms.txt.
func TestFormatRows_LLMsTxt(t *testing.T) {
	key := docKey(registry.LocLLMsTxt)
	doc := parseFixture(t, registry.LLMsTxt, registry.LocLLMsTxt, "llms.txt", nil, nil)
	checkRows(t, FormatRows(key, doc),
		Rows{TableLLMsTxt, keyed(key, LLMsTxtRow{
			Effective: "links", Title: "Shop Example", TitleLine: ptr(int32(1)),
			Summary: ptr("Outdoor equipment, delivered. Since 1999."), HasDetails: true,
			Sections: 2, SectionNames: []string{"Docs", "Optional"}, Links: 3, RelativeLinks: 1, OptionalLinks: 1,
			HasOptional: true,
		})},
		Rows{TableLLMsTxtLinks, keyed(key,
			LLMsTxtLinkRow{SectionIndex: 0, Section: "Docs", Line: 10, Name: "API", URL: "https://shop.example/api.md",
				Notes: "the public API"},
			LLMsTxtLinkRow{SectionIndex: 0, Section: "Docs", Line: 11, Name: "Returns", URL: "/returns.md", Relative: true},
			LLMsTxtLinkRow{SectionIndex: 1, Section: "Optional", Optional: true, Line: 15, Name: "History",
				URL: "https://shop.example/history.md"},
		)},
	)

	doc = parseFixture(t, registry.LLMsTxt, registry.LocLLMsTxt, "soft-404.html", nil, nil)
	checkRows(t, FormatRows(key, doc), Rows{TableLLMsTxt, keyed(key, LLMsTxtRow{Effective: "invalid", OtherFormat: "html"})})
}
