package sink

import (
	"encoding/json"
	"time"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/agentfeed"
)

// The tables of agent feeds (agent-feed v0).
const (
	TableAgentFeeds       = "agent_feeds"
	TableAgentFeedEntries = "agent_feed_entries"
)

// AgentFeedRow is one agent feed.
type AgentFeedRow struct {
	CrawlID       string  `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string  `col:"domain" doc:"Domain the feed belongs to."`
	Location      string  `col:"location" doc:"Registry location of the feed (agent-feed)."`
	Effective     string  `col:"effective" doc:"Effective state: active (key resolved, verified entries applied), terminated (af:feed-status terminated, or missing/unknown status or af:spec-version other than 0), migrated, untrusted (no key resolved: nothing applied, §2.2) or invalid (not an Atom feed). untrusted takes precedence over the feed's status: a feed whose key did not resolve is untrusted whatever its af:feed-status and af:spec-version."`
	FeedID        string  `col:"feed_id" doc:"The feed's Atom id, as served."`
	Title         string  `col:"title" doc:"The feed's Atom title."`
	Updated       string  `col:"updated" doc:"The feed's Atom updated, as served."`
	SpecVersion   *string `col:"spec_version" doc:"af:spec-version as served (trimmed); null when absent or blank."`
	FeedStatus    *string `col:"feed_status" doc:"af:feed-status as served (active, terminated, migrated, or another value); null when absent or empty."`
	MigratedTo    *string `col:"migrated_to" doc:"af:migrated-to, the URL to follow for a migrated feed; null when absent."`
	KeyResolution string  `col:"key_resolution" doc:"How the signing key was resolved from /.well-known/did.json: resolved, unchecked (no did.json looked for), unreachable (no did.json received, or one fetched over plain HTTP: did:web resolves over HTTPS only) or malformed."`
	DID           *string `col:"did" doc:"The id of the did.json read; null when none was read."`
	Trusted       bool    `col:"trusted" doc:"The §2.1 trust flag after the document: false when the feed is not active or no key resolved."`
	Entries       int32   `col:"entries" doc:"Number of entries."`
	Verified      int32   `col:"verified" doc:"Entries whose Ed25519 signature verifies over the content as served (§2.3)."`
	Unverified    int32   `col:"unverified" doc:"Entries whose signature is absent or does not verify, or that had no key to verify with."`
	Canonical     int32   `col:"canonical" doc:"Entries whose content is byte for byte the canonical JSON of its payload (§6.2)."`
	Applied       int32   `col:"applied" doc:"Verified entries applied to the reader state (status applied, or ignored: a deprecation of an unknown endpoint, §2.4)."`
	UnknownTypes  int32   `col:"unknown_types" doc:"Entries whose af:type is not one of v0's (endpoint-announcement, schema-change, deprecation)."`
	EntryTypes    JSON    `col:"entry_types" doc:"Entries by af:type as served, a JSON object of type to count (at most 16 types; the rest count under (other)); null when there is no entry."`
	Endpoints     int32   `col:"endpoints" doc:"Records of the endpoint table after applying the verified entries (§2.1)."`
	Events        JSON    `col:"events" doc:"Reader events of §2 the document emitted, a JSON object of kind (did-unreachable, did-malformed, unverified-entry, unknown-entry-type, deprecation-of-unknown, replay-mismatch, terminated, migrated, ...) to count; null when none."`
	CardChecked   bool    `col:"card_checked" doc:"True when /.well-known/agent-card.json was compared with the endpoint table (§4.3)."`
}

// AgentFeedEntryRow is one entry of an agent feed.
type AgentFeedEntryRow struct {
	CrawlID    string     `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain     string     `col:"domain" doc:"Domain the feed belongs to."`
	Location   string     `col:"location" doc:"Registry location of the feed (agent-feed)."`
	EntryIndex int32      `col:"entry_index" doc:"0-based position of the entry in the document."`
	Line       int32      `col:"line" doc:"1-based line of the entry's start tag."`
	ID         string     `col:"id" doc:"The entry's Atom id; empty when missing."`
	Type       string     `col:"type" doc:"af:type as served (endpoint-announcement, schema-change, deprecation, or another)."`
	Title      string     `col:"title" doc:"The entry's Atom title."`
	Updated    string     `col:"updated" doc:"The entry's Atom updated, as served."`
	UpdatedAt  *time.Time `col:"updated_at" doc:"updated parsed as an RFC 3339 timestamp (UTC); null when absent or not RFC 3339."`
	Signer     *string    `col:"signer" doc:"af:signer, the verification method named; null when absent or empty (the did.json's first Ed25519VerificationKey2020 method is used)."`
	KeyID      *string    `col:"key_id" doc:"Id of the verification method the entry was checked with; null when there was none."`
	Verified   bool       `col:"verified" doc:"True when the Ed25519 signature verifies over the content as served (§2.3)."`
	Canonical  bool       `col:"canonical" doc:"True when the content is byte for byte the canonical JSON of its payload (§6.2)."`
	Status     string     `col:"status" doc:"What the reader did with the entry: applied, unverified, no-key, unknown-type, invalid-payload, duplicate, replay-mismatch, not-applied, ignored, missing-id or already-applied."`
	Applied    bool       `col:"applied" doc:"True when the entry was applied to the reader state (status applied or ignored)."`
	Events     []string   `col:"events" doc:"Kinds of the reader events of §2 the entry caused, in order."`
	Payload    JSON       `col:"payload" doc:"The entry's content as canonical JSON, when it is a JSON object; null otherwise."`
}

