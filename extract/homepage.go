package extract

import (
	"net/url"

	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/registry"
)

// homePageAdapter extracts the policy signals of the home page
// (extract/homepage): its response headers and the meta and link tags of its
// head.
var homePageAdapter = adapter{parse: parseHomePage, codes: homepage.Codes}

// HomePageSummary is the Summary of a home page Document: the signals for
// every agent.
type HomePageSummary struct {
	NoAI        bool `json:"noai"`
	NoImageAI   bool `json:"noimageai"`
	NoIndex     bool `json:"noindex"`
	NoFollow    bool `json:"nofollow"`
	TDMReserved bool `json:"tdm_reserved"`
	// TrainAI and Search are the Content-Usage preferences: "y", "n" or
	// "" (none).
	TrainAI string `json:"train_ai,omitempty"`
	Search  string `json:"search,omitempty"`
	// Directives counts the robots directives (header and meta, every
	// agent scope); Links the links to agent-policy files.
	Directives int `json:"directives"`
	Links      int `json:"links"`
}

// parseHomePage extracts the signals of a home page. The page is valid
// unless its body is not HTML at all; Effective is "signals" or "none".
func parseHomePage(body []byte, in Input) Document {
	h := in.Header
	if h.Get("Content-Type") == "" && in.ContentType != "" {
		h = h.Clone()
		if h == nil {
			h = make(map[string][]string)
		}
		h.Set("Content-Type", in.ContentType)
	}
	s, diags := homepage.ParseAt(homePageURL(in), h, body)
	return Document{
		Format:      registry.HomePage,
		Valid:       !diags.HasErrors(),
		Effective:   s.Effective(),
		Diagnostics: diags,
		Summary: HomePageSummary{
			NoAI: s.NoAI, NoImageAI: s.NoImageAI, NoIndex: s.NoIndex, NoFollow: s.NoFollow,
			TDMReserved: s.TDMReserved, TrainAI: s.TrainAI, Search: s.Search,
			Directives: len(s.Robots), Links: len(s.Links),
		},
		Result: s,
	}
}

// homePageURL returns the URL a home page was served from, after redirects,
// for its relative links: in.URL when it is an absolute URL, else "/" of
// in.Host (a local file checked with --origin); nil when neither is known.
func homePageURL(in Input) *url.URL {
	if u, err := url.Parse(in.URL); err == nil && u.IsAbs() && u.Host != "" {
		return u
	}
	if in.Host != "" {
		return &url.URL{Scheme: "https", Host: in.Host, Path: "/"}
	}
	return nil
}
