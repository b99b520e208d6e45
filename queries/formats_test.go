package queries_test

import (
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// The per-format rows the format queries read, and their checks.

type agentsTxtRow struct {
	hashStatus, nearMiss, otherFormat string
	valid                             bool
}

type feedRow struct {
	effective, keyResolution              string
	entries, verified, canonical, applied int64
}

// agentsMDPolicy is a valid AGENTS.md policy in force: its explicit keys
// and its enumerated fields as the table holds them (nil when not set).
type agentsMDPolicy struct {
	explicit []string
	values   map[string]any
}

// preferenceRow is a robots.txt Content-Usage, Content-Signal or
// App-Directives line.
type preferenceRow struct {
	domain, kind, trainAI, signalTrain string
	valid                              bool
}

// homeRow is a home page's AI signals.
type homeRow struct {
	domain, trainAI    string
	noai, noimageai    bool
	tdm                int64 // -1 when unset
	contentUsageHeader bool
	// agentNoai and agentNoimageai: the directive is scoped to one agent
	// in the X-Robots-Tag header or a meta tag ("otherbot: noai").
	agentNoai, agentNoimageai bool
}

// scopedTo reports whether a parsed robots directive list (x_robots_tag,
// meta_robots: "[agent: ]name[:value]") has name scoped to some agent.
func scopedTo(directives []any, name string) bool {
	for _, d := range directives {
		if agent, n, ok := strings.Cut(d.(string), ": "); ok && agent != "" && n == name {
			return true
		}
	}
	return false
}

type formatData struct {
	agentsTxt   []agentsTxtRow
	feeds       []feedRow
	policies    []agentsMDPolicy
	preferences []preferenceRow
	home        []homeRow
	cards       map[string]cardRow // by domain
	links       []linkRow
}

// agentsMDEnumColumns maps the enumerated fields of agents_md_values to
// their columns.
func agentsMDEnumColumns() [][2]string {
	return [][2]string{
		{"trust-requirements.minimum-trust-level", "minimum_trust_level"},
		{"trust-requirements.authentication", "authentication"},
		{"allowed-actions.read-content", "read_content"}, {"allowed-actions.submit-forms", "submit_forms"},
		{"allowed-actions.make-purchases", "make_purchases"}, {"allowed-actions.modify-account", "modify_account"},
		{"allowed-actions.access-api", "access_api"}, {"allowed-actions.download-files", "download_files"},
		{"allowed-actions.upload-files", "upload_files"}, {"allowed-actions.send-messages", "send_messages"},
		{"allowed-actions.delete-data", "delete_data"}, {"allowed-actions.create-content", "create_content"},
		{"data-handling.personal-data-collection", "personal_data_collection"},
		{"data-handling.data-retention", "data_retention"}, {"data-handling.third-party-sharing", "third_party_sharing"},
		{"data-handling.gdpr-compliance", "gdpr_compliance"},
		{"agent-identification.require-agent-header", "require_agent_header"},
		{"agent-identification.require-disclosure", "require_disclosure"},
	}
}

func loadFormats(t *testing.T, db *sql.DB, crawl string) formatData {
	t.Helper()
	var f formatData
	for _, r := range mustExec(t, db, `SELECT a.hash_status, coalesce(a.near_miss, ''), a.other_format, d.valid
		FROM agents_txt a JOIN documents d USING (crawl_id, domain, location) WHERE a.crawl_id = ?`, crawl).Rows {
		f.agentsTxt = append(f.agentsTxt, agentsTxtRow{str(r[0]), str(r[1]), str(r[2]), r[3].(bool)})
	}
	for _, r := range mustExec(t, db, `SELECT effective, key_resolution, entries, verified, canonical, applied
		FROM agent_feeds WHERE crawl_id = ?`, crawl).Rows {
		f.feeds = append(f.feeds, feedRow{str(r[0]), str(r[1]),
			int64(r[2].(int32)), int64(r[3].(int32)), int64(r[4].(int32)), int64(r[5].(int32))})
	}
	for _, r := range mustExec(t, db, `SELECT domain, kind, coalesce(usage_train_ai, ''), coalesce(signal_ai_train, ''), valid
		FROM robots_preferences WHERE crawl_id = ? AND location = 'robots'`, crawl).Rows {
		f.preferences = append(f.preferences, preferenceRow{str(r[0]), str(r[1]), str(r[2]), str(r[3]), r[4].(bool)})
	}
	for _, r := range mustExec(t, db, `SELECT domain, coalesce(train_ai, ''), noai, noimageai, coalesce(tdm_reservation, -1),
		content_usage IS NOT NULL, x_robots_tag || meta_robots FROM home_signals WHERE crawl_id = ?`, crawl).Rows {
		directives := r[6].([]any)
		f.home = append(f.home, homeRow{domain: str(r[0]), trainAI: str(r[1]), noai: r[2].(bool), noimageai: r[3].(bool),
			tdm: int64(r[4].(int32)), contentUsageHeader: r[5].(bool),
			agentNoai: scopedTo(directives, "noai"), agentNoimageai: scopedTo(directives, "noimageai")})
	}
	f.cards = map[string]cardRow{}
	for _, r := range mustExec(t, db, `SELECT domain, kind, len(endpoints), feed_checked, feed_consistent
		FROM agent_cards WHERE crawl_id = ?`, crawl).Rows {
		consistent, _ := r[4].(bool)
		f.cards[str(r[0])] = cardRow{kind: str(r[1]), endpoints: r[2].(int64), feedChecked: r[3].(bool), feedConsistent: consistent}
	}
	for _, r := range mustExec(t, db, `SELECT domain, l.location, l.source
		FROM (SELECT domain, unnest(links) AS l FROM home_signals WHERE crawl_id = ?)`, crawl).Rows {
		f.links = append(f.links, linkRow{domain: str(r[0]), location: str(r[1]), source: str(r[2])})
	}
	var cols []string
	for _, c := range agentsMDEnumColumns() {
		cols = append(cols, c[1])
	}
	res := mustExec(t, db, `SELECT explicit_keys, `+strings.Join(cols, ", ")+`
		FROM agents_md WHERE crawl_id = ? AND effective = 'policy'`, crawl)
	for _, r := range res.Rows {
		p := agentsMDPolicy{values: map[string]any{}}
		for _, k := range r[0].([]any) {
			p.explicit = append(p.explicit, k.(string))
		}
		for i, c := range agentsMDEnumColumns() {
			p.values[c[0]] = r[i+1]
		}
		f.policies = append(f.policies, p)
	}
	return f
}

func checkAgentsTxtHash(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	var files int64
	for _, a := range c.formats.agentsTxt {
		if a.otherFormat != "" {
			continue
		}
		files++
		id := joinKey(a.hashStatus, a.nearMiss)
		if want[id] == nil {
			want[id] = map[string]int64{}
		}
		want[id]["files"]++
		if a.valid {
			want[id]["valid"]++
		}
	}
	var got []string
	for i := range tb.rows {
		id := joinKey(tb.str(t, i, "hash_status"), tb.str(t, i, "near_miss"))
		got = append(got, id)
		eqCounts(t, id, tb.counts(t, i, "files", "valid"), want[id])
		if n := tb.num(t, i, "agents_txt_files"); n != files {
			t.Errorf("%q: agents_txt_files %d, want %d", id, n, files)
		}
		if tb.str(t, i, "hash_status") != "match" && tb.num(t, i, "valid") != 0 {
			t.Errorf("%q: a file whose hash does not match is valid", id)
		}
		tb.checkPct(t, i, "pct_files", want[id]["files"], files)
	}
	checkRowKeys(t, got, want)
	checkOrder(t, tb, "hash_status", []string{"match", "mismatch", "syntax", "missing"})
	if len(want) < 3 {
		t.Errorf("hash statuses and near misses %v: the simulated web publishes several kinds", slices.Sorted(maps.Keys(want)))
	}
}

func checkAgentFeeds(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	add := func(id string, f feedRow) {
		m := want[id]
		if m == nil {
			m = map[string]int64{}
			want[id] = m
		}
		m["feeds"]++
		m["entries"] += f.entries
		m["verified"] += f.verified
		m["canonical"] += f.canonical
		m["applied"] += f.applied
		if f.entries > 0 && f.verified == f.entries {
			m["feeds_all_verified"]++
		}
	}
	for _, f := range c.formats.feeds {
		add(joinKey(f.effective, f.keyResolution), f)
		add(joinKey("(all)", ""), f)
	}
	var got []string
	for i := range tb.rows {
		id := joinKey(tb.str(t, i, "state"), tb.str(t, i, "key_resolution"))
		got = append(got, id)
		w := want[id]
		eqCounts(t, id, tb.counts(t, i, "feeds", "entries", "verified", "canonical", "applied", "feeds_all_verified"), w)
		tb.checkPct(t, i, "pct_feeds", w["feeds"], int64(len(c.formats.feeds)))
		if w["entries"] > 0 {
			tb.checkPct(t, i, "pct_verified", w["verified"], w["entries"])
			tb.checkPct(t, i, "pct_canonical", w["canonical"], w["entries"])
		}
	}
	checkRowKeys(t, got, want)
	if last := len(tb.rows) - 1; last < 0 || tb.str(t, last, "state") != "(all)" {
		t.Errorf("the last row is not the (all) total")
	}
	states := map[string]bool{}
	for _, f := range c.formats.feeds {
		states[f.effective] = true
	}
	if !states["active"] || len(states) < 3 {
		t.Errorf("feed states %v: the simulated web serves active, terminated, migrated and untrusted feeds", states)
	}
}

// agentsMDFields are the fields of agents_md_fields, in order.
func agentsMDFields() []string {
	return []string{"identity.site", "identity.contact", "identity.last-updated", "identity.spec-version",
		"trust-requirements.minimum-trust-level", "trust-requirements.authentication", "trust-requirements.authentication-methods",
		"allowed-actions.read-content", "allowed-actions.submit-forms", "allowed-actions.make-purchases",
		"allowed-actions.modify-account", "allowed-actions.access-api", "allowed-actions.download-files",
		"allowed-actions.upload-files", "allowed-actions.send-messages", "allowed-actions.delete-data",
		"allowed-actions.create-content", "allowed-actions.(custom)",
		"rate-limits.requests-per-minute", "rate-limits.requests-per-hour", "rate-limits.concurrent-sessions",
		"data-handling.personal-data-collection", "data-handling.data-retention", "data-handling.third-party-sharing",
		"data-handling.gdpr-compliance", "restrictions.disallowed-paths", "restrictions.require-human-approval",
		"restrictions.read-only-paths", "agent-identification.require-agent-header", "agent-identification.agent-header-name",
		"agent-identification.require-disclosure"}
}

func checkAgentsMDFields(t *testing.T, tb table, c *crawlData) {
	fields := agentsMDFields()
	want := map[string]int64{}
	for _, p := range c.formats.policies {
		custom := false
		for _, k := range slices.Compact(slices.Sorted(slices.Values(p.explicit))) {
			if slices.Contains(fields, k) {
				want[k]++
			} else if strings.HasPrefix(k, "allowed-actions.") {
				custom = true
			}
		}
		if custom {
			want["allowed-actions.(custom)"]++
		}
	}
	policies := int64(len(c.formats.policies))
	if len(tb.rows) != len(fields) {
		t.Fatalf("%d rows, want one per field (%d)", len(tb.rows), len(fields))
	}
	for i, f := range fields {
		if got := tb.str(t, i, "section") + "." + tb.str(t, i, "key"); got != f {
			t.Errorf("row %d: %s, want %s", i, got, f)
			continue
		}
		eqCounts(t, f, tb.counts(t, i, "policies", "valid_policies"), map[string]int64{"policies": want[f], "valid_policies": policies})
		tb.checkPct(t, i, "pct_policies", want[f], policies)
	}
	if want["identity.site"] != policies {
		t.Errorf("%d of %d valid policies set identity.site, which §5.1 requires", want["identity.site"], policies)
	}
}

// enumValue is the effective value of an enumerated field as
// agents_md_values shows it: the default applied, (not set) for the
// data-handling fields that have none, (omitted) for a minimum-trust-level
// whose value §6.4 omits (the column is never null otherwise).
func enumValue(field string, v any) string {
	if v == nil {
		switch field {
		case "trust-requirements.minimum-trust-level":
			return "(omitted)"
		case "allowed-actions.read-content":
			return "true"
		case "data-handling.personal-data-collection", "data-handling.data-retention",
			"data-handling.third-party-sharing", "data-handling.gdpr-compliance":
			return "(not set)"
		}
		return "false"
	}
	return fmt.Sprint(v)
}

func checkAgentsMDValues(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	for _, p := range c.formats.policies {
		for _, fc := range agentsMDEnumColumns() {
			field, v := fc[0], p.values[fc[0]]
			id := joinKey(field, enumValue(field, v))
			if want[id] == nil {
				want[id] = map[string]int64{}
			}
			want[id]["policies"]++
			explicit := v != nil
			if !strings.HasPrefix(field, "allowed-actions.") && !strings.HasPrefix(field, "data-handling.") {
				explicit = slices.Contains(p.explicit, field)
			}
			if explicit {
				want[id]["explicit"]++
			}
		}
	}
	policies := int64(len(c.formats.policies))
	totals := map[string]int64{}
	for i := range tb.rows {
		field := tb.str(t, i, "section") + "." + tb.str(t, i, "key")
		id := joinKey(field, tb.str(t, i, "value"))
		w := want[id]
		if w == nil {
			w = map[string]int64{}
		}
		eqCounts(t, id, tb.counts(t, i, "policies", "explicit", "valid_policies"),
			map[string]int64{"policies": w["policies"], "explicit": w["explicit"], "valid_policies": policies})
		tb.checkPct(t, i, "pct_policies", w["policies"], policies)
		totals[field] += tb.num(t, i, "policies")
		delete(want, id)
	}
	for id, w := range want {
		t.Errorf("no row for %q (%d policies)", id, w["policies"])
	}
	for _, fc := range agentsMDEnumColumns() {
		if totals[fc[0]] != policies {
			t.Errorf("%s: values total %d policies, want every one (%d)", fc[0], totals[fc[0]], policies)
		}
	}
}

func checkAISignals(t *testing.T, tb table, c *crawlData) {
	reachable := map[string]bool{}
	for _, tr := range c.targets {
		if tr.outcome == "ok" {
			reachable[tr.domain] = true
		}
	}
	using, restricting := map[string]map[string]bool{}, map[string]map[string]bool{}
	mark := func(mechanism, domain string, restricts bool) {
		if !reachable[domain] {
			return
		}
		if using[mechanism] == nil {
			using[mechanism], restricting[mechanism] = map[string]bool{}, map[string]bool{}
		}
		using[mechanism][domain] = true
		if restricts {
			restricting[mechanism][domain] = true
		}
	}
	for _, s := range c.stance {
		if s.applies == "named" {
			mark("robots.txt AI crawler groups", s.domain, s.stance == "blocked")
		}
	}
	for _, p := range c.formats.preferences {
		if !p.valid {
			continue
		}
		switch p.kind {
		case "content-usage":
			mark("robots.txt Content-Usage", p.domain, p.trainAI == "n")
		case "content-signal":
			mark("robots.txt Content-Signal", p.domain, p.signalTrain == "no")
		case "app-directives":
			mark("robots.txt App-Directives", p.domain, false)
		}
	}
	for k, d := range c.documents {
		switch {
		case d.otherFormat != "":
		case k.location == "ai-txt":
			mark("ai.txt", k.domain, d.effective == "partial" || d.effective == "disallow-all")
		case k.location == "tdmrep":
			mark("tdmrep.json", k.domain, d.effective == "reserved")
		}
	}
	for _, h := range c.formats.home {
		if h.noai || h.noimageai || h.agentNoai || h.agentNoimageai {
			mark("home page noai", h.domain, h.noai || h.agentNoai)
		}
		if h.tdm >= 0 {
			mark("home page tdm-reservation", h.domain, h.tdm == 1)
		}
		if h.contentUsageHeader {
			mark("home page Content-Usage header", h.domain, h.trainAI == "n")
		}
	}
	mechanisms := []string{"robots.txt AI crawler groups", "robots.txt Content-Usage", "robots.txt Content-Signal",
		"robots.txt App-Directives", "ai.txt", "tdmrep.json", "home page noai", "home page tdm-reservation",
		"home page Content-Usage header"}
	if len(tb.rows) != len(mechanisms) {
		t.Fatalf("%d rows, want one per mechanism (%d)", len(tb.rows), len(mechanisms))
	}
	// A mechanism's denominator: the reachable domains fetched at its
	// location.
	fetchedAt := map[string]int64{}
	for k := range c.fetches {
		if reachable[k.domain] {
			fetchedAt[k.location]++
		}
	}
	for i, m := range mechanisms {
		if got := tb.str(t, i, "mechanism"); got != m {
			t.Errorf("row %d: %s, want %s", i, got, m)
			continue
		}
		n := fetchedAt[mechanismLocation(m)]
		if n != int64(len(reachable)) {
			t.Errorf("%s: %d reachable domains fetched at %s, want every reachable one (%d) in a crawl of every location", m, n, mechanismLocation(m), len(reachable))
		}
		u, r := int64(len(using[m])), int64(len(restricting[m]))
		if got := tb.num(t, i, "using"); got != u {
			t.Errorf("%s: using %d, want %d", m, got, u)
		}
		if got := tb.num(t, i, "reachable"); got != n {
			t.Errorf("%s: reachable %d, want %d", m, got, n)
		}
		tb.checkPct(t, i, "pct_using", u, n)
		if m == "robots.txt App-Directives" {
			if tb.get(t, i, "restricting") != nil {
				t.Errorf("%s: restricting %v, want empty", m, tb.get(t, i, "restricting"))
			}
			continue
		}
		if got := tb.num(t, i, "restricting"); got != r {
			t.Errorf("%s: restricting %d, want %d", m, got, r)
		}
		tb.checkPct(t, i, "pct_restricting", r, n)
		if u > 0 {
			tb.checkPct(t, i, "pct_restricting_of_using", r, u)
		}
		if u == 0 {
			t.Errorf("%s: no domain uses it; the simulated web publishes every mechanism", m)
		}
	}
}

// mechanismLocation is the location of an ai_signals mechanism.
func mechanismLocation(mechanism string) string {
	switch {
	case strings.HasPrefix(mechanism, "robots.txt"):
		return "robots"
	case mechanism == "ai.txt":
		return "ai-txt"
	case mechanism == "tdmrep.json":
		return "tdmrep"
	}
	return "home"
}
