// Package report writes the survey's report of one crawl as a single
// self-contained HTML page: headline figures, a chart and a table for
// every question, and a methodology section. It is what "survey report"
// prints.
//
// The questions are the named queries of package queries. Each is
// declared once, in Sections: the query's name, the chart drawn from its
// result (a Bar or Stacked chart: category column X, measure columns Y or
// a Series column, filters, names and colours) and the table's columns.
// Adding a question is adding one Section; a named query without one
// still appears, as a table, after the declared ones. A section whose
// query does not exist, fails or returns no rows shows a "no data" note
// instead (Report.Problems lists them), so a report can always be
// written; when the crawl did not fetch the locations the section is about
// (Section.Locations), the note says that.
//
// The methodology comes from the data and from code, never from copied
// text: the crawl's runs, user agent, seed list and digest, and every
// option from the crawls table; the body cap and timeouts from the crawl's
// options (with the crawler's defaults for options left unset); the
// outcome definitions from classify.Outcomes and Outcome.Description; the
// locations from the registry; and for every figure the query's Question
// and Read text and the command that reruns it.
//
// The page works offline and is safe to open although its data came from
// hostile servers: charts are inline SVG drawn in Go (no script at all),
// styles are inline, a Content-Security-Policy forbids loading anything,
// and every value from the data is escaped by html/template; characters
// that would change how it reads unseen (bidirectional overrides,
// zero-width spaces) are shown by their code points. Numbers are
// written with thousands separators, percentages with one decimal.
//
// The page reads in a phone's window (a chart keeps readable labels and
// scrolls sideways, as the tables do) and prints whole: a table with more
// columns than a portrait page holds gets a landscape page, set smaller
// when its numbers are large. The Chromium tests check both,
// and what a screen reader is given (headings, landmarks, row headers,
// the charts' names and descriptions).
//
// Usage:
//
//	db, err := sink.Open("survey-data/survey.duckdb")
//	...
//	r, err := report.Build(ctx, db, report.Options{})
//	...
//	err = r.WriteHTML(w)
//	for _, p := range r.Problems() { log.Print(p) }
package report
