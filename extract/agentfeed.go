package extract

import (
	"github.com/agentpolicy/survey/extract/agentfeed"
	"github.com/agentpolicy/survey/registry"
)

// agentFeedAdapter parses agent-feed v0 feeds. It reads the origin's
// did.json (to verify entries) and agent-card.json (the §4.3 consistency
// check) through Input.Related; `survey check --did FILE` provides the
// did.json the same way.
var agentFeedAdapter = adapter{parse: parseAgentFeed, codes: agentfeed.Codes}

// parseAgentFeed parses a feed. Effective is the feed's state: active,
// terminated, migrated, untrusted (no key resolved) or invalid (not an
// Atom feed).
func parseAgentFeed(body []byte, in Input) Document {
	f, diags := agentfeed.Parse(body, agentfeed.Options{
		Host: in.Host,
		DID:  feedRelated(in, registry.LocDID),
		Card: feedRelated(in, registry.LocAgentCard),
	})
	if d, ok := agentfeed.CheckContentType(in.ContentType, in.Scheme != ""); ok {
		diags = append(diags, d)
	}
	return Document{
		Format:      registry.AgentFeed,
		Valid:       !diags.HasErrors(),
		Effective:   f.State,
		Diagnostics: diags,
		Summary:     f.Summary(),
		Result:      f,
	}
}

// feedRelated returns another agent-feed file of the origin in the form
// agentfeed.Parse takes; Provided is false when the crawl did not look
// for it (or Input.Related is nil).
func feedRelated(in Input, loc registry.LocationID) agentfeed.Related {
	rel, ok := in.related(loc)
	if !ok {
		return agentfeed.Related{}
	}
	return agentfeed.Related{Provided: true, Fetched: rel.Fetched, Body: rel.Body, URL: rel.URL, Reason: rel.Reason}
}
