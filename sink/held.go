package sink

import (
	"fmt"
	"os"
	"strings"
)

// HeldError is the error of a build that would replace a database another
// process holds open for writing (a notebook's read-write connection, say):
// that process would go on writing to the file replaced, and DuckDB would
// apply its write-ahead log, which is named after the database, to the new
// database the next time it is opened.
type HeldError struct {
	Path   string // the database
	Holder string // the process, as DuckDB names it: "/usr/bin/python3 (PID 123)"
}

// Error says which database is held, by which process, and why it is not
// replaced.
func (e *HeldError) Error() string {
	return fmt.Sprintf("%s is open in another process, %s: replacing it now would lose what that process writes to it, and DuckDB would apply that process's write-ahead log to the new database; close it there first", e.Path, e.Holder)
}

// CheckNotHeld returns a *HeldError when the database at path is open for
// writing in another process, which holds DuckDB's lock on it. A path that
// does not exist, or cannot be opened for another reason, is no error: a
// build replaces a damaged database. The database is opened read-only, so
// it is not changed, and readers elsewhere do not count: a file renamed
// over theirs leaves them reading the old one.
func CheckNotHeld(path string) error {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	db, err := Open(path)
	if err == nil {
		db.Close()
		return nil
	}
	if holder, ok := lockHolder(err); ok {
		return &HeldError{Path: path, Holder: holder}
	}
	return nil
}

// lockHolder returns the process that holds DuckDB's lock on a database,
// as err, DuckDB's error opening it, names it ("/usr/bin/python3 (PID
// 123)"), and whether err is that error.
func lockHolder(err error) (string, bool) {
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
