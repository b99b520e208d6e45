package report

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/internal/sqlquote"
	"github.com/agentpolicy/survey/registry"
)

// Headline is one figure at the top of the report: a count, the count it
// is a share of, and the definition the methodology states.
type Headline struct {
	Label      string // what is counted, e.g. "Publish robots.txt"
	Value      int64
	Of         int64  // the denominator; 0 when the figure is not a share
	OfLabel    string // what the denominator counts, e.g. "reachable domains"
	Definition string // how the figure is computed
}

// Share returns Value as a percentage of Of, and false when there is no
// denominator.
func (h Headline) Share() (float64, bool) {
	if h.Of <= 0 {
		return 0, false
	}
	return 100 * float64(h.Value) / float64(h.Of), true
}

// Location groups of the headline figures.
func agentPolicyLocations() []registry.LocationID {
	return []registry.LocationID{registry.LocAgentsTxt, registry.LocAgentsMD, registry.LocAgentsMDWK, registry.LocAgentFeed, registry.LocAutoctl}
}

func aiUsageLocations() []registry.LocationID {
	return []registry.LocationID{registry.LocLLMsTxt, registry.LocAITxt, registry.LocTDMRep}
}

// sqlList writes values as a SQL list of string literals. The values come
// from this program's constants, never from data.
func sqlList[T ~string](values []T) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = sqlquote.String(string(v))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// fileOutcomes are the fetch outcomes that deliver a file, from
// classify.Outcome.HoldsFile.
func fileOutcomes() []classify.Outcome {
	var out []classify.Outcome
	for _, o := range classify.Outcomes() {
		if o.HoldsFile() {
			out = append(out, o)
		}
	}
	return out
}

// failedOutcomes are the fetch outcomes that measured nothing about the
// location: the site could not be read.
func failedOutcomes() []classify.Outcome {
	return []classify.Outcome{classify.NetworkError, classify.Timeout, classify.RedirectError, classify.Blocked, classify.ServerError}
}

// outcomeNames joins outcome names for a sentence.
func outcomeNames(os []classify.Outcome) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = string(o)
	}
	return strings.Join(parts, ", ")
}

// pathsOf joins the paths of locations for a sentence; the home page's,
// "/", alone would read as a stray slash ("it did not fetch /ai.txt, /.").
func pathsOf(ids []registry.LocationID) string {
	var out []string
	for _, id := range ids {
		if l, ok := registry.LookupLocation(id); ok {
			if id == registry.LocHome {
				out = append(out, l.Path+" (the home page)")
				continue
			}
			out = append(out, l.Path)
		}
	}
	return strings.Join(out, ", ")
}

