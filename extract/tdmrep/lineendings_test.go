package tdmrep

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_LineEndings checks that diagnostics carry the same lines
// whether the file's lines end with LF, CRLF or CR alone; counting LF bytes
// alone put every diagnostic of a CR-only file on line 1.
func TestParse_LineEndings(t *testing.T) {
	body := strings.ReplaceAll(string(readFile(t, "testdata/value-lines.json")), "\r\n", "\n")
	_, want := parseString(t, body)
	if len(want) == 0 || strings.HasSuffix(want[0], "@1") {
		t.Fatalf("the fixture has no diagnostic past line 1: %v", want)
	}
	for _, eol := range []string{"\r\n", "\r"} {
		if _, got := parseString(t, strings.ReplaceAll(body, "\n", eol)); !slices.Equal(got, want) {
			t.Errorf("%q line endings:\n got %v\nwant %v", eol, got, want)
		}
	}
	// A syntax error and the end of a file cut in a value.
	for _, c := range []struct{ body, want string }{
		{"[\n{\"location\": \"/\",\n\n\"tdm-reservation\": 1,,}\n]\n", "tdmrep.not-json@4"},
		{"[\n{\"location\": \"/\",\n\n\"tdm-reservation\":\n", "tdmrep.not-json@4"},
	} {
		for _, eol := range []string{"\n", "\r\n", "\r"} {
			if _, got := parseString(t, strings.ReplaceAll(c.body, "\n", eol)); !slices.Contains(got, c.want) {
				t.Errorf("%q with %q line endings: %v, want %s", c.body, eol, got, c.want)
			}
		}
	}
}
