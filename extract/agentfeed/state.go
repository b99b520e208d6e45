package agentfeed

import (
	"fmt"
	"net/url"
	"slices"
	"time"

	"github.com/agentpolicy/survey/diag"
)

// Event is a reader event of §2.
type Event struct {
	// Kind is one of the Event* constants.
	Kind    string `json:"kind"`
	EntryID string `json:"entry_id,omitempty"`
	// Line is the line of the entry concerned (0 for feed-level events).
	Line   int    `json:"line,omitempty"`
	Detail string `json:"detail"`
}

// The event kinds.
const (
	EventDIDUnreachable       = "did-unreachable"        // §2.2: no DID document
	EventDIDMalformed         = "did-malformed"          // §3.4: no usable key
	EventUnverifiedEntry      = "unverified-entry"       // §2.5
	EventUnknownEntryType     = "unknown-entry-type"     // §2.6
	EventDeprecationOfUnknown = "deprecation-of-unknown" // §2.4
	EventReplayMismatch       = "replay-mismatch"        // §2.9
	EventVersionDiscontinuity = "version-discontinuity"  // schema-change from a version not recorded
	EventAmbiguousEndpointID  = "ambiguous-endpoint-id"  // endpoint-id under several protocols
	EventTerminated           = "terminated"             // §2.7: trust flag set to false
	EventMigrated             = "migrated"               // §7.3: terminated here, follow MigratedTo
	EventUntrustedOrigin      = "untrusted-origin"       // §7.2: the origin was revoked earlier; nothing applied
)

// eventCode maps an event to its diagnostic code; feed-status and DID
// events are reported where they are detected, and an unknown af:type
// where the entry is read, whether or not the entry verifies.
func eventCode(kind string) (c diag.Code, ok bool) {
	switch kind {
	case EventUnverifiedEntry:
		return codeUnverified, true
	case EventDeprecationOfUnknown:
		return codeDeprecationOfUnknown, true
	case EventReplayMismatch:
		return codeReplayMismatch, true
	case EventVersionDiscontinuity:
		return codeVersionDiscontinuity, true
	case EventAmbiguousEndpointID:
		return codeAmbiguousEndpointID, true
	}
	return c, false
}

// State is the per-origin reader state of §2.1: the trust flag, the
// endpoint table and the entries applied so far. Parse applies each
// document to a fresh State; a longitudinal reader keeps one State per
// origin and Ingests every fetch of its feed. The zero State is a trusted
// origin with an empty table.
type State struct {
	// Revoked is the negation of the §2.1 trust flag: it becomes true when
	// a feed of the origin is terminated, migrated or otherwise treated as
	// terminated (§7), and only Retrust clears it.
	Revoked bool
	// RevokedBy says which feed status revoked the origin.
	RevokedBy string
	// LastSeen is the id of the last entry applied (§2.1).
	LastSeen string

	endpoints []Endpoint
	byKey     map[string]int     // protocol + "\x00" + endpoint-id -> index
	byID      map[string]idIndex // endpoint-id -> its records
	applied   map[string]string  // entry id -> payload identity
	seq       int
}

// idIndex locates the records of one endpoint-id.
type idIndex struct {
	latest int // index of the most recently announced (or created) record
	count  int // number of records (protocols) with this endpoint-id
}

// Retrust is the operator's out-of-band decision to trust a revoked
// origin again (§7.2). Applied state is kept.
func (s *State) Retrust() {
	s.Revoked = false
	s.RevokedBy = ""
}

// Endpoints returns a copy of the endpoint table, in the order records
// were created.
func (s *State) Endpoints() []Endpoint {
	out := make([]Endpoint, len(s.endpoints))
	for i, ep := range s.endpoints {
		ep.Migrations = slices.Clone(ep.Migrations)
		if ep.Migrations == nil {
			ep.Migrations = []Migration{}
		}
		if ep.Deprecated != nil {
			d := *ep.Deprecated
			ep.Deprecated = &d
		}
		out[i] = ep
	}
	return out
}

