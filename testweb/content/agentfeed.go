package content

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/multiformats/go-multibase"
)

// The agent-feed v0 XML namespace (§6.6) and the Atom namespace.
const (
	agentFeedNS = "https://agent-feed.dev/ns/v0"
	atomNS      = "http://www.w3.org/2005/Atom"
)

// feedKey returns the Ed25519 key of a feed set, derived from a fixed seed
// so that every run signs the same bytes.
func feedKey(label string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("agentpolicy/survey testweb agent-feed key: " + label))
	return ed25519.NewKeyFromSeed(seed[:])
}

// feedEntry is one Atom entry of a feed. id may contain hostMark.
type feedEntry struct {
	id      string
	typ     string // af:type
	updated string
	content []byte // the <content> text exactly as served
	sig     []byte // the raw 64-byte signature
	signer  bool   // whether to name the signing key in <af:signer>
}

// feedDoc is a whole feed.
type feedDoc struct {
	specVersion string
	status      string
	migratedTo  string
	entries     []feedEntry
}

// entryAt returns the entry id and Atom timestamp of an event at t: ids
// follow the convention urn:af:<origin-host>:<unix-ms> of §5.1.
func entryAt(t time.Time) (id, updated string) {
	return fmt.Sprintf("urn:af:%s:%d", hostMark, t.UnixMilli()), t.UTC().Format(time.RFC3339)
}

// signed returns an entry whose content is the canonical JSON of payload
// (§6.2), signed by key (§6.3).
func signed(key ed25519.PrivateKey, t time.Time, typ string, payload map[string]any) feedEntry {
	return signedBytes(key, t, typ, canonicalJSON(payload))
}

// signedBytes returns an entry serving content verbatim, signed by key.
func signedBytes(key ed25519.PrivateKey, t time.Time, typ string, content []byte) feedEntry {
	id, updated := entryAt(t)
	return feedEntry{id: id, typ: typ, updated: updated, content: content, sig: ed25519.Sign(key, content)}
}

// The events every feed set draws from, on 27 April 2026.
func feedTime(hour, minute int) time.Time {
	return time.Date(2026, time.April, 27, hour, minute, 0, 0, time.UTC)
}

// announcement is an endpoint-announcement payload (§5.2).
func announcement(t time.Time, endpointID, endpoint, protocol, version string) map[string]any {
	return map[string]any{"asserted-at": t.Format(time.RFC3339), "endpoint": endpoint,
		"endpoint-id": endpointID, "protocol": protocol, "version": version}
}

// The endpoints of the corpus's feeds. Endpoints are path-relative (§5.2
// allows it; the reader resolves them against the origin), so payloads and
// signatures do not depend on the host or scheme the simulated web uses.
func announceA2A(key ed25519.PrivateKey) feedEntry {
	t := feedTime(12, 0)
	return signed(key, t, "endpoint-announcement", announcement(t, "a2a", "/a2a/v1", "a2a", "1.0"))
}

func announceOrdersV1(key ed25519.PrivateKey) feedEntry {
	t := feedTime(12, 1)
	return signed(key, t, "endpoint-announcement", announcement(t, "orders-api-v1", "/api/v1/orders", "rest", "1.0"))
}

func changeOrdersV1(key ed25519.PrivateKey) feedEntry {
	t := feedTime(13, 0)
	return signed(key, t, "schema-change", map[string]any{
		"effective-at": t.Format(time.RFC3339), "endpoint-id": "orders-api-v1",
		"from-version": "1.0", "to-version": "1.1",
		"migration": map[string]any{"add": []any{"/currency"}, "rename": map[string]any{"/amount": "/total"}},
	})
}

func announceOrdersV2(key ed25519.PrivateKey) feedEntry {
	t := feedTime(13, 30)
	return signed(key, t, "endpoint-announcement", announcement(t, "orders-api-v2", "/api/v2/orders", "rest", "2.0"))
}

