package sink

import (
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// BenchmarkFormatRows_Robots flattens a typical robots.txt (a * group of
// 14 rules with a Content-Signal, a group blocking 8 AI crawlers, a
// Googlebot group, two sitemaps): 3 groups, 17 rules, 1 preference and a
// stance row per known AI crawler. It reports rows per second.
func BenchmarkFormatRows_Robots(b *testing.B) {
	doc := parseFixture(b, registry.Robots, registry.LocRobots, "robots-typical.txt", nil, nil)
	key := docKey(registry.LocRobots)
	rows := 0
	for _, r := range FormatRows(key, doc) {
		rows += reflectLen(r.Rows)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		FormatRows(key, doc)
	}
	b.ReportMetric(float64(rows), "rows/op")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
