package sink

// The names of schema v1's tables.
const (
	TableCrawls      = "crawls"
	TableTargets     = "targets"
	TableFetches     = "fetches"
	TableBodies      = "bodies"
	TableDocuments   = "documents"
	TableDiagnostics = "diagnostics"
)

// DefaultCommitTable is the table whose part marks a batch complete: a
// batch is committed when its targets part exists.
const DefaultCommitTable = TableTargets

// Tables returns the tables of the current schema version, in order: the
// core tables, then the per-format tables. Adding a table is one line here
// plus its row type.
func Tables() []Table {
	return []Table{
		MustTable[CrawlRow](TableCrawls,
			"One row per run of survey crawl for one shard; a resumed crawl adds a run. "+
				"A run may write its row more than once (when it starts, with status running and ended_at null, and when it ends); "+
				"a --resume writes the row of an earlier run that was killed once more, now with status killed, "+
				"and that of an earlier run that failed writing (a full disk) and could not write its final row, with status failed and its counts; "+
				"the database keeps the last row written per (crawl_id, shard, run).",
			"crawl_id", "shard", "run"),
		MustTable[TargetRow](TableTargets,
			"One row per domain crawled; a domain's rows in every table are committed together with it.",
		).Identified("crawl_id", "domain"),
		MustTable[FetchRow](TableFetches,
			"One row per location of the crawl and domain (the --locations, the home page among them, and the canary, which every crawl fetches); a location survey did not request has a row too, its error starting with not requested:.",
		).Identified("crawl_id", "domain", "location"),
		MustTable[BodyRow](TableBodies,
			"One row per distinct body received, content-addressed by SHA-256 and compressed with zstd.",
			"digest"),
		MustTable[DocumentRow](TableDocuments,
			"One row per fetched body parsed as a policy format: validity and effective policy.",
		).Identified("crawl_id", "domain", "location"),
		MustTable[DiagnosticRow](TableDiagnostics,
			"One row per diagnostic a parser reported for a document (docs/diagnostics.md). Every format lists at most 100 diagnostics of one code per document, then one more row of that code, at line 0, saying how many were left out; agents.txt and automation-preferences.txt list at most 20 of each of their byte-level codes (invalid UTF-8 and control characters, and in automation-preferences.txt tabs), the twentieth saying that further ones are not reported (docs/formats.md, Caps on diagnostics). "+
				"No set of columns identifies a row (a file may have one code at one line twice): join it to documents on crawl_id, domain and location.",
		),
		// Per-format tables (formats.go): rows join documents on crawl_id,
		// domain and location.
		MustTable[RobotsGroupRow](TableRobotsGroups,
			"One row per group of a robots.txt file (location robots) or an ai.txt file (location ai-txt).").Identified("crawl_id", "domain", "location", "group_index"),
		MustTable[RobotsRuleRow](TableRobotsRules,
			"One row per allow or disallow rule of a robots.txt or ai.txt file.").Identified("crawl_id", "domain", "location", "line"),
		MustTable[RobotsPreferenceRow](TableRobotsPreferences,
			"One row per App-Directives, Content-Usage or Content-Signal line of a robots.txt or ai.txt file, with its parsed preferences. A line before any user-agent line applies to no crawler: its row has a null group_index (as such a rule has in robots_rules) and it has a robots.extension-outside-group diagnostic.").Identified("crawl_id", "domain", "location", "line"),
		MustTable[AIStanceRow](TableAIStance,
			"One row per robots.txt file and known AI crawler (extract/robots/aicrawlers.csv): whether the file blocks it, and how. "+
				"In the database (the view below) every robots.txt document has a row for every crawler of the list it was measured against (ai_crawlers: 72 crawlers before 2026-11-28, 139 since), "+
				"a document of another format (documents.other_format, an HTML page) too, every crawler allowed and applies none: leave those out, as the queries do. "+
				"The Parquet parts hold fewer rows: only those of the crawlers a group of the file names; the stance of all the others is the file's one ai_stance_default row. "+
				"Parts written before ai_stance_default existed (2026-11-28; the files of such a crawl have no ai_stance_default row) hold a row for every crawler, "+
				"and the database's build brings them to the current form.").Identified("crawl_id", "domain", "location", "token").
			Derived("ai_stance_named", aiStanceView, []string{"ai_stance_named", TableAIStanceDefault, TableAICrawlers}, aiStanceUpgrade...),
		MustTable[AIStanceDefaultRow](TableAIStanceDefault,
			"One row per robots.txt file: its stance towards every known AI crawler that no group of it names, which all inherit the same groups (the * groups, or none). "+
				"The ai_stance view repeats it for each such crawler of its list (ai_crawlers). "+
				"Parts written before 2026-11-28 have none; the database's build derives them from those parts' ai_stance rows (list legacy-CRAWL, the crawl's tokens), "+
				"and for a file whose groups name every crawler, for which the stance of the others is unknown, it writes allowed and none: the row then stands for no crawler (named is the list's size).").Identified("crawl_id", "domain", "location"),
		MustTable[AICrawlerRow](TableAICrawlers,
			"One row per crawler of each AI crawler list the database's crawls were measured against (extract/robots/aicrawlers.csv of the survey version that crawled or reparsed them).",
			"list", "token"),
		MustTable[AITxtMediaRow](TableAITxtMedia,
			"One row per ai.txt file and media category: the * policy's stance towards the category's file extensions.").Identified("crawl_id", "domain", "location", "category"),
		MustTable[AgentsTxtRow](TableAgentsTxt,
			"One row per agents.txt file: its hash line, directive counts, metadata and effective policy.").Identified("crawl_id", "domain", "location"),
		MustTable[AgentsTxtDirectiveRow](TableAgentsTxtDirectives,
			"One row per directive line of an agents.txt file, malformed ones included.").Identified("crawl_id", "domain", "location", "directive_index"),
		MustTable[AgentsMDRow](TableAgentsMD,
			"One row per AGENTS.md file at either location (coding-agent instruction files included, as other-format), every field of AGENTS-MD-SPEC-001 typed.").Identified("crawl_id", "domain", "location"),
		MustTable[AgentsMDPathRow](TableAgentsMDPaths,
			"One row per path pattern of an AGENTS.md Restrictions list.").Identified("crawl_id", "domain", "location", "list", "pattern_index"),
		MustTable[AgentFeedRow](TableAgentFeeds,
			"One row per agent feed: its status, key resolution, entry counts and effective state.").Identified("crawl_id", "domain", "location"),
		MustTable[AgentFeedEntryRow](TableAgentFeedEntries,
			"One row per entry of an agent feed: its signature check, canonical form and what the reader did with it.").Identified("crawl_id", "domain", "location", "entry_index"),
		MustTable[DIDDocumentRow](TableDIDDocuments,
			"One row per did.json: whether its id matches the host and which verification methods are usable.").Identified("crawl_id", "domain", "location"),
		MustTable[AgentCardRow](TableAgentCards,
			"One row per agent-card.json: its shape, endpoints and consistency with the origin's agent feed.").Identified("crawl_id", "domain", "location"),
		MustTable[AutoctlGroupRow](TableAutoctlGroups,
			"One row per group of an automation-preferences.txt file.").Identified("crawl_id", "domain", "location", "group_index"),
		MustTable[LLMsTxtRow](TableLLMsTxt,
			"One row per llms.txt file: title, summary, sections and link counts.").Identified("crawl_id", "domain", "location"),
		MustTable[LLMsTxtLinkRow](TableLLMsTxtLinks,
			"One row per link of an llms.txt file list.").Identified("crawl_id", "domain", "location", "line"),
		MustTable[TDMRepRuleRow](TableTDMRepRules,
			"One row per rule of a tdmrep.json file.").Identified("crawl_id", "domain", "location", "rule_index"),
		MustTable[HomeSignalsRow](TableHomeSignals,
			"One row per home page parsed: its robots directives, TDMRep and Content-Usage signals, and links to agent-policy files.").Identified("crawl_id", "domain", "location"),
	}
}

