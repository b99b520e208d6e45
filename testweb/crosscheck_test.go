package testweb

import (
	"bytes"
	"context"
	"crypto/x509"
	"fmt"
	"io"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/internal/racetest"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// TestCrossCheck_Crawler runs survey's own crawler and classifier over the
// simulated web and compares every fetch with the truth, the hostile mix's
// included (the pipeline's end-to-end test crawls the realistic mix): a
// kind the classifier misreads, or whose truth is wrong, fails here. It
// takes about 15 s, so -short skips it, as the race detector does (every
// fetch must finish within its timeout).
func TestCrossCheck_Crawler(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls 2,800 sites of the simulated web")
	}
	racetest.SkipTimedComparison(t)
	for _, cfg := range []Config{
		{Seed: 7, Sites: 800, Mix: MixHostile, DNS: true, SlowDelay: 50 * time.Millisecond, StallLimit: time.Minute},
		{Seed: 8, Sites: 2000, DNS: false, SlowDelay: 50 * time.Millisecond, StallLimit: time.Minute},
	} {
		t.Run(fmt.Sprintf("%s-dns=%v", cfg.Mix, cfg.DNS), func(t *testing.T) { crossCheck(t, cfg) })
	}
}

func crossCheck(t *testing.T, cfg Config) {
	w, addrs := startWeb(t, cfg)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(w.CACertPEM())
	ccfg := crawl.Config{Concurrency: 64, Timeout: 2 * time.Second, ConnectTo: addrs.HTTP, RootCAs: pool, UserAgent: "testweb-crosscheck"}
	if cfg.DNS {
		ccfg.Resolver = addrs.DNS
	}
	c, err := crawl.New(ccfg)
	if err != nil {
		t.Fatal(err)
	}
	var list bytes.Buffer
	if err := w.WriteSeeds(&list); err != nil {
		t.Fatal(err)
	}
	r := seeds.NewReader(&list, "seeds")
	in := make(chan seeds.Seed)
	go func() {
		defer close(in)
		for {
			s, err := r.Next()
			if err != nil {
				if err != io.EOF {
					t.Error(err)
				}
				return
			}
			in <- s
		}
	}()
	locs := map[registry.LocationID]registry.Location{}
	for _, l := range registry.Locations() {
		locs[l.ID] = l
	}
	var mu sync.Mutex
	count := map[string]int{}
	example := map[string]string{}
	err = c.Run(context.Background(), in, func(d *crawl.DomainResult) error {
		want, ok := w.Truth(d.Domain)
		if !ok {
			return fmt.Errorf("no truth for %s", d.Domain)
		}
		canary := d.Fetch(registry.LocCanary)
		for _, e := range want {
			f := d.Fetch(e.Location)
			res := classify.Fetch(f, locs[e.Location], canary)
			got := Expect{Outcome: res.Outcome, Reason: res.Reason, Scheme: f.Scheme, HTTPFallback: d.HTTPFallback,
				Offsite: f.Offsite, Downgraded: f.Downgraded, Truncated: f.Truncated}
			if diff := compareExpect(e, got); diff != "" {
				key := fmt.Sprintf("%s %s: %s", e.Kind, e.Location, diff)
				mu.Lock()
				if count[key] == 0 {
					example[key] = d.Domain + " (" + f.Err + ")"
				}
				count[key]++
				mu.Unlock()
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s — %d fetches, e.g. %s", k, count[k], example[k])
	}
}
