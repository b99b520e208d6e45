package did

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/multiformats/go-multibase"
)

// testKey returns a deterministic key pair for seed byte b.
func testKey(b byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{b}, ed25519.SeedSize))
}

func pub(b byte) ed25519.PublicKey { return testKey(b).Public().(ed25519.PublicKey) }

// doc builds a did.json with one Ed25519VerificationKey2020 method.
func doc(id, controller, key string) string {
	return fmt.Sprintf(`{
  "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/ed25519-2020/v1"],
  "id": %q,
  "verificationMethod": [{
    "id": "%s#key-1",
    "type": "Ed25519VerificationKey2020",
    "controller": %q,
    "publicKeyMultibase": %q
  }]
}`, id, id, controller, key)
}

// codes returns the codes of a diagnostic list, in order.
func codes(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

func checkCodes(t *testing.T, l diag.List, want ...string) {
	t.Helper()
	got := codes(l)
	if want == nil {
		want = []string{}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("codes = %v, want %v\n%v", got, want, l)
	}
	checkCatalogued(t, l)
}

func checkCatalogued(t *testing.T, l diag.List) {
	t.Helper()
	cat := diag.Catalogue(Codes())
	for _, d := range l {
		c, ok := cat.Lookup(d.Code)
		if !ok {
			t.Errorf("emitted code %s is not in Codes()", d.Code)
			continue
		}
		if c.Severity != d.Severity || c.Spec != d.Spec {
			t.Errorf("diagnostic %v does not match its catalogue entry %+v", d, c)
		}
	}
}

func TestCodes_Catalogue(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.HasPrefix(c.ID, "did.") {
			t.Errorf("code %s is not in the did namespace", c.ID)
		}
	}
}

// TestParse_Section3_3_Valid: a document with id did:web:<host> and one
// Ed25519VerificationKey2020 method whose key is the raw 32 bytes.
func TestParse_Section3_3_Valid(t *testing.T) {
	d, diags := Parse([]byte(doc("did:web:example.com", "did:web:example.com", EncodePublicKeyMultibase(pub(1)))), "example.com")
	checkCodes(t, diags)
	if d == nil || !d.OK || d.ID != "did:web:example.com" || d.Host != "example.com" || len(d.Methods) != 1 {
		t.Fatalf("doc = %+v", d)
	}
	m := d.Methods[0]
	if !m.Usable() || !bytes.Equal(m.Key, pub(1)) || m.KeyForm != KeyRaw || m.Line != 4 || m.ID != "did:web:example.com#key-1" {
		t.Errorf("method = %+v", m)
	}
}

// TestParse_Section3_4_IDMatchesHost: id must be did:web:<host> for the
// queried host; a non-default port is percent-encoded as %3A.
func TestParse_Section3_4_IDMatchesHost(t *testing.T) {
	key := EncodePublicKeyMultibase(pub(1))
	cases := []struct {
		id, host string
		want     []string
		ok       bool
	}{
		{"did:web:example.com", "example.com", nil, true},
		{"did:web:EXAMPLE.com", "example.COM", nil, true},
		{"did:web:example.com%3A8443", "example.com:8443", nil, true},
		{"did:web:example.com%3a8443", "example.com:8443", nil, true},
		{"did:web:xn--bcher-kva.example", "bücher.example", nil, true},
		{"did:web:example.com:8443", "example.com:8443", []string{"did.id-mismatch"}, false},
		{"did:web:example.com", "example.com:8443", []string{"did.id-mismatch"}, false},
		{"did:web:other.example", "example.com", []string{"did.id-mismatch"}, false},
		{"did:web:example.com:users:alice", "example.com", []string{"did.id-mismatch"}, false},
		{"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", "example.com", []string{"did.bad-id"}, false},
		{"did:web:", "example.com", []string{"did.bad-id"}, false},
		{"did:web:exa%ZZmple.com", "example.com", []string{"did.bad-id"}, false},
		{"did:web:example.com", "", []string{"did.host-unchecked"}, true},
		// Without a host the form is still checked: a path is no host.
		{"did:web:example.com:users:alice", "", []string{"did.bad-id"}, false},
		{"did:web:example.com:8443", "", []string{"did.bad-id"}, false},
	}
	for _, c := range cases {
		d, diags := Parse([]byte(doc(c.id, c.id, key)), c.host)
		t.Run(c.id+"@"+c.host, func(t *testing.T) {
			checkCodes(t, diags, c.want...)
			if d == nil || d.OK != c.ok {
				t.Errorf("OK = %v, want %v", d != nil && d.OK, c.ok)
			}
		})
	}
	_, diags := Parse([]byte(doc("did:web:example.com:8443", "did:web:example.com:8443", key)), "example.com:8443")
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "%3A") {
		t.Errorf("port hint missing: %v", diags)
	}
}

