package sink

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/robots"
)

// The tables of robots.txt files (and of ai.txt files, which share the
// syntax: their rows have location ai-txt).
const (
	TableRobotsGroups      = "robots_groups"
	TableRobotsRules       = "robots_rules"
	TableRobotsPreferences = "robots_preferences"
	TableAIStance          = "ai_stance"
	TableAIStanceDefault   = "ai_stance_default"
	TableAICrawlers        = "ai_crawlers"
)

// RobotsGroupRow is one group of a robots.txt or ai.txt file.
type RobotsGroupRow struct {
	CrawlID       string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string   `col:"domain" doc:"Domain the file belongs to."`
	Location      string   `col:"location" doc:"Registry location of the file: robots, or ai-txt for an ai.txt file."`
	GroupIndex    int32    `col:"group_index" doc:"0-based position of the group in the file. Groups naming the same token are not merged here (crawlers merge them, RFC 9309 §2.2.1)."`
	Line          int32    `col:"line" doc:"1-based line of the group's first user-agent line."`
	UserAgents    []string `col:"user_agents" doc:"The group's user-agent values as written, in order."`
	Tokens        []string `col:"tokens" doc:"Product tokens the group names, lower-cased, in order: * for the global group, else the value's leading letters, '-' and '_' (GPTBot/1.0 names gptbot); values naming no crawler are left out."`
	Star          bool     `col:"star" doc:"True when the group names * (applies to every crawler no group names)."`
	AllowRules    int32    `col:"allow_rules" doc:"Number of allow rules in the group."`
	DisallowRules int32    `col:"disallow_rules" doc:"Number of disallow rules in the group."`
	CrawlDelay    *float64 `col:"crawl_delay" doc:"Crawl-delay of the group in seconds (non-standard; the first crawl-delay line); null when there is none or its value is not a non-negative number."`
	CrawlDelays   int32    `col:"crawl_delays" doc:"Number of crawl-delay lines in the group."`
	AppDirectives int32    `col:"app_directives" doc:"Number of App-Directives lines in the group (draft-nottingham-plan-b)."`
	ContentUsage  int32    `col:"content_usage" doc:"Number of Content-Usage lines in the group (draft-ietf-aipref-attach)."`
	ContentSignal int32    `col:"content_signal" doc:"Number of Content-Signal lines in the group (Cloudflare content signals)."`
	OtherRecords  []string `col:"other_records" doc:"Kinds of the group's other records, one per line, in order: unknown (a record survey does not know), or a group-scoped non-standard record survey knows: request-rate, visit-time or noindex. The records Yandex reads file-wide, host and clean-param, are not in any group."`
}

