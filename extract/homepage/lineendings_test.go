package homepage

import (
	"slices"
	"strings"
	"testing"
)

// TestParse_LineEndings checks that the lines of meta and link tags, and of
// their diagnostics, are the same whether the page's lines end with LF,
// CRLF or CR alone (the HTML tokenizer reads CR and CRLF as line ends,
// WHATWG HTML §13.2.3.5); counting LF bytes alone put every tag of a
// CR-only page on line 1.
func TestParse_LineEndings(t *testing.T) {
	body := string(page("<meta name=\"tdm-reservation\" content=\"true\">\n<meta name=\"robots\" content=\"noai\">\n<link rel=\"llms-txt\" href=\"/llms.txt\">"))
	want := []string{"homepage.tdm-reservation-invalid@6"}
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		s, got := parse(t, nil, []byte(strings.ReplaceAll(body, "\n", eol)))
		if !slices.Equal(got, want) {
			t.Errorf("%q line endings: %v, want %v", eol, got, want)
		}
		if len(s.Robots) != 1 || s.Robots[0].Line != 7 {
			t.Errorf("%q line endings: robots meta %+v, want line 7", eol, s.Robots)
		}
	}
}
