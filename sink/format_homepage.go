package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/homepage"
)

// TableHomeSignals is the table of home page policy signals: response
// headers and head meta and link tags.
const TableHomeSignals = "home_signals"

// HomeSignalsRow is the policy signals of one home page.
type HomeSignalsRow struct {
	CrawlID      string           `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string           `col:"domain" doc:"Domain of the home page."`
	Location     string           `col:"location" doc:"Registry location of the page (home)."`
	Effective    string           `col:"effective" doc:"signals when the page carries any robots directive (X-Robots-Tag or meta robots, a plain index or follow included), a Content-Usage header, a TDMRep declaration (header or meta) or a link to an agent-policy file; none otherwise."`
	HTML         bool             `col:"html" doc:"True when the body is an HTML document (meta and link tags are read from HTML only)."`
	NoAI         bool             `col:"noai" doc:"True when the noai robots directive applies to every agent (X-Robots-Tag or meta robots)."`
	NoImageAI    bool             `col:"noimageai" doc:"True when the noimageai robots directive applies to every agent."`
	NoIndex      bool             `col:"noindex" doc:"True when noindex (or none) applies to every agent."`
	NoFollow     bool             `col:"nofollow" doc:"True when nofollow (or none) applies to every agent."`
	NoArchive    bool             `col:"noarchive" doc:"True when noarchive (or nocache) applies to every agent."`
	NoSnippet    bool             `col:"nosnippet" doc:"True when nosnippet applies to every agent."`
	NoImageIndex bool             `col:"noimageindex" doc:"True when noimageindex applies to every agent."`
	MaxSnippet   *int32           `col:"max_snippet" doc:"The most restrictive valid max-snippet for every agent, in characters (-1: no limit); null when there is none."`
	TDMReserved  bool             `col:"tdm_reserved" doc:"True when the effective tdm-reservation is 1 (W3C TDMRep §3: a valid meta tag overrides the header)."`
	TDMReserve   *int32           `col:"tdm_reservation" doc:"The effective tdm-reservation, 0 or 1; null when unset."`
	TDMSource    *string          `col:"tdm_source" doc:"Where the effective tdm-reservation comes from: header or meta; null when unset."`
	TDMPolicy    *string          `col:"tdm_policy" doc:"The effective tdm-policy URL; null when none, or when the effective tdm-reservation is 0 (TDMRep: agents SHOULD NOT process tdm-policy then). The meta tags supersede the headers property by property, so it can come from another source than tdm_source says: a header tdm-policy stays effective beside a meta tdm-reservation of 1 that overrides the header's 0."`
	TrainAI      *string          `col:"train_ai" doc:"Content-Usage header preference for train-ai: y or n; null when none (draft-ietf-aipref-attach)."`
	Search       *string          `col:"search" doc:"Content-Usage header preference for search: y or n; null when none."`
	ContentUsage *string          `col:"content_usage" doc:"The Content-Usage header as received (several field lines joined with ', '); null when absent."`
	UsageValid   *bool            `col:"content_usage_valid" doc:"True when the Content-Usage header parses as an RFC 9651 Dictionary; null when absent."`
	XRobotsTag   []string         `col:"x_robots_tag" doc:"The X-Robots-Tag directives as parsed, in order, each as [agent: ]name[:value] (agent and name lower-cased, the value as written). The header as sent is fetches.headers['x-robots-tag']."`
	MetaRobots   []string         `col:"meta_robots" doc:"The robots directives of meta tags (robots and per-crawler names such as googlebot) as parsed, in document order, each as [agent: ]name[:value] (agent and name lower-cased, the value as written)."`
	Unknown      []string         `col:"unknown_directives" doc:"Robots directives (header or meta) that are in neither Google's nor Bing's specification nor noai/noimageai, lower-cased, in order."`
	ScopedAgents []string         `col:"scoped_agents" doc:"Agents some robots directive is scoped to (X-Robots-Tag 'googlebot: ...', meta name=googlebot), lower-cased, sorted."`
	Scoped       JSON             `col:"scoped_directives" doc:"Directives scoped to one agent, a JSON object of agent to an array of name[:value] in order; null when there is none."`
	Links        []HomeLinkColumn `col:"links" doc:"The links to agent-policy files: the Link response header's link-values, then the head's link elements in document order."`
}

// HomeLinkColumn is one link element of a home page's head that points to
// an agent-policy file.
type HomeLinkColumn struct {
	Rel      string `col:"rel" doc:"The link's rel attribute, or the rel parameter of a Link header's link-value."`
	Href     string `col:"href" doc:"The link's href as written; a Link header's target, between < and >."`
	Type     string `col:"type" doc:"The link's type attribute or parameter; empty when none."`
	Location string `col:"location" doc:"The registry location of the site the link points to (llms-txt, agents-txt, ...), its href resolved against the URL the home page was served from and its <base href> (a Link header's against the URL alone); empty when none, or when the link points to another host (an llms.txt there)."`
	Line     int32  `col:"line" doc:"1-based line of the link tag; 0 for the Link header."`
	Source   string `col:"source" doc:"link for a link element of the head, header for a link-value of the Link response header (RFC 8288), its equivalent."`
}

// homePageRows flattens the signals of a home page.
func homePageRows(key DocKey, doc extract.Document) []Rows {
	s, ok := doc.Result.(*homepage.Signals)
	if !ok || s == nil {
		return nil
	}
	row := HomeSignalsRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: doc.Effective, HTML: s.HTML,
		NoAI: s.NoAI, NoImageAI: s.NoImageAI, NoIndex: s.NoIndex, NoFollow: s.NoFollow,
		NoArchive: s.NoArchive, NoSnippet: s.NoSnippet, NoImageIndex: s.NoImageIndex,
		MaxSnippet: optInt32(s.MaxSnippet), TDMReserved: s.TDMReserved, TDMReserve: optInt32(s.TDMReservation),
		TDMSource: optString(string(s.TDMSource)), TDMPolicy: optString(s.TDMPolicy),
		TrainAI: optString(s.TrainAI), Search: optString(s.Search),
		XRobotsTag: []string{}, MetaRobots: []string{}, Unknown: []string{}, ScopedAgents: s.ScopedAgents,
		Links: make([]HomeLinkColumn, 0, len(s.Links)),
	}
	if s.ContentUsage != nil {
		raw, valid := s.ContentUsage.Raw, s.ContentUsage.Valid
		row.ContentUsage, row.UsageValid = &raw, &valid
	}
	scoped := map[string][]string{}
	for _, d := range s.Robots {
		text := d.Name
		if d.Value != "" {
			text += ":" + d.Value
		}
		if d.Agent != "" {
			scoped[d.Agent] = append(scoped[d.Agent], text)
			text = d.Agent + ": " + text
		}
		if d.Source == homepage.SourceHeader {
			row.XRobotsTag = append(row.XRobotsTag, text)
		} else {
			row.MetaRobots = append(row.MetaRobots, text)
		}
		if !d.Known {
			row.Unknown = append(row.Unknown, d.Name)
		}
	}
	row.Scoped = jsonValue(scoped)
	for _, l := range s.Links {
		row.Links = append(row.Links, HomeLinkColumn{
			Rel: l.Rel, Href: l.Href, Type: l.Type, Location: string(l.Location), Line: i32(l.Line), Source: string(l.Source),
		})
	}
	return appendRows(nil, TableHomeSignals, []HomeSignalsRow{row})
}
