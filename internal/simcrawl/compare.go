package simcrawl

import (
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2" // the DuckDB driver

	"github.com/agentpolicy/survey/internal/sqlquote"
)

// ignored reports whether a column differs between two crawls of the same
// web by nature rather than by content: the crawl's identity, timestamps,
// timings, the connection's address and the network stack's error text
// (which names ephemeral ports).
func ignored(table, col string) bool {
	switch col {
	case "crawl_id", "started_at", "ended_at", "built_at", "remote_addr", "error", "duration_ms", "run":
		return true
	}
	return strings.HasSuffix(col, "_ms") || (table == "bodies" && col == "data")
}

// Compare compares two survey databases table by table, as multisets of
// rows over every column but the ignored ones (crawl ids, timestamps,
// timings, addresses, error texts), and checks that neither holds a domain
// twice. It returns a description of every difference, empty when the
// datasets are the same. The crawls and schema_info tables, which describe
// runs rather than the web, are not compared.
func Compare(dbA, dbB string) ([]string, error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for name, path := range map[string]string{"a": dbA, "b": dbB} {
		if _, err := db.Exec(fmt.Sprintf("ATTACH %s AS %s (READ_ONLY)", sqlquote.String(path), name)); err != nil {
			return nil, fmt.Errorf("attach %s: %w", path, err)
		}
	}
	tables, err := columns(db, "a")
	if err != nil {
		return nil, err
	}
	tablesB, err := columns(db, "b")
	if err != nil {
		return nil, err
	}
	var diffs []string
	var names []string
	for t := range tables {
		names = append(names, t)
	}
	for t := range tablesB {
		if _, ok := tables[t]; !ok {
			diffs = append(diffs, fmt.Sprintf("table %s is only in %s", t, dbB))
		}
	}
	sort.Strings(names)
	for _, t := range names {
		if t == "crawls" || t == "schema_info" {
			continue
		}
		colsB, ok := tablesB[t]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("table %s is only in %s", t, dbA))
			continue
		}
		var cols []string
		for _, c := range tables[t] {
			if !ignored(t, c) && contains(colsB, c) {
				cols = append(cols, fmt.Sprintf(`CAST("%s" AS VARCHAR) AS "%s"`, c, c))
			}
		}
		proj := strings.Join(cols, ", ")
		for _, dir := range [][2]string{{"a", "b"}, {"b", "a"}} {
			q := fmt.Sprintf(`SELECT * FROM (SELECT %s FROM %s.%s EXCEPT ALL SELECT %s FROM %s.%s) LIMIT 5`, proj, dir[0], t, proj, dir[1], t)
			rows, err := db.Query(q)
			if err != nil {
				return nil, fmt.Errorf("compare %s: %w", t, err)
			}
			for rows.Next() {
				vals := make([]sql.NullString, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					rows.Close()
					return nil, err
				}
				var parts []string
				for _, v := range vals {
					parts = append(parts, v.String)
				}
				diffs = append(diffs, fmt.Sprintf("%s: row only in %s: %s", t, dir[0], strings.Join(parts, " | ")))
			}
			rows.Close()
		}
	}
	for _, name := range []string{"a", "b"} {
		var n, distinct int64
		if err := db.QueryRow(fmt.Sprintf("SELECT count(*), count(DISTINCT (crawl_id, domain)) FROM %s.targets", name)).Scan(&n, &distinct); err != nil {
			return nil, err
		}
		if n != distinct {
			diffs = append(diffs, fmt.Sprintf("database %s holds %d target rows for %d domains: some were written twice", name, n, distinct))
		}
	}
	return diffs, nil
}

// columns returns the columns of every table of the attached database.
func columns(db *sql.DB, catalog string) (map[string][]string, error) {
	rows, err := db.Query(`SELECT table_name, column_name FROM information_schema.columns
		WHERE table_catalog = ? ORDER BY table_name, ordinal_position`, catalog)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			return nil, err
		}
		out[t] = append(out[t], c)
	}
	return out, rows.Err()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// WantSame fails t when the databases dbA and dbB differ (see Compare),
// listing the first 40 differences after what, which says how they differ
// ("the datasets differ").
func WantSame(t testing.TB, dbA, dbB, what string) {
	t.Helper()
	diffs, err := Compare(dbA, dbB)
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) > 0 {
		if len(diffs) > 40 {
			diffs = diffs[:40]
		}
		t.Errorf("%s:\n  %s", what, strings.Join(diffs, "\n  "))
	}
}
