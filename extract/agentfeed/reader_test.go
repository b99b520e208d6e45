package agentfeed

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParse_Section2_2_DIDUnreachable: when did.json cannot be resolved
// the reader applies no entry, surfaces did-unreachable, and the feed is
// untrusted.
func TestParse_Section2_2_DIDUnreachable(t *testing.T) {
	body := feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"))
	o := opts(t)
	o.DID = Related{Provided: true, Reason: "absent"}
	f, diags := parse(t, body, o)
	wantCodes(t, diags, "did-unreachable")
	if f.State != StateUntrusted || f.Trusted || f.Key != "unreachable" || len(f.Endpoints) != 0 {
		t.Errorf("state %s trusted %v key %s endpoints %v", f.State, f.Trusted, f.Key, f.Endpoints)
	}
	wantStatuses(t, f, EntryNoKey)
	if !strings.Contains(diags[0].Message, "absent") || diags[0].Severity.String() != "warning" {
		t.Errorf("diagnostic %v", diags[0])
	}
	if len(f.Events) != 1 || f.Events[0].Kind != EventDIDUnreachable {
		t.Errorf("events %+v", f.Events)
	}
}

// TestParse_Section2_2_DIDOverPlainHTTP: did:web resolves over HTTPS; a
// did.json reached over plain HTTP does not resolve.
func TestParse_Section2_2_DIDOverPlainHTTP(t *testing.T) {
	o := opts(t)
	o.DID.URL = "http://example.com/.well-known/did.json"
	f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), o)
	wantCodes(t, diags, "did-unreachable")
	if f.State != StateUntrusted || len(f.Endpoints) != 0 {
		t.Errorf("state %s endpoints %v", f.State, f.Endpoints)
	}
}

// TestParse_Section2_2_DIDNotProvided: a local check without did.json
// verifies nothing and says so with an info diagnostic.
func TestParse_Section2_2_DIDNotProvided(t *testing.T) {
	o := opts(t)
	o.DID = Related{}
	f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), o)
	wantCodes(t, diags, "did-unchecked")
	if f.State != StateUntrusted || f.Key != "unchecked" || diags.HasErrors() {
		t.Errorf("state %s key %s", f.State, f.Key)
	}
	if s := f.Summary(); s.Verified != 0 || s.Unverified != 1 {
		t.Errorf("summary %+v", s)
	}
}

// TestParse_Section2_2_DocumentOrder: entries apply in document order, not
// by <updated>: the later entry in the document wins even when its
// timestamp is older.
func TestParse_Section2_2_DocumentOrder(t *testing.T) {
	first := announce(10, "a2a", "/a2a/v2", "a2a", "2.0")
	second := announce(1, "a2a", "/a2a/v1", "a2a", "1.0")
	f, diags := parse(t, feed(t, "", first, second), opts(t))
	wantCodes(t, diags)
	if len(f.Endpoints) != 1 || f.Endpoints[0].URL != "https://example.com/a2a/v1" || f.Endpoints[0].Version != "1.0" {
		t.Errorf("endpoints %+v", f.Endpoints)
	}
}

// TestParse_Section2_3_VerifyBeforeApply: a verified entry is applied; an
// entry whose payload was changed after signing is unverified, not
// applied, and processing continues with the next entry (§2.5).
func TestParse_Section2_3_VerifyBeforeApply(t *testing.T) {
	good := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	tampered := announce(1, "orders", "/api/orders", "rest", "1.0")
	content, _, _ := SignPayload(key(1), tampered.Payload)
	tampered.Signature = Sign(key(1), content)
	tampered.Content = []byte(strings.Replace(string(content), "/api/orders", "/api/evil", 1))
	after := announce(2, "search", "/search", "rest", "1.0")
	f, diags := parse(t, feed(t, "", good, tampered, after), opts(t))
	wantCodes(t, diags, "unverified-entry")
	wantStatuses(t, f, EntryApplied, EntryUnverified, EntryApplied)
	if len(f.Endpoints) != 2 || f.Endpoints[0].EndpointID != "a2a" || f.Endpoints[1].EndpointID != "search" {
		t.Errorf("endpoints %+v", f.Endpoints)
	}
	ev := f.Events[0]
	if ev.Kind != EventUnverifiedEntry || ev.EntryID != "urn:af:example.com:1" || ev.Line != f.Entries[1].Line {
		t.Errorf("event %+v", ev)
	}
	if diags[0].Line != f.Entries[1].Line || !strings.Contains(diags[0].Message, "urn:af:example.com:1") {
		t.Errorf("diagnostic %v", diags[0])
	}
}

