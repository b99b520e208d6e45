package sink

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// SchemaVersion is the version of the dataset's schema. It is recorded in
// every Parquet part's metadata and in the database's schema_info table. It
// changes only when a column changes meaning or type; adding a table or a
// column keeps it.
const SchemaVersion = 1

// A Table is one table of the dataset: a name, a description and the Go
// struct type of its rows. Build tables with NewTable or MustTable: they
// check the row type once and derive the Arrow schema and DuckDB types.
//
// Every exported field of the row type is a column, named by its `col` tag
// and described by its `doc` tag. Field types map as follows:
//
//	string                VARCHAR      utf8
//	JSON                  JSON         utf8 (nullable: "" is NULL)
//	bool                  BOOLEAN      bool
//	int32                 INTEGER      int32
//	int64                 BIGINT       int64
//	float64               DOUBLE       float64
//	time.Time             TIMESTAMPTZ  timestamp[us, UTC]
//	[]byte                BLOB         binary
//	*T                    T, nullable
//	[]T                   T[]          list<T>
//	struct                STRUCT(...)  struct<...>
//	map[string]string     MAP(VARCHAR, VARCHAR)  map<utf8, utf8>
//
// Only pointers (and JSON) are nullable: a nil slice or map is written as an
// empty list or map. Any other field type is an error when the table is
// constructed. Fields tagged `col:"-"` and unexported fields are skipped.
type Table struct {
	// Name is the table's name: lower case letters, digits and underscores.
	Name string
	// Doc describes what one row of the table is.
	Doc string
	// Row is the struct type of the table's rows.
	Row reflect.Type
	// Key lists the columns that identify a row, when rows may repeat
	// across parts (bodies, crawls). Build keeps one row per key: the one
	// written last. Empty means rows are not expected to repeat.
	Key []string
	// Unique lists the columns whose values no two rows of the database
	// share, which join the table to the others (targets: crawl_id and
	// domain); empty when no set of columns does (diagnostics). A table
	// with a Key is unique on it.
	Unique []string
	// Stored, when set, names the database table the parts are loaded
	// into, and the database's table Name is then the view View over it
	// (and over other tables): rows the parts do not repeat are derived.
	Stored string
	// View is the SELECT that the database's Name is, when Stored is set.
	View string
	// ViewReads are the tables and views View reads, by their database
	// names.
	ViewReads []string
	// Upgrade are statements the build runs once every table is filled,
	// before it creates the views: they bring rows that parts written by
	// an earlier survey hold in an earlier form to the current one.
	Upgrade []string

	codec *codec
}

// DatabaseTable returns the name of the database table t's parts are
// loaded into: Stored when set, else Name.
func (t Table) DatabaseTable() string {
	if t.Stored != "" {
		return t.Stored
	}
	return t.Name
}

// Derived returns t with its parts loaded into the database table stored,
// the database's Name the view view, which reads the tables reads, and the
// statements upgrade run before the view is created (see Table.Upgrade).
// Like MustTable, it is meant for the static table list.
func (t Table) Derived(stored, view string, reads []string, upgrade ...string) Table {
	t.Stored, t.View, t.ViewReads, t.Upgrade = stored, view, reads, upgrade
	return t
}

// Identified returns t with its rows identified by the columns cols (see
// Table.Unique). Like MustTable, it is meant for the static table list: it
// panics when a column is not one of t's.
func (t Table) Identified(cols ...string) Table {
	for _, c := range cols {
		if !slices.ContainsFunc(t.Columns(), func(tc Column) bool { return tc.Name == c }) {
			panic(fmt.Sprintf("sink: table %s: identifying column %q is not a column", t.Name, c))
		}
	}
	t.Unique = cols
	return t
}

// Column describes one column of a table, or one field nested in a column.
type Column struct {
	// Name is the column's name (the field's `col` tag).
	Name string
	// Type is the column's DuckDB type, e.g. VARCHAR, TIMESTAMPTZ,
	// STRUCT("url" VARCHAR, "status" INTEGER)[].
	Type string
	// Nullable reports whether the column may hold NULL.
	Nullable bool
	// Doc is the column's description (the field's `doc` tag).
	Doc string
	// Fields are the fields of a STRUCT column, or of the STRUCT elements
	// of a LIST column; nil otherwise.
	Fields []Column
}

