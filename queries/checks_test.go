package queries_test

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
)

// fileCounts counts the files of a set of fetches as the adoption queries
// do: reachable fetches, files delivered, in the format, valid, usable.
func fileCounts(m map[string]int64, c *crawlData, k key, f fetchRow) {
	m["reachable"]++
	if !hasFile(f.outcome) {
		return
	}
	m["with_file"]++
	d, ok := c.documents[k]
	if !ok || d.otherFormat == "" {
		m["in_format"]++
	}
	if ok && d.valid {
		m["valid"]++
	}
	if ok && d.usable {
		m["usable"]++
	}
}

func checkAdoption(t *testing.T, tb table, c *crawlData) {
	checkAdoptionOf(t, tb, c, false)
}

// checkAdoptionOf checks adoption's rows, run with parked=exclude when
// excludeParked is true.
func checkAdoptionOf(t *testing.T, tb table, c *crawlData, excludeParked bool) {
	t.Helper()
	want := map[string]map[string]int64{}
	for k, f := range c.fetches {
		tr := c.targets[k.domain]
		if k.location == "canary" || tr.outcome != "ok" || excludeParked && tr.parked {
			continue
		}
		if want[k.location] == nil {
			want[k.location] = map[string]int64{}
		}
		fileCounts(want[k.location], c, k, f)
	}
	var got []string
	for i := range tb.rows {
		loc := tb.str(t, i, "location")
		got = append(got, loc)
		w := want[loc]
		eqCounts(t, loc, tb.counts(t, i, "reachable", "with_file", "in_format", "valid", "usable"), w)
		tb.checkPct(t, i, "pct_with_file", w["with_file"], w["reachable"])
		tb.checkPct(t, i, "pct_in_format", w["in_format"], w["reachable"])
		tb.checkPct(t, i, "pct_valid", w["valid"], w["reachable"])
		tb.checkPct(t, i, "pct_usable", w["usable"], w["reachable"])
	}
	checkOrder(t, tb, "location", locationOrder())
	checkRowKeys(t, got, want)
	if w := want["robots"]; w["with_file"] == 0 || w["valid"] == 0 {
		t.Errorf("robots: %v; the simulated web serves robots.txt files", w)
	}
}

// rankBand is the band of a rank, as adoption_by_rank names it.
func rankBand(rank int64) string {
	switch {
	case rank == 0:
		return "unranked"
	case rank <= 1000:
		return "top 1k"
	case rank <= 10000:
		return "1k-10k"
	case rank <= 100000:
		return "10k-100k"
	case rank <= 1000000:
		return "100k-1M"
	}
	return "beyond 1M"
}

func checkAdoptionByRank(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	domains := map[string]int64{}
	for _, tr := range c.targets {
		domains[rankBand(tr.rank)]++
	}
	for k, f := range c.fetches {
		tr := c.targets[k.domain]
		if k.location == "canary" || tr.outcome != "ok" {
			continue
		}
		id := joinKey(rankBand(tr.rank), k.location)
		if want[id] == nil {
			want[id] = map[string]int64{}
		}
		fileCounts(want[id], c, k, f)
	}
	var got []string
	bands := map[string]bool{}
	for i := range tb.rows {
		band, loc := tb.str(t, i, "rank_band"), tb.str(t, i, "location")
		bands[band] = true
		id := joinKey(band, loc)
		got = append(got, id)
		w := want[id]
		eqCounts(t, band+" "+loc, tb.counts(t, i, "reachable", "with_file", "in_format", "valid", "usable"), w)
		if n := tb.num(t, i, "domains"); n != domains[band] {
			t.Errorf("%s: domains = %d, want %d", band, n, domains[band])
		}
		tb.checkPct(t, i, "pct_with_file", w["with_file"], w["reachable"])
		tb.checkPct(t, i, "pct_valid", w["valid"], w["reachable"])
	}
	checkRowKeys(t, got, want)
	if !bands["top 1k"] || !bands["1k-10k"] || bands["unranked"] {
		t.Errorf("bands %v, want top 1k and 1k-10k from the ranked seeds, no unranked", bands)
	}
	checkOrder(t, tb, "rank_band", []string{"top 1k", "1k-10k", "10k-100k", "100k-1M", "beyond 1M", "unranked"})
}

