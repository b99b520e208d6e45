package pipeline

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentpolicy/survey/internal/sqlquote"
	"github.com/agentpolicy/survey/sink"
)

// The seed lines a shard has committed in earlier runs, which a resumed
// crawl skips: read from its targets parts.

// lineSet is the set of seed lines already committed: a bitmap indexed by
// line number (1.25 MB for ten million lines).
type lineSet struct {
	bits []uint64
	n    int64
}

// add adds line to the set.
func (s *lineSet) add(line int64) {
	i := line / 64
	for int64(len(s.bits)) <= i {
		s.bits = append(s.bits, 0)
	}
	if s.bits[i]&(1<<(line%64)) == 0 {
		s.bits[i] |= 1 << (line % 64)
		s.n++
	}
}

// has reports whether line is in the set.
func (s *lineSet) has(line int64) bool {
	i := line / 64
	return i < int64(len(s.bits)) && s.bits[i]&(1<<(line%64)) != 0
}

// committedLines reads the seed lines of the domains a shard has committed
// in earlier runs of the crawl.
func committedLines(dir, crawlID, shard string, any bool) (*lineSet, error) {
	set := &lineSet{}
	if !any {
		return set, nil
	}
	pattern, err := sink.PartGlob(dir, sink.TableTargets, crawlID, shard)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		return set, err
	}
	sort.Strings(files)
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = sqlquote.String(f)
	}
	if err := readLines(db, quoted, set); err != nil {
		return nil, damagedTargets(db, files, err)
	}
	return set, nil
}

// readLines adds the seed lines of the targets parts to set (paths
// quoted as SQL strings).
func readLines(db *sql.DB, quoted []string, set *lineSet) error {
	rows, err := db.Query("SELECT seed_line FROM read_parquet([" + strings.Join(quoted, ",") + "])")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var line int64
		if err := rows.Scan(&line); err != nil {
			return err
		}
		set.add(line)
	}
	return rows.Err()
}

// damagedTargets explains err, the failure to read the targets parts
// files: it reads each on its own (sink.CheckPart) and names those that
// cannot be read, with the way out (a batch without its targets part is
// not committed, so resuming crawls its domains again), or returns err
// when each part reads.
func damagedTargets(db *sql.DB, files []string, err error) error {
	var bad []string
	var first error
	for _, f := range files {
		if ferr := sink.CheckPart(context.Background(), db, f); ferr != nil {
			bad = append(bad, f)
			first = cmp.Or(first, ferr)
		}
	}
	switch len(bad) {
	case 0:
		return fmt.Errorf("reading committed domains: %w", err)
	case 1:
		return fmt.Errorf("reading committed domains: %s cannot be read (%v): move it aside (rename it to %s.damaged) and resume again, which crawls its batch's domains again",
			bad[0], first, filepath.Base(bad[0]))
	}
	return fmt.Errorf("reading committed domains: %d targets parts cannot be read (the first: %v): %s: move them aside (rename each to NAME.damaged) and resume again, which crawls their batches' domains again",
		len(bad), first, strings.Join(bad, ", "))
}