// TestParse_Section2_3_WrongKey: an entry signed by an unrelated key does
// not verify.
func TestParse_Section2_3_WrongKey(t *testing.T) {
	e := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	e.Key = key(9)
	f, diags := parse(t, feed(t, "", e), opts(t))
	wantCodes(t, diags, "unverified-entry")
	if f.Entries[0].Verified || len(f.Endpoints) != 0 || f.State != StateActive {
		t.Errorf("entry %+v state %s", f.Entries[0], f.State)
	}
}

// TestParse_Section2_4_EndpointAnnouncement: an announcement upserts
// (protocol, endpoint-id); a later one with another URL wins and no
// parallel record is kept; path-relative endpoints resolve against the
// origin.
func TestParse_Section2_4_EndpointAnnouncement(t *testing.T) {
	f, diags := parse(t, feed(t, "",
		announce(0, "orders", "/api/v1/orders", "rest", "1.0"),
		announce(1, "orders", "https://api.example.com/v2/orders", "rest", "2.0"),
		announce(2, "orders", "/graphql", "graphql", "1"),
	), opts(t))
	wantCodes(t, diags)
	want := []Endpoint{
		{Protocol: "rest", EndpointID: "orders", URL: "https://api.example.com/v2/orders", Version: "2.0", AssertedAt: ts(1),
			Migrations: []Migration{}, Entry: "urn:af:example.com:1", Line: f.Entries[1].Line, seq: 2, versionLine: f.Entries[1].Line},
		{Protocol: "graphql", EndpointID: "orders", URL: "https://example.com/graphql", Version: "1", AssertedAt: ts(2),
			Migrations: []Migration{}, Entry: "urn:af:example.com:2", Line: f.Entries[2].Line, seq: 3, versionLine: f.Entries[2].Line},
	}
	if !reflect.DeepEqual(f.Endpoints, want) {
		t.Errorf("endpoints\n%+v\nwant\n%+v", f.Endpoints, want)
	}
}

// TestParse_Section5_2_EndpointIDDefaultsToEndpoint: without endpoint-id,
// readers key state on endpoint.
func TestParse_Section5_2_EndpointIDDefaultsToEndpoint(t *testing.T) {
	e := announce(0, "", "https://example.com/a2a/v1", "a2a", "1.0")
	f, diags := parse(t, feed(t, "", e), opts(t))
	wantCodes(t, diags)
	if len(f.Endpoints) != 1 || f.Endpoints[0].EndpointID != "https://example.com/a2a/v1" {
		t.Errorf("endpoints %+v", f.Endpoints)
	}
}

// TestParse_Section2_4_SchemaChange: a schema-change records the migration
// from->to and updates the version; for an unknown endpoint a record is
// synthesized at from-version first.
func TestParse_Section2_4_SchemaChange(t *testing.T) {
	delta := map[string]any{"add": []string{"/currency"}, "rename": map[string]string{"/amount": "/total"}}
	f, diags := parse(t, feed(t, "",
		announce(0, "orders-api", "/api/orders", "rest", "1.0"),
		schemaChange(1, "orders-api", "1.0", "1.1", delta),
		schemaChange(2, "billing", "3.0", "3.1", map[string]any{"remove": []string{"/legacy"}}),
	), opts(t))
	wantCodes(t, diags)
	if len(f.Endpoints) != 2 {
		t.Fatalf("endpoints %+v", f.Endpoints)
	}
	orders := f.Endpoints[0]
	if orders.Version != "1.1" || orders.URL != "https://example.com/api/orders" || len(orders.Migrations) != 1 {
		t.Fatalf("orders %+v", orders)
	}
	m := orders.Migrations[0]
	if m.From != "1.0" || m.To != "1.1" || m.EffectiveAt != ts(1) || !reflect.DeepEqual(m.Delta.Add, []string{"/currency"}) ||
		!reflect.DeepEqual(m.Delta.Rename, map[string]string{"/amount": "/total"}) || string(m.Delta.Raw) != `{"add":["/currency"],"rename":{"/amount":"/total"}}` {
		t.Errorf("migration %+v", m)
	}
	billing := f.Endpoints[1]
	if !billing.Synthesized || billing.Version != "3.1" || billing.URL != "" || len(billing.Migrations) != 1 || billing.Migrations[0].From != "3.0" {
		t.Errorf("billing %+v", billing)
	}
}

