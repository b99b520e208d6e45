package main

import (
	"context"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/sink"
)

func TestReadCrawlStats(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a simulated web")
	}
	db, err := simcrawl.Build(t.TempDir(), simcrawl.Options{Sites: 40})
	if err != nil {
		t.Fatal(err)
	}
	s, err := readCrawlStats(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sink.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var domains, fetches, ok int64
	var mean float64
	if err := conn.QueryRow(`select count(*), avg(duration_ms), count(*) filter (where outcome = 'ok'),
		(select count(*) from fetches) from targets`).Scan(&domains, &mean, &ok, &fetches); err != nil {
		t.Fatal(err)
	}
	if s.Domains != 40 || domains != 40 || s.Fetches != fetches || s.Outcomes["ok"] != ok {
		t.Errorf("stats: %d domains, %d fetches, %d ok; database: %d, %d, %d", s.Domains, s.Fetches, s.Outcomes["ok"], domains, fetches, ok)
	}
	if got := s.MeanDomain.Seconds() * 1000; got < mean-0.001 || got > mean+0.001 {
		t.Errorf("mean %v ms, database %v ms", got, mean)
	}
	if !(s.RunStart.Before(s.FirstStart) || s.RunStart.Equal(s.FirstStart)) ||
		s.LastStart.Before(s.FirstStart) || s.LastEnd.Before(s.LastStart) || s.RunEnd.Before(s.LastEnd.Add(-1e6)) {
		t.Errorf("times out of order: run %s–%s, domains %s / %s / %s", s.RunStart, s.RunEnd, s.FirstStart, s.LastStart, s.LastEnd)
	}
	if s.SteadyDone < 0 || s.SteadyDone > s.Domains || s.SteadyBusy < 0 {
		t.Errorf("steady state: %d done, %s busy", s.SteadyDone, s.SteadyBusy)
	}
}

func TestReadCrawlStats_NotADatabase(t *testing.T) {
	if _, err := readCrawlStats(context.Background(), t.TempDir()+"/missing.duckdb"); err == nil {
		t.Error("a missing database gave stats")
	}
}
