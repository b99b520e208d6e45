package main

import (
	"crypto/sha256"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// checkBody checks survey body on db, the database of crawl q of the
// simulated web (TestQueryAndMerge): by digest; by domain and location for
// a file that is present, for a fetch that received a body but no file (a
// 404 page), and for one that received no body; and its refusals.
func checkBody(t *testing.T, db string) {
	body := func(args ...string) (int, string, string) {
		t.Helper()
		return runSurvey(t, "", append([]string{"body", "--db", db}, args...)...)
	}
	digestOf := func(b string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(b))) }

	var domain, digest string
	if err := sinkQueryRow(t, db, `SELECT domain, body_digest FROM fetches
		WHERE location = 'robots' AND outcome = 'present' AND size > 0 ORDER BY domain LIMIT 1`, &domain, &digest); err != nil {
		t.Fatal(err)
	}
	code, file, errs := body(digest)
	if code != exitOK || len(file) == 0 || digestOf(file) != digest {
		t.Errorf("body %s: exit %d, %d bytes of digest %s, %q", digest, code, len(file), digestOf(file), errs)
	}
	// A digest in upper case (as some tools print them) is the same digest.
	if code, got, _ := body(strings.ToUpper(digest)); code != exitOK || got != file {
		t.Errorf("body %s: exit %d, %d bytes", strings.ToUpper(digest), code, len(got))
	}
	// The same file by domain (as a user may type it) and location, with
	// nothing on standard error: the fetch found the file.
	if code, got, errs := body("--domain", strings.ToUpper(domain)+".", "--location", "robots"); code != exitOK || got != file || errs != "" {
		t.Errorf("body --domain %s --location robots: exit %d, %d bytes (want the %d of %s), %q", domain, code, len(got), len(file), digest, errs)
	}
	if code, got, _ := body("--domain", domain, "--location", "robots", "--crawl", "q"); code != exitOK || got != file {
		t.Errorf("body --crawl q: exit %d, %d bytes", code, len(got))
	}

	// A 404 page: printed, with a note that the fetch found no file.
	var absent, reason string
	var status int64
	if err := sinkQueryRow(t, db, `SELECT domain, body_digest, reason, status FROM fetches
		WHERE location = 'agents-txt' AND outcome = 'absent' AND body_digest IS NOT NULL ORDER BY domain LIMIT 1`,
		&absent, &digest, &reason, &status); err != nil {
		t.Fatalf("the crawl has no absent agents.txt with a body: %v", err)
	}
	wantNote := fmt.Sprintf("survey body: the fetch of agents-txt for %s in crawl q was absent (%s, HTTP %d); its body follows\n", absent, reason, status)
	if code, got, errs := body("--domain", absent, "--location", "agents-txt"); code != exitOK || digestOf(got) != digest || errs != wantNote {
		t.Errorf("body of an absent file: exit %d, digest %s (want %s), stderr %q, want %q", code, digestOf(got), digest, errs, wantNote)
	}

	// A fetch that received no body fails, saying what it found.
	var none, loc, outcome string
	if err := sinkQueryRow(t, db, `SELECT domain, location, outcome FROM fetches WHERE body_digest IS NULL ORDER BY domain, location LIMIT 1`,
		&none, &loc, &outcome); err != nil {
		t.Fatalf("the crawl has no fetch without a body: %v", err)
	}
	wantErr := fmt.Sprintf("the fetch of %s for %s in crawl q was %s", loc, none, outcome)
	if code, got, errs := body("--domain", none, "--location", loc); code != exitUsage || got != "" || !strings.Contains(errs, wantErr) || !strings.Contains(errs, "received no body") {
		t.Errorf("body of a fetch without one: exit %d, %d bytes, %q; want %q and no body", code, len(got), errs, wantErr)
	}

	// The domain as a user may give it, with www. or without, where the
	// crawl's seed had the other.
	variant := "www." + domain
	if d, ok := strings.CutPrefix(domain, "www."); ok {
		variant = d
	}
	var n int
	if err := sinkQueryRow(t, db, `SELECT count(*) FROM fetches WHERE domain = '`+variant+`'`, &n); err != nil || n > 0 {
		t.Fatalf("%s: %d fetches, %v; want none", variant, n, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"00"}, `"00" is not a SHA-256 digest: want 64 hexadecimal digits`},
		{[]string{digest[:12]}, `is not a SHA-256 digest`},
		{[]string{strings.Repeat("0", 64)}, "no body with digest " + strings.Repeat("0", 64) + " in " + db},
		{[]string{"--domain", "nowhere.test", "--location", "robots"}, "no fetch of robots for nowhere.test in any crawl"},
		{[]string{"--domain", domain, "--location", "robots", "--crawl", "other"}, "no crawl other in the database (its crawls: q)"},
		{[]string{"--domain", "nowhere.test", "--location", "robots", "--crawl", "q"}, "no fetch of robots for nowhere.test in crawl q\n"},
		{[]string{"--domain", variant, "--location", "robots"}, "no fetch of robots for " + variant + " in any crawl; it holds one for " + domain + "\n"},
		{[]string{"--domain", domain, "--location", "robot"}, `--location "robot" is no location; the locations: robots, canary, agents-txt`},
		{[]string{"--domain", "a b", "--location", "robots"}, `--domain: "a b"`},
		{[]string{"--domain", domain}, "--domain and --location go together"},
		{[]string{"--location", "robots", "--crawl", "q"}, "--domain and --location go together"},
		{[]string{"--domain", domain, "--location", "robots", digest}, "give a digest or --domain and --location, not both"},
		{[]string{"--crawl", "q", digest}, "--crawl goes with --domain and --location"},
		{[]string{"--crawl", "q"}, "--crawl goes with --domain and --location"},
	} {
		if code, got, errs := body(c.args...); code != exitUsage || got != "" || !strings.Contains(errs, c.want) {
			t.Errorf("body %q: exit %d, %d bytes, %q; want exit %d and %q", c.args, code, len(got), errs, exitUsage, c.want)
		}
	}
}

