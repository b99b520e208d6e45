package content

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/multiformats/go-multibase"
)

// The structures below read a feed and a did.json the way a reader would,
// independently of agentfeed.go.

type testFeed struct {
	XMLName     xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	SpecVersion string      `xml:"https://agent-feed.dev/ns/v0 spec-version"`
	Status      string      `xml:"https://agent-feed.dev/ns/v0 feed-status"`
	MigratedTo  string      `xml:"https://agent-feed.dev/ns/v0 migrated-to"`
	Entries     []testEntry `xml:"http://www.w3.org/2005/Atom entry"`
}

type testEntry struct {
	ID      string `xml:"http://www.w3.org/2005/Atom id"`
	Title   string `xml:"http://www.w3.org/2005/Atom title"`
	Updated string `xml:"http://www.w3.org/2005/Atom updated"`
	Type    string `xml:"https://agent-feed.dev/ns/v0 type"`
	Signer  string `xml:"https://agent-feed.dev/ns/v0 signer"`
	Content struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	} `xml:"http://www.w3.org/2005/Atom content"`
	Sig struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	} `xml:"https://agent-feed.dev/ns/v0 sig"`
}

type testDID struct {
	ID                 string `json:"id"`
	VerificationMethod []struct {
		ID                 string `json:"id"`
		Type               string `json:"type"`
		Controller         string `json:"controller"`
		PublicKeyMultibase string `json:"publicKeyMultibase"`
	} `json:"verificationMethod"`
}

func parseFeed(t *testing.T, body []byte) testFeed {
	t.Helper()
	var f testFeed
	if err := xml.Unmarshal(body, &f); err != nil {
		t.Fatalf("feed is not well-formed Atom: %v\n%s", err, body)
	}
	return f
}

// resolveKey decodes the first verification method's key per the README:
// 32 bytes raw, or 34 bytes with the 0xed01 multicodec prefix.
func resolveKey(t *testing.T, body []byte) (testDID, ed25519.PublicKey, bool) {
	t.Helper()
	var d testDID
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatalf("did.json: %v", err)
	}
	if len(d.VerificationMethod) == 0 {
		t.Fatalf("did.json has no verification method")
	}
	vm := d.VerificationMethod[0]
	if vm.Type != "Ed25519VerificationKey2020" || vm.Controller != d.ID || !strings.HasPrefix(vm.ID, d.ID+"#") {
		t.Errorf("verification method %+v does not belong to %s", vm, d.ID)
	}
	enc, key, err := multibase.Decode(vm.PublicKeyMultibase)
	if err != nil || (enc != multibase.Base58BTC && enc != multibase.Base64url) {
		return d, nil, false
	}
	if len(key) == 34 && key[0] == 0xed && key[1] == 0x01 {
		key = key[2:]
	}
	if len(key) != ed25519.PublicKeySize {
		return d, nil, false
	}
	return d, ed25519.PublicKey(key), true
}

