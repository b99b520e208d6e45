package sink

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

// Defaults for the DuckDB resources Build and Open use.
const (
	DefaultMemoryLimit = "1GB"
	DefaultThreads     = 2
)

// BuildOptions configure Build. The zero value selects defaults.
type BuildOptions struct {
	// ToolVersion is recorded in schema_info as tool_version.
	ToolVersion string
	// CommitTable is the table whose parts mark batches committed; ""
	// means DefaultCommitTable. Parts of uncommitted batches are ignored.
	CommitTable string
	// MemoryLimit is DuckDB's memory_limit, e.g. "512MB"; "" means
	// DefaultMemoryLimit. DuckDB spills to disk beyond it.
	MemoryLimit string
	// Threads is DuckDB's threads setting; 0 means DefaultThreads.
	Threads int
	// TempDir is where DuckDB spills; "" means DuckDB's default, a
	// directory next to the database being built.
	TempDir string
}

// Build builds the DuckDB database at dbPath from the committed parts of
// every table under one or more output directories (the shards of a crawl,
// or several crawls). tables nil means Tables().
//
// Every table becomes one DuckDB table typed from the Go schema, created
// empty when it has no parts; columns that older parts lack are NULL.
// JSON columns have DuckDB's JSON type. A table with a Key (bodies by
// digest, crawls by crawl_id, shard and run) keeps one row per key, the one
// written last; other tables are copied as they are, since a row is not
// expected in two committed parts (each domain is committed by one shard
// once). The schema_info table records schema_version, built_at,
// tool_version and the number of parts read.
//
// The database is built in a temporary file next to dbPath and renamed
// over it when complete, so readers never see half a database.
func Build(ctx context.Context, dbPath string, dirs []string, tables []Table, opts BuildOptions) (err error) {
	if tables == nil {
		tables = Tables()
	}
	if opts.CommitTable == "" {
		opts.CommitTable = DefaultCommitTable
	}
	tables = slices.Clone(tables)
	for i, t := range tables {
		if tables[i], err = t.compiled(); err != nil {
			return err
		}
	}
	dirs = uniqueDirs(dirs)
	tmp := fmt.Sprintf("%s.build-%d", dbPath, os.Getpid())
	for _, p := range []string{tmp, tmp + ".wal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sink: build: %w", err)
		}
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
			os.Remove(tmp + ".wal")
		}
	}()
	db, err := openDuckDB(tmp, false, opts.MemoryLimit, opts.Threads, opts.TempDir)
	if err != nil {
		return err
	}
	_, err = fillDatabase(ctx, db, dirs, tables, opts)
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("sink: build: close: %w", cerr)
	}
	if err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		return fmt.Errorf("sink: build: %w", err)
	}
	return syncDir(filepath.Dir(dbPath))
}

// fillDatabase creates and fills every table and schema_info, returning the
// number of parts read.
func fillDatabase(ctx context.Context, db *sql.DB, dirs []string, tables []Table, opts BuildOptions) (int, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("sink: build: %w", err)
	}
	defer conn.Close()
	total := 0
	for _, t := range tables {
		var files []string
		for _, dir := range dirs {
			f, err := committedParts(dir, t.Name, opts.CommitTable)
			if err != nil {
				return 0, err
			}
			files = append(files, f...)
		}
		total += len(files)
		if err := buildTable(ctx, conn, t, files); err != nil {
			return 0, fmt.Errorf("sink: build table %s: %w", t.Name, err)
		}
	}
	stmts := []string{
		`CREATE TABLE schema_info (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`,
		fmt.Sprintf(`INSERT INTO schema_info VALUES ('schema_version', %s), ('built_at', %s), ('tool_version', %s), ('parts', %s)`,
			quoteString(fmt.Sprint(SchemaVersion)),
			quoteString(time.Now().UTC().Format(time.RFC3339)),
			quoteString(opts.ToolVersion),
			quoteString(fmt.Sprint(total))),
		`CHECKPOINT`,
	}
	for _, s := range stmts {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return 0, fmt.Errorf("sink: build: %w", err)
		}
	}
	return total, nil
}

