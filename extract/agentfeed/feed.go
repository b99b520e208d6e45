package agentfeed

import (
	"encoding/json"

	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// Namespace is the agent-feed v0 XML namespace (§6.6), recognised by URI
// whatever prefix binds it.
const Namespace = "https://agent-feed.dev/ns/v0"

// AtomNamespace is the Atom namespace (RFC 4287).
const AtomNamespace = "http://www.w3.org/2005/Atom"

// The entry types of v0 (§5).
const (
	TypeEndpointAnnouncement = "endpoint-announcement"
	TypeSchemaChange         = "schema-change"
	TypeDeprecation          = "deprecation"
)

// knownType reports whether t is one of the entry types of v0.
func knownType(t string) bool {
	return t == TypeEndpointAnnouncement || t == TypeSchemaChange || t == TypeDeprecation
}

// The feed statuses of v0 (§7.2).
const (
	StatusActive     = "active"
	StatusTerminated = "terminated"
	StatusMigrated   = "migrated"
)

// The effective states a parsed feed is labelled with (Feed.State).
const (
	// StateActive: an active v0 feed whose key resolved; its verified
	// entries were applied.
	StateActive = "active"
	// StateTerminated: af:feed-status terminated, or a feed a v0 reader
	// must treat so (missing or unknown af:feed-status, af:spec-version
	// other than 0). Nothing is applied.
	StateTerminated = "terminated"
	// StateMigrated: af:feed-status migrated; terminated at this URL, with
	// Feed.MigratedTo to follow.
	StateMigrated = "migrated"
	// StateUntrusted: no key resolved (did.json absent, malformed, or not
	// provided). Per §2.2 nothing is applied and the trust state is left
	// unchanged, so this takes precedence over the feed status.
	StateUntrusted = "untrusted"
	// StateInvalid: the bytes are not an Atom feed (not XML, refused DOCTYPE,
	// wrong root, over a limit); nothing was read.
	StateInvalid = "invalid"
)

// Feed is a parsed agent feed: the document as served, every entry with
// its verification result, and the reader state (§2.1) that applying the
// document to a fresh origin produces.
type Feed struct {
	// ID, Title and Updated are the feed's Atom metadata.
	ID      string `json:"id,omitempty"`
	Title   string `json:"title,omitempty"`
	Updated string `json:"updated,omitempty"`
	// SpecVersion and Status are af:spec-version and af:feed-status as
	// served (trimmed); empty when absent.
	SpecVersion string `json:"spec_version"`
	Status      string `json:"feed_status"`
	// MigratedTo is af:migrated-to.
	MigratedTo string `json:"migrated_to,omitempty"`
	// State is the effective state: one of the State* constants.
	State string `json:"state"`
	// Origin is "https://<host>", the base path-relative endpoints resolve
	// against; empty when the host is unknown.
	Origin string `json:"origin,omitempty"`
	// Key says how key resolution went: "resolved", "unchecked" (no
	// did.json provided), "unreachable" or "malformed".
	Key string `json:"key"`
	// DID is the did.json id when one was read.
	DID string `json:"did,omitempty"`
	// Entries are the feed's entries in document order.
	Entries []Entry `json:"entries"`
	// Events are the reader events of §2 that applying the feed emitted.
	Events []Event `json:"events"`
	// Trusted is the §2.1 trust flag after the document: false when the
	// feed is not active, and false when no key resolved.
	Trusted bool `json:"trusted"`
	// Endpoints is the endpoint table (§2.1) after applying the verified
	// entries in document order; empty when nothing was applied.
	Endpoints []Endpoint `json:"endpoints"`
	// CardChecked is true when agent-card.json was compared with the
	// endpoint table (§4.3).
	CardChecked bool `json:"card_checked"`

	keyResolved     bool
	effectiveStatus string // active, terminated or migrated, after the §7 rules
}

// Entry is one Atom entry of a feed.
type Entry struct {
	// Line is the 1-based line of the <entry> start tag.
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Updated string `json:"updated,omitempty"`
	Title   string `json:"title,omitempty"`
	// Type is af:type.
	Type string `json:"type"`
	// Signer is af:signer, empty when absent.
	Signer string `json:"signer,omitempty"`
	// Content is the <content> text exactly as served, after XML
	// unescaping: the bytes the signature covers.
	Content string `json:"content"`
	// Payload is the canonical JSON of the parsed content, when it is a
	// JSON object with a canonical form.
	Payload json.RawMessage `json:"payload,omitempty"`
	// Canonical is true when Content is byte for byte the canonical
	// encoding of the payload (§6.2).
	Canonical bool `json:"canonical"`
	// Signature is af:sig as served (trimmed).
	Signature string `json:"signature,omitempty"`
	// KeyID is the id of the verification method the entry was checked
	// with.
	KeyID string `json:"key_id,omitempty"`
	// Verified is true when the signature verifies over Content (§2.3).
	Verified bool `json:"verified"`
	// Status is what the reader did with the entry: one of the Entry*
	// constants.
	Status string `json:"status"`
	// Announcement, SchemaChange and Deprecation hold the typed payload
	// when it passed its schema (§5.2–§5.4).
	Announcement *Announcement `json:"announcement,omitempty"`
	SchemaChange *SchemaChange `json:"schema_change,omitempty"`
	Deprecation  *Deprecation  `json:"deprecation,omitempty"`

	payload    canonjson.Value
	hasPayload bool // payload is a JSON object with a canonical form
	schemaOK   bool // payload passed its type's schema
	parts      entryParts
	repeatOf   int // index+1 of the earlier entry with the same id; 0 when none
}

// The entry statuses (Entry.Status).
const (
	EntryApplied       = "applied"         // verified and applied (§2.4)
	EntryUnverified    = "unverified"      // signature absent or not verifying (§2.5)
	EntryNoKey         = "no-key"          // no key to verify with (§3.4)
	EntryUnknownType   = "unknown-type"    // verified, type not in v0 (§2.6)
	EntryInvalid       = "invalid-payload" // verified, payload fails its schema
	EntryDuplicate     = "duplicate"       // same id and payload as an earlier entry (§2.9)
	EntryReplay        = "replay-mismatch" // same id as an earlier entry, other payload (§2.9)
	EntryNotApplied    = "not-applied"     // verified, but the feed or origin is not trusted (§2.7)
	EntryIgnored       = "ignored"         // verified deprecation of an unknown endpoint (§2.4)
	EntryMissingID     = "missing-id"      // no id: cannot take part in idempotency
	EntryAlreadyLoaded = "already-applied" // applied by an earlier document (§2.9)
)

// Announcement is an endpoint-announcement payload (§5.2). Its JSON form
// uses the payload's member names, so producers can sign it as is.
type Announcement struct {
	EndpointID string `json:"endpoint-id,omitempty"`
	Endpoint   string `json:"endpoint"`
	Protocol   string `json:"protocol"`
	Version    string `json:"version"`
	AssertedAt string `json:"asserted-at"`
}

// SchemaChange is a schema-change payload (§5.3).
type SchemaChange struct {
	EndpointID  string `json:"endpoint-id"`
	FromVersion string `json:"from-version"`
	ToVersion   string `json:"to-version"`
	EffectiveAt string `json:"effective-at"`
	Migration   Delta  `json:"migration"`
}

// Deprecation is a deprecation payload (§5.4). Replacement and Reason are
// empty when absent or null.
type Deprecation struct {
	EndpointID  string `json:"endpoint-id"`
	AnnouncedAt string `json:"announced-at"`
	Sunset      string `json:"sunset"`
	Replacement string `json:"replacement,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// Delta is a migration delta (§5.3). Paths are as served; a bare member
// name ("currency") means the pointer "/currency".
type Delta struct {
	Add    []string          `json:"add,omitempty"`
	Remove []string          `json:"remove,omitempty"`
	Rename map[string]string `json:"rename,omitempty"`
	Retype map[string]Retype `json:"retype,omitempty"`
	// Unknown are the names of operations v0 does not define; they are kept
	// in Raw and not used for mismatch detection (§5.3).
	Unknown []string `json:"-"`
	// Raw is the canonical JSON of the whole delta as served, unknown
	// operations included. When set, it is the delta's JSON form.
	Raw json.RawMessage `json:"-"`
}

// MarshalJSON encodes the delta as served (Raw) when known, else from its
// typed operations.
func (d Delta) MarshalJSON() ([]byte, error) {
	if len(d.Raw) > 0 {
		return d.Raw, nil
	}
	type plain Delta
	if d.Add == nil && d.Remove == nil && d.Rename == nil && d.Retype == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(plain(d))
}

// Retype is one retype operation: a field's type token before and after.
type Retype struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Endpoint is one record of the endpoint table (§2.1).
type Endpoint struct {
	Protocol   string `json:"protocol"`
	EndpointID string `json:"endpoint_id"`
	// URL is the announced endpoint, resolved against the origin when it is
	// a path and the origin is known.
	URL        string `json:"url"`
	Version    string `json:"version"`
	AssertedAt string `json:"asserted_at,omitempty"`
	// Migrations are the recorded migrations, one per from->to pair, in
	// the order first recorded.
	Migrations []Migration `json:"migrations"`
	// Deprecated is the pending deprecation, if any.
	Deprecated *Deprecation `json:"deprecated,omitempty"`
	// Synthesized is true for a record a schema-change created without a
	// prior announcement (§2.4); it has no URL.
	Synthesized bool `json:"synthesized,omitempty"`
	// Entry is the id of the entry that last changed the record, and Line
	// the line of the entry that last set its URL.
	Entry string `json:"entry"`
	Line  int    `json:"line"`

	seq         int // announcement order, for "latest announcement" lookups
	versionLine int // the line of the entry that last set Version
}

// Migration is one recorded migration of an endpoint (§2.4).
type Migration struct {
	From        string `json:"from"`
	To          string `json:"to"`
	EffectiveAt string `json:"effective_at"`
	Delta       Delta  `json:"delta"`
	Entry       string `json:"entry"`
}
