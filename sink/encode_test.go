package sink

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// labels is a named map type: the map codec takes any map of strings to
// strings, not only map[string]string.
type labels map[string]string

type mapRow struct {
	ID     string            `col:"id" doc:"Identifier."`
	Plain  map[string]string `col:"plain" doc:"A map[string]string."`
	Named  labels            `col:"named" doc:"A named map type."`
	Absent map[string]string `col:"absent" doc:"Always nil."`
}

// TestMapCodec_SortedKeys writes maps of both kinds and reads the Parquet
// back through DuckDB: every entry is there, the keys in byte order (so
// that two crawls of the same web write the same parts), and a nil map is
// an empty map.
func TestMapCodec_SortedKeys(t *testing.T) {
	plain, named := map[string]string{}, labels{}
	for i := range 40 {
		plain[fmt.Sprintf("k%02d", 39-i)] = fmt.Sprint(i)
		named[fmt.Sprintf("n%02d", i)] = "bad \xff byte"
	}
	dir := t.TempDir()
	table := MustTable[mapRow]("maps", "Maps.")
	commit := MustTable[commitRow]("marks", "Commit table.")
	w, err := Create(dir, Options{CrawlID: "c", Tables: []Table{table, commit}, CommitTable: "marks"})
	if err != nil {
		t.Fatal(err)
	}
	if err := AppendRows(w, "maps", mapRow{ID: "a", Plain: plain, Named: named}); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db := openBuilt(t, []string{dir}, []Table{table}, BuildOptions{CommitTable: "marks"})
	var plainKeys, namedKeys, absent, value string
	err = db.QueryRow(`SELECT array_to_string(map_keys(plain), ','), array_to_string(map_keys(named), ','),
		cardinality(absent)::VARCHAR, named['n07'] FROM maps`).Scan(&plainKeys, &namedKeys, &absent, &value)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := plainKeys, strings.Join(slices.Sorted(maps.Keys(plain)), ","); got != want {
		t.Errorf("map[string]string keys:\n got %s\nwant %s", got, want)
	}
	if got, want := namedKeys, strings.Join(slices.Sorted(maps.Keys(named)), ","); got != want {
		t.Errorf("named map keys:\n got %s\nwant %s", got, want)
	}
	if absent != "0" {
		t.Errorf("nil map has %s entries, want 0", absent)
	}
	if value != "bad \uFFFD byte" {
		t.Errorf("value with an invalid byte read back as %q", value)
	}
}
