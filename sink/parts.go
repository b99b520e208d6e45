package sink

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Part files live at DIR/<table>/crawl=<crawl-id>/part-<shard>-<seq>.parquet,
// where <shard> is the shard "i/n" written "iofn" and <seq> is the batch's
// sequence number, zero-padded to eight digits. A part being written is
// named .part-<shard>-<seq>.parquet.<random>.tmp in the same directory.

const (
	partPrefix = "part-"
	partSuffix = ".parquet"
	tempPrefix = ".part-"
	tempSuffix = ".tmp"
)

// partitionDir returns the directory of one table's parts of one crawl.
func partitionDir(dir, table, crawlID string) string {
	return filepath.Join(dir, table, "crawl="+crawlID)
}

// PartGlob returns the filepath.Glob pattern of the committed parts of
// shard ("i/n") of crawl crawlID's table in dir; table "*" matches them in
// every table.
func PartGlob(dir, table, crawlID, shard string) (string, error) {
	token, err := shardToken(shard)
	if err != nil {
		return "", err
	}
	return filepath.Join(partitionDir(dir, table, crawlID), partPrefix+token+"-*"+partSuffix), nil
}

// partName returns the file name of a part.
func partName(token string, seq int) string {
	return fmt.Sprintf("%s%s-%08d%s", partPrefix, token, seq, partSuffix)
}

// shardToken returns the form of a shard used in file names: "0/1" becomes
// "0of1". The empty shard is "0/1".
func shardToken(shard string) (string, error) {
	if shard == "" {
		shard = "0/1"
	}
	if shard[0] == '/' || shard[len(shard)-1] == '/' || strings.Count(shard, "/") > 1 {
		return "", fmt.Errorf("sink: shard %q is not of the form i/n", shard)
	}
	for i := 0; i < len(shard); i++ {
		c := shard[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '/') {
			return "", fmt.Errorf("sink: shard %q may hold only digits, lower-case letters and one /", shard)
		}
	}
	return strings.Replace(shard, "/", "of", 1), nil
}

// CrawlIDs lists, sorted, the crawls that have a partition of the commit
// table (targets) under dir: none, and no error, when dir holds no crawl
// output.
func CrawlIDs(dir string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, TableTargets))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sink: %w", err)
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutPrefix(e.Name(), "crawl="); ok && e.IsDir() {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// CheckCrawlID returns an error unless id can name a crawl partition
// directory (crawl=ID): letters, digits, '.', '_' and '-', starting with a
// letter or digit.
func CheckCrawlID(id string) error {
	if id == "" {
		return errors.New("sink: crawl ID is empty")
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		alnum := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !alnum && (i == 0 || c != '.' && c != '_' && c != '-') {
			return fmt.Errorf("sink: crawl ID %q may hold only letters, digits, '.', '_' and '-', and must start with a letter or digit", id)
		}
	}
	return nil
}

// parsePart parses a file name as a complete part (temp false) or a
// temporary one (temp true), returning its shard token and sequence number.
func parsePart(name string) (token string, seq int, temp, ok bool) {
	var core string
	switch {
	case strings.HasPrefix(name, partPrefix) && strings.HasSuffix(name, partSuffix):
		core = strings.TrimSuffix(strings.TrimPrefix(name, partPrefix), partSuffix)
	case strings.HasPrefix(name, tempPrefix) && strings.HasSuffix(name, tempSuffix):
		rest := strings.TrimPrefix(name, tempPrefix)
		i := strings.Index(rest, partSuffix+".")
		if i < 0 {
			return "", 0, false, false
		}
		core, temp = rest[:i], true
	default:
		return "", 0, false, false
	}
	i := strings.LastIndexByte(core, '-')
	if i <= 0 {
		return "", 0, false, false
	}
	digits := core[i+1:]
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return "", 0, false, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		return "", 0, false, false
	}
	return core[:i], n, temp, true
}

// shardFiles is what one shard of one crawl has on disk in one output
// directory.
type shardFiles struct {
	parts   map[int][]string // complete parts by sequence number, every table
	commits map[int]bool     // sequence numbers with a commit-table part
	temps   []string         // temporary files
	maxSeq  int              // highest sequence number seen, 0 if none
}

