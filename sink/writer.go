package sink

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Default batch thresholds: a batch is written when it holds this many rows
// (all tables together), this many estimated bytes, or is this old,
// whichever comes first.
const (
	DefaultBatchRows  = 100_000
	DefaultBatchBytes = 32 << 20
	DefaultBatchAge   = 5 * time.Minute
)

// ErrClosed is returned by a Writer's methods after Close.
var ErrClosed = errors.New("sink: writer is closed")

// Options configure a Writer. The zero value of every field but CrawlID
// selects a default.
type Options struct {
	// CrawlID identifies the crawl: letters, digits, '.', '_' and '-'.
	// It names the crawl=<id> partition directory. Required.
	CrawlID string
	// Shard is the shard this process writes, as i/n; "" means "0/1".
	// Shards of one crawl may write to the same directory at the same
	// time; one shard must have one Writer at a time.
	Shard string
	// Tables are the tables the Writer accepts; nil means Tables().
	Tables []Table
	// CommitTable is the table whose part marks a batch complete; ""
	// means DefaultCommitTable (targets). Every batch writes a part of
	// it, with no rows if need be.
	CommitTable string
	// BatchRows, BatchBytes and BatchAge are the batch thresholds; zero
	// means DefaultBatchRows, DefaultBatchBytes and DefaultBatchAge.
	// Bytes are estimated from the rows' field sizes before compression.
	BatchRows  int
	BatchBytes int64
	BatchAge   time.Duration
}

// A Writer writes the rows of one shard of one crawl as Parquet parts.
//
// Rows are appended to tables with Append and grouped into units with
// Commit: the rows appended since the previous Commit (one domain's target,
// fetches, bodies, documents and diagnostics) form one unit, and a unit is
// never split across parts. Committed units accumulate into a batch, which
// is written, one part per table, when a threshold of Options is reached,
// on Flush and on Close.
//
// A Writer is safe for concurrent use, but units are defined by call
// order: a pipeline with several workers must serialize each unit's
// Append…Commit sequence, for example by writing from one goroutine.
type Writer struct {
	mu sync.Mutex

	dir         string
	crawlID     string
	token       string
	opts        Options
	tables      []*tableState // commit table last
	byName      map[string]*tableState
	props       *parquet.WriterProperties
	arrowProps  pqarrow.ArrowWriterProperties
	mem         memory.Allocator
	now         func() time.Time
	seq         int // sequence number of the next batch
	pendingRows int // rows appended since the last Commit
	pendingSize int64
	batchRows   int // committed rows not yet written
	batchSize   int64
	batchStart  time.Time // when the batch's first unit was committed
	err         error     // first write error; the Writer is unusable after it
	closed      bool
}

// tableState holds one table's rows until they are written.
type tableState struct {
	table     Table
	sliceType reflect.Type
	dir       string
	rows      reflect.Value // []Row: rows[:committed] are committed
	committed int
}

// Create returns a Writer of one shard of one crawl under dir, creating
// the partition directories. Part sequence numbers continue after the
// highest one the shard already has in dir, so a resumed run never
// overwrites a file; call Recover first to remove what a killed run left.
func Create(dir string, opts Options) (*Writer, error) {
	if err := CheckCrawlID(opts.CrawlID); err != nil {
		return nil, err
	}
	token, err := shardToken(opts.Shard)
	if err != nil {
		return nil, err
	}
	if opts.Tables == nil {
		opts.Tables = Tables()
	}
	if opts.CommitTable == "" {
		opts.CommitTable = DefaultCommitTable
	}
	if opts.BatchRows <= 0 {
		opts.BatchRows = DefaultBatchRows
	}
	if opts.BatchBytes <= 0 {
		opts.BatchBytes = DefaultBatchBytes
	}
	if opts.BatchAge <= 0 {
		opts.BatchAge = DefaultBatchAge
	}
	w := &Writer{
		dir:     dir,
		crawlID: opts.CrawlID,
		token:   token,
		opts:    opts,
		byName:  map[string]*tableState{},
		mem:     memory.NewGoAllocator(),
		now:     time.Now,
	}
	var commit *tableState
	for _, t := range opts.Tables {
		t, err := t.compiled()
		if err != nil {
			return nil, err
		}
		if w.byName[t.Name] != nil {
			return nil, fmt.Errorf("sink: table %s is listed twice", t.Name)
		}
		ts := &tableState{
			table:     t,
			sliceType: reflect.SliceOf(t.Row),
			dir:       partitionDir(dir, t.Name, opts.CrawlID),
		}
		ts.rows = reflect.MakeSlice(ts.sliceType, 0, 0)
		w.byName[t.Name] = ts
		if t.Name == opts.CommitTable {
			commit = ts
			continue
		}
		w.tables = append(w.tables, ts)
	}
	if commit == nil {
		return nil, fmt.Errorf("sink: commit table %q is not among the tables", opts.CommitTable)
	}
	w.tables = append(w.tables, commit)

	s, err := scanShard(dir, opts.CrawlID, token, opts.CommitTable)
	if err != nil {
		return nil, err
	}
	w.seq = s.maxSeq + 1
	for _, ts := range w.tables {
		if err := mkdirAllSync(ts.dir); err != nil {
			return nil, err
		}
	}
	w.props, w.arrowProps = partProperties(w.mem)
	return w, nil
}

