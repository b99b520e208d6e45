// Package sqlquote writes values into DuckDB SQL text where a statement
// cannot take them as parameters (file names in read_parquet, COPY ... TO).
package sqlquote

import "strings"

// String returns s as a DuckDB string literal.
func String(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
