package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/agentpolicy/survey/sink"
)

// crawlStats is what a crawl's database says about its timing.
type crawlStats struct {
	Domains    int64
	Fetches    int64
	MeanDomain time.Duration // mean targets.duration_ms
	RunStart   time.Time     // crawls.started_at
	RunEnd     time.Time     // crawls.ended_at: the crawl's end, before the DuckDB build
	FirstStart time.Time     // the earliest targets.started_at
	LastStart  time.Time     // the latest targets.started_at: the seed queue is empty from then on
	LastEnd    time.Time     // the latest targets.started_at + duration_ms
	// SteadyDone is the number of domains that ended by LastStart, and
	// SteadyBusy the time domains were in flight between FirstStart and
	// LastStart, summed over domains: the figures of the steady state,
	// while every slot had a domain waiting for it.
	SteadyDone int64
	SteadyBusy time.Duration
	Outcomes   map[string]int64 // targets.outcome counts
}

// CrawlPhase is the run's recorded time: from its start (seeds opened) to
// the end of the crawl, before the DuckDB build.
func (s crawlStats) CrawlPhase() time.Duration { return s.RunEnd.Sub(s.RunStart) }

// SteadyWindow is the steady state: from the first domain's first request
// to the start of the last domain, while the crawler had domains waiting.
func (s crawlStats) SteadyWindow() time.Duration { return s.LastStart.Sub(s.FirstStart) }

// DomainSpan is the time from the first domain's first request to the end
// of the last domain.
func (s crawlStats) DomainSpan() time.Duration { return s.LastEnd.Sub(s.FirstStart) }

// OutcomeSummary lists the domain outcomes, most frequent first, as
// "ok 1998, timeout 2".
func (s crawlStats) OutcomeSummary() string {
	type kv struct {
		k string
		n int64
	}
	var all []kv
	for k, n := range s.Outcomes {
		all = append(all, kv{k, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].k < all[j].k
	})
	parts := make([]string, len(all))
	for i, e := range all {
		parts[i] = fmt.Sprintf("%s %d", e.k, e.n)
	}
	return strings.Join(parts, ", ")
}

// readCrawlStats reads the timing figures of a crawl from its database.
func readCrawlStats(ctx context.Context, dbPath string) (crawlStats, error) {
	db, err := sink.Open(dbPath)
	if err != nil {
		return crawlStats{}, fmt.Errorf("opening %s: %w", dbPath, err)
	}
	defer db.Close()
	var s crawlStats
	var mean float64
	var first, lastStart, last, busy, runStart, runEnd int64
	err = db.QueryRowContext(ctx, `with t as (
			select epoch_us(started_at) as s, epoch_us(started_at) + cast(duration_ms * 1000 as bigint) as e, duration_ms as d
			from targets),
		w as (select min(s) as a, max(s) as b from t)
		select count(*), coalesce(avg(d), 0), coalesce(min(s), 0), coalesce(max(s), 0), coalesce(max(e), 0),
			count(*) filter (where e <= w.b),
			coalesce(sum(least(e, w.b) - greatest(s, w.a)) filter (where s < w.b), 0)
		from t, w`).Scan(&s.Domains, &mean, &first, &lastStart, &last, &s.SteadyDone, &busy)
	if err != nil {
		return crawlStats{}, fmt.Errorf("%s: reading targets: %w", dbPath, err)
	}
	err = db.QueryRowContext(ctx, `select epoch_us(started_at), coalesce(epoch_us(ended_at), 0)
		from crawls order by run desc limit 1`).Scan(&runStart, &runEnd)
	if err != nil {
		return crawlStats{}, fmt.Errorf("%s: reading crawls: %w", dbPath, err)
	}
	if err := db.QueryRowContext(ctx, `select count(*) from fetches`).Scan(&s.Fetches); err != nil {
		return crawlStats{}, fmt.Errorf("%s: reading fetches: %w", dbPath, err)
	}
	rows, err := db.QueryContext(ctx, `select outcome, count(*) from targets group by 1`)
	if err != nil {
		return crawlStats{}, fmt.Errorf("%s: reading outcomes: %w", dbPath, err)
	}
	defer rows.Close()
	s.Outcomes = map[string]int64{}
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			return crawlStats{}, fmt.Errorf("%s: reading outcomes: %w", dbPath, err)
		}
		s.Outcomes[k] = n
	}
	if err := rows.Err(); err != nil {
		return crawlStats{}, fmt.Errorf("%s: reading outcomes: %w", dbPath, err)
	}
	s.MeanDomain = time.Duration(mean * float64(time.Millisecond))
	s.FirstStart, s.LastStart, s.LastEnd = time.UnixMicro(first), time.UnixMicro(lastStart), time.UnixMicro(last)
	s.SteadyBusy = time.Duration(busy) * time.Microsecond
	s.RunStart, s.RunEnd = time.UnixMicro(runStart), time.UnixMicro(runEnd)
	return s, nil
}