// partProperties returns the Parquet and Arrow writer properties of every
// part: Zstandard compression, the Arrow schema stored.
func partProperties(mem memory.Allocator) (*parquet.WriterProperties, pqarrow.ArrowWriterProperties) {
	return parquet.NewWriterProperties(
			parquet.WithCompression(compress.Codecs.Zstd),
			parquet.WithDictionaryDefault(false),
			parquet.WithAllocator(mem),
			parquet.WithCreatedBy("survey sink (schema v"+fmt.Sprint(SchemaVersion)+")"),
		),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem))
}

// Append adds rows to a table's current unit. rows is a slice of the
// table's row type, or one value of it. Every row is checked first (a JSON
// column must hold JSON); on error nothing is appended. Text that is not
// valid UTF-8 is written with U+FFFD in place of the invalid bytes. When
// the committed units have reached BatchAge, Append first writes them.
func (w *Writer) Append(table string, rows any) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	ts := w.byName[table]
	if ts == nil {
		return fmt.Errorf("sink: append to unknown table %q", table)
	}
	v := reflect.ValueOf(rows)
	switch {
	case !v.IsValid():
		return fmt.Errorf("sink: append to %s: rows are nil", table)
	case v.Type() == ts.table.Row:
		v = reflect.Append(reflect.MakeSlice(ts.sliceType, 0, 1), v)
	case v.Type() != ts.sliceType:
		return fmt.Errorf("sink: append to %s: rows are %v, want %v or %v", table, v.Type(), ts.sliceType, ts.table.Row)
	}
	size, err := sizeRows(ts.table.codec.fields, v)
	if err != nil {
		return fmt.Errorf("sink: append to %s: %w", table, err)
	}
	ts.rows = reflect.AppendSlice(ts.rows, v)
	w.pendingRows += v.Len()
	w.pendingSize += size
	if w.batchRows > 0 && w.now().Sub(w.batchStart) >= w.opts.BatchAge {
		return w.flush()
	}
	return nil
}

// AppendRows is Append with the row type checked at compile time.
func AppendRows[T any](w *Writer, table string, rows ...T) error {
	return w.Append(table, rows)
}

// Commit ends the current unit: the rows appended since the last Commit
// will be written together, in one batch. When the batch has reached a
// threshold, Commit writes it.
func (w *Writer) Commit() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	for _, ts := range w.tables {
		ts.committed = ts.rows.Len()
	}
	if w.pendingRows == 0 {
		return nil
	}
	if w.batchRows == 0 {
		w.batchStart = w.now()
	}
	w.batchRows += w.pendingRows
	w.batchSize += w.pendingSize
	w.pendingRows, w.pendingSize = 0, 0
	if w.batchRows >= w.opts.BatchRows || w.batchSize >= w.opts.BatchBytes ||
		w.now().Sub(w.batchStart) >= w.opts.BatchAge {
		return w.flush()
	}
	return nil
}