// scanShard lists the files of one shard of one crawl under dir. Table
// directories are every subdirectory of dir that has the crawl's partition,
// so tables unknown to this version are covered too.
func scanShard(dir, crawlID, token, commitTable string) (*shardFiles, error) {
	s := &shardFiles{parts: map[int][]string{}, commits: map[int]bool{}}
	tables, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return s, nil
		}
		return nil, fmt.Errorf("sink: %w", err)
	}
	for _, t := range tables {
		if !t.IsDir() {
			continue
		}
		pdir := partitionDir(dir, t.Name(), crawlID)
		entries, err := os.ReadDir(pdir)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, fmt.Errorf("sink: %w", err)
		}
		for _, e := range entries {
			tok, seq, temp, ok := parsePart(e.Name())
			if !ok || tok != token || e.IsDir() {
				continue
			}
			s.maxSeq = max(s.maxSeq, seq)
			path := filepath.Join(pdir, e.Name())
			switch {
			case temp:
				s.temps = append(s.temps, path)
			default:
				s.parts[seq] = append(s.parts[seq], path)
				if t.Name() == commitTable {
					s.commits[seq] = true
				}
			}
		}
	}
	return s, nil
}

// Recover prepares an output directory for resuming one shard of a crawl
// whose commit table is the default (targets): it deletes the shard's
// temporary files and every part of a batch that has no targets part, and
// returns the sequence number the next batch should use. Other shards'
// files are not touched, so shards may share a directory; but no Writer of
// the same crawl and shard may be running.
func Recover(dir, crawlID, shard string) (next int, err error) {
	return RecoverCommitTable(dir, crawlID, shard, DefaultCommitTable)
}

// RecoverCommitTable is Recover for a Writer whose Options name another
// commit table.
func RecoverCommitTable(dir, crawlID, shard, commitTable string) (next int, err error) {
	if err := CheckCrawlID(crawlID); err != nil {
		return 0, err
	}
	token, err := shardToken(shard)
	if err != nil {
		return 0, err
	}
	s, err := scanShard(dir, crawlID, token, commitTable)
	if err != nil {
		return 0, err
	}
	dirty := map[string]bool{}
	remove := func(path string) error {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sink: recover: %w", err)
		}
		dirty[filepath.Dir(path)] = true
		return nil
	}
	for _, path := range s.temps {
		if err := remove(path); err != nil {
			return 0, err
		}
	}
	for seq, paths := range s.parts {
		if s.commits[seq] {
			continue
		}
		for _, path := range paths {
			if err := remove(path); err != nil {
				return 0, err
			}
		}
	}
	for _, d := range slices.Sorted(maps.Keys(dirty)) {
		if err := syncDir(d); err != nil {
			return 0, err
		}
	}
	return s.maxSeq + 1, nil
}

// committedParts returns the complete parts of table under dir whose batch
// is committed (its commit-table part exists), in every crawl partition and
// shard, sorted by path.
func committedParts(dir, table, commitTable string) ([]string, error) {
	crawls, err := os.ReadDir(filepath.Join(dir, commitTable))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("sink: %w", err)
	}
	var out []string
	for _, c := range crawls {
		if !c.IsDir() || !strings.HasPrefix(c.Name(), "crawl=") {
			continue
		}
		committed := map[string]bool{}
		commitEntries, err := os.ReadDir(filepath.Join(dir, commitTable, c.Name()))
		if err != nil {
			return nil, fmt.Errorf("sink: %w", err)
		}
		for _, e := range commitEntries {
			if _, _, temp, ok := parsePart(e.Name()); ok && !temp {
				committed[e.Name()] = true
			}
		}
		pdir := filepath.Join(dir, table, c.Name())
		entries, err := os.ReadDir(pdir)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, fmt.Errorf("sink: %w", err)
		}
		for _, e := range entries {
			// A part's batch is committed when the commit table has a part
			// of the same name (same shard and sequence number).
			if committed[e.Name()] && !e.IsDir() {
				out = append(out, filepath.Join(pdir, e.Name()))
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// syncDir flushes a directory's entries (renames, creations, removals) to
// stable storage.
func syncDir(path string) error {
	d, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("sink: sync %s: %w", path, err)
	}
	return nil
}

// mkdirAllSync creates path and its missing parents, syncing each parent
// whose entries changed so the new directories survive a crash.
func mkdirAllSync(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil
	}
	parent := filepath.Dir(path)
	if parent != path {
		if err := mkdirAllSync(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(path, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("sink: %w", err)
	}
	return syncDir(parent)
}
