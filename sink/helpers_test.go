package sink

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

// coreSample holds rows of every core table.
type coreSample struct {
	crawls      []CrawlRow
	targets     []TargetRow
	fetches     []FetchRow
	bodies      []BodyRow
	documents   []DocumentRow
	diagnostics []DiagnosticRow
}

func ptr[T any](v T) *T { return &v }

// sampleRows returns rows exercising every column type: NULLs and values
// in pointer columns, lists of structs (empty and not), maps (nil, empty,
// several keys), timestamps with sub-microsecond parts, JSON (empty and
// not), invalid UTF-8, NUL bytes and non-ASCII text.
func sampleRows(crawlID string) coreSample {
	t0 := time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.UTC)
	ended := t0.Add(90 * time.Minute)
	dig := Digest([]byte("User-agent: *\nDisallow: /private\n"))
	var s coreSample
	s.crawls = []CrawlRow{{
		CrawlID: crawlID, Shard: "0/1", Run: 1, StartedAt: t0, EndedAt: &ended, Status: "complete",
		ToolVersion: "0.1.0", UserAgent: "survey/0.1.0 (+https://github.com/agentpolicy/survey)",
		SeedsPath: "seeds.csv", SeedsDigest: dig, SeedsRead: 3, SeedsBad: 1, Domains: 2,
		Options: `{"concurrency": 8, "max_body": 1048576, "resume": false}`,
	}, {
		CrawlID: crawlID, Shard: "0/1", Run: 2, StartedAt: t0.Add(time.Hour), Status: "interrupted",
	}}
	s.targets = []TargetRow{{
		CrawlID: crawlID, Domain: "example.com", Registrable: "example.com", Rank: ptr(int64(1)), SeedLine: 1,
		Seed: "example.com", Outcome: "ok", Scheme: "https", Fetches: 2, StartedAt: t0, DurationMs: 812.5,
	}, {
		CrawlID: crawlID, Domain: "xn--bcher-kva.example", Registrable: "xn--bcher-kva.example", SeedLine: 3,
		Seed: "bücher.example", Outcome: "unreachable", Reason: "tls", Scheme: "http", HTTPFallback: true,
		HTTPSError: "tls: handshake failure \xff\xfe", Soft404Site: true, Fetches: 1, StartedAt: t0.Add(time.Second),
		DurationMs: 0.001,
	}}
	s.fetches = []FetchRow{{
		CrawlID: crawlID, Domain: "example.com", Location: "robots", URL: "https://example.com/robots.txt",
		FinalURL: "https://www.example.com/robots.txt",
		Redirects: []RedirectHop{
			{URL: "https://example.com/robots.txt", Status: 301, Location: "https://www.example.com/robots.txt"},
			{URL: "https://www.example.com/robots.txt", Status: 308, Location: "/robots.txt"},
		},
		Scheme: "https", Status: ptr(int32(200)), ContentType: "text/plain; charset=utf-8", Size: 33,
		BodyDigest: &dig, RemoteAddr: "93.184.215.14:443", StartedAt: t0, DNSMs: 1.25, ConnectMs: 10.5,
		TLSMs: 20.75, TTFBMs: 40, TotalMs: 99.125, Outcome: "present",
		Headers: map[string]string{"content-usage": "train-ai=n", "server": "ECS", "x-robots-tag": "noai, noimageai"},
	}, {
		CrawlID: crawlID, Domain: "example.com", Location: "agents-txt", URL: "https://example.com/agents.txt",
		FinalURL: "https://example.com/agents.txt", Scheme: "https", StartedAt: t0.Add(time.Millisecond),
		Outcome: "network_error", Reason: "connect", Error: "dial tcp: connection refused\x00 (nul)",
		Headers: map[string]string{},
	}, {
		CrawlID: crawlID, Domain: "xn--bcher-kva.example", Location: "home", URL: "http://xn--bcher-kva.example/",
		FinalURL: "http://xn--bcher-kva.example/", Redirects: []RedirectHop{}, Scheme: "http", HTTPFallback: true,
		Status: ptr(int32(503)), Outcome: "blocked", Reason: "challenge_cloudflare", Truncated: true,
		Offsite: true, Downgraded: true, StartedAt: t0.Add(2 * time.Second),
	}}
	s.bodies = []BodyRow{{Digest: dig, Size: 33, Encoding: BodyEncodingZstd, Data: []byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0xff}}}
	s.documents = []DocumentRow{{
		CrawlID: crawlID, Domain: "example.com", Location: "robots", Format: "robots", Valid: true, Usable: true,
		Effective: "restricted", Warnings: 1, Infos: 2, BodyDigest: &dig, ParserVersion: "0.1.0",
		Summary: `{"groups": 1, "agents": ["*"], "nested": {"a": [1, 2.5, null, true]}}`,
	}, {
		CrawlID: crawlID, Domain: "example.com", Location: "agents-txt", Format: "agents-txt",
		OtherFormat: "robots", Errors: 3, ParserVersion: "0.1.0",
	}}
	s.diagnostics = []DiagnosticRow{{
		CrawlID: crawlID, Domain: "example.com", Location: "robots", Format: "robots", Code: "robots.missing-colon",
		Severity: "warning", Line: 7, Spec: "RFC 9309 §2.2", Message: "line has no colon: \"Disallow /x\"",
	}, {
		CrawlID: crawlID, Domain: "example.com", Location: "robots", Format: "robots", Code: "robots.unknown-rule",
		Severity: "info", Line: 0, Spec: "RFC 9309 §2.2.4", Message: "",
	}}
	return s
}