// buildTable creates table t typed from its Go schema and fills it from
// files.
func buildTable(ctx context.Context, conn *sql.Conn, t Table, files []string) error {
	cols := t.Columns()
	// NOT NULL is not declared: a column is NULL in parts written
	// before it existed.
	defs := make([]string, len(cols))
	for i, c := range cols {
		defs[i] = quoteIdent(c.Name) + " " + c.Type
	}
	create := fmt.Sprintf("CREATE TABLE %s (%s)", quoteIdent(t.Name), strings.Join(defs, ", "))
	if _, err := conn.ExecContext(ctx, create); err != nil {
		return err
	}
	if len(files) == 0 {
		return nil
	}
	if len(t.Key) == 0 {
		for chunk := range slices.Chunk(files, buildChunk) {
			if err := insertParts(ctx, conn, t, chunk, ""); err != nil {
				return err
			}
		}
		return nil
	}
	// A keyed table keeps the row of each key written last. Parts are
	// named with zero-padded sequence numbers, so the last-written row of
	// a key has the greatest (filename, file_row_number). Chunks are read
	// from the last part to the first: within a chunk the greatest row of
	// a key wins, and a key already inserted (from a later chunk) is
	// skipped.
	files = slices.Clone(files)
	slices.Sort(files)
	slices.Reverse(files)
	keys := make([]string, len(t.Key))
	on := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = quoteIdent(k)
		on[i] = fmt.Sprintf("t.%s IS NOT DISTINCT FROM p.%s", keys[i], keys[i])
	}
	latest := fmt.Sprintf(" QUALIFY row_number() OVER (PARTITION BY %s ORDER BY filename DESC, file_row_number DESC) = 1", strings.Join(keys, ", "))
	notKept := fmt.Sprintf(" WHERE NOT EXISTS (SELECT 1 FROM %s t WHERE %s)", quoteIdent(t.Name), strings.Join(on, " AND "))
	filter := latest // the first chunk finds the table empty
	for chunk := range slices.Chunk(files, buildChunk) {
		if err := insertParts(ctx, conn, t, chunk, filter); err != nil {
			return err
		}
		filter = notKept + latest
	}
	return nil
}

// buildChunk is how many parts of a table one INSERT reads. DuckDB holds
// the metadata of every file a query reads, and beyond a few hundred files
// it exceeds its memory limit by more the more files there are; chunks keep
// the build's memory independent of the number of parts.
const buildChunk = 16

// insertParts inserts the rows of files into table t, casting each column
// to its type (NULL for a column the files lack). filter, if not empty, is
// a WHERE and/or QUALIFY clause over the files' rows, which then carry
// filename and file_row_number; its subqueries see the parts as p.
func insertParts(ctx context.Context, conn *sql.Conn, t Table, files []string, filter string) error {
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = quoteString(f)
	}
	source := fmt.Sprintf("read_parquet([%s], union_by_name = true, hive_partitioning = false)", strings.Join(quoted, ", "))

	present := map[string]bool{}
	rows, err := conn.QueryContext(ctx, "SELECT column_name FROM (DESCRIBE SELECT * FROM "+source+")")
	if err != nil {
		return err
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		present[name] = true
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}

	cols := t.Columns()
	exprs := make([]string, len(cols))
	for i, c := range cols {
		if present[c.Name] {
			exprs[i] = fmt.Sprintf("CAST(p.%s AS %s)", quoteIdent(c.Name), c.Type)
		} else {
			exprs[i] = fmt.Sprintf("CAST(NULL AS %s)", c.Type)
		}
	}
	from := source
	if filter != "" {
		from = fmt.Sprintf("read_parquet([%s], union_by_name = true, hive_partitioning = false, filename = true, file_row_number = true)",
			strings.Join(quoted, ", "))
	}
	query := fmt.Sprintf("INSERT INTO %s SELECT %s FROM %s p%s", quoteIdent(t.Name), strings.Join(exprs, ", "), from, filter)
	_, err = conn.ExecContext(ctx, query)
	return err
}

// Open opens a database built by Build for reading, with the default
// memory limit and threads.
func Open(dbPath string) (*sql.DB, error) { return OpenLimit(dbPath, "") }

// OpenLimit is Open with DuckDB's memory limit, e.g. "4GB" ("" means
// DefaultMemoryLimit); beyond it DuckDB spills to disk where it can and
// fails where it cannot (a result held whole).
func OpenLimit(dbPath, memoryLimit string) (*sql.DB, error) {
	if _, err := os.Stat(dbPath); err != nil {
		return nil, fmt.Errorf("sink: open: %w", err)
	}
	return openDuckDB(dbPath, true, memoryLimit, 0, "")
}

// openDuckDB opens a DuckDB database with modest resources and no
// extension downloads.
func openDuckDB(path string, readOnly bool, memoryLimit string, threads int, tempDir string) (*sql.DB, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sink: database path %q: DuckDB cannot open a path containing ? or #", path)
	}
	if memoryLimit == "" {
		memoryLimit = DefaultMemoryLimit
	}
	if threads <= 0 {
		threads = DefaultThreads
	}
	q := url.Values{}
	q.Set("memory_limit", memoryLimit)
	q.Set("threads", fmt.Sprint(threads))
	q.Set("autoinstall_known_extensions", "false")
	if readOnly {
		q.Set("access_mode", "read_only")
	} else {
		// Building needs no order within a table, and keeping it
		// costs memory.
		q.Set("preserve_insertion_order", "false")
	}
	if tempDir != "" {
		q.Set("temp_directory", tempDir)
	}
	connector, err := duckdb.NewConnector(path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, fmt.Errorf("sink: open %s: %w", path, err)
	}
	db := sql.OpenDB(connector)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("sink: open %s: %w", path, err)
	}
	return db, nil
}

// uniqueDirs returns dirs without repeats, so that a directory named twice
// is not read twice.
func uniqueDirs(dirs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range dirs {
		key := filepath.Clean(d)
		if abs, err := filepath.Abs(d); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}

// syncFile flushes a file's content to stable storage.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("sink: sync %s: %w", path, err)
	}
	return nil
}
