package report

import "github.com/agentpolicy/survey/registry"

// Section declares one question of the report: the named query that
// answers it, how its result is charted and which of its columns the table
// shows. Adding a question to the report is adding one Section to
// Sections.
type Section struct {
	// ID is the section's anchor in the page (letters, digits and
	// hyphens); empty means the query's name.
	ID string
	// Title is the section's heading, a short name of the question.
	Title string
	// Query is the name of the named query (queries.Get) whose result the
	// section shows.
	Query string
	// Locations are the locations whose files the question is about; nil
	// means any. When the crawl fetched none of them (survey crawl
	// --locations), the section says so instead of showing an empty result.
	Locations []registry.LocationID
	// Params are parameters passed to the query besides crawl, which the
	// report sets to the crawl it describes when the query declares it.
	Params map[string]string
	// Chart says how the result is drawn; the zero Chart draws none.
	Chart Chart
	// Columns are the result columns the table shows, in order; nil means
	// every column.
	Columns []string
	// MaxRows bounds the rows the table shows (the rest are counted in a
	// note); 0 means 100.
	MaxRows int
	// RowLimit names the query's parameter that bounds the rows it
	// returns, which Params sets to one more than MaxRows: a result that
	// fills it has more rows than the report read, so the table says
	// there are more without counting them, and the command it gives for
	// all of them leaves the parameter out.
	RowLimit string
}

// ChartKind is the type of a chart.
type ChartKind int

// The chart types. Every chart draws horizontal bars, one band per
// category, with the category axis on the left and the value axis below.
const (
	// NoChart draws nothing: the section is a table.
	NoChart ChartKind = iota
	// Bar draws a bar per category and measure, side by side when there
	// are several measures or series.
	Bar
	// Stacked draws one bar per category made of a segment per measure or
	// series value, for parts of a whole.
	Stacked
)

// String returns the kind's name as the page's descriptions use it.
func (k ChartKind) String() string {
	switch k {
	case Bar:
		return "bar chart"
	case Stacked:
		return "stacked bar chart"
	}
	return "no chart"
}

// Chart declares how a query result is drawn. The measures are either the
// Y columns (wide form: a series per column) or, when Series is set, the
// one Y column split by the values of the Series column (long form: a
// series per distinct value, in order of appearance). A Bar chart whose
// categories each have one series only (a code and its severity) draws
// one bar per category in its series' colour.
type Chart struct {
	Kind ChartKind
	// X is the category column: a bar (or a group of bars) per distinct
	// value, in the order the query returns them.
	X string
	// XWith are further columns whose values join X's in the category's
	// label ("robots · RFC 9309 · §2.2"), for results keyed by several
	// columns.
	XWith []string
	// Y are the measure columns; with Series, exactly one.
	Y []string
	// Series, when set, is the column whose values name the series.
	Series string
	// Where keeps only the rows whose column (key) has the text value
	// given, for results that mix several kinds of rows.
	Where map[string]string
	// Omit leaves out the rows whose column (key) has one of the values
	// given, e.g. the home page from a chart of policy files.
	Omit map[string][]string
	// PerGroup, with MaxPerGroup, draws only the first MaxPerGroup
	// categories of each value of the PerGroup column (the top codes of
	// each format, when the query ranks them within the format).
	PerGroup    string
	MaxPerGroup int
	// XLabel is the title of the category axis; empty means X.
	XLabel string
	// YLabel is the title of the value axis; empty means the measure's
	// column name.
	YLabel string
	// Names gives series a reader's name (keyed by column or series
	// value); a series without one is shown under its own name.
	Names map[string]string
	// Colors fixes the colour of series (keyed like Names), e.g. blocked
	// in red; the others take the palette's colours in order.
	Colors map[string]string
	// MaxBars bounds the categories drawn (the first ones in query
	// order); 0 means 20. The table still shows every row.
	MaxBars int
}
