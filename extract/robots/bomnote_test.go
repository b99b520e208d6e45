package robots

import (
	"strings"
	"testing"
)

// TestParse_RecordBehindAByteOrderMark: a known record behind a byte order
// mark that is not the file's first bytes (a second U+FEFF, or the UTF-8
// mark encoded twice, "ï»¿") is an unknown record, as crawlers read it, and
// the message says which record it hides and why; other unknown records,
// and a misspelt name behind a mark, get the plain message.
func TestParse_RecordBehindAByteOrderMark(t *testing.T) {
	cases := []struct {
		body, want string
	}{
		{"\xc3\xaf\xc2\xbb\xc2\xbfUser-agent: *\nDisallow: /x\n", `"User-agent" behind a byte order mark encoded twice`},
		{"\xef\xbb\xbf\xef\xbb\xbfUser-agent: *\nDisallow: /x\n", `"User-agent" behind a byte order mark (U+FEFF) that is not the file's first bytes`},
		{"User-agent: *\n\xef\xbb\xbfDisallow: /x\n", `"Disallow" behind a byte order mark (U+FEFF)`},
		{"Foo: bar\n", ""},
		{"\xc3\xaf\xc2\xbb\xc2\xbfFoo: bar\n", ""},
		{"\xc3\xaf\xc2\xbb\xc2\xbfDisalow: /x\n", ""},
	}
	for _, c := range cases {
		_, d := parseString(t, c.body)
		var msg string
		for _, x := range d {
			if x.Code == codeUnknownRecord.ID {
				msg = x.Message
			}
		}
		if msg == "" {
			t.Errorf("%q: no robots.unknown-record", c.body)
			continue
		}
		if c.want == "" && strings.Contains(msg, "byte order mark") || c.want != "" && !strings.Contains(msg, c.want) {
			t.Errorf("%q: message %q, want it to say %q", c.body, msg, c.want)
		}
	}
}
