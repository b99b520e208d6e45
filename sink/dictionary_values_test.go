package sink

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentcard"
	"github.com/agentpolicy/survey/extract/agentfeed"
	"github.com/agentpolicy/survey/extract/agentsmd"
	"github.com/agentpolicy/survey/extract/agentstxt"
	"github.com/agentpolicy/survey/extract/aitxt"
	"github.com/agentpolicy/survey/extract/did"
	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// runStatuses are the values pipeline/run.go writes to crawls.status: the
// three of a run that recorded its end, "running" in the row a run writes
// when it starts, and "killed" in the row --resume writes for a run that
// never recorded its end. pipeline has no constants for them.
var runStatuses = []string{"complete", "interrupted", "failed", "running", "killed"}

// TestDictionary_EnumeratedValues fails when the doc tag of a column with
// a closed set of values does not name one of the values the code can
// write: the Go constants of the package that produces them.
func TestDictionary_EnumeratedValues(t *testing.T) {
	var (
		outcomes, locations, formats []string
		purposes                     = robots.Purposes()
	)
	for _, o := range classify.Outcomes() {
		outcomes = append(outcomes, string(o))
	}
	for _, l := range registry.Locations() {
		locations = append(locations, string(l.ID))
	}
	for _, f := range registry.Formats() {
		formats = append(formats, string(f.ID))
	}
	strs := func(vs ...any) []string {
		out := make([]string, len(vs))
		for i, v := range vs {
			switch v := v.(type) {
			case string:
				out[i] = v
			case interface{ String() string }:
				out[i] = v.String()
			default:
				t.Fatalf("value %v (%T) is no string", v, v)
			}
		}
		return out
	}
	for _, c := range []struct {
		table, column string
		values        []string
	}{
		{TableCrawls, "status", runStatuses},
		{TableTargets, "outcome", strs(classify.DomainOK, classify.DomainBlocked, classify.DomainTimeout, classify.DomainUnreachable)},
		{TableFetches, "outcome", outcomes},
		{TableFetches, "location", locations},
		{TableDocuments, "format", formats},
		{TableDiagnostics, "severity", strs(diag.Error, diag.Warning, diag.Info)},
		{TableRobotsGroups, "other_records", strs("unknown", string(robots.ExtRequestRate), string(robots.ExtVisitTime), string(robots.ExtNoIndex))},
		{TableRobotsRules, "kind", strs(string(robots.Allow), string(robots.Disallow))},
		{TableRobotsPreferences, "kind", strs(string(robots.ExtAppDirectives), string(robots.ExtContentUsage), string(robots.ExtContentSignal))},
		{TableAIStance, "purpose", purposes},
		{TableAIStance, "stance", strs(string(robots.Blocked), string(robots.Partial), string(robots.Allowed))},
		{TableAIStance, "applies", strs(string(robots.Named), string(robots.Star), string(robots.NoGroup))},
		{TableAITxtMedia, "category", strs(string(aitxt.Images), string(aitxt.Text), string(aitxt.Audio), string(aitxt.Video), string(aitxt.Code))},
		{TableAgentsTxt, "effective", strs(string(agentstxt.Rules), string(agentstxt.Open), string(agentstxt.Restricted), string(agentstxt.NotAgentsTxt))},
		{TableAgentsTxt, "other_format", agentstxt.OtherFormats()},
		{TableAgentsTxt, "hash_status", strs(string(agentstxt.HashMatch), string(agentstxt.HashMismatch), string(agentstxt.HashSyntax), string(agentstxt.HashMissing))},
		{TableAgentsMD, "effective", strs(agentsmd.EffectivePolicy, agentsmd.EffectiveSupersededByRoot, agentsmd.EffectiveInvalid, agentsmd.EffectiveOtherFormat)},
		{TableAgentsMD, "authentication", strs(agentsmd.AuthRequired, agentsmd.AuthOptional, agentsmd.AuthNone)},
		{TableAgentsMD, "sections", strs(string(agentsmd.KindIdentity), string(agentsmd.KindTrustRequirements), string(agentsmd.KindAllowedActions),
			string(agentsmd.KindRateLimits), string(agentsmd.KindDataHandling), string(agentsmd.KindRestrictions), string(agentsmd.KindAgentIdentification))},
		{TableAgentsMDPaths, "list", strs(agentsmd.RuleDisallowedPaths, agentsmd.RuleRequireHumanApproval, agentsmd.RuleReadOnlyPaths)},
		{TableAgentsMDPaths, "form", strs(string(agentsmd.FormExact), string(agentsmd.FormOneSegment), string(agentsmd.FormAnyDepth), string(agentsmd.FormExtension), string(agentsmd.FormInvalid))},
		{TableAgentFeeds, "effective", strs(agentfeed.StateActive, agentfeed.StateTerminated, agentfeed.StateMigrated, agentfeed.StateUntrusted, agentfeed.StateInvalid)},
		{TableAgentFeeds, "feed_status", strs(agentfeed.StatusActive, agentfeed.StatusTerminated, agentfeed.StatusMigrated)},
		{TableAgentFeedEntries, "type", strs(agentfeed.TypeEndpointAnnouncement, agentfeed.TypeSchemaChange, agentfeed.TypeDeprecation)},
		{TableAgentFeedEntries, "status", strs(agentfeed.EntryApplied, agentfeed.EntryUnverified, agentfeed.EntryNoKey, agentfeed.EntryUnknownType,
			agentfeed.EntryInvalid, agentfeed.EntryDuplicate, agentfeed.EntryReplay, agentfeed.EntryNotApplied, agentfeed.EntryIgnored,
			agentfeed.EntryMissingID, agentfeed.EntryAlreadyLoaded)},
		{TableDIDDocuments, "effective", strs(did.EffectiveOK, did.EffectiveMalformed, did.EffectiveOtherFormat)},
		{TableAgentCards, "kind", strs(string(agentcard.KindA2A), string(agentcard.KindSnapshot), string(agentcard.KindMCP), string(agentcard.KindOther))},
	} {
		doc := columnDoc(t, c.table, c.column)
		for _, v := range c.values {
			if !namesValue(doc, v) {
				t.Errorf("%s.%s: the doc tag does not name %q, a value the code writes: %q", c.table, c.column, v, doc)
			}
		}
	}
}

