package report

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

func adoptionResult() *queries.Result {
	return &queries.Result{
		Columns: []string{"location", "reachable", "pct_with_file", "pct_valid"},
		Rows: [][]any{
			{"robots", int64(2375), 80.0, 78.7},
			{"agents-txt", int64(2375), 3.5, nil},
			{"home", int64(2375), 98.5, 98.5},
		},
	}
}

func TestChartDataWideForm(t *testing.T) {
	d, err := chartDataOf(Chart{Kind: Bar, X: "location", Y: []string{"pct_with_file", "pct_valid"},
		Names: map[string]string{"pct_valid": "valid"}, Colors: map[string]string{"pct_valid": "#123456"}}, adoptionResult())
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"robots", "agents-txt", "home"}; !reflect.DeepEqual(d.categories, want) {
		t.Errorf("categories %q, want %q", d.categories, want)
	}
	if len(d.series) != 2 || d.series[0].name != "pct_with_file" || d.series[1].name != "valid" {
		t.Fatalf("series %+v", d.series)
	}
	if d.series[0].kind != kindPercent || d.series[1].color != "#123456" || d.series[0].color != chartPalette()[0] {
		t.Errorf("series %+v", d.series)
	}
	// NULL is no value, not zero: the chart draws no bar for it.
	if d.values[1][0] != 3.5 || !math.IsNaN(d.values[1][1]) || !d.nulls[cell{1, 1}] || d.values[2][1] != 98.5 {
		t.Errorf("values %v, NULLs %v", d.values, d.nulls)
	}
	if d.oneSeriesEach() {
		t.Error("oneSeriesEach is true; every location has two measures, agents-txt's second NULL")
	}
}

// A NULL measure is written as a dash where its bar would be, not drawn as
// a bar of zero: the query says the measure does not apply.
func TestLayoutNullIsADash(t *testing.T) {
	d, err := chartDataOf(Chart{Kind: Bar, X: "location", Y: []string{"pct_with_file", "pct_valid"}}, adoptionResult())
	if err != nil {
		t.Fatal(err)
	}
	c := layoutChart(d, Bar, false, "c-x", "Adoption", "desc", "Location", "Share")
	if len(c.Bars) != 5 {
		t.Errorf("%d bars, want 5 (three locations, two measures, agents-txt's second NULL)", len(c.Bars))
	}
	var values []string
	var dash svgText
	for _, tx := range c.Texts {
		if tx.Class == "value" {
			values = append(values, tx.Text)
		}
		if tx.Text == "—" {
			dash = tx
		}
	}
	if want := []string{"80.0%", "78.7%", "3.5%", "—", "98.5%", "98.5%"}; !reflect.DeepEqual(values, want) {
		t.Errorf("value labels %q, want %q", values, want)
	}
	if dash.Tip != "agents-txt — pct_valid: no value" {
		t.Errorf("the dash's tip is %q", dash.Tip)
	}
}

func TestChartDataLongFormAndFilters(t *testing.T) {
	res := &queries.Result{
		Columns: []string{"format", "code", "severity", "files", "kind"},
		Rows: [][]any{
			{"robots", "robots.bom", "info", int64(44), "x"},
			{"robots", "robots.utf8", "error", int64(25), "x"},
			{"robots", "robots.third", "warning", int64(3), "x"},
			{"agents-txt", "agents-txt.hash", "error", int64(30), "x"},
			{"agents-txt", "agents-txt.skip", "error", int64(30), "y"},
			{"tdmrep", "tdmrep.omitted", "error", int64(9), "x"},
		},
	}
	d, err := chartDataOf(Chart{Kind: Bar, X: "code", Y: []string{"files"}, Series: "severity",
		Where: map[string]string{"kind": "x"}, Omit: map[string][]string{"format": {"tdmrep"}},
		PerGroup: "format", MaxPerGroup: 2}, res)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"robots.bom", "robots.utf8", "agents-txt.hash"}; !reflect.DeepEqual(d.categories, want) {
		t.Errorf("categories %q, want %q", d.categories, want)
	}
	var names []string
	for _, s := range d.series {
		names = append(names, s.name)
	}
	if want := []string{"info", "error"}; !reflect.DeepEqual(names, want) {
		t.Errorf("series %q, want %q", names, want)
	}
	if !math.IsNaN(d.values[0][1]) || d.values[0][0] != 44 || d.values[1][1] != 25 || d.values[2][1] != 30 {
		t.Errorf("values %v", d.values)
	}
	if !d.oneSeriesEach() {
		t.Error("oneSeriesEach is false; every code has one severity")
	}
}

