package agentfeed

import (
	"strings"
	"testing"
)

// oneEntry returns a feed of one valid announcement.
func oneEntry(t *testing.T) string {
	return string(feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0")))
}

// edit applies string replacements to a document, failing when one does
// not apply.
func edit(t *testing.T, doc string, oldNew ...string) []byte {
	t.Helper()
	for i := 0; i < len(oldNew); i += 2 {
		if !strings.Contains(doc, oldNew[i]) {
			t.Fatalf("%q not in the document", oldNew[i])
		}
		doc = strings.Replace(doc, oldNew[i], oldNew[i+1], 1)
	}
	return []byte(doc)
}

// TestParse_Section5_1_Envelope: every entry must have id, updated (RFC
// 3339 with Z), title, af:type, content type="application/json" and
// af:sig; title should equal af:type.
func TestParse_Section5_1_Envelope(t *testing.T) {
	doc := oneEntry(t)
	cases := []struct {
		name   string
		edits  []string
		want   []string
		status string
	}{
		{"missing id", []string{"<id>urn:af:example.com:0</id>", ""}, []string{"entry-missing-id"}, EntryMissingID},
		{"empty id", []string{"<id>urn:af:example.com:0</id>", "<id> </id>"}, []string{"entry-missing-id"}, EntryMissingID},
		{"missing updated", []string{"<updated>2026-04-27T12:00:00Z</updated>\n    <af:type>", "<af:type>"}, []string{"entry-missing-updated"}, EntryApplied},
		{"updated not Z", []string{"<updated>2026-04-27T12:00:00Z</updated>\n    <af:type>", "<updated>2026-04-27T14:00:00+02:00</updated>\n    <af:type>"}, []string{"bad-updated"}, EntryApplied},
		{"updated not RFC 3339", []string{"<updated>2026-04-27T12:00:00Z</updated>\n    <af:type>", "<updated>Mon, 27 Apr 2026 12:00:00 GMT</updated>\n    <af:type>"}, []string{"bad-updated"}, EntryApplied},
		{"missing title", []string{"<title>endpoint-announcement</title>", ""}, []string{"entry-missing-title"}, EntryApplied},
		{"title differs", []string{"<title>endpoint-announcement</title>", "<title>New A2A endpoint</title>"}, []string{"title-differs"}, EntryApplied},
		{"missing type", []string{"<af:type>endpoint-announcement</af:type>", ""}, []string{"entry-missing-type"}, EntryUnknownType},
		{"missing content", []string{`<content type="application/json">`, `<summary>`, `</content>`, `</summary>`}, []string{"missing-content", "unverified-entry"}, EntryUnverified},
		{"content type text", []string{`<content type="application/json">`, `<content>`}, []string{"content-type"}, EntryApplied},
		{"content type with charset", []string{`<content type="application/json">`, `<content type="application/json; charset=utf-8">`}, nil, EntryApplied},
		{"missing sig", []string{`<af:sig type="ed25519">`, `<!--`, `</af:sig>`, `-->`}, []string{"missing-signature", "unverified-entry"}, EntryUnverified},
		{"duplicate sig", []string{`</entry>`, `<af:sig type="ed25519">AAAA</af:sig></entry>`}, []string{"duplicate-element"}, EntryApplied},
		{"unknown af element", []string{`</entry>`, `<af:priority>high</af:priority></entry>`}, []string{"unknown-element"}, EntryApplied},
		{"type without prefix", []string{`<af:type>endpoint-announcement</af:type>`, `<type>endpoint-announcement</type>`}, []string{"foreign-namespace", "entry-missing-type"}, EntryUnknownType},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, edit(t, doc, c.edits...), opts(t))
			wantCodes(t, diags, c.want...)
			wantStatuses(t, f, c.status)
		})
	}
}

