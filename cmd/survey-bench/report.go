package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// results are the figures of one run.
type results struct {
	Plan    plan
	Machine machine
	Ceiling []ceilingSeries // https, then http
	Latency *latencyFigures
	Memory  []memoryFigure // smallest population first
	// MemoryHostile is the crawl of the hostile mix (not a headline).
	MemoryHostile *memoryFigure
	Parse         []parseRow
	Sink          *sinkFigure
	Query         *queryFigure
	Errors        []string
}

// Targets of the headline figures.
const (
	targetCeilingRatio = 0.6
	targetEfficiency   = 0.9
	targetPeakMiB      = 512
)

// headline is one "name: value" line of the end of the output.
type headline struct {
	Name  string
	Value float64
}

// headlines returns the headline figures of r, in their fixed order: the
// ceiling ratios, Little's law efficiency, then the peak RSS of every
// memory population (peak_rss_mib_100k, peak_rss_mib_1m; the quick run's
// peak_rss_mib_20k). A figure not measured is NaN.
func headlines(r results) []headline {
	h := []headline{
		{"ceiling_ratio_https", math.NaN()},
		{"ceiling_ratio_http", math.NaN()},
		{"littles_law_efficiency", math.NaN()},
	}
	// A -bare-busy run slowed the bare loop on purpose: its ratios are
	// not the ceiling ratios.
	for _, c := range r.Ceiling {
		switch {
		case r.Plan.CeilingBareBusy > 0:
		case c.Scheme == "https":
			h[0].Value = c.Ratio()
		case c.Scheme == "http":
			h[1].Value = c.Ratio()
		}
	}
	if r.Latency != nil {
		h[2].Value = r.Latency.Efficiency()
	}
	measured := map[int]float64{}
	for _, m := range r.Memory {
		measured[m.Sites] = m.PeakMiB()
	}
	for _, sites := range r.Plan.MemorySites {
		v, ok := measured[sites]
		if !ok {
			v = math.NaN()
		}
		h = append(h, headline{"peak_rss_mib_" + shortCount(sites), v})
	}
	return h
}

// writeHeadlines writes the headline lines: "name: value", ratios with
// three decimals, MiB with one, "n/a" for a figure not measured.
func writeHeadlines(w io.Writer, r results) {
	for _, h := range headlines(r) {
		fmt.Fprintf(w, "%s: %s\n", h.Name, formatHeadline(h))
	}
}

// formatHeadline formats a headline's value.
func formatHeadline(h headline) string {
	switch {
	case math.IsNaN(h.Value) || math.IsInf(h.Value, 0):
		return "n/a"
	case strings.HasPrefix(h.Name, "peak_rss_mib_"):
		return strconv.FormatFloat(h.Value, 'f', 1, 64)
	default:
		return strconv.FormatFloat(h.Value, 'f', 3, 64)
	}
}

// shortCount writes a population as 20k, 100k, 1m (exact multiples of a
// thousand or a million; the number itself otherwise).
func shortCount(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return strconv.Itoa(n/1_000_000) + "m"
	case n >= 1000 && n%1000 == 0:
		return strconv.Itoa(n/1000) + "k"
	default:
		return strconv.Itoa(n)
	}
}

// count writes n with thousands separators: 1,000,000.
func count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// seconds formats a duration in seconds with two decimals.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s" }

