package queries_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2" // the DuckDB driver, to scale the dataset up

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// BenchmarkQueries runs every named query on two crawls of the simulated
// web (600 sites each), opened as survey query opens a database (read
// only, sink's default memory limit and threads). SURVEY_QUERY_BENCH_SCALE=K
// copies every domain's rows K times under new names first, so that
// K=1700 measures a dataset of about a million domains per crawl (building
// it takes minutes). SURVEY_QUERY_BENCH_DIR=DIR keeps the dataset in DIR
// and uses the one already there, if any, whatever the scale:
//
//	SURVEY_QUERY_BENCH_SCALE=1700 go test -p 1 -run '^$' -bench Queries -benchtime 1x ./queries/
func BenchmarkQueries(b *testing.B) {
	scale := 1
	if s := os.Getenv("SURVEY_QUERY_BENCH_SCALE"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SURVEY_QUERY_BENCH_SCALE=%q: want a whole number of copies, at least 1", s)
		}
		scale = n
	}
	dir := os.Getenv("SURVEY_QUERY_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	dbPath := filepath.Join(dir, "survey.duckdb")
	if _, err := os.Stat(dbPath); err != nil {
		if err := buildBenchDataset(dir, scale); err != nil {
			b.Fatal(err)
		}
	}
	db, err := sink.Open(dbPath)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	res, err := queries.Exec(context.Background(), db, "SELECT count(*) FROM targets WHERE crawl_id = ?", secondCrawl)
	if err != nil {
		b.Fatal(err)
	}
	domains := res.Rows[0][0].(int64)
	b.Logf("%d domains per crawl, two crawls", domains)
	all, err := queries.All()
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range all {
		var params map[string]string
		if q.Name == "changes_detail" {
			// A location at a time, as its reading advises for large crawls;
			// robots.txt, whose AI stances are compared token by token, is
			// the heaviest.
			params = map[string]string{"location": "robots"}
		}
		b.Run(q.Name, func(b *testing.B) {
			rows := 0
			for b.Loop() {
				r, err := q.Run(context.Background(), db, params)
				if err != nil {
					b.Fatal(err)
				}
				rows = len(r.Rows)
			}
			b.ReportMetric(float64(domains), "domains")
			b.ReportMetric(float64(rows), "rows")
		})
	}
}

// buildBenchDataset crawls the two simulated webs into dir and scales the
// database up to scale copies of every domain.
func buildBenchDataset(dir string, scale int) error {
	if _, err := simcrawl.Build(dir, simcrawl.Options{Seed: 1, CrawlID: firstCrawl, Ranked: true}); err != nil {
		return err
	}
	dbPath, err := simcrawl.Build(dir, simcrawl.Options{Seed: 2, CrawlID: secondCrawl, Ranked: true})
	if err != nil {
		return err
	}
	if scale > 1 {
		return scaleUp(dbPath, scale)
	}
	return nil
}

// scaleUp copies every row of the tables keyed by domain copies-1 times,
// the domain prefixed with "c<i>." (ranks shifted past the original ones),
// in the database at path.
func scaleUp(path string, copies int) error {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	// Modest resources: the machine is shared.
	if _, err := db.Exec("SET memory_limit = '2GB'; SET threads = 1"); err != nil {
		return err
	}
	rows, err := db.Query(`SELECT table_name, bool_or(column_name = 'rank') FROM information_schema.columns
		WHERE table_schema = 'main' GROUP BY table_name HAVING bool_or(column_name = 'domain') ORDER BY table_name`)
	if err != nil {
		return err
	}
	type table struct {
		name    string
		hasRank bool
	}
	var tables []table
	for rows.Next() {
		var t table
		if err := rows.Scan(&t.name, &t.hasRank); err != nil {
			return err
		}
		tables = append(tables, t)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	var sites int64
	if err := db.QueryRow("SELECT coalesce(max(rank), 0) FROM targets").Scan(&sites); err != nil {
		return err
	}
	for _, t := range tables {
		replace := "'c' || i || '.' || domain AS domain"
		if t.hasRank {
			replace += fmt.Sprintf(", rank + i * %d AS rank", sites)
		}
		stmts := []string{
			fmt.Sprintf("CREATE TEMP TABLE base AS SELECT * FROM %q", t.name),
			fmt.Sprintf("INSERT INTO %q SELECT base.* REPLACE (%s) FROM base, range(1, %d) r(i)", t.name, replace, copies),
			"DROP TABLE base",
		}
		for _, s := range stmts {
			if _, err := db.Exec(s); err != nil {
				return fmt.Errorf("scale %s: %s: %w", t.name, strings.Fields(s)[0], err)
			}
		}
	}
	_, err = db.Exec("CHECKPOINT")
	return err
}