// payloadIdentity is what two entries with one id are compared by: the
// canonical payload, or the content bytes when there is none.
func payloadIdentity(e *Entry) string {
	if e.hasPayload {
		return "json:" + string(e.Payload)
	}
	return "raw:" + e.Content
}

// Ingest applies a parsed feed to the state, in document order (§2.2), and
// returns the events it emitted. It records in each entry's Status what it
// did. With no resolved key nothing is applied and the trust state is
// unchanged (§2.2 step 1).
func (s *State) Ingest(f *Feed) []Event {
	events := []Event{}
	if f == nil {
		return events
	}
	if s.applied == nil {
		s.applied = map[string]string{}
	}
	emit := func(kind string, e *Entry, format string, args ...any) {
		ev := Event{Kind: kind, Detail: fmt.Sprintf(format, args...)}
		if e != nil {
			ev.EntryID, ev.Line = e.ID, e.Line
		}
		events = append(events, ev)
	}
	status := f.effective()
	if f.keyResolved {
		switch {
		case status != StatusActive && !s.Revoked:
			s.Revoked, s.RevokedBy = true, status
			if status == StatusMigrated {
				emit(EventMigrated, nil, "the feed has migrated to %s; trust at this URL is revoked", f.MigratedTo)
			} else {
				emit(EventTerminated, nil, "the feed is treated as terminated; the origin's trust flag is now false")
			}
		case status == StatusActive && s.Revoked:
			emit(EventUntrustedOrigin, nil, "the origin was revoked by a %s feed; an active feed does not restore trust", s.RevokedBy)
		}
	}
	seen := map[string]int{} // entry id -> index+1 in this document
	for i := range f.Entries {
		e := &f.Entries[i]
		if e.ID == "" {
			e.Status = EntryMissingID
			continue
		}
		id := payloadIdentity(e)
		j, repeated := seen[e.ID]
		switch {
		case repeated && f.keyResolved && !e.parts.noKey && !e.Verified:
			// Bytes that do not verify under an id an entry claimed
			// earlier are no entry (§2.5): not a duplicate or a replay of
			// it, only unverified (a forged copy, say; below), and the
			// claim stands. The reuse is reported, as when they come
			// first.
			e.repeatOf = j
		case repeated:
			e.repeatOf = j
			// An entry that does not verify "is not an entry — it is bytes"
			// (§2.5): it claims no id, and this one is read in its place
			// (the reuse is still reported, as duplicate-entry-id).
			if f.Entries[j-1].Status != EntryUnverified {
				if payloadIdentity(&f.Entries[j-1]) == id {
					e.Status = EntryDuplicate
				} else {
					e.Status = EntryReplay
					emit(EventReplayMismatch, e, "entry id %q was used at line %d for a different payload; not applied", e.ID, f.Entries[j-1].Line)
				}
				continue
			}
			seen[e.ID] = i + 1
		default:
			seen[e.ID] = i + 1
		}
		if !f.keyResolved || e.parts.noKey {
			e.Status = EntryNoKey
			continue
		}
		if !e.Verified {
			// Before the ids applied earlier: bytes that do not verify
			// replay nothing.
			e.Status = EntryUnverified
			emit(EventUnverifiedEntry, e, "entry %q is unverified: %s", e.ID, e.parts.why)
			continue
		}
		if prior, ok := s.applied[e.ID]; ok {
			if prior == id {
				e.Status = EntryAlreadyLoaded
			} else {
				e.Status = EntryReplay
				emit(EventReplayMismatch, e, "entry id %q was applied earlier with a different payload; not applied", e.ID)
			}
			continue
		}
		if !knownType(e.Type) {
			e.Status = EntryUnknownType
			emit(EventUnknownEntryType, e, "entry %q has af:type %q, which v0 does not define; skipped", e.ID, truncate(e.Type, 40))
			continue
		}
		if s.Revoked {
			e.Status = EntryNotApplied
			continue
		}
		if !e.schemaOK {
			e.Status = EntryInvalid
			continue
		}
		e.Status = EntryApplied
		switch {
		case e.Announcement != nil:
			s.announce(e, f.Origin)
		case e.SchemaChange != nil:
			s.changeSchema(e, emit)
		case e.Deprecation != nil:
			if !s.deprecate(e, emit) {
				e.Status = EntryIgnored
			}
		}
		s.applied[e.ID] = id
		s.LastSeen = e.ID
	}
	return events
}