func deprecateOrdersV1(key ed25519.PrivateKey) feedEntry {
	t := feedTime(14, 0)
	return signed(key, t, "deprecation", map[string]any{
		"announced-at": t.Format(time.RFC3339), "endpoint-id": "orders-api-v1",
		"reason": "consolidating onto orders-api-v2", "replacement": "orders-api-v2",
		"sunset": "2026-10-01T00:00:00Z",
	})
}

// xml renders the feed (§5, §6, §7) with hostMark and didHostMark in it.
// Payloads hold no '<' or '&', so the <content> text is served as the
// exact signed bytes.
func (f feedDoc) xml() string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
	fmt.Fprintf(&b, "<feed xmlns=\"%s\" xmlns:af=\"%s\">\n", atomNS, agentFeedNS)
	fmt.Fprintf(&b, "  <id>https://%s/.well-known/agent-feed.xml</id>\n", hostMark)
	fmt.Fprintf(&b, "  <title>Agent feed of %s</title>\n", hostMark)
	updated := "2026-04-27T12:00:00Z"
	if n := len(f.entries); n > 0 {
		updated = f.entries[n-1].updated
	}
	fmt.Fprintf(&b, "  <updated>%s</updated>\n", updated)
	b.WriteString("  <author><name>Example Corp</name></author>\n")
	fmt.Fprintf(&b, "  <af:spec-version>%s</af:spec-version>\n", f.specVersion)
	fmt.Fprintf(&b, "  <af:feed-status>%s</af:feed-status>\n", f.status)
	if f.migratedTo != "" {
		fmt.Fprintf(&b, "  <af:migrated-to>%s</af:migrated-to>\n", f.migratedTo)
	}
	for _, e := range f.entries {
		b.WriteString("  <entry>\n")
		fmt.Fprintf(&b, "    <id>%s</id>\n    <title>%s</title>\n    <updated>%s</updated>\n", e.id, e.typ, e.updated)
		fmt.Fprintf(&b, "    <af:type>%s</af:type>\n", e.typ)
		if e.signer {
			fmt.Fprintf(&b, "    <af:signer>did:web:%s#key-1</af:signer>\n", didHostMark)
		}
		fmt.Fprintf(&b, "    <content type=\"application/json\">%s</content>\n", e.content)
		fmt.Fprintf(&b, "    <af:sig type=\"ed25519\">%s</af:sig>\n", base64.RawURLEncoding.EncodeToString(e.sig))
		b.WriteString("  </entry>\n")
	}
	b.WriteString("</feed>\n")
	return b.String()
}

// activeFeed returns an active v0 feed of entries.
func activeFeed(entries ...feedEntry) feedDoc {
	return feedDoc{specVersion: "0", status: "active", entries: entries}
}

// Multibase encodings of a public key (§3.3; specs README: agent-feed).
func keyBase58(pub ed25519.PublicKey) string { return mustMultibase(multibase.Base58BTC, pub) }
func keyBase64URL(pub ed25519.PublicKey) string {
	return mustMultibase(multibase.Base64url, pub)
}

// keyMulticodec is the 34-byte form used by Ed25519VerificationKey2020 in
// practice: the multicodec prefix 0xed 0x01, then the key, base58btc.
func keyMulticodec(pub ed25519.PublicKey) string {
	return mustMultibase(multibase.Base58BTC, append([]byte{0xed, 0x01}, pub...))
}

// mustMultibase encodes data; the encodings used here always exist, so an
// error is a bug in this package.
func mustMultibase(enc multibase.Encoding, data []byte) string {
	s, err := multibase.Encode(enc, data)
	if err != nil {
		panic(fmt.Sprintf("content: multibase encoding %c: %v", enc, err))
	}
	return s
}

// didDocument returns a did:web document (§3.3) for the DID did with one
// Ed25519VerificationKey2020 method holding publicKeyMultibase.
func didDocument(did, publicKeyMultibase string) string {
	return fmt.Sprintf(`{
  "@context": [
    "https://www.w3.org/ns/did/v1",
    "https://w3id.org/security/suites/ed25519-2020/v1"
  ],
  "id": "%[1]s",
  "verificationMethod": [
    {
      "id": "%[1]s#key-1",
      "type": "Ed25519VerificationKey2020",
      "controller": "%[1]s",
      "publicKeyMultibase": "%[2]s"
    }
  ],
  "assertionMethod": [
    "%[1]s#key-1"
  ]
}
`, did, publicKeyMultibase)
}

