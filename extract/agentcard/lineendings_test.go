package agentcard

import (
	"fmt"
	"strings"
	"testing"
)

// TestParse_LineEndings checks that diagnostics carry the same lines
// whether the card's lines end with LF, CRLF or CR alone; counting LF bytes
// alone put every diagnostic of a CR-only card on line 1.
func TestParse_LineEndings(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"{\n  \"name\": \"a\",\n\n  \"name\": \"b\"\n}\n", "agent-card.duplicate-key@4"},
		{"{\n  \"name\": \"a\",\n\n  \"skills\": [,]\n}\n", "agent-card.not-json@4"},
		{"\n\n[\n]\n", "agent-card.not-object@3"},
	} {
		for _, eol := range []string{"\n", "\r\n", "\r"} {
			_, diags := Parse([]byte(strings.ReplaceAll(c.body, "\n", eol)))
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s@%d", d.Code, d.Line))
			}
			if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+c.want+" ") {
				t.Errorf("%q with %q line endings: %v, want %s", c.body, eol, got, c.want)
			}
		}
	}
}
