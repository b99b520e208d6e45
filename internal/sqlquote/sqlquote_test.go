package sqlquote

import (
	"database/sql"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

// DuckDB reads each literal back as the string it was made from.
func TestString(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range []string{"", "/data/out/part.parquet", "it's", "''", `a\b`, "line\nbreak", "é"} {
		var got string
		if err := db.QueryRow("SELECT " + String(s)).Scan(&got); err != nil || got != s {
			t.Errorf("SELECT %s = %q, %v; want %q", String(s), got, err, s)
		}
	}
}