// hostDID is the DID of the requested host, as a template.
const hostDID = "did:web:" + didHostMark

// cardEndpoint is one endpoint listed by a snapshot card.
type cardEndpoint struct {
	id, protocol, endpoint, version string
	sunset, replacement             string // set when deprecated
}

// snapshotCard returns the agent-card.json snapshot (§4.3) of a feed: an
// A2A agent card (every field A2A requires) whose url is the a2a endpoint,
// with an "endpoints" list
// mirroring the feed's latest announcements. Endpoints are path-relative,
// like the feed's, so that the card and the feed agree whatever the host
// and scheme.
func snapshotCard(endpoints ...cardEndpoint) string {
	var b strings.Builder
	url := ""
	for _, e := range endpoints {
		if e.protocol == "a2a" {
			url = e.endpoint
		}
	}
	b.WriteString("{\n  \"protocolVersion\": \"0.3.0\",\n  \"name\": \"Example Corp order assistant\",\n")
	b.WriteString("  \"description\": \"Answers questions about orders. The endpoints below are those announced in /.well-known/agent-feed.xml.\",\n")
	fmt.Fprintf(&b, "  \"url\": %q,\n  \"preferredTransport\": \"JSONRPC\",\n  \"version\": \"1.0\",\n", url)
	b.WriteString("  \"capabilities\": {\"streaming\": false},\n")
	b.WriteString("  \"defaultInputModes\": [\"text/plain\"],\n  \"defaultOutputModes\": [\"text/plain\"],\n")
	b.WriteString("  \"skills\": [{\"id\": \"order-status\", \"name\": \"Order status\", \"description\": \"Looks up an order.\", \"tags\": [\"orders\"]}],\n")
	b.WriteString("  \"endpoints\": [")
	for i, e := range endpoints {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    {\"endpoint-id\": %q, \"protocol\": %q, \"endpoint\": %q, \"version\": %q", e.id, e.protocol, e.endpoint, e.version)
		if e.sunset != "" {
			fmt.Fprintf(&b, ", \"deprecated\": {\"sunset\": %q, \"replacement\": %q}", e.sunset, e.replacement)
		}
		b.WriteString("}")
	}
	b.WriteString("\n  ]\n}\n")
	return b.String()
}

// The endpoints as the feeds leave them.
func cardA2A() cardEndpoint {
	return cardEndpoint{id: "a2a", protocol: "a2a", endpoint: "/a2a/v1", version: "1.0"}
}
func cardOrdersV1(version string) cardEndpoint {
	return cardEndpoint{id: "orders-api-v1", protocol: "rest", endpoint: "/api/v1/orders", version: version}
}

// a2aCard is an A2A agent card (A2A protocol AgentCard) served without any
// feed; its url names the host.
const a2aCard = `{
  "protocolVersion": "0.3.0",
  "name": "Example Travel Assistant",
  "description": "Books trains and hotels for the user and answers questions about existing bookings.",
  "url": "https://` + hostMark + `/a2a/v1",
  "preferredTransport": "JSONRPC",
  "version": "2.4.1",
  "provider": {
    "organization": "Example Travel",
    "url": "https://example.com"
  },
  "capabilities": {
    "streaming": true,
    "pushNotifications": false
  },
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain", "application/json"],
  "skills": [
    {
      "id": "book-train",
      "name": "Book a train",
      "description": "Finds and books train journeys in Europe.",
      "tags": ["travel", "rail"],
      "examples": ["Book a train from Paris to Lyon tomorrow morning"]
    }
  ]
}
`

// feedSetSpec describes one set before its members are built.
type feedSetSpec struct {
	name   string
	weight int
	feed   *feedDoc // nil: no feed
	feedOK bool
	feedN  string
	did    string // the did.json text (a template); "" means absent
	didOK  bool
	didN   string
	// didOther is the did.json's other-format label: "did-core" for a DID
	// document of another use.
	didOther string
	card     string // the agent-card.json text (a template); "" means absent
	cardOK   bool
	cardN    string
}