// agentFeedRows flattens an agent feed: the feed and its entries.
func agentFeedRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*agentfeed.Feed)
	if !ok || f == nil {
		return nil
	}
	sum := f.Summary()
	row := AgentFeedRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: f.State, FeedID: f.ID, Title: f.Title, Updated: f.Updated,
		SpecVersion: optString(f.SpecVersion), FeedStatus: optString(f.Status), MigratedTo: optString(f.MigratedTo),
		KeyResolution: f.Key, DID: optString(f.DID), Trusted: f.Trusted,
		Entries: i32(sum.Entries), Verified: i32(sum.Verified), Unverified: i32(sum.Unverified),
		Canonical: i32(sum.Canonical), Applied: i32(sum.Applied), EntryTypes: jsonValue(sum.EntryTypes),
		Endpoints: i32(len(f.Endpoints)), CardChecked: f.CardChecked,
	}
	events := map[string]int{}
	// Entry events name the entry by id and line (several entries may
	// share a line in a minified feed).
	type entryKey struct {
		id   string
		line int
	}
	byEntry := map[entryKey][]string{}
	for _, ev := range f.Events {
		events[ev.Kind]++
		if ev.Line > 0 {
			k := entryKey{ev.EntryID, ev.Line}
			byEntry[k] = append(byEntry[k], ev.Kind)
		}
	}
	row.Events = jsonValue(events)
	entries := make([]AgentFeedEntryRow, 0, len(f.Entries))
	for i, e := range f.Entries {
		switch e.Type {
		case agentfeed.TypeEndpointAnnouncement, agentfeed.TypeSchemaChange, agentfeed.TypeDeprecation:
		default:
			row.UnknownTypes++
		}
		er := AgentFeedEntryRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			EntryIndex: i32(i), Line: i32(e.Line), ID: e.ID, Type: e.Type, Title: e.Title, Updated: e.Updated,
			Signer: optString(e.Signer), KeyID: optString(e.KeyID), Verified: e.Verified, Canonical: e.Canonical,
			Status: e.Status, Applied: e.Status == agentfeed.EntryApplied || e.Status == agentfeed.EntryIgnored,
			Events: byEntry[entryKey{e.ID, e.Line}],
		}
		if json.Valid(e.Payload) {
			er.Payload = JSON(e.Payload)
		}
		if t, err := time.Parse(time.RFC3339, e.Updated); err == nil {
			t = t.UTC()
			er.UpdatedAt = &t
		}
		entries = append(entries, er)
	}
	out := appendRows(nil, TableAgentFeeds, []AgentFeedRow{row})
	return appendRows(out, TableAgentFeedEntries, entries)
}
