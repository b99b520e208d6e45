package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/queries"
)

// chartData is a query result reduced to what a chart draws: categories,
// series and a value per pair.
type chartData struct {
	categories []string
	series     []series
	values     [][]float64   // [category][series]; NaN where the result has none or NULL
	nulls      map[cell]bool // the values that are NULL: no bar, a dash, not zero
	omitted    int           // categories beyond MaxBars, not drawn
}

// cell is a category and a series: one value of a chart.
type cell struct{ category, series int }

// series is one measure of a chart.
type series struct {
	key   string // column name or series value
	name  string // what the legend says
	color string
	kind  kind // how its values are written
}

// maxBarsDefault is the number of categories drawn when Chart.MaxBars is 0.
const maxBarsDefault = 20

// chartDataOf reduces res to what chart c draws. The error says which
// column the chart needs that the result lacks, or which value is not a
// number.
func chartDataOf(c Chart, res *queries.Result) (*chartData, error) {
	col := map[string]int{}
	for i, name := range res.Columns {
		col[name] = i
	}
	need := func(name, role string) (int, error) {
		i, ok := col[name]
		if !ok {
			return 0, fmt.Errorf("the chart's %s column %q is not in the result (columns: %s)", role, name, strings.Join(res.Columns, ", "))
		}
		return i, nil
	}
	if c.X == "" || len(c.Y) == 0 {
		return nil, fmt.Errorf("the chart declares no category (X) or measure (Y) column")
	}
	if c.Series != "" && len(c.Y) != 1 {
		return nil, fmt.Errorf("a chart with a series column takes exactly one measure column, not %d", len(c.Y))
	}
	xi, err := need(c.X, "category")
	if err != nil {
		return nil, err
	}
	yi := make([]int, len(c.Y))
	for j, y := range c.Y {
		if yi[j], err = need(y, "measure"); err != nil {
			return nil, err
		}
	}
	si := -1
	if c.Series != "" {
		if si, err = need(c.Series, "series"); err != nil {
			return nil, err
		}
	}
	keep, err := rowFilter(c, need)
	if err != nil {
		return nil, err
	}
	xw := make([]int, len(c.XWith))
	for j, name := range c.XWith {
		if xw[j], err = need(name, "category"); err != nil {
			return nil, err
		}
	}
	rows := make([][]any, 0, len(res.Rows))
	for _, row := range res.Rows {
		if len(row) != len(res.Columns) {
			return nil, fmt.Errorf("a result row has %d values for %d columns", len(row), len(res.Columns))
		}
		if keep(row) {
			rows = append(rows, row)
		}
	}

	d := &chartData{nulls: map[cell]bool{}}
	catIndex := map[string]int{}
	seriesIndex := map[string]int{}
	addSeries := func(key string, k kind) int {
		if j, ok := seriesIndex[key]; ok {
			return j
		}
		seriesIndex[key] = len(d.series)
		name := key
		if n, ok := c.Names[key]; ok {
			name = n
		}
		d.series = append(d.series, series{key: key, name: name, kind: k})
		for i := range d.values {
			d.values[i] = append(d.values[i], math.NaN())
		}
		return len(d.series) - 1
	}
	ykinds := make([]kind, len(c.Y))
	for j, y := range c.Y {
		ykinds[j] = columnKind(y, rows, yi[j])
		if c.Series == "" {
			addSeries(y, ykinds[j])
		}
	}
	maxBars := c.MaxBars
	if maxBars <= 0 {
		maxBars = maxBarsDefault
	}
	for _, row := range rows {
		parts := []string{label(row[xi])}
		for _, i := range xw {
			if l := label(row[i]); row[i] != nil && l != "" {
				parts = append(parts, l)
			}
		}
		cat := strings.Join(parts, " · ")
		ci, ok := catIndex[cat]
		if !ok {
			if len(d.categories) == maxBars {
				d.omitted++
				catIndex[cat] = -1
				continue
			}
			ci = len(d.categories)
			catIndex[cat] = ci
			d.categories = append(d.categories, cat)
			vals := make([]float64, len(d.series))
			for j := range vals {
				vals[j] = math.NaN()
			}
			d.values = append(d.values, vals)
		}
		if ci < 0 {
			continue
		}
		for j := range c.Y {
			sj := j
			if si >= 0 {
				sj = addSeries(label(row[si]), ykinds[0])
			}
			if d.has(ci, sj) {
				return nil, fmt.Errorf("the result has more than one row for %s %q and series %q; the chart needs a Series or Where to tell them apart", c.X, cat, d.series[sj].key)
			}
			v := row[yi[j]]
			if v == nil {
				d.nulls[cell{ci, sj}] = true
				continue
			}
			f, _, ok := number(v)
			if !ok {
				return nil, fmt.Errorf("the chart's measure column %q holds %q, not a number", c.Y[j], queries.Text(v))
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				f = 0
			}
			d.values[ci][sj] = f
		}
	}
	palette := chartPalette()
	next := 0
	for j := range d.series {
		if col, ok := c.Colors[d.series[j].key]; ok {
			d.series[j].color = col
			continue
		}
		d.series[j].color = palette[next%len(palette)]
		next++
	}
	return d, nil
}

