package robots

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Crawler is one known AI crawler: a product token with who runs it and
// what for.
type Crawler struct {
	// Token is the name the crawler obeys in robots.txt. A few names hold
	// digits ("AI2Bot"), which RFC 9309 product tokens may not: matching
	// then uses the leading letters, as for any user-agent value.
	Token string `json:"token"`
	// Operator is the organisation running the crawler ("unknown" when
	// nobody says).
	Operator string `json:"operator"`
	// Purpose is one of the Purposes.
	Purpose string `json:"purpose"`
	// Source is where the entry comes from: the operator's documentation
	// URL, or "ai.robots.txt" for github.com/ai-robots-txt/ai.robots.txt.
	Source string `json:"source"`
}

// Purposes are the values of Crawler.Purpose: "training" (collects content
// to train models), "search" (indexes for AI search and answers), "user"
// (fetches a page on demand for a user's prompt or agent task), "dataset"
// (builds crawl data sets that others use, including for AI), "mixed"
// (several or undocumented purposes), "other".
func Purposes() []string {
	return []string{"training", "search", "user", "dataset", "mixed", "other"}
}

// The list of AI crawlers is a data file, refreshed with
// cmd/refresh-aicrawlers; see README.md.
//
//go:embed aicrawlers.csv
var aiCrawlersCSV string

// aiCrawlers parses the embedded list once; the list is never modified,
// callers get copies.
var aiCrawlers = sync.OnceValues(func() ([]Crawler, error) {
	return ReadAICrawlers(strings.NewReader(aiCrawlersCSV))
})

// AICrawlers returns the known AI crawlers, ordered by token
// (case-insensitively). The list is embedded in the binary.
func AICrawlers() []Crawler {
	list, _ := aiCrawlers() // the embedded file is checked by TestAICrawlers_Valid
	return slices.Clone(list)
}

// AITokens returns the product tokens of AICrawlers.
func AITokens() []string {
	list, _ := aiCrawlers()
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = c.Token
	}
	return out
}

// aiCrawlersHeader is the header line of the CSV file.
func aiCrawlersHeader() []string { return []string{"token", "operator", "purpose", "source"} }

// isCrawlerName reports whether s is a crawler name as listed: letters,
// digits, "_" and "-". RFC 9309 §2.2.1 allows no digits in product tokens,
// so a name such as "AI2Bot" is matched by its leading letters ("AI"), in
// robots.txt files and in queries alike.
func isCrawlerName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isTokenChar(c) && !('0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// ReadAICrawlers reads a crawler list in the CSV format of aicrawlers.csv:
// a header "token,operator,purpose,source", then one crawler per row. It
// rejects a name that is not made of letters, digits, "_" and "-", an
// unknown purpose, and a name listed twice (case-insensitively).
func ReadAICrawlers(r io.Reader) ([]Crawler, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 4
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading the AI crawler list header: %w", err)
	}
	if !slices.Equal(header, aiCrawlersHeader()) {
		return nil, fmt.Errorf("AI crawler list header is %q, want %q", header, aiCrawlersHeader())
	}
	var list []Crawler
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return list, nil
		}
		if err != nil {
			return list, fmt.Errorf("reading the AI crawler list: %w", err)
		}
		line, _ := cr.FieldPos(0)
		c := Crawler{Token: rec[0], Operator: rec[1], Purpose: rec[2], Source: rec[3]}
		if !isCrawlerName(c.Token) {
			return list, fmt.Errorf("AI crawler list line %d: %q is not a crawler name ([a-zA-Z0-9_-]+)", line, c.Token)
		}
		if !slices.Contains(Purposes(), c.Purpose) {
			return list, fmt.Errorf("AI crawler list line %d: purpose %q is not one of %v", line, c.Purpose, Purposes())
		}
		key := strings.ToLower(c.Token)
		if prev, dup := seen[key]; dup {
			return list, fmt.Errorf("AI crawler list line %d: %q is already listed on line %d (tokens are case-insensitive)", line, c.Token, prev)
		}
		seen[key] = line
		list = append(list, c)
	}
}

// WriteAICrawlers writes list in the CSV format ReadAICrawlers reads,
// ordered by token case-insensitively.
func WriteAICrawlers(w io.Writer, list []Crawler) error {
	sorted := slices.Clone(list)
	slices.SortStableFunc(sorted, func(a, b Crawler) int {
		return strings.Compare(strings.ToLower(a.Token), strings.ToLower(b.Token))
	})
	cw := csv.NewWriter(w)
	if err := cw.Write(aiCrawlersHeader()); err != nil {
		return fmt.Errorf("writing the AI crawler list: %w", err)
	}
	for _, c := range sorted {
		if err := cw.Write([]string{c.Token, c.Operator, c.Purpose, c.Source}); err != nil {
			return fmt.Errorf("writing the AI crawler list: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing the AI crawler list: %w", err)
	}
	return nil
}

// aiNames indexes the known AI crawlers' tokens for nearAICrawler: the
// tokens lower-cased, and the tokens lower-cased without "-" and "_"
// ("gptbot" for GPTBot, "googleextended" for Google-Extended).
var aiNames = sync.OnceValue(func() (n struct{ tokens, squashed map[string]string }) {
	list, _ := aiCrawlers()
	n.tokens = make(map[string]string, len(list))
	n.squashed = make(map[string]string, len(list))
	for _, c := range list {
		n.tokens[strings.ToLower(c.Token)] = c.Token
		n.squashed[squashToken(c.Token)] = c.Token
	}
	return n
})

// IsAIToken reports whether name is a known AI crawler's token, compared
// case-insensitively (RFC 9309 §2.2.1).
func IsAIToken(name string) bool {
	_, ok := aiNames().tokens[strings.ToLower(name)]
	return ok
}

// squashToken lower-cases s and drops its separators ("-", "_", white space).
func squashToken(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ', '\t':
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// nearAICrawler returns the known AI crawler a user-agent value seems
// meant for when its product token (key, lower-cased) is none: the value
// written with other separators ("GPT-Bot", "Google Extended") or without
// its "Bot" ("Perplexity" for PerplexityBot). "" otherwise. It costs map
// lookups only, as it runs on every user-agent line of a crawl.
func nearAICrawler(key, value string) string {
	if key == "*" || IsAIToken(key) {
		return ""
	}
	n := aiNames()
	sq := squashToken(value)
	t, ok := n.squashed[sq]
	if !ok {
		t = n.squashed[sq+"bot"]
	}
	if strings.EqualFold(strings.TrimSpace(value), t) {
		// A listed name with digits ("AI2Bot"), whose product token
		// ("AI") is not its name: it is written as listed.
		return ""
	}
	return t
}
