package queries_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/agentpolicy/survey/queries"
)

// TestConformanceSections checks how conformance_by_section reads the
// sections a diagnostic cites, on rows written for the purpose with spec
// texts the parsers write (docs/diagnostics.md): a numbered section with
// words after its number ("§4 (method)", "§3.4 step 5") is counted under
// its number, with the files citing the bare number, and a piece that
// names no section ("tdm-reservation" after a section's title) is no
// section of its own.
func TestConformanceSections(t *testing.T) {
	ctx := context.Background()
	db := databaseWith(t,
		`INSERT INTO crawls (crawl_id, started_at) VALUES ('c', TIMESTAMPTZ '2026-11-26 00:00:00+00')`,
		`INSERT INTO targets (crawl_id, domain) VALUES ('c', 'a.test'), ('c', 'b.test'), ('c', 'c.test')`,
		`INSERT INTO documents (crawl_id, domain, location, format)
			SELECT 'c', domain, l, f FROM targets, (VALUES ('autoctl', 'autoctl'), ('tdmrep', 'tdmrep'), ('did', 'did')) AS x(l, f)`,
		`INSERT INTO diagnostics (crawl_id, domain, location, format, code, severity, spec, line) VALUES
			('c', 'a.test', 'autoctl', 'autoctl', 'autoctl.missing-scope', 'error', 'draft-liao-aipref-autoctl-core-01 §3.4, §4; specs README: automation-preferences.txt', 1),
			('c', 'b.test', 'autoctl', 'autoctl', 'autoctl.unknown-method', 'error', 'draft-liao-aipref-autoctl-core-01 §3.2, §4 (method)', 2),
			('c', 'c.test', 'autoctl', 'autoctl', 'autoctl.html-comment', 'warning', 'specs README: automation-preferences.txt; draft-liao-aipref-autoctl-core-01 §3.2, §3.3, §3.4, Appendix', 3),
			('c', 'a.test', 'tdmrep', 'tdmrep', 'tdmrep.reservation-value', 'error', 'TDMRep §Declaring the reservation of TDM Rights, tdm-reservation', 1),
			('c', 'a.test', 'did', 'did', 'did.id-mismatch', 'error', 'agent-feed v0 §3.4', 1),
			('c', 'b.test', 'did', 'did', 'did.key-length', 'error', 'agent-feed v0 §3.4 step 5', 1)`,
	)
	q, err := queries.Get("conformance_by_section")
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Run(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, res)
	got := map[string]string{}
	for i := range tb.rows {
		got[tb.str(t, i, "format")+" "+tb.str(t, i, "document")+" "+tb.str(t, i, "section")] =
			fmt.Sprint(tb.num(t, i, "files"), " ", tb.num(t, i, "error_files"), " ", tb.str(t, i, "codes"))
	}
	want := map[string]string{
		"autoctl draft-liao-aipref-autoctl-core-01 §4":           "2 2 autoctl.missing-scope, autoctl.unknown-method",
		"autoctl draft-liao-aipref-autoctl-core-01 §3.2":         "2 1 autoctl.html-comment, autoctl.unknown-method",
		"autoctl draft-liao-aipref-autoctl-core-01 §3.3":         "1 0 autoctl.html-comment",
		"autoctl draft-liao-aipref-autoctl-core-01 §3.4":         "2 1 autoctl.html-comment, autoctl.missing-scope",
		"autoctl draft-liao-aipref-autoctl-core-01 Appendix":     "1 0 autoctl.html-comment",
		"autoctl specs README: automation-preferences.txt ":      "2 1 autoctl.html-comment, autoctl.missing-scope",
		"tdmrep TDMRep §Declaring the reservation of TDM Rights": "1 1 tdmrep.reservation-value",
		"did agent-feed v0 §3.4":                                 "2 2 did.id-mismatch, did.key-length",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sections:\n%v\nwant\n%v", got, want)
	}
	// The test's own reading of spec texts, which TestQueriesOnTwoSimulatedCrawls
	// compares the query with, reads them the same way.
	for spec, want := range map[string]string{
		"draft-liao-aipref-autoctl-core-01 §3.2, §4 (method)":              "[[draft-liao-aipref-autoctl-core-01 §3.2] [draft-liao-aipref-autoctl-core-01 §4]]",
		"TDMRep §Declaring the reservation of TDM Rights, tdm-reservation": "[[TDMRep §Declaring the reservation of TDM Rights]]",
		"agent-feed v0 §2.6; agent-feed v0 §8.2":                           "[[agent-feed v0 §2.6] [agent-feed v0 §8.2]]",
		"specs README: agents.txt":                                         "[[specs README: agents.txt ]]",
	} {
		if got := fmt.Sprint(specSections(spec)); got != want {
			t.Errorf("specSections(%q) = %s, want %s", spec, got, want)
		}
	}
}
