package queries_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// TestQueriesOnEmptyDatabase runs every query on a database built from
// an empty directory: with its defaults each must answer with its columns
// and no row, and a crawl named as a parameter is an error that names it.
func TestQueriesOnEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	db, err := sink.Open(emptyDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range all {
		res, err := q.Run(ctx, db, nil)
		if err != nil {
			t.Errorf("%s: %v", q.Name, err)
		} else if len(res.Columns) == 0 || len(res.Rows) != 0 {
			t.Errorf("%s: columns %v, %d rows; want columns and no row", q.Name, res.Columns, len(res.Rows))
		}
		for _, p := range q.Params {
			if !strings.Contains(p.Name, "crawl") {
				continue
			}
			_, err := q.Run(ctx, db, map[string]string{p.Name: "2026-05"})
			if want := "no crawl '2026-05' in the database (its crawls: none)"; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s with %s=2026-05: %v, want an error saying %q", q.Name, p.Name, err, want)
			}
		}
	}
}

// TestUnknownParameter: a parameter the query does not declare is an error
// that names the parameters it does.
func TestUnknownParameter(t *testing.T) {
	db, err := sink.Open(emptyDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for name, want := range map[string]string{
		"adoption":       `query adoption has no parameter "crawll" (it has: crawl, parked)`,
		"changes_detail": `query changes_detail has no parameter "crawll" (it has: from_crawl, to_crawl, location, limit)`,
	} {
		q, err := queries.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := q.Run(context.Background(), db, map[string]string{"crawll": "x"}); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
}

// emptyDatabase builds a database from an empty directory, every table
// present and empty, and returns its path.
func emptyDatabase(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(context.Background(), path, []string{dir}, nil, sink.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return path
}

// databaseWith builds an empty database (emptyDatabase), runs statements
// on it (rows written for the purpose: sink.Open is read-only), and opens
// it read-only, as survey query does; it is closed when t ends.
func databaseWith(t *testing.T, statements ...string) *sql.DB {
	t.Helper()
	return openAfter(t, emptyDatabase(t), statements...)
}

// openAfter runs statements on the database file path, read-write, then
// opens it read-only, as survey query does; it is closed when t ends.
func openAfter(t *testing.T, path string, statements ...string) *sql.DB {
	t.Helper()
	rw, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range statements {
		if _, err := rw.Exec(q); err != nil {
			rw.Close()
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := rw.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sink.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