// TestBody_MostRecentCrawl: of two crawls of one output directory, survey
// body --domain reads the most recent one's fetch, or --crawl's.
func TestBody_MostRecentCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls the simulated web twice")
	}
	flags := simFlags(t, 30, 23)
	out := t.TempDir()
	for _, id := range []string{"old", "new"} {
		if code, stdout, errs := runSurvey(t, "", append([]string{"crawl", "--out", out, "--crawl-id", id}, flags...)...); code != exitOK {
			t.Fatalf("crawl %s: exit %d\n%s%s", id, code, stdout, errs)
		}
	}
	db := filepath.Join(out, "survey.duckdb")
	var domain string
	if err := sinkQueryRow(t, db, `SELECT domain FROM fetches WHERE crawl_id = 'new' AND location = 'agents-txt'
		AND outcome = 'absent' AND body_digest IS NOT NULL ORDER BY domain LIMIT 1`, &domain); err != nil {
		t.Fatalf("the crawl has no absent agents.txt with a body: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "in crawl new was absent"},
		{[]string{"--crawl", "old"}, "in crawl old was absent"},
		{[]string{"--crawl", "new"}, "in crawl new was absent"},
	} {
		args := append([]string{"body", "--db", db, "--domain", domain, "--location", "agents-txt"}, c.args...)
		code, _, errs := runSurvey(t, "", args...)
		if code != exitOK || !strings.Contains(errs, c.want) {
			t.Errorf("body %q: exit %d %q, want %q", c.args, code, errs, c.want)
		}
		// Without --crawl it says which of the two it chose: a query
		// may have named the file of the other.
		note := "survey body: agents-txt for " + domain + " from crawl new, the most recent of the 2 crawls that fetched it; --crawl ID for another\n"
		if strings.Contains(errs, note) != (c.args == nil) {
			t.Errorf("body %q: the note %q is wrongly there or not in %q", c.args, note, errs)
		}
	}

	// A later run of crawl old (a resume) does not make it the most recent
	// crawl: that is the crawl whose first run started last, as for the
	// queries.
	rw, err := sql.Open("duckdb", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rw.Exec(`INSERT INTO crawls (crawl_id, shard, run, started_at)
		SELECT 'old', '0/1', 2, max(started_at) + INTERVAL 1 DAY FROM crawls`); err != nil {
		t.Fatal(err)
	}
	if err := rw.Close(); err != nil {
		t.Fatal(err)
	}
	args := []string{"body", "--db", db, "--domain", domain, "--location", "agents-txt"}
	if code, _, errs := runSurvey(t, "", args...); code != exitOK || !strings.Contains(errs, "in crawl new was absent") {
		t.Errorf("body after a resume of crawl old: exit %d %q, want crawl new", code, errs)
	}
}