// aiStanceView is the SELECT of the database's ai_stance: the stored rows
// of the crawlers a group names (and every row of parts written before
// ai_stance_default existed), and for each ai_stance_default row one row
// per crawler of its list that the file's stored rows do not name. Most
// files name none, and their rows are the default row repeated: only the
// files that name some are compared with their stored rows, so that a
// query over every row of a million files does not look each one up.
const aiStanceView = `SELECT crawl_id, domain, location, token, operator, purpose, stance, applies, group_lines, root_allowed, deciding_line
FROM ai_stance_named
UNION ALL
SELECT d.crawl_id, d.domain, d.location, c.token, c.operator, c.purpose, d.stance, d.applies, d.group_lines, d.root_allowed, d.deciding_line
FROM ai_stance_default d JOIN ai_crawlers c ON c.list = d.crawlers
WHERE d.named = 0
UNION ALL
SELECT d.crawl_id, d.domain, d.location, c.token, c.operator, c.purpose, d.stance, d.applies, d.group_lines, d.root_allowed, d.deciding_line
FROM ai_stance_default d JOIN ai_crawlers c ON c.list = d.crawlers
ANTI JOIN ai_stance_named n ON n.crawl_id = d.crawl_id AND n.domain = d.domain AND n.location = d.location AND n.token = c.token
WHERE d.named > 0`

// aiStanceUpgrade brings the ai_stance rows of parts written before
// ai_stance_default existed (2026-11-28), which hold a row for every
// crawler of the list, to the current form, so that every robots.txt file
// has an ai_stance_default row, as the queries expect: the list of each
// such crawl becomes ai_crawlers list legacy-CRAWL (every token its rows
// name), a file's rows for the crawlers no group names become its default
// row, and only the rows of the crawlers a group names stay stored. A file
// whose groups name every crawler keeps all its rows, and its default row
// (which stands for no crawler) says allowed and none.
var aiStanceUpgrade = []string{
	`CREATE TEMP TABLE ai_stance_legacy AS
SELECT crawl_id, domain, location FROM ai_stance_named
EXCEPT SELECT crawl_id, domain, location FROM ai_stance_default`,
	`INSERT INTO ai_crawlers
SELECT 'legacy-' || s.crawl_id, s.token, any_value(s.operator), any_value(s.purpose)
FROM ai_stance_named s SEMI JOIN ai_stance_legacy l USING (crawl_id, domain, location)
GROUP BY s.crawl_id, s.token`,
	`INSERT INTO ai_stance_default
SELECT s.crawl_id, s.domain, s.location, 'legacy-' || s.crawl_id,
  count(*) FILTER (WHERE s.applies = 'named'),
  coalesce(any_value(s.stance) FILTER (WHERE s.applies <> 'named'), 'allowed'),
  coalesce(any_value(s.applies) FILTER (WHERE s.applies <> 'named'), 'none'),
  coalesce(any_value(s.group_lines) FILTER (WHERE s.applies <> 'named'), []),
  coalesce(any_value(s.root_allowed) FILTER (WHERE s.applies <> 'named'), true),
  any_value(s.deciding_line) FILTER (WHERE s.applies <> 'named')
FROM ai_stance_named s SEMI JOIN ai_stance_legacy l USING (crawl_id, domain, location)
GROUP BY s.crawl_id, s.domain, s.location`,
	`DELETE FROM ai_stance_named WHERE applies <> 'named'`,
	`DROP TABLE ai_stance_legacy`,
}
