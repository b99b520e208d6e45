package report

import (
	"slices"
	"strings"
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

// TestRowHeaders: the cells that name a table's row are row headers, the
// chart's category columns where the table shows them, else the first
// column, so that a screen reader says which row a number is in.
func TestRowHeaders(t *testing.T) {
	res := &queries.Result{Columns: []string{"rank_band", "format", "section", "files"}, Rows: [][]any{{"top 1k", "robots", "§2", int64(3)}, {"", "robots", "", int64(1)}}}
	for _, c := range []struct {
		chart Chart
		want  []bool
	}{
		{Chart{Kind: Bar, X: "format", XWith: []string{"section"}, Y: []string{"files"}}, []bool{false, true, true, false}},
		{Chart{}, []bool{true, false, false, false}},
		{Chart{Kind: Bar, X: "gone", Y: []string{"files"}}, []bool{true, false, false, false}},
	} {
		tv := tableOf(Section{Query: "q", Chart: c.chart}, res, "survey query q")
		var got []bool
		for _, cell := range tv.Rows[0] {
			got = append(got, cell.Key)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("chart %+v: row headers %v, want %v", c.chart, got, c.want)
		}
		for j, cell := range tv.Rows[1] {
			if cell.Key && cell.Text == "" {
				t.Errorf("chart %+v: the empty cell %d of a row is a row header", c.chart, j)
			}
		}
	}
	out, _ := render(t, fixtureReport(t, []string{"a.example", "b.example", "c.example"}))
	if !strings.Contains(out, `<tr><th scope="row" class="short">a.example</th><td class="num">1,000</td>`) {
		t.Error("the fixture's table row does not start with its domain as a row header")
	}
}
