package sink

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// PartRows is the rows of one table's part of a batch, for ReplaceParts.
type PartRows struct {
	Table Table
	Rows  any // a slice of Table's row type, possibly empty
}

// ReplaceParts writes parts as the parts called name of their tables for
// crawl crawlID under dir, replacing any parts of that name. name must be
// the name of a part of the commit table (targets), so that the new parts
// belong to that committed batch. Like every writer of a shard, the caller
// must be the shard's only writer (survey reparse holds every shard's
// lock).
//
// survey reparse uses it to rewrite the parsed tables batch by batch. Every
// new part is checked, written to a temporary file and synced before any is
// renamed, and the renames follow the order of parts: a failure or a kill
// before the renames leaves the batch as it was, and only a kill between
// two renames leaves the first parts replaced and the rest not. Give last
// the part that tells a rewritten batch (reparse gives documents last, whose
// parser_version says which parser wrote the batch). The temporary file of
// a part has a fixed name (.NAME.replace.tmp), so a replace of the batch
// truncates and reuses what an earlier, killed one left, without reading
// the partition's directory.
func ReplaceParts(dir, crawlID, name string, parts []PartRows) error {
	if err := CheckCrawlID(crawlID); err != nil {
		return err
	}
	if _, _, temp, ok := parsePart(name); !ok || temp {
		return fmt.Errorf("sink: %q is not a part name", name)
	}
	states := make([]*tableState, len(parts))
	for i, p := range parts {
		t, err := p.Table.compiled()
		if err != nil {
			return err
		}
		v := reflect.ValueOf(p.Rows)
		sliceType := reflect.SliceOf(t.Row)
		if !v.IsValid() || v.Type() != sliceType {
			return fmt.Errorf("sink: replace part of %s: rows are %T, want %v", t.Name, p.Rows, sliceType)
		}
		if _, err := sizeRows(t.codec.fields, v); err != nil {
			return fmt.Errorf("sink: replace part of %s: %w", t.Name, err)
		}
		states[i] = &tableState{table: t, sliceType: sliceType, dir: partitionDir(dir, t.Name, crawlID), rows: v, committed: v.Len()}
	}
	w := &Writer{mem: memory.NewGoAllocator()}
	w.props, w.arrowProps = partProperties(w.mem)
	var temps []string
	removeTemps := func() {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
	}
	for _, ts := range states {
		if err := mkdirAllSync(ts.dir); err != nil {
			removeTemps()
			return err
		}
		tmp := filepath.Join(ts.dir, "."+name+".replace"+tempSuffix)
		f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
		if err == nil {
			err = w.writeTemp(ts, f)
		}
		if err != nil {
			removeTemps()
			return fmt.Errorf("sink: replace part %s of %s: %w", name, ts.table.Name, err)
		}
		temps = append(temps, tmp)
	}
	for i, ts := range states {
		if err := os.Rename(temps[i], filepath.Join(ts.dir, name)); err != nil {
			removeTemps()
			return fmt.Errorf("sink: replace part %s of %s: %w", name, ts.table.Name, err)
		}
	}
	var errs []error
	for _, ts := range states {
		errs = append(errs, syncDir(ts.dir))
	}
	return errors.Join(errs...)
}
