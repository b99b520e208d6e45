package robots

import (
	"strings"
	"testing"
)

// TestBareValues: content-signal or content-usage values written without
// the record name ("ai-train=no", "search=yes, ai-train=no") are one
// robots.malformed-line naming the extension. Two words without a colon
// were read as an unknown record named "search=yes," and diagnosed twice
// (robots.missing-colon and robots.unknown-record).
func TestBareValues(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nAllow: /\n"+
		"ai-train=no\n"+
		"search=yes, ai-train=no\n"+
		"train-ai=n, search=y\n"+
		"search=yes\n"+
		"foo=bar baz qux\n")
	wantDiags(t, d,
		"3:robots.malformed-line",
		"4:robots.malformed-line",
		"5:robots.malformed-line",
		"6:robots.malformed-line",
		"7:robots.malformed-line")
	for i, ext := range []string{"Content-Signal", "Content-Signal", "Content-Usage", "Content-Signal"} {
		if !strings.Contains(d[i].Message, ext+" values without") {
			t.Errorf("line %d: message %q does not name %s", d[i].Line, d[i].Message, ext)
		}
	}
	if strings.Contains(d[4].Message, "values without") {
		t.Errorf("line 7: %q names an extension for a line that is none", d[4].Message)
	}
	if other := f.Groups[0].Other; len(other) != 0 {
		t.Errorf("other records = %+v, want none", other)
	}
}