func TestChartDataCompositeCategoryAndMaxBars(t *testing.T) {
	res := &queries.Result{Columns: []string{"outcome", "reason", "n"}}
	for i := range 25 {
		reason := any("r" + string(rune('a'+i)))
		if i == 0 {
			reason = nil // no reason: the label is the outcome alone
		}
		res.Rows = append(res.Rows, []any{"unreachable", reason, int64(i)})
	}
	d, err := chartDataOf(Chart{Kind: Bar, X: "outcome", XWith: []string{"reason"}, Y: []string{"n"}}, res)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.categories) != maxBarsDefault || d.omitted != 5 {
		t.Errorf("%d categories, %d omitted; want %d and 5", len(d.categories), d.omitted, maxBarsDefault)
	}
	if d.categories[0] != "unreachable" || d.categories[1] != "unreachable · rb" {
		t.Errorf("categories start %q", d.categories[:2])
	}
}

func TestChartDataErrors(t *testing.T) {
	res := adoptionResult()
	for _, c := range []struct {
		chart Chart
		want  string
	}{
		{Chart{Kind: Bar, X: "place", Y: []string{"pct_valid"}}, `the chart's category column "place" is not in the result (columns: location, reachable, pct_with_file, pct_valid)`},
		{Chart{Kind: Bar, X: "location", Y: []string{"pct_x"}}, `the chart's measure column "pct_x" is not in the result`},
		{Chart{Kind: Bar, X: "location", Y: []string{"pct_valid"}, Series: "kind"}, `the chart's series column "kind" is not in the result`},
		{Chart{Kind: Bar, X: "location", Y: []string{"pct_valid"}, Where: map[string]string{"k": "v"}}, `the chart's filter column "k" is not in the result`},
		{Chart{Kind: Bar, X: "location", Y: []string{"a", "b"}, Series: "location"}, "a chart with a series column takes exactly one measure column, not 2"},
		{Chart{Kind: Bar, X: "location"}, "the chart declares no category (X) or measure (Y) column"},
		{Chart{Kind: Bar, X: "reachable", Y: []string{"location"}}, `the chart's measure column "location" holds "robots", not a number`},
	} {
		_, err := chartDataOf(c.chart, res)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("chart %+v: error %v, want %q", c.chart, err, c.want)
		}
	}
	dup := &queries.Result{Columns: []string{"x", "y"}, Rows: [][]any{{"a", 1}, {"a", 2}}}
	if _, err := chartDataOf(Chart{Kind: Bar, X: "x", Y: []string{"y"}}, dup); err == nil ||
		!strings.Contains(err.Error(), `more than one row for x "a"`) {
		t.Errorf("repeated category: error %v", err)
	}
	ragged := &queries.Result{Columns: []string{"x", "y"}, Rows: [][]any{{"a"}}}
	if _, err := chartDataOf(Chart{Kind: Bar, X: "x", Y: []string{"y"}}, ragged); err == nil {
		t.Error("a row shorter than the columns: no error")
	}
}

func TestNiceScale(t *testing.T) {
	for _, c := range []struct {
		max       float64
		integral  bool
		top, step float64
	}{
		{100, false, 100, 20}, {80, false, 80, 20}, {98.5, false, 100, 20}, {8.9, false, 10, 2},
		{251, true, 300, 100}, {3, true, 3, 1}, {0.4, false, 0.4, 0.1}, {0.45, false, 0.5, 0.1}, {0, true, 1, 1}, {math.NaN(), false, 1, 1},
		{12, false, 12.5, 2.5},
	} {
		top, step := niceScale(c.max, c.integral)
		if math.Abs(top-c.top) > 1e-9 || math.Abs(step-c.step) > 1e-9 {
			t.Errorf("niceScale(%v, %v) = %v, %v; want %v, %v", c.max, c.integral, top, step, c.top, c.step)
		}
	}
}

