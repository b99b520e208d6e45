// Command refresh-aicrawlers merges a robots.json file of the ai-robots-txt
// project (github.com/ai-robots-txt/ai.robots.txt) into
// extract/robots/aicrawlers.csv, the list of AI crawlers survey reports on.
//
// Usage:
//
//	go run ./extract/robots/cmd/refresh-aicrawlers [-csv FILE] [-n] robots.json
//
// Download robots.json yourself first (see extract/robots/README.md); the
// command never touches the network. Crawlers already in the CSV are kept
// as they are (their rows are curated); new names are added with the
// operator from robots.json, a purpose guessed from its "function" and
// "description" texts, and source "ai.robots.txt". Names are compared
// case-insensitively; a name that is not a crawler name (spaces, "/",
// ".") is reduced to its leading letters, digits, "_" and "-". A name
// that robots.txt matching cannot tell from a listed one is skipped and
// reported: matching reads a name by its leading letters, "_" and "-"
// only, so "AI2Bot-DeepResearchEval" is read as "AI", as "AI2Bot" is, and
// its stance would repeat AI2Bot's in every file. Review the added rows
// before committing: the purpose is a guess.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/agentpolicy/survey/extract/robots"
)

func main() {
	csvPath := flag.String("csv", filepath.Join("extract", "robots", "aicrawlers.csv"), "the crawler list to update")
	dryRun := flag.Bool("n", false, "print what would be added without writing the list")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: refresh-aicrawlers [-csv FILE] [-n] robots.json\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*csvPath, flag.Arg(0), *dryRun, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "refresh-aicrawlers:", err)
		os.Exit(1)
	}
}

// run merges the robots.json at jsonPath into the list at csvPath.
func run(csvPath, jsonPath string, dryRun bool, out io.Writer) error {
	current, err := os.ReadFile(csvPath)
	if err != nil {
		return err
	}
	list, err := robots.ReadAICrawlers(bytes.NewReader(current))
	if err != nil {
		return fmt.Errorf("%s: %w", csvPath, err)
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		return err
	}
	merged, added, skipped, err := merge(list, data)
	if err != nil {
		return fmt.Errorf("%s: %w", jsonPath, err)
	}
	for _, c := range added {
		fmt.Fprintf(out, "added %s (%s, %s)\n", c.Token, c.Operator, c.Purpose)
	}
	for _, s := range skipped {
		fmt.Fprintf(out, "skipped %s\n", s)
	}
	fmt.Fprintf(out, "%d crawlers listed, %d added\n", len(merged), len(added))
	if dryRun || len(added) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := robots.WriteAICrawlers(&buf, merged); err != nil {
		return err
	}
	tmp := csvPath + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, csvPath)
}

// entry is one crawler of robots.json.
type entry struct {
	Operator    string `json:"operator"`
	Function    string `json:"function"`
	Description string `json:"description"`
}

// merge adds the crawlers of a robots.json document that list does not
// hold yet, and returns the new list, the added crawlers and, for each
// name skipped because robots.txt matching reads it as a listed crawler,
// or as no crawler at all, why.
func merge(list []robots.Crawler, data []byte) (merged, added []robots.Crawler, skipped []string, err error) {
	var doc map[string]entry
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, nil, nil, fmt.Errorf("not an ai-robots-txt robots.json object: %w", err)
	}
	seen := map[string]bool{}
	excluded := map[string]string{} // lower-cased name: why the list leaves it out
	for _, e := range robots.AICrawlerExclusions() {
		excluded[strings.ToLower(e.Name)] = e.Reason
	}
	// matched maps the token robots.txt matching reads (robots.AgentToken,
	// lower-cased) to the first crawler read so.
	matched := map[string]string{}
	for _, c := range list {
		seen[strings.ToLower(c.Token)] = true
		if m := strings.ToLower(robots.AgentToken(c.Token)); matched[m] == "" {
			matched[m] = c.Token
		}
	}
	names := make([]string, 0, len(doc))
	for name := range doc {
		names = append(names, name)
	}
	sort.Strings(names)
	merged = append(merged, list...)
	for _, name := range names {
		token := crawlerName(name)
		if token == "" || seen[strings.ToLower(token)] {
			continue
		}
		if why, ok := excluded[strings.ToLower(token)]; ok {
			skipped = append(skipped, fmt.Sprintf("%q: excluded (aicrawlers-excluded.csv): %s", name, why))
			continue
		}
		m := robots.AgentToken(token)
		if m == "" {
			skipped = append(skipped, fmt.Sprintf("%q: robots.txt matching reads no product token in it", name))
			continue
		}
		if prev := matched[strings.ToLower(m)]; prev != "" {
			skipped = append(skipped, fmt.Sprintf("%q: robots.txt matching reads it as %q, as it reads %s", name, m, prev))
			continue
		}
		seen[strings.ToLower(token)] = true
		matched[strings.ToLower(m)] = token
		e := doc[name]
		c := robots.Crawler{Token: token, Operator: operator(e.Operator), Purpose: purpose(e.Function, e.Description), Source: "ai.robots.txt"}
		merged = append(merged, c)
		added = append(added, c)
	}
	return merged, added, skipped, nil
}

// crawlerName returns the leading letters, digits, "_" and "-" of name.
func crawlerName(name string) string {
	name = strings.TrimSpace(name)
	i := 0
	for i < len(name) {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			break
		}
		i++
	}
	return name[:i]
}

var markdownLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// operator cleans robots.json's operator text: Markdown links become their
// text, "Unclear at this time." becomes "unknown", and long descriptions
// are cut at 60 characters.
func operator(s string) string {
	s = strings.TrimSpace(markdownLink.ReplaceAllString(s, "$1"))
	s = strings.TrimSuffix(s, ".")
	switch strings.ToLower(s) {
	case "", "unknown", "unclear at this time", "unclear":
		return "unknown"
	}
	if r := []rune(s); len(r) > 60 {
		s = strings.TrimSpace(string(r[:60])) + "…"
	}
	return s
}

// purpose guesses a robots.Purposes value from robots.json texts. The
// "function" field often holds a category of knownagents.com ("AI
// Assistants", "AI Search Crawlers", "AI Data Scrapers", ...), which is
// tried first.
func purpose(function, description string) string {
	f := strings.ToLower(function)
	switch {
	case strings.Contains(f, "ai assistants"), strings.Contains(f, "ai agents") && !strings.Contains(f, "undocumented"), strings.Contains(f, "coding agents"):
		return "user"
	case strings.Contains(f, "search crawlers"):
		return "search"
	case strings.Contains(f, "data scrapers"):
		return "training"
	case strings.Contains(f, "data providers"):
		return "dataset"
	case strings.Contains(f, "undocumented"):
		return "mixed"
	}
	text := f + " " + strings.ToLower(description)
	switch {
	case strings.Contains(text, "user prompt"), strings.Contains(text, "on behalf of"), strings.Contains(text, "user queries"), strings.Contains(text, "prompted by a user"):
		return "user"
	case strings.Contains(text, "train"), strings.Contains(text, "llm"):
		return "training"
	case strings.Contains(text, "search"):
		return "search"
	case strings.Contains(text, "dataset"), strings.Contains(text, "data is sold"):
		return "dataset"
	}
	return "other"
}
