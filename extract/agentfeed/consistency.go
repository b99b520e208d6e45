package agentfeed

import "github.com/agentpolicy/survey/extract/agentcard"

// Announced returns the endpoint table in the form agentcard.Compare
// takes: every record with a URL or a version (a schema-change records an
// endpoint-id it finds unknown, with a version and no URL, §2.4).
func (f *Feed) Announced() []agentcard.Announced {
	var out []agentcard.Announced
	for _, ep := range f.Endpoints {
		if ep.URL == "" && ep.Version == "" {
			continue
		}
		out = append(out, agentcard.Announced{Protocol: ep.Protocol, ID: ep.EndpointID, URL: ep.URL,
			Version: ep.Version, Deprecated: ep.Deprecated != nil, Line: ep.Line, VersionLine: ep.versionLine})
	}
	return out
}

// checkCard compares agent-card.json with the endpoint table (§4.3).
func (p *parser) checkCard(f *Feed) {
	src := p.opt.Card
	switch {
	case !src.Provided:
		p.add(codeCardUnchecked, 0, "no agent-card.json was provided; the snapshot was not compared with the feed")
		return
	case !src.Fetched:
		reason := src.Reason
		if reason == "" {
			reason = "not found"
		}
		p.add(codeCardMissing, 0, "the origin has no agent-card.json snapshot (%s)", reason)
		return
	}
	card, _ := agentcard.Parse(src.Body)
	switch {
	case card == nil:
		p.add(codeCardUnchecked, 0, "agent-card.json is not a JSON object; the snapshot was not compared with the feed")
		return
	case !card.FeedComparable():
		p.add(codeCardUnchecked, 0, "agent-card.json is an ERC-8004 registration file (its A2A service names an agent card, not an endpoint); it was not compared with the feed")
		return
	case !f.Trusted || len(f.Endpoints) == 0:
		p.add(codeCardUnchecked, 0, "the feed has no applied endpoint state (%s); the snapshot was not compared with it", f.State)
		return
	}
	f.CardChecked = true
	for _, d := range agentcard.Compare(card, f.Origin, f.Announced()) {
		p.add(codeCardMismatch, d.FeedLine, "agent-card.json disagrees with the feed: %s", d.Message)
	}
}
