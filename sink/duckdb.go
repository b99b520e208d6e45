package sink

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"golang.org/x/sync/errgroup"

	"github.com/agentpolicy/survey/internal/filelock"
	"github.com/agentpolicy/survey/internal/sqlquote"
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
	// Threads is DuckDB's threads setting; 0 means DefaultThreads. Tables
	// filled at once (Parallel) share them.
	Threads int
	// TempDir is where DuckDB spills; "" means DuckDB's default, a
	// directory next to the database being built.
	TempDir string
	// Parallel is how many tables are filled at once, each over its own
	// connection, when the parts fit in one database instance (under
	// 24 MiB in all); 0 means runtime.GOMAXPROCS(0). Larger builds fill
	// one table at a time, to bound their memory.
	Parallel int

	// SkipDamaged builds the database without the batches of damaged
	// parts (committed parts DuckDB cannot read), every table's part of
	// each such batch left out, so that the database stays consistent: a
	// domain is either whole or absent. schema_info's damaged_parts
	// records them. Without it, Build fails with a *DamagedError.
	SkipDamaged bool
	// Damaged, if not nil, is called for every damaged part that
	// SkipDamaged leaves out, before the database is built without it.
	Damaged func(DamagedPart)

	// Progress, if not nil, is called as the build goes: once when every
	// table's parts are listed, then after every INSERT. Calls do not
	// overlap, though tables filled at once make them from several
	// goroutines.
	Progress func(BuildProgress)

	// reopenBytes overrides the package's reopenBytes (tests); 0 keeps it.
	reopenBytes int64
	// lockWait overrides buildLockWait (tests); 0 keeps it.
	lockWait time.Duration
}

// buildLockWait is how long a build waits for the lock of its database
// while another process holds it: a build killed a moment ago releases it
// only once its process is torn down.
const buildLockWait = 10 * time.Second

// BuildProgress is how far a build has got: the parts read into the
// database of all the committed parts it reads, in number and in bytes.
// What follows the last part (schema_info, the checkpoint and the rename)
// is quick.
type BuildProgress struct {
	Table     string // the table of the parts read last; "" before the first
	PartsDone int
	Parts     int
	BytesDone int64
	Bytes     int64
}

// buildMeter passes a build's progress to BuildOptions.Progress, one call
// at a time. A nil *buildMeter reports nothing.
type buildMeter struct {
	mu sync.Mutex
	p  BuildProgress
	fn func(BuildProgress)
}

// newBuildMeter returns the meter of a build reading parts parts of bytes
// bytes in all, and reports that nothing is read yet; nil when fn is nil.
func newBuildMeter(fn func(BuildProgress), parts int, bytes int64) *buildMeter {
	if fn == nil {
		return nil
	}
	m := &buildMeter{fn: fn, p: BuildProgress{Parts: parts, Bytes: bytes}}
	fn(m.p)
	return m
}

// read reports that parts parts of table, of bytes bytes, are in.
func (m *buildMeter) read(table string, parts int, bytes int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.p.Table, m.p.PartsDone, m.p.BytesDone = table, m.p.PartsDone+parts, m.p.BytesDone+bytes
	m.fn(m.p)
}

