package queries

import (
	"context"
	"database/sql"
	"fmt"
)

// ShardState is a row of the named query crawl_shards: a shard of a crawl
// and how much of it the database holds. The query is the one definition
// of a whole crawl; survey query, survey report and the notebooks read it
// rather than each deciding from the crawls table.
type ShardState struct {
	Shard   string // i/n
	Status  string // the status of the shard's last run (crawls.status), or "missing"
	Runs    int64  // the shard's runs; 0 when missing
	LastRun int64  // the number of its last run; 0 when missing
	Ended   bool   // the last run recorded its end
	Domains int64  // crawls.domains summed over its runs; -1 when a run recorded no end
}

// Missing reports whether the database holds no run of the shard, which
// another shard of the crawl names.
func (s ShardState) Missing() bool { return s.Status == "missing" }

// Complete reports whether the shard's last run completed.
func (s ShardState) Complete() bool { return s.Status == "complete" }

// Whole reports whether shards, the rows of one crawl, are every shard of
// it, each complete. No rows (no crawl) is not whole.
func Whole(shards []ShardState) bool {
	for _, s := range shards {
		if !s.Complete() {
			return false
		}
	}
	return len(shards) > 0
}

// CrawlShards runs crawl_shards for crawl (the most recent crawl when
// crawl is "") and reads its rows.
func CrawlShards(ctx context.Context, db *sql.DB, crawl string) ([]ShardState, error) {
	q, err := Get("crawl_shards")
	if err != nil {
		return nil, err
	}
	var params map[string]string
	if crawl != "" {
		params = map[string]string{"crawl": crawl}
	}
	res, err := q.Run(ctx, db, params)
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, c := range res.Columns {
		col[c] = i
	}
	var out []ShardState
	for _, r := range res.Rows {
		var s ShardState
		var ok [6]bool
		s.Shard, ok[0] = r[col["shard"]].(string)
		s.Status, ok[1] = r[col["status"]].(string)
		s.Runs, ok[2] = r[col["runs"]].(int64)
		s.LastRun, ok[3] = r[col["last_run"]].(int64)
		ok[3] = ok[3] || r[col["last_run"]] == nil
		s.Ended, ok[4] = r[col["ended"]].(bool)
		s.Domains, ok[5] = r[col["domains"]].(int64)
		if r[col["domains"]] == nil {
			s.Domains, ok[5] = -1, true
		}
		for i, good := range ok {
			if !good {
				return nil, fmt.Errorf("query crawl_shards: row %v: column %d has an unexpected type", r, i)
			}
		}
		out = append(out, s)
	}
	return out, nil
}