// TestParse_Hints: a key or document v0 cannot read gets a message that
// says what the publisher wrote instead, as real did.json files do: plain
// base64 in publicKeyMultibase, another multibase encoding, the key in
// publicKeyJwk, or a DID resolution result instead of the document.
func TestParse_Hints(t *testing.T) {
	raw := pub(3)
	std := base64.StdEncoding.EncodeToString(raw)
	for std[0] == 'z' || std[0] == 'u' { // keep it a prefix error
		raw[0]++
		std = base64.StdEncoding.EncodeToString(raw)
	}
	hex, _ := multibase.Encode(multibase.Base16, raw)
	jwk := `{"id":"did:web:example.com","verificationMethod":[{"id":"did:web:example.com#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyJwk":{"kty":"OKP","crv":"Ed25519","x":"AAAA"}}]}`
	cases := []struct {
		name, body string
		codes      []string
		want       string // in the first diagnostic's message
	}{
		{"plain base64", doc("did:web:example.com", "did:web:example.com", std), []string{"did.key-multibase-prefix"}, "32-byte key in base64 with no multibase prefix"},
		{"base16", doc("did:web:example.com", "did:web:example.com", hex), []string{"did.key-multibase-prefix"}, "multibase base16"},
		{"long base36", doc("did:web:example.com", "did:web:example.com", "k"+strings.Repeat("9", 1<<16)), []string{"did.key-multibase-prefix"}, "only 'z' and 'u' are accepted"},
		{"jwk", jwk, []string{"did.missing-public-key"}, "as `publicKeyJwk`"},
		{"resolution result", `{"didDocument":` + doc("did:web:example.com", "did:web:example.com", EncodePublicKeyMultibase(raw)) + `}`,
			[]string{"did.missing-id", "did.missing-verification-method"}, "as a DID resolution result does"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Parse([]byte(c.body), "example.com")
			checkCodes(t, diags, c.codes...)
			if len(diags) > 0 && !strings.Contains(diags[0].Message, c.want) {
				t.Errorf("message %q does not say %q", diags[0].Message, c.want)
			}
		})
	}
}

// TestParse_Section3_3_Keys: publicKeyMultibase 'z' or 'u'; 32 bytes raw;
// 34 bytes with 0xed 0x01 accepted with a warning; anything else malformed.
func TestParse_Section3_3_Keys(t *testing.T) {
	raw := pub(2)
	u, _ := multibase.Encode(multibase.Base64url, raw)
	mc, _ := multibase.Encode(multibase.Base58BTC, append([]byte{0xed, 0x01}, raw...))
	short, _ := multibase.Encode(multibase.Base58BTC, raw[:31])
	wrongCodec, _ := multibase.Encode(multibase.Base58BTC, append([]byte{0xe7, 0x01}, raw...))
	hex, _ := multibase.Encode(multibase.Base16, raw)
	padded := "u" + base64.URLEncoding.EncodeToString(raw)
	cases := []struct {
		name, key string
		want      []string
		form      KeyForm
	}{
		{"base58btc raw", EncodePublicKeyMultibase(raw), nil, KeyRaw},
		{"base64url raw", u, nil, KeyRaw},
		{"multicodec", mc, []string{"did.key-multicodec"}, KeyMulticodec},
		{"31 bytes", short, []string{"did.key-length"}, ""},
		{"secp256k1 multicodec", wrongCodec, []string{"did.key-length"}, ""},
		{"hex prefix", hex, []string{"did.key-multibase-prefix"}, ""},
		{"no prefix", strings.TrimPrefix(EncodePublicKeyMultibase(raw), "z"), []string{"did.key-multibase-prefix"}, ""},
		{"base58 with 0", "z0" + strings.Repeat("1", 40), []string{"did.key-encoding"}, ""},
		{"padded base64url", padded, []string{"did.key-encoding"}, ""},
		{"too long", "z" + strings.Repeat("2", 5000), []string{"did.key-encoding"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, diags := Parse([]byte(doc("did:web:example.com", "did:web:example.com", c.key)), "example.com")
			checkCodes(t, diags, c.want...)
			m := d.Methods[0]
			if m.KeyForm != c.form || m.Usable() != (c.form != "") {
				t.Errorf("method = %+v", m)
			}
			if c.form != "" && !bytes.Equal(m.Key, raw) {
				t.Errorf("key = %x, want %x", m.Key, raw)
			}
			if d.OK != (c.form != "") {
				t.Errorf("OK = %v", d.OK)
			}
		})
	}
}

