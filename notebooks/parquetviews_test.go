package notebooks_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// TestParquetStatements: the statements surveydata.py reads a crawl's
// Parquet parts with, when there is no survey.duckdb, present the tables as
// the database does: ai_stance with the database's rows (its parts hold
// only the crawlers a group names), the crawler list once though every
// batch repeats it, one crawls row per run, and the same answers to the AI
// stance queries.
func TestParquetStatements(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	dbPath, err := simcrawl.Build(dir, simcrawl.Options{Sites: 200, Seed: 3, CrawlID: "pq", BatchRows: 5000})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", "import json, pathlib, sys, surveydata; print(json.dumps(surveydata._parquet_statements(pathlib.Path(sys.argv[1]))))", dir)
	cmd.Dir = repoRoot + "/notebooks"
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("surveydata._parquet_statements: %v\n%s", err, out)
	}
	var statements []string
	if err := json.Unmarshal(out, &statements); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	parts, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer parts.Close()
	parts.SetMaxOpenConns(1)
	for _, s := range statements {
		if _, err := parts.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	// The answers of the named queries, from the parts.
	ask := func(db *sql.DB) map[string]string {
		answers := map[string]string{}
		for _, name := range []string{"ai_crawler_stance", "ai_operator_stance"} {
			q, err := queries.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			r, err := queries.Exec(context.Background(), db, q.SQL)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(r.Rows) == 0 {
				t.Fatalf("%s: no rows", name)
			}
			b, _ := json.Marshal(r)
			answers[name] = string(b)
		}
		return answers
	}
	fromParts := ask(parts)

	if _, err := parts.Exec(`ATTACH '` + filepath.ToSlash(dbPath) + `' AS built (READ_ONLY)`); err != nil {
		t.Fatal(err)
	}
	n := len(robots.AICrawlers())
	if batches := countIn(t, parts, `SELECT count(DISTINCT filename) FROM read_parquet('`+filepath.ToSlash(filepath.Join(dir, sink.TableAICrawlers))+`/*/*.parquet', filename = true)`); batches < 2 {
		t.Fatalf("the crawler list is in %d batch; the test wants it repeated", batches)
	}
	for _, c := range []struct {
		query string
		want  int
	}{
		{`SELECT count(*) FROM (SELECT * FROM ai_stance EXCEPT ALL SELECT * FROM built.ai_stance)`, 0},
		{`SELECT count(*) FROM (SELECT * FROM built.ai_stance EXCEPT ALL SELECT * FROM ai_stance)`, 0},
		{`SELECT count(*) FROM ai_stance WHERE token = 'GPTBot'`, countIn(t, parts, `SELECT count(*) FROM built.ai_stance_default`)},
		{`SELECT count(*) FROM ai_crawlers`, n},
		{`SELECT count(*) FROM crawls`, countIn(t, parts, `SELECT count(*) FROM built.crawls`)},
	} {
		if got := countIn(t, parts, c.query); got != c.want {
			t.Errorf("%s = %d, want %d", c.query, got, c.want)
		}
	}
	if _, err := parts.Exec(`DETACH built`); err != nil {
		t.Fatal(err)
	}
	built, err := sink.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer built.Close()
	for name, want := range ask(built) {
		if got := fromParts[name]; got != want {
			t.Errorf("%s from the parts:\n%.600s\nfrom the database:\n%.600s", name, got, want)
		}
	}
}

func countIn(t *testing.T, db *sql.DB, query string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