func checkValidity(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	others := map[string]map[string]int{}
	for k, d := range c.documents {
		f := c.fetches[k]
		if !hasFile(f.outcome) {
			continue
		}
		m := want[d.format]
		if m == nil {
			m = map[string]int64{}
			want[d.format] = m
			others[d.format] = map[string]int{}
		}
		m["files"]++
		if d.otherFormat != "" {
			m["other_format"]++
			others[d.format][d.otherFormat]++
			continue
		}
		m["in_format"]++
		if d.valid {
			m["valid"]++
		} else {
			m["invalid"]++
		}
		if d.usable {
			m["usable"]++
		}
		if d.warnings > 0 {
			m["with_warnings"]++
		}
	}
	var got []string
	for i := range tb.rows {
		format := tb.str(t, i, "format")
		got = append(got, format)
		w := want[format]
		eqCounts(t, format, tb.counts(t, i, "files", "in_format", "valid", "invalid", "usable", "with_warnings", "other_format"), w)
		tb.checkPct(t, i, "pct_other_format", w["other_format"], w["files"])
		tb.checkPct(t, i, "pct_valid", w["valid"], w["in_format"])
		tb.checkPct(t, i, "pct_usable", w["usable"], w["in_format"])
		for name, n := range others[format] {
			if !strings.Contains(tb.str(t, i, "other_formats"), name+": "+fmt.Sprint(n)) {
				t.Errorf("%s: other_formats %q lacks %s: %d", format, tb.str(t, i, "other_formats"), name, n)
			}
		}
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "format", formatOrder())
}

func checkDiagnostics(t *testing.T, tb table, c *crawlData) {
	type agg struct {
		files, domains map[string]bool
		n              int64
		example        diagnosticRow // of the most popular site, its first line with the code
	}
	// popular orders files by their site's rank (unranked last), then
	// domain and location.
	popular := func(a, b diagnosticRow) int {
		ra, rb := c.targets[a.domain].rank, c.targets[b.domain].rank
		if ra == 0 {
			ra = math.MaxInt64
		}
		if rb == 0 {
			rb = math.MaxInt64
		}
		return cmp.Or(cmp.Compare(ra, rb), cmp.Compare(a.domain, b.domain), cmp.Compare(a.location, b.location))
	}
	want := map[string]*agg{}
	for _, d := range c.diagnostics {
		id := joinKey(d.format, d.code, d.severity, d.spec)
		a := want[id]
		if a == nil {
			a = &agg{files: map[string]bool{}, domains: map[string]bool{}, example: d}
			want[id] = a
		}
		a.files[joinKey(d.domain, d.location)] = true
		a.domains[d.domain] = true
		a.n++
		// Within a file, the first line with the code; a whole-file row
		// (line 0) only when there is no other.
		switch p := popular(d, a.example); {
		case p < 0, p == 0 && d.line > 0 && (a.example.line == 0 || d.line < a.example.line):
			a.example = d
		}
	}
	formatFiles := map[string]int64{}
	for _, d := range c.documents {
		formatFiles[d.format]++
	}
	var got []string
	lastFiles, lastFormat, lastRank := int64(-1), "", int64(0)
	for i := range tb.rows {
		format := tb.str(t, i, "format")
		id := joinKey(format, tb.str(t, i, "code"), tb.str(t, i, "severity"), tb.str(t, i, "spec"))
		got = append(got, id)
		a := want[id]
		if a == nil {
			t.Errorf("row %d: %q is no diagnostic of the crawl", i, id)
			continue
		}
		eqCounts(t, id, tb.counts(t, i, "files", "domains", "occurrences", "format_files"), map[string]int64{
			"files": int64(len(a.files)), "domains": int64(len(a.domains)), "occurrences": a.n, "format_files": formatFiles[format],
		})
		tb.checkPct(t, i, "pct_files", int64(len(a.files)), formatFiles[format])
		got := fmt.Sprint(tb.str(t, i, "example_domain"), " ", tb.str(t, i, "example_location"), " line ", tb.get(t, i, "example_line"))
		if want := fmt.Sprint(a.example.domain, " ", a.example.location, " line ", a.example.line); got != want {
			t.Errorf("%s: example %s, want %s", id, got, want)
		}
		files, rank := tb.num(t, i, "files"), tb.num(t, i, "rank")
		if format != lastFormat {
			lastFiles, lastFormat, lastRank = files, format, 0
		}
		if files > lastFiles || rank != lastRank+1 {
			t.Errorf("row %d (%s): files %d after %d, rank %d after %d: not most frequent first", i, id, files, lastFiles, rank, lastRank)
		}
		lastFiles, lastRank = files, rank
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "format", formatOrder())
}

