package sink

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// fixtureDoc is one fixture parsed as one format at one location.
type fixtureDoc struct {
	format registry.FormatID
	loc    registry.LocationID
	file   string
}

// roundTripFixtures are every fixture of testdata/formats, each parsed as
// the crawl would parse it at its location, other-format ones included.
func roundTripFixtures() []fixtureDoc {
	return []fixtureDoc{
		{registry.Robots, registry.LocRobots, "robots.txt"},
		{registry.Robots, registry.LocRobots, "robots-typical.txt"},
		{registry.Robots, registry.LocRobots, "soft-404.html"},
		{registry.AITxt, registry.LocAITxt, "ai.txt"},
		{registry.AgentsTxt, registry.LocAgentsTxt, "agents.txt"},
		{registry.AgentsTxt, registry.LocAgentsTxt, "agents-invalid.txt"},
		{registry.AgentsTxt, registry.LocAgentsTxt, "agents-robots-style.txt"},
		{registry.AgentsMD, registry.LocAgentsMD, "AGENTS.md"},
		{registry.AgentsMD, registry.LocAgentsMD, "AGENTS-coding.md"},
		{registry.AgentsMD, registry.LocAgentsMDWK, "AGENTS.md"},
		{registry.AgentFeed, registry.LocAgentFeed, "agent-feed.xml"},
		{registry.DID, registry.LocDID, "did.json"},
		{registry.AgentCard, registry.LocAgentCard, "agent-card.json"},
		{registry.AgentCard, registry.LocAgentCard, "agent-card-mismatch.json"},
		{registry.Autoctl, registry.LocAutoctl, "automation-preferences.txt"},
		{registry.LLMsTxt, registry.LocLLMsTxt, "llms.txt"},
		{registry.LLMsTxt, registry.LocLLMsTxt, "soft-404.html"},
		{registry.TDMRep, registry.LocTDMRep, "tdmrep.json"},
		{registry.HomePage, registry.LocHome, "home.html"},
	}
}

// formatTables returns the per-format tables of Tables(): those after the
// core ones.
func formatTables(t testing.TB) []Table {
	t.Helper()
	all := Tables()
	i := slices.IndexFunc(all, func(tb Table) bool { return tb.Name == TableDiagnostics })
	if i < 0 {
		t.Fatal("no diagnostics table")
	}
	return all[i+1:]
}

