package queries_test

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/sink"
)

// changeKinds are the kinds of change of the changes query, in its order.
func changeKinds() []string {
	return []string{"appeared", "disappeared", "became_valid", "became_invalid", "content_changed", "ai_stance_changed"}
}

// fileState is what a fetch said about a file: "file", "none" (absent or
// a soft 404) or "" (the fetch did not answer: blocked, failed).
func fileState(outcome string) string {
	switch {
	case hasFile(outcome):
		return "file"
	case outcome == "absent" || outcome == "soft_404":
		return "none"
	}
	return ""
}

// stances returns every in-format robots.txt file's stance per AI token.
func stances(c *crawlData) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, s := range c.stance {
		if out[s.domain] == nil {
			out[s.domain] = map[string]string{}
		}
		out[s.domain][s.token] = s.stance
	}
	return out
}

// expectedChanges derives the changes between two crawls from their base
// rows: the set of location, domain and kind, and the domains compared per
// location. The AI stance is compared token by token over every file, not
// only over the files whose bytes changed as the query does.
func expectedChanges(from, to *crawlData) (map[string]bool, map[string]int64) {
	changes, compared := map[string]bool{}, map[string]int64{}
	fromStance, toStance := stances(from), stances(to)
	for k, b := range to.fetches {
		a, ok := from.fetches[k]
		if !ok || k.location == "canary" {
			continue
		}
		sa, sb := fileState(a.outcome), fileState(b.outcome)
		if sa == "" || sb == "" {
			continue
		}
		compared[k.location]++
		add := func(kind string) { changes[joinKey(k.location, k.domain, kind)] = true }
		switch {
		case sa == "none" && sb == "file":
			add("appeared")
		case sa == "file" && sb == "none":
			add("disappeared")
		case sa == "file" && sb == "file":
			da, db := from.documents[k], to.documents[k]
			if !da.valid && db.valid {
				add("became_valid")
			}
			if da.valid && !db.valid {
				add("became_invalid")
			}
			if a.digest != b.digest {
				add("content_changed")
			}
			if k.location == "robots" && da.otherFormat == "" && db.otherFormat == "" &&
				!sameSharedStance(fromStance[k.domain], toStance[k.domain]) {
				add("ai_stance_changed")
			}
		}
	}
	return changes, compared
}

// sameSharedStance reports whether two files' stances agree on every
// token both crawls' crawler lists hold.
func sameSharedStance(a, b map[string]string) bool {
	for tok, sa := range a {
		if sb, ok := b[tok]; ok && sa != sb {
			return false
		}
	}
	return true
}

func checkChanges(t *testing.T, tb table, from, to *crawlData) {
	changes, compared := expectedChanges(from, to)
	want := map[string]int64{}
	for id := range changes {
		loc, rest, _ := cutKey(id)
		_, kind, _ := cutKey(rest)
		want[joinKey(loc, kind)]++
	}
	var got []string
	var total int64
	for i := range tb.rows {
		loc, kind := tb.str(t, i, "location"), tb.str(t, i, "change")
		id := joinKey(loc, kind)
		got = append(got, id)
		n := tb.num(t, i, "domains")
		total += n
		if n != want[id] {
			t.Errorf("%s %s: %d domains, want %d", loc, kind, n, want[id])
		}
		if c := tb.num(t, i, "compared"); c != compared[loc] {
			t.Errorf("%s: compared %d, want %d", loc, c, compared[loc])
		}
		tb.checkPct(t, i, "pct_compared", n, compared[loc])
	}
	// Every location and kind has its row, changed or not.
	all := map[string]bool{}
	for loc := range compared {
		for _, kind := range changeKinds() {
			if kind != "ai_stance_changed" || loc == "robots" {
				all[joinKey(loc, kind)] = true
			}
		}
	}
	checkRowKeys(t, got, all)
	checkOrder(t, tb, "location", locationOrder())
	if from == to && total != 0 {
		t.Errorf("a crawl compared with itself: %d changes, want none", total)
	}
	if from != to && (want[joinKey("robots", "content_changed")] == 0 || want[joinKey("robots", "ai_stance_changed")] == 0) {
		t.Errorf("two different webs: %v; want robots.txt files whose content and AI stance changed", want)
	}
}

func checkChangesDetail(t *testing.T, tb table, from, to *crawlData) {
	want, _ := expectedChanges(from, to)
	var got []string
	for i := range tb.rows {
		loc, domain, kind := tb.str(t, i, "location"), tb.str(t, i, "domain"), tb.str(t, i, "change")
		got = append(got, joinKey(loc, domain, kind))
		k := key{domain, loc}
		if o := tb.str(t, i, "from_outcome"); o != from.fetches[k].outcome {
			t.Errorf("%s %s: from_outcome %s, want %s", loc, domain, o, from.fetches[k].outcome)
		}
		if o := tb.str(t, i, "to_outcome"); o != to.fetches[k].outcome {
			t.Errorf("%s %s: to_outcome %s, want %s", loc, domain, o, to.fetches[k].outcome)
		}
		for col, d := range map[string]documentRow{"from": from.documents[k], "to": to.documents[k]} {
			if got, want := tb.str(t, i, col+"_effective"), d.effective; got != want {
				t.Errorf("%s %s %s: %s_effective %q, want %q", loc, domain, kind, col, got, want)
			}
		}
		want := ""
		if kind == "ai_stance_changed" {
			want = stanceDetail(stances(from)[domain], stances(to)[domain])
		}
		if got := tb.str(t, i, "detail"); got != want {
			t.Errorf("%s %s %s: detail %q, want %q", loc, domain, kind, got, want)
		}
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "location", locationOrder())
	if from == to && len(tb.rows) != 0 {
		t.Errorf("a crawl compared with itself: %d changes, want none", len(tb.rows))
	}
}

