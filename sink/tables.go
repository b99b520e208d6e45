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
			"One row per diagnostic a parser reported for a document (docs/diagnostics.md). robots.txt, ai.txt, llms.txt, agent-feed, did.json, agent-card.json, tdmrep.json and home page documents list at most 100 diagnostics of one code, then one more row of that code, at line 0, saying how many were left out; agents.txt and automation-preferences.txt cap only their byte-level codes (at 20), AGENTS.md none (docs/formats.md, Caps on diagnostics). "+
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
				"Every robots.txt document has a row for every crawler of the list (the list of the survey version that crawled it: 72 crawlers before 2026-11-28, 139 since), "+
				"a document of another format (documents.other_format, an HTML page) too, every crawler allowed and applies none: leave those out, as the queries do.").Identified("crawl_id", "domain", "location", "token"),
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