// RobotsRuleRow is one allow or disallow rule of a robots.txt or ai.txt
// file.
type RobotsRuleRow struct {
	CrawlID     string `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain      string `col:"domain" doc:"Domain the file belongs to."`
	Location    string `col:"location" doc:"Registry location of the file: robots, or ai-txt for an ai.txt file."`
	GroupIndex  *int32 `col:"group_index" doc:"0-based position of the rule's group (robots_groups.group_index); null for a rule before any user-agent line, which applies to no crawler."`
	Line        int32  `col:"line" doc:"1-based line of the rule."`
	Kind        string `col:"kind" doc:"allow or disallow."`
	Path        string `col:"path" doc:"Path pattern as written; an empty pattern matches nothing."`
	BeyondLimit bool   `col:"beyond_limit" doc:"True when the rule lies past the first 500 KiB of the file, which crawlers may ignore (RFC 9309 §2.5)."`
}

// RobotsPreferenceRow is one App-Directives, Content-Usage or
// Content-Signal line of a robots.txt or ai.txt file.
type RobotsPreferenceRow struct {
	CrawlID       string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string   `col:"domain" doc:"Domain the file belongs to."`
	Location      string   `col:"location" doc:"Registry location of the file: robots, or ai-txt for an ai.txt file."`
	GroupIndex    *int32   `col:"group_index" doc:"0-based position of the line's group (robots_groups.group_index); null for a line before any user-agent line, which applies to no crawler (RFC 9309) but states the publisher's preference."`
	Line          int32    `col:"line" doc:"1-based line of the App-Directives, Content-Usage or Content-Signal line."`
	Kind          string   `col:"kind" doc:"app-directives (draft-nottingham-plan-b), content-usage (draft-ietf-aipref-attach) or content-signal (Cloudflare content signals)."`
	Spelling      *string  `col:"spelling" doc:"Record name as written (App-Directives, app-directive, ...); recorded for app-directives only, null for the other kinds."`
	Path          *string  `col:"path" doc:"Leading path pattern the rule applies to; null when the rule has none (it applies to every path)."`
	Valid         bool     `col:"valid" doc:"True when the value parsed: an RFC 9651 List (app-directives) or Dictionary (content-usage, content-signal). An invalid rule expresses no preference."`
	Value         string   `col:"value" doc:"The value as written, the path removed."`
	AppIDs        []string `col:"app_ids" doc:"app-directives: the application identifiers of the line, in order; empty for the other kinds."`
	AppDirectives JSON     `col:"app_directives" doc:"app-directives: the line's applications as a JSON array of {\"id\", \"directives\"}, directives an object of parameter name to value (booleans, numbers, strings; byte sequences in base64; dates in Unix seconds); null for the other kinds or when there is none."`
	UsageTrainAI  *string  `col:"usage_train_ai" doc:"content-usage: the train-ai preference, y or n; null when absent, not y or n, or for the other kinds."`
	UsageSearch   *string  `col:"usage_search" doc:"content-usage: the search preference, y or n; null when absent, not y or n, or for the other kinds."`
	SignalSearch  *string  `col:"signal_search" doc:"content-signal: the search signal, yes or no; null when absent, another value, or for the other kinds."`
	SignalAIInput *string  `col:"signal_ai_input" doc:"content-signal: the ai-input signal, yes or no; null when absent, another value, or for the other kinds."`
	SignalAITrain *string  `col:"signal_ai_train" doc:"content-signal: the ai-train signal, yes or no; null when absent, another value, or for the other kinds."`
	SignalUse     *string  `col:"signal_use" doc:"content-signal: the use signal (how AI systems may consume the content, as Cloudflare's managed robots.txt writes it), immediate, reference or full; null when absent, another value, or for the other kinds. Null in parts written before survey recorded it."`
}

// AIStanceRow is the stance of one robots.txt file towards one known AI
// crawler that a group of the file names. The crawlers no group names share
// the file's AIStanceDefaultRow; the database's ai_stance view has a row
// for every crawler (see Tables).
type AIStanceRow struct {
	CrawlID      string  `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string  `col:"domain" doc:"Domain the file belongs to."`
	Location     string  `col:"location" doc:"Registry location of the file (robots)."`
	Token        string  `col:"token" doc:"Product token of the AI crawler, as survey's list spells it (extract/robots/aicrawlers.csv)."`
	Operator     string  `col:"operator" doc:"Organisation running the crawler (unknown when nobody says)."`
	Purpose      string  `col:"purpose" doc:"What the crawler is for: training, search, user (fetches on a user's request), dataset, mixed or other."`
	Stance       string  `col:"stance" doc:"blocked (a disallow rule matches every path and no allow rule but /robots.txt is long enough to win against it), partial (some paths disallowed) or allowed (no disallow rule takes effect)."`
	Applies      string  `col:"applies" doc:"Which groups decide: named (a group names the token), star (no group names it, so it inherits the * groups) or none (no group names it and there is no * group: everything is allowed)."`
	GroupLines   []int32 `col:"group_lines" doc:"1-based lines of the groups that apply, in file order; empty when none does."`
	RootAllowed  bool    `col:"root_allowed" doc:"True when the crawler may fetch the site's root path /."`
	DecidingLine *int32  `col:"deciding_line" doc:"1-based line of the rule that decides a fetch of /; null when no rule matches / (it is then allowed)."`
}

