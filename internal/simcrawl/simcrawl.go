// Package simcrawl builds datasets by crawling the simulated web, for the
// tests, examples and benchmarks of the packages that read datasets
// (queries, report, notebooks). It runs the real pipeline: a real
// simulated web on loopback, the real crawler, real Parquet and DuckDB.
package simcrawl

import (
	"context"
	"crypto/x509"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
	"github.com/agentpolicy/survey/testweb"
)

// Options describe a dataset to build. The zero value crawls 600 sites of
// the realistic mix, DNS kinds included, with seed 1.
type Options struct {
	Sites   int    // default 600
	Seed    int64  // default 1
	CrawlID string // default "sim"
	// Ranked writes the seeds as a Tranco-style "rank,domain" list, so
	// that targets.rank is set.
	Ranked bool
	// Locations are the locations to fetch, as survey crawl --locations
	// names them ("robots,llms-txt"); empty means every location.
	Locations string
	// Mix is the simulated web's mix of site kinds (testweb.MixHostile,
	// ...); empty means the realistic mix.
	Mix string
	// BatchRows is the sink's batch threshold in rows; zero means the
	// sink's default (a small crawl is then one batch).
	BatchRows int
}

// Web is a started simulated web.
type Web struct {
	Web   *testweb.Web
	Addrs testweb.Addrs
	Roots *x509.CertPool
	stop  func()
}

// Start starts a simulated web of the given configuration on loopback.
// Close stops it.
func Start(cfg testweb.Config) (*Web, error) {
	w, err := testweb.New(cfg)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrs, err := w.Start(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(w.CACertPEM())
	return &Web{Web: w, Addrs: addrs, Roots: roots, stop: func() { cancel(); w.Close() }}, nil
}

// Close stops the simulated web.
func (w *Web) Close() { w.stop() }

// CrawlConfig returns a crawler configuration for this web: its address
// opted in past the guard, its CA trusted, its DNS server used. A request
// may take 5 s, so that a first request through a redirect chain does not
// time out on a loaded machine (a test that compares two crawls would see
// the difference), and a host is given up after one timeout, so that a
// stalling site still costs one timeout.
func (w *Web) CrawlConfig() crawl.Config {
	return crawl.Config{
		Concurrency: 128, Timeout: 5 * time.Second, MaxTimeouts: 1, DomainDeadline: 40 * time.Second,
		ConnectTo: w.Addrs.HTTP, Resolver: w.Addrs.DNS, RootCAs: w.Roots,
	}
}

// WriteSeeds writes the web's seed list to path, ranked ("rank,domain")
// when ranked is true.
func (w *Web) WriteSeeds(path string, ranked bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if !ranked {
		return w.Web.WriteSeeds(f)
	}
	rank := 0
	for d := range w.Web.Domains() {
		rank++
		if _, err := fmt.Fprintf(f, "%d,%s\n", rank, d); err != nil {
			return err
		}
	}
	return nil
}

// TestConfig is the simulated web the dataset tests crawl: every kind of
// the realistic mix (DNS kinds included), slow sites well inside the
// crawler's timeout.
func TestConfig(sites int, seed int64) testweb.Config {
	return testweb.Config{Seed: seed, Sites: sites, DNS: true, SlowDelay: 300 * time.Millisecond, StallLimit: 30 * time.Second}
}

// Build crawls a fresh simulated web into dir and returns the path of the
// DuckDB database (dir/survey.duckdb).
func Build(dir string, o Options) (string, error) {
	return BuildShards(dir, o, o.Locations)
}

// BuildShards crawls a fresh simulated web into dir as len(locations)
// shards of one crawl, shard i fetching locations[i] (as survey crawl
// --locations names them; "" for every location), builds the DuckDB
// database of dir as survey merge does, and returns its path. With one
// shard it is Build. Shards of different locations make the database that
// survey merge warns of: a location fetched for a share of the domains.
func BuildShards(dir string, o Options, locations ...string) (string, error) {
	if o.Sites == 0 {
		o.Sites = 600
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.CrawlID == "" {
		o.CrawlID = "sim"
	}
	cfg := TestConfig(o.Sites, o.Seed)
	cfg.Mix = o.Mix
	w, err := Start(cfg)
	if err != nil {
		return "", err
	}
	defer w.Close()
	seedPath := filepath.Join(dir, "seeds.txt")
	if err := w.WriteSeeds(seedPath, o.Ranked); err != nil {
		return "", err
	}
	for i, locs := range locations {
		cfg := w.CrawlConfig()
		if locs != "" {
			if cfg.Locations, err = registry.SelectLocations(locs); err != nil {
				return "", err
			}
		}
		var shard seeds.Shard // one crawl: no shard, as survey crawl without --shard
		if len(locations) > 1 {
			shard = seeds.Shard{Index: i, Count: len(locations)}
		}
		sum, err := pipeline.Run(context.Background(), pipeline.Options{
			Out: dir, SeedsPath: seedPath, CrawlID: o.CrawlID, Shard: shard, Crawl: cfg, NoBuild: len(locations) > 1,
			BatchRows: o.BatchRows,
		})
		if err != nil {
			return "", err
		}
		if sum.Status != "complete" {
			return "", fmt.Errorf("simcrawl: crawl %s, shard %s: %s", o.CrawlID, shard, sum.Status)
		}
		if len(locations) == 1 {
			return sum.DBPath, nil
		}
	}
	dbPath := filepath.Join(dir, "survey.duckdb")
	if err := sink.Build(context.Background(), dbPath, []string{dir}, nil, sink.BuildOptions{}); err != nil {
		return "", err
	}
	return dbPath, nil
}

// Open builds a dataset as Build does, in a temporary directory of t, and
// opens its database, which is closed when t ends.
func Open(t testing.TB, o Options) *sql.DB {
	t.Helper()
	return OpenShards(t, o, o.Locations)
}

// OpenShards builds a dataset as BuildShards does, in a temporary
// directory of t, and opens its database, which is closed when t ends.
func OpenShards(t testing.TB, o Options, locations ...string) *sql.DB {
	t.Helper()
	return openIn(t, t.TempDir(), o, locations)
}

// OpenIn builds a dataset as Build does, in dir (which may hold the
// outputs of other crawls, whose rows the database then holds too), and
// opens its database, which is closed when t ends.
func OpenIn(t testing.TB, dir string, o Options) *sql.DB {
	t.Helper()
	return openIn(t, dir, o, []string{o.Locations})
}

func openIn(t testing.TB, dir string, o Options, locations []string) *sql.DB {
	t.Helper()
	path, err := BuildShards(dir, o, locations...)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sink.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
