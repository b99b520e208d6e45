package extract

import (
	"testing"

	"github.com/agentpolicy/survey/extract/did"
	"github.com/agentpolicy/survey/registry"
)

// A did.json with no Ed25519VerificationKey2020 method is a DID document of
// another use (verifiable credentials, AT Protocol) at a domain without an
// agent feed: another format with one info, not an invalid key document.
// At a domain whose agent-feed.xml holds a file it is the feed's key
// document, and invalid.
func TestDIDAdapter_OtherUse(t *testing.T) {
	const (
		jwk = `{"@context": ["https://www.w3.org/ns/did/v1"], "id": "did:web:example.com",
  "verificationMethod": [{"id": "#k1", "type": "JsonWebKey2020", "controller": "did:web:example.com",
    "publicKeyJwk": {"kty": "EC", "crv": "secp256k1", "x": "AA", "y": "AA"}}]}`
		atproto = `{"id": "did:web:example.com", "service": [{"id": "#bsky_fg", "type": "BskyFeedGenerator", "serviceEndpoint": "https://example.com"}]}`
		legacy  = `{"@context": "https://w3id.org/did/v0.11", "id": "did:web:example.com",
  "publicKey": [{"id": "did:web:example.com#k1", "type": "Ed25519VerificationKey2018", "publicKeyBase58": "abc"}]}`
		badKey = `{"id": "did:web:example.com", "verificationMethod": [{"id": "#k1", "type": "Ed25519VerificationKey2020", "controller": "did:web:example.com", "publicKeyMultibase": "zzz"}]}`
		notDID = `{"id": "example.com", "verificationMethod": []}`
	)
	feed := func(loc registry.LocationID) (Related, bool) {
		if loc == registry.LocAgentFeed {
			return Related{Body: []byte("<feed/>"), Fetched: true}, true
		}
		return Related{}, false
	}
	noFeed := func(loc registry.LocationID) (Related, bool) {
		return Related{Fetched: false, Reason: "absent"}, true
	}
	for _, c := range []struct {
		name, body string
		related    func(registry.LocationID) (Related, bool)
		other      bool
		effective  string
		code       string // a code the diagnostics must hold
	}{
		{"JsonWebKey2020, feed absent", jwk, noFeed, true, did.EffectiveOtherFormat, "did.other-use"},
		{"JsonWebKey2020, nothing known of a feed", jwk, nil, true, did.EffectiveOtherFormat, "did.other-use"},
		{"services only", atproto, noFeed, true, did.EffectiveOtherFormat, "did.other-use"},
		{"pre-DID-Core publicKey", legacy, noFeed, true, did.EffectiveOtherFormat, "did.other-use"},
		{"JsonWebKey2020 beside a feed", jwk, feed, false, did.EffectiveMalformed, "did.no-ed25519-method"},
		{"an Ed25519VerificationKey2020 that does not decode", badKey, noFeed, false, did.EffectiveMalformed, "did.key-length"},
		{"an id that is no DID", notDID, noFeed, false, did.EffectiveMalformed, "did.bad-id"},
	} {
		doc := Parse(registry.DID, []byte(c.body), Input{Location: registry.LocDID, Host: "example.com", Related: c.related})
		if got := doc.OtherFormat == did.OtherFormatDIDCore; got != c.other || doc.Effective != c.effective || doc.Valid {
			t.Errorf("%s: other_format %q effective %q valid %v, want other %v effective %q invalid", c.name, doc.OtherFormat, doc.Effective, doc.Valid, c.other, c.effective)
		}
		found := false
		for _, d := range doc.Diagnostics {
			found = found || d.Code == c.code
		}
		if !found {
			t.Errorf("%s: no %s in %v", c.name, c.code, doc.Diagnostics)
		}
		if c.other && len(doc.Diagnostics) != 1 {
			t.Errorf("%s: %d diagnostics, want the other-use info alone: %v", c.name, len(doc.Diagnostics), doc.Diagnostics)
		}
	}
}
