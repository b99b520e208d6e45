package agentcard

import (
	"strings"
	"testing"
)

func card(t *testing.T, body string) *Card {
	t.Helper()
	c, diags := Parse([]byte(body))
	if c == nil {
		t.Fatalf("not a card: %v", diags)
	}
	return c
}

// TestCompare_Section4_3: the snapshot must agree with the feed's latest
// announcements where it names endpoints.
func TestCompare_Section4_3(t *testing.T) {
	announced := []Announced{
		{Protocol: "a2a", ID: "a2a", URL: "https://example.com/a2a/v1", Version: "1.0", Line: 8},
		// Announced at line 16 as 1.0, changed to 1.1 by the
		// schema-change at line 20.
		{Protocol: "rest", ID: "orders-v1", URL: "https://example.com/api/v1/orders", Version: "1.1", Deprecated: true, Line: 16, VersionLine: 20},
		{Protocol: "rest", ID: "orders-v2", URL: "https://example.com/api/v2/orders", Version: "2.0", Line: 24},
		{Protocol: "mcp", ID: "synth", URL: "", Line: 30},
		// A schema-change of an endpoint-id never announced: a version,
		// no URL (§2.4).
		{Protocol: "rest", ID: "orders-api", Version: "1.1", Line: 36},
	}
	cases := []struct {
		name, body string
		want       []string // Announced.ID of each disagreement
	}{
		{"a2a url agrees", `{"name":"x","url":"/a2a/v1","skills":[]}`, nil},
		{"a2a interface agrees", `{"name":"x","supportedInterfaces":[{"url":"https://example.com/a2a/v0"},{"url":"https://EXAMPLE.com:443/a2a/v1"}],"skills":[]}`, nil},
		{"a2a url differs", `{"name":"x","url":"https://example.com/a2a/v1/","skills":[]}`, []string{"a2a"}},
		{"snapshot by id", `{"endpoints":[{"endpoint-id":"orders-v2","endpoint":"/api/v2/orders","version":"2.0"},{"endpoint-id":"orders-v1","endpoint":"/api/v1/orders","version":"1.0"}]}`, []string{"orders-v1"}},
		{"snapshot by id other url", `{"endpoints":{"orders-v2":{"protocol":"REST","url":"https://example.com/api/v3/orders"}}}`, []string{"orders-v2"}},
		{"snapshot by id other protocol ignored", `{"endpoints":[{"endpoint-id":"orders-v2","protocol":"graphql","url":"/graphql"}]}`, nil},
		{"by protocol misses v2, deprecated v1 may be omitted", `{"endpoints":[{"protocol":"rest","url":"/api/v9/orders"}]}`, []string{"orders-v2"}},
		// A card that names endpoints of a protocol by id names them all.
		{"by id misses another id of the protocol", `{"endpoints":[{"endpoint-id":"orders-v3","protocol":"rest","url":"/api/v3/orders"}]}`, []string{"orders-v2"}},
		{"by id names every endpoint of the protocol", `{"endpoints":[{"endpoint-id":"orders-v3","protocol":"rest","url":"/api/v3/orders"},{"endpoint-id":"v2","protocol":"rest","url":"/api/v2/orders"}]}`, nil},
		{"names nothing", `{"name":"just a name"}`, nil},
		// A record of a schema-change alone is compared by its version,
		// and has no URL a card must list.
		{"schema-changed version differs", `{"endpoints":[{"endpoint-id":"orders-api","protocol":"rest","url":"/api/orders","version":"1.2"},{"endpoint-id":"orders-v2","protocol":"rest","url":"/api/v2/orders"}]}`, []string{"orders-api"}},
		{"schema-changed version agrees", `{"endpoints":[{"endpoint-id":"orders-api","protocol":"rest","url":"/api/orders","version":"1.1"},{"endpoint-id":"orders-v2","protocol":"rest","url":"/api/v2/orders"}]}`, nil},
		// A manifest's url is its home page, not an A2A endpoint (isA2A).
		{"manifest url is no a2a endpoint", `{"name":"Blog","url":"https://example.com/","capabilities":{"public_read":true}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ds := Compare(card(t, c.body), "https://example.com", announced)
			got := []string{}
			for _, d := range ds {
				got = append(got, d.Announced.ID)
				if d.Message == "" || d.Card.URL == "" {
					t.Errorf("disagreement %+v", d)
				}
			}
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("disagreements %v, want %v (%+v)", got, c.want, ds)
			}
			diags := FeedDiagnostics(ds)
			checkCatalogued(t, diags)
			if len(diags) != len(ds) || (len(diags) > 0 && (!diags.HasErrors() || diags[0].Code != "agent-card.feed-mismatch")) {
				t.Errorf("diagnostics %v", diags)
			}
			// A stale version cites the entry that set the version.
			for _, d := range diags {
				if strings.Contains(d.Message, `"orders-v1" version`) && !strings.HasSuffix(d.Message, "(feed line 20)") {
					t.Errorf("version disagreement cites another line: %v", d)
				}
			}
		})
	}
	if Compare(nil, "", announced) != nil {
		t.Error("Compare(nil) returned disagreements")
	}
}

func TestNormalizeURL(t *testing.T) {
	for in, want := range map[string]string{
		"/a2a":                      "https://example.com/a2a",
		"HTTPS://Example.com:443/x": "https://example.com/x",
		"http://example.com:80":     "http://example.com/",
		"https://example.com:8443/": "https://example.com:8443/",
		"https://other.example/a":   "https://other.example/a",
	} {
		if got := normalizeURL(in, "https://example.com"); got != want {
			t.Errorf("normalizeURL(%q) = %q, want %q", in, got, want)
		}
	}
}
