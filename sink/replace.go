package sink

import (
	"fmt"
	"reflect"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ReplacePart writes rows (a slice of t's row type, possibly empty) as the
// part called name of table t for crawl crawlID under dir, replacing any
// part of that name atomically (temporary file, fsync, rename). name must
// be the name of a part of the commit table (targets), so that the new
// part belongs to that committed batch.
//
// survey reparse uses it to rewrite the parsed tables batch by batch: every
// batch's parsed parts are replaced whole, so an interrupted reparse leaves
// each batch either as it was or reparsed, never half of each.
func ReplacePart(dir, crawlID, name string, t Table, rows any) error {
	if err := checkCrawlID(crawlID); err != nil {
		return err
	}
	if _, _, temp, ok := parsePart(name); !ok || temp {
		return fmt.Errorf("sink: %q is not a part name", name)
	}
	t, err := t.compiled()
	if err != nil {
		return err
	}
	v := reflect.ValueOf(rows)
	sliceType := reflect.SliceOf(t.Row)
	if !v.IsValid() || v.Type() != sliceType {
		return fmt.Errorf("sink: replace part of %s: rows are %T, want %v", t.Name, rows, sliceType)
	}
	if _, err := sizeRows(t.codec.fields, v); err != nil {
		return fmt.Errorf("sink: replace part of %s: %w", t.Name, err)
	}
	ts := &tableState{table: t, sliceType: sliceType, dir: partitionDir(dir, t.Name, crawlID), rows: v, committed: v.Len()}
	if err := mkdirAllSync(ts.dir); err != nil {
		return err
	}
	w := &Writer{mem: memory.NewGoAllocator()}
	w.props, w.arrowProps = partProperties(w.mem)
	if err := w.writePartNamed(ts, name); err != nil {
		return fmt.Errorf("sink: replace part %s of %s: %w", name, t.Name, err)
	}
	return syncDir(ts.dir)
}
