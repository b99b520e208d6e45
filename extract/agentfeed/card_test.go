package agentfeed

import (
	"strings"
	"testing"
)

// withCard returns opts with an agent-card.json.
func withCard(t *testing.T, card string) Options {
	o := opts(t)
	o.Card = Related{Provided: true, Fetched: true, Body: []byte(card)}
	return o
}

// TestParse_Section4_3_CardConsistency: where the card names endpoints they
// must match the feed's latest announcements; disagreement is a warning on
// the feed.
func TestParse_Section4_3_CardConsistency(t *testing.T) {
	body := feed(t, "",
		announce(0, "a2a", "/a2a/v1", "a2a", "1.0"),
		announce(1, "orders", "/api/v1/orders", "rest", "1.0"),
		schemaChange(2, "orders", "1.0", "1.1", map[string]any{"add": []string{"/currency"}}),
	)
	cases := []struct {
		name, card string
		want       []string
	}{
		{"a2a card agrees", `{"name":"x","url":"https://example.com/a2a/v1","skills":[],"capabilities":{}}`, nil},
		{"a2a card with path agrees", `{"name":"x","url":"/a2a/v1","skills":[]}`, nil},
		{"a2a card with default port agrees", `{"name":"x","url":"HTTPS://Example.COM:443/a2a/v1","skills":[]}`, nil},
		{"a2a card disagrees", `{"name":"x","url":"https://example.com/a2a/v2","skills":[]}`, []string{"card-mismatch"}},
		{"snapshot agrees", `{"endpoints":[{"endpoint-id":"a2a","protocol":"a2a","endpoint":"/a2a/v1","version":"1.0"},{"endpoint-id":"orders","protocol":"rest","endpoint":"/api/v1/orders","version":"1.1"}]}`, nil},
		{"snapshot stale version", `{"endpoints":[{"endpoint-id":"orders","protocol":"rest","endpoint":"/api/v1/orders","version":"1.0"}]}`, []string{"card-mismatch"}},
		{"snapshot other URL", `{"endpoints":[{"endpoint-id":"orders","endpoint":"/api/v2/orders"}]}`, []string{"card-mismatch"}},
		{"card names nothing", `{"hello":"world"}`, nil},
		{"mcp card names other protocol", `{"serverInfo":{"name":"x"},"transport":{"type":"streamable-http","endpoint":"/mcp"}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, body, withCard(t, c.card))
			wantCodes(t, diags, c.want...)
			if !f.CardChecked || diags.HasErrors() {
				t.Errorf("checked %v", f.CardChecked)
			}
			for _, d := range diags {
				if d.Code == codeCardMismatch.ID && d.Line == 0 {
					t.Errorf("mismatch without the feed line: %v", d)
				}
				// A version the card has stale is the schema-change's
				// (entry 2), not the announcement's (entry 1).
				if d.Code == codeCardMismatch.ID && strings.Contains(d.Message, "version") && d.Line != f.Entries[2].Line {
					t.Errorf("version mismatch at line %d, want the schema-change's %d: %v", d.Line, f.Entries[2].Line, d)
				}
			}
		})
	}
}

// TestParse_Section4_3_CardMissingOrUnreadable: the snapshot must exist;
// an unreadable one, or a feed without applied state, is not compared.
func TestParse_Section4_3_CardMissingOrUnreadable(t *testing.T) {
	body := feed(t, "", announce(0, "a2a", "/a2a/v1", "a2a", "1.0"))
	o := opts(t)
	o.Card = Related{Provided: true, Reason: "absent"}
	_, diags := parse(t, body, o)
	wantCodes(t, diags, "card-missing")
	f, diags := parse(t, body, withCard(t, "<html></html>"))
	if f.CardChecked || len(diags) != 1 || diags[0].Code != codeCardUnchecked.ID || !strings.Contains(diags[0].Message, "not a JSON object") {
		t.Errorf("diags %v", diags)
	}
	// An ERC-8004 registration's A2A service names the agent card, so it
	// is not compared (it would disagree with every feed).
	f, diags = parse(t, body, withCard(t, `{"type":"https://eips.ethereum.org/EIPS/eip-8004#registration-v1","name":"x","services":[{"name":"A2A","endpoint":"https://example.com/.well-known/agent-card.json","version":"0.3.0"}]}`))
	if f.CardChecked || len(diags) != 1 || diags[0].Code != codeCardUnchecked.ID || !strings.Contains(diags[0].Message, "ERC-8004") {
		t.Errorf("an ERC-8004 registration compared with the feed: %v", diags)
	}
	f, diags = parse(t, feed(t, StatusTerminated, announce(0, "a2a", "/a2a/v9", "a2a", "1.0")), withCard(t, `{"name":"x","url":"/a2a/v1","skills":[]}`))
	if f.CardChecked || len(diags) != 1 || !strings.Contains(diags[0].Message, "terminated") {
		t.Errorf("terminated feed compared with the card: %v", diags)
	}
}