// TestParse_Section2_4_SchemaChangeFromOtherVersion: a schema-change whose
// from-version is not the recorded version is applied and noted.
func TestParse_Section2_4_SchemaChangeFromOtherVersion(t *testing.T) {
	f, diags := parse(t, feed(t, "",
		announce(0, "orders", "/api/orders", "rest", "1.0"),
		schemaChange(1, "orders", "2.0", "2.1", map[string]any{}),
	), opts(t))
	wantCodes(t, diags, "version-discontinuity")
	if f.Endpoints[0].Version != "2.1" {
		t.Errorf("version %s", f.Endpoints[0].Version)
	}
}

// TestParse_Section2_4_Deprecation: a deprecation marks the endpoint; a
// deprecation of an endpoint never announced emits deprecation-of-unknown
// and is ignored.
func TestParse_Section2_4_Deprecation(t *testing.T) {
	f, diags := parse(t, feed(t, "",
		announce(0, "orders-api-v1", "/api/v1/orders", "rest", "1.0"),
		deprecation(1, "orders-api-v1", "2026-10-01T00:00:00Z", "orders-api-v2"),
		deprecation(2, "legacy", "2026-10-01T00:00:00Z", nil),
	), opts(t))
	wantCodes(t, diags, "deprecation-of-unknown")
	wantStatuses(t, f, EntryApplied, EntryApplied, EntryIgnored)
	d := f.Endpoints[0].Deprecated
	if d == nil || d.Sunset != "2026-10-01T00:00:00Z" || d.Replacement != "orders-api-v2" || d.Reason != "" {
		t.Errorf("deprecation %+v", d)
	}
	if len(f.Endpoints) != 1 {
		t.Errorf("the unknown deprecation created a record: %+v", f.Endpoints)
	}
	if diags[0].Severity.String() != "warning" || diags[0].Line != f.Entries[2].Line {
		t.Errorf("diagnostic %v", diags[0])
	}
}

// TestState_Section5_4_SunsetAndReplacement: until the sunset the original
// URL; from the sunset on, the URL of the latest announcement of the
// replacement, or none when it was never announced.
func TestState_Section5_4_SunsetAndReplacement(t *testing.T) {
	body := feed(t, "",
		announce(0, "orders-api-v1", "/api/v1/orders", "rest", "1.0"),
		announce(1, "orders-api-v2", "/api/v2/orders", "rest", "2.0"),
		deprecation(2, "orders-api-v1", "2026-10-01T00:00:00Z", "orders-api-v2"),
		announce(3, "orders-api-v2", "/api/v2.1/orders", "rest", "2.1"),
		announce(4, "old-search", "/search", "rest", "1"),
		deprecation(5, "old-search", "2026-06-01T00:00:00Z", "new-search"),
	)
	f, _ := parse(t, body, opts(t))
	var st State
	st.Ingest(f)
	sunset := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		id   string
		at   time.Time
		want Resolution
	}{
		{"orders-api-v1", sunset.Add(-time.Second), Resolution{URL: "https://example.com/api/v1/orders", Version: "1.0", State: ResolveDeprecated, Sunset: "2026-10-01T00:00:00Z", Replacement: "orders-api-v2"}},
		{"orders-api-v1", sunset, Resolution{URL: "https://example.com/api/v2.1/orders", Version: "1.0", State: ResolveReplaced, Sunset: "2026-10-01T00:00:00Z", Replacement: "orders-api-v2"}},
		{"orders-api-v2", sunset, Resolution{URL: "https://example.com/api/v2.1/orders", Version: "2.1", State: ResolveCurrent}},
		{"old-search", sunset, Resolution{Version: "1", State: ResolveDead, Sunset: "2026-06-01T00:00:00Z", Replacement: "new-search"}},
		{"nope", sunset, Resolution{State: ResolveUnknown}},
	}
	for _, c := range cases {
		if got := st.Resolve(c.id, c.at); got != c.want {
			t.Errorf("Resolve(%s, %s) = %+v, want %+v", c.id, c.at, got, c.want)
		}
	}
}