// threads returns DuckDB's threads setting, Threads or its default.
func (o BuildOptions) threads() int {
	if o.Threads > 0 {
		return o.Threads
	}
	return DefaultThreads
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
// tool_version, the number of parts read and damaged_parts.
//
// A committed part that DuckDB cannot read fails the build with a
// *DamagedError naming every such part, found by reading each part on its
// own once a build has failed; with SkipDamaged, their batches are left out
// instead (see BuildOptions).
//
// The database is built in a temporary file next to dbPath and renamed
// over it when complete, so readers never see half a database. One build
// of a database runs at a time: a build holds the lock dbPath.lock, and a
// second build of the same database waits up to 10 s for it, then fails
// with an error matching filelock.ErrBusy and naming the first. Under the
// lock, the temporary files of builds that were killed are removed.
//
// A database that another process holds open for writing is not
// replaced: Build fails with a *HeldError, before it starts and again
// before the rename (see CheckNotHeld).
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
	dirs = UniqueDirs(dirs)
	if err := checkDBPath(dbPath); err != nil {
		return err
	}
	if err := CheckNotHeld(dbPath); err != nil {
		return err
	}
	lock, err := lockBuild(dbPath, opts.lockWait)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	tmp := fmt.Sprintf("%s.build-%d", dbPath, os.Getpid())
	if err := removeBuild(tmp); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			removeBuild(tmp) // the build's error says more
		}
	}()
	err = buildFile(ctx, tmp, dirs, tables, opts, nil)
	if err != nil && ctx.Err() == nil {
		// A failed build is explained by damaged parts when some part
		// cannot be read on its own.
		damaged, derr := findDamaged(ctx, dirs, tables, opts)
		if derr != nil || len(damaged) == 0 {
			return err
		}
		if !opts.SkipDamaged {
			return &DamagedError{Parts: damaged}
		}
		if opts.Damaged != nil {
			for _, d := range damaged {
				opts.Damaged(d)
			}
		}
		if err = removeBuild(tmp); err != nil {
			return err
		}
		err = buildFile(ctx, tmp, dirs, tables, opts, damaged)
	}
	if err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := CheckNotHeld(dbPath); err != nil {
		return err // opened while the build ran
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		return fmt.Errorf("sink: build: %w", err)
	}
	return syncDir(filepath.Dir(dbPath))
}

// removeBuild removes what a build at path (a temporary file) left.
func removeBuild(path string) error {
	for _, p := range []string{path, path + ".wal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sink: build: %w", err)
		}
	}
	return nil
}

// lockBuild takes the build lock of dbPath (dbPath.lock), waiting up to
// wait (0 means buildLockWait) while another process holds it, and then
// removes what killed builds left beside the database. On a file system
// without locks it removes nothing: another build may be under way.
func lockBuild(dbPath string, wait time.Duration) (*filelock.Lock, error) {
	if wait <= 0 {
		wait = buildLockWait
	}
	lock, err := filelock.LockWithin(dbPath+".lock", wait)
	if errors.Is(err, filelock.ErrBusy) {
		return nil, fmt.Errorf("sink: build %s: another build of it is running: %w", dbPath, err)
	}
	if err != nil {
		return nil, fmt.Errorf("sink: build %s: %w", dbPath, err)
	}
	if !lock.Unsupported {
		if err := removeKilledBuilds(dbPath); err != nil {
			lock.Unlock()
			return nil, err
		}
	}
	return lock, nil
}

// removeKilledBuilds removes what builds of dbPath that were killed left
// beside it: their temporary databases (dbPath.build-PID), write-ahead
// logs (.wal) and DuckDB's spill directories (.tmp). Only a build holding
// the lock of dbPath may call it: every such file is then stale.
func removeKilledBuilds(dbPath string) error {
	dir, base := filepath.Split(dbPath)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sink: build: %w", err)
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), base+".build-")
		if !ok {
			continue
		}
		pid, suffix, _ := strings.Cut(rest, ".")
		if pid == "" || strings.Trim(pid, "0123456789") != "" || (suffix != "" && suffix != "wal" && suffix != "tmp") {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("sink: build: removing what a killed build left: %w", err)
		}
	}
	return nil
}

// buildFile builds the database at path from the committed parts under
// dirs, leaving out the batches of the damaged parts skipped, which
// schema_info records.
func buildFile(ctx context.Context, path string, dirs []string, tables []Table, opts BuildOptions, skipped []DamagedPart) error {
	s := &buildSession{path: path, opts: opts}
	if err := s.open(ctx); err != nil {
		return err
	}
	_, err := fillDatabase(ctx, s, dirs, tables, skipped)
	if cerr := s.close(); err == nil && cerr != nil {
		err = cerr
	}
	return err
}

