package robots

import (
	_ "embed" // aicrawlers-excluded.csv
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// aiExcludedCSV lists names of ai.robots.txt's robots.json that the AI
// crawler list leaves out, each with why: generic words that meta tags and
// user-agent lines use for other things ("spider", "code", "operator"),
// names cut at a space into another name, and crawlers that are not AI
// crawlers (link previews, SEO checkers), which would inflate the counts
// of sites blocking AI. cmd/refresh-aicrawlers skips them; see README.md.
//
//go:embed aicrawlers-excluded.csv
var aiExcludedCSV string

// Exclusion is a name the AI crawler list leaves out, and why.
type Exclusion struct {
	Name   string
	Reason string
}

// aiExcluded parses the embedded exclusions once.
var aiExcluded = sync.OnceValues(func() ([]Exclusion, error) {
	cr := csv.NewReader(strings.NewReader(aiExcludedCSV))
	cr.FieldsPerRecord = 2
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("reading the AI crawler exclusions: %w", err)
	}
	if len(recs) == 0 || recs[0][0] != "name" || recs[0][1] != "reason" {
		return nil, fmt.Errorf("AI crawler exclusions: header %q, want name,reason", recs[:min(len(recs), 1)])
	}
	out := make([]Exclusion, 0, len(recs)-1)
	for _, r := range recs[1:] {
		out = append(out, Exclusion{Name: r[0], Reason: r[1]})
	}
	return out, nil
})

// AICrawlerExclusions returns the names the AI crawler list leaves out
// (compared case-insensitively with a robots.json name reduced to its
// leading letters, digits, "_" and "-"), each with why.
func AICrawlerExclusions() []Exclusion {
	list, _ := aiExcluded() // the embedded file is checked by TestAICrawlerExclusions
	return slices.Clone(list)
}
