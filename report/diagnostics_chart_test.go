package report

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// ai.txt files are read by the robots.txt parser and get robots.* codes, so
// a bar labelled with the code alone read as a share of robots.txt files:
// in a realistic crawl of the simulated web, "robots.invalid-utf8 11.7%"
// (7 of 60 ai.txt files) where 1.2% of robots.txt files had it. And the
// same code among the top three of two formats made two rows of one
// category, which left the section without a chart.
func TestDiagnosticsChartNamesTheFormat(t *testing.T) {
	sec := sectionOf(t, "diagnostics")
	cols := []string{"format", "rank", "code", "severity", "spec", "files", "domains", "occurrences",
		"format_files", "pct_files", "example_domain", "example_location", "example_line"}
	row := func(format string, rank int64, code, severity string, files, of int64, pct float64) []any {
		return []any{format, rank, code, severity, "RFC 9309 §2.3", files, files, files, of, pct, "site-000002.test", format, int64(1)}
	}
	res := &queries.Result{Columns: cols, Rows: [][]any{
		row("robots", 1, "robots.bom", "info", 28, 1163, 2.41),
		row("robots", 2, "robots.invalid-utf8", "error", 14, 1163, 1.2),
		row("ai-txt", 1, "robots.invalid-utf8", "error", 7, 60, 11.67),
		row("ai-txt", 2, "robots.missing-colon", "warning", 6, 60, 10.0),
	}}
	v := viewSection(SectionResult{Section: sec, Query: &queries.Query{}, Result: res}, "c1",
		map[registry.LocationID]bool{registry.LocRobots: true, registry.LocAITxt: true}, map[string]bool{})
	if v.Chart == nil {
		t.Fatalf("no chart: %s", v.ChartNote)
	}
	tips := map[string]bool{}
	for _, b := range v.Chart.Bars {
		tips[b.Tip] = true
	}
	for _, want := range []string{
		"robots · robots.invalid-utf8 — error: 1.2%",
		"ai-txt · robots.invalid-utf8 — error: 11.7%",
		"ai-txt · robots.missing-colon — warning: 10.0%",
	} {
		if !tips[want] {
			t.Errorf("no bar %q among %v", want, tips)
		}
	}
	var cats []string
	for _, tx := range v.Chart.Texts {
		if tx.Class == "category" {
			cats = append(cats, tx.Text+tx.Tip)
		}
	}
	if got := strings.Join(cats, "|"); !strings.Contains(got, "ai-txt") {
		t.Errorf("category labels %q do not name the format", got)
	}
}