// effective is the status the reader acts on (§7).
func (f *Feed) effective() string {
	if f.effectiveStatus == "" {
		return StatusActive
	}
	return f.effectiveStatus
}

// find returns the index of the most recently announced record of an
// endpoint-id and the number of records with that id (one per protocol).
func (s *State) find(endpointID string) (int, int) {
	ix, ok := s.byID[endpointID]
	if !ok {
		return -1, 0
	}
	return ix.latest, ix.count
}

// add appends a record and indexes it.
func (s *State) add(ep Endpoint) int {
	if s.byKey == nil {
		s.byKey, s.byID = map[string]int{}, map[string]idIndex{}
	}
	s.endpoints = append(s.endpoints, ep)
	i := len(s.endpoints) - 1
	s.byKey[ep.Protocol+"\x00"+ep.EndpointID] = i
	ix := s.byID[ep.EndpointID]
	s.byID[ep.EndpointID] = idIndex{latest: i, count: ix.count + 1}
	return i
}

// announce applies an endpoint-announcement (§2.4): upsert by (protocol,
// endpoint-id), keeping migrations and any pending deprecation. A record a
// schema-change synthesized for the endpoint-id is adopted.
func (s *State) announce(e *Entry, origin string) {
	a := e.Announcement
	id := a.EndpointID
	if id == "" {
		id = a.Endpoint // §5.2: endpoint stands in for a missing endpoint-id
	}
	s.seq++
	at, ok := s.byKey[a.Protocol+"\x00"+id]
	if !ok {
		if syn, found := s.byKey["\x00"+id]; found && s.endpoints[syn].Synthesized {
			at, ok = syn, true
			delete(s.byKey, "\x00"+id)
			s.byKey[a.Protocol+"\x00"+id] = at
		}
	}
	if !ok {
		at = s.add(Endpoint{Protocol: a.Protocol, EndpointID: id, Migrations: []Migration{}})
	}
	ix := s.byID[id]
	ix.latest = at
	s.byID[id] = ix
	ep := &s.endpoints[at]
	ep.Protocol = a.Protocol
	ep.URL = resolveEndpoint(a.Endpoint, origin)
	ep.Version = a.Version
	ep.AssertedAt = a.AssertedAt
	ep.Synthesized = false
	ep.Entry, ep.Line, ep.seq, ep.versionLine = e.ID, e.Line, s.seq, e.Line
}

// resolveEndpoint resolves a path-relative endpoint against the origin
// (§5.2).
func resolveEndpoint(endpoint, origin string) string {
	if origin == "" || len(endpoint) == 0 || endpoint[0] != '/' {
		return endpoint
	}
	base, err1 := url.Parse(origin)
	ref, err2 := url.Parse(endpoint)
	if err1 != nil || err2 != nil {
		return endpoint
	}
	return base.ResolveReference(ref).String()
}

