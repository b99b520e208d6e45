package sink

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Codecs read values through their address: a table's row type is checked
// once, when the table is compiled (NewTable), and every column then knows
// its Go type and its offset in the row, so that appending a row to Arrow
// builders reads each field directly instead of through reflect.Value (a
// third of a part's encoding time went to reflection before). Every
// pointer a codec is given points at a value of the codec's Go type: a
// field of a row held in a slice the Writer owns, or a value reached from
// one (a list element, a pointer's target). A row's address is computed
// from the slice's base and the row's index, never by stepping a pointer,
// which would leave it one past the slice's end after the last row (not a
// valid unsafe.Pointer: the collector may find it in a free span).

// arrowBuilder is the Arrow array builder a codec appends to.
type arrowBuilder = array.Builder

// validText returns s as valid UTF-8: Parquet and DuckDB strings must be
// UTF-8, so invalid bytes are replaced with U+FFFD. Raw bytes belong in
// bodies, which are BLOBs.
func validText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// ValidText returns s as the dataset stores text (invalid UTF-8 bytes
// replaced with U+FFFD). The crawl hands its parsers text as stored, so
// that a reparse of the stored fetches parses the same input.
func ValidText(s string) string { return validText(s) }

// textCache remembers the last string a column checked with validText and
// its result: rows of one document repeat the same string (crawl_id,
// domain, location, the kind of a rule) in the same memory, which is then
// checked once per run of rows rather than once per row.
type textCache struct {
	data *byte
	n    int
	out  string
}

// valid returns validText(s), from the cache when s is the very string
// (same bytes in the same memory) it was last given.
func (c *textCache) valid(s string) string {
	if len(s) == c.n && unsafe.StringData(s) == c.data && c.data != nil {
		return c.out
	}
	c.data, c.n, c.out = unsafe.StringData(s), len(s), validText(s)
	return c.out
}

// errNotJSON is reported when a JSON field does not hold JSON.
var errNotJSON = errors.New("JSON column holds text that is not valid JSON")

func stringCodec() *codec {
	return &codec{
		arrow: arrow.BinaryTypes.String,
		duck:  "VARCHAR",
		text:  true,
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.StringBuilder).Append(validText(*(*string)(p)))
		},
		size: func(p unsafe.Pointer) (int64, error) { return int64(len(*(*string)(p))) + 4, nil },
	}
}

func jsonCodec() *codec {
	return &codec{
		arrow:    arrow.BinaryTypes.String,
		duck:     "JSON",
		nullable: true,
		json:     true,
		put: func(b arrowBuilder, p unsafe.Pointer) {
			s := *(*string)(p)
			if s == "" {
				b.AppendNull()
				return
			}
			b.(*array.StringBuilder).Append(validText(s))
		},
		size: func(p unsafe.Pointer) (int64, error) {
			s := *(*string)(p)
			if s != "" && !json.Valid([]byte(s)) {
				return 0, errNotJSON
			}
			return int64(len(s)) + 4, nil
		},
	}
}

func boolCodec() *codec {
	return &codec{
		arrow: arrow.FixedWidthTypes.Boolean,
		duck:  "BOOLEAN",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.BooleanBuilder).Append(*(*bool)(p))
		},
		size: fixedSize(1),
	}
}

func int32Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Int32,
		duck:  "INTEGER",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.Int32Builder).Append(*(*int32)(p))
		},
		size: fixedSize(4),
	}
}

func int64Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Int64,
		duck:  "BIGINT",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.Int64Builder).Append(*(*int64)(p))
		},
		size: fixedSize(8),
	}
}

func float64Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Float64,
		duck:  "DOUBLE",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.Float64Builder).Append(*(*float64)(p))
		},
		size: fixedSize(8),
	}
}

func timeCodec() *codec {
	return &codec{
		arrow: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"},
		duck:  "TIMESTAMPTZ",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.TimestampBuilder).Append(arrow.Timestamp((*time.Time)(p).UnixMicro()))
		},
		size: fixedSize(8),
	}
}

func bytesCodec() *codec {
	return &codec{
		arrow: arrow.BinaryTypes.Binary,
		duck:  "BLOB",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			b.(*array.BinaryBuilder).Append(*(*[]byte)(p))
		},
		size: func(p unsafe.Pointer) (int64, error) { return int64(len(*(*[]byte)(p))) + 4, nil },
	}
}

func pointerCodec(elem *codec) *codec {
	return &codec{
		arrow:    elem.arrow,
		duck:     elem.duck,
		nullable: true,
		json:     elem.json,
		elem:     elem,
		put: func(b arrowBuilder, p unsafe.Pointer) {
			target := *(*unsafe.Pointer)(p)
			if target == nil {
				b.AppendNull()
				return
			}
			elem.put(b, target)
		},
		size: func(p unsafe.Pointer) (int64, error) {
			target := *(*unsafe.Pointer)(p)
			if target == nil {
				return 1, nil
			}
			n, err := elem.size(target)
			return n + 1, err
		},
	}
}

