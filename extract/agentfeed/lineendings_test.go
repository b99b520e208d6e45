package agentfeed

import (
	"fmt"
	"strings"
	"testing"
)

// TestParse_LineEndings checks that diagnostics carry the same lines
// whether the feed's lines end with LF, CRLF or CR alone (XML 1.0 §2.11
// ends a line at each); counting LF bytes alone put every diagnostic of a
// CR-only feed on line 1.
func TestParse_LineEndings(t *testing.T) {
	feed := strings.Join([]string{
		`<?xml version="1.0" encoding="utf-8"?>`,
		`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:af="https://agent-feed.dev/ns/v0">`,
		`  <id>https://example.com/.well-known/agent-feed.xml</id>`,
		`  <title>Agent feed</title>`,
		`  <updated>2026-01-01T00:00:00Z</updated>`,
		`  <af:spec-version>0</af:spec-version>`,
		`  <af:feed-status>active</af:feed-status>`,
		`  <af:bogus/>`,
		`  <entry>`,
		`    <id>urn:af:example.com:1</id>`,
		`    <updated>yesterday</updated>`,
		`    <af:type>endpoint-announcement</af:type>`,
		`    <title>endpoint-announcement</title>`,
		`    <content type="application/json">{`,
		`"endpoint-id": "a",`,
		`"endpoint-id": "b"}</content>`,
		`  </entry>`,
		`</feed>`,
		``,
	}, "\n")
	for _, c := range []struct {
		name, body string
		lines      []int // lines that must be among the diagnostics'
	}{
		{"feed", feed, []int{8, 11, 16}},
		{"syntax", "<feed>\n<a>\n\n</b>\n</feed>\n", []int{4}},
		{"outside", "<feed/>\n\n\n  x\n", []int{4}},
		{"nul", "<feed>\n\n<a>\x00</a></feed>\n", []int{3}},
	} {
		var want string
		for _, eol := range []string{"\n", "\r\n", "\r"} {
			_, diags := Parse([]byte(strings.ReplaceAll(c.body, "\n", eol)), Options{})
			var got []string
			seen := map[int]bool{}
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s@%d", d.Code, d.Line))
				seen[d.Line] = true
			}
			g := strings.Join(got, " ")
			if eol == "\n" {
				want = g
				for _, l := range c.lines {
					if !seen[l] {
						t.Errorf("%s: no diagnostic at line %d: %s", c.name, l, g)
					}
				}
				continue
			}
			if g != want {
				t.Errorf("%s with %q line endings:\n got %s\nwant %s", c.name, eol, g, want)
			}
		}
	}
}
