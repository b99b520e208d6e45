package sink

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/agentpolicy/survey/extract/robots"
)

// Parts written before ai_stance_default existed hold an ai_stance row for
// every crawler of the list. The build brings them to the current form:
// the view gives the same rows, every file has a default row, and only the
// rows of named crawlers stay stored.
func TestBuild_UpgradesLegacyAIStanceRows(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "old"})
	if err != nil {
		t.Fatal(err)
	}
	crawlers := robots.AICrawlers()
	var legacy []AIStanceRow
	for _, domain := range []string{"a.example", "b.example", "c.example"} {
		for _, c := range crawlers {
			row := AIStanceRow{CrawlID: "old", Domain: domain, Location: "robots", Token: c.Token, Operator: c.Operator, Purpose: c.Purpose,
				Stance: "partial", Applies: "star", GroupLines: []int32{1}, RootAllowed: true}
			switch {
			case domain == "b.example": // no group at all
				row.Stance, row.Applies, row.GroupLines = "allowed", "none", []int32{}
			case domain == "c.example" || c.Token == "GPTBot": // c names every crawler
				row.Stance, row.Applies, row.GroupLines, row.RootAllowed, row.DecidingLine = "blocked", "named", []int32{5}, false, ptr(int32(6))
			}
			legacy = append(legacy, row)
		}
		must(t, w.Append(TableTargets, TargetRow{CrawlID: "old", Domain: domain, Outcome: "ok", StartedAt: time.Unix(0, 0)}))
	}
	must(t, w.Append(TableAIStance, legacy))
	must(t, w.Commit())
	must(t, w.Close())
	db := openBuilt(t, []string{dir}, nil, BuildOptions{ToolVersion: "test"})

	table := Tables()[slices.IndexFunc(Tables(), func(tb Table) bool { return tb.Name == TableAIStance })]
	got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM ai_stance")
	compareRows(t, "ai_stance", got, expectedRows(t, table, legacy))
	n := len(crawlers)
	for _, q := range []struct {
		query string
		want  any
	}{
		{"SELECT count(*) FROM ai_stance_named", int64(1 + n)},
		{"SELECT string_agg(domain || ':' || crawlers || ':' || named || ':' || stance || ':' || applies, ' ' ORDER BY domain) FROM ai_stance_default",
			"a.example:legacy-old:1:partial:star b.example:legacy-old:0:allowed:none c.example:legacy-old:" + strconv.Itoa(n) + ":allowed:none"},
		{"SELECT count(*) FROM ai_crawlers WHERE list = 'legacy-old'", int64(n)},
	} {
		var got any
		if err := db.QueryRow(q.query).Scan(&got); err != nil {
			t.Fatalf("%s: %v", q.query, err)
		}
		if got != q.want {
			t.Errorf("%s = %v, want %v", q.query, got, q.want)
		}
	}
}