// columnDoc returns the doc tag of a column (nested fields named as in
// the dictionary), failing the test when there is no such column.
func columnDoc(t *testing.T, table, column string) string {
	t.Helper()
	for _, tb := range Tables() {
		if tb.Name != table {
			continue
		}
		for _, c := range flattenColumns(tb.Columns(), "") {
			if c.Name == column {
				return c.Doc
			}
		}
	}
	t.Fatalf("no column %s.%s", table, column)
	return ""
}

// namesValue reports whether doc holds v as a word of its own: not inside
// a longer value such as "partial" in "impartial" or "ok" in "no-key".
func namesValue(doc, v string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(v) + `($|[^A-Za-z0-9_-])`)
	return re.MatchString(doc)
}

// TestDictionary_NotRequestedReasons fails when fetches.total_ms, 0 for a
// location survey did not request, does not name the reason of every such
// fetch. The error kinds are those crawl/domain.go gives the locations it
// skips: a host backing off or disallowing survey in robots.txt, a domain
// out of time or a host that stopped answering, and every location after a
// first request that found the host unreachable.
func TestDictionary_NotRequestedReasons(t *testing.T) {
	doc := columnDoc(t, TableFetches, "total_ms")
	for _, kind := range []crawl.ErrorKind{
		crawl.ErrRateLimited, crawl.ErrRobotsDisallowed, crawl.ErrDomainDeadline, crawl.ErrHostUnresponsive,
		crawl.ErrDNS, crawl.ErrNameNotFound, crawl.ErrConnect, crawl.ErrTLS, crawl.ErrGuard,
	} {
		f := &crawl.Fetch{ErrKind: kind, Err: "not requested: test", Skipped: true}
		r := classify.Fetch(f, registry.Location{}, nil)
		if !namesValue(doc, r.Reason) {
			t.Errorf("fetches.total_ms does not name reason %q (%s, error kind %s), which a location not requested has: %q", r.Reason, r.Outcome, kind, doc)
		}
	}
}

// TestDictionary_DiagnosticsCap fails when the table of diagnostics, and a
// column counting diagnostics of one code, do not state the cap diag.Capped
// applies to each code of a document (diag.MaxPerCode), or state another.
func TestDictionary_DiagnosticsCap(t *testing.T) {
	limit := strconv.Itoa(diag.MaxPerCode)
	docs := map[string]string{
		TableDiagnostics:                     tableDoc(t, TableDiagnostics),
		TableAgentCards + ".feed_mismatches": columnDoc(t, TableAgentCards, "feed_mismatches"),
	}
	for name, doc := range docs {
		if !namesValue(doc, limit) {
			t.Errorf("%s does not state the cap of %s diagnostics per code: %q", name, limit, doc)
		}
	}
}

// tableDoc returns a table's description, failing the test when there is
// no such table.
func tableDoc(t *testing.T, table string) string {
	t.Helper()
	for _, tb := range Tables() {
		if tb.Name == table {
			return tb.Doc
		}
	}
	t.Fatalf("no table %s", table)
	return ""
}
