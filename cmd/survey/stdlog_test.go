package main

import (
	"strings"
	"testing"
)

// A library's log line quoting a server's bytes reaches the terminal
// prefixed and with its control characters escaped, line by line however
// it is written.
func TestLibraryLog_EscapesServerBytes(t *testing.T) {
	var b strings.Builder
	l := &libraryLog{w: &b, prefix: "survey: Go library: "}
	l.Write([]byte("Unsolicited response received on idle HTTP channel starting with \"\x1b]0;pwned\x07HTTP/1.1"))
	l.Write([]byte(" 200\"; err=<nil>\nsecond\n"))
	want := "survey: Go library: Unsolicited response received on idle HTTP channel starting with \"\\x1b]0;pwned\\a" +
		"HTTP/1.1 200\"; err=<nil>\nsurvey: Go library: second\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}
