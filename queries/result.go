package queries

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"
)

// Result is the outcome of a query: column names and rows of values as the
// DuckDB driver returns them.
type Result struct {
	Columns []string
	Rows    [][]any
}

// Exec runs sql on db and reads every row.
func Exec(ctx context.Context, db *sql.DB, query string, args ...any) (*Result, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return execConn(ctx, conn, query, args...)
}

func execConn(ctx context.Context, conn *sql.Conn, query string, args ...any) (*Result, error) {
	rows, err := conn.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: cols}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		res.Rows = append(res.Rows, vals)
	}
	return res, rows.Err()
}

// FormatNames lists the output formats of Write.
func FormatNames() []string { return []string{"table", "csv", "json", "markdown"} }

// Write writes the result in a format: "table" (aligned columns, each
// value on one line and cut at MaxTableCell characters), "csv" (RFC 4180
// with a header; NULL an empty field, an empty string ""), "json" (an array of objects, their keys in the order of
// the columns) or "markdown" (a pipe table).
func (r *Result) Write(w io.Writer, format string) error {
	switch format {
	case "table", "":
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		header := make([]string, len(r.Columns))
		for i, c := range r.Columns {
			header[i] = tableCell(c)
		}
		fmt.Fprintln(tw, strings.Join(header, "\t"))
		seps := make([]string, len(r.Columns))
		for i, c := range r.Columns {
			seps[i] = strings.Repeat("-", max(3, len(c)))
		}
		fmt.Fprintln(tw, strings.Join(seps, "\t"))
		for _, row := range r.Rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = tableCell(Text(v))
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		return tw.Flush()
	case "csv":
		return r.writeCSV(w)
	case "json":
		keys := uniqueNames(r.Columns)
		out := make([]jsonObject, len(r.Rows))
		for i, row := range r.Rows {
			out[i] = jsonObject{keys: keys, values: row}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case "markdown":
		// Buffered, which also keeps the first write error, for Flush
		// to return.
		bw := bufio.NewWriter(w)
		header := make([]string, len(r.Columns))
		for i, c := range r.Columns {
			header[i] = markdownHeaderEscaper.Replace(c)
		}
		fmt.Fprintf(bw, "| %s |\n", strings.Join(header, " | "))
		seps := make([]string, len(r.Columns))
		for i := range seps {
			seps[i] = "---"
		}
		fmt.Fprintf(bw, "| %s |\n", strings.Join(seps, " | "))
		for _, row := range r.Rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = markdownEscaper.Replace(Text(v))
			}
			fmt.Fprintf(bw, "| %s |\n", strings.Join(cells, " | "))
		}
		return bw.Flush()
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(FormatNames(), ", "))
}

// writeCSV writes the csv format: RFC 4180 with a header, and with an
// empty string quoted ("") and NULL an empty field, as DuckDB writes CSV
// (survey query --out r.csv), so that the two tell them apart alike.
// encoding/csv writes both as an empty field.
func (r *Result) writeCSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	field := func(i int, v any) {
		if i > 0 {
			bw.WriteByte(',')
		}
		if v == nil {
			return
		}
		s := Text(v)
		if s != "" && !strings.ContainsAny(s, ",\"\r\n") {
			bw.WriteString(s)
			return
		}
		bw.WriteByte('"')
		bw.WriteString(strings.ReplaceAll(s, `"`, `""`))
		bw.WriteByte('"')
	}
	for i, c := range r.Columns {
		field(i, c)
	}
	bw.WriteByte('\n')
	for _, row := range r.Rows {
		for i, v := range row {
			field(i, v)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// MaxTableCell is the most characters of a value the aligned table format
// shows: a longer value is cut, ending in "…". Every row of the table is as
// wide as its widest cells, so one crawled value of a megabyte (a hostile
// robots.txt's path) would otherwise make every row a megabyte wide.
const MaxTableCell = 200

// tableCell returns a value as one cell of the aligned table format: on
// one line and in one column (tabs and line breaks become spaces), with
// the other control characters, which a terminal would act on (a crawled
// value may hold escape sequences), written as \xNN, and cut to
// MaxTableCell characters.
func tableCell(s string) string {
	cut := utf8.RuneCountInString(s) > MaxTableCell
	var b strings.Builder
	n := 0
	for _, r := range s {
		if cut && n == MaxTableCell-1 {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20 || r >= 0x7f && r < 0xa0:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// uniqueNames returns the column names as JSON object keys: a name that
// repeats an earlier one gets a suffix, _1, _2, ..., as DuckDB names the
// columns of a file it writes (select 1 AS a, 2 AS a is a, a_1).
func uniqueNames(cols []string) []string {
	seen := make(map[string]bool, len(cols))
	out := make([]string, len(cols))
	for i, c := range cols {
		name := c
		for k := 1; seen[name]; k++ {
			name = fmt.Sprintf("%s_%d", c, k)
		}
		seen[name] = true
		out[i] = name
	}
	return out
}

// jsonObject is one row of the json format: an object whose keys are in
// the order of the result's columns.
type jsonObject struct {
	keys   []string
	values []any
}

// MarshalJSON implements json.Marshaler.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		val, err := json.Marshal(jsonValue(o.values[i]))
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", k, err)
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// markdownEscaper makes a value literal text in a Markdown table cell: the
// characters that would end the cell or start emphasis, code, a link, an
// HTML tag or an entity are backslash-escaped (CommonMark lets any ASCII
// punctuation be), and line breaks become spaces. Crawled values, such as
// robots.txt patterns like /*.php*, then read as they are.
var markdownEscaper = strings.NewReplacer(
	"\\", "\\\\", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]",
	"<", "\\<", ">", "\\>", "|", "\\|", "~", "\\~", "&", "\\&",
	"\r\n", " ", "\n", " ", "\r", " ",
)

// markdownHeaderEscaper keeps a column name in its cell of a Markdown
// table's header. Names come from the query, not from crawled data, and
// are left readable (pct_with_file, not pct\_with\_file).
var markdownHeaderEscaper = strings.NewReplacer("|", "\\|", "\r\n", " ", "\n", " ", "\r", " ")

// Text formats one value for text output: NULL as "", times in RFC 3339,
// lists, structs and maps as JSON.
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []byte:
		return fmt.Sprintf("\\x%x", x)
	case bool:
		return strconv.FormatBool(x)
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return fmt.Sprint(x)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return fmt.Sprint(x)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case *big.Int:
		return x.String()
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	case fmt.Stringer:
		return x.String()
	}
	b, err := json.Marshal(jsonValue(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// jsonValue converts driver values that encoding/json cannot encode (maps
// with non-string keys, DuckDB maps) into ones it can.
func jsonValue(v any) any {
	switch x := v.(type) {
	case nil, string, bool:
		return v
	case []byte:
		return fmt.Sprintf("\\x%x", x)
	case *big.Int:
		return x.String()
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
		return v
	case time.Time, json.Marshaler:
		return v
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = jsonValue(rv.Index(i).Interface())
		}
		return out
	case reflect.Map:
		out := make(map[string]any, rv.Len())
		iter := rv.MapRange()
		for iter.Next() {
			out[fmt.Sprint(iter.Key().Interface())] = jsonValue(iter.Value().Interface())
		}
		return out
	}
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return v
}
