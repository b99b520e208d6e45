package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// Options configure a report. The zero value describes the most recent
// crawl with the declared sections.
type Options struct {
	// CrawlID is the crawl to describe; empty means the crawl that started
	// last (the default of every named query).
	CrawlID string
	// Title is the page's title; empty means "Agent-policy survey: crawl
	// <id>".
	Title string
	// Sections are the questions, in order; nil means Sections() followed
	// by a table-only section for every other named query.
	Sections []Section
	// Generated is the time the report states it was generated; zero
	// means now.
	Generated time.Time
}

// Report is everything the page shows, read from a database by Build.
type Report struct {
	Title     string
	Generated time.Time
	// Version is the version of survey that generated the report.
	Version   string
	Crawl     Crawl
	Headlines []Headline
	Sections  []SectionResult
	// Outcomes are the fetch outcomes' definitions, in precedence order,
	// with the number of fetches of the crawl in each.
	Outcomes []OutcomeCount
	// Locations are the registry's locations that the crawl fetched, in
	// fetch order; NotFetched the others (survey crawl --locations).
	Locations, NotFetched []registry.Location
}

// SectionResult is a section with what its query returned.
type SectionResult struct {
	Section Section
	// Query is the named query; nil when no query has the section's name.
	Query  *queries.Query
	Params map[string]string // the parameters the query ran with
	Result *queries.Result   // nil when the query is missing, failed or was not run
	Err    error             // why the query is missing or failed
	// NotRun says why the query was not run although it exists: a
	// question comparing the crawl with the previous one, of a database
	// that holds no earlier crawl.
	NotRun string
}

// OutcomeCount is a fetch outcome, its definition and how many fetches of
// the crawl had it.
type OutcomeCount struct {
	Outcome classify.Outcome
	Fetches int64
}

// Build reads what the report shows from db. A section whose query is
// missing or fails does not stop it: the section records the error and
// the page shows it as a note (see Problems). The error is for what the
// report cannot do without: the crawl and its figures.
func Build(ctx context.Context, db *sql.DB, o Options) (*Report, error) {
	id := o.CrawlID
	if id == "" {
		var err error
		if id, err = latestCrawl(ctx, db); err != nil {
			return nil, err
		}
	}
	c, err := readCrawl(ctx, db, id)
	if err != nil {
		return nil, err
	}
	fetched, err := fetchedLocations(ctx, db, id)
	if err != nil {
		return nil, err
	}
	r := &Report{Title: o.Title, Generated: o.Generated, Version: survey.BuildVersion(), Crawl: c}
	for _, l := range registry.Locations() {
		if fetched[l.ID] {
			r.Locations = append(r.Locations, l)
		} else {
			r.NotFetched = append(r.NotFetched, l)
		}
	}
	if r.Title == "" {
		r.Title = "Agent-policy survey: crawl " + id
	}
	if r.Generated.IsZero() {
		r.Generated = time.Now()
	}
	if r.Headlines, err = readHeadlines(ctx, db, id, fetched); err != nil {
		return nil, err
	}
	if r.Outcomes, err = readOutcomes(ctx, db, id); err != nil {
		return nil, err
	}
	sections := o.Sections
	if sections == nil {
		if sections, err = defaultSections(); err != nil {
			return nil, err
		}
	}
	previous, err := previousCrawl(ctx, db, id)
	if err != nil {
		return nil, err
	}
	for _, s := range sections {
		r.Sections = append(r.Sections, runSection(ctx, db, s, id, previous))
	}
	return r, nil
}

// defaultSections are Sections() and a table-only section for every named
// query none of them shows.
func defaultSections() ([]Section, error) {
	all, err := queries.All()
	if err != nil {
		return nil, fmt.Errorf("reading the named queries: %w", err)
	}
	out := Sections()
	shown := map[string]bool{}
	for _, s := range out {
		shown[s.Query] = true
	}
	for _, q := range all {
		if !shown[q.Name] {
			out = append(out, Section{Title: q.Name, Query: q.Name})
		}
	}
	return out, nil
}

// runSection runs a section's query for crawl id: its parameter crawl, or
// to_crawl for the queries comparing crawls, is set to id, and from_crawl
// to previous, the crawl that started before it. A query comparing crawls
// is not run when there is no previous crawl: compared with itself, the
// crawl would show no change, as if it had been measured that nothing
// changed.
func runSection(ctx context.Context, db *sql.DB, s Section, id, previous string) SectionResult {
	sr := SectionResult{Section: s}
	q, err := queries.Get(s.Query)
	if err != nil {
		sr.Err = err
		return sr
	}
	sr.Query = &q
	sr.Params = map[string]string{}
	compares := false
	for _, p := range q.Params {
		switch p.Name {
		case "crawl", "to_crawl":
			sr.Params[p.Name] = id
		case "from_crawl":
			compares = true
			if previous != "" {
				sr.Params[p.Name] = previous
			}
		}
	}
	for k, v := range s.Params {
		sr.Params[k] = v
	}
	if compares && sr.Params["from_crawl"] == "" {
		sr.NotRun = fmt.Sprintf("The database holds no crawl that started before crawl %s, so there is no earlier crawl to compare it with.", id)
		return sr
	}
	sr.Result, sr.Err = q.Run(ctx, db, sr.Params)
	return sr
}

// Problems lists the sections that show a note instead of their result
// because the query is missing or failed, one line each.
func (r *Report) Problems() []string {
	var out []string
	for _, s := range r.Sections {
		if s.Err != nil {
			out = append(out, fmt.Sprintf("section %q: %v", s.Section.Title, s.Err))
		}
	}
	return out
}

// readOutcomes counts the crawl's fetches (the canary excepted) per
// outcome, for every outcome classify defines.
func readOutcomes(ctx context.Context, db *sql.DB, id string) ([]OutcomeCount, error) {
	rows, err := db.QueryContext(ctx, `SELECT outcome, count(*) FROM fetches WHERE crawl_id = ? AND location <> 'canary' GROUP BY outcome`, id)
	if err != nil {
		return nil, fmt.Errorf("counting fetch outcomes: %w", err)
	}
	defer rows.Close()
	counts := map[string]int64{}
	for rows.Next() {
		var o string
		var n int64
		if err := rows.Scan(&o, &n); err != nil {
			return nil, fmt.Errorf("counting fetch outcomes: %w", err)
		}
		counts[o] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting fetch outcomes: %w", err)
	}
	var out []OutcomeCount
	for _, o := range classify.Outcomes() {
		out = append(out, OutcomeCount{Outcome: o, Fetches: counts[string(o)]})
		delete(counts, string(o))
	}
	var unknown []string // from a newer version of survey
	for o := range counts {
		unknown = append(unknown, o)
	}
	sort.Strings(unknown)
	for _, o := range unknown {
		out = append(out, OutcomeCount{Outcome: classify.Outcome(o), Fetches: counts[o]})
	}
	return out, nil
}
