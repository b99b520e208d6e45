package pipeline

import (
	"context"
	"crypto/x509"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/racetest"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
	"github.com/agentpolicy/survey/testweb"
)

// simWeb is a started simulated web and a seed file naming its domains.
type simWeb struct {
	web   *testweb.Web
	addrs testweb.Addrs
	seeds string
	roots *x509.CertPool
}

func startSimWeb(t testing.TB, cfg testweb.Config) *simWeb {
	t.Helper()
	w, err := testweb.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrs, err := w.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); w.Close() })
	seeds := filepath.Join(t.TempDir(), "seeds.txt")
	f, err := os.Create(seeds)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteSeeds(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(w.CACertPEM())
	return &simWeb{web: w, addrs: addrs, seeds: seeds, roots: roots}
}

// crawlConfig is the crawler's configuration for the simulated web: its
// address opted in, its CA trusted, its DNS server used, 5 s per request
// (room for a first request through a redirect chain on a loaded machine;
// the truth expects it to succeed).
func (s *simWeb) crawlConfig() crawl.Config {
	return crawl.Config{
		Concurrency: 128, Timeout: 5 * time.Second, DomainDeadline: 40 * time.Second,
		ConnectTo: s.addrs.HTTP, Resolver: s.addrs.DNS, RootCAs: s.roots,
	}
}

// simConfig is the simulated web the end-to-end tests crawl: every kind
// of the realistic mix, DNS kinds included, slow sites well inside the
// crawler's timeout.
func simConfig(sites int) testweb.Config {
	return testweb.Config{Seed: 7, Sites: sites, DNS: true, SlowDelay: 300 * time.Millisecond, StallLimit: 30 * time.Second}
}

// fetchRow is what the comparison reads of one fetch.
type fetchRow struct {
	outcome, reason, scheme        string
	fallback, offsite, down, trunc bool
	valid                          sql.NullBool
	other                          sql.NullString
}

