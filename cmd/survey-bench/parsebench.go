package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/testweb/content"
)

// parseInput is one body handed to extract.Parse.
type parseInput struct {
	Name   string
	Format registry.FormatID
	Body   []byte
	In     extract.Input
}

// benchHost is the host the parse inputs speak for.
const benchHost = "example.com"

// benchFileSpec names the files of extract/*/testdata that a parser
// package benchmarks itself on (or, for the packages without a benchmark,
// their whole testdata corpus), relative to the repository.
type benchFileSpec struct {
	Format      registry.FormatID
	Location    registry.LocationID
	Glob        string
	ContentType string
}

// benchFileSpecs is the input of every format, in registry order.
func benchFileSpecs() []benchFileSpec {
	return []benchFileSpec{
		{registry.Robots, registry.LocRobots, "extract/robots/testdata/bench-50k.robots.txt", "text/plain"},
		{registry.AgentsTxt, registry.LocAgentsTxt, "extract/agentstxt/testdata/large.txt", "text/plain; charset=utf-8"},
		{registry.AgentsMD, registry.LocAgentsMD, "extract/agentsmd/testdata/realistic.md", "text/markdown; charset=utf-8"},
		{registry.AgentFeed, registry.LocAgentFeed, "extract/agentfeed/testdata/bench-50.xml", "application/atom+xml"},
		{registry.DID, registry.LocDID, "extract/did/testdata/*.json", "application/json"},
		{registry.AgentCard, registry.LocAgentCard, "extract/agentcard/testdata/*.json", "application/json"},
		{registry.Autoctl, registry.LocAutoctl, "extract/autoctl/testdata/large.txt", "text/plain; charset=utf-8"},
		{registry.LLMsTxt, registry.LocLLMsTxt, "extract/llmstxt/testdata/large.txt", "text/markdown; charset=utf-8"},
		{registry.TDMRep, registry.LocTDMRep, "extract/tdmrep/testdata/large.json", "application/json"},
		{registry.AITxt, registry.LocAITxt, "extract/aitxt/testdata/corpus/*.txt", "text/plain"},
		{registry.HomePage, registry.LocHome, "extract/homepage/testdata/large.html", "text/html; charset=utf-8"},
	}
}

// benchFileInputs reads the benchmark files of every format from the
// repository at repo. The agent feed is given the did.json and
// agent-card.json of its testdata, as its own benchmark does.
func benchFileInputs(repo string) ([][]parseInput, error) {
	feedDID, err := os.ReadFile(filepath.Join(repo, "extract/agentfeed/testdata/did.json"))
	if err != nil {
		return nil, fmt.Errorf("parser inputs: %w", err)
	}
	feedCard, err := os.ReadFile(filepath.Join(repo, "extract/agentfeed/testdata/card.json"))
	if err != nil {
		return nil, fmt.Errorf("parser inputs: %w", err)
	}
	var out [][]parseInput
	for _, s := range benchFileSpecs() {
		names, err := filepath.Glob(filepath.Join(repo, s.Glob))
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("parser inputs: no file matches %s under %s", s.Glob, repo)
		}
		sort.Strings(names)
		var set []parseInput
		for _, name := range names {
			body, err := os.ReadFile(name)
			if err != nil {
				return nil, fmt.Errorf("parser inputs: %w", err)
			}
			in := fileInput(s.Location, s.ContentType)
			if s.Format == registry.AgentFeed {
				in.Related = relatedFiles(map[registry.LocationID][]byte{registry.LocDID: feedDID, registry.LocAgentCard: feedCard})
			}
			rel, _ := filepath.Rel(repo, name)
			set = append(set, parseInput{Name: rel, Format: s.Format, Body: body, In: in})
		}
		out = append(out, set)
	}
	return out, nil
}

// fileInput is the Input of a body fetched over HTTPS from benchHost.
func fileInput(loc registry.LocationID, contentType string) extract.Input {
	path := "/"
	if l, ok := registry.LookupLocation(loc); ok {
		path = l.Path
	}
	h := http.Header{}
	h.Set("Content-Type", contentType)
	return extract.Input{Location: loc, URL: "https://" + benchHost + path, Host: benchHost, Scheme: "https",
		ContentType: contentType, Header: h}
}

