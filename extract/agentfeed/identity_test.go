package agentfeed

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/did"
	"github.com/multiformats/go-multibase"
)

// didWith returns Options whose did.json is body.
func didWith(t *testing.T, body string) Options {
	o := opts(t)
	o.DID.Body = []byte(body)
	return o
}

// TestParse_Section3_4_SignerNamesKey: af:signer names the verification
// method; absolute and relative ids resolve; a feed may be signed partly
// by an old and partly by a new key, each entry verified under the key it
// claims (§3.5 rotation).
func TestParse_Section3_4_SignerNamesKey(t *testing.T) {
	o := opts(t)
	o.DID.Body = didBody(t, 1, 2) // #key-1 = key 1, #key-2 = key 2
	old := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	old.Signer = "did:web:example.com#key-1"
	rotated := announce(1, "b", "/b", "rest", "1")
	rotated.Key, rotated.Signer = key(2), "#key-2"
	claimsWrong := announce(2, "c", "/c", "rest", "1")
	claimsWrong.Key, claimsWrong.Signer = key(2), "#key-1"
	f, diags := parse(t, feed(t, "", old, rotated, claimsWrong), o)
	wantCodes(t, diags, "unverified-entry")
	wantStatuses(t, f, EntryApplied, EntryApplied, EntryUnverified)
	if f.Entries[1].KeyID != "did:web:example.com#key-2" || f.Entries[2].KeyID != "did:web:example.com#key-1" {
		t.Errorf("key ids %q %q", f.Entries[1].KeyID, f.Entries[2].KeyID)
	}
}

// TestParse_Section3_4_DefaultKey: without af:signer the first
// Ed25519VerificationKey2020 is used, even after a method of another type.
func TestParse_Section3_4_DefaultKey(t *testing.T) {
	body := `{"id":"did:web:example.com","verificationMethod":[
{"id":"#jwk","type":"JsonWebKey2020","controller":"did:web:example.com","publicKeyJwk":{}},
{"id":"#a","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKey(pub(1)) + `"},
{"id":"#b","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKey(pub(2)) + `"}]}`
	second := announce(1, "b", "/b", "rest", "1")
	second.Key = key(2)
	f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"), second), didWith(t, body))
	wantCodes(t, diags, "unverified-entry")
	wantStatuses(t, f, EntryApplied, EntryUnverified)
	if f.Entries[0].KeyID != "#a" {
		t.Errorf("key id %q", f.Entries[0].KeyID)
	}
}

// TestParse_Section3_4_UnknownSigner: a signer that names no method of
// did.json leaves the entry unverified.
func TestParse_Section3_4_UnknownSigner(t *testing.T) {
	e := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	e.Signer = "#key-7"
	f, diags := parse(t, feed(t, "", e), opts(t))
	wantCodes(t, diags, "unverified-entry")
	if !strings.Contains(diags[0].Message, "#key-7") || f.Entries[0].Verified {
		t.Errorf("diag %v", diags[0])
	}
}

// TestParse_Section3_4_DIDMalformed: a did.json with the wrong id, no
// usable key, or that is not JSON yields no key: did-malformed, nothing
// applied, feed untrusted but not invalid.
func TestParse_Section3_4_DIDMalformed(t *testing.T) {
	short, _ := multibase.Encode(multibase.Base58BTC, pub(1)[:31])
	cases := map[string]string{
		"wrong id":  strings.ReplaceAll(string(didBody(t, 1)), "did:web:example.com", "did:web:other.example"),
		"short key": strings.ReplaceAll(string(didBody(t, 1)), EncodePublicKey(pub(1)), short),
		"not json":  "<html>not found</html>",
		"no method": `{"id":"did:web:example.com","verificationMethod":[]}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), didWith(t, body))
			wantCodes(t, diags, "did-malformed")
			if f.State != StateUntrusted || f.Key != "malformed" || diags.HasErrors() || len(f.Endpoints) != 0 {
				t.Errorf("state %s key %s", f.State, f.Key)
			}
			wantStatuses(t, f, EntryNoKey)
		})
	}
}

// TestParse_Section3_4_MethodUnusable: the method an entry names exists
// but its key is not usable: did-malformed once, the entries have no key;
// entries using a good method still verify.
func TestParse_Section3_4_MethodUnusable(t *testing.T) {
	body := `{"id":"did:web:example.com","verificationMethod":[
{"id":"#good","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKey(pub(1)) + `"},
{"id":"#bad","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"fdeadbeef"}]}`
	a := announce(0, "a", "/a", "rest", "1")
	a.Signer = "#bad"
	b := announce(1, "b", "/b", "rest", "1")
	b.Signer = "#bad"
	c := announce(2, "c", "/c", "rest", "1")
	c.Signer = "#good"
	f, diags := parse(t, feed(t, "", a, b, c), didWith(t, body))
	wantCodes(t, diags, "did-malformed")
	wantStatuses(t, f, EntryNoKey, EntryNoKey, EntryApplied)
	if f.State != StateActive {
		t.Errorf("state %s", f.State)
	}
}

// TestParse_Section3_3_KeyForms: base64url ('u') and the 34-byte
// multicodec form resolve (specs README: agent-feed).
func TestParse_Section3_3_KeyForms(t *testing.T) {
	u, _ := multibase.Encode(multibase.Base64url, pub(1))
	mc, _ := multibase.Encode(multibase.Base58BTC, append([]byte{0xed, 0x01}, pub(1)...))
	for name, k := range map[string]string{"base64url": u, "multicodec": mc} {
		t.Run(name, func(t *testing.T) {
			body := strings.ReplaceAll(string(didBody(t, 1)), EncodePublicKey(pub(1)), k)
			f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), didWith(t, body))
			wantCodes(t, diags)
			if f.State != StateActive || !f.Entries[0].Verified {
				t.Errorf("state %s", f.State)
			}
		})
	}
}