// num formats a figure with the given decimals, "n/a" for NaN.
func num(v float64, decimals int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "n/a"
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// printCeilingPair prints pair i (from 0) of n of one scheme of group 1.
func printCeilingPair(w io.Writer, f ceilingFigures, i, n int, bareFirst bool) {
	c, s := f.Ceiling, f.Survey
	first := "survey first"
	if bareFirst {
		first = "bare loop first"
	}
	fmt.Fprintf(w, "     pair %d of %d (%s)\n", i+1, n, first)
	fmt.Fprintf(w, "       bare loop  %8s domains/s  %s domains, %s requests (%d failed), %.1f MB of bodies in %s (first request to last body); CPU %s, web CPU %s\n",
		num(f.CeilingRate(), 1), count(int(c.Domains)), count(int(c.Requests)), c.Errors, float64(c.Bytes)/1e6, seconds(c.Elapsed), seconds(c.CPU), seconds(c.WebCPU))
	for _, l := range []struct {
		name, what string
		r          ceilingResult
	}{
		{"colly loop", "through colly, bodies read by colly", f.Colly},
		{"crawler", "survey's crawler alone (package crawl), results discarded", f.Crawler},
	} {
		if !l.r.ran() {
			continue
		}
		fmt.Fprintf(w, "       %-10s %8s domains/s  %s domains, %s requests (%d failed) in %s, %s; CPU %s, web CPU %s\n",
			l.name, num(rate(l.r.Domains, l.r.Elapsed), 1), count(int(l.r.Domains)), count(int(l.r.Requests)), l.r.Errors,
			seconds(l.r.Elapsed), l.what, seconds(l.r.CPU), seconds(l.r.WebCPU))
	}
	fmt.Fprintf(w, "       survey     %8s domains/s  %s domains, %s fetches in %s (process start to exit, DuckDB build included); CPU %s, web CPU %s, peak RSS %.0f MiB\n",
		num(f.SurveyRate(), 1), count(int(s.Stats.Domains)), count(int(s.Stats.Fetches)), seconds(s.Wall), seconds(s.CPU), seconds(s.WebCPU), mib(s.MaxRSSKiB))
	fmt.Fprintf(w, "       survey     %8s domains/s  crawl phase alone: %s (run start to crawl end, crawls.started_at to ended_at)\n",
		num(f.SurveyCrawlRate(), 1), seconds(s.Stats.CrawlPhase()))
	gap := ""
	if f.HasGap() {
		gap = fmt.Sprintf("; colly loop %s, crawler %s", num(f.CollyRatio(), 3), num(f.CrawlerRatio(), 3))
	}
	fmt.Fprintf(w, "       ratio      %8s            survey / bare loop (crawl phase alone: %s%s)\n",
		num(f.Ratio(), 3), num(f.CrawlRatio(), 3), gap)
}

// gapSummary describes where the gap to the bare loop goes, from the
// medians of a series' pairs: each layer's rate over the bare loop's.
func gapSummary(s ceilingSeries, decimals int) string {
	return fmt.Sprintf("colly loop %s, survey's crawler without the dataset %s, survey crawl %s (crawl phase %s)",
		num(s.MedianOf(ceilingFigures.CollyRatio), decimals), num(s.MedianOf(ceilingFigures.CrawlerRatio), decimals),
		num(s.MedianOf(ceilingFigures.Ratio), decimals), num(s.MedianOf(ceilingFigures.CrawlRatio), decimals))
}

// printCeilingSeries prints the result of one scheme of group 1: the
// median pair's ratio and the range of the pairs'.
func printCeilingSeries(w io.Writer, s ceilingSeries) {
	m, ok := s.Median()
	if !ok {
		fmt.Fprintf(w, "     ratio           n/a            no pair was measured; target ≥ %.1f\n", targetCeilingRatio)
		return
	}
	lo, hi := s.RatioRange()
	fmt.Fprintf(w, "     ratio      %8s            median of %s (range %s–%s); that pair: survey %s / bare loop %s domains/s, crawl phase alone %s; target ≥ %.1f\n",
		num(m.Ratio(), 3), pairs(len(s.Pairs)), num(lo, 3), num(hi, 3), num(m.SurveyRate(), 1), num(m.CeilingRate(), 1), num(m.CrawlRatio(), 3), targetCeilingRatio)
	if s.hasGap() {
		fmt.Fprintf(w, "     gap                         over the bare loop, medians of the pairs: %s\n", gapSummary(s, 3))
	}
	if budget := m.Budget(targetCeilingRatio); budget > 0 {
		crawler := ""
		if m.Crawler.ran() {
			crawler = ", its crawler alone " + seconds(m.Crawler.Elapsed)
		}
		fmt.Fprintf(w, "     budget                      in that pair %.1f needed survey within %s (the bare loop took %s); it took %s (crawl phase %s)%s\n",
			targetCeilingRatio, seconds(budget), seconds(m.Ceiling.Elapsed), seconds(m.Survey.Wall), seconds(m.Survey.Stats.CrawlPhase()), crawler)
	}
}

// pairs returns "1 pair" or "n pairs".
func pairs(n int) string {
	if n == 1 {
		return "1 pair"
	}
	return strconv.Itoa(n) + " pairs"
}

// printLatency prints group 2.
func printLatency(w io.Writer, f latencyFigures) {
	s := f.Survey
	fmt.Fprintf(w, "     domains     %s (%s), %s fetches\n", count(int(s.Stats.Domains)), s.Stats.OutcomeSummary(), count(int(s.Stats.Fetches)))
	fmt.Fprintf(w, "     mean time per domain (targets.duration_ms)  %.0f ms\n", float64(s.Stats.MeanDomain)/float64(time.Millisecond))
	fmt.Fprintf(w, "     bound       %8s domains/s  Little's law: concurrency %d / mean time per domain\n", num(f.Bound(), 1), f.Concurrency)
	fmt.Fprintf(w, "     achieved    %8s domains/s  steady state: %s domains ended in the %s from the first domain's start to the last one's start\n",
		num(f.Achieved(), 1), count(int(s.Stats.SteadyDone)), seconds(s.Stats.SteadyWindow()))
	fmt.Fprintf(w, "     efficiency  %8s            achieved / bound; target ≥ %.1f (slots occupied in that window: %s)\n",
		num(f.Efficiency(), 3), targetEfficiency, num(f.Occupancy(), 3))
	fmt.Fprintf(w, "     drain included: %s domains/s over %s, first start to last end (efficiency %s); whole process, %s start to exit with the DuckDB build: %s domains/s (efficiency %s)\n",
		num(f.WholeSpan(), 1), seconds(s.Stats.DomainSpan()), num(f.WholeSpanEfficiency(), 3),
		seconds(s.Wall), num(rate(s.Stats.Domains, s.Wall), 1), num(f.ProcessEfficiency(), 3))
}

// printMemory prints one crawl of group 3.
func printMemory(w io.Writer, m memoryFigure) {
	s := m.Survey
	fmt.Fprintf(w, "     %s: peak RSS %.1f MiB; %s domains crawled (%s) in %s, %s domains/s; CPU %s\n",
		m.population(), m.PeakMiB(), count(int(s.Stats.Domains)), s.Stats.OutcomeSummary(), seconds(s.Wall),
		num(rate(s.Stats.Domains, s.Wall), 1), seconds(s.CPU))
}

// printParse prints the parser table of group 4.
func printParse(w io.Writer, rows []parseRow) {
	fmt.Fprintf(w, "     %-11s %10s %10s  %-44s %10s %10s %9s\n", "format", "MB/s", "files/s", "extract/*/testdata input", "MB/s", "files/s", "mean size")
	fmt.Fprintf(w, "     %-11s %21s  %-44s %31s\n", "", "(testdata)", "", "(simulated-web corpus, weighted)")
	for _, r := range rows {
		fileMB, fileRate, name := "-", "-", "-"
		if r.File != nil {
			fileMB, fileRate, name = num(r.File.MBps(), 1), num(r.File.CallsPerSec(), 0), r.FileName
		}
		corpMB, corpRate, corpSize := "-", "-", "-"
		if r.Corpus != nil {
			corpMB, corpRate, corpSize = num(r.Corpus.MBps(), 1), num(r.Corpus.CallsPerSec(), 0), num(r.Corpus.MeanSize, 0)+" B"
		}
		fmt.Fprintf(w, "     %-11s %10s %10s  %-44s %10s %10s %9s\n", r.Format, fileMB, fileRate, name, corpMB, corpRate, corpSize)
	}
}

// printSink prints the sink figure of group 4.
func printSink(w io.Writer, s sinkFigure) {
	fmt.Fprintf(w, "     %s fetch rows/s (%s rows, %s domains in %s, final flush included)\n",
		num(s.RowsPerSec(), 0), count(int(s.Rows)), count(int(s.Domains)), seconds(s.Elapsed))
}

// printQuery prints the query figure of group 4.
func printQuery(w io.Writer, q queryFigure) {
	times := make([]string, len(q.Times))
	for i, t := range q.Times {
		times[i] = seconds(t)
	}
	fmt.Fprintf(w, "   adoption query: survey query --db %s %s on %s domains: first run %s, best %s (runs: %s; process start to exit)\n",
		q.DB, q.Name, count(q.Sites), seconds(q.First()), seconds(q.Best()), strings.Join(times, ", "))
}

// verdict returns the target column of a headline figure: the target, and
// whether the figure meets it. The figure is printed to the precision of
// the headline lines (a ratio of 0.599 is not rounded up to a 0.60 that
// would read as the target met).
func verdict(target string, met bool) string {
	if met {
		return target + " (met)"
	}
	return target + " (not met)"
}

// writeSummary writes the figures of r as a Markdown table (the one
// docs/benchmarks.md and the README copy).
func writeSummary(w io.Writer, r results) {
	fmt.Fprintf(w, "Summary (%s, seed %d; %s)\n\n", r.Plan.label(), r.Plan.Seed, r.Machine)
	fmt.Fprintln(w, "| Figure | Value | Target |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, c := range r.Ceiling {
		v := "n/a"
		target := fmt.Sprintf("≥ %.1f", targetCeilingRatio)
		if m, ok := c.Median(); ok {
			lo, hi := c.RatioRange()
			v = fmt.Sprintf("**%s** (median of %s, range %s–%s; that pair: survey %s / bare loop %s domains/s, crawl phase alone %s)",
				num(m.Ratio(), 3), pairs(len(c.Pairs)), num(lo, 3), num(hi, 3), num(m.SurveyRate(), 0), num(m.CeilingRate(), 0), num(m.CrawlRatio(), 3))
			target = verdict(target, m.Ratio() >= targetCeilingRatio)
		}
		kind, slowed := "Ceiling", ""
		if busy := r.Plan.CeilingBareBusy; busy > 0 {
			kind, slowed, target = "Diagnostic", ", the bare loop spinning "+busy.String()+" per domain", "—"
		}
		fmt.Fprintf(w, "| %s ratio, %s (%s domains, concurrency %d)%s | %s | %s |\n",
			kind, strings.ToUpper(c.Scheme), count(c.Sites), c.Concurrency, slowed, v, target)
	}
	for _, c := range r.Ceiling {
		if c.hasGap() {
			fmt.Fprintf(w, "| Where the gap goes, %s (rate over the bare loop's, medians of the pairs) | %s | — |\n",
				strings.ToUpper(c.Scheme), gapSummary(c, 2))
		}
	}
	if l := r.Latency; l != nil {
		fmt.Fprintf(w, "| Little's law efficiency (%s domains, concurrency %d, latency %s/p99 %s, %g stalls) | **%s** (%s of %s domains/s) | %s |\n",
			count(l.Sites), l.Concurrency, l.Web.Latency, l.Web.LatencyP99, l.Web.StallShare, num(l.Efficiency(), 3),
			num(l.Achieved(), 0), num(l.Bound(), 0), verdict(fmt.Sprintf("≥ %.1f", targetEfficiency), l.Efficiency() >= targetEfficiency))
	}
	for _, m := range r.Memory {
		fmt.Fprintf(w, "| Peak RSS, %s at concurrency %d | **%s MiB** | %s |\n", m.population(), m.Concurrency, num(m.PeakMiB(), 1),
			verdict(fmt.Sprintf("< %d MiB at 1M", targetPeakMiB), m.PeakMiB() < targetPeakMiB))
	}
	if len(r.Memory) > 1 {
		fmt.Fprintf(w, "| Peak RSS growth, %s → %s domains | %s× | ≈ 1 |\n", count(r.Memory[0].Sites), count(r.Memory[len(r.Memory)-1].Sites), num(memoryGrowth(r.Memory), 2))
	}
	if m := r.MemoryHostile; m != nil {
		fmt.Fprintf(w, "| Peak RSS, %s at concurrency %d | %s MiB (%s domains/s) | — |\n", m.population(), m.Concurrency, num(m.PeakMiB(), 0), num(rate(m.Survey.Stats.Domains, m.Survey.Wall), 1))
	}
	for _, p := range r.Parse {
		v := ""
		if p.File != nil {
			v = num(p.File.MBps(), 1) + " MB/s (" + p.FileName + ")"
		}
		if p.Corpus != nil {
			if v != "" {
				v += "; "
			}
			v += num(p.Corpus.MBps(), 1) + " MB/s, " + num(p.Corpus.CallsPerSec(), 0) + " files/s on the simulated web's corpus"
		}
		fmt.Fprintf(w, "| Parser %s | %s | — |\n", p.Format, v)
	}
	if s := r.Sink; s != nil {
		fmt.Fprintf(w, "| Sink (fetch rows to Parquet) | %s rows/s | — |\n", num(s.RowsPerSec(), 0))
	}
	if q := r.Query; q != nil {
		fmt.Fprintf(w, "| `adoption` query, %s domains | %s (best of %d: %s) | — |\n", count(q.Sites), seconds(q.First()), len(q.Times), seconds(q.Best()))
	}
	fmt.Fprintln(w)
}
