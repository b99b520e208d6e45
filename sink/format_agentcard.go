package sink

import (
	"encoding/json"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/agentcard"
)

// TableAgentCards is the table of /.well-known/agent-card.json documents:
// agent-feed v0 snapshots and A2A agent cards.
const TableAgentCards = "agent_cards"

// codeCardFeedMismatch is the diagnostic of a card that disagrees with the
// origin's verified agent feed (agent-feed v0 §4.3).
const codeCardFeedMismatch = "agent-card.feed-mismatch"

// AgentCardRow is one agent card.
type AgentCardRow struct {
	CrawlID         string               `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain          string               `col:"domain" doc:"Domain the card belongs to."`
	Location        string               `col:"location" doc:"Registry location of the card (agent-card)."`
	Kind            string               `col:"kind" doc:"Recognised shape: a2a (A2A agent card), snapshot (agent-feed endpoint snapshot), mcp (MCP server card), erc-8004 (ERC-8004 agent registration file) or other."`
	Shapes          []string             `col:"shapes" doc:"Every shape the card matches, kind first."`
	Name            string               `col:"name" doc:"The card's name, when a string."`
	Description     string               `col:"description" doc:"The card's description, when a string."`
	Version         string               `col:"version" doc:"The card's version, when a string."`
	ProtocolVersion string               `col:"protocol_version" doc:"The A2A protocolVersion, when present."`
	Skills          int32                `col:"skills" doc:"Number of A2A skills."`
	Endpoints       []CardEndpointColumn `col:"endpoints" doc:"The endpoints the card names, in document order."`
	Members         []string             `col:"members" doc:"Names of the card's top-level members, sorted."`
	FeedChecked     bool                 `col:"feed_checked" doc:"True when the card was compared with the origin's verified agent feed (its endpoint table, §4.3)."`
	FeedConsistent  *bool                `col:"feed_consistent" doc:"True when the card agrees with every endpoint of the feed it names, false when it disagrees (URL or version); null when it was not compared."`
	FeedMismatches  int32                `col:"feed_mismatches" doc:"Number of agent-card.feed-mismatch diagnostics: endpoints the card names differently from the feed (at most 100: diagnostics are capped per code)."`
}

// CardEndpointColumn is one endpoint an agent card names.
type CardEndpointColumn struct {
	Protocol  string `col:"protocol" doc:"a2a for A2A interfaces, mcp for MCP remotes, the snapshot's protocol, or an ERC-8004 service's name, lower-cased."`
	ID        string `col:"id" doc:"The endpoint-id, when the card names one."`
	URL       string `col:"url" doc:"The URL as written (absolute, or a path starting with /)."`
	Transport string `col:"transport" doc:"The A2A transport / protocol binding or the MCP transport type."`
	Version   string `col:"version" doc:"The endpoint's version, when named."`
	Source    string `col:"source" doc:"Where in the card the endpoint was found, e.g. url or supportedInterfaces[0]."`
	Line      int32  `col:"line" doc:"1-based line of the URL."`
}

// agentCardRows flattens an agent card.
func agentCardRows(key DocKey, doc extract.Document) []Rows {
	c, ok := doc.Result.(*agentcard.Card)
	if !ok || c == nil {
		return nil
	}
	row := AgentCardRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Kind: string(c.Kind), Shapes: make([]string, 0, len(c.Shapes)),
		Name: c.Name, Description: c.Description, Version: c.Version, ProtocolVersion: c.ProtocolVersion,
		Skills: i32(c.Skills), Endpoints: make([]CardEndpointColumn, 0, len(c.Endpoints)), Members: c.Members,
		FeedChecked: cardFeedChecked(doc.Summary),
	}
	for _, s := range c.Shapes {
		row.Shapes = append(row.Shapes, string(s))
	}
	for _, e := range c.Endpoints {
		row.Endpoints = append(row.Endpoints, CardEndpointColumn{
			Protocol: e.Protocol, ID: e.ID, URL: e.URL, Transport: e.Transport, Version: e.Version,
			Source: e.Source, Line: i32(e.Line),
		})
	}
	for _, d := range doc.Diagnostics {
		if d.Code == codeCardFeedMismatch && d.Line > 0 { // line 0: the count past the cap
			row.FeedMismatches++
		}
	}
	if row.FeedChecked {
		consistent := row.FeedMismatches == 0
		row.FeedConsistent = &consistent
	}
	return appendRows(nil, TableAgentCards, []AgentCardRow{row})
}

// cardFeedChecked reads feed_checked from an agent card's summary. The
// summary's JSON form is the documents.summary contract; its Go type is
// private to package extract.
func cardFeedChecked(summary any) bool {
	if summary == nil {
		return false
	}
	b, err := json.Marshal(summary)
	if err != nil {
		return false
	}
	var s struct {
		FeedChecked bool `json:"feed_checked"`
	}
	if json.Unmarshal(b, &s) != nil {
		return false
	}
	return s.FeedChecked
}
