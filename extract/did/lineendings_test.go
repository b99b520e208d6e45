package did

import (
	"fmt"
	"strings"
	"testing"
)

// TestParse_LineEndings checks that diagnostics carry the same lines
// whether the document's lines end with LF, CRLF or CR alone; counting LF
// bytes alone put every diagnostic of a CR-only document on line 1.
func TestParse_LineEndings(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"{\n  \"id\": \"did:web:example.org\",\n  \"verificationMethod\": []\n}\n", "did.id-mismatch@2"},
		{"{\n  \"id\": \"did:web:example.com\",\n\n  \"id\": \"did:web:example.com\"\n}\n", "did.duplicate-key@4"},
		{"{\n  \"id\": \"did:web:example.com\",\n\n  \"verificationMethod\": [,]\n}\n", "did.not-json@4"},
	} {
		for _, eol := range []string{"\n", "\r\n", "\r"} {
			_, diags := Parse([]byte(strings.ReplaceAll(c.body, "\n", eol)), "example.com")
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