// NewTable returns the table named name whose rows are values of the struct
// type T, with its description and optional key columns. It reports an error
// when T is not a struct, when a field's type is not supported, when a
// field lacks a `col` tag, or when names are malformed or repeated.
func NewTable[T any](name, doc string, key ...string) (Table, error) {
	t := Table{Name: name, Doc: doc, Row: reflect.TypeFor[T](), Key: key}
	return t.compiled()
}

// MustTable is like NewTable but panics on error. It is meant for the
// static table list in tables.go, where an error is a programming mistake.
func MustTable[T any](name, doc string, key ...string) Table {
	t, err := NewTable[T](name, doc, key...)
	if err != nil {
		panic(err)
	}
	return t
}

// Schema returns the table's Arrow schema. It is nil for a Table that was
// not built by NewTable or MustTable.
func (t Table) Schema() *arrow.Schema {
	if t.codec == nil {
		return nil
	}
	return t.codec.schema
}

// Columns returns the table's columns in order. It is nil for a Table that
// was not built by NewTable or MustTable.
func (t Table) Columns() []Column {
	if t.codec == nil {
		return nil
	}
	return columnsOf(t.codec.fields)
}

func columnsOf(fields []field) []Column {
	cols := make([]Column, len(fields))
	for i, f := range fields {
		cols[i] = Column{Name: f.name, Type: f.codec.duck, Nullable: f.codec.nullable, Doc: f.doc}
		if sub := f.codec.structFields(); sub != nil {
			cols[i].Fields = columnsOf(sub)
		}
	}
	return cols
}

// compiled returns t with its codec, checking it if it has none yet.
func (t Table) compiled() (Table, error) {
	if t.codec != nil {
		return t, nil
	}
	if !validName(t.Name) {
		return Table{}, fmt.Errorf("sink: table name %q is not lower-case letters, digits and underscores", t.Name)
	}
	if t.Row == nil || t.Row.Kind() != reflect.Struct {
		return Table{}, fmt.Errorf("sink: table %s: row type %v is not a struct", t.Name, t.Row)
	}
	rc, err := compileStruct(t.Row)
	if err != nil {
		return Table{}, fmt.Errorf("sink: table %s: %w", t.Name, err)
	}
	for _, k := range t.Key {
		if !slices.ContainsFunc(rc.fields, func(f field) bool { return f.name == k }) {
			return Table{}, fmt.Errorf("sink: table %s: key column %q is not a column", t.Name, k)
		}
	}

	if len(t.Key) > 0 && slices.ContainsFunc(rc.fields, func(f field) bool {
		return f.name == "filename" || f.name == "file_row_number"
	}) {
		// Build orders a key's rows by these columns of read_parquet.
		return Table{}, fmt.Errorf("sink: table %s: a table with a key cannot have a column filename or file_row_number", t.Name)
	}
	arrowFields := make([]arrow.Field, len(rc.fields))
	for i, f := range rc.fields {
		arrowFields[i] = f.arrowField()
	}
	meta := arrow.NewMetadata(
		[]string{"survey.table", "survey.schema_version"},
		[]string{t.Name, fmt.Sprint(SchemaVersion)},
	)
	rc.schema = arrow.NewSchema(arrowFields, &meta)
	t.codec = rc
	return t, nil
}

// validName reports whether s is a lower-case identifier usable unquoted as
// a table or column name and as a directory name.
func validName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// A field is one column of a struct: its name, description, position and
// offset in the Go struct, and codec.
type field struct {
	name   string
	doc    string
	index  int
	offset uintptr
	codec  *codec
}

func (f field) arrowField() arrow.Field {
	return arrow.Field{Name: f.name, Type: f.codec.arrow, Nullable: f.codec.nullable}
}

