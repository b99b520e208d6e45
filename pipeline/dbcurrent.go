package pipeline

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

// DatabaseHoldsLastRun reports whether the database at db records the last
// run of the crawl whose state out holds for shard, with the status that
// run ended with. A database built before that run ended holds only part
// of the crawl: one built by an interrupted run, say, whose resume
// completed the crawl and was killed (or stopped by a second Ctrl-C) while
// it built its own. It returns an error when it cannot tell (no state, a
// database that cannot be read).
func DatabaseHoldsLastRun(db, out string, shard seeds.Shard) (bool, error) {
	st, err := loadState(out, shard.String())
	if err != nil {
		return false, err
	}
	if len(st.Runs) == 0 {
		return false, errors.New("the crawl records no run")
	}
	last := st.Runs[len(st.Runs)-1]
	conn, err := sink.Open(db)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	var status string
	err = conn.QueryRow(`SELECT status FROM crawls WHERE crawl_id = ? AND shard = ? AND run = ?`, st.CrawlID, st.Shard, last.Run).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", db, err)
	}
	return status == last.Status, nil
}
