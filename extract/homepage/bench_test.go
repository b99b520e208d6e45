package homepage

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkParse extracts the signals of a realistic 100 KiB news home
// page (signals in the head, many article teasers in the body).
func BenchmarkParse(b *testing.B) {
	body, err := os.ReadFile("testdata/large.html")
	if err != nil {
		b.Fatal(err)
	}
	h := hdr("Content-Type", "text/html; charset=utf-8", "X-Robots-Tag", "noai, noimageai", "Content-Usage", "train-ai=n")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(h, body)
	}
}

// BenchmarkParse_HugeHead is a 1 MiB page whose whole text is a head of
// meta and link tags, the worst case for the tree builder, which must stay
// linear.
func BenchmarkParse_HugeHead(b *testing.B) {
	body := []byte("<html><head>" + strings.Repeat(`<meta name="robots" content="noai"><link rel="x" href="/llms.txt">`, (1<<20)/66))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		Parse(nil, body)
	}
}

// BenchmarkParse_NestedBody is a 1 MiB page of unclosed nested elements
// after a short head, the tree builder's slow case, which the head scan
// never hands to it.
func BenchmarkParse_NestedBody(b *testing.B) {
	body := []byte("<html><head><meta name=robots content=noai></head><body>" + strings.Repeat("<b><i><div><p>text ", (1<<20)/20))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		Parse(nil, body)
	}
}
