package queries

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/internal/sqlquote"
)

// exportFormats maps the file extensions Export writes to DuckDB's COPY
// options for them: Parquet (zstd), CSV with a header, and JSON, one
// object per line.
var exportFormats = map[string]string{
	".parquet": "FORMAT parquet, COMPRESSION zstd",
	".csv":     "FORMAT csv, HEADER true",
	".json":    "FORMAT json",
	".jsonl":   "FORMAT json",
	".ndjson":  "FORMAT json",
}

// ExportExtensions lists the file extensions Export accepts, sorted.
func ExportExtensions() []string { return slices.Sorted(maps.Keys(exportFormats)) }

// Export runs query on db and has DuckDB write its result to the file at
// path, in the format its extension names (see ExportExtensions; .json is
// JSON lines, like .jsonl), and returns the number of rows written. The
// rows go from DuckDB to the file without passing through Go, so a result
// larger than memory can be written (DuckDB spills where it can). The file
// is written under a temporary name in path's directory and renamed to
// path when complete: an interrupted export leaves no partial file.
func Export(ctx context.Context, db *sql.DB, query, path string) (int64, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	return exportConn(ctx, conn, query, path)
}

func exportConn(ctx context.Context, conn *sql.Conn, query, path string) (int64, error) {
	opts, ok := exportFormats[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return 0, fmt.Errorf("export to %s: the name must end in one of %s", path, strings.Join(ExportExtensions(), ", "))
	}
	// The query is a subquery of COPY: without its final semicolon,
	// starting on COPY's line (so that DuckDB's errors give its own line
	// numbers) and closed on a line of its own, after any trailing comment.
	body := strings.TrimSpace(query)
	for strings.HasSuffix(body, ";") {
		body = strings.TrimSpace(strings.TrimSuffix(body, ";"))
	}
	// Prepared alone first, so that a query DuckDB rejects is quoted in
	// the error as the user wrote it, not inside the COPY statement.
	stmt, err := conn.PrepareContext(ctx, body)
	if err != nil {
		return 0, err
	}
	stmt.Close()
	// A free name for DuckDB to create (with the usual permissions, which
	// a file made by os.CreateTemp would not have).
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// The error names the temporary file, which the user never
		// gave: name the directory it was to be made in instead.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("directory %s: %w", filepath.Dir(path), pe.Err)
		}
		return 0, fmt.Errorf("export to %s: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	os.Remove(tmp)
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
		}
	}()
	res, err := conn.ExecContext(ctx, fmt.Sprintf("COPY (%s\n) TO %s (%s)", body, sqlquote.String(tmp), opts))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("export to %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return 0, fmt.Errorf("export to %s: %w", path, err)
	}
	done = true
	return n, nil
}
