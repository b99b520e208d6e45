package main

import (
	"math"
	"testing"
	"time"
)

func TestRateAndRatio(t *testing.T) {
	if got := rate(300, 2*time.Second); got != 150 {
		t.Errorf("rate(300, 2s) = %v, want 150", got)
	}
	if got := rate(1, 0); !math.IsNaN(got) {
		t.Errorf("rate(1, 0) = %v, want NaN", got)
	}
	if got := ratio(3, 4); got != 0.75 {
		t.Errorf("ratio(3, 4) = %v, want 0.75", got)
	}
	for _, c := range [][2]float64{{1, 0}, {math.NaN(), 1}, {1, math.NaN()}} {
		if got := ratio(c[0], c[1]); !math.IsNaN(got) {
			t.Errorf("ratio(%v, %v) = %v, want NaN", c[0], c[1], got)
		}
	}
	if got := mib(524288); got != 512 {
		t.Errorf("mib(524288) = %v, want 512", got)
	}
}

func TestLittleBound(t *testing.T) {
	if got := littleBound(256, 2*time.Second); got != 128 {
		t.Errorf("littleBound(256, 2s) = %v, want 128", got)
	}
	if got := littleBound(256, 0); !math.IsNaN(got) {
		t.Errorf("littleBound(256, 0) = %v, want NaN", got)
	}
	if got := littleBound(0, time.Second); !math.IsNaN(got) {
		t.Errorf("littleBound(0, 1s) = %v, want NaN", got)
	}
}

func TestCeilingFigures(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := ceilingFigures{
		Ceiling: ceilingResult{Domains: 2000, Elapsed: 4 * time.Second},
		Survey: crawlResult{Wall: 10 * time.Second, Stats: crawlStats{
			Domains: 2000, RunStart: t0, RunEnd: t0.Add(8 * time.Second),
		}},
	}
	if got := f.CeilingRate(); got != 500 {
		t.Errorf("CeilingRate = %v, want 500", got)
	}
	if got := f.SurveyRate(); got != 200 {
		t.Errorf("SurveyRate = %v, want 200", got)
	}
	if got := f.SurveyCrawlRate(); got != 250 {
		t.Errorf("SurveyCrawlRate = %v, want 250", got)
	}
	if got := f.Ratio(); got != 0.4 {
		t.Errorf("Ratio = %v, want 0.4", got)
	}
	if got := f.CrawlRatio(); got != 0.5 {
		t.Errorf("CrawlRatio = %v, want 0.5", got)
	}
}

func TestCeilingSeries(t *testing.T) {
	pair := func(bare, survey time.Duration) ceilingFigures {
		return ceilingFigures{Ceiling: ceilingResult{Domains: 1000, Elapsed: bare},
			Survey: crawlResult{Wall: survey, Stats: crawlStats{Domains: 1000}}}
	}
	nan := ceilingFigures{} // no domains: its ratio is NaN
	for _, c := range []struct {
		name           string
		pairs          []ceilingFigures
		ratio, lo, hi  float64
		medianBareSecs float64
	}{
		{"one pair", []ceilingFigures{pair(2*time.Second, 4*time.Second)}, 0.5, 0.5, 0.5, 2},
		{"odd", []ceilingFigures{pair(3*time.Second, 4*time.Second), pair(time.Second, 4*time.Second), pair(2*time.Second, 4*time.Second)}, 0.5, 0.25, 0.75, 2},
		{"even takes the lower middle", []ceilingFigures{pair(4*time.Second, 4*time.Second), pair(time.Second, 4*time.Second), pair(3*time.Second, 4*time.Second), pair(2*time.Second, 4*time.Second)}, 0.5, 0.25, 1, 2},
		{"NaN sorts last", []ceilingFigures{nan, pair(time.Second, 4*time.Second), pair(3*time.Second, 4*time.Second)}, 0.75, 0.25, 0.75, 3},
	} {
		s := ceilingSeries{Pairs: c.pairs}
		m, ok := s.Median()
		if !ok || m.Ceiling.Elapsed.Seconds() != c.medianBareSecs {
			t.Errorf("%s: Median = %+v, %v; want the pair whose bare loop took %vs", c.name, m, ok, c.medianBareSecs)
		}
		if got := s.Ratio(); got != c.ratio {
			t.Errorf("%s: Ratio = %v, want %v", c.name, got, c.ratio)
		}
		if lo, hi := s.RatioRange(); lo != c.lo || hi != c.hi {
			t.Errorf("%s: RatioRange = %v, %v; want %v, %v", c.name, lo, hi, c.lo, c.hi)
		}
	}
	var empty ceilingSeries
	if _, ok := empty.Median(); ok {
		t.Error("an empty series has a median")
	}
	if lo, hi := empty.RatioRange(); !math.IsNaN(empty.Ratio()) || !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("an empty series: Ratio %v, range %v–%v; want NaN", empty.Ratio(), lo, hi)
	}
}

