package sink

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// benchFetches returns one domain's fetch rows, as the crawl writes them.
func benchFetches(i int) []FetchRow {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
	domain := fmt.Sprintf("site-%07d.example", i)
	locs := []string{"robots", "agents-txt", "agents-md", "agents-md-wk", "agent-feed", "did", "agent-card",
		"autoctl", "llms-txt", "tdmrep", "ai-txt", "home", "canary"}
	rows := make([]FetchRow, len(locs))
	for k, loc := range locs {
		digest := Digest([]byte(domain + loc))
		rows[k] = FetchRow{
			CrawlID: "bench", Domain: domain, Location: loc,
			URL: "https://" + domain + "/" + loc, FinalURL: "https://www." + domain + "/" + loc,
			Redirects:   []RedirectHop{{URL: "https://" + domain + "/" + loc, Status: 301, Location: "https://www." + domain + "/" + loc}},
			Scheme:      "https",
			Status:      ptr(int32(200 + 204*(k%2))),
			ContentType: "text/plain; charset=utf-8", Size: int64(100 * k), BodyDigest: &digest,
			RemoteAddr: "192.0.2.1:443", StartedAt: t0, DNSMs: 1.5, ConnectMs: 12, TLSMs: 30, TTFBMs: 80, TotalMs: 120,
			Outcome: "present", Reason: "status_200",
			Headers: map[string]string{"server": "nginx", "cache-control": "max-age=3600", "x-robots-tag": "noai"},
		}
	}
	return rows
}

// BenchmarkWriteFetches measures the writer on fetch rows: reflection,
// Arrow encoding, zstd Parquet and the crash-safe renames, one unit per
// domain of 13 rows. Bytes are the rows' estimated size.
func BenchmarkWriteFetches(b *testing.B) {
	units := make([][]FetchRow, 64)
	var unitBytes int64
	for i := range units {
		units[i] = benchFetches(i)
	}
	fields := MustTable[FetchRow]("f", "d").codec.fields
	for _, r := range units[0] {
		n, _ := measureFields(fields, reflect.ValueOf(r))
		unitBytes += n
	}
	b.SetBytes(unitBytes / int64(len(units[0])))
	benchWrite(b, func(w *Writer, i int) (int, error) {
		u := units[i%len(units)]
		if err := w.Append(TableFetches, u); err != nil {
			return 0, err
		}
		return len(u), w.Append(TableTargets, TargetRow{CrawlID: "bench", Domain: u[0].Domain})
	})
}

// benchWrite runs a writer benchmark: unit(w, i) appends the i-th unit's
// rows and returns how many; each unit is committed, until b.N rows are
// written. The writer is closed (its final flush timed) and the rate
// reported in rows/s.
func benchWrite(b *testing.B, unit func(w *Writer, i int) (int, error)) {
	w, err := Create(b.TempDir(), Options{CrawlID: "bench", BatchRows: 50_000})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	rows := 0
	for i := 0; rows < b.N; i++ {
		n, err := unit(w, i)
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		rows += n
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkBuild measures building the database from 100,000 fetch rows
// (and their targets) in parts of 20,000 rows.
func BenchmarkBuild(b *testing.B) {
	dir := b.TempDir()
	w, err := Create(dir, Options{CrawlID: "bench", BatchRows: 20_000})
	if err != nil {
		b.Fatal(err)
	}
	const domains = 100_000 / 13
	rows := 0
	for i := range domains {
		u := benchFetches(i)
		rows += len(u) + 1
		if err := w.Append(TableFetches, u); err != nil {
			b.Fatal(err)
		}
		if err := w.Append(TableTargets, TargetRow{CrawlID: "bench", Domain: u[0].Domain}); err != nil {
			b.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	out := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Build(context.Background(), filepath.Join(out, fmt.Sprintf("b%d.duckdb", i)), []string{dir}, nil, BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkBodyStorePut measures hashing and compressing distinct bodies
// of 16 KiB of text.
func BenchmarkBodyStorePut(b *testing.B) {
	w, err := Create(b.TempDir(), Options{CrawlID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	store, err := NewBodyStore(w, BodyOptions{})
	if err != nil {
		b.Fatal(err)
	}
	base := []byte(strings.Repeat("User-agent: *\nDisallow: /private/\nAllow: /public/\n", 16<<10/48))
	b.SetBytes(int64(len(base)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		body := fmt.Appendf(base[:len(base):len(base)], "# %d\n", i)
		if _, err := store.Put(body); err != nil {
			b.Fatal(err)
		}
		if i%1000 == 999 {
			if err := w.Commit(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	w.Close()
	store.Close()
}

// BenchmarkWriteRobotsRules measures the writer on the crawl's largest
// table: one unit per domain of 200 robots_rules rows (distinct paths, the
// domain and crawl repeated on every row), as a large robots.txt gives.
func BenchmarkWriteRobotsRules(b *testing.B) {
	const perUnit = 200
	units := make([][]RobotsRuleRow, 64)
	for i := range units {
		domain := fmt.Sprintf("site-%07d.example", i)
		rows := make([]RobotsRuleRow, perUnit)
		for k := range rows {
			kind := "disallow"
			if k%5 == 0 {
				kind = "allow"
			}
			rows[k] = RobotsRuleRow{CrawlID: "20261122T051708Z", Domain: domain, Location: "robots",
				GroupIndex: ptr(int32(k / 50)), Line: int32(k + 1), Kind: kind,
				Path: fmt.Sprintf("/catalog/%d/item-%d?sort=*&page=$", i, k)}
		}
		units[i] = rows
	}
	b.ReportAllocs()
	benchWrite(b, func(w *Writer, i int) (int, error) {
		return perUnit, w.Append(TableRobotsRules, units[i%len(units)])
	})
}

// BenchmarkWriteAIStance measures the writer on what was the crawl's
// second largest table: one unit per robots.txt of 72 ai_stance rows (one
// per known AI crawler, most inheriting the * group), as every robots.txt
// gave while the list held 72 crawlers and the parts held a row for each.
// Since 2026-11-28 the list holds 139 and the parts only the rows of the
// crawlers a group names (ai_stance_default holds the others' stance); the
// unit stays at 72 rows so that figures compare across sessions.
func BenchmarkWriteAIStance(b *testing.B) {
	const perUnit = 72
	units := make([][]AIStanceRow, 64)
	for i := range units {
		domain := fmt.Sprintf("site-%07d.example", i)
		rows := make([]AIStanceRow, perUnit)
		star := []int32{1}
		for k := range rows {
			row := AIStanceRow{CrawlID: "20261122T051708Z", Domain: domain, Location: "robots",
				Token: fmt.Sprintf("bot-%02d", k), Operator: "Operator", Purpose: "training",
				Stance: "partial", Applies: "star", GroupLines: star, RootAllowed: true}
			if k%12 == 0 {
				row.Stance, row.Applies, row.GroupLines, row.RootAllowed, row.DecidingLine = "blocked", "named", []int32{int32(k + 5)}, false, ptr(int32(k+6))
			}
			rows[k] = row
		}
		units[i] = rows
	}
	b.ReportAllocs()
	benchWrite(b, func(w *Writer, i int) (int, error) {
		return perUnit, w.Append(TableAIStance, units[i%len(units)])
	})
}
