package report

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// Crawl is what the report says about the crawl it describes, read from
// the crawls and targets tables.
type Crawl struct {
	ID   string
	Runs []Run // one per shard and run, in shard and run order
	// Shards are the rows of the named query crawl_shards: each shard of
	// the crawl, the missing ones included, and its last run's status.
	Shards    []queries.ShardState
	Domains   int64 // domains crawled (rows of targets)
	Reachable int64 // domains whose outcome is ok
	// LeftOut are the batches of the crawl that the database was built
	// without because a part of theirs was damaged (schema_info's
	// damaged_parts, see survey merge --skip-damaged).
	LeftOut []LeftOutBatch
}

// LeftOutBatch is a batch of the crawl left out of the database.
type LeftOutBatch struct {
	Part    string // the damaged part
	Domains int64  // the batch's domains; -1 when unknown
}

// LeftOutSummary says in one sentence what the database lacks of the
// crawl, "" when nothing.
func (c Crawl) LeftOutSummary() string {
	if len(c.LeftOut) == 0 {
		return ""
	}
	var domains int64
	unknown := false
	for _, b := range c.LeftOut {
		if b.Domains < 0 {
			unknown = true
			continue
		}
		domains += b.Domains
	}
	batches, which := "1 batch", "it"
	if len(c.LeftOut) > 1 {
		batches, which = fmt.Sprintf("%d batches", len(c.LeftOut)), "each"
	}
	count := fmt.Sprintf("%s domains", FormatInt(domains))
	if unknown {
		count = "at least " + count
	}
	return fmt.Sprintf("%s of committed domains (%s) left out of the database because a part of %s was damaged; schema_info's damaged_parts names them. The figures of this report do not include these domains.", batches, count, which)
}

// Run is one row of the crawls table: a run of survey crawl for one
// shard.
type Run struct {
	Shard                  string
	Run                    int64
	StartedAt, EndedAt     time.Time // EndedAt is zero when the run was killed
	Status                 string
	ToolVersion, UserAgent string
	SeedsPath, SeedsDigest string
	SeedsRead, SeedsBad    int64
	Domains                int64
	Options                map[string]any // crawls.options; nil when NULL
}

// Started returns when the crawl's first run started.
func (c Crawl) Started() time.Time {
	var t time.Time
	for _, r := range c.Runs {
		if t.IsZero() || r.StartedAt.Before(t) {
			t = r.StartedAt
		}
	}
	return t
}

// Ended returns when the crawl's last run ended; zero when a run is still
// running (or has no end and is not known to be killed). A killed run has
// no end of its own, and a later run resumed it: it does not hide when the
// crawl ended.
func (c Crawl) Ended() time.Time {
	var t time.Time
	for _, r := range c.Runs {
		if r.EndedAt.IsZero() && r.Status == "killed" {
			continue
		}
		if r.EndedAt.IsZero() {
			return time.Time{}
		}
		if r.EndedAt.After(t) {
			t = r.EndedAt
		}
	}
	return t
}