// TestParse_Section5_1_ContentMarkup: <content> holding elements is not a
// JSON payload.
func TestParse_Section5_1_ContentMarkup(t *testing.T) {
	f, diags := parse(t, edit(t, oneEntry(t), `<content type="application/json">`, `<content type="application/json"><b>x</b>`), opts(t))
	wantCodes(t, diags, "content-markup", "unverified-entry")
	if f.Entries[0].Verified {
		t.Error("verified")
	}
}

// TestParse_Section5_1_OutOfLineContent: <content src=...> carries no
// payload.
func TestParse_Section5_1_OutOfLineContent(t *testing.T) {
	doc := oneEntry(t)
	i, j := strings.Index(doc, "<content"), strings.Index(doc, "</content>")
	doc = doc[:i] + `<content type="application/json" src="https://example.com/p.json"/>` + doc[j+len("</content>"):]
	f, diags := parse(t, []byte(doc), opts(t))
	wantCodes(t, diags, "missing-content", "unverified-entry")
	wantStatuses(t, f, EntryUnverified)
}

// TestParse_Section5_Examples: the concrete examples of §5.2, §5.3 and §5.4
// (endpoint-ids of the three examples announced first), and their reader
// effects.
func TestParse_Section5_Examples(t *testing.T) {
	ex := []string{
		`{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"https://example.com/a2a/v1","endpoint-id":"a2a","protocol":"a2a","version":"1.0"}`,
		`{"effective-at":"2026-04-27T13:00:00Z","endpoint-id":"orders-api","from-version":"1.0","migration":{"add":["currency"],"rename":{"amount":"total"}},"to-version":"1.1"}`,
		`{"announced-at":"2026-04-27T14:00:00Z","endpoint-id":"orders-api-v1","reason":"consolidating onto orders-api-v2","replacement":"orders-api-v2","sunset":"2026-10-01T00:00:00Z"}`,
	}
	entries := []EntrySpec{
		announce(1, "orders-api", "/api/orders", "rest", "1.0"),
		announce(2, "orders-api-v1", "/api/v1/orders", "rest", "1.0"),
		announce(3, "orders-api-v2", "/api/v2/orders", "rest", "2.0"),
	}
	for i, typ := range []string{TypeEndpointAnnouncement, TypeSchemaChange, TypeDeprecation} {
		entries = append(entries, EntrySpec{ID: "urn:af:example.com:ex" + typ, Updated: at(60 * (i + 1)), Type: typ, Content: []byte(ex[i]), Key: key(1)})
	}
	f, diags := parse(t, feed(t, "", entries...), opts(t))
	// §5.3's example writes bare member names: accepted, noted as info.
	wantCodes(t, diags, "migration-bare-path", "migration-bare-path", "migration-bare-path")
	var st State
	st.Ingest(f)
	if r := st.Resolve("a2a", at(0)); r.URL != "https://example.com/a2a/v1" {
		t.Errorf("§5.2: canonicalEndpoint(a2a) = %+v", r)
	}
	orders := st.Resolve("orders-api", at(0))
	m := st.Endpoints()[0].Migrations
	if orders.Version != "1.1" || len(m) != 1 || m[0].From != "1.0" || m[0].To != "1.1" {
		t.Errorf("§5.3: orders-api %+v migrations %+v", orders, m)
	}
	before := st.Resolve("orders-api-v1", at(0))
	after := st.Resolve("orders-api-v1", at(0).AddDate(1, 0, 0))
	if before.URL != "https://example.com/api/v1/orders" || before.State != ResolveDeprecated ||
		after.URL != "https://example.com/api/v2/orders" || after.State != ResolveReplaced {
		t.Errorf("§5.4: before %+v after %+v", before, after)
	}
	for _, e := range f.Entries {
		if !e.Canonical || !e.Verified || e.Status != EntryApplied {
			t.Errorf("entry %s: canonical %v verified %v status %s", e.ID, e.Canonical, e.Verified, e.Status)
		}
	}
}
