package pipeline

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/internal/sqlquote"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// ReparseOptions configure Reparse.
type ReparseOptions struct {
	// Dir is the crawl output directory.
	Dir string
	// CrawlID selects one crawl; empty means every crawl in Dir.
	CrawlID string
	// NoBuild skips rebuilding the DuckDB database.
	NoBuild bool
	// Progress receives a line per crawl and the build's progress; nil
	// means none.
	Progress io.Writer
	// TTY says Progress is a terminal: the build shows a bar there
	// instead of a line every ten seconds.
	TTY bool
	// SkipDamaged reparses around the stored parts that cannot be read (a
	// damaged fetches or bodies part): the batches whose fetches part is
	// damaged, or that hold a file whose body is in a damaged bodies part,
	// keep their parsed parts as they were, and the database is built
	// without the damaged batches (sink.BuildOptions.SkipDamaged). Without
	// it, Reparse fails with a *sink.DamagedError naming them.
	SkipDamaged bool
	// Damaged, if not nil, is called for every damaged part SkipDamaged
	// reparses around, and for those the build leaves out.
	Damaged func(sink.DamagedPart)
	// LockWait is how long Reparse waits for the directory's shards while
	// a crawl holds one, before failing with ErrShardBusy (0 means
	// DefaultLockWait).
	LockWait time.Duration
}

// ReparseSummary reports a reparse.
type ReparseSummary struct {
	Crawls        []string
	Parts         int   // batches rewritten
	Kept          int   // batches kept as they were (SkipDamaged)
	Documents     int64 // documents written
	ParserVersion string
	DBPath        string
	Elapsed       time.Duration
}

