package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// bench runs the groups of one plan, printing as it goes and collecting
// the figures in res.
type bench struct {
	ctx    context.Context
	survey string // absolute path of bin/survey
	work   string
	repo   string // repository root, for extract/*/testdata; "" when unknown
	plan   plan
	out    io.Writer
	res    results
}

// ceiling runs group 1: a bare net/http loop and survey crawl on the same
// clean population, over HTTPS and over HTTP.
func (b *bench) ceiling() error {
	p := b.plan
	wo := p.ceilingWeb()
	paths := ceilingPaths()
	fmt.Fprintf(b.out, "\n== 1. Ceiling ratio: survey crawl against a bare net/http loop\n")
	fmt.Fprintf(b.out, "   simulated web: %s; concurrency %d for both; %d paths per domain (every registry location)\n", wo, p.CeilingConcurrency, len(paths))
	fmt.Fprintf(b.out, "   %d pairs per scheme, each a bare loop and a survey crawl, alternating which runs first; the headline is the pair of median ratio\n", p.CeilingPairs)
	fmt.Fprintf(b.out, "   between them in each pair, where the gap goes (not in a quick run): a colly loop (the bare loop through colly) and survey's crawler alone (package crawl, results discarded)\n")
	if p.CeilingBareBusy > 0 {
		fmt.Fprintf(b.out, "   DIAGNOSTIC (-bare-busy %[1]s): the bare loop spins %[1]s after each domain, so these ratios are not the ceiling ratio and are not reported as headlines\n", p.CeilingBareBusy)
	}
	dir := filepath.Join(b.work, "ceiling")
	web, err := startWeb(b.ctx, b.survey, dir, wo, readyWithin)
	if err != nil {
		return err
	}
	defer web.stop()
	domains, err := readDomains(web.Seeds)
	if err != nil {
		return err
	}
	roots, err := web.roots()
	if err != nil {
		return err
	}
	for _, scheme := range []string{"https", "http"} {
		seeds := filepath.Join(dir, "seeds-"+scheme+".txt")
		if err := writeOrigins(seeds, scheme, domains); err != nil {
			return err
		}
		series := ceilingSeries{Scheme: scheme, Sites: wo.Sites, Concurrency: p.CeilingConcurrency}
		fmt.Fprintf(b.out, "   %s\n", strings.ToUpper(scheme))
		for i := range p.CeilingPairs {
			bareFirst := i%2 == 0
			var f ceilingFigures
			loop := func(name string, run func(context.Context, ceilingOptions) (ceilingResult, error), into *ceilingResult) func() error {
				return func() error {
					webCPU := web.cpu()
					cr, err := run(b.ctx, ceilingOptions{Addr: web.Addr, Roots: roots, Scheme: scheme, Domains: domains,
						Paths: paths, Concurrency: p.CeilingConcurrency, Busy: p.CeilingBareBusy})
					if err != nil {
						return fmt.Errorf("%s %s: %w", scheme, name, err)
					}
					cr.WebCPU = web.cpu() - webCPU
					if cr.Errors > 0 {
						fmt.Fprintf(b.out, "   warning: the %s saw %d failed requests (first: %s)\n", name, cr.Errors, cr.FirstErr)
					}
					*into = cr
					return nil
				}
			}
			crawl := func() error {
				out := filepath.Join(dir, fmt.Sprintf("crawl-%s-%d", scheme, i+1))
				sr, err := runCrawl(b.ctx, b.survey, web, crawlOptions{Seeds: seeds, Out: out,
					Concurrency: p.CeilingConcurrency}, b.out, heartbeat)
				if err != nil {
					return fmt.Errorf("%s crawl: %w", scheme, err)
				}
				f.Survey = sr
				return nil
			}
			steps := []func() error{loop("bare loop", runCeiling, &f.Ceiling)}
			if p.CeilingGap {
				steps = append(steps, loop("colly loop", runCollyLoop, &f.Colly), loop("crawler loop", runCrawlerLoop, &f.Crawler))
			}
			steps = append(steps, crawl)
			if !bareFirst {
				slices.Reverse(steps)
			}
			for _, step := range steps {
				if err := step(); err != nil {
					return err
				}
			}
			series.Pairs = append(series.Pairs, f)
			printCeilingPair(b.out, f, i, p.CeilingPairs, bareFirst)
		}
		b.res.Ceiling = append(b.res.Ceiling, series)
		printCeilingSeries(b.out, series)
	}
	return nil
}