// distinct returns the different values of a run field, in run order,
// joined with "; ".
func (c Crawl) distinct(field func(Run) string) string {
	var out []string
	seen := map[string]bool{}
	for _, r := range c.Runs {
		v := field(r)
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return strings.Join(out, "; ")
}

// Status says how complete the crawl is, from the rows of the named query
// crawl_shards (Shards): the status of each shard's last run (a
// resumption's "complete" ends an earlier run's "interrupted"), and the
// shards of the crawl that the database does not hold (survey merge of
// some of its shards). complete is true when every shard is there and its
// last run completed.
func (c Crawl) Status() (status string, complete bool) {
	var statuses, missing, present []string
	seen := map[string]bool{}
	for _, sh := range c.Shards {
		if sh.Missing() {
			missing = append(missing, sh.Shard)
			continue
		}
		present = append(present, "shard "+sh.Shard+" "+sh.Status)
		if !seen[sh.Status] {
			seen[sh.Status] = true
			statuses = append(statuses, sh.Status)
		}
	}
	complete = queries.Whole(c.Shards)
	status = strings.Join(statuses, "; ")
	switch {
	case len(missing) > 0:
		which := "shard " + missing[0] + " is"
		if len(missing) > 1 {
			which = "shards " + strings.Join(missing, ", ") + " are"
		}
		status = fmt.Sprintf("incomplete: %s not in the database; the figures are of the shards it holds (their last runs: %s)", which, status)
	case !complete && len(present) > 1:
		status = "incomplete: " + strings.Join(present, ", ")
	}
	return status, complete
}

// SeedList is a seed list the crawl read, and how many of its lines it
// read and rejected.
type SeedList struct {
	Digest    string // SHA-256 of the list, as the crawls table records it
	Read, Bad int64
}

// SeedLists returns the seed lists of the crawl's runs, one per digest in
// run order. Every run reads the whole list, a shard's share of the seeds
// and a resumption's remainder alike, so a list's lines are counted once,
// from the run that recorded the most (a killed run records none): the
// sum over runs would count them once per shard and run.
func (c Crawl) SeedLists() []SeedList {
	var out []SeedList
	index := map[string]int{}
	for _, r := range c.Runs {
		i, ok := index[r.SeedsDigest]
		if !ok {
			i = len(out)
			index[r.SeedsDigest] = i
			out = append(out, SeedList{Digest: r.SeedsDigest})
		}
		out[i].Read = max(out[i].Read, r.SeedsRead)
		out[i].Bad = max(out[i].Bad, r.SeedsBad)
	}
	return out
}

// latestCrawl returns the id of the crawl that started last (its first
// run, so that resuming an older crawl does not make it the latest; the
// greater id when two started together), the default of every named
// query.
func latestCrawl(ctx context.Context, db *sql.DB) (string, error) {
	var id string
	err := db.QueryRowContext(ctx, `SELECT crawl_id FROM crawls GROUP BY crawl_id ORDER BY min(started_at) DESC, crawl_id DESC LIMIT 1`).Scan(&id)
	if err == sql.ErrNoRows {
		return "", fmt.Errorf("the database holds no crawl (the crawls table is empty)")
	}
	if err != nil {
		return "", fmt.Errorf("reading the crawls table: %w", err)
	}
	return id, nil
}

// previousCrawl returns the id of the crawl that started last before
// crawl id (by their first runs, the greater id first among crawls that
// started together), the earlier crawl the queries comparing crawls take
// by default; "" when there is none.
func previousCrawl(ctx context.Context, db *sql.DB, id string) (string, error) {
	var prev string
	err := db.QueryRowContext(ctx, `
WITH starts AS (SELECT crawl_id, min(started_at) AS started_at FROM crawls GROUP BY crawl_id)
SELECT s.crawl_id FROM starts s, starts cur
WHERE cur.crawl_id = ? AND (s.started_at, s.crawl_id) < (cur.started_at, cur.crawl_id)
ORDER BY s.started_at DESC, s.crawl_id DESC LIMIT 1`, id).Scan(&prev)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the crawls table: %w", err)
	}
	return prev, nil
}