// changeSchema applies a schema-change (§2.4).
func (s *State) changeSchema(e *Entry, emit func(string, *Entry, string, ...any)) {
	c := e.SchemaChange
	at, n := s.find(c.EndpointID)
	if n > 1 {
		emit(EventAmbiguousEndpointID, e, "endpoint-id %q is announced under %d protocols; the schema-change applies to the latest (%s)", c.EndpointID, n, s.endpoints[at].Protocol)
	}
	var ep *Endpoint
	if n == 0 {
		s.seq++
		ep = &s.endpoints[s.add(Endpoint{EndpointID: c.EndpointID, Version: c.FromVersion, Synthesized: true,
			Migrations: []Migration{}, seq: s.seq, Line: e.Line, versionLine: e.Line})]
	} else {
		ep = &s.endpoints[at]
		if ep.Version != c.FromVersion {
			emit(EventVersionDiscontinuity, e, "schema-change of %q is from version %s, but the recorded version is %s; applied anyway", c.EndpointID, c.FromVersion, ep.Version)
		}
	}
	m := Migration{From: c.FromVersion, To: c.ToVersion, EffectiveAt: c.EffectiveAt, Delta: c.Migration, Entry: e.ID}
	replaced := false
	for i := range ep.Migrations {
		if ep.Migrations[i].From == m.From && ep.Migrations[i].To == m.To {
			ep.Migrations[i], replaced = m, true
		}
	}
	if !replaced {
		ep.Migrations = append(ep.Migrations, m)
	}
	ep.Version, ep.versionLine = c.ToVersion, e.Line
	ep.Entry = e.ID
}

// deprecate applies a deprecation (§2.4); it reports false, emitting
// deprecation-of-unknown, when the endpoint was never announced.
func (s *State) deprecate(e *Entry, emit func(string, *Entry, string, ...any)) bool {
	d := e.Deprecation
	at, n := s.find(d.EndpointID)
	if n == 0 {
		emit(EventDeprecationOfUnknown, e, "deprecation of %q, which no applied entry announced or changed; ignored", d.EndpointID)
		return false
	}
	if n > 1 {
		emit(EventAmbiguousEndpointID, e, "endpoint-id %q is announced under %d protocols; the deprecation applies to the latest (%s)", d.EndpointID, n, s.endpoints[at].Protocol)
	}
	dep := *d
	ep := &s.endpoints[at]
	ep.Deprecated = &dep
	ep.Entry = e.ID
	return true
}

// Resolution is the answer to "which URL serves this endpoint at time t".
type Resolution struct {
	// URL is the URL to use; empty when there is none.
	URL string `json:"url"`
	// Version is the recorded schema version of the endpoint named.
	Version string `json:"version,omitempty"`
	// State is one of the Resolve* constants.
	State string `json:"state"`
	// Sunset and Replacement come from a pending deprecation.
	Sunset      string `json:"sunset,omitempty"`
	Replacement string `json:"replacement,omitempty"`
}

// The resolution states.
const (
	ResolveCurrent    = "current"    // announced, not deprecated
	ResolveDeprecated = "deprecated" // deprecated, before its sunset: the original URL
	ResolveReplaced   = "replaced"   // on or after sunset: the replacement's current URL
	ResolveDead       = "dead"       // on or after sunset with no known replacement: no URL
	ResolveUnknown    = "unknown"    // never announced
	ResolveUntrusted  = "untrusted"  // the origin is revoked (§2.7): applied state is not used
)

// Resolve answers which URL serves an endpoint-id at time at (§2.4, §5.4):
// the announced URL; for a deprecated endpoint, the original URL until the
// sunset and from the sunset on the URL of the latest announcement of the
// replacement, or none. A revoked origin resolves nothing.
func (s *State) Resolve(endpointID string, at time.Time) Resolution {
	if s.Revoked {
		return Resolution{State: ResolveUntrusted}
	}
	i, n := s.find(endpointID)
	if n == 0 {
		return Resolution{State: ResolveUnknown}
	}
	ep := s.endpoints[i]
	r := Resolution{URL: ep.URL, Version: ep.Version, State: ResolveCurrent}
	if ep.Deprecated == nil {
		return r
	}
	r.Sunset, r.Replacement = ep.Deprecated.Sunset, ep.Deprecated.Replacement
	sunset, _, _ := parseTimestamp(ep.Deprecated.Sunset)
	if at.Before(sunset) {
		r.State = ResolveDeprecated
		return r
	}
	r.URL, r.State = "", ResolveDead
	if r.Replacement != "" {
		if rep, n := s.find(r.Replacement); n > 0 && s.endpoints[rep].URL != "" {
			r.URL, r.State = s.endpoints[rep].URL, ResolveReplaced
		}
	}
	return r
}
