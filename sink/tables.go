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

// Tables returns the tables of the current schema version, in order. Adding
// a table is one line here plus its row type.
func Tables() []Table {
	return []Table{
		MustTable[CrawlRow](TableCrawls,
			"One row per run of survey crawl for one shard; a resumed crawl adds a run. "+
				"A run may write its row more than once (when it starts, with ended_at null, and when it ends); "+
				"the database keeps the last row written per (crawl_id, shard, run).",
			"crawl_id", "shard", "run"),
		MustTable[TargetRow](TableTargets,
			"One row per domain crawled; a domain's rows in every table are committed together with it.",
		),
		MustTable[FetchRow](TableFetches,
			"One row per location fetched for a domain (registry locations, the home page and the canary).",
		),
		MustTable[BodyRow](TableBodies,
			"One row per distinct body received, content-addressed by SHA-256 and compressed with zstd.",
			"digest"),
		MustTable[DocumentRow](TableDocuments,
			"One row per fetched body parsed as a policy format: validity and effective policy.",
		),
		MustTable[DiagnosticRow](TableDiagnostics,
			"One row per diagnostic a parser reported for a document (docs/diagnostics.md).",
		),
	}
}
