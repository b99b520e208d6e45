package autoctl

import "testing"

// BenchmarkParse parses a realistic file (81 groups, 10 KB).
func BenchmarkParse(b *testing.B) {
	body := readTestdata(b, "large.txt")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, plainUTF8)
	}
}

// BenchmarkAllowed evaluates one query against the same file.
func BenchmarkAllowed(b *testing.B) {
	f, _ := Parse(readTestdata(b, "large.txt"), Options{Host: "shop.example.org"})
	b.ReportAllocs()
	for b.Loop() {
		f.Allowed("Mozilla/5.0 (compatible; ClaudeBot/1.0)", "https://shop.example.org/cart/items/42?x=1", "POST")
	}
}
