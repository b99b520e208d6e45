package main

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// rate returns n per second over d, or NaN when d is not positive.
func rate(n int64, d time.Duration) float64 {
	if d <= 0 {
		return math.NaN()
	}
	return float64(n) / d.Seconds()
}

// ratio returns a/b, or NaN when b is zero or either is NaN.
func ratio(a, b float64) float64 {
	if b == 0 || math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return a / b
}

// mib converts a size in KiB (the unit of Linux's ru_maxrss) to MiB.
func mib(kib int64) float64 { return float64(kib) / 1024 }

// littleBound is the throughput Little's law allows a crawler that keeps
// concurrency domains in flight, each taking meanDomain: L = λW, so
// λ = L / W domains per second.
func littleBound(concurrency int, meanDomain time.Duration) float64 {
	if meanDomain <= 0 || concurrency <= 0 {
		return math.NaN()
	}
	return float64(concurrency) / meanDomain.Seconds()
}

// ceilingFigures is one pair of group 1: survey's crawl of a population and
// the bare net/http loop's fetch of the same locations. The scheme,
// population and concurrency are its ceilingSeries'.
type ceilingFigures struct {
	Ceiling ceilingResult
	Survey  crawlResult
	// Colly and Crawler are the colly loop and the crawler loop of the
	// pair (see decompose.go): the layers between the two.
	Colly   ceilingResult
	Crawler ceilingResult
}

// CeilingRate is the bare loop's rate in domains per second, over its
// first request to its last body.
func (f ceilingFigures) CeilingRate() float64 {
	return rate(f.Ceiling.Domains, f.Ceiling.Elapsed)
}

// SurveyRate is survey's rate in domains per second over the whole
// process, start to exit, the DuckDB build included.
func (f ceilingFigures) SurveyRate() float64 {
	return rate(f.Survey.Stats.Domains, f.Survey.Wall)
}

// SurveyCrawlRate is survey's rate over its crawl phase alone (the run's
// start to the end of its crawl, as recorded in the crawls table).
func (f ceilingFigures) SurveyCrawlRate() float64 {
	return rate(f.Survey.Stats.Domains, f.Survey.Stats.CrawlPhase())
}

// Ratio is survey's rate (whole process) over the ceiling's.
func (f ceilingFigures) Ratio() float64 { return ratio(f.SurveyRate(), f.CeilingRate()) }

// CrawlRatio is survey's crawl-phase rate over the ceiling's.
func (f ceilingFigures) CrawlRatio() float64 { return ratio(f.SurveyCrawlRate(), f.CeilingRate()) }

// CollyRatio is the colly loop's rate over the ceiling's.
func (f ceilingFigures) CollyRatio() float64 {
	return ratio(rate(f.Colly.Domains, f.Colly.Elapsed), f.CeilingRate())
}

// CrawlerRatio is the crawler loop's rate over the ceiling's.
func (f ceilingFigures) CrawlerRatio() float64 {
	return ratio(rate(f.Crawler.Domains, f.Crawler.Elapsed), f.CeilingRate())
}

// Budget is the time within which survey had to crawl its domains for
// the pair's ratio to reach target: at target times the bare loop's rate.
// It is 0 when the bare loop measured nothing.
func (f ceilingFigures) Budget(target float64) time.Duration {
	r := f.CeilingRate() * target
	if !(r > 0) || math.IsInf(r, 0) {
		return 0
	}
	return time.Duration(float64(f.Survey.Stats.Domains) / r * float64(time.Second))
}

// HasGap reports whether the pair ran the colly loop and the crawler loop.
func (f ceilingFigures) HasGap() bool { return f.Colly.ran() && f.Crawler.ran() }

// hasGap reports whether every pair of s ran the colly loop and the
// crawler loop (a quick run leaves them out).
func (s ceilingSeries) hasGap() bool {
	for _, f := range s.Pairs {
		if !f.HasGap() {
			return false
		}
	}
	return len(s.Pairs) > 0
}

// ceilingSeries is one scheme of group 1: several pairs of a bare loop and
// a survey crawl, measured one after the other. The rates of one pair are
// taken minutes apart at most, so a pair's ratio is less exposed to the
// machine's drift (other tenants of a shared host) than either rate; the
// series reports the pair of median ratio.
type ceilingSeries struct {
	Scheme      string
	Sites       int
	Concurrency int
	Pairs       []ceilingFigures // in the order they ran
}

// Median returns the pair whose ratio is the median of the series (of an
// even number of pairs, the lower of the two middle ones), and false when
// the series has no pair.
func (s ceilingSeries) Median() (ceilingFigures, bool) {
	if len(s.Pairs) == 0 {
		return ceilingFigures{}, false
	}
	sorted := slices.Clone(s.Pairs)
	slices.SortStableFunc(sorted, func(a, b ceilingFigures) int { return cmpNaNLast(a.Ratio(), b.Ratio()) })
	return sorted[(len(sorted)-1)/2], true
}