// TestFormatTables_RoundTrip writes the rows of every fixture (each on a
// domain of its own, with its documents row) through Writer and Build, and
// reads every per-format table back from DuckDB: the same rows, the Go
// schema's column types, lists, NULLs and JSON usable in SQL.
func TestFormatTables_RoundTrip(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	written := map[string]reflect.Value{} // table → all rows written
	origin := defaultOrigin()
	origin[registry.LocAgentsMD] = "AGENTS.md" // supersedes the well-known file
	header := http.Header{"Content-Type": {"text/html"}, "X-Robots-Tag": {"noai"}}
	// The crawler list the ai_stance_default rows refer to, as a crawl
	// writes it in their batch.
	_, list := AICrawlerList()
	must(t, w.Append(TableAICrawlers, list))
	written[TableAICrawlers] = reflect.ValueOf(list)
	for i, fx := range roundTripFixtures() {
		domain := fmt.Sprintf("site%02d.example", i)
		key := DocKey{CrawlID: "c1", Domain: domain, Location: string(fx.loc)}
		doc := parseFixture(t, fx.format, fx.loc, fx.file, origin, header)
		for _, r := range FormatRows(key, doc) {
			if err := w.Append(r.Table, r.Rows); err != nil {
				t.Fatalf("%s: %v", fx.file, err)
			}
			v := reflect.ValueOf(r.Rows)
			if old, ok := written[r.Table]; ok {
				v = reflect.AppendSlice(old, v)
			}
			written[r.Table] = v
		}
		must(t, w.Append(TableDocuments, DocumentRow{CrawlID: "c1", Domain: domain, Location: string(fx.loc),
			Format: string(doc.Format), OtherFormat: doc.OtherFormat, Valid: doc.Valid, Effective: doc.Effective}))
		must(t, w.Append(TableTargets, TargetRow{CrawlID: "c1", Domain: domain, Outcome: "ok", StartedAt: time.Unix(0, 0)}))
		must(t, w.Commit())
	}
	must(t, w.Close())

	dbPath := filepath.Join(t.TempDir(), "survey.duckdb")
	must(t, Build(context.Background(), dbPath, []string{dir}, nil, BuildOptions{ToolVersion: "test"}))
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mem := memDB(t)

	for _, table := range formatTables(t) {
		rows, ok := written[table.Name]
		if !ok {
			t.Errorf("%s: no fixture has rows", table.Name)
			continue
		}
		// A table that is a view in the database (ai_stance) holds its
		// parts' rows in its stored table; the view is queried below.
		got := queryRows(t, db, table, "SELECT "+columnList(table)+" FROM "+table.DatabaseTable())
		compareRows(t, table.Name, got, expectedRows(t, table, rows.Interface()))

		// Column types are the Go schema's, in DuckDB's spelling, in the
		// stored table and in the view.
		var wantTypes []string
		for _, c := range table.Columns() {
			var typ string
			must(t, mem.QueryRow("SELECT typeof(CAST(NULL AS "+c.Type+"))").Scan(&typ))
			wantTypes = append(wantTypes, c.Name+" "+typ)
		}
		names := []string{table.DatabaseTable()}
		if table.View != "" {
			names = append(names, table.Name)
		}
		for _, name := range names {
			var gotTypes []string
			rs, err := db.Query("SELECT column_name || ' ' || data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position", name)
			if err != nil {
				t.Fatal(err)
			}
			for rs.Next() {
				var s string
				must(t, rs.Scan(&s))
				gotTypes = append(gotTypes, s)
			}
			rs.Close()
			if !slices.Equal(gotTypes, wantTypes) {
				t.Errorf("%s columns:\ngot  %q\nwant %q", name, gotTypes, wantTypes)
			}
		}
	}

	// The questions the tables exist for, in SQL.
	for _, q := range []struct {
		query string
		want  any
	}{
		// How many sites block GPTBot (robots.txt and robots-typical.txt).
		{"SELECT count(*) FROM ai_stance WHERE token = 'GPTBot' AND stance = 'blocked'", int64(2)},
		{"SELECT count(DISTINCT domain) FROM ai_stance WHERE applies = 'none'", int64(1)},
		{"SELECT deciding_line FROM ai_stance WHERE token = 'CCBot' AND domain = 'site00.example'", int32(13)},
		// robots.txt blocks 2 of them, robots-typical.txt 8; every other
		// row of the three files is decided by no rule for /.
		{"SELECT count(*) FROM ai_stance WHERE stance = 'blocked'", int64(10)},
		{"SELECT count(*) FROM ai_stance WHERE deciding_line IS NULL", int64(3*len(robots.AICrawlers()) - 10)},
		// The view has a row for every file and crawler, once: the
		// stored rows of the crawlers a group names, and the default
		// row repeated for the others.
		{"SELECT count(*) FROM ai_stance", int64(3 * len(robots.AICrawlers()))},
		{"SELECT count(*) FROM (SELECT DISTINCT crawl_id, domain, location, token FROM ai_stance)", int64(3 * len(robots.AICrawlers()))},
		{"SELECT count(*) FROM ai_stance_named", int64(11)}, // 3 in robots.txt, 8 in robots-typical.txt
		{"SELECT count(*) FROM robots_groups WHERE list_contains(tokens, 'gptbot')", int64(2)},
		{"SELECT count(*) FROM robots_groups WHERE location = 'ai-txt'", int64(1)},
		{"SELECT count(*) FROM robots_rules WHERE group_index IS NULL", int64(1)},
		// A Content-Signal line before any group is a row of no group.
		{"SELECT string_agg(line || ':' || signal_ai_train, ',') FROM robots_preferences WHERE group_index IS NULL", "3:no"},
		{"SELECT app_directives->>'$[0].id' FROM robots_preferences WHERE kind = 'app-directives' AND valid", "agentA"},
		{"SELECT CAST(app_directives->'$[0].directives.max' AS INTEGER) FROM robots_preferences WHERE kind = 'app-directives' AND valid", int32(5)},
		{"SELECT usage_train_ai || signal_ai_train FROM (SELECT max(usage_train_ai) AS usage_train_ai, max(signal_ai_train) AS signal_ai_train FROM robots_preferences WHERE domain = 'site00.example')", "nno"},
		// Which AGENTS.md fields are used.
		{"SELECT count(*) FROM agents_md, unnest(explicit_keys) AS k(key) WHERE key = 'allowed-actions.make-purchases'", int64(2)},
		{"SELECT count(*) FROM agents_md WHERE make_purchases AND effective = 'policy'", int64(1)},
		{"SELECT count(*) FROM agents_md WHERE delete_data IS NULL", int64(3)},
		{"SELECT extensions->>'$.\"x-hours\".\"x-timezone\"' FROM agents_md WHERE location = 'agents-md' AND effective = 'policy'", "Europe/Berlin"},
		{"SELECT string_agg(effective, ',' ORDER BY location, effective) FROM agents_md", "other-format,policy,superseded-by-root"},
		// How often agent feed entries verify.
		{"SELECT round(avg(CAST(verified AS INTEGER)), 3) FROM agent_feed_entries", 0.667},
		{"SELECT payload->>'$.endpoint' FROM agent_feed_entries WHERE status = 'applied'", "/a2a/v1"},
		{"SELECT count(*) FROM agent_feed_entries WHERE updated_at IS NULL", int64(1)},
		{"SELECT CAST(events->'$.\"unverified-entry\"' AS INTEGER) FROM agent_feeds", int32(1)},
		{"SELECT verification_methods[1].key_form FROM did_documents", "raw"},
		{"SELECT count(*) FROM agent_cards WHERE NOT feed_consistent", int64(1)},
		{"SELECT len(endpoints) FROM agent_cards WHERE feed_mismatches = 0", int64(2)},
		{"SELECT params['limit'] FROM agents_txt_directives WHERE path = '/dashboard'", "50"},
		{"SELECT count(*) FROM agents_txt WHERE declared_digest IS NULL", int64(1)},
		{"SELECT count(*) FROM tdmrep_rules WHERE reservation IS NULL", int64(1)},
		{"SELECT count(*) FROM llms_txt WHERE summary IS NULL", int64(1)},
		{"SELECT x_robots_tag[1] FROM home_signals", "noai"},
		// Rows join documents on (crawl_id, domain, location).
		{"SELECT string_agg(DISTINCT d.format, ',' ORDER BY d.format) FROM documents d JOIN robots_groups g USING (crawl_id, domain, location)", "ai-txt,robots"},
		{"SELECT count(*) FROM documents d JOIN agents_md m USING (crawl_id, domain, location) WHERE d.effective <> m.effective", int64(0)},
	} {
		var got any
		if err := db.QueryRow(q.query).Scan(&got); err != nil {
			t.Errorf("%s: %v", q.query, err)
			continue
		}
		if f, ok := got.(float64); ok {
			got = float64(int64(f*1000+0.5)) / 1000
		}
		if !reflect.DeepEqual(got, q.want) {
			t.Errorf("%s = %#v, want %#v", q.query, got, q.want)
		}
	}
}

// must fails the test on a non-nil error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