// has reports whether the result gave category i a value in series j: a
// number or NULL.
func (d *chartData) has(i, j int) bool {
	return !math.IsNaN(d.values[i][j]) || d.nulls[cell{i, j}]
}

// oneSeriesEach reports whether every category has a value (a number or
// NULL) in one series at most, so that a bar chart needs no side-by-side
// bars.
func (d *chartData) oneSeriesEach() bool {
	for i, vals := range d.values {
		n := 0
		for j := range vals {
			if d.has(i, j) {
				n++
			}
		}
		if n > 1 {
			return false
		}
	}
	return true
}

// anyPositive reports whether some value is above zero, so that a bar
// would be drawn.
func (d *chartData) anyPositive() bool {
	for _, vals := range d.values {
		for _, v := range vals {
			if v > 0 {
				return true
			}
		}
	}
	return false
}

// label is a value as a chart names it: NULL is "(none)".
func label(v any) string {
	if v == nil {
		return "(none)"
	}
	return queries.Text(v)
}

// rowFilter returns the test a result row must pass to be charted: Where,
// Omit and the MaxPerGroup rows of each PerGroup value.
func rowFilter(c Chart, need func(name, role string) (int, error)) (func([]any) bool, error) {
	type cond struct {
		i      int
		values []string
		keep   bool // keep rows with one of the values, or leave them out
	}
	var conds []cond
	for name, want := range c.Where {
		i, err := need(name, "filter")
		if err != nil {
			return nil, err
		}
		conds = append(conds, cond{i, []string{want}, true})
	}
	for name, values := range c.Omit {
		i, err := need(name, "filter")
		if err != nil {
			return nil, err
		}
		conds = append(conds, cond{i, values, false})
	}
	group := -1
	if c.PerGroup != "" && c.MaxPerGroup > 0 {
		var err error
		if group, err = need(c.PerGroup, "group"); err != nil {
			return nil, err
		}
	}
	perGroup := map[string]int{}
	return func(row []any) bool {
		for _, c := range conds {
			if slices.Contains(c.values, label(row[c.i])) != c.keep {
				return false
			}
		}
		if group >= 0 {
			g := label(row[group])
			if perGroup[g] == c.MaxPerGroup {
				return false
			}
			perGroup[g]++
		}
		return true
	}, nil
}

// chartPalette is the series colours in order: the Okabe–Ito colours
// (distinguishable with the common colour-vision deficiencies) without
// the yellow that is too pale on white, then further darker hues.
func chartPalette() []string {
	return []string{"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#6B6B6B", "#8C564B", "#1F3A93", "#9E9A00", "#7B3294", "#2A9D8F"}
}
