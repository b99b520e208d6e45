package agentfeed

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/did"
)

// TestSignPayload_Section8_SigningRoundtrip: sign-then-verify with the same
// key succeeds; with a different key, or over a tampered payload, fails.
func TestSignPayload_Section8_SigningRoundtrip(t *testing.T) {
	payload := Announcement{EndpointID: "a2a", Endpoint: "https://example.com/a2a/v1", Protocol: "a2a", Version: "1.0", AssertedAt: "2026-04-27T12:00:00Z"}
	content, sig, err := SignPayload(key(1), payload)
	if err != nil {
		t.Fatal(err)
	}
	if string(content) != `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"https://example.com/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}` {
		t.Errorf("content %s", content)
	}
	raw, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || len(raw) != ed25519.SignatureSize || strings.ContainsAny(sig, "=+/") {
		t.Fatalf("signature %q: %v", sig, err)
	}
	if !ed25519.Verify(pub(1), content, raw) {
		t.Error("same key: does not verify")
	}
	if ed25519.Verify(pub(2), content, raw) {
		t.Error("different key: verifies")
	}
	tampered := []byte(strings.Replace(string(content), "1.0", "1.1", 1))
	if ed25519.Verify(pub(1), tampered, raw) {
		t.Error("tampered payload: verifies")
	}
	if _, _, err := SignPayload(key(1), map[string]any{"f": func() {}}); err == nil {
		t.Error("unencodable payload: no error")
	}
}

// TestBuildDID_Section3_3: the producer's did.json is a valid document for
// the host, with the keys in order.
func TestBuildDID_Section3_3(t *testing.T) {
	b, err := BuildDID("example.com", DIDKey{Public: pub(1)}, DIDKey{ID: "#rotated", Public: pub(2)})
	if err != nil {
		t.Fatal(err)
	}
	doc, diags := did.Parse(b, "example.com")
	if len(diags) != 0 || !doc.OK || len(doc.Methods) != 2 || doc.Methods[0].ID != "did:web:example.com#key-1" || doc.Methods[1].ID != "#rotated" {
		t.Errorf("doc %+v diags %v", doc, diags)
	}
	if EncodePublicKey(pub(1)) != doc.Methods[0].PublicKeyMultibase || doc.Methods[0].PublicKeyMultibase[0] != 'z' {
		t.Errorf("key encoding %q", doc.Methods[0].PublicKeyMultibase)
	}
	if _, err := BuildDID("example.com", DIDKey{Public: pub(1)[:31]}); err == nil {
		t.Error("short key: no error")
	}
}

// TestBuildFeed_RoundTrip: what BuildFeed writes, Parse reads back
// exactly, escaping included.
func TestBuildFeed_RoundTrip(t *testing.T) {
	e := announce(0, "a&b", "/q?a=<1>&b=\"2\"", "a2a", "1.0")
	e.Title = "Title with <markup> & \"quotes\""
	body, err := BuildFeed(FeedSpec{ID: "urn:x", Title: "T & T", Updated: t0(), Entries: []EntrySpec{e}})
	if err != nil {
		t.Fatal(err)
	}
	f, diags := parse(t, body, opts(t))
	wantCodes(t, diags, "title-differs")
	got := f.Entries[0]
	want, _ := json.Marshal(e.Payload)
	var a, b any
	_ = json.Unmarshal(want, &a)
	_ = json.Unmarshal(got.Payload, &b)
	if f.Title != "T & T" || got.Title != e.Title || !got.Verified || !got.Canonical || !jsonEqual(a, b) {
		t.Errorf("round trip: %+v", got)
	}
	if _, err := BuildFeed(FeedSpec{Entries: []EntrySpec{{Payload: map[string]any{"x": func() {}}}}}); err == nil {
		t.Error("unencodable payload: no error")
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