// FeedSets returns the agent-feed corpus: consistent triples of feed,
// did.json and agent-card.json. The feed and the did.json name the host
// (did:web:<host>, port as %3A), so their Body substitutes it.
//
// A feed's label is the conformance of the feed document itself to
// agent-feed v0 §5–§7 read with its own did.json; a problem of the
// did.json is the did.json's label, and leaves the feed's label alone
// (marked open: whether the reader events did-unreachable and did-malformed
// make a feed invalid is not fixed by the spec or the README).
func FeedSets() []FeedSet {
	specs := feedSetSpecs()
	out := make([]FeedSet, 0, len(specs))
	for _, s := range specs {
		set := FeedSet{Name: s.name, Weight: s.weight}
		if s.feed != nil {
			set.Feed = &Variant{Name: "agent-feed/" + s.name, Location: registry.LocAgentFeed, ContentType: typeAtom,
				Valid: s.feedOK, Body: newHostTemplate(s.feed.xml()).body(), Weight: s.weight, Note: s.feedN}
		}
		if s.did != "" {
			set.DID = &Variant{Name: "did/" + s.name, Location: registry.LocDID, ContentType: typeJSON,
				Valid: s.didOK, OtherFormat: s.didOther, Body: newHostTemplate(s.did).body(), Weight: s.weight, Note: s.didN}
		}
		if s.card != "" {
			set.Card = &Variant{Name: "agent-card/" + s.name, Location: registry.LocAgentCard, ContentType: typeJSON,
				Valid: s.cardOK, Body: newHostTemplate(s.card).body(), Weight: s.weight, Note: s.cardN}
		}
		out = append(out, set)
	}
	return out
}

