package agentfeed

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/gowebpki/jcs"
)

// §6.2: "a v0 publisher MAY use a JCS implementation and produce conformant
// output, and a v0 reader implementing the rules above will accept JCS
// output". These tests publish entries whose content an independent RFC
// 8785 implementation (github.com/gowebpki/jcs) canonicalized, signed with
// crypto/ed25519 directly (not with this package's Sign), and read them back.

// jcsEntry returns an entry whose content is the JCS form of payload,
// signed with key 1.
func jcsEntry(t testing.TB, id int, typ, payload string) EntrySpec {
	t.Helper()
	content, err := jcs.Transform([]byte(payload))
	if err != nil {
		t.Fatalf("jcs: %v: %s", err, payload)
	}
	sig := ed25519.Sign(key(1), content)
	return EntrySpec{ID: fmt.Sprintf("urn:af:example.com:%d", id), Updated: at(id), Type: typ, Content: content,
		Signature: b64(sig)}
}

// b64 is base64url without padding, written out by hand so the test shares
// no encoder with the code it checks.
func b64(b []byte) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	var s strings.Builder
	for i := 0; i < len(b); i += 3 {
		var n uint32
		k := min(3, len(b)-i)
		for j := 0; j < 3; j++ {
			n <<= 8
			if j < k {
				n |= uint32(b[i+j])
			}
		}
		for j := 0; j <= k; j++ {
			s.WriteByte(alphabet[n>>(18-6*j)&63])
		}
	}
	return s.String()
}

// TestParse_Section6_2_JCSPublisher: a feed whose every entry a JCS
// implementation canonicalized, from payloads written in any surface form,
// verifies, raises no non-canonical-payload, and applies.
func TestParse_Section6_2_JCSPublisher(t *testing.T) {
	entries := []EntrySpec{
		jcsEntry(t, 1, TypeEndpointAnnouncement, `{
			"version": "1.0", "protocol": "a2a", "endpoint-id": "a2a",
			"endpoint": "https://example.com/a2a/v1?x=<1>&y=\u00e9\u2028\/", "asserted-at": "2026-04-27T12:01:00Z"}`),
		jcsEntry(t, 2, TypeEndpointAnnouncement, "{\"protocol\":\"mcp\",\"endpoint\":\"/mcp/caf\u00e9/\U0001F600\",\"version\":\"2\",\"asserted-at\":\"2026-04-27T12:02:00Z\",\"endpoint-id\":\"mcp\"}"),
		jcsEntry(t, 3, TypeSchemaChange, `{"migration": {"retype": {"/n": {"to": "number", "from": "string"}},
			"rename": {"/b": "/a", "/\u00e9": "/e", "/\t\r\n": "/ctl"}, "add": ["/z", "/y"], "remove": ["/\u007f", "/\u0001"]},
			"to-version": "1.1", "from-version": "1.0", "endpoint-id": "a2a", "effective-at": "2026-04-27T12:03:00Z"}`),
		jcsEntry(t, 4, "x-example", `{"n": [1E2, 4.50, 1e-7, 1e21, -0.0, 0.000001, 333333333.33333329, 9007199254740993],
			"s": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/", "o": {"\ud83d\ude00": 1, "\u00f6": 2, "\r": 3}, "l": [null, true, false]}`),
		jcsEntry(t, 5, TypeDeprecation, `{"reason": "moved", "replacement": "mcp", "sunset": "2026-05-01T00:00:00Z",
			"announced-at": "2026-04-27T12:05:00Z", "endpoint-id": "a2a"}`),
	}
	f, diags := parse(t, feed(t, "", entries...), opts(t))
	if len(f.Entries) != len(entries) {
		t.Fatalf("%d entries, want %d\n%s", len(f.Entries), len(entries), diagString(diags))
	}
	for i, e := range f.Entries {
		if !e.Verified || !e.Canonical || !bytes.Equal(e.Payload, entries[i].Content) {
			t.Errorf("entry %s: verified %v canonical %v\npayload %s\njcs     %s", e.ID, e.Verified, e.Canonical, e.Payload, entries[i].Content)
		}
		if e.Type != "x-example" && e.Status != EntryApplied {
			t.Errorf("entry %s: status %s", e.ID, e.Status)
		}
	}
	for _, d := range diags {
		switch d.Code {
		case codeUnknownType.ID, codeCardUnchecked.ID: // entry 4's type; no card given
		default:
			t.Errorf("unexpected diagnostic %s", diagString(diags))
		}
	}
}

// FuzzParse_JCSContent: any object the JCS implementation canonicalizes,
// and that canonjson agrees is canonical (canonjson's own differential test
// names where the two differ), served as an entry's content and signed,
// verifies and is canonical.
func FuzzParse_JCSContent(f *testing.F) {
	for _, s := range []string{
		`{"a":1}`, `{"b":"<&>","a":[1e21,1e-7,-0]}`, "{\"\u2028\":\"\x7f\u0085\"}", `{"x":"\r\n\t\u0001"}`,
		"{\"k\":\"\U0001F600\u00e9\"}", `{"a":{"b":{"c":[[[[]]]]}}}`, `{" ":"]]>"}`,
	} {
		f.Add([]byte(s))
	}
	o := opts(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		content, err := jcs.Transform(data)
		if err != nil || len(content) == 0 || content[0] != '{' {
			return
		}
		v, err := canonjson.Parse(content, canonjson.Options{MaxDepth: maxPayloadDepth})
		if err != nil {
			return // invalid Unicode the oracle lets through, or deeper than survey reads
		}
		if canon, err := canonjson.Append(nil, v); err != nil || !bytes.Equal(canon, content) {
			return
		}
		// XML 1.0 §2.2 has no U+FFFE or U+FFFF, raw or as a character
		// reference: such content cannot be served in a feed at all.
		if bytes.Contains(content, []byte("\uffff")) || bytes.Contains(content, []byte("\ufffe")) {
			return
		}
		e := EntrySpec{ID: "urn:af:example.com:1", Updated: at(1), Type: "x-fuzz", Content: content,
			Signature: b64(ed25519.Sign(key(1), content))}
		fd, diags := Parse(feed(t, "", e), o)
		if len(fd.Entries) != 1 || !fd.Entries[0].Verified || !fd.Entries[0].Canonical {
			t.Fatalf("content %q\n%s", content, diagString(diags))
		}
		for _, d := range diags {
			if d.Code != codeUnknownType.ID && d.Code != codeCardUnchecked.ID {
				t.Fatalf("content %q\n%s", content, diagString(diags))
			}
		}
	})
}
