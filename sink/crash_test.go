package sink

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The crash test re-executes the test binary as a child that writes units
// in a loop (TestCrashChild), kills it with SIGKILL at random moments, and
// checks what is left on disk.
const (
	crashDirEnv   = "SINK_CRASH_DIR"
	crashRunEnv   = "SINK_CRASH_RUN"
	crashLimitEnv = "SINK_CRASH_LIMIT"
	crashCrawlID  = "crash"
	crashFetches  = 3
)

// crashBody is the body of one fetch of one domain: unique per domain and
// location, except the robots.txt body, which every domain shares.
func crashBody(domain string, k int) []byte {
	if k == 0 {
		return []byte("User-agent: *\nDisallow: /shared\n")
	}
	return []byte(strings.Repeat(fmt.Sprintf("%s body %d\n", domain, k), 200+k*50))
}

// TestCrashChild is the child process of TestCrash_KillAtRandomMoments. It
// does nothing in a normal test run.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("helper process for TestCrash_KillAtRandomMoments")
	}
	run := os.Getenv(crashRunEnv)
	limit, _ := strconv.Atoi(os.Getenv(crashLimitEnv))
	w, err := Create(dir, Options{CrawlID: crashCrawlID, Shard: "0/1", BatchRows: 40})
	if err != nil {
		t.Fatal(err)
	}
	bodies, err := NewBodyStore(w, BodyOptions{Cache: 8})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("ready")
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; limit == 0 || i < limit; i++ {
		domain := fmt.Sprintf("r%s-%06d.example", run, i)
		var fetches []FetchRow
		var docs []DocumentRow
		var diags []DiagnosticRow
		for k := range crashFetches {
			digest, err := bodies.Put(crashBody(domain, k))
			if err != nil {
				t.Fatal(err)
			}
			loc := fmt.Sprintf("loc%d", k)
			fetches = append(fetches, FetchRow{CrawlID: crashCrawlID, Domain: domain, Location: loc,
				URL: "https://" + domain + "/" + loc, Status: ptr(int32(200)), BodyDigest: &digest,
				StartedAt: start.Add(time.Duration(i) * time.Second), Outcome: "present",
				Headers: map[string]string{"server": "test"}})
			docs = append(docs, DocumentRow{CrawlID: crashCrawlID, Domain: domain, Location: loc, Format: "robots",
				Valid: true, BodyDigest: &digest, Summary: JSON(fmt.Sprintf(`{"i": %d}`, i))})
			for d := range (i + k) % 3 {
				diags = append(diags, DiagnosticRow{CrawlID: crashCrawlID, Domain: domain, Location: loc,
					Format: "robots", Code: "robots.x", Severity: "info", Line: int32(d + 1)})
			}
		}
		for _, err := range []error{
			w.Append(TableFetches, fetches),
			w.Append(TableDocuments, docs),
			w.Append(TableDiagnostics, diags),
			w.Append(TableTargets, TargetRow{CrawlID: crashCrawlID, Domain: domain, Fetches: crashFetches, Outcome: "ok"}),
			w.Commit(),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := bodies.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCrash_KillAtRandomMoments kills a writing child with SIGKILL at
// several random moments. After each kill, every Parquet file in the
// directory must be complete and readable; Recover must remove every
// temporary file and every batch without its targets part; and the
// database built from what is left must hold whole units only. A last run
// that is not killed must find all its rows.
func TestCrash_KillAtRandomMoments(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(20260314, 1))
	const kills = 6
	for run := 1; run <= kills+1; run++ {
		if _, err := Recover(dir, crashCrawlID, "0/1"); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashRunEnv+"="+strconv.Itoa(run))
		killed := run <= kills
		if !killed {
			cmd.Env = append(cmd.Env, crashLimitEnv+"=150")
		}
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("run %d: child said %q, %v", run, line, err)
		}
		if killed {
			time.Sleep(time.Duration(rng.IntN(300_000)) * time.Microsecond)
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			cmd.Wait()
		} else if err := cmd.Wait(); err != nil {
			t.Fatalf("run %d: child failed: %v", run, err)
		}

		temps := checkPartsReadable(t, dir)
		before, err := scanShard(dir, crashCrawlID, "0of1", TableTargets)
		if err != nil {
			t.Fatal(err)
		}
		uncommitted := 0
		for seq, paths := range before.parts {
			if !before.commits[seq] {
				uncommitted += len(paths)
			}
		}
		next, err := Recover(dir, crashCrawlID, "0/1")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("run %d: before Recover, %d temporary files and %d parts of uncommitted batches; next sequence %d",
			run, temps, uncommitted, next)
		checkRecovered(t, dir, next)
		domains := checkUnits(t, dir)
		if !killed && domains[strconv.Itoa(run)] != 150 {
			t.Errorf("run %d was not killed and committed %d domains, want 150", run, domains[strconv.Itoa(run)])
		}
	}
}