// TestParse_Section2_4_AnnouncementKeepsDeprecation: re-announcing a
// deprecated endpoint keeps the deprecation and the migrations.
func TestParse_Section2_4_AnnouncementKeepsDeprecation(t *testing.T) {
	f, _ := parse(t, feed(t, "",
		announce(0, "orders", "/api/orders", "rest", "1.0"),
		schemaChange(1, "orders", "1.0", "1.1", map[string]any{"add": []string{"/currency"}}),
		deprecation(2, "orders", "2026-10-01T00:00:00Z", nil),
		announce(3, "orders", "/api/orders2", "rest", "1.2"),
	), opts(t))
	ep := f.Endpoints[0]
	if ep.Deprecated == nil || len(ep.Migrations) != 1 || ep.URL != "https://example.com/api/orders2" || ep.Version != "1.2" {
		t.Errorf("endpoint %+v", ep)
	}
}

// TestParse_Section2_4_AmbiguousEndpointID: an endpoint-id announced under
// two protocols; a schema-change applies to the latest announced.
func TestParse_Section2_4_AmbiguousEndpointID(t *testing.T) {
	f, diags := parse(t, feed(t, "",
		announce(0, "orders", "/rest/orders", "rest", "1.0"),
		announce(1, "orders", "/graphql", "graphql", "1.0"),
		schemaChange(2, "orders", "1.0", "1.1", map[string]any{}),
	), opts(t))
	wantCodes(t, diags, "ambiguous-endpoint-id")
	if f.Endpoints[0].Version != "1.0" || f.Endpoints[1].Version != "1.1" {
		t.Errorf("endpoints %+v", f.Endpoints)
	}
}

// TestParse_Section2_6_UnknownEntryType: a verified entry of an unknown
// type is skipped, not treated as unverified, reported with its type
// string, and processing continues.
func TestParse_Section2_6_UnknownEntryType(t *testing.T) {
	status := EntrySpec{ID: "urn:af:example.com:1", Updated: at(1), Type: "status", Key: key(1),
		Payload: map[string]any{"endpoint-id": "a2a", "status": "degraded"}}
	f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"), status, announce(2, "b", "/b", "rest", "1")), opts(t))
	wantCodes(t, diags, "unknown-entry-type")
	wantStatuses(t, f, EntryApplied, EntryUnknownType, EntryApplied)
	if !f.Entries[1].Verified || len(f.Endpoints) != 2 || !strings.Contains(diags[0].Message, `"status"`) {
		t.Errorf("entry %+v endpoints %v diag %v", f.Entries[1], f.Endpoints, diags[0])
	}
	if s := f.Summary(); s.Verified != 3 || s.Unverified != 0 || s.EntryTypes["status"] != 1 || s.Applied != 2 {
		t.Errorf("summary %+v", s)
	}
}

