package queries

import (
	"context"
	"database/sql"
	"encoding/csv"
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

// Write writes the result in a format: "table" (aligned columns), "csv"
// (RFC 4180 with a header), "json" (an array of objects) or "markdown" (a
// pipe table).
func (r *Result) Write(w io.Writer, format string) error {
	switch format {
	case "table", "":
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(r.Columns, "\t"))
		seps := make([]string, len(r.Columns))
		for i, c := range r.Columns {
			seps[i] = strings.Repeat("-", max(3, len(c)))
		}
		fmt.Fprintln(tw, strings.Join(seps, "\t"))
		for _, row := range r.Rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = tableEscaper.Replace(Text(v))
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		return tw.Flush()
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(r.Columns)
		for _, row := range r.Rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = Text(v)
			}
			cw.Write(cells)
		}
		cw.Flush()
		return cw.Error()
	case "json":
		out := make([]map[string]any, len(r.Rows))
		for i, row := range r.Rows {
			m := make(map[string]any, len(row))
			for j, v := range row {
				m[r.Columns[j]] = jsonValue(v)
			}
			out[i] = m
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case "markdown":
		fmt.Fprintf(w, "| %s |\n", strings.Join(r.Columns, " | "))
		seps := make([]string, len(r.Columns))
		for i := range seps {
			seps[i] = "---"
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
		for _, row := range r.Rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = markdownEscaper.Replace(Text(v))
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
		}
		return nil
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(FormatNames(), ", "))
}

// tableEscaper keeps a value on one line and in one column of the aligned
// table format.
var tableEscaper = strings.NewReplacer("\t", " ", "\n", " ")

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
