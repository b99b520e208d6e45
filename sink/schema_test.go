package sink

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTables_V1 checks schema v1's tables, in order.
func TestTables_V1(t *testing.T) {
	var names []string
	for _, table := range Tables() {
		names = append(names, table.Name)
		if table.Schema() == nil || len(table.Columns()) == 0 {
			t.Errorf("%s has no schema", table.Name)
		}
	}
	want := []string{"crawls", "targets", "fetches", "bodies", "documents", "diagnostics",
		"robots_groups", "robots_rules", "robots_preferences", "ai_stance", "ai_stance_default", "ai_crawlers", "ai_txt_media",
		"agents_txt", "agents_txt_directives", "agents_md", "agents_md_paths",
		"agent_feeds", "agent_feed_entries", "did_documents", "agent_cards", "autoctl_groups",
		"llms_txt", "llms_txt_links", "tdmrep_rules", "home_signals"}
	if !slices.Equal(names, want) {
		t.Errorf("Tables() = %q, want %q", names, want)
	}
	if SchemaVersion != 1 {
		t.Errorf("SchemaVersion = %d", SchemaVersion)
	}
}

type inner struct {
	Name  string `col:"name" doc:"Name."`
	Extra JSON   `col:"extra" doc:"JSON in a struct."`
}

// everyType has a field of every supported kind, nested.
type everyType struct {
	S       string            `col:"s" doc:"d"`
	J       JSON              `col:"j" doc:"d"`
	B       bool              `col:"b" doc:"d"`
	I32     int32             `col:"i32" doc:"d"`
	I64     int64             `col:"i64" doc:"d"`
	F       float64           `col:"f" doc:"d"`
	T       time.Time         `col:"t" doc:"d"`
	Blob    []byte            `col:"blob" doc:"d"`
	PS      *string           `col:"ps" doc:"d"`
	PT      *time.Time        `col:"pt" doc:"d"`
	PBlob   *[]byte           `col:"pblob" doc:"d"`
	List    []int64           `col:"list" doc:"d"`
	PList   []*int32          `col:"plist" doc:"d"`
	Nested  [][]string        `col:"nested" doc:"d"`
	Struct  inner             `col:"struct" doc:"d"`
	PStruct *inner            `col:"pstruct" doc:"d"`
	Structs []inner           `col:"structs" doc:"d"`
	Map     map[string]string `col:"map" doc:"d"`
	Skipped string            `col:"-"`
	//lint:ignore U1000 an unexported field, which NewTable must skip
	internal int
}

// TestNewTable_TypeMapping checks the Arrow and DuckDB type of every
// supported field type.
func TestNewTable_TypeMapping(t *testing.T) {
	table, err := NewTable[everyType]("every", "Every type.")
	if err != nil {
		t.Fatal(err)
	}
	var gotDuck []string
	for _, c := range table.Columns() {
		null := ""
		if c.Nullable {
			null = " NULL"
		}
		gotDuck = append(gotDuck, c.Name+" "+c.Type+null)
	}
	wantDuck := []string{
		"s VARCHAR", "j JSON NULL", "b BOOLEAN", "i32 INTEGER", "i64 BIGINT", "f DOUBLE",
		"t TIMESTAMPTZ", "blob BLOB", "ps VARCHAR NULL", "pt TIMESTAMPTZ NULL", "pblob BLOB NULL",
		"list BIGINT[]", "plist INTEGER[]", "nested VARCHAR[][]",
		`struct STRUCT("name" VARCHAR, "extra" JSON)`,
		`pstruct STRUCT("name" VARCHAR, "extra" JSON) NULL`,
		`structs STRUCT("name" VARCHAR, "extra" JSON)[]`,
		"map MAP(VARCHAR, VARCHAR)",
	}
	if !slices.Equal(gotDuck, wantDuck) {
		t.Errorf("DuckDB columns:\ngot  %q\nwant %q", gotDuck, wantDuck)
	}
	var gotArrow []string
	for _, f := range table.Schema().Fields() {
		gotArrow = append(gotArrow, f.String())
	}
	wantArrow := []string{
		"s: type=utf8", "j: type=utf8, nullable", "b: type=bool", "i32: type=int32", "i64: type=int64",
		"f: type=float64", "t: type=timestamp[us, tz=UTC]", "blob: type=binary",
		"ps: type=utf8, nullable", "pt: type=timestamp[us, tz=UTC], nullable", "pblob: type=binary, nullable",
		"list: type=list<element: int64>", "plist: type=list<element: int32, nullable>",
		"nested: type=list<element: list<element: utf8>>",
		"struct: type=struct<name: utf8, extra: utf8 nullable>",
		"pstruct: type=struct<name: utf8, extra: utf8 nullable>, nullable",
		"structs: type=list<element: struct<name: utf8, extra: utf8 nullable>>",
		"map: type=map<utf8, utf8, items_nullable>",
	}
	if !slices.Equal(gotArrow, wantArrow) {
		t.Errorf("Arrow fields:\ngot  %q\nwant %q", gotArrow, wantArrow)
	}
	if md := table.Schema().Metadata(); md.FindKey("survey.schema_version") < 0 {
		t.Errorf("schema metadata %v lacks survey.schema_version", md)
	}
}