// TestParse_Section8_2_UnknownEntryTypeWithoutKey: an af:type outside the
// v0 vocabulary is a fault of the document (§8.2), reported whether or not
// a key resolved or the entry verified.
func TestParse_Section8_2_UnknownEntryTypeWithoutKey(t *testing.T) {
	status := EntrySpec{ID: "urn:af:example.com:1", Updated: at(1), Type: "status", Key: key(1),
		Payload: map[string]any{"endpoint-id": "a2a", "status": "degraded"}}
	body := feed(t, "", status)
	for _, tc := range []struct {
		name string
		did  Related
	}{
		{"no did.json given", Related{}},
		{"did.json unreachable", Related{Provided: true, Reason: "network_error"}},
		{"signed by another key", Related{Provided: true, Fetched: true, Body: didBody(t, 2), URL: "https://example.com/.well-known/did.json"}},
	} {
		o := opts(t)
		o.DID = tc.did
		_, diags := parse(t, body, o)
		n := 0
		for _, d := range diags {
			if d.Code == codeUnknownType.ID {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d unknown-entry-type diagnostics, want 1\n%s", tc.name, n, diagString(diags))
		}
	}
}

// TestParse_Section2_7_Terminated: terminated sets the trust flag to false;
// entries are verified but not applied.
func TestParse_Section2_7_Terminated(t *testing.T) {
	f, diags := parse(t, feed(t, StatusTerminated, announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), opts(t))
	wantCodes(t, diags)
	if f.State != StateTerminated || f.Trusted || len(f.Endpoints) != 0 || !f.Entries[0].Verified {
		t.Errorf("state %s trusted %v endpoints %v entry %+v", f.State, f.Trusted, f.Endpoints, f.Entries[0])
	}
	wantStatuses(t, f, EntryNotApplied)
	if len(f.Events) != 1 || f.Events[0].Kind != EventTerminated {
		t.Errorf("events %+v", f.Events)
	}
}

// TestParse_Section2_7_Migrated: migrated is terminated at this URL, with
// af:migrated-to recorded for the reader to follow.
func TestParse_Section2_7_Migrated(t *testing.T) {
	body, err := BuildFeed(FeedSpec{ID: "x", Title: "x", Updated: t0(), Status: StatusMigrated,
		MigratedTo: "https://new.example.net/.well-known/agent-feed.xml", Entries: []EntrySpec{announce(0, "a2a", "/a2a/v1", "a2a", "1.0")}})
	if err != nil {
		t.Fatal(err)
	}
	f, diags := parse(t, body, opts(t))
	wantCodes(t, diags)
	if f.State != StateMigrated || f.Trusted || f.MigratedTo != "https://new.example.net/.well-known/agent-feed.xml" || len(f.Endpoints) != 0 {
		t.Errorf("feed %+v", f)
	}
	if len(f.Events) != 1 || f.Events[0].Kind != EventMigrated {
		t.Errorf("events %+v", f.Events)
	}
}

// TestState_Section2_9_Idempotency: re-fetching an unchanged feed applies
// nothing new and emits nothing; a reused id with a new payload fires
// replay-mismatch and is not applied.
func TestState_Section2_9_Idempotency(t *testing.T) {
	body := feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"), announce(1, "b", "/b", "rest", "1"))
	var st State
	f1, _ := parse(t, body, opts(t))
	if ev := st.Ingest(f1); len(ev) != 0 || st.LastSeen != "urn:af:example.com:1" {
		t.Fatalf("first ingest events %+v last %s", ev, st.LastSeen)
	}
	before := st.Endpoints()
	f2, _ := parse(t, body, opts(t))
	if ev := st.Ingest(f2); len(ev) != 0 {
		t.Errorf("re-ingest events %+v", ev)
	}
	wantStatuses(t, f2, EntryAlreadyLoaded, EntryAlreadyLoaded)
	if !reflect.DeepEqual(st.Endpoints(), before) {
		t.Errorf("re-ingest changed the table")
	}
	rewritten := announce(0, "a2a", "/a2a/v9", "a2a", "9.0")
	f3, _ := parse(t, feed(t, "", rewritten), opts(t))
	ev := st.Ingest(f3)
	if len(ev) != 1 || ev[0].Kind != EventReplayMismatch || ev[0].EntryID != "urn:af:example.com:0" {
		t.Errorf("events %+v", ev)
	}
	wantStatuses(t, f3, EntryReplay)
	if r := st.Resolve("a2a", t0()); r.URL != "https://example.com/a2a/v1" {
		t.Errorf("replayed entry was applied: %+v", r)
	}
}

// TestParse_Section2_9_ReplayWithinDocument: an id repeated with a
// different payload within one document is a replay-mismatch; with the
// same payload a duplicate. Neither repeat is applied.
func TestParse_Section2_9_ReplayWithinDocument(t *testing.T) {
	first := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	again := announce(0, "a2a", "/a2a/v1", "a2a", "1.1")
	again.Updated = at(60)
	f, diags := parse(t, feed(t, "", first, again, first), opts(t))
	wantCodes(t, diags, "replay-mismatch", "duplicate-entry-id")
	wantStatuses(t, f, EntryApplied, EntryReplay, EntryDuplicate)
	if f.Endpoints[0].Version != "1.0" {
		t.Errorf("endpoint %+v", f.Endpoints[0])
	}
	for _, d := range diags {
		if d.Code != codeCardUnchecked.ID && d.Severity.String() != "error" {
			t.Errorf("%v is not an error", d)
		}
	}
}

// TestParse_Section2_5_UnverifiedClaimsNoID: an entry that does not
// verify is not an entry (§2.5), so a correctly signed entry with its id,
// later in the document, is applied; the reuse is still reported.
func TestParse_Section2_5_UnverifiedClaimsNoID(t *testing.T) {
	real := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	for _, tc := range []struct {
		name    string
		version string // the forged copy's
	}{{"other payload", "9.9"}, {"same payload", "1.0"}} {
		forged := announce(0, "a2a", "/a2a/v1", "a2a", tc.version)
		forged.Key = key(7) // not in did.json
		f, diags := parse(t, feed(t, "", forged, real), opts(t))
		wantStatuses(t, f, EntryUnverified, EntryApplied)
		if len(f.Endpoints) != 1 || f.Endpoints[0].Version != "1.0" {
			t.Errorf("%s: endpoints %+v", tc.name, f.Endpoints)
		}
		wantCodes(t, diags, "unverified-entry", "duplicate-entry-id")

		// The forged copy after the real entry is unverified too, not
		// the publisher's replay-mismatch or duplicate.
		f, diags = parse(t, feed(t, "", real, forged), opts(t))
		wantStatuses(t, f, EntryApplied, EntryUnverified)
		if len(f.Endpoints) != 1 || f.Endpoints[0].Version != "1.0" {
			t.Errorf("%s, forged second: endpoints %+v", tc.name, f.Endpoints)
		}
		wantCodes(t, diags, "unverified-entry", "duplicate-entry-id")
	}
}

// TestState_Section7_2_NoAutomaticRetrust: toggling back to active does
// not re-trust the origin; only the operator (Retrust) does.
func TestState_Section7_2_NoAutomaticRetrust(t *testing.T) {
	var st State
	active, _ := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), opts(t))
	st.Ingest(active)
	terminated, _ := parse(t, feed(t, StatusTerminated, announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), opts(t))
	if ev := st.Ingest(terminated); len(ev) != 1 || ev[0].Kind != EventTerminated || !st.Revoked {
		t.Fatalf("events %+v revoked %v", ev, st.Revoked)
	}
	if r := st.Resolve("a2a", t0()); r.State != ResolveUntrusted || r.URL != "" {
		t.Errorf("revoked origin resolved %+v", r)
	}
	if len(st.Endpoints()) != 1 {
		t.Error("terminated deleted the applied state (it must be kept for audit)")
	}
	again, _ := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"), announce(1, "new", "/new", "rest", "1")), opts(t))
	ev := st.Ingest(again)
	if len(ev) != 1 || ev[0].Kind != EventUntrustedOrigin || !st.Revoked {
		t.Errorf("events %+v revoked %v", ev, st.Revoked)
	}
	wantStatuses(t, again, EntryAlreadyLoaded, EntryNotApplied)
	st.Retrust()
	again2, _ := parse(t, feed(t, "", announce(1, "new", "/new", "rest", "1")), opts(t))
	if ev := st.Ingest(again2); len(ev) != 0 || st.Resolve("new", t0()).URL != "https://example.com/new" {
		t.Errorf("after Retrust: events %+v", ev)
	}
}

// TestState_Section2_2_NoKeyLeavesTrust: a fetch whose DID does not
// resolve changes nothing, not even a terminated status.
func TestState_Section2_2_NoKeyLeavesTrust(t *testing.T) {
	var st State
	o := opts(t)
	o.DID = Related{Provided: true, Reason: "network_error"}
	f, _ := parse(t, feed(t, StatusTerminated, announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), o)
	if ev := st.Ingest(f); len(ev) != 0 || st.Revoked {
		t.Errorf("events %+v revoked %v", ev, st.Revoked)
	}
	if f.State != StateUntrusted {
		t.Errorf("state %s", f.State)
	}
}

func TestState_ZeroValueAndNil(t *testing.T) {
	var st State
	if ev := st.Ingest(nil); len(ev) != 0 {
		t.Error("Ingest(nil) emitted events")
	}
	if len(st.Endpoints()) != 0 || st.Resolve("x", t0()).State != ResolveUnknown || st.Revoked {
		t.Error("zero State is not an empty trusted origin")
	}
}
