package main

import (
	"fmt"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// sinkFigure is the Parquet writer's throughput on fetch rows.
type sinkFigure struct {
	Rows    int64 // fetch rows written
	Domains int64 // units committed (one target row each)
	Elapsed time.Duration
}

// RowsPerSec is fetch rows written per second, the final flush included.
func (s sinkFigure) RowsPerSec() float64 { return rate(s.Rows, s.Elapsed) }

// benchFetchRows returns one domain's fetch rows as a crawl of a normal
// site writes them: every registry location, a few present, most absent.
func benchFetchRows(i int, t0 time.Time) []sink.FetchRow {
	domain := fmt.Sprintf("site-%07d.test", i)
	locs := registry.Locations()
	rows := make([]sink.FetchRow, len(locs))
	for k, l := range locs {
		status, outcome, reason, ctype := int32(404), "absent", "status_404", "text/html; charset=utf-8"
		var digest *string
		size := int64(0)
		if k%4 == 0 {
			status, outcome, reason, ctype = 200, "present", "status_200", "text/plain; charset=utf-8"
			d := sink.Digest([]byte(domain + l.Path))
			digest, size = &d, int64(200+37*k)
		}
		url := "https://" + domain + l.Path
		rows[k] = sink.FetchRow{
			CrawlID: "bench", Domain: domain, Location: string(l.ID),
			URL: url, FinalURL: url, Scheme: "https", Status: &status,
			ContentType: ctype, Size: size, BodyDigest: digest,
			RemoteAddr: "127.0.0.1:443", StartedAt: t0.Add(time.Duration(i*len(locs)+k) * time.Millisecond),
			ConnectMs: 0.2, TLSMs: 1.1, TTFBMs: 0.4, TotalMs: 0.9,
			Outcome: outcome, Reason: reason,
			Headers: map[string]string{"server": "testweb", "cache-control": "max-age=3600"},
		}
	}
	return rows
}

// measureSink writes domains' fetch rows and a target row per domain
// through sink.Create, AppendRows and Commit into dir, for at least
// minTime, and closes the writer (writing the last batch) inside the
// clock.
func measureSink(dir string, minTime time.Duration) (sinkFigure, error) {
	const distinct = 256
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	units := make([][]sink.FetchRow, distinct)
	for i := range units {
		units[i] = benchFetchRows(i, t0)
	}
	w, err := sink.Create(dir, sink.Options{CrawlID: "bench"})
	if err != nil {
		return sinkFigure{}, fmt.Errorf("sink: %w", err)
	}
	var fig sinkFigure
	start := time.Now()
	for i := 0; ; i++ {
		u := units[i%distinct]
		if err := sink.AppendRows(w, sink.TableFetches, u...); err != nil {
			w.Close()
			return sinkFigure{}, fmt.Errorf("sink: %w", err)
		}
		if err := sink.AppendRows(w, sink.TableTargets, sink.TargetRow{CrawlID: "bench", Domain: u[0].Domain, Outcome: "ok", Scheme: "https", Fetches: int32(len(u)), StartedAt: u[0].StartedAt}); err != nil {
			w.Close()
			return sinkFigure{}, fmt.Errorf("sink: %w", err)
		}
		if err := w.Commit(); err != nil {
			w.Close()
			return sinkFigure{}, fmt.Errorf("sink: %w", err)
		}
		fig.Rows += int64(len(u))
		fig.Domains++
		if i%64 == 63 && time.Since(start) >= minTime {
			break
		}
	}
	if err := w.Close(); err != nil {
		return sinkFigure{}, fmt.Errorf("sink: %w", err)
	}
	fig.Elapsed = time.Since(start)
	return fig, nil
}