// sectionNumber is the number of a numbered section, "§4" of "§4 (method)".
var sectionNumber = regexp.MustCompile(`^§\s*([0-9]+(?:\.[0-9]+)*)`)

// specSections splits a diagnostic's spec text into the (document,
// section) pairs it cites, as conformance_by_section does: references
// separated by ";", the sections of one separated by ","; a numbered
// section is its number, and a piece that starts with neither § nor
// Appendix qualifies the section before it rather than naming one.
func specSections(spec string) [][2]string {
	var out [][2]string
	for _, ref := range strings.Split(spec, ";") {
		ref = strings.TrimSpace(ref)
		if ref == "" {
			continue
		}
		i := strings.Index(ref, "§")
		if i < 0 {
			out = append(out, [2]string{ref, ""})
			continue
		}
		doc := strings.TrimSpace(ref[:i])
		for _, s := range strings.Split(ref[i:], ",") {
			s = strings.TrimSpace(s)
			switch {
			case sectionNumber.MatchString(s):
				s = "§" + sectionNumber.FindStringSubmatch(s)[1]
			case strings.HasPrefix(s, "§"), strings.HasPrefix(s, "Appendix"), strings.HasPrefix(s, "Annex"):
			default:
				continue
			}
			p := [2]string{doc, s}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func checkConformanceBySection(t *testing.T, tb table, c *crawlData) {
	type agg struct {
		files, errorFiles, domains, codes map[string]bool
	}
	want := map[string]*agg{}
	for _, d := range c.diagnostics {
		for _, s := range specSections(d.spec) {
			id := joinKey(d.format, s[0], s[1])
			a := want[id]
			if a == nil {
				a = &agg{map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}}
				want[id] = a
			}
			file := joinKey(d.domain, d.location)
			a.files[file] = true
			if d.severity == "error" {
				a.errorFiles[file] = true
			}
			a.domains[d.domain] = true
			a.codes[d.code] = true
		}
	}
	formatFiles := map[string]int64{}
	for _, d := range c.documents {
		formatFiles[d.format]++
	}
	var got []string
	for i := range tb.rows {
		format := tb.str(t, i, "format")
		id := joinKey(format, tb.str(t, i, "document"), tb.str(t, i, "section"))
		got = append(got, id)
		a := want[id]
		if a == nil {
			t.Errorf("row %d: %q is cited by no diagnostic", i, id)
			continue
		}
		eqCounts(t, id, tb.counts(t, i, "files", "error_files", "domains", "format_files"), map[string]int64{
			"files": int64(len(a.files)), "error_files": int64(len(a.errorFiles)), "domains": int64(len(a.domains)),
			"format_files": formatFiles[format],
		})
		if codes := strings.Join(slices.Sorted(maps.Keys(a.codes)), ", "); tb.str(t, i, "codes") != codes {
			t.Errorf("%q: codes %q, want %q", id, tb.str(t, i, "codes"), codes)
		}
		tb.checkPct(t, i, "pct_files", int64(len(a.files)), formatFiles[format])
		tb.checkPct(t, i, "pct_error_files", int64(len(a.errorFiles)), formatFiles[format])
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "format", formatOrder())
}

func checkMeasurementValidity(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	for k, f := range c.fetches {
		m := want[k.location]
		if m == nil {
			m = map[string]int64{}
			want[k.location] = m
		}
		m["fetches"]++
		switch {
		case hasFile(f.outcome):
			m["file"]++
		case f.outcome == "blocked":
			m["blocked"]++
			if strings.HasPrefix(f.reason, "challenge_") {
				m["bot_wall"]++
			}
			if f.reason == "rate_limited" {
				m["rate_limited"]++
			}
		default:
			m[f.outcome]++
		}
	}
	var got []string
	for i := range tb.rows {
		loc := tb.str(t, i, "location")
		got = append(got, loc)
		w := want[loc]
		w["measured"] = w["file"] + w["absent"] + w["soft_404"]
		eqCounts(t, loc, tb.counts(t, i, "fetches", "measured", "file", "absent", "soft_404", "blocked", "bot_wall",
			"rate_limited", "server_error", "timeout", "network_error", "redirect_error"), w)
		if n := tb.num(t, i, "fetches"); n != int64(len(c.targets)) {
			t.Errorf("%s: %d fetches, want one per domain crawled (%d)", loc, n, len(c.targets))
		}
		tb.checkPct(t, i, "pct_measured", w["measured"], w["fetches"])
		tb.checkPct(t, i, "pct_soft_404", w["soft_404"], w["fetches"])
		tb.checkPct(t, i, "pct_bot_wall", w["bot_wall"], w["fetches"])
		tb.checkPct(t, i, "pct_timeout", w["timeout"], w["fetches"])
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "location", locationOrder())
}

func checkBotWalls(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]bool{}
	add := func(vendor, loc, domain string) {
		id := joinKey(vendor, loc)
		if want[id] == nil {
			want[id] = map[string]bool{}
		}
		want[id][domain] = true
	}
	for k, f := range c.fetches {
		vendor, ok := strings.CutPrefix(f.reason, "challenge_")
		if f.outcome != "blocked" || !ok {
			continue
		}
		for _, v := range []string{vendor, "(any)"} {
			for _, l := range []string{k.location, "(any)"} {
				add(v, l, k.domain)
			}
		}
	}
	// The denominators: the domains crawled, and at a location those
	// fetched there.
	crawled := map[string]int64{"(any)": int64(len(c.targets))}
	for k := range c.fetches {
		crawled[k.location]++
	}
	var got []string
	for i := range tb.rows {
		id := joinKey(tb.str(t, i, "vendor"), tb.str(t, i, "location"))
		got = append(got, id)
		n := int64(len(want[id]))
		if d := tb.num(t, i, "domains"); d != n {
			t.Errorf("%q: domains = %d, want %d", id, d, n)
		}
		tb.checkPct(t, i, "pct_domains", n, crawled[tb.str(t, i, "location")])
	}
	checkRowKeys(t, got, want)
	if len(tb.rows) > 0 && (tb.str(t, 0, "vendor") != "(any)" || tb.str(t, 0, "location") != "(any)") {
		t.Errorf("first row %v, want the (any) vendor at (any) location", tb.rows[0])
	}
}

func checkDomainOutcomes(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	for _, tr := range c.targets {
		id := joinKey(tr.outcome, tr.reason)
		if want[id] == nil {
			want[id] = map[string]int64{}
		}
		want[id]["domains"]++
		if tr.soft404 {
			want[id]["soft404_sites"]++
		}
		if tr.fallback {
			want[id]["http_fallback"]++
		}
		if tr.parked {
			want[id]["parked"]++
		}
	}
	var got []string
	for i := range tb.rows {
		id := joinKey(tb.str(t, i, "outcome"), tb.str(t, i, "reason"))
		got = append(got, id)
		eqCounts(t, id, tb.counts(t, i, "domains", "soft404_sites", "http_fallback", "parked"), want[id])
		tb.checkPct(t, i, "pct_domains", want[id]["domains"], int64(len(c.targets)))
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "outcome", []string{"ok", "blocked", "timeout", "unreachable"})
}

func checkDomainSchemes(t *testing.T, tb table, c *crawlData) {
	want := map[string]int64{}
	var answered int64
	for _, tr := range c.targets {
		if tr.outcome != "ok" && tr.outcome != "blocked" {
			continue
		}
		answered++
		want[joinKey(map[bool]string{true: "http", false: "https"}[tr.fallback], fmt.Sprint(tr.fallback))]++
	}
	got := map[string]int64{}
	for i := range tb.rows {
		fallback := tb.get(t, i, "http_fallback").(bool)
		got[joinKey(tb.str(t, i, "scheme"), fmt.Sprint(fallback))] += tb.num(t, i, "domains")
		if failure := tb.str(t, i, "https_failure"); fallback == (failure == "") {
			t.Errorf("row %d: http_fallback %v with https_failure %q", i, fallback, failure)
		}
		tb.checkPct(t, i, "pct_domains", tb.num(t, i, "domains"), answered)
	}
	eqCounts(t, "domains by scheme and fallback", got, want)
	eqCounts(t, "domains by scheme and fallback", want, got)
}

func checkFileTransport(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	for k, f := range c.fetches {
		if !hasFile(f.outcome) {
			continue
		}
		m := want[k.location]
		if m == nil {
			m = map[string]int64{}
			want[k.location] = m
		}
		m["files"]++
		m[f.scheme]++
		if f.scheme == "http" && f.fallback {
			m["http_fallback"]++
		}
		for name, on := range map[string]bool{"downgraded": f.downgraded, "offsite": f.offsite, "via_redirect": f.redirects > 0,
			"truncated": f.truncated, "usable": c.documents[k].usable} {
			if on {
				m[name]++
			}
		}
	}
	var got []string
	for i := range tb.rows {
		loc := tb.str(t, i, "location")
		got = append(got, loc)
		w := want[loc]
		eqCounts(t, loc, tb.counts(t, i, "files", "https", "http", "http_fallback", "downgraded", "via_redirect", "offsite", "truncated", "usable"), w)
		tb.checkPct(t, i, "pct_https", w["https"], w["files"])
		tb.checkPct(t, i, "pct_usable", w["usable"], w["files"])
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "location", locationOrder())
}

// robotsFiles counts the robots.txt files in the format, the stance
// queries' denominator.
func robotsFiles(c *crawlData) int64 {
	var n int64
	for k, d := range c.documents {
		if k.location == "robots" && d.otherFormat == "" {
			n++
		}
	}
	return n
}

func checkAICrawlerStance(t *testing.T, tb table, c *crawlData) {
	files := robotsFiles(c)
	want := map[string]map[string]int64{}
	for _, s := range c.stance {
		if !c.inFormatRobots(s.domain) {
			continue
		}
		m := want[s.token]
		if m == nil {
			m = map[string]int64{}
			want[s.token] = m
		}
		m[s.stance]++
		m[map[string]string{"named": "named", "star": "inherits_star", "none": "no_group"}[s.applies]]++
		if s.stance == "blocked" && s.applies != "none" {
			m["blocked_"+s.applies]++
		}
	}
	var got []string
	var total int64
	for i := range tb.rows {
		token := tb.str(t, i, "token")
		got = append(got, token)
		w := want[token]
		cs := tb.counts(t, i, "blocked", "partial", "allowed", "named", "inherits_star", "no_group", "blocked_named", "blocked_star")
		eqCounts(t, token, cs, w)
		if n := tb.num(t, i, "robots_files"); n != files {
			t.Errorf("%s: robots_files = %d, want %d", token, n, files)
		}
		if cs["blocked"]+cs["partial"]+cs["allowed"] != files || cs["named"]+cs["inherits_star"]+cs["no_group"] != files {
			t.Errorf("%s: %v do not add up to the %d robots.txt files", token, cs, files)
		}
		total += cs["blocked"] + cs["partial"] + cs["allowed"]
		tb.checkPct(t, i, "pct_blocked", w["blocked"], files)
		tb.checkPct(t, i, "pct_named", w["named"], files)
	}
	if tokens := int64(len(robots.AITokens())); len(tb.rows) != int(tokens) || total != files*tokens {
		t.Errorf("%d rows totalling %d, want one per AI token (%d) totalling robots files × tokens (%d × %d)",
			len(tb.rows), total, tokens, files, tokens)
	}
	checkRowKeys(t, got, want)
	for i := 1; i < len(tb.rows); i++ {
		if tb.num(t, i, "blocked") > tb.num(t, i-1, "blocked") {
			t.Errorf("row %d: not the most often blocked first", i)
		}
	}
}

func checkAIOperatorStance(t *testing.T, tb table, c *crawlData) {
	files := robotsFiles(c)
	type fileStance struct{ all, blocked, allowed, named int }
	per := map[string]*fileStance{}
	tokens := map[string]map[string]bool{}
	for _, s := range c.stance {
		if !c.inFormatRobots(s.domain) {
			continue
		}
		// Crawlers nobody names an operator for are one row each.
		op := s.operator
		if op == "unknown" {
			op = "unknown (" + s.token + ")"
		}
		id := joinKey(op, s.domain)
		if per[id] == nil {
			per[id] = &fileStance{}
		}
		f := per[id]
		f.all++
		f.blocked += b2i(s.stance == "blocked")
		f.allowed += b2i(s.stance == "allowed")
		f.named += b2i(s.applies == "named")
		if tokens[op] == nil {
			tokens[op] = map[string]bool{}
		}
		tokens[op][s.token] = true
	}
	want := map[string]map[string]int64{}
	for id, f := range per {
		op, _, _ := strings.Cut(id, "\x00")
		m := want[op]
		if m == nil {
			m = map[string]int64{}
			want[op] = m
		}
		switch {
		case f.blocked == f.all:
			m["blocked"]++
			if f.named > 0 {
				m["blocked_named"]++
			}
		case f.allowed == f.all:
			m["allowed"]++
		default:
			m["partial"]++
		}
		if f.blocked > 0 {
			m["some_blocked"]++
		}
		if f.named > 0 {
			m["named"]++
		}
	}
	var got []string
	for i := range tb.rows {
		op := tb.str(t, i, "operator")
		got = append(got, op)
		cs := tb.counts(t, i, "blocked", "partial", "allowed", "some_blocked", "named", "blocked_named")
		eqCounts(t, op, cs, want[op])
		if cs["blocked"]+cs["partial"]+cs["allowed"] != files {
			t.Errorf("%s: %v do not add up to the %d robots.txt files", op, cs, files)
		}
		if n := len(strings.Split(tb.str(t, i, "tokens"), ", ")); n != len(tokens[op]) {
			t.Errorf("%s: tokens %q, want %d", op, tb.str(t, i, "tokens"), len(tokens[op]))
		}
		tb.checkPct(t, i, "pct_blocked", want[op]["blocked"], files)
	}
	checkRowKeys(t, got, want)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkCrawlShards: a simulated crawl is one shard, 0/1, whose one run
// completed and committed every domain of targets: the crawl is whole.
func checkCrawlShards(t *testing.T, tb table, c *crawlData) {
	if len(tb.rows) != 1 {
		t.Fatalf("%d rows, want one (shard 0/1)", len(tb.rows))
	}
	if got := tb.str(t, 0, "shard") + " " + tb.str(t, 0, "status"); got != "0/1 complete" {
		t.Errorf("shard and status %q, want 0/1 complete", got)
	}
	eqCounts(t, "0/1", tb.counts(t, 0, "runs", "last_run", "domains"),
		map[string]int64{"runs": 1, "last_run": 1, "domains": int64(len(c.targets))})
	if tb.get(t, 0, "ended") != true || tb.get(t, 0, "whole") != true {
		t.Errorf("ended %v, whole %v; want true, true", tb.get(t, 0, "ended"), tb.get(t, 0, "whole"))
	}
}