// sampleTables returns the tables sampleRows fills: the core tables.
func sampleTables() []Table {
	var out []Table
	for _, tb := range Tables() {
		switch tb.Name {
		case TableCrawls, TableTargets, TableFetches, TableBodies, TableDocuments, TableDiagnostics:
			out = append(out, tb)
		}
	}
	return out
}

// rowsOf returns the sample's rows of a table, as a slice value.
func (s coreSample) rowsOf(table string) any {
	switch table {
	case TableCrawls:
		return s.crawls
	case TableTargets:
		return s.targets
	case TableFetches:
		return s.fetches
	case TableBodies:
		return s.bodies
	case TableDocuments:
		return s.documents
	case TableDiagnostics:
		return s.diagnostics
	}
	panic("no table " + table)
}

// expectedRows returns rows as the canonical values DuckDB should return,
// one []any per row, sorted.
func expectedRows(t *testing.T, table Table, rows any) [][]any {
	t.Helper()
	v := reflect.ValueOf(rows)
	out := make([][]any, v.Len())
	for i := range v.Len() {
		for _, f := range table.codec.fields {
			out[i] = append(out[i], goCanonical(f.codec, v.Index(i).Field(f.index)))
		}
	}
	return sortRows(out)
}

// goCanonical converts a Go value to what DuckDB returns for it.
func goCanonical(c *codec, v reflect.Value) any {
	switch {
	case c.json:
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return nil
			}
			v = v.Elem()
		}
		if v.String() == "" {
			return nil
		}
		var x any
		if err := json.Unmarshal([]byte(v.String()), &x); err != nil {
			panic(err)
		}
		return x
	case c.elem != nil && c.nullable: // pointer
		if v.IsNil() {
			return nil
		}
		return goCanonical(c.elem, v.Elem())
	case c.elem != nil: // list
		out := []any{}
		for i := range v.Len() {
			out = append(out, goCanonical(c.elem, v.Index(i)))
		}
		return out
	case c.fields != nil:
		out := map[string]any{}
		for _, f := range c.fields {
			out[f.name] = goCanonical(f.codec, v.Field(f.index))
		}
		return out
	}
	switch x := v.Interface().(type) {
	case time.Time:
		return x.Truncate(time.Microsecond).UTC()
	case string:
		return validText(x)
	case map[string]string:
		out := map[string]string{}
		for k, val := range x {
			out[k] = val
		}
		return out
	case []byte:
		return append([]byte{}, x...) // nil is written as an empty BLOB
	default:
		return x
	}
}

// dbCanonical converts a value scanned from DuckDB to canonical form.
func dbCanonical(c *codec, x any) any {
	if x == nil {
		return nil
	}
	switch {
	case c.json:
		if s, ok := x.(string); ok { // read from Parquet: text
			var y any
			if err := json.Unmarshal([]byte(s), &y); err != nil {
				panic(err)
			}
			return y
		}
		return x
	case c.elem != nil && c.nullable:
		return dbCanonical(c.elem, x)
	case c.elem != nil:
		out := []any{}
		for _, e := range x.([]any) {
			out = append(out, dbCanonical(c.elem, e))
		}
		return out
	case c.fields != nil:
		m := x.(map[string]any)
		out := map[string]any{}
		for _, f := range c.fields {
			out[f.name] = dbCanonical(f.codec, m[f.name])
		}
		return out
	}
	switch y := x.(type) {
	case time.Time:
		return y.UTC()
	case duckdb.Map:
		out := map[string]string{}
		for k, val := range y {
			out[k.(string)] = val.(string)
		}
		return out
	default:
		return y
	}
}

// queryRows runs query, whose columns are the table's, and returns its
// rows in canonical form, sorted.
func queryRows(t *testing.T, db *sql.DB, table Table, query string, args ...any) [][]any {
	t.Helper()
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out [][]any
	fields := table.codec.fields
	for rows.Next() {
		vals := make([]any, len(fields))
		ptrs := make([]any, len(fields))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, f := range fields {
			vals[i] = dbCanonical(f.codec, vals[i])
		}
		out = append(out, vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return sortRows(out)
}

func sortRows(rows [][]any) [][]any {
	slices.SortFunc(rows, func(a, b []any) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
	return rows
}

// columnList returns the table's columns, quoted, for a SELECT.
func columnList(table Table) string {
	var names []string
	for _, c := range table.Columns() {
		names = append(names, quoteIdent(c.Name))
	}
	return strings.Join(names, ", ")
}

// compareRows fails the test when got and want differ.
func compareRows(t *testing.T, what string, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d\ngot  %v\nwant %v", what, len(got), len(want), got, want)
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%s: row %d:\ngot  %#v\nwant %#v", what, i, got[i], want[i])
		}
	}
}

// memDB opens an in-memory DuckDB for reading Parquet files.
func memDB(t testing.TB) *sql.DB {
	t.Helper()
	db, err := openDuckDB("", false, "", 0, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// tableByName returns one of Tables().
func tableByName(t testing.TB, name string) Table {
	t.Helper()
	for _, tb := range Tables() {
		if tb.Name == name {
			return tb
		}
	}
	t.Fatalf("no table %s", name)
	return Table{}
}
