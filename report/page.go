package report

import (
	"fmt"
	"html/template"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// page is the view the template renders: every text already formatted
// for a reader. The template escapes all of it.
type page struct {
	Title, Generated, Version string
	CSS                       template.CSS
	Crawl                     crawlView
	Headlines                 []headlineView
	Sections                  []sectionView
	Limits                    []Limit
	Options                   []Option
	Outcomes                  []outcomeView
	Locations                 []locationView
	NotFetched                string // the paths of the locations not fetched
}

type crawlView struct {
	ID, Started, Ended, Status, ToolVersion, UserAgent, SeedsPath, SeedsDigest string
	SeedLines, Domains, Reachable                                              string    // SeedLines: Crawl.SeedLists
	LeftOut                                                                    string    // Crawl.LeftOutSummary
	Complete                                                                   bool      // Crawl.Status
	Runs                                                                       []runView // shown when there is more than one
}

type runView struct {
	Shard, Run, Started, Ended, Status, Domains string
}

type headlineView struct {
	Label, Value, Detail, Definition string
}

type sectionView struct {
	ID, Title, Question, Read, Query, Command string
	Params                                    []Option
	Figure                                    int    // figure number, 0 without a chart
	Note                                      string // why there is no result, when there is none
	Chart                                     *svgChart
	ChartNote                                 string // why the chart is missing or partial
	Table                                     *tableView
}

type tableView struct {
	Caption string
	Wide    bool // many columns: set smaller
	// Landscape: so many columns that the printed table needs a page
	// turned sideways (the print style sheet's landscape page).
	Landscape bool
	// PrintFont is the class that sets the printed table smaller, so wide
	// that at 7pt it would not fit its page (printFont); "" for none.
	PrintFont string
	Headers   []cellView
	Rows      [][]cellView
	Note      string // rows or columns left out
}

type cellView struct {
	Text  string
	Parts []string // of a header: Text cut after each underscore, where it may wrap
	Num   bool     // right-aligned, tabular figures
	Short bool     // short text, kept on one line
	// Key: the cell names its row (the chart's category columns, else the
	// first column), a row header to a screen reader; an empty one names
	// nothing and is a plain cell.
	Key bool
}

type outcomeView struct {
	Name, Description, HoldsFile, Fetches, Share string
}

type locationView struct {
	ID, Path, Formats, Doc string
}

// shortCell is the length up to which a text cell is kept on one line.
const shortCell = 18

// A table of more than wideColumns columns is set smaller, and one of
// more than portraitColumns is printed on a landscape page: at 7pt, the
// 13 to 21 columns of the named queries' results are 730 to 920 CSS
// pixels wide, more than the 680 of a portrait A4 page inside its
// margins and less than the 940 of a landscape Letter page.
const (
	wideColumns     = 9
	portraitColumns = 12
)

// maxRowsDefault is the number of table rows shown when Section.MaxRows
// is 0.
const maxRowsDefault = 100

// view prepares the page for the template.
func (r *Report) view() page {
	p := page{
		Title:     r.Title,
		Generated: FormatTime(r.Generated),
		Version:   r.Version,
		CSS:       template.CSS(styleSheet),
		Limits:    r.Crawl.Limits(),
		Options:   r.Crawl.Options(),
	}
	c := r.Crawl
	p.Crawl = crawlView{
		ID: c.ID, Started: FormatTime(c.Started()), Ended: FormatTime(c.Ended()),
		ToolVersion: c.distinct(func(r Run) string { return r.ToolVersion }),
		UserAgent:   c.distinct(func(r Run) string { return r.UserAgent }),
		SeedsPath:   c.distinct(func(r Run) string { return r.SeedsPath }),
		SeedsDigest: c.distinct(func(r Run) string { return r.SeedsDigest }),
		Domains:     FormatInt(c.Domains), Reachable: FormatInt(c.Reachable),
		LeftOut: c.LeftOutSummary(),
	}
	p.Crawl.Status, p.Crawl.Complete = c.Status()
	for _, run := range c.Runs {
		domains := FormatInt(run.Domains)
		if run.Status == "killed" || run.Status == "running" {
			// Its row was written before it could count what it
			// committed (crawls.domains is 0): unknown, not none.
			domains = "—"
		}
		p.Crawl.Runs = append(p.Crawl.Runs, runView{
			Shard: run.Shard, Run: FormatInt(run.Run), Started: FormatTime(run.StartedAt), Ended: FormatTime(run.EndedAt),
			Status: run.Status, Domains: domains,
		})
	}
	if len(p.Crawl.Runs) < 2 {
		p.Crawl.Runs = nil
	}
	lists := c.SeedLists()
	var seeds []string
	for _, l := range lists {
		s := FormatInt(l.Read) + " read, " + FormatInt(l.Bad) + " rejected as malformed"
		if len(lists) > 1 {
			s += " (seed list " + l.Digest + ")"
		}
		seeds = append(seeds, s)
	}
	p.Crawl.SeedLines = strings.Join(seeds, "; ")

	for _, h := range r.Headlines {
		hv := headlineView{Label: h.Label, Value: FormatInt(h.Value), Definition: h.Definition}
		if share, ok := h.Share(); ok {
			hv.Value = FormatPercent(share)
			hv.Detail = FormatInt(h.Value) + " of " + FormatInt(h.Of) + " " + h.OfLabel
		}
		p.Headlines = append(p.Headlines, hv)
	}

	var total int64
	for _, o := range r.Outcomes {
		total += o.Fetches
	}
	for _, o := range r.Outcomes {
		ov := outcomeView{Name: string(o.Outcome), Description: o.Outcome.Description(), HoldsFile: "no", Fetches: FormatInt(o.Fetches)}
		if ov.Description == "" {
			ov.Description = "Not defined by survey " + r.Version + " (written by another version)."
		}
		if o.Outcome.HoldsFile() {
			ov.HoldsFile = "yes"
		}
		if total > 0 {
			ov.Share = FormatPercent(100 * float64(o.Fetches) / float64(total))
		}
		p.Outcomes = append(p.Outcomes, ov)
	}
	for _, l := range r.Locations {
		var formats []string
		for _, f := range l.Formats {
			formats = append(formats, string(f))
		}
		path := l.Path
		if l.Canary {
			path += "<random>"
		}
		p.Locations = append(p.Locations, locationView{ID: string(l.ID), Path: path, Formats: strings.Join(formats, ", "), Doc: l.Doc})
	}
	var notFetched []registry.LocationID
	for _, l := range r.NotFetched {
		notFetched = append(notFetched, l.ID)
	}
	p.NotFetched = pathsOf(notFetched)

	fetched := map[registry.LocationID]bool{}
	for _, l := range r.Locations {
		fetched[l.ID] = true
	}
	ids := map[string]bool{"headlines": true, "methodology": true, "contents": true}
	figure := 0
	for _, s := range r.Sections {
		sv := viewSection(s, r.Crawl.ID, fetched, ids)
		if sv.Chart != nil {
			figure++
			sv.Figure = figure
		}
		p.Sections = append(p.Sections, sv)
	}
	return p
}

// viewSection prepares one section of crawl crawlID, which fetched the
// locations in fetched; ids holds the anchors taken so far.
func viewSection(s SectionResult, crawlID string, fetched map[registry.LocationID]bool, ids map[string]bool) sectionView {
	sec := s.Section
	v := sectionView{ID: anchor(firstNonEmpty(sec.ID, sec.Query, sec.Title), ids), Title: sec.Title, Query: sec.Query}
	if v.Title == "" {
		v.Title = sec.Query
	}
	if s.Query != nil {
		v.Question, v.Read = s.Query.Question, s.Query.Read
	}
	v.Command = command(sec.Query, s.Params)
	for _, k := range sortedKeys(s.Params) {
		v.Params = append(v.Params, Option{Name: k, Value: s.Params[k]})
	}
	switch {
	case s.Query == nil:
		v.Note = fmt.Sprintf("This version of survey has no named query %q, so this question cannot be answered yet.", sec.Query)
		return v
	case s.Err != nil:
		v.Note = fmt.Sprintf("The query %s failed on this database: %v", sec.Query, s.Err)
		return v
	case s.NotRun != "":
		v.Note = s.NotRun
		return v
	case (s.Result == nil || len(s.Result.Rows) == 0) && len(sec.Locations) > 0 && len(fetchedOf(sec.Locations, fetched)) == 0:
		v.Note = fmt.Sprintf("Crawl %s did not fetch %s (survey crawl --locations), so it cannot answer this question.", crawlID, pathsOf(sec.Locations))
		return v
	case s.Result == nil || len(s.Result.Rows) == 0:
		v.Note = fmt.Sprintf("The query %s returned no rows for crawl %s.", sec.Query, crawlID)
		return v
	}
	if sec.Chart.Kind != NoChart {
		d, err := chartDataOf(sec.Chart, s.Result)
		switch {
		case err != nil:
			v.ChartNote = "No chart: " + err.Error() + "."
		case len(d.categories) == 0:
			v.ChartNote = "No chart: no row of the result is charted."
		case !d.anyPositive():
			v.ChartNote = "No chart: every charted value is zero."
		default:
			xl := firstNonEmpty(sec.Chart.XLabel, sec.Chart.X)
			yl := firstNonEmpty(sec.Chart.YLabel, strings.Join(sec.Chart.Y, ", "))
			desc := fmt.Sprintf("%s of %s by %s, from survey query %s. The table that follows lists every value.",
				capitalize(sec.Chart.Kind.String()), lowerFirst(yl), lowerFirst(xl), sec.Query)
			v.Chart = layoutChart(d, sec.Chart.Kind, sec.Chart.Series != "", "c-"+v.ID, v.Title, desc, xl, yl)
			if d.omitted > 0 {
				v.ChartNote = fmt.Sprintf("The chart shows the first %s of %s categories; the table lists more.",
					FormatInt(int64(len(d.categories))), FormatInt(int64(len(d.categories)+d.omitted)))
			}
		}
	}
	all := v.Command
	if sec.RowLimit != "" {
		params := map[string]string{}
		for k, val := range s.Params {
			if k != sec.RowLimit {
				params[k] = val
			}
		}
		all = command(sec.Query, params)
	}
	v.Table = tableOf(sec, s.Result, all)
	return v
}

// tableOf lays out the section's table from the result; command is how
// a reader gets all of it (without the section's RowLimit).
func tableOf(sec Section, res *queries.Result, command string) *tableView {
	index := map[string]int{}
	for i, c := range res.Columns {
		index[c] = i
	}
	var cols []int
	var missing []string
	for _, c := range sec.Columns {
		if i, ok := index[c]; ok {
			cols = append(cols, i)
		} else {
			missing = append(missing, c)
		}
	}
	if len(cols) == 0 || len(missing) > 0 { // the declaration is out of date: show everything
		cols = nil
		for i := range res.Columns {
			cols = append(cols, i)
		}
	}
	t := &tableView{Wide: len(cols) > wideColumns, Landscape: len(cols) > portraitColumns}
	kinds := make([]kind, len(cols))
	keys := make([]bool, len(cols))
	for j, i := range cols {
		c := res.Columns[i]
		keys[j] = c == sec.Chart.X || slices.Contains(sec.Chart.XWith, c)
	}
	if !slices.Contains(keys, true) {
		keys[0] = true
	}
	for j, i := range cols {
		kinds[j] = columnKind(res.Columns[i], res.Rows, i)
		t.Headers = append(t.Headers, cellView{Text: res.Columns[i], Parts: strings.SplitAfter(res.Columns[i], "_"), Num: kinds[j] != kindText})
	}
	maxRows := sec.MaxRows
	if maxRows <= 0 {
		maxRows = maxRowsDefault
	}
	for n, row := range res.Rows {
		if n == maxRows {
			break
		}
		cells := make([]cellView, len(cols))
		for j, i := range cols {
			var v any
			if i < len(row) {
				v = row[i]
			}
			text := formatValue(v, kinds[j])
			cells[j] = cellView{Text: text, Num: kinds[j] != kindText, Short: utf8.RuneCountInString(text) <= shortCell, Key: keys[j] && text != ""}
		}
		t.Rows = append(t.Rows, cells)
	}
	rows := FormatInt(int64(len(res.Rows)))
	t.Caption = fmt.Sprintf("Result of survey query %s: %s rows.", sec.Query, rows)
	if len(res.Rows) == 1 {
		t.Caption = fmt.Sprintf("Result of survey query %s: 1 row.", sec.Query)
	}
	// The query was asked for at most limit rows and returned as many:
	// it has more, uncounted.
	limited := false
	if limit, err := strconv.Atoi(sec.Params[sec.RowLimit]); sec.RowLimit != "" && err == nil && len(res.Rows) >= limit {
		limited = true
		t.Caption = fmt.Sprintf("Result of survey query %s: more than %s rows.", sec.Query, FormatInt(int64(min(maxRows, len(res.Rows)))))
	}
	var notes []string
	switch {
	case limited:
		notes = append(notes, fmt.Sprintf("The first %s rows are shown; %s prints them all (with --out FILE, into a file however many they are).",
			FormatInt(int64(min(maxRows, len(res.Rows)))), command))
	case len(res.Rows) > maxRows:
		notes = append(notes, fmt.Sprintf("The first %s of %s rows are shown; %s prints them all.", FormatInt(int64(maxRows)), rows, command))
	}
	if len(missing) > 0 {
		notes = append(notes, fmt.Sprintf("The result has no column %s; every column is shown.", strings.Join(missing, ", ")))
	} else if len(cols) < len(res.Columns) {
		notes = append(notes, fmt.Sprintf("%d of the result's %d columns are shown; %s prints them all.", len(cols), len(res.Columns), command))
	}
	t.Note = strings.Join(notes, " ")
	t.PrintFont = printFont(t)
	return t
}

// anchor turns s into a fragment identifier of letters, digits and
// hyphens that is not yet in ids, and records it.
func anchor(s string, ids map[string]bool) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	base := "q-" + strings.Trim(b.String(), "-")
	id := base
	for n := 2; ids[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	ids[id] = true
	return id
}

// command is the command line that reruns a query with its parameters.
func command(name string, params map[string]string) string {
	parts := []string{"survey", "query", shell.Quote(name)}
	for _, k := range sortedKeys(params) {
		parts = append(parts, "--param", shell.Quote(k+"="+params[k]))
	}
	return strings.Join(parts, " ")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// lowerFirst lowers the first letter of a label for the middle of a
// sentence, unless it begins an acronym: "Share of fetches" becomes
// "share of fetches", "AI crawler token" stays.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 || len(r) > 1 && unicode.IsUpper(r[1]) {
		return s
	}
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
