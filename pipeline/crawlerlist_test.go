package pipeline

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentpolicy/survey/sink"
)

// Every batch holding ai_stance_default rows holds the crawler list they
// refer to, once; a batch without them holds none.
func TestCrawlerList_EveryBatchWithDefaultRowsHasTheList(t *testing.T) {
	dir := t.TempDir()
	// A batch of a few domains: each domain's two rows, and the list's
	// rows once per batch.
	w, err := sink.Create(dir, sink.Options{CrawlID: "c", BatchRows: 150})
	if err != nil {
		t.Fatal(err)
	}
	listID, listRows := sink.AICrawlerList()
	var list crawlerList
	for i := range 24 {
		domain := "d" + string(rune('a'+i)) + ".example"
		var p parsedRows
		if i%4 != 3 { // every fourth domain has no robots.txt
			p.formats = []sink.Rows{{Table: sink.TableAIStanceDefault, Rows: []sink.AIStanceDefaultRow{{CrawlID: "c", Domain: domain, Location: "robots",
				Crawlers: listID, Stance: "allowed", Applies: "none", GroupLines: []int32{}, RootAllowed: true}}}}
		}
		if err := p.append(w); err != nil {
			t.Fatal(err)
		}
		if err := list.appendTo(w, &p); err != nil {
			t.Fatal(err)
		}
		if err := sink.AppendRows(w, sink.TableTargets, sink.TargetRow{CrawlID: "c", Domain: domain, Outcome: "ok", StartedAt: time.Unix(0, 0)}); err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	parts := func(table string) []string {
		names, err := filepath.Glob(filepath.Join(dir, table, "crawl=c", "*.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range names {
			names[i] = filepath.Base(n)
		}
		return names
	}
	defaults, lists := parts(sink.TableAIStanceDefault), parts(sink.TableAICrawlers)
	if len(defaults) < 3 {
		t.Fatalf("%d batches with default rows; the test wants several", len(defaults))
	}
	if len(lists) != len(defaults) {
		t.Fatalf("ai_crawlers parts %v, want one beside each ai_stance_default part %v", lists, defaults)
	}
	for i := range lists {
		if lists[i] != defaults[i] {
			t.Errorf("batch %s has the list, %s the default rows", lists[i], defaults[i])
		}
		fi, err := os.Stat(filepath.Join(dir, sink.TableAICrawlers, "crawl=c", lists[i]))
		if err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", lists[i], err)
		}
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT count(*) FROM read_parquet('` + filepath.Join(dir, sink.TableAICrawlers, "crawl=c", "*.parquet") + `', filename = true) GROUP BY filename`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != len(listRows) {
			t.Errorf("a batch holds %d list rows, want the list's %d once", n, len(listRows))
		}
	}
}