// canonical re-encodes a JSON text per agent-feed v0 §6.2, with a decoder
// that keeps numbers as written.
func canonical(t *testing.T, text string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("content %q is not JSON: %v", text, err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// feedExpect is what a set's documents must show.
type feedExpect struct {
	status, specVersion string
	unverified          int  // entries whose signature does not verify
	didMissing          bool // no did.json
	keyOK               bool // the did.json key decodes to an Ed25519 key
	idOK                bool // the did.json id is did:web:<host>
	canonical           bool // every content is canonical JSON
	cardConsistent      bool
	noFeed              bool
	noCard              bool
	didCore             bool // a DID document of another use: no Ed25519VerificationKey2020 method
}

func feedExpectations() map[string]feedExpect {
	ok := feedExpect{status: "active", specVersion: "0", keyOK: true, idOK: true, canonical: true, cardConsistent: true}
	with := func(f func(*feedExpect)) feedExpect { e := ok; f(&e); return e }
	return map[string]feedExpect{
		"valid-active":           ok,
		"valid-base64url-key":    ok,
		"valid-multicodec-key":   ok,
		"terminated":             with(func(e *feedExpect) { e.status = "terminated" }),
		"migrated":               with(func(e *feedExpect) { e.status = "migrated" }),
		"bad-signature":          with(func(e *feedExpect) { e.unverified = 1 }),
		"unknown-entry-type":     ok,
		"non-canonical":          with(func(e *feedExpect) { e.canonical = false }),
		"deprecation-of-unknown": ok,
		"replay-mismatch":        ok,
		"spec-version-1":         with(func(e *feedExpect) { e.specVersion = "1" }),
		"unknown-feed-status":    with(func(e *feedExpect) { e.status = "paused" }),
		"did-missing":            with(func(e *feedExpect) { e.didMissing = true }),
		"did-wrong-id":           with(func(e *feedExpect) { e.idOK = false }),
		"did-malformed-key":      with(func(e *feedExpect) { e.keyOK = false }),
		"card-inconsistent":      with(func(e *feedExpect) { e.cardConsistent = false }),
		"a2a-card-only":          {noFeed: true, didMissing: true},
		"erc8004-card-only":      {noFeed: true, didMissing: true},
		"did-core-only":          {noFeed: true, noCard: true, didCore: true, idOK: true},
	}
}

// TestFeedSets_Section6_Signatures verifies every entry with the did.json
// key and crypto/ed25519, checks the key encodings, the did:web id, the
// feed-level elements and canonical form.
func TestFeedSets_Section6_Signatures(t *testing.T) {
	want := feedExpectations()
	sets := FeedSets()
	if len(sets) != len(want) {
		t.Errorf("%d feed sets, want %d", len(sets), len(want))
	}
	for _, s := range sets {
		e, ok := want[s.Name]
		if !ok {
			t.Errorf("unexpected feed set %s", s.Name)
			continue
		}
		for _, host := range testHosts() {
			t.Run(s.Name+"@"+host, func(t *testing.T) { checkFeedSet(t, s, e, host) })
		}
	}
}

func checkFeedSet(t *testing.T, s FeedSet, e feedExpect, host string) {
	if (s.Feed == nil) != e.noFeed || (s.DID == nil) != e.didMissing || (s.Card == nil) != e.noCard {
		t.Fatalf("members feed=%v did=%v card=%v", s.Feed != nil, s.DID != nil, s.Card != nil)
	}
	if e.didCore {
		var d struct {
			ID                 string `json:"id"`
			VerificationMethod []struct {
				Type string `json:"type"`
			} `json:"verificationMethod"`
		}
		if err := json.Unmarshal(s.DID.Body(host), &d); err != nil {
			t.Fatalf("did.json: %v", err)
		}
		if d.ID != DIDWeb(host) || len(d.VerificationMethod) == 0 || s.DID.Valid || s.DID.OtherFormat != "did-core" {
			t.Errorf("a DID document of another use: id %q for %s, %d methods, valid %v, other format %q", d.ID, host, len(d.VerificationMethod), s.DID.Valid, s.DID.OtherFormat)
		}
		for _, m := range d.VerificationMethod {
			if m.Type == "Ed25519VerificationKey2020" {
				t.Errorf("a DID document of another use has an Ed25519VerificationKey2020 method")
			}
		}
		return
	}
	var key ed25519.PublicKey
	if s.DID != nil {
		d, k, keyOK := resolveKey(t, s.DID.Body(host))
		if keyOK != e.keyOK {
			t.Errorf("key decodes: %v, want %v", keyOK, e.keyOK)
		}
		if idOK := d.ID == "did:web:"+strings.ReplaceAll(host, ":", "%3A"); idOK != e.idOK {
			t.Errorf("id %q for host %s: matches %v, want %v", d.ID, host, idOK, e.idOK)
		}
		if d.ID != DIDWeb(host) && e.idOK {
			t.Errorf("DIDWeb(%s) = %s, did.json says %s", host, DIDWeb(host), d.ID)
		}
		if s.DID.Valid != (e.keyOK && e.idOK) {
			t.Errorf("did.json labelled valid=%v", s.DID.Valid)
		}
		key = k
	}
	if s.Feed == nil {
		return
	}
	f := parseFeed(t, s.Feed.Body(host))
	if f.Status != e.status || f.SpecVersion != e.specVersion {
		t.Errorf("feed-status %q spec-version %q, want %q %q", f.Status, f.SpecVersion, e.status, e.specVersion)
	}
	if (f.Status == "migrated") != (f.MigratedTo != "") {
		t.Errorf("feed-status %s with migrated-to %q", f.Status, f.MigratedTo)
	}
	if len(f.Entries) == 0 {
		t.Fatal("feed has no entries")
	}
	unverified := 0
	for _, en := range f.Entries {
		if en.Content.Type != "application/json" || en.Sig.Type != "ed25519" || en.Title != en.Type {
			t.Errorf("entry %s: content type %q, sig type %q, title %q, type %q", en.ID, en.Content.Type, en.Sig.Type, en.Title, en.Type)
		}
		if !strings.HasPrefix(en.ID, "urn:af:"+host+":") {
			t.Errorf("entry id %q does not follow urn:af:<host>:<ms>", en.ID)
		}
		if en.Signer != "" && en.Signer != DIDWeb(host)+"#key-1" {
			t.Errorf("entry %s: signer %q", en.ID, en.Signer)
		}
		sig, err := base64.RawURLEncoding.DecodeString(en.Sig.Text)
		if err != nil || len(sig) != ed25519.SignatureSize {
			t.Errorf("entry %s: signature %q is not 64 bytes of unpadded base64url: %v", en.ID, en.Sig.Text, err)
			continue
		}
		if key != nil && !ed25519.Verify(key, []byte(en.Content.Text), sig) {
			unverified++
		}
		if c := canonical(t, en.Content.Text); (c == en.Content.Text) != e.canonical {
			t.Errorf("entry %s: content %s is canonical: %v, want %v", en.ID, en.Content.Text, c == en.Content.Text, e.canonical)
		}
	}
	if key != nil && unverified != e.unverified {
		t.Errorf("%d entries do not verify, want %d", unverified, e.unverified)
	}
	if key == nil && !e.didMissing {
		// A malformed did.json still holds the right key material: the
		// entries are signed by the set's key all the same.
		key = feedKey(s.Name).Public().(ed25519.PublicKey)
		for _, en := range f.Entries {
			sig, _ := base64.RawURLEncoding.DecodeString(en.Sig.Text)
			if !ed25519.Verify(key, []byte(en.Content.Text), sig) {
				t.Errorf("entry %s does not verify with the set's own key", en.ID)
			}
		}
	}
}

// TestFeedSets_Section8_BadSignatureDiffers checks the bad entry: it
// verifies with no key of any set, and its content differs from what was
// signed only in the endpoint.
func TestFeedSets_Section8_BadSignatureDiffers(t *testing.T) {
	for _, s := range FeedSets() {
		if s.Name != "bad-signature" {
			continue
		}
		f := parseFeed(t, s.Feed.Body("example.test"))
		bad := f.Entries[1]
		if !strings.Contains(bad.Content.Text, `"endpoint":"/api/v1/orders-beta"`) {
			t.Errorf("bad entry content %s", bad.Content.Text)
		}
		sig, _ := base64.RawURLEncoding.DecodeString(bad.Sig.Text)
		signed := strings.Replace(bad.Content.Text, "/orders-beta", "/orders", 1)
		if !ed25519.Verify(feedKey("bad-signature").Public().(ed25519.PublicKey), []byte(signed), sig) {
			t.Errorf("the bad entry's signature is not over the original content %s", signed)
		}
	}
}

// TestFeedSets_Section5_EntryTypes checks each set's sequence of entry
// types.
func TestFeedSets_Section5_EntryTypes(t *testing.T) {
	want := map[string]string{
		"valid-active":           "endpoint-announcement endpoint-announcement schema-change endpoint-announcement deprecation",
		"unknown-entry-type":     "endpoint-announcement status",
		"deprecation-of-unknown": "endpoint-announcement deprecation",
		"replay-mismatch":        "endpoint-announcement endpoint-announcement",
	}
	for _, s := range FeedSets() {
		w, ok := want[s.Name]
		if !ok || s.Feed == nil {
			continue
		}
		f := parseFeed(t, s.Feed.Body("example.test"))
		var types []string
		for _, e := range f.Entries {
			types = append(types, e.Type)
		}
		if got := strings.Join(types, " "); got != w {
			t.Errorf("%s: entry types %q, want %q", s.Name, got, w)
		}
		if s.Name == "replay-mismatch" && (f.Entries[0].ID != f.Entries[1].ID || f.Entries[0].Content.Text == f.Entries[1].Content.Text) {
			t.Errorf("replay-mismatch: ids %s %s, contents %s %s", f.Entries[0].ID, f.Entries[1].ID, f.Entries[0].Content.Text, f.Entries[1].Content.Text)
		}
	}
}

// endpointState applies a feed's verified entries per §2.4 (announcements
// upsert, schema changes update the version, repeated ids are skipped) and
// returns endpoint-id -> "endpoint version".
func endpointState(t *testing.T, f testFeed, key ed25519.PublicKey) map[string]string {
	t.Helper()
	type rec struct{ endpoint, version string }
	state := map[string]rec{}
	applied := map[string]bool{}
	for _, e := range f.Entries {
		sig, _ := base64.RawURLEncoding.DecodeString(e.Sig.Text)
		if key != nil && !ed25519.Verify(key, []byte(e.Content.Text), sig) {
			continue
		}
		if applied[e.ID] {
			continue
		}
		applied[e.ID] = true
		var p map[string]any
		if err := json.Unmarshal([]byte(e.Content.Text), &p); err != nil {
			t.Fatal(err)
		}
		id, _ := p["endpoint-id"].(string)
		switch e.Type {
		case "endpoint-announcement":
			state[id] = rec{p["endpoint"].(string), p["version"].(string)}
		case "schema-change":
			r := state[id]
			r.version = p["to-version"].(string)
			state[id] = r
		}
	}
	out := map[string]string{}
	for id, r := range state {
		out[id] = r.endpoint + " " + r.version
	}
	return out
}

// TestFeedSets_Section4_3_CardConsistency checks that each snapshot card
// lists exactly the endpoints the feed leaves, and that its url is the a2a
// endpoint, except for the card-inconsistent set.
func TestFeedSets_Section4_3_CardConsistency(t *testing.T) {
	want := feedExpectations()
	for _, s := range FeedSets() {
		if s.Feed == nil {
			continue
		}
		f := parseFeed(t, s.Feed.Body("example.test"))
		var key ed25519.PublicKey
		if s.DID != nil {
			_, key, _ = resolveKey(t, s.DID.Body("example.test"))
		}
		state := endpointState(t, f, key)
		var card struct {
			URL       string `json:"url"`
			Endpoints []struct {
				ID       string `json:"endpoint-id"`
				Endpoint string `json:"endpoint"`
				Version  string `json:"version"`
			} `json:"endpoints"`
		}
		if err := json.Unmarshal(s.Card.Body("example.test"), &card); err != nil {
			t.Fatalf("%s: card: %v", s.Name, err)
		}
		got := map[string]string{}
		for _, ep := range card.Endpoints {
			got[ep.ID] = ep.Endpoint + " " + ep.Version
		}
		consistent := len(got) == len(state) && strings.HasPrefix(state["a2a"], card.URL+" ")
		for id, v := range state {
			consistent = consistent && got[id] == v
		}
		if consistent != want[s.Name].cardConsistent {
			t.Errorf("%s: card %v (url %s) vs feed %v: consistent %v, want %v", s.Name, got, card.URL, state, consistent, want[s.Name].cardConsistent)
		}
		if s.Card.Valid != consistent {
			t.Errorf("%s: card labelled valid=%v", s.Name, s.Card.Valid)
		}
	}
}

func TestFeedSets_A2ACardNamesHost(t *testing.T) {
	for _, s := range FeedSets() {
		if s.Name != "a2a-card-only" {
			continue
		}
		var card struct {
			Name   string           `json:"name"`
			URL    string           `json:"url"`
			Skills []map[string]any `json:"skills"`
		}
		if err := json.Unmarshal(s.Card.Body("127.0.0.1:8443"), &card); err != nil {
			t.Fatal(err)
		}
		if card.URL != "https://127.0.0.1:8443/a2a/v1" || card.Name == "" || len(card.Skills) != 1 {
			t.Errorf("A2A card %+v", card)
		}
	}
}

// TestCanonicalJSON_Section5_Examples checks the canonical encoder against
// the spec's concrete payload examples, written out by hand in §6.2 form.
func TestCanonicalJSON_Section5_Examples(t *testing.T) {
	cases := []struct {
		in   map[string]any
		want string
	}{
		{ // §5.2
			map[string]any{"asserted-at": "2026-04-27T12:00:00Z", "endpoint": "https://example.com/a2a/v1", "endpoint-id": "a2a", "protocol": "a2a", "version": "1.0"},
			`{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"https://example.com/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}`,
		},
		{ // §5.3: nested object keys sorted, array order kept
			map[string]any{"to-version": "1.1", "migration": map[string]any{"rename": map[string]any{"amount": "total"}, "add": []any{"currency", "alpha"}}, "from-version": "1.0", "endpoint-id": "orders-api", "effective-at": "2026-04-27T13:00:00Z"},
			`{"effective-at":"2026-04-27T13:00:00Z","endpoint-id":"orders-api","from-version":"1.0","migration":{"add":["currency","alpha"],"rename":{"amount":"total"}},"to-version":"1.1"}`,
		},
		{ // §5.4, with a null and characters HTML escaping would change
			map[string]any{"sunset": "2026-10-01T00:00:00Z", "replacement": nil, "reason": "a<b & c>d", "endpoint-id": "orders-api-v1", "announced-at": "2026-04-27T14:00:00Z"},
			`{"announced-at":"2026-04-27T14:00:00Z","endpoint-id":"orders-api-v1","reason":"a<b & c>d","replacement":null,"sunset":"2026-10-01T00:00:00Z"}`,
		},
		{ // §6.2: integers without a decimal point, booleans
			map[string]any{"b": true, "a": 42, "c": false},
			`{"a":42,"b":true,"c":false}`,
		},
	}
	for _, c := range cases {
		if got := string(canonicalJSON(c.in)); got != c.want {
			t.Errorf("canonicalJSON:\n got %s\nwant %s", got, c.want)
		}
	}
}

// TestFeedKeys_Encodings checks the three key encodings of the README.
func TestFeedKeys_Encodings(t *testing.T) {
	pub := feedKey("x").Public().(ed25519.PublicKey)
	if s := keyBase58(pub); s[0] != 'z' {
		t.Errorf("base58btc key %q", s)
	}
	if s := keyBase64URL(pub); s[0] != 'u' || strings.ContainsAny(s, "=+/") || len(s) != 1+43 {
		t.Errorf("base64url key %q: want 'u' and 43 unpadded base64url characters", s)
	}
	if s := keyMulticodec(pub); !strings.HasPrefix(s, "z6Mk") {
		t.Errorf("multicodec key %q does not start z6Mk like every Ed25519 multikey", s)
	}
	if bytes.Equal(feedKey("a"), feedKey("b")) || !bytes.Equal(feedKey("a"), feedKey("a")) {
		t.Error("feed keys are not distinct per label and stable")
	}
}
