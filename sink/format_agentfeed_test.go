package sink

import (
	"testing"
	"time"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_AgentFeed flattens a feed of example.com with a verified
// announcement, a verified entry of an unknown type, and an entry whose
// signature does not verify (and whose updated is not a timestamp).
func TestFormatRows_AgentFeed(t *testing.T) {
	key := docKey(registry.LocAgentFeed)
	doc := parseFixture(t, registry.AgentFeed, registry.LocAgentFeed, "agent-feed.xml", defaultOrigin(), nil)
	at := func(s string) *time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return &v
	}
	checkRows(t, FormatRows(key, doc),
		Rows{TableAgentFeeds, keyed(key, AgentFeedRow{
			Effective: "active", FeedID: "https://example.com/.well-known/agent-feed.xml", Title: "Agent feed of example.com",
			Updated: "2026-04-27T12:00:00Z", SpecVersion: ptr("0"), FeedStatus: ptr("active"),
			KeyResolution: "resolved", DID: ptr("did:web:example.com"), Trusted: true,
			Entries: 3, Verified: 2, Unverified: 1, Canonical: 3, Applied: 1, UnknownTypes: 1,
			EntryTypes: `{"endpoint-announcement": 2, "status": 1}`, Endpoints: 1,
			Events: `{"unknown-entry-type": 1, "unverified-entry": 1}`, CardChecked: true,
		})},
		Rows{TableAgentFeedEntries, keyed(key, AgentFeedEntryRow{
			EntryIndex: 0, Line: 8, ID: "urn:af:example.com:0", Type: "endpoint-announcement", Title: "endpoint-announcement",
			Updated: "2026-04-27T12:00:00Z", UpdatedAt: at("2026-04-27T12:00:00Z"),
			Signer: ptr("did:web:example.com#key-1"), KeyID: ptr("did:web:example.com#key-1"),
			Verified: true, Canonical: true, Status: "applied", Applied: true,
			Payload: `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}`,
		}, AgentFeedEntryRow{
			EntryIndex: 1, Line: 17, ID: "urn:af:example.com:status", Type: "status", Title: "status",
			Updated: "2026-04-27T12:03:00Z", UpdatedAt: at("2026-04-27T12:03:00Z"), KeyID: ptr("did:web:example.com#key-1"),
			Verified: true, Canonical: true, Status: "unknown-type", Events: []string{"unknown-entry-type"},
			Payload: `{"endpoint-id":"a2a","status":"degraded"}`,
		}, AgentFeedEntryRow{
			EntryIndex: 2, Line: 25, ID: "urn:af:example.com:1", Type: "endpoint-announcement", Title: "endpoint-announcement",
			Updated: "yesterday", KeyID: ptr("did:web:example.com#key-1"),
			Canonical: true, Status: "unverified", Events: []string{"unverified-entry"},
			Payload: `{"asserted-at":"2026-04-27T12:01:00Z","endpoint":"/api/v1/orders-beta","endpoint-id":"orders-api-v1","protocol":"rest","version":"1.0"}`,
		})},
	)
}

// TestFormatRows_AgentFeedUntrusted: without a did.json nothing verifies or
// applies; a body that is not an Atom feed is a row without entries.
func TestFormatRows_AgentFeedUntrusted(t *testing.T) {
	key := docKey(registry.LocAgentFeed)
	doc := parseFixture(t, registry.AgentFeed, registry.LocAgentFeed, "agent-feed.xml", fixtureOrigin{}, nil)
	rows := FormatRows(key, doc)
	if len(rows) != 2 {
		t.Fatalf("%d tables, want agent_feeds and agent_feed_entries", len(rows))
	}
	feed := rows[0].Rows.([]AgentFeedRow)[0]
	if feed.Effective != "untrusted" || feed.KeyResolution != "unreachable" || feed.DID != nil ||
		feed.Verified != 0 || feed.Applied != 0 || feed.Unverified != 3 || feed.Trusted {
		t.Errorf("feed without did.json: %+v", feed)
	}
	for _, e := range rows[1].Rows.([]AgentFeedEntryRow) {
		if e.Verified || e.Applied || e.KeyID != nil {
			t.Errorf("entry %d verified %v, applied %v, key %v without a did.json", e.EntryIndex, e.Verified, e.Applied, e.KeyID)
		}
	}

	doc = extract.Parse(registry.AgentFeed, []byte(`<rss version="2.0"><channel/></rss>`), extract.Input{Location: registry.LocAgentFeed, Host: "example.com"})
	checkRows(t, FormatRows(key, doc), Rows{TableAgentFeeds, keyed(key, AgentFeedRow{
		Effective: "invalid", KeyResolution: "unchecked",
	})})
}

