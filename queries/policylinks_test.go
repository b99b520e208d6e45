package queries_test

import (
	"slices"
	"testing"
)

// linkRow is one of a home page's links to an agent-policy file.
type linkRow struct {
	domain, location, source string
}

// checkPolicyLinks derives policy_links from the home pages' links and
// the fetches and documents at the locations they point to.
func checkPolicyLinks(t *testing.T, tb table, c *crawlData) {
	homePages := int64(len(c.formats.home))
	type pointer struct{ location, source, domain string }
	seen := map[pointer]bool{}
	want := map[string]map[string]int64{}
	add := func(location, source, domain string) {
		p := pointer{location, source, domain}
		if seen[p] {
			return
		}
		seen[p] = true
		id := joinKey(location, source)
		m := want[id]
		if m == nil {
			m = map[string]int64{}
			want[id] = m
		}
		m["domains"]++
		f, fetched := c.fetches[key{domain, location}]
		if fetched && hasFile(f.outcome) {
			m["served"]++
		}
		if d, ok := c.documents[key{domain, location}]; ok {
			if d.otherFormat == "" {
				m["in_format"]++
			}
			if d.valid {
				m["valid"]++
			}
		}
	}
	for _, l := range c.formats.links {
		loc := l.location
		if loc == "" {
			loc = "(another host)"
		}
		add(loc, l.source, l.domain)
		add(loc, "(any)", l.domain)
	}
	files := map[string]int64{}
	for k, d := range c.documents {
		if d.otherFormat == "" {
			files[k.location]++
		}
	}
	if want[joinKey("llms-txt", "link")] == nil || want[joinKey("llms-txt", "header")] == nil {
		t.Errorf("links %v: the simulated web's home pages point to llms.txt with a link element and with a Link header", want)
	}
	var got []string
	var order []string
	for i := range tb.rows {
		loc, source := tb.str(t, i, "location"), tb.str(t, i, "source")
		id := joinKey(loc, source)
		got = append(got, id)
		order = append(order, loc)
		w := want[id]
		if n := tb.num(t, i, "home_pages"); n != homePages {
			t.Errorf("%s %s: home_pages %d, want %d", loc, source, n, homePages)
		}
		eqCounts(t, loc+" "+source, tb.counts(t, i, "domains"), w)
		tb.checkPct(t, i, "pct_home_pages", w["domains"], homePages)
		if loc == "(another host)" {
			for _, col := range []string{"served", "in_format", "valid", "pct_served", "files", "pct_files_linked"} {
				if v := tb.get(t, i, col); v != nil {
					t.Errorf("%s %s: %s = %v, want null", loc, source, col, v)
				}
			}
			continue
		}
		eqCounts(t, loc+" "+source, tb.counts(t, i, "served", "in_format", "valid", "files"),
			map[string]int64{"served": w["served"], "in_format": w["in_format"], "valid": w["valid"], "files": files[loc]})
		tb.checkPct(t, i, "pct_served", w["served"], w["domains"])
		tb.checkPct(t, i, "pct_in_format", w["in_format"], w["domains"])
		tb.checkPct(t, i, "pct_valid", w["valid"], w["domains"])
		tb.checkPct(t, i, "pct_files_linked", w["in_format"], files[loc])
	}
	checkRowKeys(t, got, want)
	rank := func(loc string) int {
		if i := slices.Index(locationOrder(), loc); i >= 0 {
			return i
		}
		return len(locationOrder())
	}
	if !slices.IsSortedFunc(order, func(a, b string) int { return rank(a) - rank(b) }) {
		t.Errorf("locations %v, want them in crawl order", order)
	}
	if w := want[joinKey("llms-txt", "(any)")]; w["served"] == 0 || w["served"] == w["domains"] {
		t.Errorf("llms-txt: %d of %d domains that point to it serve it; the simulated web serves most such files, not all", w["served"], w["domains"])
	}
}
