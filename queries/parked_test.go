package queries_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
	"github.com/agentpolicy/survey/testweb"
)

// TestParked_HostileCrawl crawls the hostile mix, whose parked sites show a
// parking service's lander, and checks the queries that count parked
// domains: domain_outcomes' parked column, and adoption with parked=exclude
// (the parked domains left out of reachable and every count), include and
// a value it does not know.
func TestParked_HostileCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a simulated web")
	}
	db := simcrawl.Open(t, simcrawl.Options{Sites: 300, Seed: 5, CrawlID: "parked", Mix: testweb.MixHostile})
	c := loadCrawl(t, db, "parked")
	parked := 0
	for _, tr := range c.targets {
		if tr.parked && tr.outcome == "ok" {
			parked++
		}
	}
	if parked == 0 {
		t.Fatal("no reachable domain of the hostile mix is parked; its parked kind should be")
	}

	checkDomainOutcomes(t, run(t, db, mustGet(t, "domain_outcomes"), nil), c)

	adoption := mustGet(t, "adoption")
	byDefault := run(t, db, adoption, nil)
	checkAdoptionOf(t, byDefault, c, false)
	if include := run(t, db, adoption, map[string]string{"parked": "include"}); !reflect.DeepEqual(include.rows, byDefault.rows) {
		t.Errorf("adoption with parked=include differs from its default")
	}
	exclude := run(t, db, adoption, map[string]string{"parked": "exclude"})
	checkAdoptionOf(t, exclude, c, true)
	if reflect.DeepEqual(exclude.rows, byDefault.rows) {
		t.Errorf("adoption with parked=exclude is its default, with %d parked domains", parked)
	}
	_, err := adoption.Run(context.Background(), db, map[string]string{"parked": "no"})
	if err == nil || !strings.Contains(err.Error(), "parameter parked must be include or exclude, not \"no\"") {
		t.Errorf("parked=no: %v", err)
	}
}

// Every query with a parked parameter counts, with parked=exclude, what it
// counts on a database from which the parked domains' rows are gone: the
// parked domains leave every count, as if never crawled, and nothing else
// changes. parked=include is the default.
func TestParked_ExcludeIsAsIfNeverCrawled(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a simulated web")
	}
	db := simcrawl.Open(t, simcrawl.Options{Sites: 300, Seed: 5, CrawlID: "parked", Mix: testweb.MixHostile})
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM targets WHERE parked`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("%d parked domains (%v); the hostile mix should have some", n, err)
	}
	pruned := withoutParked(t, db)
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, q := range all {
		if !slices.ContainsFunc(q.Params, func(p queries.Param) bool { return p.Name == "parked" }) {
			continue
		}
		tested++
		exclude := run(t, db, q, map[string]string{"parked": "exclude"})
		if want := run(t, pruned, q, nil); !reflect.DeepEqual(exclude.rows, want.rows) {
			t.Errorf("%s: parked=exclude differs from the database without the parked domains", q.Name)
		}
		if include, byDefault := run(t, db, q, map[string]string{"parked": "include"}), run(t, db, q, nil); !reflect.DeepEqual(include.rows, byDefault.rows) {
			t.Errorf("%s: parked=include differs from its default", q.Name)
		} else if reflect.DeepEqual(include.rows, exclude.rows) {
			t.Errorf("%s: parked=exclude is its default, with %d parked domains", q.Name, n)
		}
	}
	if tested < 7 {
		t.Errorf("%d queries have a parked parameter, want adoption, validity, diagnostics, conformance_by_section and the three AI ones", tested)
	}
	if _, err := mustGet(t, "validity").Run(context.Background(), db, map[string]string{"parked": "no"}); err == nil || !strings.Contains(err.Error(), "parameter parked must be include or exclude") {
		t.Errorf("parked=no: %v", err)
	}
}

// withoutParked returns a copy of db without the rows of its parked
// domains.
func withoutParked(t *testing.T, db *sql.DB) *sql.DB {
	t.Helper()
	return copyDB(t, db, func(tb sink.Table) string {
		if slices.ContainsFunc(tb.Columns(), func(c sink.Column) bool { return c.Name == "domain" }) {
			return `(crawl_id, domain) NOT IN (SELECT (crawl_id, domain) FROM src.targets WHERE parked)`
		}
		return ""
	})
}

// copyDB returns a copy of db's tables, each keeping the rows where(table)
// holds ("" keeps every row), and of its views, then changed by the
// statements edits.
func copyDB(t *testing.T, db *sql.DB, where func(sink.Table) string, edits ...string) *sql.DB {
	t.Helper()
	var src string
	if err := db.QueryRow(`SELECT path FROM duckdb_databases() WHERE database_name = current_database()`).Scan(&src); err != nil {
		t.Fatal(err)
	}
	statements := []string{`ATTACH '` + src + `' AS src (READ_ONLY)`}
	var views []string
	for _, tb := range sink.Tables() {
		name := tb.DatabaseTable()
		q := `CREATE TABLE ` + name + ` AS SELECT * FROM src.` + name
		if w := where(tb); w != "" {
			q += ` WHERE ` + w
		}
		statements = append(statements, q)
		if tb.View != "" {
			views = append(views, `CREATE VIEW `+tb.Name+` AS `+tb.View)
		}
	}
	statements = append(append(append(statements, `DETACH src`), views...), edits...)
	return openAfter(t, filepath.Join(t.TempDir(), "copy.duckdb"), statements...)
}