// readCrawl reads the runs and domain counts of crawl id.
func readCrawl(ctx context.Context, db *sql.DB, id string) (Crawl, error) {
	c := Crawl{ID: id}
	rows, err := db.QueryContext(ctx, `
SELECT shard, run, started_at, ended_at, status, tool_version, user_agent, seeds_path, seeds_digest,
       seeds_read, seeds_bad, domains, CAST(options AS VARCHAR)
FROM crawls WHERE crawl_id = ? ORDER BY shard, run`, id)
	if err != nil {
		return c, fmt.Errorf("reading the crawls table: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r Run
		var ended sql.NullTime
		var opts sql.NullString
		if err := rows.Scan(&r.Shard, &r.Run, &r.StartedAt, &ended, &r.Status, &r.ToolVersion, &r.UserAgent,
			&r.SeedsPath, &r.SeedsDigest, &r.SeedsRead, &r.SeedsBad, &r.Domains, &opts); err != nil {
			return c, fmt.Errorf("reading the crawls table: %w", err)
		}
		if ended.Valid {
			r.EndedAt = ended.Time
		}
		if opts.Valid && opts.String != "" {
			dec := json.NewDecoder(strings.NewReader(opts.String))
			dec.UseNumber()
			if err := dec.Decode(&r.Options); err != nil {
				return c, fmt.Errorf("crawl %s, shard %s, run %d: options are not a JSON object: %w", id, r.Shard, r.Run, err)
			}
		}
		c.Runs = append(c.Runs, r)
	}
	if err := rows.Err(); err != nil {
		return c, fmt.Errorf("reading the crawls table: %w", err)
	}
	if len(c.Runs) == 0 {
		ids, _ := crawlIDs(ctx, db)
		return c, fmt.Errorf("no crawl %q in the database (crawls: %s)", id, strings.Join(ids, ", "))
	}
	if c.Shards, err = queries.CrawlShards(ctx, db, id); err != nil {
		return c, err
	}
	err = db.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE outcome = 'ok') FROM targets WHERE crawl_id = ?`, id).
		Scan(&c.Domains, &c.Reachable)
	if err != nil {
		return c, fmt.Errorf("counting the domains of crawl %s: %w", id, err)
	}
	if c.LeftOut, err = leftOut(ctx, db, id); err != nil {
		return c, err
	}
	return c, nil
}

// leftOut reads the batches of crawl id that the build left out, from
// schema_info's damaged_parts (absent in databases built before it).
func leftOut(ctx context.Context, db *sql.DB, id string) ([]LeftOutBatch, error) {
	var value string
	err := db.QueryRowContext(ctx, `SELECT value FROM schema_info WHERE key = 'damaged_parts'`).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading schema_info: %w", err)
	}
	var parts []struct {
		Part    string `json:"part"`
		CrawlID string `json:"crawl_id"`
		Domains *int64 `json:"domains"`
	}
	if err := json.Unmarshal([]byte(value), &parts); err != nil {
		return nil, fmt.Errorf("schema_info's damaged_parts is not a JSON array of parts: %w", err)
	}
	var out []LeftOutBatch
	for _, p := range parts {
		if p.CrawlID != id {
			continue
		}
		b := LeftOutBatch{Part: p.Part, Domains: -1}
		if p.Domains != nil {
			b.Domains = *p.Domains
		}
		out = append(out, b)
	}
	return out, nil
}

// crawlIDs lists the crawls of the database, latest first.
func crawlIDs(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT crawl_id FROM crawls GROUP BY crawl_id ORDER BY min(started_at) DESC, crawl_id DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Option is one crawl option as the methodology lists it.
type Option struct {
	Name, Value string
}

// Options returns the crawl's options, sorted by name, each value written
// for a reader; an option whose value differs between runs lists every
// value.
func (c Crawl) Options() []Option {
	names := map[string]bool{}
	for _, r := range c.Runs {
		for k := range r.Options {
			names[k] = true
		}
	}
	var out []Option
	for name := range names {
		out = append(out, Option{Name: name, Value: c.distinct(func(r Run) string {
			v, ok := r.Options[name]
			if !ok {
				return "(not recorded)"
			}
			return optionText(v)
		})})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// optionText writes an option value decoded from JSON.
func optionText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if x == "" {
			return "(empty)"
		}
		return x
	case bool:
		return formatValue(x, kindText)
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return FormatInt(n)
		}
		return x.String()
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = optionText(e)
		}
		return strings.Join(parts, ", ")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Limit is one of the crawl's bounds on what it fetched, as the
// methodology states it.
type Limit struct {
	Name    string // what is bounded
	Value   string // the bound, e.g. "1 MiB (1,048,576 bytes)"
	Meaning string // what happens at the bound
}

// Limits returns the crawl's body cap, timeouts and other bounds, read
// from the options of its runs; an option left at zero (older runs) or
// recorded at the crawler's default value is marked as the default.
func (c Crawl) Limits() []Limit {
	get := func(name string, show func(any) (string, bool)) string {
		return c.distinct(func(r Run) string {
			v, ok := r.Options[name]
			if !ok {
				return "not recorded"
			}
			s, set := show(v)
			if !set {
				return s + " (the default)"
			}
			return s
		})
	}
	duration := func(def time.Duration) func(any) (string, bool) {
		return func(v any) (string, bool) {
			s, _ := v.(string)
			d, err := time.ParseDuration(s)
			if err != nil {
				return fmt.Sprint(v), true
			}
			if d <= 0 {
				return def.String(), false
			}
			return d.String(), d != def
		}
	}
	integer := func(def int64, show func(int64) string) func(any) (string, bool) {
		return func(v any) (string, bool) {
			n, ok := v.(json.Number)
			i, err := n.Int64()
			if !ok || err != nil {
				return fmt.Sprint(v), true
			}
			if i <= 0 {
				return show(def), false
			}
			return show(i), i != def
		}
	}
	return []Limit{
		{"Body cap", get("max_body", integer(crawl.DefaultMaxBody, FormatBytes)),
			"per location, after decompression; a longer body is cut, stored as far as the cap and classified too_large."},
		{"Request timeout", get("timeout", duration(crawl.DefaultTimeout)),
			"for one request, redirects and body included, not counting its wait for a turn at the host or IP; beyond it the fetch is a timeout."},
		{"Domain deadline", get("domain_deadline", duration(crawl.DefaultDomainDeadline)),
			"for all the requests of one domain, not counting their waits for a turn; locations not fetched by then are timeouts (domain_deadline)."},
		{"Consecutive timeouts per host", get("max_timeouts", integer(crawl.DefaultMaxTimeouts, FormatInt)),
			"after this many timeouts in a row a host's remaining locations are not requested (timeout, host_unresponsive)."},
		{"Longest Retry-After waited for", get("max_retry_after", duration(crawl.DefaultMaxRetryAfter)),
			"a 429 or 503 asking for a longer wait is not retried; after a 429, or a 503 with a Retry-After, the host's remaining locations are blocked (rate_limited), and so are other domains' requests to the host while a longer wait lasts."},
		{"Redirects followed", fmt.Sprintf("%d hops", registry.MaxRedirects),
			"a longer chain, or a loop, is a redirect_error."},
		{"Requests in flight per IP address", get("per_ip_limit", integer(crawl.DefaultPerIPLimit, FormatInt)),
			"politeness towards hosts that share an address."},
		{"robots.txt", get("respect_robots", func(v any) (string, bool) {
			if b, _ := v.(bool); b {
				return "obeyed (--respect-robots)", true
			}
			return "not consulted", false
		}), "obeyed, a location the site's robots.txt disallows for survey is not requested (blocked, robots_txt); not consulted, every location is requested once."},
	}
}
