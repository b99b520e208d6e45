package main

import (
	"strings"
	"time"
)

// plan is what one run measures: the populations, concurrencies and
// loop times of the four groups. Every population has a fixed seed, so
// runs of one plan compare.
type plan struct {
	Name string // "quick" or "full"
	Seed int64
	// Only are the groups -only selected, in the order they run; nil
	// when every group runs.
	Only []string

	// Group 1: the ceiling ratio, from CeilingPairs pairs of a bare loop
	// and a survey crawl (the first pair starts with the bare loop, the
	// next with survey, and so on), an odd number so that the median is a
	// measured pair.
	CeilingSites       int
	CeilingConcurrency int
	CeilingPairs       int
	// CeilingBareBusy, a diagnostic (-bare-busy), slows the bare loop by
	// this much per domain; the ceiling headlines are then not reported.
	CeilingBareBusy time.Duration
	// CeilingGap runs the colly loop and the crawler loop in every pair
	// (where the gap goes; decompose.go). A quick run leaves them out to
	// stay within its three minutes.
	CeilingGap bool

	// Group 2: Little's law.
	LatencySites       int
	LatencyConcurrency int
	Latency            time.Duration // median
	LatencyP99         time.Duration
	StallShare         float64
	LatencyTimeout     time.Duration // survey crawl --timeout

	// Group 3: memory, one crawl per population.
	MemorySites       []int
	MemoryConcurrency int
	// MemoryHostileSites, when not 0, adds a crawl of that many domains of
	// the hostile mix at MemoryConcurrency, whose big files test that
	// memory does not grow with what the sites serve either. It is no
	// headline figure, and a quick run leaves it out.
	MemoryHostileSites int

	// Group 4: per-stage loops.
	ParseTime time.Duration // per format and input set
	SinkTime  time.Duration
	QueryRuns int
}

// plans returns the plan of a quick or a full run.
func plans(quick bool, seed int64) plan {
	p := plan{
		Name: "full", Seed: seed,
		CeilingSites: 20_000, CeilingConcurrency: 256, CeilingPairs: 3, CeilingGap: true,
		LatencySites: 12_000, LatencyConcurrency: 256,
		Latency: 80 * time.Millisecond, LatencyP99: 1200 * time.Millisecond, StallShare: 0.02,
		LatencyTimeout: 4 * time.Second,
		MemorySites:    []int{100_000, 1_000_000}, MemoryConcurrency: 1000, MemoryHostileSites: 20_000,
		ParseTime: time.Second, SinkTime: 3 * time.Second, QueryRuns: 3,
	}
	if quick {
		p.Name = "quick"
		p.CeilingSites = 2_000
		p.CeilingPairs = 1 // three took the run to 2 min 54 s on a slow day
		p.CeilingGap = false
		p.LatencySites = 2_000
		p.MemorySites = []int{20_000}
		p.MemoryHostileSites = 0
		p.ParseTime, p.SinkTime = 150*time.Millisecond, time.Second
	}
	return p
}

// label names the run in the banner and the summary: "full run", or
// "full run, ceiling group only" when -only selected some groups.
func (p plan) label() string {
	switch len(p.Only) {
	case 0:
		return p.Name + " run"
	case 1:
		return p.Name + " run, " + p.Only[0] + " group only"
	default:
		return p.Name + " run, groups " + strings.Join(p.Only[:len(p.Only)-1], ", ") + " and " + p.Only[len(p.Only)-1] + " only"
	}
}

// latencyWeb is the simulated web of group 2.
func (p plan) latencyWeb() webOptions {
	return webOptions{Sites: p.LatencySites, Seed: p.Seed, Mix: "clean", Latency: p.Latency, LatencyP99: p.LatencyP99, StallShare: p.StallShare}
}

// ceilingWeb is the simulated web of group 1.
func (p plan) ceilingWeb() webOptions {
	return webOptions{Sites: p.CeilingSites, Seed: p.Seed, Mix: "clean"}
}

// memoryWeb is the simulated web of one crawl of group 3, of the clean mix
// or another.
func (p plan) memoryWeb(sites int, mix string) webOptions {
	return webOptions{Sites: sites, Seed: p.Seed, Mix: mix}
}