// Ratio is the median pair's ratio (whole process), NaN without pairs.
func (s ceilingSeries) Ratio() float64 {
	m, ok := s.Median()
	if !ok {
		return math.NaN()
	}
	return m.Ratio()
}

// RatioRange returns the lowest and highest ratio (whole process) of the
// pairs, ignoring ratios that could not be computed; NaN, NaN without any.
func (s ceilingSeries) RatioRange() (lo, hi float64) {
	lo, hi = math.NaN(), math.NaN()
	for _, p := range s.Pairs {
		r := p.Ratio()
		if math.IsNaN(r) {
			continue
		}
		if math.IsNaN(lo) || r < lo {
			lo = r
		}
		if math.IsNaN(hi) || r > hi {
			hi = r
		}
	}
	return lo, hi
}

// MedianOf returns the median of a figure over the pairs (of an even
// number, the lower of the two middle ones), ignoring pairs where it could
// not be computed; NaN when none could.
func (s ceilingSeries) MedianOf(figure func(ceilingFigures) float64) float64 {
	var vs []float64
	for _, p := range s.Pairs {
		if v := figure(p); !math.IsNaN(v) {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return math.NaN()
	}
	slices.Sort(vs)
	return vs[(len(vs)-1)/2]
}

// cmpNaNLast compares two floats, ordering NaN after every number.
func cmpNaNLast(a, b float64) int {
	switch an, bn := math.IsNaN(a), math.IsNaN(b); {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	return cmp.Compare(a, b)
}

// latencyFigures is a crawl of a web with injected latency, compared with
// the bound of Little's law.
type latencyFigures struct {
	Sites       int
	Concurrency int
	Web         webOptions
	Survey      crawlResult
}

// Achieved is the steady-state rate in domains per second: the domains
// that ended between the first domain's start and the last domain's start
// (while the crawler had domains waiting for a slot), over that window.
// The drain that follows, when fewer domains are left than slots, lasts as
// long as the slowest of the last domains; it is a property of the finite
// population, which a million-domain crawl amortises (see WholeSpan).
func (f latencyFigures) Achieved() float64 {
	return rate(f.Survey.Stats.SteadyDone, f.Survey.Stats.SteadyWindow())
}

// WholeSpan is the rate over the whole domain span, drain included: every
// domain over the time from the first domain's start to the last one's end.
func (f latencyFigures) WholeSpan() float64 {
	return rate(f.Survey.Stats.Domains, f.Survey.Stats.DomainSpan())
}

// WholeSpanEfficiency is WholeSpan over Bound.
func (f latencyFigures) WholeSpanEfficiency() float64 { return ratio(f.WholeSpan(), f.Bound()) }

// Occupancy is the mean share of the concurrency slots holding a domain
// during the steady window: Little's law's L over the concurrency, measured
// directly.
func (f latencyFigures) Occupancy() float64 {
	s := f.Survey.Stats
	if s.SteadyWindow() <= 0 || f.Concurrency <= 0 {
		return math.NaN()
	}
	return s.SteadyBusy.Seconds() / (float64(f.Concurrency) * s.SteadyWindow().Seconds())
}

// Bound is concurrency over the mean time per domain (targets.duration_ms).
func (f latencyFigures) Bound() float64 {
	return littleBound(f.Concurrency, f.Survey.Stats.MeanDomain)
}

// Efficiency is Achieved over Bound: the mean share of the concurrency
// slots busy with a domain.
func (f latencyFigures) Efficiency() float64 { return ratio(f.Achieved(), f.Bound()) }

// ProcessEfficiency is the same with the whole process's clock (start to
// exit, the DuckDB build included).
func (f latencyFigures) ProcessEfficiency() float64 {
	return ratio(rate(f.Survey.Stats.Domains, f.Survey.Wall), f.Bound())
}

// memoryFigure is the peak RSS of one crawl.
type memoryFigure struct {
	Sites       int
	Mix         string // the simulated web's mix: clean, or hostile
	Concurrency int
	Survey      crawlResult
}

// population names the crawl's domains: "100,000 domains", or "20,000
// domains of the hostile mix" when the mix is not the clean one.
func (m memoryFigure) population() string {
	s := count(m.Sites) + " domains"
	if m.Mix != "" && m.Mix != "clean" {
		s += " of the " + m.Mix + " mix"
	}
	return s
}

// PeakMiB is the crawl process's peak resident set size in MiB.
func (m memoryFigure) PeakMiB() float64 { return mib(m.Survey.MaxRSSKiB) }

// memoryGrowth is the peak RSS of the largest population over that of the
// smallest: 1 when memory does not depend on the number of domains.
func memoryGrowth(ms []memoryFigure) float64 {
	if len(ms) < 2 {
		return math.NaN()
	}
	return ratio(ms[len(ms)-1].PeakMiB(), ms[0].PeakMiB())
}
