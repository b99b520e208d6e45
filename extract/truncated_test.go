package extract

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// TestTruncatedSaysWhatWasKept: a body cut at the cap is flagged with the
// bytes kept, not as "cut at N bytes", which said "cut at 0 bytes" of a
// compressed body cut on the bytes received before it decoded to anything
// (an endless run of empty gzip members).
func TestTruncatedSaysWhatWasKept(t *testing.T) {
	for _, body := range []string{"", "User-agent: *\nDisallow: /private/\n"} {
		doc := Parse(registry.Robots, []byte(body), Input{Location: registry.LocRobots, Host: "example.com", Scheme: "https", Truncated: true})
		var msg string
		for _, d := range doc.Diagnostics {
			if d.Code == codeTruncated.ID {
				msg = d.Message
			}
		}
		if msg == "" || strings.Contains(msg, "cut at") || !strings.Contains(msg, " bytes kept") {
			t.Errorf("a truncated body of %d bytes: %q, want the bytes kept named", len(body), msg)
		}
		if doc.Usable {
			t.Errorf("a truncated body of %d bytes is usable", len(body))
		}
	}
}
