package agentfeed

import (
	"reflect"
	"testing"
)

// rawEntry returns a signed entry of type typ serving content verbatim.
func rawEntry(typ, content string) EntrySpec {
	return EntrySpec{ID: "urn:af:example.com:raw", Updated: at(30), Type: typ, Content: []byte(content), Key: key(1)}
}

// TestParse_Section5_PayloadSchemas: each entry type's required fields and
// types (§5.2–§5.4); a verified entry whose payload fails its schema is
// not applied.
func TestParse_Section5_PayloadSchemas(t *testing.T) {
	cases := []struct {
		name, typ, content string
		want               []string
		applied            bool
	}{
		{"announcement ok", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"https://example.com/x","endpoint-id":"x","protocol":"mcp","version":"1"}`, nil, true},
		{"announcement offset timestamp", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T14:00:00.5+02:00","endpoint":"/x","protocol":"mcp","version":"1"}`, nil, true},
		{"announcement missing protocol", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/x","version":"1"}`, []string{"payload-missing-field"}, false},
		{"announcement empty version", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/x","protocol":"mcp","version":""}`, []string{"payload-missing-field"}, false},
		{"announcement numeric version", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/x","protocol":"mcp","version":1}`, []string{"payload-field-type"}, false},
		{"announcement bad timestamp", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27","endpoint":"/x","protocol":"mcp","version":"1"}`, []string{"payload-bad-timestamp"}, false},
		{"announcement month 13", TypeEndpointAnnouncement, `{"asserted-at":"2026-13-27T12:00:00Z","endpoint":"/x","protocol":"mcp","version":"1"}`, []string{"payload-bad-timestamp"}, false},
		{"announcement relative endpoint", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"api/x","protocol":"mcp","version":"1"}`, []string{"payload-bad-endpoint"}, false},
		{"announcement unknown field", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/x","protocol":"mcp","ttl":60,"version":"1"}`, []string{"payload-unknown-field"}, true},
		{"announcement endpoint-id null", TypeEndpointAnnouncement, `{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/x","endpoint-id":null,"protocol":"mcp","version":"1"}`, []string{"payload-field-type"}, false},
		{"schema-change missing migration", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","to-version":"2"}`, []string{"payload-missing-field"}, false},
		{"schema-change migration array", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":[],"to-version":"2"}`, []string{"payload-field-type"}, false},
		{"schema-change add not array", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"add":"/a"},"to-version":"2"}`, []string{"payload-field-type"}, false},
		{"schema-change add number", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"add":[1]},"to-version":"2"}`, []string{"payload-field-type"}, false},
		{"schema-change rename value", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"rename":{"/a":true}},"to-version":"2"}`, []string{"payload-field-type"}, false},
		{"schema-change bad pointer", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"remove":["/a~2b"]},"to-version":"2"}`, []string{"migration-bad-path"}, true},
		{"schema-change pointer as a URI fragment", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"remove":["#/currency"]},"to-version":"2"}`, []string{"migration-bad-path"}, true},
		{"schema-change escaped pointer", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"remove":["/a~0b/c~1d","","b"]},"to-version":"2"}`, []string{"migration-bare-path"}, true},
		{"schema-change retype ok", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"retype":{"/n":{"from":"number","to":"nullable<string>"}}},"to-version":"2"}`, nil, true},
		{"schema-change retype bad token", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"retype":{"/n":{"from":"int","to":"nullable<>"}}},"to-version":"2"}`, []string{"migration-bad-type-token", "migration-bad-type-token"}, true},
		{"schema-change retype shape", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"retype":{"/n":"string"}},"to-version":"2"}`, []string{"payload-field-type"}, false},
		{"schema-change unknown op", TypeSchemaChange, `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"add":["/a"],"split":{"/name":["/first","/last"]}},"to-version":"2"}`, []string{"migration-unknown-op"}, true},
		{"deprecation ok with nulls", TypeDeprecation, `{"announced-at":"2026-04-27T12:00:00Z","endpoint-id":"x","reason":null,"replacement":null,"sunset":"2026-10-01T00:00:00Z"}`, nil, true},
		{"deprecation missing sunset", TypeDeprecation, `{"announced-at":"2026-04-27T12:00:00Z","endpoint-id":"x"}`, []string{"payload-missing-field"}, false},
		{"deprecation replacement number", TypeDeprecation, `{"announced-at":"2026-04-27T12:00:00Z","endpoint-id":"x","replacement":2,"sunset":"2026-10-01T00:00:00Z"}`, []string{"payload-field-type"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, feed(t, "", announce(0, "x", "/x", "mcp", "1"), rawEntry(c.typ, c.content)), opts(t))
			wantCodes(t, diags, c.want...)
			e := f.Entries[1]
			if !e.Verified || (e.Status == EntryApplied) != c.applied {
				t.Errorf("verified %v status %s, want applied %v", e.Verified, e.Status, c.applied)
			}
		})
	}
}

// TestParse_Section5_3_UnknownDeltaKeysPreserved: unknown migration
// operations are kept in the recorded migration (§5.3, §8 forward
// compatibility).
func TestParse_Section5_3_UnknownDeltaKeysPreserved(t *testing.T) {
	content := `{"effective-at":"2026-04-27T12:00:00Z","endpoint-id":"x","from-version":"1","migration":{"add":["/a"],"split":{"/name":["/first","/last"]}},"to-version":"2"}`
	f, _ := parse(t, feed(t, "", announce(0, "x", "/x", "mcp", "1"), rawEntry(TypeSchemaChange, content)), opts(t))
	m := f.Endpoints[0].Migrations[0].Delta
	if string(m.Raw) != `{"add":["/a"],"split":{"/name":["/first","/last"]}}` || !reflect.DeepEqual(m.Unknown, []string{"split"}) || !reflect.DeepEqual(m.Add, []string{"/a"}) {
		t.Errorf("delta %+v raw %s", m, m.Raw)
	}
}

// TestParse_Section5_PayloadNotObject: a payload must be a JSON object.
func TestParse_Section5_PayloadNotObject(t *testing.T) {
	for content, want := range map[string]string{
		`["a2a"]`:                "payload-not-object",
		`{"a":1,"a":2}`:          "payload-duplicate-key",
		`{"endpoint":`:           "payload-not-json",
		``:                       "payload-not-json",
		`{"version":NaN}`:        "payload-non-finite",
		`{"version":1e999}`:      "payload-non-finite",
		`{"version":-Infinity}`:  "payload-non-finite",
		`{"s":"\ud800"}`:         "payload-not-json",
		"{\"s\":\"tab\there\"}":  "payload-not-json",
		`{"a":` + deep(40) + `}`: "payload-too-deep",
	} {
		f, diags := parse(t, feed(t, "", rawEntry(TypeEndpointAnnouncement, content)), opts(t))
		got := codes(diags)
		if len(got) == 0 || got[0] != want {
			t.Errorf("%q: codes %v, want %s first", content, got, want)
		}
		if e := f.Entries[0]; e.Status == EntryApplied || e.Payload != nil {
			t.Errorf("%q: entry %+v", content, e)
		}
	}
}

func deep(n int) string {
	s := ""
	for i := 0; i < n; i++ {
		s += "["
	}
	for i := 0; i < n; i++ {
		s += "]"
	}
	return s
}
