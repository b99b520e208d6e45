package extract

import (
	"github.com/agentpolicy/survey/extract/agentcard"
	"github.com/agentpolicy/survey/extract/agentfeed"
	"github.com/agentpolicy/survey/registry"
)

// agentCardAdapter parses /.well-known/agent-card.json: the agent-feed v0
// snapshot (§4.3) and the A2A agent card path.
var agentCardAdapter = adapter{parse: parseAgentCard, codes: agentcard.Codes}

// cardSummary is the summary of an agent card.
type cardSummary struct {
	Kind      agentcard.Kind   `json:"kind"`
	Shapes    []agentcard.Kind `json:"shapes"`
	Endpoints int              `json:"endpoints"`
	Skills    int              `json:"skills"`
	// FeedChecked is true when the card was compared with the origin's
	// verified agent feed (§4.3).
	FeedChecked bool `json:"feed_checked"`
}

// parseAgentCard parses a card. Effective is its shape (a2a, snapshot,
// mcp, erc-8004, other) or "invalid" when it is not a JSON object. When the origin's
// agent feed was fetched and verifies, the card is compared with the
// feed's endpoint table; a disagreement is an error of the card (the
// snapshot must be consistent with the feed).
func parseAgentCard(body []byte, in Input) Document {
	card, diags := agentcard.Parse(body)
	if d, ok := agentcard.CheckContentType(in.ContentType, in.Scheme != ""); ok {
		diags = append(diags, d)
	}
	out := Document{Format: registry.AgentCard, Effective: "invalid", Result: card}
	if card != nil {
		out.Effective = string(card.Kind)
		s := cardSummary{Kind: card.Kind, Shapes: card.Shapes, Endpoints: len(card.Endpoints), Skills: card.Skills}
		if rel, ok := in.related(registry.LocAgentFeed); ok && rel.Fetched && card.FeedComparable() {
			f, _ := agentfeed.Parse(rel.Body, agentfeed.Options{Host: in.Host, DID: feedRelated(in, registry.LocDID)})
			switch {
			case f.Trusted && len(f.Endpoints) > 0:
				s.FeedChecked = true
				diags = append(diags, agentcard.FeedDiagnostics(agentcard.Compare(card, f.Origin, f.Announced()))...)
			case f.State == agentfeed.StateUntrusted:
				diags = append(diags, agentcard.FeedUntrusted())
			}
		}
		out.Summary = s
	}
	out.Diagnostics = diags
	out.Valid = !diags.HasErrors()
	return out
}
