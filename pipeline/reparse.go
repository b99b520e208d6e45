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
	// LockWait is how long Reparse waits for the directory's shards while
	// a crawl holds one, before failing with ErrShardBusy (0 means
	// DefaultLockWait).
	LockWait time.Duration
}

// ReparseSummary reports a reparse.
type ReparseSummary struct {
	Crawls        []string
	Parts         int   // batches rewritten
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
		parts, docs, err := reparseCrawl(ctx, db, o.Dir, id)
		if err != nil {
			return nil, fmt.Errorf("reparse crawl %s: %w", id, err)
		}
		sum.Crawls = append(sum.Crawls, id)
		sum.Parts += parts
		sum.Documents += docs
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "reparsed crawl %s: %s, %s (parser version %s)\n", id,
				count(parts, "batch", "batches"), count(int(docs), "document", "documents"), survey.BuildVersion())
		}
	}
	if !o.NoBuild {
		sum.DBPath = filepath.Join(o.Dir, "survey.duckdb")
		report, finish := BuildMeter(o.Progress, o.TTY, 10*time.Second, sum.DBPath)
		err := sink.Build(ctx, sum.DBPath, []string{o.Dir}, nil, sink.BuildOptions{ToolVersion: survey.BuildVersion(), Progress: report})
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

// reparseCrawl rewrites the parsed parts of every committed batch of one
// crawl. It returns the number of batches and documents written.
func reparseCrawl(ctx context.Context, db *sql.DB, dir, crawlID string) (int, int64, error) {
	targets, err := filepath.Glob(filepath.Join(dir, sink.TableTargets, "crawl="+crawlID, "part-*.parquet"))
	if err != nil {
		return 0, 0, err
	}
	var fetchParts []string
	for _, t := range targets {
		f := filepath.Join(dir, sink.TableFetches, "crawl="+crawlID, filepath.Base(t))
		if _, err := os.Stat(f); err == nil {
			fetchParts = append(fetchParts, f)
		}
	}
	sort.Strings(fetchParts)
	if len(fetchParts) == 0 {
		return 0, 0, nil
	}
	bodies, _ := filepath.Glob(filepath.Join(dir, sink.TableBodies, "*", "part-*.parquet"))
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
		return 0, 0, storedError(err)
	}
	defer rows.Close()

	tables := parsedTables()
	var (
		part, domain string
		views        []View
		digests      map[registry.LocationID]*string
		batch        parsedRows
		parts        int
		docs         int64
	)
	flushDomain := func() {
		if domain != "" {
			batch.add(crawlID, domain, views, digests)
		}
		views, digests = nil, map[registry.LocationID]*string{}
	}
	flushPart := func() error {
		flushDomain()
		if part == "" {
			return nil
		}
		if err := writeParsedPart(dir, crawlID, part, tables, &batch); err != nil {
			return err
		}
		parts++
		docs += int64(len(batch.documents))
		batch = parsedRows{}
		return nil
	}
	for rows.Next() {
		var (
			r                     struct{ part, domain, location, outcome, finalURL, scheme, contentType string }
			headers               sql.NullString
			truncated, downgraded bool
			hops                  int
			digest, encoding      sql.NullString
			size                  sql.NullInt64
			data                  []byte
		)
		if err := rows.Scan(&r.part, &r.domain, &r.location, &r.outcome, &r.finalURL, &r.scheme, &r.contentType,
			&headers, &truncated, &hops, &downgraded, &digest, &size, &encoding, &data); err != nil {
			return 0, 0, err
		}
		if r.part != part {
			if err := flushPart(); err != nil {
				return 0, 0, err
			}
			part = r.part
		}
		if r.domain != domain {
			flushDomain()
			domain = r.domain
		}
		v := View{
			Location: registry.LocationID(r.location), Outcome: classify.Outcome(r.outcome), FinalURL: r.finalURL,
			Scheme: r.scheme, ContentType: r.contentType, Truncated: truncated, Hops: hops, Downgraded: downgraded,
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
				if data == nil {
					return 0, 0, fmt.Errorf("%s %s: body %s is not stored", r.domain, r.location, d)
				}
				body, err := sink.DecodeBody(sink.BodyRow{Digest: d, Size: size.Int64, Encoding: encoding.String, Data: data})
				if err != nil {
					return 0, 0, fmt.Errorf("%s %s: %w", r.domain, r.location, err)
				}
				v.Body = body
			}
		}
		views = append(views, v)
	}
	if err := rows.Err(); err != nil {
		return 0, 0, storedError(err)
	}
	if err := flushPart(); err != nil {
		return 0, 0, err
	}
	return parts, docs, nil
}

// storedError returns DuckDB's error reading a crawl's fetches and bodies
// parts (a damaged part, which it names) without the excerpt of reparse's
// own query that DuckDB appends ("LINE 6: ..." and a caret): the user
// wrote none of it.
func storedError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "\n\nLINE "); i >= 0 {
		msg = strings.TrimSpace(msg[:i])
	}
	return fmt.Errorf("reading its stored fetches and bodies: %s", msg)
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
