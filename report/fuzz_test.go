package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/agentpolicy/survey/queries"
)

// FuzzPage renders a report whose one charted section holds arbitrary
// text and numbers: the page must render, parse and stay inert.
func FuzzPage(f *testing.F) {
	f.Add("robots", "info", 12.5, int64(3))
	f.Add(`<script>alert(1)</script>`, `"><svg onload=x>`, math.Inf(1), int64(-5))
	f.Add("", "", math.NaN(), int64(0))
	f.Add(strings.Repeat("é", 300), "\x00\xff", -1e300, int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, category, series string, value float64, n int64) {
		r := fixtureReport(t, []string{category, series, "c"})
		s := &r.Sections[0]
		s.Result = &queries.Result{
			Columns: []string{"domain", "severity", "pct_valid", "files"},
			Rows: [][]any{
				{category, series, value, n},
				{series, category, -value, nil},
			},
		}
		for _, chart := range []Chart{
			{Kind: Bar, X: "domain", Y: []string{"pct_valid"}},
			{Kind: Stacked, X: "domain", Y: []string{"pct_valid", "files"}},
			{Kind: Bar, X: "domain", Y: []string{"files"}, Series: "severity"},
			{Kind: Stacked, X: "severity", XWith: []string{"domain"}, Y: []string{"files"}, Series: "domain", Omit: map[string][]string{"files": {category}}},
		} {
			s.Section.Chart = chart
			var buf bytes.Buffer
			if err := r.WriteHTML(&buf); err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(&buf)
			if err != nil {
				t.Fatal(err)
			}
			checkInert(t, doc)
		}
	})
}
