package main

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/sink"
)

// duckDBMagic is what a DuckDB database file holds at byte 8 of its
// header.
var duckDBMagic = []byte("DUCK")

// errEmptyDB is the error of a --db given as "" (an unset variable in a
// script, say).
var errEmptyDB = errors.New("--db is empty; give a database file")

// checkDuckDBFile returns an error, in words, unless path is a DuckDB
// database file: when it does not exist, is a directory (an output
// directory, whose database it names), or is a file of another kind.
func checkDuckDBFile(path string) error {
	if path == "" {
		return errEmptyDB
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if path == defaultDB {
			return fmt.Errorf("%s does not exist: give the database with --db (a crawl's is OUT/survey.duckdb, or build one with survey merge)", path)
		}
		return fmt.Errorf("%s does not exist", path)
	}
	if err != nil {
		return err
	}
	if st.IsDir() {
		inside := filepath.Join(path, "survey.duckdb")
		if _, err := os.Stat(inside); err == nil {
			return fmt.Errorf("%s is a directory, not a database: its database is --db %s", path, inside)
		}
		return fmt.Errorf("%s is a directory, not a database file", path)
	}
	if st.Size() == 0 {
		return fmt.Errorf("%s is empty, not a database", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 12)
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head[8:], duckDBMagic) {
		return fmt.Errorf("%s is not a DuckDB database (a survey database is the survey.duckdb of a crawl's output directory, or one survey merge built)", path)
	}
	return nil
}

// checkSurveySchema returns an error unless db, opened from path, is a
// survey database of the schema this survey reads: a DuckDB database of
// something else has no schema_info table, and one of another schema
// version would fail its queries with errors about missing columns.
func checkSurveySchema(db *sql.DB, path string) error {
	var version string
	err := db.QueryRow(`SELECT value FROM schema_info WHERE key = 'schema_version'`).Scan(&version)
	if err != nil {
		var n int
		if db.QueryRow(`SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_info'`).Scan(&n) == nil && n == 0 {
			return fmt.Errorf("%s is a DuckDB database but not a survey database (it has no schema_info table)", path)
		}
		return fmt.Errorf("%s: reading its schema version: %w", path, err)
	}
	if version != strconv.Itoa(sink.SchemaVersion) {
		return fmt.Errorf("%s is a survey database of schema version %s, and this survey reads version %d: build it again from its output directories with this survey (survey merge --db %s DIR...)",
			path, version, sink.SchemaVersion, path)
	}
	return nil
}

// missingColumns returns the tables and columns of survey's schema
// (sink.Tables, by the names of the database's tables) that db lacks, as
// table or table.column, in schema order: db was built by an older survey,
// before they existed (every build creates every table, empty or not). A
// database built again from the same parts with this survey has them (NULL
// for the rows of parts written before).
func missingColumns(db *sql.DB) ([]string, error) {
	rows, err := db.Query(`SELECT table_name, column_name FROM information_schema.columns`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			return nil, err
		}
		have[table+"."+column] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var missing []string
	for _, t := range sink.Tables() {
		name := t.DatabaseTable()
		if !have[name+"."+t.Columns()[0].Name] {
			missing = append(missing, name) // the whole table
			continue
		}
		for _, c := range t.Columns() {
			if !have[name+"."+c.Name] {
				missing = append(missing, name+"."+c.Name)
			}
		}
	}
	return missing, nil
}

// explainMissingColumns returns err, a query of the survey database at
// path that failed, with what the database lacks when an older survey
// built it, and how to build it again; err alone otherwise.
func explainMissingColumns(db *sql.DB, path string, err error) error {
	if older := olderDatabase(db, path); older != "" {
		return fmt.Errorf("%w\n%s", err, older)
	}
	return err
}

// olderDatabase says what the survey database at path lacks when an older
// survey built it, and how to build it again; "" when it lacks nothing.
func olderDatabase(db *sql.DB, path string) string {
	missing, err := missingColumns(db)
	if err != nil || len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("%s was built by an older survey and lacks %s (tables and columns this survey writes and its queries read); build it again from its output directory with this survey (survey merge --db %s DIR), which keeps every crawl it holds",
		path, strings.Join(missing, ", "), path)
}

// openSurveyDB opens the survey database at path read-only (memoryLimit
// as sink.OpenLimit takes it), saying in words what path is when it is not
// one. With anyDuckDB, a DuckDB database of something else will do (for
// SQL of the user's own).
func openSurveyDB(path, memoryLimit string, anyDuckDB bool) (*sql.DB, error) {
	if err := checkDuckDBFile(path); err != nil {
		return nil, err
	}
	db, err := sink.OpenLimit(path, memoryLimit)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	if !anyDuckDB {
		if err := checkSurveySchema(db, path); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// checkReplaceable returns an error unless the database file path may be
// replaced by a build: it does not exist, is empty, or is a survey
// database. Anything else (a seed list, another DuckDB database, an output
// directory given as --db by mistake) would be lost, or would fail only
// after the whole build.
func checkReplaceable(path string) error {
	if path == "" {
		return errEmptyDB
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if st.IsDir() {
		return fmt.Errorf("--db %s is a directory; give the database file to build, such as --db %s", path, filepath.Join(path, "survey.duckdb"))
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("--db %s is not a regular file", path)
	}
	if st.Size() == 0 {
		return nil
	}
	refuse := func(what string) error {
		return fmt.Errorf("--db %s exists and %s, which a build would replace; give a new path, or remove it first", path, what)
	}
	if checkDuckDBFile(path) != nil {
		return refuse("is not a DuckDB database")
	}
	db, err := sink.Open(path)
	if err != nil {
		// Opening fails, among other reasons, when another process holds
		// the database open for writing.
		if held := sink.CheckNotHeld(path); held != nil {
			return fmt.Errorf("--db %w", held)
		}
		return refuse(fmt.Sprintf("cannot be read (%v), so it may not be a survey database", err))
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_info'`).Scan(&n); err != nil || n == 0 {
		return refuse("is a DuckDB database but not a survey database (it has no schema_info table)")
	}
	return nil
}

// checkNotHeld is sink.CheckNotHeld for a command that would replace the
// database at path, with alternative, if not "", saying how to do without.
func checkNotHeld(path, alternative string) error {
	return withAlternative(sink.CheckNotHeld(path), alternative)
}

// withAlternative adds to a *sink.HeldError how to do without replacing
// the database now; other errors are returned as they are.
func withAlternative(err error, alternative string) error {
	var h *sink.HeldError
	if alternative == "" || !errors.As(err, &h) {
		return err
	}
	return fmt.Errorf("%w, or %s", err, alternative)
}