// readHeadlines computes the headline figures of crawl id, which fetched
// the locations fetched (see fetchedLocations). A figure of locations the
// crawl did not fetch (survey crawl --locations) is left out, and one of a
// group of locations that it fetched in part says so: it would otherwise
// read as measured.
func readHeadlines(ctx context.Context, db *sql.DB, id string, fetched map[registry.LocationID]bool) ([]Headline, error) {
	robotsLocs := fetchedOf([]registry.LocationID{registry.LocRobots}, fetched)
	policyLocs := fetchedOf(agentPolicyLocations(), fetched)
	aiLocs := fetchedOf(aiUsageLocations(), fetched)
	domainsWithFile := func(locs []registry.LocationID) string {
		if len(locs) == 0 {
			return "0, 0"
		}
		// The share's denominator: the reachable domains fetched at one of
		// the locations, every reachable domain but where shards of the
		// crawl fetched different --locations (a domain not fetched there
		// did not say whether it publishes the file).
		return "(SELECT count(DISTINCT domain) FROM files WHERE location IN " + sqlList(locs) + "), " +
			"(SELECT count(DISTINCT domain) FROM f WHERE location IN " + sqlList(locs) + " AND domain IN (SELECT domain FROM ok))"
	}
	holds := sqlList(fileOutcomes())
	q := `
WITH t AS (SELECT domain, outcome, parked FROM targets WHERE crawl_id = $1),
ok AS (SELECT domain FROM t WHERE outcome = 'ok'),
f AS (
  SELECT f.domain, f.location, f.outcome, coalesce(d.other_format, '') AS other_format, coalesce(d.valid, false) AS valid
  FROM fetches f
  LEFT JOIN documents d ON d.crawl_id = f.crawl_id AND d.domain = f.domain AND d.location = f.location
  WHERE f.crawl_id = $1 AND f.location <> 'canary'
),
files AS (SELECT * FROM f WHERE outcome IN ` + holds + ` AND other_format = '' AND domain IN (SELECT domain FROM ok))
SELECT
  (SELECT count(*) FROM t),
  (SELECT count(*) FROM ok),
  (SELECT count(*) FROM t WHERE outcome = 'ok' AND parked),
  (SELECT count(parked) FROM t),
  ` + domainsWithFile(robotsLocs) + `,
  ` + domainsWithFile(policyLocs) + `,
  ` + domainsWithFile(aiLocs) + `,
  (SELECT count(*) FROM files WHERE location <> 'home'),
  (SELECT count(*) FROM files WHERE location <> 'home' AND valid),
  (SELECT count(*) FROM f),
  (SELECT count(*) FROM f WHERE outcome IN ` + sqlList(failedOutcomes()) + `)`
	var domains, reachable, parked, parkedKnown, robots, robotsOf, policy, policyOf, aiUsage, aiUsageOf, files, valid, fetches, failed int64
	if err := db.QueryRowContext(ctx, q, id).Scan(&domains, &reachable, &parked, &parkedKnown, &robots, &robotsOf, &policy, &policyOf,
		&aiUsage, &aiUsageOf, &files, &valid, &fetches, &failed); err != nil {
		return nil, fmt.Errorf("computing the headline figures: %w", err)
	}
	inFormat := "a fetch whose outcome delivered a file (" + outcomeNames(fileOutcomes()) + ") and that the parser did not set aside as another format"
	out := []Headline{
		{Label: "Domains crawled", Value: domains,
			Definition: "Rows of targets for the crawl: the distinct domains of the seed list that it crawled (every one, once each run and shard completed)."},
		{Label: "Reachable domains", Value: reachable, Of: domains, OfLabel: "domains crawled",
			Definition: "Domains whose outcome in targets is ok: they answered over HTTP and did not block every request. The shares of domains publishing a file below are of these."},
	}
	if parkedKnown > 0 {
		// A crawl made before survey recorded targets.parked has it NULL:
		// the figure would read as none parked.
		out = append(out, Headline{Label: "Parked domains", Value: parked, Of: reachable, OfLabel: "reachable domains",
			Definition: "Reachable domains whose home page shows a parked domain (targets.parked): a parking service's lander, a for-sale page or a registrar's placeholder. Their files count in the shares below as any domain's do; the adoption query with --param parked=exclude leaves them out."})
	}
	// ofReachable is the denominator's label and a sentence on it: the
	// reachable domains, or those fetched at the figure's locations when
	// shards of the crawl fetched different --locations.
	ofReachable := func(of int64, paths string) (string, string) {
		if of == reachable {
			return "reachable domains", ""
		}
		return "reachable domains fetched there", " Out of the " + FormatInt(of) + " reachable domains the crawl fetched " + paths +
			" (shards of the crawl fetched different locations: the other reachable domains were not asked)."
	}
	if len(robotsLocs) > 0 {
		label, note := ofReachable(robotsOf, "at /robots.txt")
		out = append(out, Headline{Label: "Publish robots.txt", Value: robots, Of: robotsOf, OfLabel: label,
			Definition: "Reachable domains with " + inFormat + " at /robots.txt." + note})
	}
	if len(policyLocs) > 0 {
		label, note := ofReachable(policyOf, "at one of these paths")
		out = append(out, Headline{Label: "Publish an agent-policy file", Value: policy, Of: policyOf, OfLabel: label,
			Definition: "Reachable domains with " + inFormat + " " + atPaths(policyLocs, agentPolicyLocations()) +
				" (a coding-agent AGENTS.md is another format and does not count)." + note})
	}
	if len(aiLocs) > 0 {
		label, note := ofReachable(aiUsageOf, "at one of these paths")
		out = append(out, Headline{Label: "Publish an AI-usage file", Value: aiUsage, Of: aiUsageOf, OfLabel: label,
			Definition: "Reachable domains with " + inFormat + " " + atPaths(aiLocs, aiUsageLocations()) + "." + note})
	}
	return append(out,
		Headline{Label: "Files without errors", Value: valid, Of: files, OfLabel: "files in their format",
			Definition: "Files of reachable domains at every location but the home page, in their location's format, that the parser found valid (no error diagnostic), out of all such files."},
		Headline{Label: "Fetches blocked or failed", Value: failed, Of: fetches, OfLabel: "fetches",
			Definition: "Fetches (the canary excepted) whose outcome is " + outcomeNames(failedOutcomes()) + ": the location was not measured."},
	), nil
}

// fetchedLocations returns the locations that crawl id fetched for some
// domain.
func fetchedLocations(ctx context.Context, db *sql.DB, id string) (map[registry.LocationID]bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT DISTINCT location FROM fetches WHERE crawl_id = $1`, id)
	if err != nil {
		return nil, fmt.Errorf("reading the locations fetched: %w", err)
	}
	defer rows.Close()
	fetched := map[registry.LocationID]bool{}
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, fmt.Errorf("reading the locations fetched: %w", err)
		}
		fetched[registry.LocationID(l)] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the locations fetched: %w", err)
	}
	return fetched, nil
}

// fetchedOf returns the locations of ids that were fetched, in their order.
func fetchedOf(ids []registry.LocationID, fetched map[registry.LocationID]bool) []registry.LocationID {
	var out []registry.LocationID
	for _, id := range ids {
		if fetched[id] {
			out = append(out, id)
		}
	}
	return out
}

// atPaths says where a figure of a group of locations, all, looks for
// files: at the paths of the locations the crawl fetched, got, naming those
// of the group it did not fetch.
func atPaths(got, all []registry.LocationID) string {
	at := "at " + pathsOf(got)
	if len(got) > 1 {
		at = "at one of " + pathsOf(got)
	}
	var missed []registry.LocationID
	for _, id := range all {
		if !slices.Contains(got, id) {
			missed = append(missed, id)
		}
	}
	if len(missed) > 0 {
		at += " (the crawl did not fetch " + pathsOf(missed) + ")"
	}
	return at
}