// buildSession is the build's connection to the database being built.
// DuckDB's resident memory grows with the work one database instance has
// done, beyond its memory_limit and by more the larger the dataset (building
// a million domains' parts in one instance peaked at 660 MiB with a 128MB
// limit, one thread); the build therefore closes and reopens the database
// whenever it has inserted reopenBytes of parts since it last did, which
// hands that memory back, at about 50 ms per reopening (a small dataset is
// built in one instance).
type buildSession struct {
	path  string
	opts  BuildOptions
	db    *sql.DB
	conn  *sql.Conn
	bytes int64       // of parts inserted since the last reopening
	meter *buildMeter // nil: no progress reported
}

// reopenBytes is how many bytes of parts a build session inserts before it
// reopens the database.
const reopenBytes = 24 << 20

// open opens the database and one connection to it.
func (s *buildSession) open(ctx context.Context) error {
	db, err := openDuckDB(s.path, false, s.opts.MemoryLimit, s.opts.threads(), s.opts.TempDir)
	if err != nil {
		return err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return fmt.Errorf("sink: build: %w", err)
	}
	s.db, s.conn, s.bytes = db, conn, 0
	return nil
}

// close closes the connection and the database, which checkpoints it.
func (s *buildSession) close() error {
	if s.db == nil {
		return nil
	}
	err := s.conn.Close()
	if cerr := s.db.Close(); err == nil {
		err = cerr
	}
	s.db, s.conn = nil, nil
	if err != nil {
		return fmt.Errorf("sink: build: close: %w", err)
	}
	return nil
}

// reopen closes and reopens the database.
func (s *buildSession) reopen(ctx context.Context) error {
	if err := s.close(); err != nil {
		return err
	}
	return s.open(ctx)
}

// inserted counts the parts one INSERT read into table, reopening the
// database when reopenBytes have been inserted.
func (s *buildSession) inserted(ctx context.Context, table string, parts int, bytes int64) error {
	s.meter.read(table, parts, bytes)
	s.bytes += bytes
	if s.bytes < s.reopenLimit() {
		return nil
	}
	return s.reopen(ctx)
}

// reopenLimit is the bytes of parts inserted between reopenings.
func (s *buildSession) reopenLimit() int64 {
	if s.opts.reopenBytes > 0 {
		return s.opts.reopenBytes
	}
	return reopenBytes
}

// connection returns the session's current connection, which changes
// when the session reopens the database.
func (s *buildSession) connection() *sql.Conn { return s.conn }

// inserter is where a table is filled: a connection, and what follows
// each INSERT (a build session may reopen the database).
type inserter interface {
	connection() *sql.Conn
	inserted(ctx context.Context, table string, parts int, bytes int64) error
}

// fixedConn is an inserter over one connection that nothing reopens.
type fixedConn struct {
	conn  *sql.Conn
	meter *buildMeter
}

func (f fixedConn) connection() *sql.Conn { return f.conn }
func (f fixedConn) inserted(_ context.Context, table string, parts int, bytes int64) error {
	f.meter.read(table, parts, bytes)
	return nil
}

// part is one committed Parquet part and its size in bytes.
type part struct {
	path string
	size int64
}

// tableParts is one table and its committed parts.
type tableParts struct {
	t     Table
	parts []part
	bytes int64
}