// feedSetSpecs builds every set's documents.
func feedSetSpecs() []feedSetSpec {
	const (
		didOKNote  = "did:web:<host> with one Ed25519VerificationKey2020 key, publicKeyMultibase base58btc ('z') of the raw 32-byte key (§3.3)"
		cardOKNote = "consistent with the feed's latest announcements (§4.3)"
		didOpen    = OpenPrefix + "labelled valid: the feed document itself conforms to §5–§7; its did.json "
	)
	var specs []feedSetSpec
	add := func(s feedSetSpec) { specs = append(specs, s) }
	std := func(name string) (ed25519.PrivateKey, string) {
		k := feedKey(name)
		return k, didDocument(hostDID, keyBase58(k.Public().(ed25519.PublicKey)))
	}

	// valid-active: every entry type, each naming its key.
	{
		k, did := std("valid-active")
		f := activeFeed(announceA2A(k), announceOrdersV1(k), changeOrdersV1(k), announceOrdersV2(k), deprecateOrdersV1(k))
		for i := range f.entries {
			f.entries[i].signer = true
		}
		v2 := cardEndpoint{id: "orders-api-v2", protocol: "rest", endpoint: "/api/v2/orders", version: "2.0"}
		v1 := cardOrdersV1("1.1")
		v1.sunset, v1.replacement = "2026-10-01T00:00:00Z", "orders-api-v2"
		add(feedSetSpec{name: "valid-active", weight: 10,
			feed: &f, feedOK: true, feedN: "an active v0 feed with endpoint-announcement, schema-change and deprecation entries, each with af:signer naming did:web:<host>#key-1 (§5, §6.4)",
			did: did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A(), v1, v2), cardOK: true, cardN: cardOKNote})
	}
	// valid-base64url-key: the key written with the 'u' prefix.
	{
		k := feedKey("valid-base64url-key")
		f := activeFeed(announceA2A(k), announceOrdersV1(k), changeOrdersV1(k))
		add(feedSetSpec{name: "valid-base64url-key", weight: 3,
			feed: &f, feedOK: true, feedN: "an active feed without af:signer: the first key is used (§3.4)",
			did: didDocument(hostDID, keyBase64URL(k.Public().(ed25519.PublicKey))), didOK: true,
			didN: "publicKeyMultibase with the base64url prefix 'u', no padding (specs README: agent-feed)",
			card: snapshotCard(cardA2A(), cardOrdersV1("1.1")), cardOK: true, cardN: cardOKNote})
	}
	// valid-multicodec-key: the 34-byte 0xed01-prefixed key.
	{
		k := feedKey("valid-multicodec-key")
		f := activeFeed(announceA2A(k))
		add(feedSetSpec{name: "valid-multicodec-key", weight: 3,
			feed: &f, feedOK: true, feedN: "an active feed with one announcement",
			did: didDocument(hostDID, keyMulticodec(k.Public().(ed25519.PublicKey))), didOK: true,
			didN: "publicKeyMultibase decodes to 34 bytes: the multicodec prefix 0xed 0x01 and the key, as Ed25519VerificationKey2020 documents do in practice: accepted with a warning (specs README: agent-feed)",
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// terminated: the kill switch.
	{
		k, did := std("terminated")
		f := activeFeed(announceA2A(k), announceOrdersV1(k))
		f.status = "terminated"
		add(feedSetSpec{name: "terminated", weight: 3,
			feed: &f, feedOK: true, feedN: "af:feed-status terminated with verifiable entries: a valid feed whose effective state is terminated (§7.2)",
			did: did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A(), cardOrdersV1("1.0")), cardOK: true, cardN: cardOKNote})
	}
	// migrated: points at a new feed.
	{
		k, did := std("migrated")
		f := activeFeed(announceA2A(k))
		f.status, f.migratedTo = "migrated", "https://new.example.com/.well-known/agent-feed.xml"
		add(feedSetSpec{name: "migrated", weight: 2,
			feed: &f, feedOK: true, feedN: "af:feed-status migrated with af:migrated-to: valid, treated as terminated at this URL (§7.3)",
			did: did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// bad-signature: the second entry was edited after signing.
	{
		k, did := std("bad-signature")
		bad := announceOrdersV1(k)
		t := feedTime(12, 1)
		bad.content = canonicalJSON(announcement(t, "orders-api-v1", "/api/v1/orders-beta", "rest", "1.0"))
		f := activeFeed(announceA2A(k), bad)
		add(feedSetSpec{name: "bad-signature", weight: 2,
			feed: &f, feedOK: false,
			feedN: OpenPrefix + "labelled invalid: the second entry's content was changed after signing, so its signature does not verify (unverified-entry, §2.5); the publisher MUST sign each entry (§8.2), while readers only skip it",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: "lists only the endpoint of the entry that verifies"})
	}
	// unknown-entry-type: a signed entry of a type v0 does not define.
	{
		k, did := std("unknown-entry-type")
		t := feedTime(15, 0)
		status := signed(k, t, "status", map[string]any{"endpoint-id": "a2a", "observed-at": t.Format(time.RFC3339), "status": "degraded"})
		f := activeFeed(announceA2A(k), status)
		add(feedSetSpec{name: "unknown-entry-type", weight: 1,
			feed: &f, feedOK: false,
			feedN: OpenPrefix + "labelled invalid: af:type status is not a v0 type; the publisher MUST keep af:type in the v0 vocabulary (§8.2) while readers skip it with unknown-entry-type (§2.6); its signature verifies",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// non-canonical: verifies, but the content is not canonical JSON.
	{
		k, did := std("non-canonical")
		t := feedTime(12, 0)
		e := signedBytes(k, t, "endpoint-announcement",
			[]byte(`{"endpoint-id": "a2a", "endpoint": "/a2a/v1", "protocol": "a2a", "version": "1.0", "asserted-at": "2026-04-27T12:00:00Z"}`))
		f := activeFeed(e)
		add(feedSetSpec{name: "non-canonical", weight: 1,
			feed: &f, feedOK: true,
			feedN: "the content has unsorted keys and spaces, and the signature covers those exact bytes: it verifies, and the non-canonical form is a warning (specs README: agent-feed; §6.2)",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// deprecation-of-unknown: deprecates an endpoint never announced.
	{
		k, did := std("deprecation-of-unknown")
		t := feedTime(14, 0)
		dep := signed(k, t, "deprecation", map[string]any{
			"announced-at": t.Format(time.RFC3339), "endpoint-id": "legacy-api",
			"reason": nil, "replacement": "a2a", "sunset": "2026-12-31T00:00:00Z",
		})
		f := activeFeed(announceA2A(k), dep)
		add(feedSetSpec{name: "deprecation-of-unknown", weight: 1,
			feed: &f, feedOK: true,
			feedN: OpenPrefix + "labelled valid: a verified deprecation of legacy-api, which no entry announced: the reader emits deprecation-of-unknown and ignores it (§2.4); no publisher MUST is broken",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// replay-mismatch: an id reused for a different payload.
	{
		k, did := std("replay-mismatch")
		first := announceA2A(k)
		t := feedTime(12, 0)
		again := signed(k, t, "endpoint-announcement", announcement(t, "a2a", "/a2a/v1", "a2a", "1.1"))
		again.updated = feedTime(16, 0).Format(time.RFC3339)
		f := activeFeed(first, again)
		add(feedSetSpec{name: "replay-mismatch", weight: 1,
			feed: &f, feedOK: false,
			feedN: OpenPrefix + "labelled invalid: the second entry reuses the first one's id with a different (validly signed) payload: replay-mismatch, not applied (§2.9); the publisher MUST NOT reuse an id (§4.4, §8.2)",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: "consistent with the first entry, the one a reader applies"})
	}
	// spec-version-1: a future protocol version.
	{
		k, did := std("spec-version-1")
		f := activeFeed(announceA2A(k))
		f.specVersion = "1"
		add(feedSetSpec{name: "spec-version-1", weight: 1,
			feed: &f, feedOK: false,
			feedN: OpenPrefix + "labelled invalid: af:spec-version 1 is not a v0 feed (§7.1 MUST be 0); a v0 reader treats it as terminated and it is flagged (specs README: agent-feed), with a severity no document fixes",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// unknown-feed-status.
	{
		k, did := std("unknown-feed-status")
		f := activeFeed(announceA2A(k))
		f.status = "paused"
		add(feedSetSpec{name: "unknown-feed-status", weight: 1,
			feed: &f, feedOK: false,
			feedN: "af:feed-status paused: an unknown value is a v0 violation, treated as terminated (§7.2; specs README: agent-feed)",
			did:   did, didOK: true, didN: didOKNote,
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// did-missing: a feed whose did.json is absent.
	{
		k := feedKey("did-missing")
		f := activeFeed(announceA2A(k), announceOrdersV1(k))
		add(feedSetSpec{name: "did-missing", weight: 2,
			feed: &f, feedOK: true,
			feedN: didOpen + "is absent (did-unreachable, §2.2), so no entry can be verified or applied",
			card:  snapshotCard(cardA2A(), cardOrdersV1("1.0")), cardOK: true, cardN: cardOKNote})
	}
	// did-wrong-id.
	{
		k := feedKey("did-wrong-id")
		f := activeFeed(announceA2A(k))
		add(feedSetSpec{name: "did-wrong-id", weight: 1,
			feed: &f, feedOK: true, feedN: didOpen + "has the wrong id (did-malformed), so no entry can be applied",
			did: didDocument("did:web:other.example", keyBase58(k.Public().(ed25519.PublicKey))), didOK: false,
			didN: "id is did:web:other.example, not did:web:<host> (§3.4; specs README: agent-feed); the key itself is right",
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// did-malformed-key.
	{
		k := feedKey("did-malformed-key")
		f := activeFeed(announceA2A(k))
		add(feedSetSpec{name: "did-malformed-key", weight: 1,
			feed: &f, feedOK: true, feedN: didOpen + "key does not decode to 32 bytes (did-malformed), so no entry can be verified",
			did: didDocument(hostDID, keyBase58(k.Public().(ed25519.PublicKey)[:31])), didOK: false,
			didN: "publicKeyMultibase decodes to 31 bytes, neither a raw key nor 0xed01 and a key: did-malformed (§3.4; specs README: agent-feed)",
			card: snapshotCard(cardA2A()), cardOK: true, cardN: cardOKNote})
	}
	// card-inconsistent.
	{
		k, did := std("card-inconsistent")
		f := activeFeed(announceA2A(k), announceOrdersV1(k))
		a2a := cardA2A()
		a2a.endpoint, a2a.version = "/a2a/v2", "2.0"
		add(feedSetSpec{name: "card-inconsistent", weight: 1,
			feed: &f, feedOK: true, feedN: "a valid active feed; its snapshot disagrees with it",
			did: did, didOK: true, didN: didOKNote,
			card: snapshotCard(a2a, cardOrdersV1("1.0")), cardOK: false,
			cardN: OpenPrefix + "labelled invalid: the card names /a2a/v2 at version 2.0 where the feed's latest announcement says /a2a/v1 at 1.0; the snapshot MUST be consistent with the feed (§4.3, §8.2) but no document fixes the severity"})
	}
	// a2a-card-only: an A2A agent card and no feed.
	add(feedSetSpec{name: "a2a-card-only", weight: 3,
		card: a2aCard, cardOK: true,
		cardN: "an A2A agent card with no agent feed: recorded as JSON and not invalid merely for being an A2A card (specs README: agent-feed)"})
	// erc8004-card-only: an ERC-8004 agent registration file at the card's
	// path, and no feed (weight taken from a2a-card-only, so the other
	// sets' picks stay as they were).
	add(feedSetSpec{name: "erc8004-card-only", weight: 1,
		card: erc8004Card, cardOK: true,
		cardN: "an ERC-8004 agent registration file with no agent feed: its own shape, erc-8004, whose http(s) services are endpoints (docs/formats.md, agent-card.json; 10 of 123 real cards in public repositories were such files)"})
	// did-core-only: a did:web document of another use (a verifiable
	// credentials issuer's, as Microsoft Entra Verified ID publishes) and
	// no feed.
	add(feedSetSpec{name: "did-core-only", weight: 2,
		did: didCoreDocument, didOther: "did-core",
		didN: "a DID document with a JsonWebKey2020 (P-256) method and no Ed25519VerificationKey2020 one, at a domain without an agent feed: another format, did-core, not a broken agent-feed key document (docs/formats.md, did.json; 23 of 29 real did.json files in public repositories were such documents)"})
	return specs
}

// erc8004Card is an ERC-8004 ("Trustless Agents") agent registration
// file: its A2A service names the agent card, as the EIP's example does,
// and its wallet is a CAIP-10 address, no endpoint.
const erc8004Card = `{
  "type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1",
  "name": "Example Procurement Agent",
  "description": "Pays suppliers on chain after checking their delivery notes.",
  "image": "https://` + hostMark + `/agent.png",
  "services": [
    {"name": "web", "endpoint": "https://` + hostMark + `/"},
    {"name": "A2A", "endpoint": "https://` + hostMark + `/.well-known/agent-card.json", "version": "0.3.0"},
    {"name": "MCP", "endpoint": "https://` + hostMark + `/mcp", "version": "2025-06-18"},
    {"name": "agentWallet", "endpoint": "eip155:1:0x0000000000000000000000000000000000008004"}
  ],
  "x402Support": false,
  "active": true,
  "registrations": [{"agentId": 42, "agentRegistry": "eip155:1:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432"}],
  "supportedTrust": ["reputation"]
}
`

// didCoreDocument is a did:web document of another use: the keys of a
// verifiable credentials issuer, with no Ed25519VerificationKey2020 method.
const didCoreDocument = `{
  "@context": ["https://www.w3.org/ns/did/v1", {"@base": "` + hostDID + `"}],
  "id": "` + hostDID + `",
  "verificationMethod": [
    {
      "id": "#signing-key-1",
      "controller": "` + hostDID + `",
      "type": "JsonWebKey2020",
      "publicKeyJwk": {"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
    }
  ],
  "service": [
    {"id": "#linkeddomains", "type": "LinkedDomains", "serviceEndpoint": {"origins": ["https://` + hostMark + `/"]}}
  ]
}
`