// TestParse_Section3_3_Controller: the controller must be the DID itself.
func TestParse_Section3_3_Controller(t *testing.T) {
	d, diags := Parse([]byte(doc("did:web:example.com", "did:web:evil.example", EncodePublicKeyMultibase(pub(1)))), "example.com")
	checkCodes(t, diags, "did.controller-mismatch")
	if d.OK || d.Methods[0].Usable() {
		t.Errorf("controller mismatch left the method usable: %+v", d)
	}
}

// TestParse_Section3_3_VerificationMethods: an array with at least one
// entry; other types are ignored; ids are unique.
func TestParse_Section3_3_VerificationMethods(t *testing.T) {
	key := EncodePublicKeyMultibase(pub(1))
	cases := []struct {
		name, body string
		want       []string
		ok         bool
	}{
		{"missing", `{"id":"did:web:example.com"}`, []string{"did.missing-verification-method"}, false},
		{"empty", `{"id":"did:web:example.com","verificationMethod":[]}`, []string{"did.missing-verification-method"}, false},
		{"object", `{"id":"did:web:example.com","verificationMethod":{}}`, []string{"did.field-type"}, false},
		{"element not object", `{"id":"did:web:example.com","verificationMethod":["x"]}`, []string{"did.field-type", "did.no-ed25519-method"}, false},
		{"other type only", `{"id":"did:web:example.com","verificationMethod":[{"id":"#k","type":"JsonWebKey2020","controller":"did:web:example.com","publicKeyJwk":{}}]}`,
			[]string{"did.other-method-type", "did.no-ed25519-method"}, false},
		{"other type then ed25519", `{"id":"did:web:example.com","verificationMethod":[{"id":"#jwk","type":"JsonWebKey2020"},{"id":"#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + key + `"}]}`,
			[]string{"did.other-method-type"}, true},
		{"missing id", `{"id":"did:web:example.com","verificationMethod":[{"type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + key + `"}]}`,
			[]string{"did.method-missing-id"}, true},
		{"duplicate id", `{"id":"did:web:example.com","verificationMethod":[{"id":"#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + key + `"},{"id":"#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + key + `"}]}`,
			[]string{"did.duplicate-method-id"}, true},
		{"missing key", `{"id":"did:web:example.com","verificationMethod":[{"id":"#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com"}]}`,
			[]string{"did.missing-public-key"}, false},
		{"key not string", `{"id":"did:web:example.com","verificationMethod":[{"id":"#k","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":32}]}`,
			[]string{"did.field-type", "did.missing-public-key"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, diags := Parse([]byte(c.body), "example.com")
			checkCodes(t, diags, c.want...)
			if d == nil || d.OK != c.ok {
				t.Errorf("doc = %+v, want OK %v", d, c.ok)
			}
		})
	}
}

// TestParse_Section3_3_LegacyPublicKey: a document of the pre-DID-Core
// drafts lists its keys under publicKey; it still has no
// verificationMethod, and the diagnostic says where its keys are, on the
// publicKey line.
func TestParse_Section3_3_LegacyPublicKey(t *testing.T) {
	body := "{\"id\": \"did:web:example.com\",\n\"publicKey\": [{\"id\": \"#k\", \"type\": \"Ed25519VerificationKey2018\"}]}"
	d, diags := Parse([]byte(body), "example.com")
	checkCodes(t, diags, "did.missing-verification-method")
	if d == nil || d.OK || diags[0].Line != 2 || !strings.Contains(diags[0].Message, "`publicKey`") {
		t.Errorf("doc = %+v, diags %v", d, diags)
	}
}

// TestParse_TypeMessages: a wrong type is named with its article.
func TestParse_TypeMessages(t *testing.T) {
	_, diags := Parse([]byte(`{"id":"did:web:example.com","verificationMethod":{}}`), "example.com")
	if len(diags) != 1 || diags[0].Message != "`verificationMethod` is an object, not an array" {
		t.Errorf("diags = %v", diags)
	}
}