// fillDatabase creates and fills every table and schema_info, returning the
// number of parts read. Parts that fit in one database instance (under
// reopenBytes in all) are inserted by up to Parallel connections at once,
// one table each; larger builds fill one table at a time, reopening the
// database as they go, so that their memory does not grow with the dataset.
func fillDatabase(ctx context.Context, s *buildSession, dirs []string, tables []Table, skipped []DamagedPart) (int, error) {
	opts := s.opts
	skip := map[batchKey]bool{}
	for _, d := range skipped {
		skip[partBatch(d.Dir, d.Path)] = true
	}
	total, bytes := 0, int64(0)
	all := make([]tableParts, len(tables))
	for i, t := range tables {
		all[i].t = t
		for _, dir := range dirs {
			files, err := committedParts(dir, t.Name, opts.CommitTable)
			if err != nil {
				return 0, err
			}
			for _, f := range files {
				if skip[partBatch(dir, f)] {
					continue
				}
				fi, err := os.Stat(f)
				if err != nil {
					return 0, fmt.Errorf("sink: build: %w", err)
				}
				all[i].parts = append(all[i].parts, part{path: f, size: fi.Size()})
				all[i].bytes += fi.Size()
			}
		}
		total += len(all[i].parts)
		bytes += all[i].bytes
		if err := createTable(ctx, s.conn, t); err != nil {
			return 0, fmt.Errorf("sink: build table %s: %w", t.Name, err)
		}
	}
	s.meter = newBuildMeter(opts.Progress, total, bytes)
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = runtime.GOMAXPROCS(0)
	}
	if parallel > 1 && bytes < s.reopenLimit() {
		if err := fillParallel(ctx, s.db, all, parallel, opts.threads(), s.meter); err != nil {
			return 0, err
		}
	} else {
		for _, tp := range all {
			if err := fillTable(ctx, s, tp.t, tp.parts, buildChunk); err != nil {
				return 0, fmt.Errorf("sink: build table %s: %w", tp.t.Name, err)
			}
		}
	}
	for _, t := range tables {
		for _, q := range t.Upgrade {
			if _, err := s.conn.ExecContext(ctx, q); err != nil {
				return 0, fmt.Errorf("sink: build table %s: upgrading earlier rows: %w", t.Name, err)
			}
		}
	}
	for _, t := range tables {
		if t.View == "" {
			continue
		}
		if _, err := s.conn.ExecContext(ctx, fmt.Sprintf("CREATE VIEW %s AS %s", quoteIdent(t.Name), t.View)); err != nil {
			return 0, fmt.Errorf("sink: build view %s: %w", t.Name, err)
		}
	}
	damaged, err := damagedJSON(skipped)
	if err != nil {
		return 0, err
	}
	stmts := []string{
		`CREATE TABLE schema_info (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`,
		fmt.Sprintf(`INSERT INTO schema_info VALUES ('schema_version', %s), ('built_at', %s), ('tool_version', %s), ('parts', %s), ('damaged_parts', %s)`,
			sqlquote.String(fmt.Sprint(SchemaVersion)),
			sqlquote.String(time.Now().UTC().Format(time.RFC3339)),
			sqlquote.String(opts.ToolVersion),
			sqlquote.String(fmt.Sprint(total)),
			sqlquote.String(damaged)),
		`CHECKPOINT`,
	}
	for _, q := range stmts {
		if _, err := s.conn.ExecContext(ctx, q); err != nil {
			return 0, fmt.Errorf("sink: build: %w", err)
		}
	}
	return total, nil
}

