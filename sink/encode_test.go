package sink

import (
	"database/sql"
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
	db := buildOneTable(t, "maps", mapRow{ID: "a", Plain: plain, Named: named})
	var plainKeys, namedKeys, absent, value string
	err := db.QueryRow(`SELECT array_to_string(map_keys(plain), ','), array_to_string(map_keys(named), ','),
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

type textRow struct {
	Domain string `col:"domain" doc:"Repeated across rows."`
	Path   string `col:"path" doc:"Distinct per row."`
}

// TestTextColumn_RepeatedStrings writes rows whose text repeats the same
// string (the same bytes in memory, as one document's rows share their
// domain), interleaved with strings of the same length elsewhere in
// memory, valid and not: every value must read back as itself, with
// U+FFFD for invalid bytes, whatever the row before it held.
func TestTextColumn_RepeatedStrings(t *testing.T) {
	shared := "site-\xff.test" // invalid, shared by most rows
	good := "site-a.test"      // same length, valid
	var rows []textRow
	var want []string
	for i := range 50 {
		d := shared
		switch i % 7 {
		case 3:
			d = strings.Clone(good)
		case 5:
			d = strings.Clone(shared) // equal bytes, other memory
		}
		rows = append(rows, textRow{Domain: d, Path: fmt.Sprintf("/p/%d\xfe", i)})
		want = append(want, strings.ToValidUTF8(d, "\uFFFD")+" "+fmt.Sprintf("/p/%d\uFFFD", i))
	}
	db := buildOneTable(t, "texts", rows...)
	got, err := db.Query(`SELECT domain || ' ' || path FROM texts`)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	var read []string
	for got.Next() {
		var s string
		if err := got.Scan(&s); err != nil {
			t.Fatal(err)
		}
		read = append(read, s)
	}
	slices.Sort(read)
	slices.Sort(want)
	if !slices.Equal(read, want) {
		t.Errorf("read back:\n%q\nwant\n%q", read, want)
	}
}

// buildOneTable writes rows as the one table name of a crawl, commits and
// closes it, and returns the DuckDB database built from it.
func buildOneTable[R any](t *testing.T, name string, rows ...R) *sql.DB {
	t.Helper()
	dir := t.TempDir()
	table := MustTable[R](name, "The table under test.")
	commit := MustTable[commitRow]("marks", "Commit table.")
	w, err := Create(dir, Options{CrawlID: "c", Tables: []Table{table, commit}, CommitTable: "marks"})
	if err != nil {
		t.Fatal(err)
	}
	if err := AppendRows(w, name, rows...); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return openBuilt(t, []string{dir}, []Table{table}, BuildOptions{CommitTable: "marks"})
}