// listCodec is the codec of a slice whose elements are of elemSize bytes
// and have the codec elem.
func listCodec(elem *codec, elemSize uintptr) *codec {
	return &codec{
		arrow: arrow.ListOfField(arrow.Field{Name: "element", Type: elem.arrow, Nullable: elem.nullable}),
		duck:  elem.duck + "[]",
		elem:  elem,
		put: func(b arrowBuilder, p unsafe.Pointer) {
			lb := b.(*array.ListBuilder)
			lb.Append(true)
			vb := lb.ValueBuilder()
			s := (*sliceHeader)(p)
			for i := range s.len {
				elem.put(vb, unsafe.Add(s.data, uintptr(i)*elemSize))
			}
		},
		size: func(p unsafe.Pointer) (int64, error) {
			total := int64(4)
			s := (*sliceHeader)(p)
			for i := range s.len {
				n, err := elem.size(unsafe.Add(s.data, uintptr(i)*elemSize))
				if err != nil {
					return 0, err
				}
				total += n
			}
			return total, nil
		},
	}
}

// sliceHeader is the memory layout of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// mapCodec is the codec of a map whose keys and values are strings. The
// map's type may be named; its layout is that of map[string]string.
func mapCodec() *codec {
	return &codec{
		arrow: arrow.MapOfFields(
			arrow.Field{Name: "key", Type: arrow.BinaryTypes.String},
			arrow.Field{Name: "value", Type: arrow.BinaryTypes.String, Nullable: true},
		),
		duck: "MAP(VARCHAR, VARCHAR)",
		put: func(b arrowBuilder, p unsafe.Pointer) {
			mb := b.(*array.MapBuilder)
			mb.Append(true)
			kb := mb.KeyBuilder().(*array.StringBuilder)
			ib := mb.ItemBuilder().(*array.StringBuilder)
			m := *(*map[string]string)(p)
			// Sorted keys make parts deterministic.
			for _, k := range slices.Sorted(maps.Keys(m)) {
				kb.Append(validText(k))
				ib.Append(validText(m[k]))
			}
		},
		size: func(p unsafe.Pointer) (int64, error) {
			total := int64(4)
			for k, e := range *(*map[string]string)(p) {
				total += int64(len(k)+len(e)) + 8
			}
			return total, nil
		},
	}
}

func structCodec(fields []field) *codec {
	c := &codec{duck: structDuckType(fields), fields: fields}
	arrowFields := make([]arrow.Field, len(fields))
	for i, f := range fields {
		arrowFields[i] = f.arrowField()
	}
	c.arrow = arrow.StructOf(arrowFields...)
	c.put = func(b arrowBuilder, p unsafe.Pointer) {
		sb := b.(*array.StructBuilder)
		sb.Append(true)
		for i, f := range fields {
			f.codec.put(sb.FieldBuilder(i), unsafe.Add(p, f.offset))
		}
	}
	c.size = func(p unsafe.Pointer) (int64, error) { return sizeFields(fields, p) }
	return c
}

// sizeFields returns the estimated size of the fields of the struct at p.
func sizeFields(fields []field, p unsafe.Pointer) (int64, error) {
	var total int64
	for _, f := range fields {
		n, err := f.codec.size(unsafe.Add(p, f.offset))
		if err != nil {
			return 0, fmt.Errorf("column %s: %w", f.name, err)
		}
		total += n
	}
	return total, nil
}

// measureFields returns the estimated size of the fields of struct value
// v, whose type is the one fields were compiled from, or an error when v
// cannot be written.
func measureFields(fields []field, v reflect.Value) (int64, error) {
	return sizeFields(fields, valuePointer(v))
}

// sizeRows returns the estimated size of rows, a slice of the row type of
// the table whose columns are fields, or an error naming the first row
// that cannot be written.
func sizeRows(fields []field, rows reflect.Value) (int64, error) {
	n := rows.Len()
	if n == 0 {
		return 0, nil
	}
	base, stride := rows.UnsafePointer(), rows.Type().Elem().Size()
	var total int64
	for i := range n {
		s, err := sizeFields(fields, unsafe.Add(base, uintptr(i)*stride))
		if err != nil {
			return 0, fmt.Errorf("row %d: %w", i, err)
		}
		total += s
	}
	return total, nil
}

// valuePointer returns the address of v's value: v's own when v is
// addressable (an element of a slice), else that of a copy.
func valuePointer(v reflect.Value) unsafe.Pointer {
	if v.CanAddr() {
		return v.Addr().UnsafePointer()
	}
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.UnsafePointer()
}

// appendRecord appends the first n rows of rows, a slice of the row type of
// the table whose columns are fields, to the record builder's columns, one
// column at a time.
func appendRecord(rb *array.RecordBuilder, fields []field, rows reflect.Value, n int) {
	if n == 0 {
		return
	}
	base := rows.UnsafePointer()
	stride := rows.Type().Elem().Size()
	for i, f := range fields {
		b := rb.Field(i)
		if f.codec.text {
			appendText(b.(*array.StringBuilder), base, stride, f.offset, n)
			continue
		}
		for r := range n {
			f.codec.put(b, unsafe.Add(base, uintptr(r)*stride+f.offset))
		}
	}
}

// appendText appends a text column of n rows: the string at offset in
// each row of stride bytes from base. It first reserves the column's
// bytes, so that each string is copied once instead of the column's
// buffer growing by doubling.
func appendText(sb *array.StringBuilder, base unsafe.Pointer, stride, offset uintptr, n int) {
	total := 0
	for r := range n {
		total += len(*(*string)(unsafe.Add(base, uintptr(r)*stride+offset)))
	}
	sb.ReserveData(total)
	var cache textCache
	for r := range n {
		sb.Append(cache.valid(*(*string)(unsafe.Add(base, uintptr(r)*stride+offset))))
	}
}

func fixedSize(n int64) func(unsafe.Pointer) (int64, error) {
	return func(unsafe.Pointer) (int64, error) { return n, nil }
}
