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

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

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

// errNotJSON is reported when a JSON field does not hold JSON.
var errNotJSON = errors.New("JSON column holds text that is not valid JSON")

func stringCodec() *codec {
	return &codec{
		arrow: arrow.BinaryTypes.String,
		duck:  "VARCHAR",
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.StringBuilder).Append(validText(v.String()))
		},
		measure: func(v reflect.Value) (int64, error) { return int64(v.Len()) + 4, nil },
	}
}

func jsonCodec() *codec {
	return &codec{
		arrow:    arrow.BinaryTypes.String,
		duck:     "JSON",
		nullable: true,
		json:     true,
		append: func(b arrowBuilder, v reflect.Value) {
			s := v.String()
			if s == "" {
				b.AppendNull()
				return
			}
			b.(*array.StringBuilder).Append(validText(s))
		},
		measure: func(v reflect.Value) (int64, error) {
			s := v.String()
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
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.BooleanBuilder).Append(v.Bool())
		},
		measure: fixedSize(1),
	}
}

func int32Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Int32,
		duck:  "INTEGER",
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.Int32Builder).Append(int32(v.Int()))
		},
		measure: fixedSize(4),
	}
}

func int64Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Int64,
		duck:  "BIGINT",
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.Int64Builder).Append(v.Int())
		},
		measure: fixedSize(8),
	}
}

func float64Codec() *codec {
	return &codec{
		arrow: arrow.PrimitiveTypes.Float64,
		duck:  "DOUBLE",
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.Float64Builder).Append(v.Float())
		},
		measure: fixedSize(8),
	}
}

func timeCodec() *codec {
	return &codec{
		arrow: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"},
		duck:  "TIMESTAMPTZ",
		append: func(b arrowBuilder, v reflect.Value) {
			// TypeAssert, unlike Interface, does not box the value.
			t, _ := reflect.TypeAssert[time.Time](v)
			b.(*array.TimestampBuilder).Append(arrow.Timestamp(t.UnixMicro()))
		},
		measure: fixedSize(8),
	}
}

func bytesCodec() *codec {
	return &codec{
		arrow: arrow.BinaryTypes.Binary,
		duck:  "BLOB",
		append: func(b arrowBuilder, v reflect.Value) {
			b.(*array.BinaryBuilder).Append(v.Bytes())
		},
		measure: func(v reflect.Value) (int64, error) { return int64(v.Len()) + 4, nil },
	}
}

func pointerCodec(elem *codec) *codec {
	return &codec{
		arrow:    elem.arrow,
		duck:     elem.duck,
		nullable: true,
		json:     elem.json,
		elem:     elem,
		append: func(b arrowBuilder, v reflect.Value) {
			if v.IsNil() {
				b.AppendNull()
				return
			}
			elem.append(b, v.Elem())
		},
		measure: func(v reflect.Value) (int64, error) {
			if v.IsNil() {
				return 1, nil
			}
			n, err := elem.measure(v.Elem())
			return n + 1, err
		},
	}
}

func listCodec(elem *codec) *codec {
	return &codec{
		arrow: arrow.ListOfField(arrow.Field{Name: "element", Type: elem.arrow, Nullable: elem.nullable}),
		duck:  elem.duck + "[]",
		elem:  elem,
		append: func(b arrowBuilder, v reflect.Value) {
			lb := b.(*array.ListBuilder)
			lb.Append(true)
			vb := lb.ValueBuilder()
			for i := range v.Len() {
				elem.append(vb, v.Index(i))
			}
		},
		measure: func(v reflect.Value) (int64, error) {
			total := int64(4)
			for i := range v.Len() {
				n, err := elem.measure(v.Index(i))
				if err != nil {
					return 0, err
				}
				total += n
			}
			return total, nil
		},
	}
}

func mapCodec() *codec {
	return &codec{
		arrow: arrow.MapOfFields(
			arrow.Field{Name: "key", Type: arrow.BinaryTypes.String},
			arrow.Field{Name: "value", Type: arrow.BinaryTypes.String, Nullable: true},
		),
		duck: "MAP(VARCHAR, VARCHAR)",
		append: func(b arrowBuilder, v reflect.Value) {
			mb := b.(*array.MapBuilder)
			mb.Append(true)
			kb := mb.KeyBuilder().(*array.StringBuilder)
			ib := mb.ItemBuilder().(*array.StringBuilder)
			m := stringMap(v)
			// Sorted keys make parts deterministic.
			for _, k := range slices.Sorted(maps.Keys(m)) {
				kb.Append(validText(k))
				ib.Append(validText(m[k]))
			}
		},
		measure: func(v reflect.Value) (int64, error) {
			total := int64(4)
			for k, e := range stringMap(v) {
				total += int64(len(k)+len(e)) + 8
			}
			return total, nil
		},
	}
}

// stringMap returns v, a map whose keys and values are strings (compile
// accepts no other), as a map[string]string, without reflect's per-entry
// iteration.
func stringMap(v reflect.Value) map[string]string {
	if m, ok := reflect.TypeAssert[map[string]string](v); ok {
		return m
	}
	return v.Convert(reflect.TypeFor[map[string]string]()).Interface().(map[string]string)
}

func structCodec(fields []field) *codec {
	c := &codec{duck: structDuckType(fields), fields: fields}
	arrowFields := make([]arrow.Field, len(fields))
	for i, f := range fields {
		arrowFields[i] = f.arrowField()
	}
	c.arrow = arrow.StructOf(arrowFields...)
	c.append = func(b arrowBuilder, v reflect.Value) {
		sb := b.(*array.StructBuilder)
		sb.Append(true)
		for i, f := range fields {
			f.codec.append(sb.FieldBuilder(i), v.Field(f.index))
		}
	}
	c.measure = func(v reflect.Value) (int64, error) { return measureFields(fields, v) }
	return c
}

// measureFields returns the estimated size of the fields of struct value v.
func measureFields(fields []field, v reflect.Value) (int64, error) {
	var total int64
	for _, f := range fields {
		n, err := f.codec.measure(v.Field(f.index))
		if err != nil {
			return 0, fmt.Errorf("column %s: %w", f.name, err)
		}
		total += n
	}
	return total, nil
}

// appendRow appends one row, a struct value of the table's row type, to
// the record builder's columns.
func (c *codec) appendRow(rb *array.RecordBuilder, v reflect.Value) {
	for i, f := range c.fields {
		f.codec.append(rb.Field(i), v.Field(f.index))
	}
}

func fixedSize(n int64) func(reflect.Value) (int64, error) {
	return func(reflect.Value) (int64, error) { return n, nil }
}

// reserveText reserves, in each top-level text column of rb, room for the
// bytes of the first n rows, so that appending them copies each string
// once instead of growing the column's data buffer by doubling.
func reserveText(rb *array.RecordBuilder, fields []field, rows reflect.Value, n int) {
	row := rows.Type().Elem()
	for i, f := range fields {
		if row.Field(f.index).Type.Kind() != reflect.String {
			continue
		}
		sb, ok := rb.Field(i).(*array.StringBuilder)
		if !ok {
			continue
		}
		total := 0
		for r := range n {
			total += rows.Index(r).Field(f.index).Len()
		}
		sb.ReserveData(total)
	}
}
