package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/tdmrep"
)

// TableTDMRepRules is the table of /.well-known/tdmrep.json rules (W3C
// TDMRep).
const TableTDMRepRules = "tdmrep_rules"

// TDMRepRuleRow is one rule (object) of a tdmrep.json file.
type TDMRepRuleRow struct {
	CrawlID       string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string   `col:"domain" doc:"Domain the file belongs to."`
	Location      string   `col:"location" doc:"Registry location of the file (tdmrep)."`
	RuleIndex     int32    `col:"rule_index" doc:"0-based position of the rule among the rule objects of the array (an element that is not an object is no rule and is not counted); the first rule whose location matches a path decides."`
	Line          int32    `col:"line" doc:"1-based line of the rule's opening brace."`
	PathPattern   *string  `col:"location_pattern" doc:"The rule's location (path pattern); null when missing or not a string (the rule then never matches)."`
	Reservation   *int32   `col:"reservation" doc:"tdm-reservation: 1 (TDM rights reserved) or 0 (not reserved); null when missing or another value (unset)."`
	Policy        *string  `col:"policy" doc:"tdm-policy URL as written; null when absent or empty."`
	UnknownFields []string `col:"unknown_fields" doc:"Fields of the rule the report does not define, in file order."`
}

// tdmrepRows flattens a tdmrep.json file: its rules.
func tdmrepRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*tdmrep.File)
	if !ok || f == nil {
		return nil
	}
	rules := make([]TDMRepRuleRow, 0, len(f.Rules))
	for i, r := range f.Rules {
		rules = append(rules, TDMRepRuleRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			RuleIndex: i32(i), Line: i32(r.Line), PathPattern: r.Location, Reservation: optInt32(r.Reservation),
			Policy: optString(r.Policy), UnknownFields: r.Unknown,
		})
	}
	return appendRows(nil, TableTDMRepRules, rules)
}
