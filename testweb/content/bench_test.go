package content

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// BenchmarkBody_Feed measures serving the largest host-dependent body: the
// valid-active feed, rendered for a host on each call.
func BenchmarkBody_Feed(b *testing.B) {
	var body func(string) []byte
	for _, s := range FeedSets() {
		if s.Name == "valid-active" {
			body = s.Feed.Body
		}
	}
	b.SetBytes(int64(len(body("example.test:8443"))))
	b.ReportAllocs()
	for b.Loop() {
		body("example.test:8443")
	}
}

// BenchmarkBody_Static measures serving a precomputed body (the large
// robots.txt).
func BenchmarkBody_Static(b *testing.B) {
	var body func(string) []byte
	for _, v := range Variants(registry.LocRobots) {
		if v.Name == "robots/large" {
			body = v.Body
		}
	}
	b.SetBytes(int64(len(body("example.test"))))
	b.ReportAllocs()
	for b.Loop() {
		body("example.test")
	}
}

// BenchmarkBuild measures building the whole corpus, as the server does
// once at start (the feed sets sign about forty entries).
func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, loc := range registry.Locations() {
			Variants(loc.ID)
		}
		FeedSets()
		HomePages()
	}
}