func TestShorten(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"robots", 10, "robots"},
		{"agents-txt · draft-srijal-agents-policy-00 · §5", 20, "agents-tx…cy-00 · §5"},
		{"ééééééééééé", 5, "éé…éé"},
	} {
		if got := shorten(c.s, c.n); got != c.want {
			t.Errorf("shorten(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestLayoutBarsAreProportional(t *testing.T) {
	d, err := chartDataOf(Chart{Kind: Bar, X: "location", Y: []string{"pct_with_file"}}, adoptionResult())
	if err != nil {
		t.Fatal(err)
	}
	c := layoutChart(d, Bar, false, "c-x", "Adoption", "desc", "Location", "Share")
	if len(c.Bars) != 3 {
		t.Fatalf("%d bars, want 3", len(c.Bars))
	}
	// 80 and 98.5 on an axis to 100: widths in the same ratio.
	if r := c.Bars[0].W / c.Bars[2].W; math.Abs(r-80/98.5) > 1e-9 {
		t.Errorf("bar widths %v and %v: ratio %v, want %v", c.Bars[0].W, c.Bars[2].W, r, 80/98.5)
	}
	for _, b := range c.Bars {
		if b.X < 0 || b.X+b.W > c.Width || b.Y < 0 || b.Y+b.H > c.Height || b.H <= 0 {
			t.Errorf("bar %+v outside the %vx%v chart", b, c.Width, c.Height)
		}
	}
	if c.Bars[0].Tip != "robots — pct_with_file: 80.0%" {
		t.Errorf("tip %q", c.Bars[0].Tip)
	}
	texts := map[string]string{}
	for _, tx := range c.Texts {
		texts[tx.Class] += tx.Text + "|"
	}
	for class, want := range map[string]string{
		"axis-title": "Location|Share|",
		"category":   "robots|agents-txt|home|",
		"value":      "80.0%|3.5%|98.5%|",
		"tick":       "0%|20%|40%|60%|80%|100%|",
	} {
		if texts[class] != want {
			t.Errorf("%s texts %q, want %q", class, texts[class], want)
		}
	}
	if len(c.Swatches) != 0 {
		t.Errorf("a single series has a legend: %+v", c.Swatches)
	}
}

func TestLayoutStacked(t *testing.T) {
	res := &queries.Result{
		Columns: []string{"format", "valid", "invalid"},
		Rows:    [][]any{{"robots", int64(90), int64(10)}, {"agents-txt", int64(1), int64(0)}},
	}
	d, err := chartDataOf(Chart{Kind: Stacked, X: "format", Y: []string{"valid", "invalid"}}, res)
	if err != nil {
		t.Fatal(err)
	}
	c := layoutChart(d, Stacked, false, "c-x", "Validity", "desc", "Format", "Files")
	// Zero-length segments are not drawn: robots has two, agents-txt one.
	if len(c.Bars) != 3 {
		t.Fatalf("%d segments, want 3: %+v", len(c.Bars), c.Bars)
	}
	if c.Bars[1].X != c.Bars[0].X+c.Bars[0].W || c.Bars[0].Y != c.Bars[1].Y {
		t.Errorf("segments do not stack: %+v %+v", c.Bars[0], c.Bars[1])
	}
	if len(c.Swatches) != 2 {
		t.Errorf("%d legend swatches, want 2", len(c.Swatches))
	}
	var totals []string
	for _, tx := range c.Texts {
		if tx.Class == "value" {
			totals = append(totals, tx.Text)
		}
	}
	if want := []string{"100", "1"}; !reflect.DeepEqual(totals, want) {
		t.Errorf("totals %q, want %q", totals, want)
	}
}

func TestLightColours(t *testing.T) {
	for hex, want := range map[string]bool{
		"#FFFFFF": true, "#E69F00": true, "#009E73": true, "#56B4E9": true,
		"#D55E00": true, "#0072B2": false, "#CC79A7": true, "#8C564B": false, "#000000": false, "#6B6B6B": false, "bad": false, "#GG0000": false,
	} {
		if got := light(hex); got != want {
			t.Errorf("light(%s) = %v, want %v", hex, got, want)
		}
	}
}
