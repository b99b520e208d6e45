package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// survey crawl --respect-robots obeys each domain's robots.txt: on a site
// whose robots.txt disallows everything for every agent, every location
// but robots.txt is recorded blocked (robots_txt), not requested; the
// crawl's options record the choice; a crawl without the flag requests
// everything.
func TestCrawl_RespectRobots(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web")
	}
	w, ca := simWeb(t, 300, 11)
	dir := t.TempDir()
	seedsFile := filepath.Join(dir, "seeds.txt")
	if err := w.WriteSeeds(seedsFile, false); err != nil {
		t.Fatal(err)
	}
	// The domains whose robots.txt the crawl reads as "User-agent: *
	// Disallow: /".
	var closed []string
	for domain := range w.Web.Domains() {
		truth, _ := w.Web.Truth(domain)
		if len(truth) > 0 && truth[0].Location == registry.LocRobots && truth[0].Variant == "robots/disallow-all" &&
			truth[0].Outcome == "present" {
			closed = append(closed, domain)
		}
	}
	if len(closed) == 0 {
		t.Fatal("no site of the population disallows everything in robots.txt")
	}

	flags := []string{"--seeds", seedsFile, "--connect-to", w.Addrs.HTTP, "--resolver", w.Addrs.DNS, "--ca-file", ca,
		"--timeout", "5s", "--domain-deadline", "40s", "--quiet"}
	obeying, ignoring := filepath.Join(dir, "obeying"), filepath.Join(dir, "ignoring")
	if code, out, errs := runSurvey(t, "", append([]string{"crawl", "--out", obeying, "--respect-robots"}, flags...)...); code == exitUsage {
		t.Fatalf("crawl --respect-robots: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runSurvey(t, "", append([]string{"crawl", "--out", ignoring}, flags...)...); code == exitUsage {
		t.Fatalf("crawl: exit %d\n%s%s", code, out, errs)
	}

	for _, c := range []struct {
		dir     string
		respect bool
	}{{obeying, true}, {ignoring, false}} {
		db, err := sink.Open(filepath.Join(c.dir, "survey.duckdb"))
		if err != nil {
			t.Fatal(err)
		}
		var recorded bool
		if err := db.QueryRow(`SELECT bool_and(CAST(json_extract(options, '$.respect_robots') AS BOOLEAN)) FROM crawls`).Scan(&recorded); err != nil || recorded != c.respect {
			t.Errorf("%s: crawls.options respect_robots = %v (%v), want %v", c.dir, recorded, err, c.respect)
		}
		for _, domain := range closed {
			var others, blocked int
			err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE outcome = 'blocked' AND reason = 'robots_txt'
				AND error LIKE 'not requested: robots.txt disallows it for survey %')
				FROM fetches WHERE domain = ? AND location <> 'robots'`, domain).Scan(&others, &blocked)
			switch {
			case err != nil:
				t.Fatal(err)
			case c.respect && (others == 0 || blocked != others):
				t.Errorf("%s: %d of %d locations after robots.txt blocked by it, want all", domain, blocked, others)
			case !c.respect && blocked != 0:
				t.Errorf("%s: %d locations blocked by robots.txt without --respect-robots", domain, blocked)
			}
		}
		var onRobots int
		if err := db.QueryRow(`SELECT count(*) FROM fetches WHERE location = 'robots' AND reason = 'robots_txt'`).Scan(&onRobots); err != nil || onRobots != 0 {
			t.Errorf("%s: %d robots.txt fetches blocked by robots.txt (%v)", c.dir, onRobots, err)
		}
		db.Close()
	}
}

func TestCrawl_RespectRobotsNeedsRobotsTxt(t *testing.T) {
	code, _, errs := runSurvey(t, "", "crawl", "--seeds", os.DevNull, "--out", t.TempDir(), "--respect-robots", "--locations", "llms-txt")
	if code != exitUsage || !strings.Contains(errs, "add robots to --locations") {
		t.Errorf("--respect-robots without the robots location: exit %d, %q", code, errs)
	}
}
