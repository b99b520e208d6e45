package sink

import (
	"database/sql"
	"fmt"
	"net/url"

	"github.com/duckdb/duckdb-go/v2"
)

// CheckMemoryLimit returns an error when DuckDB would not take limit as
// its memory_limit, so that a command can say which flag is wrong before
// it opens or builds anything (DuckDB's own error names neither the flag
// nor the value's form, and a build's names its temporary file). It asks
// DuckDB itself, on an in-memory database; "" and DefaultMemoryLimit,
// which every command takes unless told otherwise, are not asked about.
func CheckMemoryLimit(limit string) error {
	if limit == "" || limit == DefaultMemoryLimit {
		return nil
	}
	q := url.Values{}
	q.Set("memory_limit", limit)
	q.Set("autoinstall_known_extensions", "false")
	connector, err := duckdb.NewConnector("?"+q.Encode(), nil)
	if err == nil {
		db := sql.OpenDB(connector)
		err = db.Ping()
		db.Close()
	}
	if err != nil {
		return fmt.Errorf("%q is not a memory limit DuckDB takes: give a size such as 512MB, 4GB or 2GiB", limit)
	}
	return nil
}