// TestFormatRows_DID flattens a did.json with two raw keys, and one whose
// id names another host and whose methods are unusable.
func TestFormatRows_DID(t *testing.T) {
	key := docKey(registry.LocDID)
	doc := parseFixture(t, registry.DID, registry.LocDID, "did.json", nil, nil)
	method := func(n string, line int32) DIDMethodColumn {
		return DIDMethodColumn{ID: "did:web:example.com#key-" + n, Type: "Ed25519VerificationKey2020",
			Controller: "did:web:example.com", Line: line, Encoding: "base58btc", KeyForm: "raw", Usable: true}
	}
	checkRows(t, FormatRows(key, doc), Rows{TableDIDDocuments, keyed(key, DIDDocumentRow{
		Effective: "ok", DID: "did:web:example.com", DIDHost: ptr("example.com"), MatchesHost: true,
		Methods: 2, UsableMethods: 2, RawKeys: 2, Verification: []DIDMethodColumn{method("1", 8), method("2", 14)},
	})})

	body := `{"id": "did:web:other.example", "verificationMethod": [
  {"id": "#a", "type": "JsonWebKey2020", "controller": "did:web:other.example"},
  {"id": "#b", "type": "Ed25519VerificationKey2020", "publicKeyMultibase": "mXYZ"}]}`
	doc = extract.Parse(registry.DID, []byte(body), extract.Input{Location: registry.LocDID, Host: "example.com"})
	rows := FormatRows(key, doc)
	if len(rows) != 1 {
		t.Fatalf("%d tables, want did_documents", len(rows))
	}
	row := rows[0].Rows.([]DIDDocumentRow)[0]
	if row.Effective != "malformed" || row.MatchesHost || *row.DIDHost != "other.example" || row.Methods != 2 || row.UsableMethods != 0 {
		t.Errorf("did of another host: %+v", row)
	}
	if m := row.Verification[1]; m.Encoding != "other" || m.Usable || m.Problem == "" || m.Line != 3 {
		t.Errorf("method with an m-prefixed key: %+v", m)
	}

	doc = extract.Parse(registry.DID, []byte(`["not", "an", "object"]`), extract.Input{Location: registry.LocDID, Host: "example.com"})
	if rows := FormatRows(key, doc); rows != nil {
		t.Errorf("a did.json that is not an object has %d tables of rows", len(rows))
	}
}

// TestFormatRows_AgentCard flattens a card consistent with the origin's
// verified feed, one that disagrees with it, and one with no feed to
// compare with.
func TestFormatRows_AgentCard(t *testing.T) {
	key := docKey(registry.LocAgentCard)
	card := func(v2 bool) AgentCardRow {
		url, version := "/a2a/v1", "1.0"
		if v2 {
			url, version = "/a2a/v2", "2.0"
		}
		return AgentCardRow{
			Kind: "a2a", Shapes: []string{"a2a", "snapshot"}, Name: "Example agent surface",
			Description: "Current endpoints of example.com", Version: "1.0",
			Endpoints: []CardEndpointColumn{
				{Protocol: "a2a", URL: "/a2a/v1", Transport: "JSONRPC", Source: "url", Line: 4},
				{Protocol: "a2a", ID: "a2a", URL: url, Version: version, Source: "endpoints[0]", Line: 11},
			},
			Members: []string{"capabilities", "defaultInputModes", "defaultOutputModes", "description", "endpoints",
				"name", "skills", "url", "version"},
			FeedChecked: true,
		}
	}
	consistent := card(false)
	consistent.FeedConsistent = ptr(true)
	doc := parseFixture(t, registry.AgentCard, registry.LocAgentCard, "agent-card.json", defaultOrigin(), nil)
	checkRows(t, FormatRows(key, doc), Rows{TableAgentCards, keyed(key, consistent)})

	mismatch := card(true)
	mismatch.FeedConsistent, mismatch.FeedMismatches = ptr(false), 1
	doc = parseFixture(t, registry.AgentCard, registry.LocAgentCard, "agent-card-mismatch.json", defaultOrigin(), nil)
	checkRows(t, FormatRows(key, doc), Rows{TableAgentCards, keyed(key, mismatch)})

	unchecked := card(true)
	unchecked.FeedChecked = false
	doc = parseFixture(t, registry.AgentCard, registry.LocAgentCard, "agent-card-mismatch.json", fixtureOrigin{}, nil)
	checkRows(t, FormatRows(key, doc), Rows{TableAgentCards, keyed(key, unchecked)})

	doc = parseFixture(t, registry.AgentCard, registry.LocAgentCard, "soft-404.html", defaultOrigin(), nil)
	if rows := FormatRows(key, doc); rows != nil {
		t.Errorf("an HTML card has %d tables of rows", len(rows))
	}
}
