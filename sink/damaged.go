package sink

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/internal/sqlquote"
)

// A DamagedPart is a committed part that DuckDB cannot read: its file was
// changed or damaged after it was renamed into place (parts are written
// under a temporary name and renamed only when complete, so a crash does
// not leave one).
type DamagedPart struct {
	// Path is the part's file.
	Path string
	// Dir is the output directory holding it, as given to Build.
	Dir string
	// CrawlID is the crawl the part belongs to.
	CrawlID string
	// Batch is the part's file name, which every part of its batch
	// shares (one per table, under Dir/<table>/crawl=<CrawlID>/).
	Batch string
	// Shard is the shard that wrote the batch, "i/n", from its name.
	Shard string
	// Commit is the batch's commit part (its targets part, which may be
	// Path itself). Moved aside, it leaves the batch uncommitted: a build
	// skips the batch, and survey crawl --resume crawls its domains
	// again.
	Commit string
	// Domains is the number of domains the batch committed (the rows of
	// its targets part), or -1 when that part cannot be read either.
	Domains int64
	// Err is DuckDB's error reading the part.
	Err error
}

// String describes the part and its batch in one line.
func (d DamagedPart) String() string {
	domains := "an unknown number of domains"
	switch {
	case d.Domains == 1:
		domains = "1 domain"
	case d.Domains >= 0:
		domains = fmt.Sprintf("%d domains", d.Domains)
	}
	return fmt.Sprintf("%s: %v (batch %s of crawl %s in %s: %s)", d.Path, d.Err, d.Batch, d.CrawlID, d.Dir, domains)
}

// DamagedError is Build's error when committed parts cannot be read and
// BuildOptions.SkipDamaged is not set (and survey reparse's, for the
// stored parts it reads). Parts lists a damaged part of every
// batch that has one.
type DamagedError struct {
	Parts []DamagedPart
}

// Error names the first damaged part, and how many others there are.
func (e *DamagedError) Error() string {
	if len(e.Parts) == 0 {
		return "damaged parts"
	}
	msg := "damaged part " + e.Parts[0].String()
	if n := len(e.Parts) - 1; n > 0 {
		msg += fmt.Sprintf(" and %d more", n)
	}
	return msg
}

// batchKey identifies one batch: the parts of the same name under one
// crawl's partitions of one output directory.
type batchKey struct {
	dir, crawl, name string
}

// partBatch returns the batch of a committed part found under dir.
func partBatch(dir, path string) batchKey {
	return batchKey{dir: dir, crawl: filepath.Base(filepath.Dir(path)), name: filepath.Base(path)}
}

// findDamaged reads every committed part of tables under dirs on its own
// (CheckPart) and returns those DuckDB cannot read, one per batch (the
// first found; the batch is left out whole). It runs only after a build
// has failed, so that a healthy build reads each part once.
func findDamaged(ctx context.Context, dirs []string, tables []Table, opts BuildOptions) ([]DamagedPart, error) {
	db, err := openDuckDB("", false, opts.MemoryLimit, opts.Threads, opts.TempDir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var damaged []DamagedPart
	found := map[batchKey]bool{}
	for _, dir := range dirs {
		for _, t := range tables {
			files, err := committedParts(dir, t.Name, opts.CommitTable)
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				key := partBatch(dir, f)
				if found[key] {
					continue
				}
				err := CheckPart(ctx, db, f)
				if err == nil {
					continue
				}
				if cerr := ctx.Err(); cerr != nil {
					return nil, cerr
				}
				crawlID := strings.TrimPrefix(key.crawl, "crawl=")
				token, _, _, _ := parsePart(key.name)
				index, count, _ := strings.Cut(token, "of")
				damaged = append(damaged, DamagedPart{
					Path: f, Dir: dir, CrawlID: crawlID, Batch: key.name, Shard: index + "/" + count,
					Commit: filepath.Join(partitionDir(dir, opts.CommitTable, crawlID), key.name), Domains: -1, Err: err,
				})
				found[key] = true
			}
		}
	}
	for i, d := range damaged {
		// The batch's domains are the rows of its commit part, when that
		// part is not the damaged one.
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM read_parquet("+sqlquote.String(d.Commit)+")").Scan(&n); err == nil {
			damaged[i].Domains = n
		}
	}
	return damaged, nil
}

// CheckPart reads every value of every column of the Parquet part at path
// through db, a DuckDB database, and returns DuckDB's error (without the
// excerpt of the query it appends) when the part cannot be read whole.
// The values are hashed as they are read, so memory does not grow with
// the part.
func CheckPart(ctx context.Context, db *sql.DB, path string) error {
	rows, err := db.QueryContext(ctx, "SELECT max(hash(COLUMNS(*))) FROM read_parquet("+sqlquote.String(path)+")")
	if err == nil {
		for rows.Next() {
		}
		err = errors.Join(rows.Err(), rows.Close())
	}
	if err == nil {
		return nil
	}
	msg, _ := withoutExcerpt(err)
	return errors.New(msg)
}

// damagedJSON is the schema_info value recording the parts a build left
// out with their batches: a JSON array of objects with part, dir,
// crawl_id, batch, domains (null when unknown) and error.
func damagedJSON(parts []DamagedPart) (string, error) {
	type record struct {
		Part    string `json:"part"`
		Dir     string `json:"dir"`
		CrawlID string `json:"crawl_id"`
		Batch   string `json:"batch"`
		Domains *int64 `json:"domains"`
		Error   string `json:"error"`
	}
	out := make([]record, len(parts))
	for i, p := range parts {
		out[i] = record{Part: p.Path, Dir: p.Dir, CrawlID: p.CrawlID, Batch: p.Batch, Error: p.Err.Error()}
		if p.Domains >= 0 {
			out[i].Domains = &p.Domains
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("sink: build: %w", err)
	}
	return string(b), nil
}

// FindDamaged reads every committed part of the named tables under dir on
// its own (CheckPart) and returns those DuckDB cannot read, one per batch,
// as a build with SkipDamaged would leave them out. survey reparse asks it
// when reading a crawl's stored fetches and bodies fails.
func FindDamaged(ctx context.Context, dir string, tables ...string) ([]DamagedPart, error) {
	var ts []Table
	for _, t := range Tables() {
		if slices.Contains(tables, t.Name) {
			ts = append(ts, t)
		}
	}
	return findDamaged(ctx, []string{dir}, ts, BuildOptions{CommitTable: DefaultCommitTable})
}
