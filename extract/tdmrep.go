package extract

import (
	"github.com/agentpolicy/survey/extract/tdmrep"
	"github.com/agentpolicy/survey/registry"
)

// tdmrepAdapter parses /.well-known/tdmrep.json files (extract/tdmrep).
// TDM reservation is not an access decision, so the format has no Decide
// evaluator; tdmrep.File.Reservation answers "are TDM rights reserved on
// this path".
var tdmrepAdapter = adapter{parse: parseTDMRep, codes: tdmrep.Codes}

// TDMRepSummary is the Summary of a tdmrep.json Document.
type TDMRepSummary struct {
	// Rules counts every rule kept, including those never used.
	Rules int `json:"rules"`
	// Reserving and NotReserving count the rules that can apply (see
	// tdmrep.File.Applicable) with tdm-reservation 1 and 0; rules with
	// neither leave the reservation unset, and a rule that is never the
	// first match (a duplicate or unreachable rule, an empty location or
	// one that is not a path) counts in neither.
	Reserving    int `json:"reserving"`
	NotReserving int `json:"not_reserving"`
	// AnyReservation is true when some rule that can apply reserves TDM
	// rights.
	AnyReservation bool `json:"any_reservation"`
	// Policies counts the rules that can apply with a tdm-policy.
	Policies int `json:"policies"`
	// RootReserved is true when the rule matching "/" reserves TDM rights.
	RootReserved bool `json:"root_reserved"`
}

// parseTDMRep parses a tdmrep.json body. Effective is "reserved" (the rule
// every path falls back to reserves TDM rights), "partial", "not-reserved"
// or "unset" (see tdmrep.File.Effective). RootReserved answers for the path
// "/" alone, so a file whose only reserving rule is "/$" is "partial" with
// RootReserved set.
func parseTDMRep(body []byte, in Input) Document {
	f, diags := tdmrep.Parse(body)
	sum := TDMRepSummary{Rules: len(f.Rules)}
	applicable := f.Applicable()
	for i, r := range f.Rules {
		if !applicable[i] {
			continue
		}
		switch {
		case r.Reservation == nil:
		case *r.Reservation == 1:
			sum.Reserving++
		default:
			sum.NotReserving++
		}
		if r.Policy != "" {
			sum.Policies++
		}
	}
	sum.AnyReservation = sum.Reserving > 0
	sum.RootReserved, _, _ = f.Reservation("/")
	return Document{
		Format:      registry.TDMRep,
		Valid:       !diags.HasErrors(),
		Effective:   f.Effective(),
		Diagnostics: diags,
		Summary:     sum,
		Result:      f,
	}
}
