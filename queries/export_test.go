package queries_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/agentpolicy/survey/queries"
)

// exportQuery has a quote in a value, a NULL, an ORDER BY, a trailing
// comment and a final semicolon, as a user's SQL may.
const exportQuery = `SELECT 1 AS a, 'x''y' AS b UNION ALL SELECT 2, NULL
ORDER BY a -- last line
;  `

// Export writes each format DuckDB's way, under a temporary name renamed
// when complete: the rows come back from the file as they went in, and a
// failed export leaves neither a file nor a temporary one, and keeps the
// file it would have replaced.
func TestExport(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	dir := t.TempDir()
	for name, want := range map[string]string{
		"r.csv":    "a,b\n1,x'y\n2,\n",
		"r.json":   "{\"a\":1,\"b\":\"x'y\"}\n{\"a\":2,\"b\":null}\n",
		"r.JSONL":  "{\"a\":1,\"b\":\"x'y\"}\n{\"a\":2,\"b\":null}\n",
		"r.ndjson": "{\"a\":1,\"b\":\"x'y\"}\n{\"a\":2,\"b\":null}\n",
	} {
		path := filepath.Join(dir, name)
		n, err := queries.Export(ctx, db, exportQuery, path)
		if err != nil || n != 2 {
			t.Errorf("%s: %d rows, %v", name, n, err)
			continue
		}
		if b, _ := os.ReadFile(path); string(b) != want {
			t.Errorf("%s holds %q, want %q", name, b, want)
		}
	}
	pq := filepath.Join(dir, "r.parquet")
	if n, err := queries.Export(ctx, db, exportQuery, pq); err != nil || n != 2 {
		t.Fatalf("parquet: %d rows, %v", n, err)
	}
	res, err := queries.Exec(ctx, db, "SELECT a, coalesce(b, 'NULL') FROM read_parquet('"+pq+"')")
	if err != nil || len(res.Rows) != 2 || res.Rows[0][0] != int32(1) || res.Rows[0][1] != "x'y" || res.Rows[1][1] != "NULL" {
		t.Errorf("the Parquet file read back: %v %v", res, err)
	}

	if _, err := queries.Export(ctx, db, exportQuery, filepath.Join(dir, "r.txt")); err == nil || !strings.Contains(err.Error(), ".parquet") {
		t.Errorf("an unknown extension: %v, want an error listing the known ones", err)
	}
	// A file in a directory that does not exist: the error names the
	// directory, not the temporary file export would have made in it.
	missing := filepath.Join(dir, "nodir", "r.csv")
	want := "export to " + missing + ": directory " + filepath.Dir(missing) + ": no such file or directory"
	if _, err := queries.Export(ctx, db, exportQuery, missing); err == nil || err.Error() != want {
		t.Errorf("a file in a directory that does not exist: %v, want %q", err, want)
	}
	before, _ := os.ReadFile(pq)
	// A failing query's error quotes the SQL as the user wrote it, as
	// without --out, not the COPY statement that wraps it.
	if _, err := queries.Export(ctx, db, "SELECT nosuch FROM range(3)", pq); err == nil {
		t.Error("a failing query exported")
	} else if msg := err.Error(); strings.Contains(msg, "COPY") || !strings.Contains(msg, "LINE 1: SELECT nosuch") {
		t.Errorf("a failing query's error: %q, want its own SQL quoted, not COPY's", msg)
	}
	if after, _ := os.ReadFile(pq); string(after) != string(before) {
		t.Error("a failed export changed the file it would have replaced")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// TestWriteCSVAsDuckDBWrites: survey query --format csv prints what
// survey query --out r.csv writes (DuckDB's COPY) for values CSV must
// quote, and for NULL and the empty string, which DuckDB tells apart (an
// empty field and "") and encoding/csv does not.
func TestWriteCSVAsDuckDBWrites(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	const query = `SELECT NULL AS "null", '' AS empty, 'NULL' AS word, 'a,b' AS comma, 'say "hi"' AS quote,
		'two' || chr(10) || 'lines' AS newline, 'cr' || chr(13) AS cr, 42 AS n, 'plain' AS plain, ' lead' AS lead, chr(9) || 'tab' AS tab, '\.' AS dot
		UNION ALL SELECT 'x', NULL, '', NULL, '', NULL, '', NULL, '', 'trail ', NULL, 'é'`
	res, err := queries.Exec(ctx, db, query)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	if err := res.Write(&got, "csv"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.csv")
	if _, err := queries.Export(ctx, db, query, path); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("--format csv:\n%q\nDuckDB's COPY (--out r.csv):\n%q", got.String(), want)
	}
}
