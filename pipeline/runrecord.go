package pipeline

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/agentpolicy/survey/sink"
)

// runRows makes the crawls rows of a crawl's runs.
type runRows struct {
	st        *State
	shard     string
	version   string // this run's survey version, for a run that recorded none
	userAgent string // this run's User-Agent, for a run whose options do not say
}

// row is the crawls row of run r, with the counts given.
func (rr runRows) row(r RunState, seedsRead, seedsBad, domains int64) sink.CrawlRow {
	st := rr.st
	return sink.CrawlRow{
		CrawlID: st.CrawlID, Shard: rr.shard, Run: r.Run, StartedAt: r.StartedAt, EndedAt: r.EndedAt,
		Status: r.Status, ToolVersion: cmp.Or(r.ToolVersion, rr.version), UserAgent: rr.userAgent, SeedsPath: st.SeedsPath,
		SeedsDigest: st.SeedsDigest, SeedsRead: seedsRead, SeedsBad: seedsBad, Domains: domains,
		Options: sink.JSON(st.Options),
	}
}

// startRun records a new run of the crawl: in its state, saved in out, and
// as a crawls row committed to w, with the rows of the earlier runs that
// never wrote their own. previous is the options of the last run before
// this one, which a killed run's row records. Notes go to stderr. On an
// error the caller closes w.
func startRun(w *sink.Writer, rows runRows, previous json.RawMessage, out string, stderr io.Writer) (RunState, error) {
	st := rows.st
	// Runs that were killed never wrote their final row: record them now,
	// with their own options (a killed run can only be the last one
	// started, or one whose killed row the run after it, killed too, did
	// not write). A run that failed writing may not have written its own
	// either (or even its starting row, with its first batch): record it
	// from its state. A run is marked recorded only once its row is
	// written (the Flush below), so that a run killed before that writes
	// them again.
	var starters []sink.CrawlRow
	var recorded []int // the runs recorded from their state
	for i, r := range st.Runs {
		if r.Status == "failed" && !r.Recorded && r.EndedAt != nil {
			starters = append(starters, rows.row(r, r.SeedsRead, r.SeedsBad, r.Domains))
			recorded = append(recorded, i)
			continue
		}
		last := i == len(st.Runs)-1
		// A killed run not marked recorded is written again, unless its
		// state is an older version's (no options kept), which marked
		// none: its row was written with the run after it.
		again := r.Status == "killed" && !r.Recorded && (r.Options != nil || last)
		if r.EndedAt == nil && (r.Status == "running" || again) {
			st.Runs[i].Status = "killed"
			recorded = append(recorded, i)
			row := rows.row(st.Runs[i], 0, 0, 0)
			options := r.Options
			if options == nil && last {
				options = previous
			}
			if options != nil {
				row.Options = sink.JSON(options)
				var o struct {
					UserAgent string `json:"user_agent"`
				}
				if json.Unmarshal(options, &o) == nil && o.UserAgent != "" {
					row.UserAgent = o.UserAgent
				}
			}
			starters = append(starters, row)
		}
	}
	run := RunState{Run: int32(len(st.Runs) + 1), StartedAt: time.Now().UTC(), Status: "running", ToolVersion: rows.version, Options: st.Options}
	if n := len(st.Runs); n > 0 && stderr != nil {
		if was := st.Runs[n-1].ToolVersion; was != "" && was != run.ToolVersion {
			fmt.Fprintf(stderr, "survey: crawl %s (shard %s) ran survey %s until now, and this run is survey %s: each run's domains are classified and parsed by its own version (the crawls table records each run's tool_version)\n",
				st.CrawlID, rows.shard, was, run.ToolVersion)
		}
	}
	st.Runs = append(st.Runs, run)
	starters = append(starters, rows.row(run, 0, 0, 0))
	if err := st.save(out); err != nil {
		return run, fmt.Errorf("saving crawl state: %w", err)
	}
	if err := sink.AppendRows(w, sink.TableCrawls, starters...); err != nil {
		return run, err
	}
	if err := w.Commit(); err != nil {
		return run, err
	}
	if len(recorded) > 0 {
		// Written now, in a batch of their own, before the state says so.
		if err := w.Flush(); err != nil {
			return run, err
		}
		for _, i := range recorded {
			st.Runs[i].Recorded = true
		}
		if err := st.save(out); err != nil {
			return run, fmt.Errorf("saving crawl state: %w", err)
		}
	}
	return run, nil
}
