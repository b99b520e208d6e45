package queries

import (
	"bufio"
	"cmp"
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
)

//go:embed sql/*.sql
var files embed.FS

// Query is one named query: an embedded .sql file whose opening comment
// states the question it answers, how to read its result, and its
// parameters.
type Query struct {
	Name     string  // file name without .sql
	Question string  // the question the query answers
	Read     string  // how to read the result
	Params   []Param // parameters, set with --param name=value
	SQL      string  // the whole file
}

// Param is a parameter of a query. The query reads it with
// getvariable('name'); a parameter not given is NULL, and the query applies
// its documented default.
type Param struct {
	Name    string
	Default string // what the query does when the parameter is not given
}

// header lines: "-- Question: ...", "-- Read: ...", "-- Param name: default";
// a line "--   ..." continues the previous field.
var fieldLine = regexp.MustCompile(`^--\s*(Question|Read|Param\s+([a-z_][a-z0-9_]*))\s*:\s*(.*)$`)

// All returns every named query, sorted by name.
func All() ([]Query, error) {
	entries, err := fs.ReadDir(files, "sql")
	if err != nil {
		return nil, err
	}
	var out []Query
	for _, e := range entries {
		q, err := load(e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Get returns the named query.
func Get(name string) (Query, error) {
	q, err := load(name + ".sql")
	if err != nil {
		var names []string
		all, _ := All()
		for _, a := range all {
			names = append(names, a.Name)
		}
		if c := closest(name, names); c != "" {
			return Query{}, fmt.Errorf("no query named %q; did you mean %s? (survey query --list: %s)", name, c, strings.Join(names, ", "))
		}
		return Query{}, fmt.Errorf("no query named %q (survey query --list: %s)", name, strings.Join(names, ", "))
	}
	return q, nil
}

// closest returns the name of names nearest to name, when it is at most
// two edits away (a typo) and no other is as near; "" otherwise.
func closest(name string, names []string) string {
	best, bestDist, ties := "", 3, 0
	for _, n := range names {
		switch d := levenshtein.ComputeDistance(strings.ToLower(name), n); {
		case d < bestDist:
			best, bestDist, ties = n, d, 0
		case d == bestDist:
			ties++
		}
	}
	if ties > 0 {
		return ""
	}
	return best
}

func load(file string) (Query, error) {
	b, err := files.ReadFile(path.Join("sql", file))
	if err != nil {
		return Query{}, err
	}
	q := Query{Name: strings.TrimSuffix(file, ".sql"), SQL: string(b)}
	var field *string
	sc := bufio.NewScanner(strings.NewReader(q.SQL))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "--") {
			break
		}
		if m := fieldLine.FindStringSubmatch(line); m != nil {
			switch {
			case m[1] == "Question":
				q.Question, field = m[3], &q.Question
			case m[1] == "Read":
				q.Read, field = m[3], &q.Read
			default:
				q.Params = append(q.Params, Param{Name: m[2], Default: m[3]})
				field = &q.Params[len(q.Params)-1].Default
			}
			continue
		}
		if cont := strings.TrimSpace(strings.TrimPrefix(line, "--")); field != nil && cont != "" {
			*field += " " + cont
		} else {
			field = nil
		}
	}
	if q.Question == "" || q.Read == "" {
		return Query{}, fmt.Errorf("queries: %s does not open with -- Question: and -- Read: lines", file)
	}
	return q, nil
}

// Run runs the query on db with the given parameters, which must be among
// the query's. Each parameter is set as a DuckDB variable for the query's
// session only.
func (q Query) Run(ctx context.Context, db *sql.DB, params map[string]string) (*Result, error) {
	conn, err := q.session(ctx, db, params)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	res, err := execConn(ctx, conn, q.SQL)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	return res, nil
}

// Export runs the query as Run does and has DuckDB write its result to the
// file at path, as Export does for any SQL.
func (q Query) Export(ctx context.Context, db *sql.DB, params map[string]string, path string) (int64, error) {
	conn, err := q.session(ctx, db, params)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	n, err := exportConn(ctx, conn, q.SQL, path)
	if err != nil {
		return 0, fmt.Errorf("query %s: %w", q.Name, err)
	}
	return n, nil
}

// session returns a connection of db on which params, which must be among
// the query's, are set as DuckDB variables and the query's other
// parameters are reset. The caller closes it.
func (q Query) session(ctx context.Context, db *sql.DB, params map[string]string) (*sql.Conn, error) {
	names := make([]string, len(q.Params))
	for i, p := range q.Params {
		names[i] = p.Name
	}
	for name := range params {
		if !slices.Contains(names, name) {
			return nil, fmt.Errorf("query %s has no parameter %q (it has: %s)", q.Name, name, cmp.Or(strings.Join(names, ", "), "none"))
		}
		if err := checkParam(name, params[name]); err != nil {
			return nil, fmt.Errorf("query %s: %w", q.Name, err)
		}
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range q.Params {
		v, ok := params[p.Name]
		if !ok {
			if _, err := conn.ExecContext(ctx, `RESET VARIABLE "`+p.Name+`"`); err != nil {
				conn.Close()
				return nil, fmt.Errorf("query %s: %w", q.Name, err)
			}
			continue
		}
		// Quoted: a parameter may be named after an SQL keyword (limit).
		if _, err := conn.ExecContext(ctx, `SET VARIABLE "`+p.Name+`" = ?`, v); err != nil {
			conn.Close()
			return nil, fmt.Errorf("query %s: parameter %s: %w", q.Name, p.Name, err)
		}
	}
	return conn, nil
}
