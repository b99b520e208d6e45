package agentstxt

import (
	"strings"
	"testing"
)

// BenchmarkParse parses a realistic valid file (400 directives, 11 KB).
func BenchmarkParse(b *testing.B) {
	body := readTestdata(b, "large.txt")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, plainUTF8)
	}
}

// BenchmarkParseMismatch parses the same file with a wrong digest, which
// makes the parser try every near miss: the worst case.
func BenchmarkParseMismatch(b *testing.B) {
	body := []byte(strings.Replace(string(readTestdata(b, "large.txt")), "*12c4", "*0000", 1))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, plainUTF8)
	}
}