// checkPartsReadable reads every Parquet file under dir with DuckDB and
// returns the number of temporary files.
func checkPartsReadable(t *testing.T, dir string) (temps int) {
	t.Helper()
	db := memDB(t)
	for _, f := range listFiles(t, dir) {
		if strings.HasSuffix(f, tempSuffix) {
			temps++
			continue
		}
		if !strings.HasSuffix(f, partSuffix) {
			t.Errorf("unexpected file %s", f)
			continue
		}
		var n int
		if err := db.QueryRow("SELECT count(*) FROM read_parquet(?)", filepath.Join(dir, f)).Scan(&n); err != nil {
			t.Errorf("part %s is not readable: %v", f, err)
		}
	}
	return temps
}

// checkRecovered checks that no temporary file is left, that every part
// has its targets part, and that next is beyond every sequence number.
func checkRecovered(t *testing.T, dir string, next int) {
	t.Helper()
	for _, f := range listFiles(t, dir) {
		name := filepath.Base(f)
		_, seq, temp, ok := parsePart(name)
		if !ok || temp {
			t.Errorf("after Recover: %s", f)
			continue
		}
		if seq >= next {
			t.Errorf("after Recover: %s has sequence %d, next is %d", f, seq, next)
		}
		if _, err := os.Stat(filepath.Join(dir, TableTargets, "crawl="+crashCrawlID, name)); err != nil {
			t.Errorf("after Recover: %s has no targets part: %v", f, err)
		}
	}
}

// checkUnits builds the database and checks that it holds whole units only:
// every target with all its fetches and documents and no other, each
// domain once, every body once and readable. It returns the number of
// domains committed by each run.
func checkUnits(t *testing.T, dir string) map[string]int {
	t.Helper()
	dbPath := filepath.Join(t.TempDir(), "crash.duckdb")
	if err := Build(context.Background(), dbPath, []string{dir}, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`SELECT count(*) - count(DISTINCT domain) FROM targets`,
		`SELECT count(*) FROM targets t WHERE fetches <> (SELECT count(*) FROM fetches f WHERE f.domain = t.domain)`,
		`SELECT count(*) FROM targets t WHERE fetches <> (SELECT count(*) FROM documents d WHERE d.domain = t.domain)`,
		`SELECT count(*) FROM targets t WHERE (SELECT count(*) FROM diagnostics d WHERE d.domain = t.domain) <>
			(SELECT sum((CAST(split_part(split_part(t.domain, '-', 2), '.', 1) AS INTEGER) + k) % 3) FROM range(3) r(k))`,
		`SELECT count(*) FROM fetches WHERE domain NOT IN (SELECT domain FROM targets)`,
		`SELECT count(*) FROM diagnostics WHERE domain NOT IN (SELECT domain FROM targets)`,
		`SELECT count(*) FROM fetches WHERE body_digest NOT IN (SELECT digest FROM bodies)`,
		`SELECT count(*) - count(DISTINCT digest) FROM bodies`,
	} {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if n != 0 {
			t.Errorf("%s = %d, want 0", q, n)
		}
	}
	checkBodies(t, db)
	runs := map[string]int{}
	rows, err := db.Query(`SELECT split_part(split_part(domain, '-', 1), 'r', 2), count(*) FROM targets GROUP BY ALL`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var run string
		var n int
		if err := rows.Scan(&run, &n); err != nil {
			t.Fatal(err)
		}
		runs[run] = n
	}
	return runs
}

// checkBodies reads back the bodies of a few fetches.
func checkBodies(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT domain, location, body_digest FROM fetches ORDER BY domain, location LIMIT 7`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var domain, loc, digest string
		if err := rows.Scan(&domain, &loc, &digest); err != nil {
			t.Fatal(err)
		}
		k, _ := strconv.Atoi(strings.TrimPrefix(loc, "loc"))
		got, err := ReadBody(db, digest)
		if err != nil {
			t.Errorf("body of %s %s: %v", domain, loc, err)
			continue
		}
		if want := crashBody(domain, k); string(got) != string(want) {
			t.Errorf("body of %s %s: got %d bytes, want %d", domain, loc, len(got), len(want))
		}
	}
}
