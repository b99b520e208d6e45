package queries_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/sink"
)

// TestQueriesOnEmptyDatabase runs every query, with and without its
// parameters, on a database built from an empty directory: each must
// answer with its columns and no row, never an error.
func TestQueriesOnEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(ctx, dbPath, []string{dir}, nil, sink.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	db, err := sink.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := queries.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range all {
		params := map[string]string{}
		for _, p := range q.Params {
			params[p.Name] = "x"
		}
		for _, p := range []map[string]string{nil, params} {
			res, err := q.Run(ctx, db, withNumbers(q, p))
			if err != nil {
				t.Errorf("%s %v: %v", q.Name, p, err)
				continue
			}
			if len(res.Columns) == 0 || len(res.Rows) != 0 {
				t.Errorf("%s %v: columns %v, %d rows; want columns and no row", q.Name, p, res.Columns, len(res.Rows))
			}
		}
	}
}

// withNumbers replaces the values of a query's numeric parameters by a
// number, so that a test may give every parameter a value.
func withNumbers(q queries.Query, params map[string]string) map[string]string {
	if params == nil {
		return nil
	}
	out := map[string]string{}
	for k, v := range params {
		if k == "top" {
			v = "3"
		}
		out[k] = v
	}
	return out
}
