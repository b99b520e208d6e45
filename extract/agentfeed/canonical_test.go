package agentfeed

import (
	"strings"
	"testing"
)

// TestParse_Section6_2_NonCanonicalVerifies: the signature covers the bytes
// as served; content that is not canonical still verifies, with a warning
// (specs README: agent-feed).
func TestParse_Section6_2_NonCanonicalVerifies(t *testing.T) {
	content := `{"endpoint-id": "a2a", "endpoint": "/a2a/v1", "protocol": "a2a", "version": "1.0", "asserted-at": "2026-04-27T12:00:00Z"}`
	f, diags := parse(t, feed(t, "", rawEntry(TypeEndpointAnnouncement, content)), opts(t))
	wantCodes(t, diags, "non-canonical-payload")
	e := f.Entries[0]
	if !e.Verified || e.Canonical || e.Status != EntryApplied || diags.HasErrors() {
		t.Errorf("entry %+v", e)
	}
	if string(e.Payload) != `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}` {
		t.Errorf("payload %s", e.Payload)
	}
	if !strings.Contains(diags[0].Message, "white space") && !strings.Contains(diags[0].Message, "at byte 2") {
		t.Errorf("message %q", diags[0].Message)
	}
}

// TestParse_Section6_2_CanonicalForms: what counts as canonical — the JCS
// escape and number rules — and what does not.
func TestParse_Section6_2_CanonicalForms(t *testing.T) {
	base := `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"%s","endpoint-id":"a2a","protocol":"a2a","version":"1.0"%s}`
	cases := []struct {
		name, endpoint, extra string
		canonical             bool
	}{
		{"literal ampersand and angle brackets", "/a2a?x=<1>&y=2", "", true},
		{"html-escaped ampersand (Go encoding/json default)", `/a2a?x=1\u0026y=2`, "", false},
		{"literal U+2028", "/a2a\u2028", "", true},
		{"escaped U+2028", `/a2a\u2028`, "", false},
		{"escaped slash", `\/a2a`, "", false},
		{"integer", "/a", `,"weight":100`, true},
		{"integer with exponent", "/a", `,"weight":1e2`, false},
		{"integer with decimal point", "/a", `,"weight":100.0`, false},
		{"shortest fraction", "/a", `,"weight":0.1`, true},
		{"small number ES6 form", "/a", `,"weight":1e-7`, true},
		{"small number Go form", "/a", `,"weight":1e-07`, false},
		{"large number", "/a", `,"weight":1e+21`, true},
		{"uppercase unicode escape of control", "/a", `,"z":"\u001F"`, false},
		{"lowercase unicode escape of control", "/a", `,"z":"\u001f"`, true},
		{"short escape for newline", "/a", `,"z":"\n"`, true},
		{"unicode escape for newline", "/a", `,"z":"\u000a"`, false},
		{"non-ASCII literal", "/caf\u00e9", "", true},
		{"non-ASCII escaped", `/caf\u00e9`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := strings.Replace(strings.Replace(base, "%s", c.endpoint, 1), "%s", c.extra, 1)
			f, diags := parse(t, feed(t, "", rawEntry(TypeEndpointAnnouncement, content)), opts(t))
			e := f.Entries[0]
			if e.Canonical != c.canonical || !e.Verified {
				t.Errorf("canonical %v verified %v, want canonical %v\n%s", e.Canonical, e.Verified, c.canonical, diagString(diags))
			}
		})
	}
}

// TestParse_Section6_1_SignatureOverServedBytes: the XML envelope is
// transport: entity references, character references and CDATA are
// unescaped before verification, so all these spellings verify.
func TestParse_Section6_1_SignatureOverServedBytes(t *testing.T) {
	e := announce(0, "a2a", "/a2a?x=<1>&y=2", "a2a", "1.0")
	content, sig, err := SignPayload(key(1), e.Payload)
	if err != nil {
		t.Fatal(err)
	}
	esc := escapeText(string(content))
	charRefs := strings.ReplaceAll(esc, `"`, "&#34;")
	cdata := "<![CDATA[" + string(content) + "]]>"
	split := escapeText(string(content[:10])) + "<!-- comment -->" + "<![CDATA[" + string(content[10:]) + "]]>"
	for name, text := range map[string]string{"entities": esc, "character references": charRefs, "CDATA": cdata, "split": split} {
		t.Run(name, func(t *testing.T) {
			doc := string(feed(t, "", e))
			i := strings.Index(doc, `<content type="application/json">`) + len(`<content type="application/json">`)
			j := strings.Index(doc, "</content>")
			doc = doc[:i] + text + doc[j:]
			doc = doc[:strings.Index(doc, `<af:sig type="ed25519">`)] + `<af:sig type="ed25519">` + sig + doc[strings.Index(doc, "</af:sig>"):]
			f, diags := parse(t, []byte(doc), opts(t))
			wantCodes(t, diags)
			if !f.Entries[0].Verified || f.Entries[0].Content != string(content) {
				t.Errorf("verified %v content %q", f.Entries[0].Verified, f.Entries[0].Content)
			}
		})
	}
}

// TestParse_Section6_3_NearMiss: a signature made over the canonical form
// while the content served is pretty-printed, or over the content without
// the white space the XML adds around it, stays unverified and is noted.
func TestParse_Section6_3_NearMiss(t *testing.T) {
	e := announce(0, "a2a", "/a2a/v1", "a2a", "1.0")
	content, sig, _ := SignPayload(key(1), e.Payload)
	pretty := EntrySpec{ID: e.ID, Updated: e.Updated, Type: e.Type, Signature: sig,
		Content: []byte(strings.ReplaceAll(string(content), ",", ", "))}
	f, diags := parse(t, feed(t, "", pretty), opts(t))
	wantCodes(t, diags, "non-canonical-payload", "signature-over-other-bytes", "unverified-entry")
	if f.Entries[0].Verified {
		t.Error("verified")
	}
	padded := EntrySpec{ID: e.ID, Updated: e.Updated, Type: e.Type, Signature: sig, Content: []byte("\n      " + string(content) + "\n    ")}
	_, diags = parse(t, feed(t, "", padded), opts(t))
	wantCodes(t, diags, "non-canonical-payload", "signature-over-other-bytes", "unverified-entry")
	if !strings.Contains(diags[1].Message, "trimmed") {
		t.Errorf("message %q", diags[1].Message)
	}
}
