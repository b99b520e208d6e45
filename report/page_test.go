package report

import (
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestChartDescription: a chart's text alternative names its axes in the
// middle of a sentence without lowering an acronym ("AI", "HTTPS"), which
// a screen reader would then read as a word.
func TestChartDescription(t *testing.T) {
	for in, want := range map[string]string{
		"Share of fetches": "share of fetches", "AI crawler token": "AI crawler token",
		"Scheme · HTTPS failure": "scheme · HTTPS failure", "x": "x", "": "", "Élan": "élan",
	} {
		if got := lowerFirst(in); got != want {
			t.Errorf("lowerFirst(%q) = %q, want %q", in, got, want)
		}
	}
	q, err := queries.Get("ai_crawler_stance")
	if err != nil {
		t.Fatal(err)
	}
	s := SectionResult{
		Section: Section{Title: "Stance", Query: q.Name, Chart: Chart{Kind: Stacked, X: "token", Y: []string{"pct_blocked"},
			XLabel: "AI crawler token", YLabel: "Share of robots.txt files"}},
		Query:  &q,
		Result: &queries.Result{Columns: []string{"token", "pct_blocked"}, Rows: [][]any{{"GPTBot", 12.5}}},
	}
	v := viewSection(s, "c", nil, map[string]bool{})
	if v.Chart == nil {
		t.Fatalf("no chart: %s", v.ChartNote)
	}
	if want := "Stacked bar chart of share of robots.txt files by AI crawler token, from survey query ai_crawler_stance. The table that follows lists every value."; v.Chart.Desc != want {
		t.Errorf("description %q, want %q", v.Chart.Desc, want)
	}
}
