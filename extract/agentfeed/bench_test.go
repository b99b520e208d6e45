package agentfeed

import (
	"os"
	"testing"
)

// BenchmarkParse parses a realistic signed feed of 50 entries (ten
// endpoints, schema changes with migration deltas, re-announcements and
// deprecations), verifying every signature and checking the card.
func BenchmarkParse(b *testing.B) {
	body, err := os.ReadFile("testdata/bench-50.xml")
	if err != nil {
		b.Fatal(err)
	}
	o := fixtureOptions(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		f, _ := Parse(body, o)
		if f.State != StateActive || len(f.Entries) != 50 {
			b.Fatalf("state %s, %d entries", f.State, len(f.Entries))
		}
	}
}

// BenchmarkParse_NoKey measures the feed parse alone: no did.json, so no
// signature is verified.
func BenchmarkParse_NoKey(b *testing.B) {
	body, err := os.ReadFile("testdata/bench-50.xml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, Options{Host: host})
	}
}
