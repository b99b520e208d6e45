package sink

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/agentstxt"
	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_Robots flattens a robots.txt with a rule and a
// Content-Signal line outside any group, a * group with crawl-delay, Content-Usage and Content-Signal, a
// group naming two AI crawlers, and a group with App-Directives in both
// spellings (one invalid), a file-wide Host record, a non-standard and an
// unknown record, and an invalid crawl-delay.
func TestFormatRows_Robots(t *testing.T) {
	key := docKey(registry.LocRobots)
	doc := parseFixture(t, registry.Robots, registry.LocRobots, "robots.txt", nil, nil)
	got := FormatRows(key, doc)

	groups := keyed(key, RobotsGroupRow{
		GroupIndex: 0, Line: 4, UserAgents: []string{"*"}, Tokens: []string{"*"}, Star: true,
		AllowRules: 1, DisallowRules: 1, CrawlDelay: ptr(2.5), CrawlDelays: 1, ContentUsage: 1, ContentSignal: 1,
	}, RobotsGroupRow{
		GroupIndex: 1, Line: 11, UserAgents: []string{"GPTBot/1.0", "CCBot"}, Tokens: []string{"gptbot", "ccbot"},
		DisallowRules: 1,
	}, RobotsGroupRow{
		GroupIndex: 2, Line: 15, UserAgents: []string{"ClaudeBot"}, Tokens: []string{"claudebot"},
		DisallowRules: 1, CrawlDelays: 1, AppDirectives: 2, OtherRecords: []string{"visit-time", "unknown"},
	})
	rules := keyed(key,
		RobotsRuleRow{Line: 2, Kind: "disallow", Path: "/before-any-group"},
		RobotsRuleRow{GroupIndex: ptr(int32(0)), Line: 6, Kind: "disallow", Path: "/private/"},
		RobotsRuleRow{GroupIndex: ptr(int32(0)), Line: 7, Kind: "allow", Path: "/private/press"},
		RobotsRuleRow{GroupIndex: ptr(int32(1)), Line: 13, Kind: "disallow", Path: "/"},
		RobotsRuleRow{GroupIndex: ptr(int32(2)), Line: 16, Kind: "disallow", Path: "/drafts"},
	)
	prefs := keyed(key, RobotsPreferenceRow{
		Line: 3, Kind: "content-signal", Valid: true, Value: "ai-train=no, search=yes",
		SignalSearch: ptr("yes"), SignalAITrain: ptr("no"),
	}, RobotsPreferenceRow{
		GroupIndex: ptr(int32(0)), Line: 8, Kind: "content-usage", Valid: true, Value: "train-ai=n, search=y",
		UsageTrainAI: ptr("n"), UsageSearch: ptr("y"),
	}, RobotsPreferenceRow{
		GroupIndex: ptr(int32(0)), Line: 9, Kind: "content-signal", Path: ptr("/blog/"), Valid: true, Value: "search=yes, ai-train=no, use=reference",
		SignalSearch: ptr("yes"), SignalAITrain: ptr("no"), SignalUse: ptr("reference"),
	}, RobotsPreferenceRow{
		GroupIndex: ptr(int32(2)), Line: 17, Kind: "app-directives", Spelling: ptr("App-Directives"), Path: ptr("/shop/"), Valid: true,
		Value: "agentA;checkout=?0;max=5, agentB", AppIDs: []string{"agentA", "agentB"},
		AppDirectives: `[{"id": "agentA", "directives": {"checkout": false, "max": 5}}, {"id": "agentB", "directives": {}}]`,
	}, RobotsPreferenceRow{
		GroupIndex: ptr(int32(2)), Line: 18, Kind: "app-directives", Spelling: ptr("App-Directive"), Valid: false, Value: "(broken",
	})

	// Every known AI crawler inherits the * group (partial: /private/ is
	// disallowed) except the three the file names.
	var stance []AIStanceRow
	named := map[string]AIStanceRow{
		"GPTBot":    {Stance: "blocked", Applies: "named", GroupLines: []int32{11}, DecidingLine: ptr(int32(13))},
		"CCBot":     {Stance: "blocked", Applies: "named", GroupLines: []int32{11}, DecidingLine: ptr(int32(13))},
		"ClaudeBot": {Stance: "partial", Applies: "named", GroupLines: []int32{15}, RootAllowed: true},
	}
	// The crawlers a group names have rows of their own, in the list's
	// order; all the others share the default row: the * group's stance.
	for _, c := range robots.AICrawlers() {
		row, ok := named[c.Token]
		if !ok {
			continue
		}
		delete(named, c.Token)
		row.Token, row.Operator, row.Purpose = c.Token, c.Operator, c.Purpose
		stance = append(stance, row)
	}
	if len(named) > 0 {
		t.Fatalf("tokens %v are not in robots.AICrawlers", named)
	}
	list, _ := AICrawlerList()
	checkRows(t, got,
		Rows{TableRobotsGroups, groups},
		Rows{TableRobotsRules, rules},
		Rows{TableRobotsPreferences, prefs},
		Rows{TableAIStance, keyed(key, stance...)},
		Rows{TableAIStanceDefault, keyed(key, AIStanceDefaultRow{Crawlers: list, Named: 3, Stance: "partial", Applies: "star", GroupLines: []int32{4}, RootAllowed: true})},
	)
}

