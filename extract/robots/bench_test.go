package robots

import (
	"os"
	"path/filepath"
	"testing"
)

// benchBody is a realistic ~50 KiB robots.txt: a large "*" group with
// wildcard rules and the three AI extensions, search-engine groups, a
// stacked group of fifty AI crawler tokens, per-bot groups with
// crawl-delay, and sitemaps.
func benchBody(b *testing.B) []byte {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "bench-50k.robots.txt"))
	if err != nil {
		b.Fatal(err)
	}
	return body
}

func BenchmarkParse(b *testing.B) {
	body := benchBody(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body)
	}
}

func BenchmarkParseEvents(b *testing.B) {
	body := benchBody(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		ParseEvents(body, NopHandler{})
	}
}

func BenchmarkAllowed(b *testing.B) {
	f, _ := Parse(benchBody(b))
	m := NewMatcher(f)
	b.ReportAllocs()
	for b.Loop() {
		m.Allowed("Mozilla/5.0 (compatible; ExampleBot/1.0)", "https://www.example-news.com/archive/2003/07/story/amp/?utm_source=x")
	}
}

func BenchmarkStancesAITokens(b *testing.B) {
	f, _ := Parse(benchBody(b))
	tokens := AITokens()
	b.ReportAllocs()
	for b.Loop() {
		NewMatcher(f).Stances(tokens)
	}
}

// BenchmarkStancesSmallFile is the common case: a short file whose groups
// name a few AI crawlers, the other crawlers inheriting "*".
func BenchmarkStancesSmallFile(b *testing.B) {
	f, _ := Parse([]byte("User-agent: *\nDisallow: /admin/\nDisallow: /cart\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n"))
	tokens := AITokens()
	b.ReportAllocs()
	for b.Loop() {
		NewMatcher(f).Stances(tokens)
	}
}
