package sink

import (
	"net/http"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_HomePage flattens a home page whose headers carry
// X-Robots-Tag (two field lines, one scoped to bingbot, one with a date
// holding a comma) and Content-Usage with an unknown key, and whose head
// has robots, googlebot and tdm-reservation meta tags and a link to
// llms.txt.
func TestFormatRows_HomePage(t *testing.T) {
	key := docKey(registry.LocHome)
	header := http.Header{
		"Content-Type":  {"text/html; charset=utf-8"},
		"X-Robots-Tag":  {"noindex, bingbot: nofollow", "unavailable_after: Sunday, 01-Sep-30 10:00:00 GMT"},
		"Content-Usage": {"train-ai=n, foo=y"},
	}
	doc := parseFixture(t, registry.HomePage, registry.LocHome, "home.html", nil, header)
	checkRows(t, FormatRows(key, doc), Rows{TableHomeSignals, keyed(key, HomeSignalsRow{
		Effective: "signals", HTML: true, NoAI: true, NoImageAI: true, NoIndex: true, MaxSnippet: ptr(int32(50)),
		TDMReserved: true, TDMReserve: ptr(int32(1)), TDMSource: ptr("meta"), TrainAI: ptr("n"),
		ContentUsage: ptr("train-ai=n, foo=y"), UsageValid: ptr(true),
		XRobotsTag:   []string{"noindex", "bingbot: nofollow", "unavailable_after:Sunday, 01-Sep-30 10:00:00 GMT"},
		MetaRobots:   []string{"noai", "noimageai", "max-snippet:50", "googlebot: noindex", "googlebot: sparkle"},
		Unknown:      []string{"sparkle"},
		ScopedAgents: []string{"bingbot", "googlebot"},
		Scoped:       `{"bingbot": ["nofollow"], "googlebot": ["noindex", "sparkle"]}`,
		Links:        []HomeLinkColumn{{Rel: "alternate", Href: "/llms.txt", Type: "text/markdown", Location: "llms-txt", Line: 8, Source: "link"}},
	})})

	// A page without signals is a row of defaults.
	doc = parseFixture(t, registry.HomePage, registry.LocHome, "soft-404.html", nil, http.Header{"Content-Type": {"text/html"}})
	checkRows(t, FormatRows(key, doc), Rows{TableHomeSignals, keyed(key, HomeSignalsRow{Effective: "none", HTML: true})})
}