// A codec knows one Go type's Arrow and DuckDB types and how to append its
// values to an Arrow builder.
type codec struct {
	arrow    arrow.DataType
	duck     string
	nullable bool
	json     bool    // holds JSON text: cast to JSON in DuckDB
	text     bool    // a plain string (VARCHAR, never NULL)
	fields   []field // struct fields, for a struct
	elem     *codec  // element, for a pointer or a list

	// put appends the value at p to b, which is a builder of type arrow.
	// p points at a value of the Go type the codec was compiled from.
	put func(b arrowBuilder, p unsafe.Pointer)
	// size returns the estimated encoded size of the value at p in bytes,
	// or an error when it cannot be written (JSON that is not JSON).
	size func(p unsafe.Pointer) (int64, error)

	schema *arrow.Schema // for a table's row codec only
}

// structFields returns the fields of a struct codec, looking through
// pointers and lists; nil when there are none.
func (c *codec) structFields() []field {
	for c != nil {
		if c.fields != nil {
			return c.fields
		}
		c = c.elem
	}
	return nil
}

// compile returns the codec for values of type t.
func compile(t reflect.Type) (*codec, error) {
	switch {
	case t == reflect.TypeFor[JSON]():
		return jsonCodec(), nil
	case t == reflect.TypeFor[time.Time]():
		return timeCodec(), nil
	}
	switch t.Kind() {
	case reflect.String:
		return stringCodec(), nil
	case reflect.Bool:
		return boolCodec(), nil
	case reflect.Int32:
		return int32Codec(), nil
	case reflect.Int64:
		return int64Codec(), nil
	case reflect.Float64:
		return float64Codec(), nil
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Pointer {
			return nil, fmt.Errorf("pointer to pointer %v is not supported", t)
		}
		elem, err := compile(t.Elem())
		if err != nil {
			return nil, err
		}
		if elem.nullable {
			return nil, fmt.Errorf("pointer to nullable type %v is not supported", t)
		}
		return pointerCodec(elem), nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return bytesCodec(), nil
		}
		elem, err := compile(t.Elem())
		if err != nil {
			return nil, err
		}
		return listCodec(elem, t.Elem().Size()), nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String || t.Elem().Kind() != reflect.String {
			return nil, fmt.Errorf("map type %v is not supported (only map[string]string)", t)
		}
		return mapCodec(), nil
	case reflect.Struct:
		return compileStruct(t)
	}
	return nil, fmt.Errorf("type %v is not supported", t)
}

// compileStruct returns the codec of a struct type from its tagged fields.
func compileStruct(t reflect.Type) (*codec, error) {
	var fields []field
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, tagged := sf.Tag.Lookup("col")
		if name == "-" {
			continue
		}
		if sf.Anonymous {
			return nil, fmt.Errorf("embedded field %s.%s is not supported", t.Name(), sf.Name)
		}
		if !tagged {
			return nil, fmt.Errorf("field %s.%s has no col tag", t.Name(), sf.Name)
		}
		if !validName(name) {
			return nil, fmt.Errorf("field %s.%s: column name %q is not lower-case letters, digits and underscores", t.Name(), sf.Name, name)
		}
		if seen[name] {
			return nil, fmt.Errorf("field %s.%s: column name %q is used twice", t.Name(), sf.Name, name)
		}
		seen[name] = true
		c, err := compile(sf.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s.%s: %w", t.Name(), sf.Name, err)
		}
		fields = append(fields, field{name: name, doc: sf.Tag.Get("doc"), index: i, offset: sf.Offset, codec: c})
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("struct %v has no columns", t)
	}
	return structCodec(fields), nil
}

// structDuckType returns the DuckDB STRUCT type of fields.
func structDuckType(fields []field) string {
	var b strings.Builder
	b.WriteString("STRUCT(")
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteIdent(f.name))
		b.WriteByte(' ')
		b.WriteString(f.codec.duck)
	}
	b.WriteByte(')')
	return b.String()
}

// quoteIdent quotes a DuckDB identifier.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