// relatedFiles returns an Input.Related serving the given bodies as
// fetched over HTTPS.
func relatedFiles(files map[registry.LocationID][]byte) func(registry.LocationID) (extract.Related, bool) {
	return func(id registry.LocationID) (extract.Related, bool) {
		body, ok := files[id]
		if !ok {
			return extract.Related{}, false
		}
		l, _ := registry.LookupLocation(id)
		return extract.Related{Body: body, URL: "https://" + benchHost + l.Path, Fetched: true, Scheme: "https"}, true
	}
}

// corpusInputs returns, per format, the bodies the simulated web serves
// (package testweb/content), each repeated by its weight so that a loop
// over them parses the mix a crawl parses.
func corpusInputs() [][]parseInput {
	byFormat := map[registry.FormatID][]parseInput{}
	add := func(f registry.FormatID, name string, weight int, body []byte, in extract.Input) {
		for range max(weight, 1) {
			byFormat[f] = append(byFormat[f], parseInput{Name: name, Format: f, Body: body, In: in})
		}
	}
	for _, l := range registry.Locations() {
		if len(l.Formats) == 0 {
			continue
		}
		for _, v := range content.Variants(l.ID) {
			add(l.Formats[0], v.Name, v.Weight, v.Body(benchHost), fileInput(l.ID, v.ContentType))
		}
	}
	for _, s := range content.FeedSets() {
		files := map[registry.LocationID][]byte{}
		members := []struct {
			loc registry.LocationID
			f   registry.FormatID
			v   *content.Variant
		}{{registry.LocAgentFeed, registry.AgentFeed, s.Feed}, {registry.LocDID, registry.DID, s.DID}, {registry.LocAgentCard, registry.AgentCard, s.Card}}
		for _, m := range members {
			if m.v != nil {
				files[m.loc] = m.v.Body(benchHost)
			}
		}
		for _, m := range members {
			if m.v == nil {
				continue
			}
			in := fileInput(m.loc, m.v.ContentType)
			in.Related = relatedFiles(files)
			add(m.f, m.v.Name, s.Weight, files[m.loc], in)
		}
	}
	for _, p := range content.HomePages() {
		in := fileInput(registry.LocHome, p.Header.Get("Content-Type"))
		in.Header = p.Header
		add(registry.HomePage, p.Name, p.Weight, p.Body(benchHost), in)
	}
	var out [][]parseInput
	for _, f := range registry.Formats() {
		if set := byFormat[f.ID]; len(set) > 0 {
			out = append(out, set)
		}
	}
	return out
}

// parseFigure is one format's parse throughput.
type parseFigure struct {
	Format   registry.FormatID
	Files    int   // distinct entries in the input set (weighted copies count)
	Bytes    int64 // bytes parsed in the loop
	Calls    int64
	Elapsed  time.Duration
	MeanSize float64 // mean input size in bytes
}

// MBps is the throughput in MB (10^6 bytes) per second.
func (p parseFigure) MBps() float64 { return rate(p.Bytes, p.Elapsed) / 1e6 }

// CallsPerSec is the number of files parsed per second.
func (p parseFigure) CallsPerSec() float64 { return rate(p.Calls, p.Elapsed) }

// measureParse calls extract.Parse on the inputs, in turn, for at least
// minTime (and at least once per input).
func measureParse(set []parseInput, minTime time.Duration) parseFigure {
	fig := parseFigure{Format: set[0].Format, Files: len(set)}
	var total int64
	for _, in := range set {
		total += int64(len(in.Body))
	}
	fig.MeanSize = float64(total) / float64(len(set))
	// One untimed round warms caches (the first call of some parsers
	// compiles tables).
	for _, in := range set {
		extract.Parse(in.Format, in.Body, in.In)
	}
	start := time.Now()
	for i := 0; ; i++ {
		in := set[i%len(set)]
		extract.Parse(in.Format, in.Body, in.In)
		fig.Calls++
		fig.Bytes += int64(len(in.Body))
		if i+1 >= len(set) && i%8 == 7 {
			if fig.Elapsed = time.Since(start); fig.Elapsed >= minTime {
				return fig
			}
		}
	}
}