// Flush writes the committed units now, as one batch. Rows of the current,
// uncommitted unit stay in memory.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	return w.flush()
}

// Close writes the committed units and releases the Writer. Rows appended
// after the last Commit are discarded: an uncommitted unit is incomplete
// (for example a domain whose crawl was interrupted) and is crawled again
// on resume.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	if w.err != nil {
		w.closed = true
		return w.err
	}
	err := w.flush()
	w.closed = true
	for _, ts := range w.tables {
		ts.rows = reflect.Value{}
	}
	return err
}

// NextSeq returns the sequence number the next batch will be written with.
func (w *Writer) NextSeq() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.seq
}

// usable reports why the Writer cannot be used, if it cannot.
func (w *Writer) usable() error {
	if w.closed {
		return ErrClosed
	}
	return w.err
}

// flush writes the committed rows as one batch: the parts of every table
// but the commit table, then the commit table's part, which marks the batch
// complete. An error makes the Writer unusable: the batch's parts written
// so far have no commit part, so readers ignore them and Recover deletes
// them.
func (w *Writer) flush() error {
	if w.batchRows == 0 {
		return nil
	}
	seq := w.seq
	dirs := map[string]bool{}
	for _, ts := range w.tables {
		isCommit := ts.table.Name == w.opts.CommitTable
		if ts.committed == 0 && !isCommit {
			continue
		}
		if isCommit {
			// Every part written so far must be durable before the
			// commit part makes the batch visible.
			for d := range dirs {
				if err := syncDir(d); err != nil {
					w.err = err
					return err
				}
			}
		}
		if err := w.writePart(ts, seq); err != nil {
			w.err = fmt.Errorf("sink: batch %d, table %s: %w", seq, ts.table.Name, err)
			return w.err
		}
		dirs[ts.dir] = true
		if isCommit {
			if err := syncDir(ts.dir); err != nil {
				w.err = err
				return err
			}
		}
	}
	w.seq++
	for _, ts := range w.tables {
		// Keep the backing array for the next batch (no regrowing), with
		// the uncommitted rows moved to its front and the rest cleared so
		// that written rows can be collected.
		n := reflect.Copy(ts.rows, ts.rows.Slice(ts.committed, ts.rows.Len()))
		ts.rows.Slice(n, ts.rows.Len()).Clear()
		ts.rows = ts.rows.Slice(0, n)
		ts.committed = 0
	}
	w.batchRows, w.batchSize = 0, 0
	return nil
}

// writePart writes the committed rows of one table as the part of batch
// seq: to a temporary file first, synced, then renamed.
func (w *Writer) writePart(ts *tableState, seq int) error {
	return w.writePartNamed(ts, partName(w.token, seq))
}

// writePartNamed writes the committed rows of ts as the part name, through
// a temporary file that is synced and renamed when complete.
func (w *Writer) writePartNamed(ts *tableState, name string) error {
	f, err := os.CreateTemp(ts.dir, "."+name+".*"+tempSuffix)
	if err != nil {
		return err
	}
	if err := w.writeTemp(ts, f); err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(ts.dir, name))
}

// writeTemp writes the committed rows of ts to f, a new temporary file of
// a part, then syncs and closes it; on error it removes f.
func (w *Writer) writeTemp(ts *tableState, f *os.File) (err error) {
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := w.encodePart(ts, bufio.NewWriterSize(f, 64<<10)); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// encodePart writes the committed rows of one table as a Parquet file to bw
// and flushes it.
func (w *Writer) encodePart(ts *tableState, bw *bufio.Writer) error {
	schema := ts.table.Schema()
	fw, err := pqarrow.NewFileWriter(schema, bw, w.props, w.arrowProps)
	if err != nil {
		return err
	}
	if ts.committed > 0 {
		rb := array.NewRecordBuilder(w.mem, schema)
		defer rb.Release()
		rb.Reserve(ts.committed)
		appendRecord(rb, ts.table.codec.fields, ts.rows, ts.committed)
		rec := rb.NewRecordBatch()
		defer rec.Release()
		if err := fw.Write(rec); err != nil {
			fw.Close()
			return err
		}
	}
	if err := fw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}