// Reparse rebuilds every parsed table (documents, diagnostics and the
// per-format tables) of the crawls in a directory from the stored bodies,
// with the current parsers and no network. It works batch by batch: each
// committed batch's parsed parts are replaced together (sink.ReplaceParts),
// documents last, so an interrupted reparse leaves every batch either as it
// was or reparsed (documents.parser_version tells which; but for a kill in
// the instant between two renames of one batch, which can leave its other
// parsed tables reparsed and its documents not), and running it again
// finishes the job. Then it rebuilds the database. It fails with
// ErrShardBusy while a crawl is writing to the directory.
func Reparse(ctx context.Context, o ReparseOptions) (*ReparseSummary, error) {
	start := time.Now()
	sum := &ReparseSummary{ParserVersion: survey.BuildVersion()}
	release, err := lockAllShards(o.Dir, o.LockWait)
	if err != nil {
		return nil, err
	}
	defer release()
	crawls, err := sink.CrawlIDs(o.Dir)
	if err != nil {
		return nil, err
	}
	if o.CrawlID != "" {
		found := false
		for _, c := range crawls {
			found = found || c == o.CrawlID
		}
		if !found {
			return nil, fmt.Errorf("no crawl %q in %s (crawls: %s)", o.CrawlID, o.Dir, strings.Join(crawls, ", "))
		}
		crawls = []string{o.CrawlID}
	}
	if len(crawls) == 0 {
		return nil, fmt.Errorf("no crawl in %s", o.Dir)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "SET memory_limit = '1GB'; SET threads = 2"); err != nil {
		return nil, err
	}
	for _, id := range crawls {
		r, err := reparseCrawl(ctx, db, o.Dir, id, nil)
		var stored *storedReadError
		if errors.As(err, &stored) {
			// A stored part that cannot be read: which, and around them.
			damaged, ferr := damagedStored(ctx, o.Dir, id)
			if ferr != nil {
				return nil, fmt.Errorf("reparse crawl %s: %w (and looking for damaged parts: %v)", id, err, ferr)
			}
			if len(damaged) > 0 && !o.SkipDamaged {
				return nil, fmt.Errorf("reparse crawl %s: %w", id, &sink.DamagedError{Parts: damaged})
			}
			if len(damaged) > 0 {
				for _, d := range damaged {
					if o.Damaged != nil {
						o.Damaged(d)
					}
				}
				r, err = reparseCrawl(ctx, db, o.Dir, id, damaged)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("reparse crawl %s: %w", id, err)
		}
		sum.Crawls = append(sum.Crawls, id)
		sum.Parts += r.parts
		sum.Kept += r.kept
		sum.Documents += r.docs
		if o.Progress != nil {
			kept := ""
			if r.kept > 0 {
				kept = fmt.Sprintf("; %s (damaged stored parts)", count(r.kept, "batch kept as it was", "batches kept as they were"))
			}
			fmt.Fprintf(o.Progress, "reparsed crawl %s: %s, %s (parser version %s)%s\n", id,
				count(r.parts, "batch", "batches"), count(int(r.docs), "document", "documents"), survey.BuildVersion(), kept)
		}
	}
	if !o.NoBuild {
		sum.DBPath = filepath.Join(o.Dir, "survey.duckdb")
		report, finish := BuildMeter(o.Progress, o.TTY, 10*time.Second, sum.DBPath)
		err := sink.Build(ctx, sum.DBPath, []string{o.Dir}, nil, sink.BuildOptions{ToolVersion: survey.BuildVersion(), Progress: report,
			SkipDamaged: o.SkipDamaged, Damaged: o.Damaged})
		finish()
		if err != nil {
			return nil, fmt.Errorf("building %s: %w", sum.DBPath, err)
		}
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// Rewrites reports whether survey reparse writes the table again from the
// stored bodies (a parsed table), so that a damaged part of it can be
// repaired without the network.
func Rewrites(table string) bool {
	_, ok := parsedTables()[table]
	return ok
}

// parsedTables returns the tables reparse rewrites: every table whose rows
// come from parsing (documents, diagnostics, the per-format tables).
func parsedTables() map[string]sink.Table {
	out := map[string]sink.Table{}
	for _, t := range sink.Tables() {
		switch t.Name {
		case sink.TableCrawls, sink.TableTargets, sink.TableFetches, sink.TableBodies:
			continue
		}
		out[t.Name] = t
	}
	return out
}

// reparsed counts what reparseCrawl did.
type reparsed struct {
	parts, kept int   // batches rewritten, and kept as they were
	docs        int64 // documents written
}

// reparseCrawl rewrites the parsed parts of every committed batch of one
// crawl. The batches of the damaged parts in leftOut (fetches parts of the
// crawl, bodies parts of any) are not read, and a batch holding a file
// whose body was in a left-out bodies part is kept as it was.
func reparseCrawl(ctx context.Context, db *sql.DB, dir, crawlID string, leftOut []sink.DamagedPart) (reparsed, error) {
	var r reparsed
	skipBatch := map[string]bool{}
	skipPath := map[string]bool{}
	for _, d := range leftOut {
		skipPath[d.Path] = true
		if d.CrawlID == crawlID {
			skipBatch[d.Batch] = true
		}
	}
	targets, err := filepath.Glob(filepath.Join(dir, sink.TableTargets, "crawl="+crawlID, "part-*.parquet"))
	if err != nil {
		return r, err
	}
	var fetchParts []string
	for _, t := range targets {
		f := filepath.Join(dir, sink.TableFetches, "crawl="+crawlID, filepath.Base(t))
		if skipBatch[filepath.Base(t)] {
			r.kept++
			continue
		}
		if _, err := os.Stat(f); err == nil {
			fetchParts = append(fetchParts, f)
		}
	}
	sort.Strings(fetchParts)
	if len(fetchParts) == 0 {
		return r, nil
	}
	bodies, _ := filepath.Glob(filepath.Join(dir, sink.TableBodies, "*", "part-*.parquet"))
	bodies = slices.DeleteFunc(bodies, func(b string) bool { return skipPath[b] })
	bodySQL := "SELECT NULL::VARCHAR AS digest, NULL::BIGINT AS size, NULL::VARCHAR AS encoding, NULL::BLOB AS data LIMIT 0"
	if len(bodies) > 0 {
		// One whole row per digest: a body stored twice (by two runs) may
		// be encoded differently, and its size, encoding and data go together.
		bodySQL = "SELECT DISTINCT ON (digest) digest, size, encoding, data FROM read_parquet(" +
			sqlList(bodies) + ")"
	}
	var held []string
	for _, o := range classify.Outcomes() {
		if o.HoldsFile() {
			held = append(held, "'"+string(o)+"'")
		}
	}
	q := `SELECT parse_filename(f.filename) AS part, f.domain, f.location, f.outcome, f.final_url, f.scheme,
			f.content_type, CAST(to_json(f.headers) AS VARCHAR) AS headers, f.truncated, len(f.redirects) AS hops, f.downgraded,
			f.body_digest, b.size, CASE WHEN f.outcome IN (` + strings.Join(held, ",") + `) THEN b.encoding END AS encoding,
			CASE WHEN f.outcome IN (` + strings.Join(held, ",") + `) THEN b.data END AS data
		FROM read_parquet(` + sqlList(fetchParts) + `, filename = true) f
		LEFT JOIN (` + bodySQL + `) b ON b.digest = f.body_digest
		ORDER BY part, f.domain, f.location`
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return r, storedError(err)
	}
	defer rows.Close()

	tables := parsedTables()
	var (
		part, domain string
		views        []View
		digests      map[registry.LocationID]*string
		batch        parsedRows
		keep         bool // the batch holds a file whose body was left out
	)
	flushDomain := func() {
		if domain != "" {
			batch.add(crawlID, domain, views, digests)
		}
		views, digests = nil, map[registry.LocationID]*string{}
	}
	flushPart := func() error {
		flushDomain()
		switch {
		case part == "":
			return nil
		case keep:
			r.kept++
		default:
			if err := writeParsedPart(dir, crawlID, part, tables, &batch); err != nil {
				return err
			}
			r.parts++
			r.docs += int64(len(batch.documents))
		}
		batch, keep = parsedRows{}, false
		return nil
	}
	for rows.Next() {
		var (
			f                     struct{ part, domain, location, outcome, finalURL, scheme, contentType string }
			headers               sql.NullString
			truncated, downgraded bool
			hops                  int
			digest, encoding      sql.NullString
			size                  sql.NullInt64
			data                  []byte
		)
		if err := rows.Scan(&f.part, &f.domain, &f.location, &f.outcome, &f.finalURL, &f.scheme, &f.contentType,
			&headers, &truncated, &hops, &downgraded, &digest, &size, &encoding, &data); err != nil {
			return r, err
		}
		if f.part != part {
			if err := flushPart(); err != nil {
				return r, err
			}
			part = f.part
		}
		if f.domain != domain {
			flushDomain()
			domain = f.domain
		}
		v := View{
			Location: registry.LocationID(f.location), Outcome: classify.Outcome(f.outcome), FinalURL: f.finalURL,
			Scheme: f.scheme, ContentType: f.contentType, Truncated: truncated, Hops: hops, Downgraded: downgraded,
		}
		if headers.Valid {
			var m map[string]string
			if err := json.Unmarshal([]byte(headers.String), &m); err == nil {
				v.Header = headerFromKept(m)
			}
		}
		if digest.Valid {
			d := digest.String
			digests[v.Location] = &d
			if v.Outcome.HoldsFile() {
				if data == nil && len(leftOut) > 0 {
					keep = true // its body may be in a left-out part
					continue
				}
				if data == nil {
					return r, fmt.Errorf("%s %s: body %s is not stored", f.domain, f.location, d)
				}
				body, err := sink.DecodeBody(sink.BodyRow{Digest: d, Size: size.Int64, Encoding: encoding.String, Data: data})
				if err != nil {
					return r, fmt.Errorf("%s %s: %w", f.domain, f.location, err)
				}
				v.Body = body
			}
		}
		views = append(views, v)
	}
	if err := rows.Err(); err != nil {
		return r, storedError(err)
	}
	if err := flushPart(); err != nil {
		return r, err
	}
	return r, nil
}

// damagedStored returns the damaged parts among the stored parts a reparse
// of crawl crawlID reads: its fetches parts, and every bodies part.
func damagedStored(ctx context.Context, dir, crawlID string) ([]sink.DamagedPart, error) {
	found, err := sink.FindDamaged(ctx, dir, sink.TableFetches, sink.TableBodies)
	return slices.DeleteFunc(found, func(d sink.DamagedPart) bool {
		return d.CrawlID != crawlID && !strings.HasPrefix(d.Path, filepath.Join(dir, sink.TableBodies)+string(filepath.Separator))
	}), err
}

// storedReadError is DuckDB's error reading a crawl's stored fetches and
// bodies parts.
type storedReadError struct{ msg string }

func (e *storedReadError) Error() string { return "reading its stored fetches and bodies: " + e.msg }

// storedError returns DuckDB's error reading a crawl's fetches and bodies
// parts (a damaged part, which it names) without the excerpt of reparse's
// own query that DuckDB appends ("LINE 6: ..." and a caret): the user
// wrote none of it.
func storedError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "\n\nLINE "); i >= 0 {
		msg = strings.TrimSpace(msg[:i])
	}
	return &storedReadError{msg: msg}
}