// TestAICrawlerList: the list's rows are the crawlers of robots.AICrawlers,
// in order, under one identifier that changes with any of their tokens,
// operators or purposes.
func TestAICrawlerList(t *testing.T) {
	id, rows := AICrawlerList()
	crawlers := robots.AICrawlers()
	if len(rows) != len(crawlers) || len(rows) < 50 {
		t.Fatalf("%d rows for %d crawlers", len(rows), len(crawlers))
	}
	for i, c := range crawlers {
		if r := rows[i]; r != (AICrawlerRow{List: id, Token: c.Token, Operator: c.Operator, Purpose: c.Purpose}) {
			t.Errorf("row %d: %+v, want %s's", i, r, c.Token)
		}
	}
	if again, _ := AICrawlerList(); again != id || !strings.HasPrefix(id, "ai-") || len(id) != len("ai-")+12 {
		t.Errorf("identifier %q, then %q: want ai- and 12 hex digits, the same each time", id, again)
	}
}

// TestFormatRows_RobotsHTML: an HTML page parsed as robots.txt (another
// format) has no group; every AI crawler is allowed for want of a group.
func TestFormatRows_RobotsHTML(t *testing.T) {
	key := docKey(registry.LocRobots)
	doc := parseFixture(t, registry.Robots, registry.LocRobots, "soft-404.html", nil, nil)
	if doc.OtherFormat != "html" {
		t.Fatalf("other_format %q, want html", doc.OtherFormat)
	}
	list, _ := AICrawlerList()
	checkRows(t, FormatRows(key, doc),
		Rows{TableAIStanceDefault, keyed(key, AIStanceDefaultRow{Crawlers: list, Stance: "allowed", Applies: "none", RootAllowed: true})})
}

