package agentfeed

import (
	"testing"
	"time"
)

// TestParseTimestamp checks RFC 3339 §5.6 date-times, leap seconds (§5.7)
// included where one can occur.
func TestParseTimestamp(t *testing.T) {
	for _, c := range []struct {
		in      string
		ok, utc bool
		want    string // t in UTC, RFC 3339
	}{
		{"2026-04-27T12:00:00Z", true, true, "2026-04-27T12:00:00Z"},
		{"2026-04-27t12:00:00.250z", true, true, "2026-04-27T12:00:00.25Z"},
		{"2026-04-27T14:00:00+02:00", true, false, "2026-04-27T12:00:00Z"},
		{"2016-12-31T23:59:60Z", true, true, "2017-01-01T00:00:00Z"},
		{"2015-06-30T23:59:60.5Z", true, true, "2015-07-01T00:00:00.5Z"},
		{"2016-12-31T18:59:60-05:00", true, false, "2017-01-01T00:00:00Z"},
		{"2016-12-30T23:59:60Z", false, false, ""}, // not the last day of a month
		{"2016-12-31T12:59:60Z", false, false, ""}, // not the last minute of the day in UTC
		{"2016-12-31T23:59:61Z", false, false, ""},
		{"2026-13-01T00:00:00Z", false, false, ""},
		{"2026-02-30T00:00:00Z", false, false, ""},
		{"2026-04-27T24:00:00Z", false, false, ""},
		{"2026-04-27 12:00:00Z", false, false, ""},
		{"2026-04-27T12:00:00", false, false, ""},
	} {
		got, utc, ok := parseTimestamp(c.in)
		if ok != c.ok || utc != c.utc || (ok && got.UTC().Format(time.RFC3339Nano) != c.want) {
			t.Errorf("parseTimestamp(%q) = %v, utc %v, ok %v; want %s, utc %v, ok %v", c.in, got.UTC().Format(time.RFC3339Nano), utc, ok, c.want, c.utc, c.ok)
		}
	}
}