func TestParse_NotADocument(t *testing.T) {
	cases := []struct {
		name, body string
		want       string
		line       int
	}{
		{"empty", "", "did.not-json", 0},
		{"white space", "\n \n", "did.not-json", 0},
		{"syntax", "{\n\"id\": }", "did.not-json", 2},
		{"nan", `{"id":"did:web:example.com","x":NaN}`, "did.not-json", 1},
		{"array", `[{"id":"did:web:example.com"}]`, "did.not-object", 1},
		{"string", `"did:web:example.com"`, "did.not-object", 1},
		{"utf8", "{\"id\":\"did:web:ex\xffample.com\"}", "did.invalid-utf8", 1},
		{"nul", "{\"id\":\x00}", "did.nul-byte", 1},
		{"nul in string", "{\"id\":\"a\x00\"}", "did.nul-byte", 1},
		{"deep", `{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`, "did.too-deep", 1},
		{"large", `{"x":"` + strings.Repeat("a", MaxBytes) + `"}`, "did.too-large", 0},
		{"html", "<!doctype html><title>404</title>", "did.not-json", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, diags := Parse([]byte(c.body), "example.com")
			checkCodes(t, diags, c.want)
			if d != nil {
				t.Errorf("doc = %+v, want nil", d)
			}
			if len(diags) == 1 && diags[0].Line != c.line {
				t.Errorf("line = %d, want %d", diags[0].Line, c.line)
			}
		})
	}
}

func TestParse_BOMAndDuplicateKeys(t *testing.T) {
	body := "\xef\xbb\xbf" + doc("did:web:example.com", "did:web:example.com", EncodePublicKeyMultibase(pub(1)))
	d, diags := Parse([]byte(body), "example.com")
	checkCodes(t, diags, "did.bom")
	if !d.OK {
		t.Error("BOM made the document unusable")
	}
	d, diags = Parse([]byte(`{"id":"did:web:example.com","id":"did:web:evil.example","verificationMethod":[]}`), "example.com")
	checkCodes(t, diags, "did.duplicate-key", "did.missing-verification-method")
	if d.ID != "did:web:example.com" {
		t.Errorf("first member should stand: %q", d.ID)
	}
}

// TestLookup_Section3_4_Signer: af:signer names a method id, absolute or
// relative to the DID; without a signer the first Ed25519 method is used.
func TestLookup_Section3_4_Signer(t *testing.T) {
	body := `{"id":"did:web:example.com","verificationMethod":[
{"id":"#jwk","type":"JsonWebKey2020"},
{"id":"did:web:example.com#old","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKeyMultibase(pub(1)) + `"},
{"id":"#new","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKeyMultibase(pub(2)) + `"}]}`
	d, diags := Parse([]byte(body), "example.com")
	checkCodes(t, diags, "did.other-method-type")
	for signer, want := range map[string]ed25519.PublicKey{
		"did:web:example.com#old": pub(1),
		"#old":                    pub(1),
		"#new":                    pub(2),
		"did:web:example.com#new": pub(2),
	} {
		m, ok := d.Lookup(signer)
		if !ok || !bytes.Equal(m.Key, want) {
			t.Errorf("Lookup(%q) = %+v, %v", signer, m, ok)
		}
	}
	var none *Document
	resolve := d.Resolver()
	for _, signer := range []string{"did:web:example.com#old", "#old", "#new", "did:web:example.com#new", "#missing", "#jwk", ""} {
		m1, ok1 := d.Lookup(signer)
		m2, ok2 := resolve(signer)
		if ok1 != ok2 || m1.ID != m2.ID {
			t.Errorf("Resolver(%q) = %q %v, Lookup = %q %v", signer, m2.ID, ok2, m1.ID, ok1)
		}
	}
	if _, ok := none.Resolver()("#k"); ok {
		t.Error("nil Resolver ok")
	}
	if _, ok := d.Lookup("#missing"); ok {
		t.Error("Lookup(#missing) ok")
	}
	if m, ok := d.Lookup("#jwk"); !ok || m.Usable() {
		t.Errorf("Lookup(#jwk) = %+v, %v", m, ok)
	}
	if m, ok := d.Default(); !ok || !bytes.Equal(m.Key, pub(1)) {
		t.Errorf("Default() = %+v, %v", m, ok)
	}
	if _, ok := none.Default(); ok {
		t.Error("nil Default ok")
	}
	if _, ok := none.Lookup("#k"); ok {
		t.Error("nil Lookup ok")
	}
}

func TestWebDID(t *testing.T) {
	for host, want := range map[string]string{
		"example.com":      "did:web:example.com",
		"example.com:8443": "did:web:example.com%3A8443",
	} {
		if got := WebDID(host); got != want {
			t.Errorf("WebDID(%q) = %q, want %q", host, got, want)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	for b := byte(0); b < 8; b++ {
		s := EncodePublicKeyMultibase(pub(b))
		k, form, err := DecodePublicKeyMultibase(s)
		if err != nil || form != KeyRaw || !bytes.Equal(k, pub(b)) || s[0] != 'z' {
			t.Errorf("seed %d: %q -> %x %v %v", b, s, k, form, err)
		}
	}
}

// TestParse_Testdata parses every testdata document and compares the codes
// with the first line of the matching .codes file.
func TestParse_Testdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".codes")
		if err != nil {
			t.Fatal(err)
		}
		_, diags := Parse(body, "example.com")
		if got := strings.Join(codes(diags), " "); got != strings.TrimSpace(string(want)) {
			t.Errorf("%s: codes %q, want %q", f, got, strings.TrimSpace(string(want)))
		}
		checkCatalogued(t, diags)
	}
}

func TestParse_DiagnosticsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"id":"did:web:example.com","verificationMethod":[`)
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&b, `{"id":"#k%d","type":"JsonWebKey2020"},`, i)
	}
	b.WriteString(`{"id":"#ok","type":"Ed25519VerificationKey2020","controller":"did:web:example.com","publicKeyMultibase":"` + EncodePublicKeyMultibase(pub(1)) + `"}]}`)
	d, diags := Parse([]byte(b.String()), "example.com")
	if !d.OK || len(diags) != MaxDiagnosticsPerCode+1 || diags[len(diags)-1].Line != 0 || !strings.Contains(diags[len(diags)-1].Message, "50 more") {
		t.Errorf("%d diagnostics, last %v", len(diags), diags[len(diags)-1])
	}
}