// TestParse_Section3_4_HostWithPort: the DID of a non-default port is
// percent-encoded.
func TestParse_Section3_4_HostWithPort(t *testing.T) {
	didJSON, err := BuildDID("example.com:8443", DIDKey{Public: pub(1)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(didJSON), `"did:web:example.com%3A8443"`) {
		t.Fatalf("BuildDID: %s", didJSON)
	}
	o := Options{Host: "example.com:8443", DID: Related{Provided: true, Fetched: true, Body: didJSON}}
	f, diags := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), o)
	wantCodes(t, diags)
	if f.State != StateActive || f.Endpoints[0].URL != "https://example.com:8443/a2a/v1" {
		t.Errorf("state %s endpoints %+v", f.State, f.Endpoints)
	}
	o.Host = "example.com"
	if f, _ := parse(t, feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")), o); f.State != StateUntrusted {
		t.Errorf("port mismatch accepted: %s", f.State)
	}
}

// TestParse_Section6_3_SignatureEncoding: the signature is 64 bytes of
// base64url without padding; anything else cannot verify.
func TestParse_Section6_3_SignatureEncoding(t *testing.T) {
	good := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	content, sig, _ := SignPayload(key(1), good.Payload)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, sig[len(sig)-1])
	cases := map[string]string{
		"padded":   sig + "==",
		"standard": strings.NewReplacer("-", "+", "_", "/").Replace(sig) + "+/",
		"short":    sig[:80],
		"garbage":  "not a signature!",
		// Go's decoder skips line breaks, and reads a last character
		// whose unused bits are set unless strict.
		"line break":   sig[:40] + "\n" + sig[40:],
		"padding bits": sig[:len(sig)-1] + string(alphabet[last^1]),
	}
	for name, s := range cases {
		t.Run(name, func(t *testing.T) {
			e := good
			e.Content, e.Signature = content, s
			f, diags := parse(t, feed(t, "", e), opts(t))
			wantCodes(t, diags, "signature-encoding", "unverified-entry")
			if f.Entries[0].Verified {
				t.Error("verified")
			}
		})
	}
}

// TestParse_Section6_3_SignatureType: af:sig must say type="ed25519"; a
// missing type is still tried as Ed25519, another type is not.
func TestParse_Section6_3_SignatureType(t *testing.T) {
	body := feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"))
	noType := strings.Replace(string(body), `<af:sig type="ed25519">`, `<af:sig>`, 1)
	f, diags := parse(t, []byte(noType), opts(t))
	wantCodes(t, diags, "signature-type")
	if !f.Entries[0].Verified {
		t.Error("a signature without type was not verified as Ed25519")
	}
	rsa := strings.Replace(string(body), `<af:sig type="ed25519">`, `<af:sig type="rsa">`, 1)
	f, diags = parse(t, []byte(rsa), opts(t))
	wantCodes(t, diags, "signature-type", "unverified-entry")
	if f.Entries[0].Verified {
		t.Error("an rsa signature verified")
	}
}

// TestParse_Section3_4_DefaultKeyUnusable: entries without af:signer use
// the first Ed25519VerificationKey2020; when that method cannot verify,
// the origin has no resolvable key (§3.4), whatever other methods did.json
// holds, and the feed is untrusted, not active.
func TestParse_Section3_4_DefaultKeyUnusable(t *testing.T) {
	good := didBody(t, 9, 1) // key-1 is pub(9), key-2 pub(1)
	bad := bytes.Replace(good, []byte(did.EncodePublicKeyMultibase(pub(9))), []byte("z0000"), 1)
	if bytes.Equal(bad, good) {
		t.Fatal("did.json fixture unchanged")
	}
	o := opts(t)
	o.DID.Body = bad
	for _, tc := range []struct {
		name    string
		entries []EntrySpec
	}{
		{"entries without af:signer", []EntrySpec{announce(0, "a2a", "/a2a/v1", "a2a", "1.0")}},
		{"no entries", nil},
		{"entries naming a method did.json does not have", []EntrySpec{func() EntrySpec {
			e := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
			e.Signer = "did:web:example.com#key-9"
			return e
		}()}},
	} {
		f, diags := parse(t, feed(t, "", tc.entries...), o)
		if f.Key != "malformed" || f.State != StateUntrusted || f.Trusted || len(f.Endpoints) != 0 {
			t.Errorf("%s: key %s state %s trusted %v endpoints %v\n%s", tc.name, f.Key, f.State, f.Trusted, f.Endpoints, diagString(diags))
		}
		wantCodes(t, diags, "did-malformed")
	}
	// An entry naming the usable key-2 makes the key resolved.
	named := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	named.Signer = "did:web:example.com#key-2"
	f, diags := parse(t, feed(t, "", named), o)
	if f.Key != "resolved" || f.State != StateActive || len(f.Endpoints) != 1 {
		t.Errorf("named key-2: key %s state %s endpoints %v\n%s", f.Key, f.State, f.Endpoints, diagString(diags))
	}
}
