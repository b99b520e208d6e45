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
	if holder, ok := lockHolder(err); ok {
		return heldError("--db "+path, holder, "")
	}
	if err != nil {
		return refuse(fmt.Sprintf("cannot be read (%v), so it may not be a survey database", err))
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_info'`).Scan(&n); err != nil || n == 0 {
		return refuse("is a DuckDB database but not a survey database (it has no schema_info table)")
	}
	return nil
}

// checkNotHeld returns an error when the database file path is open in
// another process that holds DuckDB's lock on it (a notebook's read-write
// connection, say), for a command that would replace it (alternative, if
// not "", is how to do without): the other process would go on writing
// to the file replaced, and DuckDB would apply its write-ahead log, under
// the same name, to the new database. A path that does not exist or
// cannot be opened for another reason is no error: a build replaces a
// damaged database.
func checkNotHeld(path, alternative string) error {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	db, err := sink.Open(path)
	if holder, ok := lockHolder(err); ok {
		return heldError(path, holder, alternative)
	}
	if err == nil {
		db.Close()
	}
	return nil
}

// lockHolder returns the process that holds DuckDB's lock on a database,
// as err, DuckDB's error opening it, names it ("/usr/bin/python3 (PID
// 123)"), and whether err is that error.
func lockHolder(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	const mark = "Conflicting lock is held in "
	msg := err.Error()
	i := strings.Index(msg, mark)
	if i < 0 {
		return "", false
	}
	holder := msg[i+len(mark):]
	if j := strings.Index(holder, ")"); j >= 0 {
		holder = holder[:j+1]
	}
	return holder, true
}

// heldError is the error of a database that another process, holder,
// holds open, for a command that would replace it.
func heldError(what, holder, alternative string) error {
	if alternative != "" {
		alternative = ", or " + alternative
	}
	return fmt.Errorf("%s is open in another process, %s: replacing it now would lose what that process writes to it, and DuckDB would apply that process's write-ahead log to the new database; close it there first%s", what, holder, alternative)
}