// A key is one unbroken string with one form: a line break inside it, or
// a base64url last character whose unused bits are set, which Go's
// decoders skip or accept, does not decode.
func TestDecodePublicKeyMultibase_Strict(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	u := "u" + base64.RawURLEncoding.EncodeToString(pub(1))
	if k, _, err := DecodePublicKeyMultibase(u); err != nil || !bytes.Equal(k, pub(1)) {
		t.Fatalf("%q: %x %v", u, k, err)
	}
	z := EncodePublicKeyMultibase(pub(1))
	last := strings.IndexByte(alphabet, u[len(u)-1])
	for name, s := range map[string]string{
		"u with LF":       u[:20] + "\n" + u[20:],
		"u with CRLF":     u[:20] + "\r\n" + u[20:],
		"z with LF":       z[:20] + "\n" + z[20:],
		"u, padding bits": u[:len(u)-1] + string(alphabet[last^1]),
	} {
		if _, _, err := DecodePublicKeyMultibase(s); !errors.Is(err, ErrKeyEncoding) {
			t.Errorf("%s: %v, want ErrKeyEncoding", name, err)
		}
	}
}

// DID syntax is ASCII: an internationalized host is written in punycode,
// which the message gives.
func TestParse_UnicodeHostInID(t *testing.T) {
	body := `{"id": "did:web:bücher.example", "verificationMethod": [{"id": "did:web:bücher.example#k", "type": "Ed25519VerificationKey2020", "controller": "did:web:bücher.example", "publicKeyMultibase": "` + EncodePublicKeyMultibase(pub(1)) + `"}]}`
	_, diags := Parse([]byte(body), "bücher.example")
	if !slices.ContainsFunc(diags, func(d diag.Diagnostic) bool {
		return d.Code == codeBadID.ID && strings.Contains(d.Message, "write the host as xn--bcher-kva.example")
	}) {
		t.Errorf("a Unicode host in the id: %v", diags)
	}
	body = strings.ReplaceAll(body, "bücher", "xn--bcher-kva")
	if _, diags := Parse([]byte(body), "bücher.example"); diags.HasErrors() {
		t.Errorf("the punycode id: %v", diags)
	}
}

// A value's diagnostic carries its value's line, not its method's.
func TestParse_ValueLines(t *testing.T) {
	body := `{
  "id": "did:web:example.com",
  "verificationMethod": [
    {
      "id": "did:web:example.com#k",
      "type": "Ed25519VerificationKey2020",
      "controller": "did:web:other.example",
      "publicKeyMultibase": "z1111"
    },
    {
      "type": "Ed25519VerificationKey2020",
      "id": "did:web:example.com#k",
      "controller": "did:web:example.com",
      "publicKeyMultibase": "` + EncodePublicKeyMultibase(pub(1)) + `"
    }
  ]
}`
	_, diags := Parse([]byte(body), "example.com")
	want := map[string]int{codeControllerMismatch.ID: 7, codeKeyLength.ID: 8, codeDuplicateMethodID.ID: 12}
	for _, d := range diags {
		if line, ok := want[d.Code]; ok {
			if d.Line != line {
				t.Errorf("%s at line %d, want %d", d.Code, d.Line, line)
			}
			delete(want, d.Code)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing %v in %v", want, diags)
	}
}