// AIStanceDefaultRow is the stance of one robots.txt file towards every
// known AI crawler that no group of the file names: they all inherit the
// same groups (the * groups, or none), so they share one row.
type AIStanceDefaultRow struct {
	CrawlID      string  `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string  `col:"domain" doc:"Domain the file belongs to."`
	Location     string  `col:"location" doc:"Registry location of the file (robots)."`
	Crawlers     string  `col:"crawlers" doc:"The AI crawler list the row stands for (ai_crawlers.list): every crawler of it but those the file's ai_stance_named rows name."`
	Named        int32   `col:"named" doc:"How many crawlers of the list a group of the file names: the file's ai_stance_named rows. 0 for most files, whose every crawler has the stance of this row."`
	Stance       string  `col:"stance" doc:"blocked, partial or allowed, as in ai_stance, for a crawler no group names."`
	Applies      string  `col:"applies" doc:"star (the * groups decide) or none (there is no * group: everything is allowed)."`
	GroupLines   []int32 `col:"group_lines" doc:"1-based lines of the * groups, in file order; empty when there is none."`
	RootAllowed  bool    `col:"root_allowed" doc:"True when a crawler no group names may fetch the site's root path /."`
	DecidingLine *int32  `col:"deciding_line" doc:"1-based line of the rule that decides such a crawler's fetch of /; null when no rule matches / (it is then allowed)."`
}

// AICrawlerRow is one crawler of the AI crawler list a crawl measured
// robots.txt files against.
type AICrawlerRow struct {
	List     string `col:"list" doc:"Identifier of the list: ai- and the first 12 hex digits of the SHA-256 of its tokens, operators and purposes, so that crawls by survey versions with the same list share it."`
	Token    string `col:"token" doc:"Product token of the AI crawler, as the list spells it."`
	Operator string `col:"operator" doc:"Organisation running the crawler (unknown when nobody says)."`
	Purpose  string `col:"purpose" doc:"What the crawler is for: training, search, user (fetches on a user's request), dataset, mixed or other."`
}

// AICrawlerList returns the identifier and the rows of this survey's AI
// crawler list (robots.AICrawlers): the rows of ai_crawlers that the
// ai_stance_default rows it writes refer to.
func AICrawlerList() (string, []AICrawlerRow) {
	id, rows := aiCrawlerList()
	return id, slices.Clone(rows)
}

// aiCrawlerList is AICrawlerList's answer, computed once: the list is
// embedded in the binary.
var aiCrawlerList = sync.OnceValues(func() (string, []AICrawlerRow) {
	crawlers := robots.AICrawlers()
	h := sha256.New()
	for _, c := range crawlers {
		fmt.Fprintf(h, "%s\t%s\t%s\n", c.Token, c.Operator, c.Purpose)
	}
	id := "ai-" + hex.EncodeToString(h.Sum(nil))[:12]
	rows := make([]AICrawlerRow, len(crawlers))
	for i, c := range crawlers {
		rows[i] = AICrawlerRow{List: id, Token: c.Token, Operator: c.Operator, Purpose: c.Purpose}
	}
	return id, rows
})

// robotsRows flattens a robots.txt document: its groups, rules,
// preferences and stance towards the known AI crawlers (those a group
// names, and one default row for the others).
func robotsRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*robots.File)
	if !ok || f == nil {
		return nil
	}
	out := robotsFileRows(key, f)
	named, def := aiStanceRows(key, f)
	out = appendRows(out, TableAIStance, named)
	return appendRows(out, TableAIStanceDefault, []AIStanceDefaultRow{def})
}

// robotsFileRows returns the groups, rules and preferences of a file in
// robots.txt syntax.
func robotsFileRows(key DocKey, f *robots.File) []Rows {
	n := 0
	for gi := range f.Groups {
		n += len(f.Groups[gi].Rules)
	}
	var (
		groups = make([]RobotsGroupRow, 0, len(f.Groups))
		rules  = make([]RobotsRuleRow, 0, n+len(f.OutsideGroups))
		prefs  []RobotsPreferenceRow
	)
	if f.OutsidePreferences != nil {
		prefs = robotsPreferenceRows(key, nil, f.OutsidePreferences)
	}
	for _, r := range f.OutsideGroups {
		if r.Kind == string(robots.Allow) || r.Kind == string(robots.Disallow) {
			rules = append(rules, RobotsRuleRow{
				CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
				Line: i32(r.Line), Kind: r.Kind, Path: r.Value,
				BeyondLimit: f.LimitLine > 0 && r.Line >= f.LimitLine,
			})
		}
	}
	for gi := range f.Groups {
		g := &f.Groups[gi]
		groups = append(groups, robotsGroupRow(key, gi, g))
		// One group index, shared by the group's rows (rows are not
		// changed once built).
		idx := i32(gi)
		for _, r := range g.Rules {
			rules = append(rules, RobotsRuleRow{
				CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
				GroupIndex: &idx, Line: i32(r.Line), Kind: string(r.Kind), Path: r.Path, BeyondLimit: r.BeyondLimit,
			})
		}
		prefs = append(prefs, robotsPreferenceRows(key, &idx, g)...)
	}
	byLine := func(a, b RobotsRuleRow) int { return int(a.Line) - int(b.Line) }
	if !slices.IsSortedFunc(rules, byLine) {
		slices.SortStableFunc(rules, byLine)
	}
	var out []Rows
	out = appendRows(out, TableRobotsGroups, groups)
	out = appendRows(out, TableRobotsRules, rules)
	return appendRows(out, TableRobotsPreferences, prefs)
}

// robotsGroupRow returns the row of group g, the gi-th of its file.
func robotsGroupRow(key DocKey, gi int, g *robots.Group) RobotsGroupRow {
	row := RobotsGroupRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		GroupIndex: i32(gi), Line: i32(g.Line),
		UserAgents:  make([]string, 0, len(g.UserAgents)),
		Tokens:      make([]string, 0, len(g.UserAgents)),
		CrawlDelays: i32(len(g.CrawlDelays)), ContentUsage: i32(len(g.ContentUsage)),
		ContentSignal: i32(len(g.ContentSignals)), OtherRecords: make([]string, 0, len(g.Other)),
	}
	for _, ua := range g.UserAgents {
		row.UserAgents = append(row.UserAgents, ua.Value)
		if ua.Token == "" {
			continue
		}
		tok := strings.ToLower(ua.Token)
		row.Tokens = append(row.Tokens, tok)
		row.Star = row.Star || tok == "*"
	}
	for _, r := range g.Rules {
		if r.Kind == robots.Allow {
			row.AllowRules++
		} else {
			row.DisallowRules++
		}
	}
	if len(g.CrawlDelays) > 0 && g.CrawlDelays[0].Seconds != nil {
		s := *g.CrawlDelays[0].Seconds
		row.CrawlDelay = &s
	}
	for _, ad := range g.AppDirectives {
		row.AppDirectives += i32(len(ad.Rules))
	}
	for _, r := range g.Other {
		row.OtherRecords = append(row.OtherRecords, r.Kind)
	}
	return row
}

// robotsPreferenceRows returns the extension rules of group g, the *gi-th
// of its file, in line order; gi is nil for the lines before any
// user-agent line (File.OutsidePreferences).
func robotsPreferenceRows(key DocKey, gi *int32, g *robots.Group) []RobotsPreferenceRow {
	var out []RobotsPreferenceRow
	base := RobotsPreferenceRow{CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location, GroupIndex: gi}
	for _, ad := range g.AppDirectives {
		for _, r := range ad.Rules {
			row := base
			row.Line, row.Kind = i32(r.Line), string(robots.ExtAppDirectives)
			row.Spelling, row.Path = &r.Spelling, optString(ad.Path)
			row.Valid, row.Value = r.Valid, r.Value
			row.AppIDs = []string{}
			var apps []appDirectivesJSON
			for _, app := range ad.Apps {
				if app.Line != r.Line {
					continue
				}
				row.AppIDs = append(row.AppIDs, app.ID)
				dirs := make(map[string]any, len(app.Directives))
				for _, d := range app.Directives {
					if _, dup := dirs[d.Name]; !dup {
						dirs[d.Name] = d.Value
					}
				}
				apps = append(apps, appDirectivesJSON{ID: app.ID, Directives: dirs})
			}
			row.AppDirectives = jsonValue(apps)
			out = append(out, row)
		}
	}
	for _, r := range g.ContentUsage {
		row := base
		row.Line, row.Kind = i32(r.Line), string(robots.ExtContentUsage)
		row.Path, row.Valid, row.Value = optString(r.Path), r.Valid, r.Value
		row.UsageTrainAI, row.UsageSearch = optString(r.Preferences["train-ai"]), optString(r.Preferences["search"])
		out = append(out, row)
	}
	for _, r := range g.ContentSignals {
		row := base
		row.Line, row.Kind = i32(r.Line), string(robots.ExtContentSignal)
		row.Path, row.Valid, row.Value = optString(r.Path), r.Valid, r.Value
		row.SignalSearch = optString(r.Signals["search"])
		row.SignalAIInput = optString(r.Signals["ai-input"])
		row.SignalAITrain = optString(r.Signals["ai-train"])
		row.SignalUse = optString(r.Signals["use"])
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(a, b RobotsPreferenceRow) int { return int(a.Line) - int(b.Line) })
	return out
}

// appDirectivesJSON is one application of an App-Directives line, as
// robots_preferences.app_directives encodes it.
type appDirectivesJSON struct {
	ID         string         `json:"id"`
	Directives map[string]any `json:"directives"`
}

// aiStanceRows returns the stance of f towards the known AI crawlers that
// a group names, in the order of robots.AICrawlers, and towards all the
// others, which inherit the same groups, as one row.
func aiStanceRows(key DocKey, f *robots.File) ([]AIStanceRow, AIStanceDefaultRow) {
	// The list's rows, not robots.AICrawlers: that is a copy per call,
	// and this runs for every robots.txt a crawl parses.
	list, crawlers := aiCrawlerList()
	stances := f.AIStances()
	var out []AIStanceRow
	for i, c := range crawlers {
		st := stances[i]
		if st.Applies != robots.Named {
			continue
		}
		d := f.Matcher().Allowed(c.Token, "/")
		out = append(out, AIStanceRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			Token: c.Token, Operator: c.Operator, Purpose: c.Purpose,
			Stance: string(st.Access), Applies: string(st.Applies), GroupLines: lines32(st.Lines),
			RootAllowed: d.Allowed, DecidingLine: optLine(d.Line),
		})
	}
	// "*" is no product token: it gets the groups of a crawler no group
	// names.
	st := f.Matcher().Stance("*")
	d := f.Matcher().Allowed("*", "/")
	return out, AIStanceDefaultRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location, Crawlers: list, Named: i32(len(out)),
		Stance: string(st.Access), Applies: string(st.Applies), GroupLines: lines32(st.Lines),
		RootAllowed: d.Allowed, DecidingLine: optLine(d.Line),
	}
}

// lines32 returns lines as the int32s of a group_lines column, empty (not
// null) when there are none.
func lines32(lines []int) []int32 {
	if len(lines) == 0 {
		return []int32{}
	}
	out := make([]int32, len(lines))
	for i, l := range lines {
		out[i] = i32(l)
	}
	return out
}
