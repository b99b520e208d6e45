package seeds

import (
	"io"
	"testing"
)

// BenchmarkReader reads a Tranco-style list from a generator and reports
// seeds per second; the allocation figures show the per-seed cost, which
// does not depend on the list's length beyond the duplicate set.
func BenchmarkReader(b *testing.B) {
	b.ReportAllocs()
	r := NewReader(&endless{}, "bench")
	for i := 0; i < b.N; i++ {
		if _, err := r.Next(); err != nil && err != io.EOF {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "seeds/s")
}

// BenchmarkReader_Ranked reads a Tranco-style "rank,domain" list, the
// commonest form of a large seed list.
func BenchmarkReader_Ranked(b *testing.B) {
	b.ReportAllocs()
	r := NewReader(&endless{ranked: true}, "bench")
	for i := 0; i < b.N; i++ {
		if _, err := r.Next(); err != nil && err != io.EOF {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "seeds/s")
}
