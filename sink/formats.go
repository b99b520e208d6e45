package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// The per-format tables of schema v1: every parsed file as typed columns,
// built from the parsers' typed results (extract.Document.Result). Each
// format's row types and flattening function live in format_<format>.go;
// adding a format is that file plus one case in formatRowsFunc and its
// tables in tables.go. Every row carries crawl_id, domain and location, so
// it joins documents and fetches on those three columns.

// DocKey identifies the parsed file the rows come from: the columns
// crawl_id, domain and location of its documents row.
type DocKey struct{ CrawlID, Domain, Location string }

// Rows are rows of one table: Rows is a slice of the table's row type
// (for example []RobotsGroupRow for robots_groups), ready for
// Writer.Append(r.Table, r.Rows).
type Rows struct {
	Table string
	Rows  any
}

// FormatRows returns the per-format rows of one parsed document, one Rows
// per table that has rows, in the order of Tables(). It returns none when
// the document's format has no tables, or when doc.Result is not the
// format's result (another type, or a nil pointer). It never panics on a
// document extract.Parse returned.
func FormatRows(key DocKey, doc extract.Document) []Rows {
	rows := formatRowsFunc(doc.Format)
	if rows == nil {
		return nil
	}
	return rows(key, doc)
}

// formatRowsFunc returns the flattening function of a format, nil for a
// format without tables. One line per format.
func formatRowsFunc(f registry.FormatID) func(DocKey, extract.Document) []Rows {
	switch f {
	case registry.Robots:
		return robotsRows
	case registry.AITxt:
		return aiTxtRows
	case registry.AgentsTxt:
		return agentsTxtRows
	case registry.AgentsMD:
		return agentsMDRows
	case registry.AgentFeed:
		return agentFeedRows
	case registry.DID:
		return didRows
	case registry.AgentCard:
		return agentCardRows
	case registry.Autoctl:
		return autoctlRows
	case registry.LLMsTxt:
		return llmsTxtRows
	case registry.TDMRep:
		return tdmrepRows
	case registry.HomePage:
		return homePageRows
	}
	return nil
}

// appendRows appends rows under table to list when there is at least one
// row.
func appendRows[T any](list []Rows, table string, rows []T) []Rows {
	if len(rows) == 0 {
		return list
	}
	return append(list, Rows{Table: table, Rows: rows})
}