// latency runs group 2: survey crawl on a web with heavy-tailed latency
// and stalls, compared with Little's law.
func (b *bench) latency() error {
	p := b.plan
	wo := p.latencyWeb()
	fmt.Fprintf(b.out, "\n== 2. Latency-bound efficiency (Little's law)\n")
	fmt.Fprintf(b.out, "   simulated web: %s; survey crawl --concurrency %d --timeout %s\n", wo, p.LatencyConcurrency, p.LatencyTimeout)
	dir := filepath.Join(b.work, "latency")
	web, err := startWeb(b.ctx, b.survey, dir, wo, readyWithin)
	if err != nil {
		return err
	}
	defer web.stop()
	sr, err := runCrawl(b.ctx, b.survey, web, crawlOptions{Seeds: web.Seeds, Out: filepath.Join(dir, "crawl"),
		Concurrency: p.LatencyConcurrency, Timeout: p.LatencyTimeout}, b.out, heartbeat)
	if err != nil {
		return err
	}
	f := latencyFigures{Sites: wo.Sites, Concurrency: p.LatencyConcurrency, Web: wo, Survey: sr}
	b.res.Latency = &f
	printLatency(b.out, f)
	return nil
}

// memory runs group 3: one crawl per population at the memory
// concurrency, each against its own simulated web process.
func (b *bench) memory() error {
	p := b.plan
	fmt.Fprintf(b.out, "\n== 3. Memory: peak RSS of survey crawl (the simulated web runs in its own process)\n")
	for _, sites := range p.MemorySites {
		m, err := b.memoryCrawl(sites, "clean")
		if err != nil {
			return err
		}
		b.res.Memory = append(b.res.Memory, m)
	}
	if len(b.res.Memory) > 1 {
		fmt.Fprintf(b.out, "   growth: %.2f× from %s to %s domains\n", memoryGrowth(b.res.Memory),
			count(b.res.Memory[0].Sites), count(b.res.Memory[len(b.res.Memory)-1].Sites))
	}
	if p.MemoryHostileSites > 0 {
		m, err := b.memoryCrawl(p.MemoryHostileSites, "hostile")
		if err != nil {
			return err
		}
		b.res.MemoryHostile = &m
	}
	return nil
}

// memoryCrawl runs one crawl of group 3, of sites domains of the mix.
func (b *bench) memoryCrawl(sites int, mix string) (memoryFigure, error) {
	p := b.plan
	wo := p.memoryWeb(sites, mix)
	fmt.Fprintf(b.out, "   simulated web: %s; survey crawl --concurrency %d\n", wo, p.MemoryConcurrency)
	dir := filepath.Join(b.work, "memory-"+mix+"-"+strconv.Itoa(sites))
	web, err := startWeb(b.ctx, b.survey, dir, wo, readyWithin)
	if err != nil {
		return memoryFigure{}, err
	}
	sr, err := runCrawl(b.ctx, b.survey, web, crawlOptions{Seeds: web.Seeds, Out: filepath.Join(dir, "crawl"),
		Concurrency: p.MemoryConcurrency}, b.out, heartbeat)
	web.stop()
	if err != nil {
		return memoryFigure{}, fmt.Errorf("%d sites of the %s mix: %w", sites, mix, err)
	}
	m := memoryFigure{Sites: sites, Mix: mix, Concurrency: p.MemoryConcurrency, Survey: sr}
	printMemory(b.out, m)
	return m, nil
}