// fillParallel fills the tables of all over up to n connections to db at
// once, one table per connection at a time, the largest tables first.
// DuckDB appends to different tables concurrently, so a build uses more
// than one core even when each INSERT runs on one thread. When one table
// fails, no further table is started, but the INSERTs under way finish:
// interrupting them (cancelling their context) leaves the database
// instance alive in duckdb-go's instance cache after the database is
// closed (duckdb-go v2.5.6, DuckDB 1.4), and the next open of the same
// path then waits for it forever (compare duckdb/duckdb-go#17).
//
// DuckDB's threads setting is its workers, which every connection shares,
// plus one: the thread of the connection running a query, which works on it
// too. With n queries at once, a setting of threads-n+1 (at least 1) keeps
// threads threads busy in all. With the two threads of a default merge on
// two cores, two connections and a worker beside them built a
// 20,000-domain crawl's parts in 5.0-5.3 s (8.3-9.3 s of CPU), two
// connections alone in 3.8 s (7.0-7.2 s of CPU), medians of five in each
// of two rounds.
func fillParallel(ctx context.Context, db *sql.DB, all []tableParts, n, threads int, meter *buildMeter) error {
	if _, err := db.ExecContext(ctx, fmt.Sprintf("SET threads = %d", max(1, threads-min(n, len(all))+1))); err != nil {
		return fmt.Errorf("sink: build: %w", err)
	}
	// Restored for the checkpoint; a failure only leaves fewer threads.
	defer db.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("SET threads = %d", threads))
	order := slices.Clone(all)
	slices.SortStableFunc(order, func(a, b tableParts) int { return cmp.Compare(b.bytes, a.bytes) })
	work := make(chan tableParts)
	g, gctx := errgroup.WithContext(ctx)
	for range min(n, len(order)) {
		g.Go(func() error {
			conn, err := db.Conn(ctx)
			if err != nil {
				return fmt.Errorf("sink: build: %w", err)
			}
			defer conn.Close()
			for tp := range work {
				if err := fillTable(ctx, fixedConn{conn, meter}, tp.t, tp.parts, smallBuildChunk); err != nil {
					return fmt.Errorf("sink: build table %s: %w", tp.t.Name, err)
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(work)
		for _, tp := range order {
			select {
			case work <- tp:
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		return nil
	})
	return g.Wait()
}

// createTable creates table t, typed from its Go schema, empty.
func createTable(ctx context.Context, conn *sql.Conn, t Table) error {
	cols := t.Columns()
	// NOT NULL is not declared: a column is NULL in parts written
	// before it existed.
	defs := make([]string, len(cols))
	for i, c := range cols {
		defs[i] = quoteIdent(c.Name) + " " + c.Type
	}
	_, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE TABLE %s (%s)", quoteIdent(t.DatabaseTable()), strings.Join(defs, ", ")))
	return err
}

// fillTable fills table t from parts through in.
func fillTable(ctx context.Context, in inserter, t Table, parts []part, chunk int) error {
	if len(parts) == 0 {
		return nil
	}
	if len(t.Key) == 0 {
		for chunk := range slices.Chunk(parts, chunk) {
			if err := insertParts(ctx, in, t, chunk, ""); err != nil {
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
	parts = slices.Clone(parts)
	slices.SortFunc(parts, func(a, b part) int { return strings.Compare(b.path, a.path) })
	keys := make([]string, len(t.Key))
	on := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = quoteIdent(k)
		on[i] = fmt.Sprintf("t.%s IS NOT DISTINCT FROM p.%s", keys[i], keys[i])
	}
	latest := fmt.Sprintf(" QUALIFY row_number() OVER (PARTITION BY %s ORDER BY filename DESC, file_row_number DESC) = 1", strings.Join(keys, ", "))
	notKept := fmt.Sprintf(" WHERE NOT EXISTS (SELECT 1 FROM %s t WHERE %s)", quoteIdent(t.DatabaseTable()), strings.Join(on, " AND "))
	filter := latest // the first chunk finds the table empty
	for chunk := range slices.Chunk(parts, chunk) {
		if err := insertParts(ctx, in, t, chunk, filter); err != nil {
			return err
		}
		filter = notKept + latest
	}
	return nil
}

// buildChunk is how many parts of a table one INSERT reads in a large
// build. DuckDB holds the metadata of every file a query reads, and beyond
// a few hundred files it exceeds its memory limit by more the more files
// there are; chunks keep the build's memory independent of the number of
// parts.
const buildChunk = 16

// smallBuildChunk is how many parts one INSERT reads when every part fits
// in one database instance (under reopenBytes in all), where the parts'
// size bounds the memory. Each INSERT costs more than its share of the
// rows: a 20,000-domain crawl's 38 parts per table were inserted in 4.2 s
// 16 at a time and in 3.2 s all at once (survey merge, two threads).
const smallBuildChunk = 64

// insertParts inserts the rows of parts into table t, casting each column
// to its type (NULL for a column the parts lack). filter, if not empty, is
// a WHERE and/or QUALIFY clause over the parts' rows, which then carry
// filename and file_row_number; its subqueries see the parts as p.
func insertParts(ctx context.Context, in inserter, t Table, parts []part, filter string) error {
	conn := in.connection()
	quoted := make([]string, len(parts))
	var bytes int64
	for i, p := range parts {
		quoted[i] = sqlquote.String(p.path)
		bytes += p.size
	}
	source := fmt.Sprintf("read_parquet([%s], union_by_name = true, hive_partitioning = false)", strings.Join(quoted, ", "))

	present := map[string]bool{}
	rows, err := conn.QueryContext(ctx, "SELECT column_name FROM (DESCRIBE SELECT * FROM "+source+")")
	if err != nil {
		return partsError(err)
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
	query := fmt.Sprintf("INSERT INTO %s SELECT %s FROM %s p%s", quoteIdent(t.DatabaseTable()), strings.Join(exprs, ", "), from, filter)
	if _, err := conn.ExecContext(ctx, query); err != nil {
		return partsError(err)
	}
	return in.inserted(ctx, t.Name, len(parts), bytes)
}

// partsError returns DuckDB's error reading parts without the excerpt of
// the query DuckDB appends ("LINE 1: ..." and a caret): what is wrong, and
// the part when one is to blame, are in the first line, and the query
// holds nothing the user wrote. (Parts are renamed into place only when
// complete, so an unreadable committed part means damaged storage or a
// file changed by hand.)
func partsError(err error) error {
	msg, ok := withoutExcerpt(err)
	if !ok {
		return err
	}
	return fmt.Errorf("reading parts: %s", msg)
}

// withoutExcerpt returns DuckDB's error message without the excerpt of the
// query it appends, and whether there was one.
func withoutExcerpt(err error) (string, bool) {
	msg := err.Error()
	i := strings.Index(msg, "\n\nLINE ")
	if i < 0 {
		return msg, false
	}
	return strings.TrimSpace(msg[:i]), true
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

// checkDBPath rejects a database path DuckDB cannot open.
func checkDBPath(path string) error {
	if strings.ContainsAny(path, "?#") {
		return fmt.Errorf("sink: database path %q: DuckDB cannot open a path containing ? or #", path)
	}
	return nil
}

// openDuckDB opens a DuckDB database with modest resources and no
// extension downloads.
func openDuckDB(path string, readOnly bool, memoryLimit string, threads int, tempDir string) (*sql.DB, error) {
	if err := checkDBPath(path); err != nil {
		return nil, err
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
		// DuckDB's allocator (jemalloc) keeps freed memory for reuse: it
		// returns it to the system only as later allocations pass by,
		// and flushes a thread's cache after a task only if the thread's
		// allocations peaked above allocator_flush_threshold (128 MiB by
		// default). Background threads return it on a timer instead, and
		// a lower threshold keeps less in the caches: the build of a
		// 100,000-domain crawl's parts (memory_limit 128MB, one thread)
		// peaked at 313-326 MiB in four runs, instead of 330-396 MiB in
		// ten without.
		q.Set("allocator_background_threads", "true")
		q.Set("allocator_flush_threshold", "16MB")
		q.Set("storage_compatibility_version", storageVersion)
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

// UniqueDirs returns dirs without repeats, so that a directory named twice
// (by the same path, another spelling of it, or a link) is not read twice:
// a directory that stats as one already kept is left out. A directory that
// cannot be stat'ed is kept, for its reader to report.
func UniqueDirs(dirs []string) []string {
	var kept []os.FileInfo
	var out []string
	for _, d := range dirs {
		st, err := os.Stat(d)
		if err == nil && slices.ContainsFunc(kept, func(k os.FileInfo) bool { return os.SameFile(k, st) }) {
			continue
		}
		if err == nil {
			kept = append(kept, st)
		}
		out = append(out, d)
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

// storageVersion is the DuckDB storage format the build writes
// (storage_compatibility_version). DuckDB 1.4 writes the format of 1.0 by
// default; the format of 1.3 adds a string compression (DICT_FSST) that
// stores the dataset's text columns faster and smaller: a 20,000-domain
// crawl's tables, filled one at a time, in 4.0 s instead of 4.8 s and 53 MB
// instead of 64. Reading the database then needs DuckDB storageRelease or
// later.
const storageVersion = "v" + storageRelease + ".0"

// storageRelease is the DuckDB release whose storage format the build
// writes, and the oldest that opens the database.
const storageRelease = "1.3"
