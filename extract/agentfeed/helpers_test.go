package agentfeed

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

// key returns the deterministic test key of seed byte b.
func key(b byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{b}, ed25519.SeedSize))
}

func pub(b byte) ed25519.PublicKey { return key(b).Public().(ed25519.PublicKey) }

const host = "example.com"

// t0 is the time of the specification's examples.
func t0() time.Time { return time.Date(2026, time.April, 27, 12, 0, 0, 0, time.UTC) }

// at returns t0 plus minutes.
func at(minutes int) time.Time { return t0().Add(time.Duration(minutes) * time.Minute) }

func ts(minutes int) string { return at(minutes).Format(time.RFC3339) }

// didBody is a did.json for host with the keys of the given seeds.
func didBody(t testing.TB, seeds ...byte) []byte {
	t.Helper()
	var keys []DIDKey
	for _, s := range seeds {
		keys = append(keys, DIDKey{Public: pub(s)})
	}
	b, err := BuildDID(host, keys...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// opts returns Options for host with a did.json holding key 1 and no card.
func opts(t testing.TB) Options {
	return Options{Host: host, DID: Related{Provided: true, Fetched: true, Body: didBody(t, 1), URL: "https://example.com/.well-known/did.json"}}
}

func announce(id int, endpointID, endpoint, protocol, version string) EntrySpec {
	return EntrySpec{ID: fmt.Sprintf("urn:af:example.com:%d", id), Updated: at(id), Type: TypeEndpointAnnouncement, Key: key(1),
		Payload: Announcement{EndpointID: endpointID, Endpoint: endpoint, Protocol: protocol, Version: version, AssertedAt: ts(id)}}
}

func schemaChange(id int, endpointID, from, to string, delta any) EntrySpec {
	return EntrySpec{ID: fmt.Sprintf("urn:af:example.com:%d", id), Updated: at(id), Type: TypeSchemaChange, Key: key(1),
		Payload: map[string]any{"endpoint-id": endpointID, "from-version": from, "to-version": to, "effective-at": ts(id), "migration": delta}}
}

func deprecation(id int, endpointID, sunset string, replacement any) EntrySpec {
	return EntrySpec{ID: fmt.Sprintf("urn:af:example.com:%d", id), Updated: at(id), Type: TypeDeprecation, Key: key(1),
		Payload: map[string]any{"endpoint-id": endpointID, "announced-at": ts(id), "sunset": sunset, "replacement": replacement, "reason": nil}}
}

// feed builds a feed of entries with the given status.
func feed(t testing.TB, status string, entries ...EntrySpec) []byte {
	t.Helper()
	b, err := BuildFeed(FeedSpec{ID: "https://example.com/.well-known/agent-feed.xml", Title: "Agent feed of example.com",
		Updated: t0(), Status: status, Entries: entries})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// parse parses body and checks invariants every result must meet.
func parse(t testing.TB, body []byte, o Options) (*Feed, diag.List) {
	t.Helper()
	f, diags := Parse(body, o)
	checkInvariants(t, body, f, diags)
	return f, diags
}

func checkInvariants(t testing.TB, body []byte, f *Feed, diags diag.List) {
	t.Helper()
	if f == nil {
		t.Fatal("Parse returned a nil feed")
	}
	cat := diag.Catalogue(Codes())
	lines := 1 + lines.Count(body)
	for _, d := range diags {
		c, ok := cat.Lookup(d.Code)
		if !ok {
			t.Fatalf("emitted code %s is not in Codes()", d.Code)
		}
		if c.Severity != d.Severity || c.Spec != d.Spec {
			t.Fatalf("diagnostic %v does not match its catalogue entry %+v", d, c)
		}
		if d.Line < 0 || d.Line > lines {
			t.Fatalf("diagnostic line %d outside 0..%d: %v", d.Line, lines, d)
		}
	}
	if f.State == StateInvalid && !diags.HasErrors() {
		t.Fatalf("state invalid without an error diagnostic: %v", diags)
	}
	s := f.Summary()
	if s.Verified+s.Unverified != s.Entries || s.Applied > s.Verified || s.Canonical > s.Entries {
		t.Fatalf("inconsistent summary %+v", s)
	}
	if (f.State == StateActive) != (f.Trusted && f.Key == "resolved") {
		t.Fatalf("state %s but trusted=%v key=%s", f.State, f.Trusted, f.Key)
	}
	if len(f.Endpoints) > 0 && f.State == StateInvalid {
		t.Fatal("endpoints on an invalid feed")
	}
	if _, err := json.Marshal(f); err != nil {
		t.Fatalf("feed is not JSON-encodable: %v", err)
	}
}

// codes returns the diagnostic codes (without the agent-feed. prefix) in
// order, leaving out card-unchecked unless keepCard.
func codes(diags diag.List) []string {
	out := []string{}
	for _, d := range diags {
		if d.Code == codeCardUnchecked.ID {
			continue
		}
		out = append(out, strings.TrimPrefix(d.Code, "agent-feed."))
	}
	return out
}

func wantCodes(t testing.TB, diags diag.List, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	got := codes(diags)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("codes = %v\nwant    %v\n%s", got, want, diagString(diags))
	}
}

func diagString(diags diag.List) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// statuses returns the entries' statuses.
func statuses(f *Feed) []string {
	out := []string{}
	for _, e := range f.Entries {
		out = append(out, e.Status)
	}
	return out
}

func wantStatuses(t testing.TB, f *Feed, want ...string) {
	t.Helper()
	if got := statuses(f); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("entry statuses = %v, want %v", got, want)
	}
}

// sortedDiags returns diags sorted as extract.Parse sorts them.
func sortedDiags(d diag.List) diag.List {
	out := append(diag.List(nil), d...)
	out.Sort()
	return out
}

func mustValue(t testing.TB, s string) canonjson.Value {
	t.Helper()
	v, err := canonjson.Parse([]byte(s), canonjson.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}