// latencyExample is a crawl of 3,000 domains at concurrency 256 whose
// domains took 2.56 s on average: Little's law bounds it at 100 domains/s.
func latencyExample() latencyFigures {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return latencyFigures{
		Concurrency: 256,
		Survey: crawlResult{Wall: 40 * time.Second, Stats: crawlStats{
			Domains:    3000,
			MeanDomain: 2560 * time.Millisecond,
			FirstStart: t0,
			LastStart:  t0.Add(25 * time.Second),
			LastEnd:    t0.Add(37500 * time.Millisecond),
			SteadyDone: 2375,
			SteadyBusy: 6080 * time.Second, // 256 slots × 25 s × 0.95
		}},
	}
}

func TestLatencyFigures(t *testing.T) {
	f := latencyExample()
	if got := f.Bound(); got != 100 {
		t.Errorf("Bound = %v, want 100", got)
	}
	if got := f.Achieved(); got != 95 {
		t.Errorf("Achieved = %v, want 95 (2375 domains in 25 s)", got)
	}
	if got := f.Efficiency(); got != 0.95 {
		t.Errorf("Efficiency = %v, want 0.95", got)
	}
	if got := f.WholeSpan(); got != 80 {
		t.Errorf("WholeSpan = %v, want 80 (3000 domains in 37.5 s)", got)
	}
	if got := f.WholeSpanEfficiency(); got != 0.8 {
		t.Errorf("WholeSpanEfficiency = %v, want 0.8", got)
	}
	if got := f.ProcessEfficiency(); got != 0.75 {
		t.Errorf("ProcessEfficiency = %v, want 0.75 (3000 domains in 40 s)", got)
	}
	if got := f.Occupancy(); math.Abs(got-0.95) > 1e-12 {
		t.Errorf("Occupancy = %v, want 0.95", got)
	}
}

func TestLatencyFigures_NoSteadyWindow(t *testing.T) {
	// Fewer domains than slots: every domain starts at once, there is no
	// steady state to measure.
	f := latencyExample()
	f.Survey.Stats.LastStart = f.Survey.Stats.FirstStart
	if got := f.Efficiency(); !math.IsNaN(got) {
		t.Errorf("Efficiency = %v, want NaN", got)
	}
	if got := f.Occupancy(); !math.IsNaN(got) {
		t.Errorf("Occupancy = %v, want NaN", got)
	}
}

func TestMemoryGrowth(t *testing.T) {
	ms := []memoryFigure{
		{Sites: 100_000, Survey: crawlResult{MaxRSSKiB: 400 << 10}},
		{Sites: 1_000_000, Survey: crawlResult{MaxRSSKiB: 440 << 10}},
	}
	if got := ms[0].PeakMiB(); got != 400 {
		t.Errorf("PeakMiB = %v, want 400", got)
	}
	if got := memoryGrowth(ms); math.Abs(got-1.1) > 1e-12 {
		t.Errorf("memoryGrowth = %v, want 1.1", got)
	}
	if got := memoryGrowth(ms[:1]); !math.IsNaN(got) {
		t.Errorf("memoryGrowth of one population = %v, want NaN", got)
	}
}

func TestCrawlStatsWindows(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := crawlStats{RunStart: t0, RunEnd: t0.Add(9 * time.Second), FirstStart: t0.Add(time.Second),
		LastStart: t0.Add(6 * time.Second), LastEnd: t0.Add(8 * time.Second)}
	if got := s.CrawlPhase(); got != 9*time.Second {
		t.Errorf("CrawlPhase = %v, want 9s", got)
	}
	if got := s.SteadyWindow(); got != 5*time.Second {
		t.Errorf("SteadyWindow = %v, want 5s", got)
	}
	if got := s.DomainSpan(); got != 7*time.Second {
		t.Errorf("DomainSpan = %v, want 7s", got)
	}
	s.Outcomes = map[string]int64{"ok": 2940, "timeout": 60, "blocked": 60}
	if got, want := s.OutcomeSummary(), "ok 2940, blocked 60, timeout 60"; got != want {
		t.Errorf("OutcomeSummary = %q, want %q", got, want)
	}
}
