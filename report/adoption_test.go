package report

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// The adoption chart must not count a file of another format (a
// coding-agent AGENTS.md at /AGENTS.md) as publishing the location's
// format: the bar read as adoption is the files in the format, and the
// files of any format, where drawn, are named as such. In a realistic
// crawl of the simulated web, 31 of agents-md's 56 files were coding-agent
// instructions, and the chart said 3.9% "publish a file" where 1.7% did.
func TestAdoptionChartSetsOtherFormatsApart(t *testing.T) {
	sec := sectionOf(t, "adoption")
	res := &queries.Result{
		Columns: []string{"location", "reachable", "with_file", "in_format", "valid", "usable",
			"pct_with_file", "pct_in_format", "pct_valid", "pct_usable"},
		Rows: [][]any{
			{"robots", int64(1450), int64(1163), int64(1163), int64(1146), int64(1140), 80.21, 80.21, 79.03, 78.62},
			{"agents-md", int64(1450), int64(56), int64(25), int64(24), int64(24), 3.86, 1.72, 1.66, 1.66},
			{"home", int64(1450), int64(1429), int64(1429), int64(1429), int64(1429), 98.55, 98.55, 98.55, 98.55},
		},
	}
	v := viewSection(SectionResult{Section: sec, Query: &queries.Query{}, Result: res}, "c1",
		map[registry.LocationID]bool{registry.LocAgentsMD: true}, map[string]bool{})
	if v.Chart == nil {
		t.Fatalf("no chart: %s", v.ChartNote)
	}
	var tips []string
	for _, b := range v.Chart.Bars {
		if strings.HasPrefix(b.Tip, "agents-md — ") {
			tips = append(tips, b.Tip)
		}
	}
	inFormat := false
	for _, tip := range tips {
		switch {
		case strings.HasSuffix(tip, ": 3.9%") && !strings.Contains(tip, "any format"):
			t.Errorf("bar %q counts the coding-agent files as publishing the format", tip)
		case strings.HasSuffix(tip, ": 1.7%") && strings.Contains(tip, "publish a file in the format"):
			inFormat = true
		}
	}
	if !inFormat {
		t.Errorf("no bar of the files in agents-md's format (1.7%%) among %q", tips)
	}
}

// The chart by rank band counts the same files as the adoption chart and
// the headline figures: those in the location's format, not a coding-agent
// AGENTS.md that happens to sit at /AGENTS.md.
func TestAdoptionByRankCountsFilesInTheFormat(t *testing.T) {
	sec := sectionOf(t, "adoption_by_rank")
	res := &queries.Result{
		Columns: []string{"rank_band", "location", "domains", "reachable", "with_file", "in_format", "valid", "usable",
			"pct_with_file", "pct_in_format", "pct_valid", "pct_usable"},
		Rows: [][]any{
			{"top 1k", "agents-md", int64(1000), int64(990), int64(60), int64(20), int64(19), int64(19), 6.06, 2.02, 1.92, 1.92},
			{"unranked", "agents-md", int64(500), int64(460), int64(10), int64(5), int64(5), int64(5), 2.17, 1.09, 1.09, 1.09},
		},
	}
	v := viewSection(SectionResult{Section: sec, Query: &queries.Query{}, Result: res}, "c1",
		map[registry.LocationID]bool{registry.LocAgentsMD: true}, map[string]bool{})
	if v.Chart == nil {
		t.Fatalf("no chart: %s", v.ChartNote)
	}
	var tips []string
	for _, b := range v.Chart.Bars {
		tips = append(tips, b.Tip)
	}
	if want := []string{"agents-md — top 1k: 2.0%", "agents-md — unranked: 1.1%"}; strings.Join(tips, "|") != strings.Join(want, "|") {
		t.Errorf("bars %q, want %q (the files in the format)", tips, want)
	}
	if !strings.Contains(v.Chart.Desc, "in the format") {
		t.Errorf("chart description %q does not say it counts files in the format", v.Chart.Desc)
	}
}

// sectionOf returns the report's section of the named query.
func sectionOf(t *testing.T, query string) Section {
	t.Helper()
	for _, s := range Sections() {
		if s.Query == query {
			return s
		}
	}
	t.Fatalf("no %s section", query)
	return Section{}
}