func readFetches(t testing.TB, db *sql.DB) map[string]fetchRow {
	t.Helper()
	rows, err := db.Query(`
		SELECT f.domain, f.location, f.outcome, f.reason, f.scheme, f.http_fallback, f.offsite, f.downgraded, f.truncated,
		       d.valid, d.other_format
		FROM fetches f LEFT JOIN documents d USING (crawl_id, domain, location)`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]fetchRow{}
	for rows.Next() {
		var domain, loc string
		var r fetchRow
		if err := rows.Scan(&domain, &loc, &r.outcome, &r.reason, &r.scheme, &r.fallback, &r.offsite, &r.down, &r.trunc, &r.valid, &r.other); err != nil {
			t.Fatal(err)
		}
		key := domain + " " + loc
		if _, dup := out[key]; dup {
			t.Errorf("%s fetched twice", key)
		}
		out[key] = r
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCrawl_MatchesGroundTruth crawls the simulated web end to end (seeds,
// crawl, classify, extract, Parquet, DuckDB) and compares every domain's
// outcome at every location with what the simulated web says it serves.
func TestCrawl_MatchesGroundTruth(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls 2,000 simulated domains")
	}
	racetest.SkipTimedComparison(t)
	crawlMatchesTruth(t, simConfig(2000))
}

// TestCrawl_MatchesGroundTruth_Hostile does the same for the hostile mix,
// which holds every kind of site (the kinds the realistic mix leaves out
// among them: a 999, a CAPTCHA wall known by its title, a site's own
// CAPTCHA gate served with 200, blank files, soft 404s that differ in a
// request id), each at least four times.
func TestCrawl_MatchesGroundTruth_Hostile(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls 400 simulated domains")
	}
	racetest.SkipTimedComparison(t)
	cfg := simConfig(400)
	cfg.Mix = testweb.MixHostile
	crawlMatchesTruth(t, cfg)
}

// crawlMatchesTruth crawls the simulated web of cfg end to end and
// compares every fetch with its truth.
func crawlMatchesTruth(t *testing.T, cfg testweb.Config) {
	t.Helper()
	sim := startSimWeb(t, cfg)
	out := t.TempDir()
	sum, err := Run(context.Background(), Options{Out: out, SeedsPath: sim.seeds, CrawlID: "truth", Crawl: sim.crawlConfig()})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Status != "complete" || sum.Domains != int64(cfg.Sites) || sum.SeedsBad != 0 {
		t.Fatalf("summary %+v", sum)
	}
	db, err := sink.Open(sum.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkRowIdentities(t, db)
	got := readFetches(t, db)

	confusion := map[string]int{} // "truth -> got"
	var mismatches []string
	checked, labels := 0, 0
	for domain := range sim.web.Domains() {
		exp, ok := sim.web.Truth(domain)
		if !ok {
			t.Fatalf("no truth for %s", domain)
		}
		for _, e := range exp {
			key := domain + " " + string(e.Location)
			g, ok := got[key]
			if !ok {
				mismatches = append(mismatches, key+": not in the dataset")
				continue
			}
			checked++
			confusion[string(e.Outcome)+" -> "+g.outcome]++
			var diffs []string
			if g.outcome != string(e.Outcome) {
				diffs = append(diffs, fmt.Sprintf("outcome %s, want %s", g.outcome, e.Outcome))
			} else if e.Reason != "" && g.reason != e.Reason {
				diffs = append(diffs, fmt.Sprintf("reason %s, want %s", g.reason, e.Reason))
			}
			if g.fallback != e.HTTPFallback || g.offsite != e.Offsite || g.down != e.Downgraded || g.trunc != e.Truncated {
				diffs = append(diffs, fmt.Sprintf("flags fallback/offsite/downgraded/truncated %v/%v/%v/%v, want %v/%v/%v/%v",
					g.fallback, g.offsite, g.down, g.trunc, e.HTTPFallback, e.Offsite, e.Downgraded, e.Truncated))
			}
			if g.scheme != e.Scheme {
				diffs = append(diffs, fmt.Sprintf("scheme %s, want %s", g.scheme, e.Scheme))
			}
			if e.Valid != nil && !e.Open {
				labels++
				switch {
				case !g.valid.Valid:
					diffs = append(diffs, "not parsed, want a document")
				case g.valid.Bool != *e.Valid:
					diffs = append(diffs, fmt.Sprintf("valid %v, want %v (variant %s)", g.valid.Bool, *e.Valid, e.Variant))
				case g.other.String != e.OtherFormat:
					diffs = append(diffs, fmt.Sprintf("other format %q, want %q (variant %s)", g.other.String, e.OtherFormat, e.Variant))
				}
			}
			if len(diffs) > 0 {
				mismatches = append(mismatches, fmt.Sprintf("%s [%s %s]: %s", key, e.Kind, e.Variant, strings.Join(diffs, "; ")))
			}
		}
	}
	if len(got) != checked {
		t.Errorf("the dataset has %d fetches, the truth %d", len(got), checked)
	}
	// targets.soft404_site: the site itself answers a path that cannot
	// exist, its canary soft_404 in the truth (a wall's 200 is not).
	// targets.parked: the sites of the parked kind, and no other.
	soft, parked := map[string]bool{}, map[string]string{}
	if err := queryEach(db, `SELECT domain, soft404_site, parked, parked_by FROM targets`, func(sc func(...any) error) error {
		var d, by string
		var b, p bool
		err := sc(&d, &b, &p, &by)
		soft[d] = b
		if p {
			parked[d] = by
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	softSites, softWrong := 0, []string{}
	var parkedWrong []string
	for domain, kind := range sim.web.Domains() {
		if by, ok := parked[domain]; ok != (kind == "parked") || ok && by == "" {
			parkedWrong = append(parkedWrong, fmt.Sprintf("%s (%s): parked %v, by %q", domain, kind, ok, by))
		}
		exp, _ := sim.web.Truth(domain)
		want := false
		for _, e := range exp {
			if e.Location == registry.LocCanary {
				want = e.Outcome == classify.Soft404
			}
		}
		if want {
			softSites++
		}
		if soft[domain] != want {
			softWrong = append(softWrong, fmt.Sprintf("%s: soft404_site %v, want %v", domain, soft[domain], want))
		}
	}
	if softSites == 0 {
		t.Error("no site of the population answers its canary with a page of its own")
	}
	if len(parkedWrong) > 0 {
		sort.Strings(parkedWrong)
		t.Errorf("%d of %d targets have parked wrong:\n  %s", len(parkedWrong), len(soft), strings.Join(parkedWrong[:min(len(parkedWrong), 20)], "\n  "))
	}
	if len(softWrong) > 0 {
		sort.Strings(softWrong)
		t.Errorf("%d of %d targets have soft404_site wrong:\n  %s", len(softWrong), len(soft), strings.Join(softWrong[:min(len(softWrong), 20)], "\n  "))
	}
	if len(mismatches) > 0 {
		var table []string
		for k, n := range confusion {
			table = append(table, fmt.Sprintf("  %-40s %6d", k, n))
		}
		sort.Strings(table)
		sort.Strings(mismatches)
		if len(mismatches) > 60 {
			mismatches = append(mismatches[:60], fmt.Sprintf("... and %d more", len(mismatches)-60))
		}
		t.Errorf("%d of %d fetches differ from the truth.\nconfusion (truth -> crawl):\n%s\nmismatches:\n  %s",
			len(mismatches), checked, strings.Join(table, "\n"), strings.Join(mismatches, "\n  "))
	}
	t.Logf("%d fetches and %d validity labels match the truth", checked, labels)
}

// queryEach runs query on db and calls row with each row's Scan.
func queryEach(db *sql.DB, query string, row func(scan func(...any) error) error) error {
	rows, err := db.Query(query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// checkRowIdentities fails when two rows of a table share the columns the
// data dictionary says identify a row (sink.Table.Unique), or a table that
// should have some lacks them.
func checkRowIdentities(t *testing.T, db *sql.DB) {
	t.Helper()
	for _, tb := range sink.Tables() {
		ident := tb.Unique
		if len(ident) == 0 {
			ident = tb.Key // a key's rows are kept once
		}
		if len(ident) == 0 {
			if tb.Name != sink.TableDiagnostics {
				t.Errorf("table %s: no identifying columns in the data dictionary", tb.Name)
			}
			continue
		}
		cols := strings.Join(ident, ", ")
		var dups, rows int64
		if err := db.QueryRow(`SELECT (SELECT count(*) FROM (SELECT `+cols+` FROM `+tb.Name+` GROUP BY ALL HAVING count(*) > 1)),
			(SELECT count(*) FROM `+tb.Name+`)`).Scan(&dups, &rows); err != nil {
			t.Errorf("table %s: %v", tb.Name, err)
			continue
		}
		if dups > 0 {
			t.Errorf("table %s: %d values of (%s) are in more than one of its %d rows", tb.Name, dups, cols, rows)
		}
	}
}
