package report

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// BenchmarkWriteHTML renders a report of 20 charted sections of 200 rows
// each (the size of a real report's largest results) and prints the
// page's size.
func BenchmarkWriteHTML(b *testing.B) {
	r := fixtureReport(b, []string{"a.example", "b.example", "c.example"})
	var sections []SectionResult
	for i := range 20 {
		res := &queries.Result{Columns: []string{"format", "code", "severity", "files", "pct_files"}}
		for j := range 200 {
			res.Rows = append(res.Rows, []any{fmt.Sprintf("format-%d", j%10), fmt.Sprintf("code.%d.%d", i, j),
				[]string{"error", "warning", "info"}[j%3], int64(j * 37), float64(j%100) + 0.25})
		}
		sections = append(sections, SectionResult{
			Section: Section{Title: fmt.Sprintf("Question %d", i), Query: "adoption",
				Chart: Chart{Kind: Bar, X: "code", Y: []string{"pct_files"}, Series: "severity", PerGroup: "format", MaxPerGroup: 3, MaxBars: 30}},
			Query: r.Sections[0].Query, Result: res,
		})
	}
	r.Sections = sections
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.WriteHTML(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB/page")
}