// stages runs group 4: parsers, the sink, and the adoption query on the
// largest dataset of group 3.
func (b *bench) stages() error {
	p := b.plan
	fmt.Fprintf(b.out, "\n== 4. Per stage\n")
	fmt.Fprintf(b.out, "   parsers: extract.Parse in a loop, at least %s per format and input set, in this process\n", p.ParseTime)
	var files [][]parseInput
	if b.repo == "" {
		fmt.Fprintf(b.out, "   (no repository found: the extract/*/testdata column is skipped; give -repo)\n")
	} else {
		var err error
		if files, err = benchFileInputs(b.repo); err != nil {
			return err
		}
	}
	corpus := corpusInputs()
	byFormat := map[string]*parseRow{}
	var rows []*parseRow
	row := func(f string) *parseRow {
		if r, ok := byFormat[f]; ok {
			return r
		}
		r := &parseRow{Format: f}
		byFormat[f] = r
		rows = append(rows, r)
		return r
	}
	for _, set := range files {
		if b.ctx.Err() != nil {
			return b.ctx.Err()
		}
		fig := measureParse(set, p.ParseTime)
		r := row(string(set[0].Format))
		r.File, r.FileName = &fig, set[0].Name
		if len(set) > 1 {
			r.FileName = filepath.Dir(set[0].Name) + fmt.Sprintf("/ (%d files)", len(set))
		}
	}
	for _, set := range corpus {
		if b.ctx.Err() != nil {
			return b.ctx.Err()
		}
		fig := measureParse(set, p.ParseTime)
		row(string(set[0].Format)).Corpus = &fig
	}
	for _, r := range rows {
		b.res.Parse = append(b.res.Parse, *r)
	}
	printParse(b.out, b.res.Parse)

	fmt.Fprintf(b.out, "   sink: sink.Create, AppendRows (13 fetch rows and a target row per domain), Commit, Close; at least %s\n", p.SinkTime)
	sinkDir := filepath.Join(b.work, "sink")
	os.RemoveAll(sinkDir)
	sf, err := measureSink(sinkDir, p.SinkTime)
	if err != nil {
		return err
	}
	b.res.Sink = &sf
	printSink(b.out, sf)

	if len(b.res.Memory) == 0 {
		fmt.Fprintf(b.out, "   adoption query: skipped (needs the dataset of group 3)\n")
		return nil
	}
	big := b.res.Memory[len(b.res.Memory)-1]
	q, err := timeQuery(b.ctx, b.survey, big.Survey.DB, "adoption", p.QueryRuns)
	if err != nil {
		return err
	}
	q.Sites = big.Sites
	b.res.Query = &q
	printQuery(b.out, q)
	return nil
}

// parseRow is one format's parse throughput on the two input sets.
type parseRow struct {
	Format   string
	FileName string       // the extract/*/testdata input
	File     *parseFigure // nil when not measured
	Corpus   *parseFigure // the simulated web's weighted corpus
}

// queryFigure is the wall time of a named query run by survey query.
type queryFigure struct {
	Name  string
	DB    string
	Sites int
	Times []time.Duration // one per run, in order
	Lines int             // lines of output of the last run
}

// First is the first (cold) run's time.
func (q queryFigure) First() time.Duration {
	if len(q.Times) == 0 {
		return 0
	}
	return q.Times[0]
}

// Best is the fastest run's time.
func (q queryFigure) Best() time.Duration {
	var best time.Duration
	for i, t := range q.Times {
		if i == 0 || t < best {
			best = t
		}
	}
	return best
}

// timeQuery runs survey query --db db name, runs times, timing each
// process from start to exit.
func timeQuery(ctx context.Context, survey, db, name string, runs int) (queryFigure, error) {
	q := queryFigure{Name: name, DB: db}
	out := filepath.Join(filepath.Dir(db), "query-"+name+".txt")
	for range max(runs, 1) {
		start := time.Now()
		proc, err := startChild(ctx, "survey query "+name, survey, out, "query", "--db", db, name)
		if err != nil {
			return q, err
		}
		if err := proc.wait(); err != nil {
			return q, err
		}
		q.Times = append(q.Times, time.Since(start))
	}
	if b, err := os.ReadFile(out); err == nil {
		q.Lines = countLines(b)
	}
	return q, nil
}

// countLines counts the lines of b (a last line without newline counts).
func countLines(b []byte) int {
	n := 0
	for i, c := range b {
		if c == '\n' || i == len(b)-1 {
			n++
		}
	}
	return n
}
