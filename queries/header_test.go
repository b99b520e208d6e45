package queries_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// getvariableCall finds the DuckDB variables a query reads.
var getvariableCall = regexp.MustCompile(`getvariable\('([^']*)'\)`)

// comparesCrawls names the queries that compare two crawls and so take
// from_crawl and to_crawl instead of crawl.
func comparesCrawls() []string { return []string{"changes", "changes_detail"} }

func TestEveryQueryStatesItsQuestionReadingAndParameters(t *testing.T) {
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 15 {
		t.Fatalf("%d named queries, want at least 15", len(all))
	}
	for _, q := range all {
		t.Run(q.Name, func(t *testing.T) {
			if !strings.HasPrefix(q.SQL, "-- Question: ") {
				t.Errorf("the file does not open with -- Question:")
			}
			if !strings.HasSuffix(q.Question, "?") {
				t.Errorf("Question %q is not a question", q.Question)
			}
			if len(q.Read) < 80 {
				t.Errorf("Read is %d characters; say what every column means: %q", len(q.Read), q.Read)
			}
			declared := map[string]bool{}
			for _, p := range q.Params {
				if declared[p.Name] {
					t.Errorf("parameter %s declared twice", p.Name)
				}
				declared[p.Name] = true
				if !strings.Contains(p.Default, "default") {
					t.Errorf("parameter %s does not state its default: %q", p.Name, p.Default)
				}
			}
			used := map[string]bool{}
			for _, m := range getvariableCall.FindAllStringSubmatch(q.SQL, -1) {
				used[m[1]] = true
				if !declared[m[1]] {
					t.Errorf("getvariable('%s') is not a declared Param", m[1])
				}
			}
			for name := range declared {
				if !used[name] {
					t.Errorf("Param %s is declared but never read", name)
				}
			}
			if slices.Contains(comparesCrawls(), q.Name) {
				if !declared["from_crawl"] || !declared["to_crawl"] {
					t.Errorf("a query comparing crawls takes from_crawl and to_crawl; declared %v", q.Params)
				}
			} else if !declared["crawl"] {
				t.Errorf("no crawl parameter; declared %v", q.Params)
			}
			if !strings.Contains(q.SQL, "ORDER BY") {
				t.Errorf("no ORDER BY: the order of the rows is not deterministic")
			}
			if strings.Contains(q.SQL, " AS pct_") && !strings.Contains(q.Read, "percentage") &&
				!strings.Contains(q.Read, "100 *") && !strings.Contains(q.Read, "denominator") {
				t.Errorf("the query has pct_ columns but Read does not say what they are percentages of")
			}
		})
	}
}