// TestNewTable_RoundTripEveryType writes every supported type through the
// writer and reads it back from the built database.
func TestNewTable_RoundTripEveryType(t *testing.T) {
	table := MustTable[everyType]("every", "Every type.")
	commit := MustTable[commitRow]("marks", "Commit table.")
	t0 := time.Date(1999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("X", -3600))
	rows := []everyType{{}, {
		S: "ünï\x00cødé", J: `[1, "two", {"three": 3}]`, B: true, I32: -2147483648, I64: 9223372036854775807,
		F: -0.5, T: t0, Blob: []byte{0, 1, 2}, PS: ptr(""), PT: &t0, PBlob: &[]byte{},
		List: []int64{1, -1}, PList: []*int32{ptr(int32(5)), nil}, Nested: [][]string{{"a"}, {}, nil},
		Struct: inner{Name: "n", Extra: `{"x": null}`}, PStruct: &inner{Name: "p"},
		Structs: []inner{{Name: "s1"}, {Name: "s2", Extra: `true`}},
		Map:     map[string]string{"b": "2", "a": "1", "": ""},
	}}
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c", Tables: []Table{table, commit}, CommitTable: "marks"})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append("every", rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(t.TempDir(), "e.duckdb")
	if err := Build(context.Background(), dbPath, []string{dir}, []Table{table}, BuildOptions{CommitTable: "marks"}); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM every")
	compareRows(t, "every", got, expectedRows(t, table, rows))
}

type (
	withInt struct {
		A int `col:"a" doc:"d"`
	}
	withUint struct {
		A uint32 `col:"a" doc:"d"`
	}
	withFloat32 struct {
		A float32 `col:"a" doc:"d"`
	}
	withIntMap struct {
		A map[string]int `col:"a" doc:"d"`
	}
	withPtrPtr struct {
		A **string `col:"a" doc:"d"`
	}
	withPtrJSON struct {
		A *JSON `col:"a" doc:"d"`
	}
	withInterface struct {
		A any `col:"a" doc:"d"`
	}
	withNoTag   struct{ A string }
	withBadName struct {
		A string `col:"A" doc:"d"`
	}
	withDupName struct {
		A string `col:"a" doc:"d"`
		B string `col:"a" doc:"d"`
	}
	// EmbeddedPart is exported so that embedding it is an exported field.
	EmbeddedPart struct {
		X string `col:"x" doc:"d"`
	}
	withEmbedded struct {
		EmbeddedPart
	}
	//lint:ignore U1000 a struct whose only field is unexported has no columns
	withNoColumns struct{ a string }
	withBadNested struct {
		A []withInt `col:"a" doc:"d"`
	}
	withFilename struct {
		ID       string `col:"id" doc:"d"`
		Filename string `col:"filename" doc:"d"`
	}
)