// writeParsedPart replaces the parts called name of every parsed table with
// the batch's rows, documents last: a batch whose documents carry this
// parser version has every parsed table rewritten (see sink.ReplaceParts).
// A table the batch has no rows for gets an empty part only when it has a
// part to replace: like the crawl, which writes no part for a table without
// rows, reparse leaves the directory's parts (schema_info.parts) as they
// were.
func writeParsedPart(dir, crawlID, name string, tables map[string]sink.Table, b *parsedRows) error {
	byTable := map[string]reflect.Value{}
	add := func(table string, rows any) {
		v := reflect.ValueOf(rows)
		if cur, ok := byTable[table]; ok {
			byTable[table] = reflect.AppendSlice(cur, v)
		} else {
			byTable[table] = v
		}
	}
	add(sink.TableDocuments, b.documents)
	add(sink.TableDiagnostics, b.diagnostics)
	for _, f := range b.formats {
		add(f.Table, f.Rows)
	}
	if b.refersToCrawlerList() {
		_, list := sink.AICrawlerList()
		add(sink.TableAICrawlers, list)
	}
	names := replaceOrder(tables)
	parts := make([]sink.PartRows, 0, len(names))
	for _, n := range names {
		t := tables[n]
		rows, ok := byTable[n]
		if !ok || rows.Type() != reflect.SliceOf(t.Row) {
			rows = reflect.MakeSlice(reflect.SliceOf(t.Row), 0, 0)
		}
		if rows.Len() == 0 {
			if _, err := os.Lstat(filepath.Join(dir, n, "crawl="+crawlID, name)); errors.Is(err, fs.ErrNotExist) {
				continue
			}
		}
		parts = append(parts, sink.PartRows{Table: t, Rows: rows.Interface()})
	}
	if len(parts) == 0 {
		return nil
	}
	return sink.ReplaceParts(dir, crawlID, name, parts)
}

// replaceOrder returns the names of tables in the order reparse replaces
// their parts: by name, documents last.
func replaceOrder(tables map[string]sink.Table) []string {
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	slices.Sort(names)
	if i := slices.Index(names, sink.TableDocuments); i >= 0 {
		names = append(slices.Delete(names, i, i+1), sink.TableDocuments)
	}
	return names
}

// count returns n and the singular or plural noun: "1 batch", "2 batches".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sqlList returns a DuckDB list literal of quoted file names.
func sqlList(files []string) string {
	q := make([]string, len(files))
	for i, f := range files {
		q[i] = sqlquote.String(f)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