// stanceDetail says which tokens changed stance as changes_detail does:
// "before -> after: token, token" by change (tokens case-insensitively
// ordered), changes separated by "; ", a change every token made told as
// "every AI crawler (N)".
func stanceDetail(before, after map[string]string) string {
	tokens := map[string]bool{}
	for tok := range before {
		tokens[tok] = true
	}
	for tok := range after {
		tokens[tok] = true
	}
	moves := map[string][]string{}
	for tok := range tokens {
		b, a := cmp.Or(before[tok], "none"), cmp.Or(after[tok], "none")
		if b != a {
			moves[b+" -> "+a] = append(moves[b+" -> "+a], tok)
		}
	}
	var parts []string
	for _, move := range slices.Sorted(maps.Keys(moves)) {
		list := moves[move]
		slices.SortFunc(list, func(a, b string) int {
			return cmp.Or(strings.Compare(strings.ToLower(a), strings.ToLower(b)), strings.Compare(a, b))
		})
		what := strings.Join(list, ", ")
		if len(list) == len(tokens) {
			what = fmt.Sprintf("every AI crawler (%d)", len(list))
		}
		parts = append(parts, move+": "+what)
	}
	return strings.Join(parts, "; ")
}

// cutKey splits the first part off a joinKey.
func cutKey(id string) (first, rest string, ok bool) { return strings.Cut(id, "\x00") }

// TestChanges_CrawlerListChanged compares a crawl with its copy as a survey
// of another AI crawler list and parser would have made it (the same
// bytes, 10 tokens fewer in the earlier crawl's ai_stance, another
// parser_version): no stance changed among the tokens both lists hold, so
// neither changes nor changes_detail reports one, where every robots.txt
// was reported changed.
func TestChanges_CrawlerListChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a simulated web")
	}
	src := simcrawl.Open(t, simcrawl.Options{Sites: 120, Seed: 3, CrawlID: "a"})
	var edits []string
	for _, tb := range sink.Tables() {
		if tb.Name != sink.TableBodies && tb.Name != sink.TableAICrawlers {
			name := tb.DatabaseTable()
			edits = append(edits, `INSERT INTO `+name+` SELECT * REPLACE ('b' AS crawl_id) FROM `+name+` WHERE crawl_id = 'a'`)
		}
	}
	// The earlier list lacks the first 10 tokens.
	const first10 = `(SELECT DISTINCT token FROM ai_crawlers ORDER BY token LIMIT 10)`
	edits = append(edits,
		`UPDATE crawls SET started_at = started_at + INTERVAL 1 DAY, ended_at = ended_at + INTERVAL 1 DAY WHERE crawl_id = 'b'`,
		`UPDATE documents SET parser_version = parser_version || '+another' WHERE crawl_id = 'b'`,
		`INSERT INTO ai_crawlers SELECT 'earlier', token, operator, purpose FROM ai_crawlers WHERE token NOT IN `+first10,
		`UPDATE ai_stance_default SET crawlers = 'earlier' WHERE crawl_id = 'a'`,
		`DELETE FROM ai_stance_named WHERE crawl_id = 'a' AND token IN `+first10)
	db := copyDB(t, src, func(sink.Table) string { return "" }, edits...)
	var robots int
	if err := db.QueryRow(`SELECT count(*) FROM documents WHERE crawl_id = 'b' AND location = 'robots' AND coalesce(other_format, '') = ''`).Scan(&robots); err != nil || robots == 0 {
		t.Fatalf("%d robots.txt files (%v)", robots, err)
	}
	var fewer int
	if err := db.QueryRow(`SELECT (SELECT count(DISTINCT token) FROM ai_stance WHERE crawl_id = 'b') - (SELECT count(DISTINCT token) FROM ai_stance WHERE crawl_id = 'a')`).Scan(&fewer); err != nil || fewer != 10 {
		t.Fatalf("crawl a's ai_stance has %d tokens fewer than b's (%v), want 10", fewer, err)
	}
	params := map[string]string{"from_crawl": "a", "to_crawl": "b"}
	tb := run(t, db, mustGet(t, "changes"), params)
	for i := range tb.rows {
		if n := tb.num(t, i, "domains"); n != 0 {
			t.Errorf("%s %s: %d domains, want none", tb.str(t, i, "location"), tb.str(t, i, "change"), n)
		}
	}
	if detail := run(t, db, mustGet(t, "changes_detail"), params); len(detail.rows) != 0 {
		t.Errorf("changes_detail: %d rows, want none", len(detail.rows))
	}
}