// TestNewTable_Errors checks that unsupported types and malformed names
// are errors when the table is constructed.
func TestNewTable_Errors(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"int", second(NewTable[withInt]("t", "d")), "type int is not supported"},
		{"uint32", second(NewTable[withUint]("t", "d")), "type uint32 is not supported"},
		{"float32", second(NewTable[withFloat32]("t", "d")), "type float32 is not supported"},
		{"map", second(NewTable[withIntMap]("t", "d")), "only map[string]string"},
		{"pointer to pointer", second(NewTable[withPtrPtr]("t", "d")), "pointer to pointer"},
		{"pointer to JSON", second(NewTable[withPtrJSON]("t", "d")), "pointer to nullable type"},
		{"interface", second(NewTable[withInterface]("t", "d")), "is not supported"},
		{"no col tag", second(NewTable[withNoTag]("t", "d")), "has no col tag"},
		{"bad column name", second(NewTable[withBadName]("t", "d")), `column name "A"`},
		{"duplicate column", second(NewTable[withDupName]("t", "d")), "used twice"},
		{"embedded", second(NewTable[withEmbedded]("t", "d")), "embedded field"},
		{"no columns", second(NewTable[withNoColumns]("t", "d")), "has no columns"},
		{"nested", second(NewTable[withBadNested]("t", "d")), "field withBadNested.A: field withInt.A: type int"},
		{"not a struct", second(NewTable[string]("t", "d")), "is not a struct"},
		{"bad table name", second(NewTable[rowV1]("Things", "d")), `table name "Things"`},
		{"bad key", second(NewTable[rowV1]("t", "d", "nope")), `key column "nope"`},
		{"key and filename", second(NewTable[withFilename]("t", "d", "id")), "cannot have a column filename"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, tc.err, tc.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MustTable of an unsupported type did not panic")
		}
	}()
	MustTable[withInt]("t", "d")
}

func second[T any](_ T, err error) error { return err }

// TestCreate_CompilesLiteralTables accepts a Table built as a literal,
// checking it when the Writer is created.
func TestCreate_CompilesLiteralTables(t *testing.T) {
	lit := Table{Name: "things", Doc: "d", Row: reflect.TypeFor[rowV1]()}
	if lit.Schema() != nil || lit.Columns() != nil {
		t.Error("a literal Table has a schema before it is checked")
	}
	commit := Table{Name: "marks", Doc: "d", Row: reflect.TypeFor[commitRow]()}
	w, err := Create(t.TempDir(), Options{CrawlID: "c", Tables: []Table{lit, commit}, CommitTable: "marks"})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append("things", rowV1{ID: "x"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	bad := Table{Name: "bad", Doc: "d", Row: reflect.TypeFor[withInt]()}
	if _, err := Create(t.TempDir(), Options{CrawlID: "c", Tables: []Table{bad, commit}, CommitTable: "marks"}); err == nil {
		t.Error("Create accepted a table with an unsupported field type")
	}
}

// TestParsePart checks part and temporary file names.
func TestParsePart(t *testing.T) {
	for _, tc := range []struct {
		name     string
		token    string
		seq      int
		temp, ok bool
	}{
		{"part-0of1-00000001.parquet", "0of1", 1, false, true},
		{"part-12of64-12345678.parquet", "12of64", 12345678, false, true},
		{"part-0of1-123456789.parquet", "0of1", 123456789, false, true},
		{".part-3of4-00000002.parquet.1234567.tmp", "3of4", 2, true, true},
		{"part-0of1-.parquet", "", 0, false, false},
		{"part--00000001.parquet", "", 0, false, false},
		{"part-0of1-0000x001.parquet", "", 0, false, false},
		{"part-0of1-00000001.parquet.tmp", "", 0, false, false},
		{".part-0of1-00000001.tmp", "", 0, false, false},
		{"data.parquet", "", 0, false, false},
		{"part-0of1-99999999999999999999999.parquet", "", 0, false, false},
	} {
		token, seq, temp, ok := parsePart(tc.name)
		if token != tc.token || seq != tc.seq || temp != tc.temp || ok != tc.ok {
			t.Errorf("parsePart(%q) = %q, %d, %v, %v; want %q, %d, %v, %v",
				tc.name, token, seq, temp, ok, tc.token, tc.seq, tc.temp, tc.ok)
		}
	}
	if got := partName("0of1", 7); got != "part-0of1-00000007.parquet" {
		t.Errorf("partName = %q", got)
	}
}

// FuzzParsePart checks that parsePart never panics and that every name it
// accepts as a part is the name partName gives, up to zero padding.
func FuzzParsePart(f *testing.F) {
	for _, s := range []string{"part-0of1-00000001.parquet", ".part-0of1-00000001.parquet.9.tmp", "part--.parquet", "", "part-", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		token, seq, temp, ok := parsePart(name)
		if !ok {
			return
		}
		if seq < 0 || token == "" {
			t.Fatalf("parsePart(%q) = %q, %d", name, token, seq)
		}
		if !temp {
			again, seq2, _, ok2 := parsePart(partName(token, seq))
			if !ok2 || again != token || seq2 != seq {
				t.Fatalf("partName(%q, %d) does not parse back", token, seq)
			}
		}
	})
}
