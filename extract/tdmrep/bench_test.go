package tdmrep

import (
	"strings"
	"testing"
)

// BenchmarkParse parses a large realistic tdmrep.json: a publisher's 601
// rules (64 KiB) with patterns and policies.
func BenchmarkParse(b *testing.B) {
	data := readFile(b, "testdata/large.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(data)
	}
}

// BenchmarkParse_ManyPrefixRules exercises the unreachable-rule check on
// 10 000 nested prefix rules, the worst case of that check.
func BenchmarkParse_ManyPrefixRules(b *testing.B) {
	var s strings.Builder
	s.WriteString("[")
	for i := range MaxRules {
		if i > 0 {
			s.WriteString(",")
		}
		s.WriteString(`{"location": "/` + strings.Repeat("a", i%64) + `x", "tdm-reservation": 1}`)
	}
	s.WriteString("]")
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Parse(data)
	}
}

// BenchmarkReservation evaluates a path against the large file's rules.
func BenchmarkReservation(b *testing.B) {
	f, _ := Parse(readFile(b, "testdata/large.json"))
	for b.Loop() {
		f.Reservation("/news/2010/0999/report-final.pdf")
	}
}