// TestFormatRows_AITxt flattens an ai.txt: its group and rules go to the
// robots tables under location ai-txt, its media stances to ai_txt_media.
func TestFormatRows_AITxt(t *testing.T) {
	key := docKey(registry.LocAITxt)
	doc := parseFixture(t, registry.AITxt, registry.LocAITxt, "ai.txt", nil, nil)
	exts := []string{"jpg", "jpeg", "png", "gif", "webp", "mp3",
		"mp4", "m4v", "mov", "avi", "mkv", "webm", "wmv", "flv", "mpeg", "mpg", "3gp", "ogv"}
	var rules []RobotsRuleRow
	for i, e := range exts {
		rules = append(rules, RobotsRuleRow{GroupIndex: ptr(int32(0)), Line: int32(3 + i), Kind: "disallow", Path: "*." + e})
	}
	checkRows(t, FormatRows(key, doc),
		Rows{TableRobotsGroups, keyed(key, RobotsGroupRow{
			Line: 2, UserAgents: []string{"*"}, Tokens: []string{"*"}, Star: true, DisallowRules: 18,
		})},
		Rows{TableRobotsRules, keyed(key, rules...)},
		Rows{TableAITxtMedia, keyed(key,
			// avif is disallowed by *.avi: robots.txt patterns match
			// prefixes of the probe path /file.avif.
			// In the order of aitxt.Extensions; video is partial since
			// Spawning's list has ogg, which the file allows.
			AITxtMediaRow{Category: "images", Access: "partial", Disallowed: []string{"gif", "jpeg", "jpg", "png", "webp", "avif"}},
			AITxtMediaRow{Category: "text", Access: "allowed"},
			AITxtMediaRow{Category: "audio", Access: "partial", Disallowed: []string{"mp3"}},
			AITxtMediaRow{Category: "video", Access: "partial", Disallowed: []string{"mp4", "webm", "avi", "mov", "wmv", "flv", "mkv", "m4v", "mpeg", "mpg", "3gp", "ogv"}},
			AITxtMediaRow{Category: "code", Access: "allowed"},
		)},
	)
}

// TestFormatRows_NoResult: a document of a format without tables, of the
// wrong result type, or without a result yields no rows.
func TestFormatRows_NoResult(t *testing.T) {
	key := docKey(registry.LocRobots)
	for name, doc := range map[string]extract.Document{
		"zero document":          {},
		"unknown format":         {Format: "gopher", Result: &robots.File{}},
		"nil result":             {Format: registry.Robots},
		"nil pointer":            {Format: registry.Robots, Result: (*robots.File)(nil)},
		"other format's result":  {Format: registry.Robots, Result: &agentstxt.File{}},
		"value, not pointer":     {Format: registry.AgentsTxt, Result: agentstxt.File{}},
		"parser failure":         extract.Parse("gopher", []byte("x"), extract.Input{}),
		"agents-txt as robots":   {Format: registry.AgentsTxt, Result: &robots.File{}},
		"homepage without value": {Format: registry.HomePage},
	} {
		if rows := FormatRows(key, doc); rows != nil {
			t.Errorf("%s: %d tables of rows, want none", name, len(rows))
		}
	}
}

// TestFormatRows_RobotsBeyondLimit flags the rules past the 500 KiB that
// crawlers must parse (RFC 9309 §2.5), in and outside groups.
func TestFormatRows_RobotsBeyondLimit(t *testing.T) {
	body := "Disallow: /early\nUser-agent: *\nDisallow: /a\n# " + strings.Repeat("x", robots.SizeLimit) + "\nDisallow: /b\n"
	key := docKey(registry.LocRobots)
	rows := FormatRows(key, extract.Parse(registry.Robots, []byte(body), extract.Input{Location: registry.LocRobots}))
	if len(rows) < 2 || rows[1].Table != TableRobotsRules {
		t.Fatalf("tables %v, want robots_rules second", rows)
	}
	checkRows(t, rows[1:2], Rows{TableRobotsRules, keyed(key,
		RobotsRuleRow{Line: 1, Kind: "disallow", Path: "/early"},
		RobotsRuleRow{GroupIndex: ptr(int32(0)), Line: 3, Kind: "disallow", Path: "/a"},
		RobotsRuleRow{GroupIndex: ptr(int32(0)), Line: 5, Kind: "disallow", Path: "/b", BeyondLimit: true},
	)})

	// A rule outside any group, past the limit.
	body = "# " + strings.Repeat("x", robots.SizeLimit) + "\nDisallow: /late\n"
	rows = FormatRows(key, extract.Parse(registry.Robots, []byte(body), extract.Input{Location: registry.LocRobots}))
	checkRows(t, rows[:1], Rows{TableRobotsRules, keyed(key,
		RobotsRuleRow{Line: 2, Kind: "disallow", Path: "/late", BeyondLimit: true},
	)})
}
