package extract

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestMediaType_AgentFeedFiles: agent-feed v0 §8.2 asks publishers to
// serve the feed as application/atom+xml and did.json and agent-card.json
// as application/json; a served file with another type, or none, gets a
// warning, and a file read from disk is not judged by a header it never had.
func TestMediaType_AgentFeedFiles(t *testing.T) {
	for _, c := range []struct {
		format      registry.FormatID
		body        string
		code, right string
	}{
		{registry.AgentFeed, `<feed xmlns="http://www.w3.org/2005/Atom"/>`, "agent-feed.media-type", "application/atom+xml"},
		// An agent-feed key document: one without an Ed25519VerificationKey2020
		// method is a DID document of another use, not held to §8.2.
		{registry.DID, `{"id": "did:web:example.com", "verificationMethod": [{"id": "#k", "type": "Ed25519VerificationKey2020"}]}`, "did.media-type", "application/json"},
		{registry.AgentCard, `{"name": "x"}`, "agent-card.media-type", "application/json"},
	} {
		for _, in := range []struct {
			ct, scheme string
			want       bool
		}{
			{"text/plain", "https", true},
			{"", "https", true},
			{c.right, "https", false},
			{c.right + "; charset=utf-8", "https", false},
			{"", "", false},
		} {
			doc := Parse(c.format, []byte(c.body), Input{Host: "example.com", ContentType: in.ct, Scheme: in.scheme})
			got := false
			for _, d := range doc.Diagnostics {
				got = got || d.Code == c.code
			}
			if got != in.want {
				t.Errorf("%s served as %q over %q: %s reported %v, want %v", c.format, in.ct, in.scheme, c.code, got, in.want)
			}
		}
	}
}
