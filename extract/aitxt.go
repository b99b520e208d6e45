package extract

import (
	"github.com/agentpolicy/survey/extract/aitxt"
	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// aiTxtAdapter parses Spawning ai.txt files (extract/aitxt). Their syntax
// diagnostics are robots.* codes, catalogued by the robots adapter.
var aiTxtAdapter = adapter{parse: parseAITxt, codes: aitxt.Codes}

// aiTxtSummary is the Summary of an ai.txt Document.
type aiTxtSummary struct {
	Groups int `json:"groups"`
	Rules  int `json:"rules"`
	// BlockedMedia and PartialMedia are the media categories whose
	// extensions are all, or only some, disallowed for "*".
	BlockedMedia []aitxt.Category `json:"blocked_media"`
	PartialMedia []aitxt.Category `json:"partial_media"`
}

// parseAITxt parses an ai.txt body. Effective is "disallow-all",
// "partial" or "allow-all" for the "*" policy, or "empty" when no group of
// the file has an allow or disallow rule.
func parseAITxt(body []byte, in Input) Document {
	f, diags := aitxt.ParseWith(body, robots.Options{Truncated: in.Truncated})
	doc := Document{Format: registry.AITxt, OtherFormat: f.OtherFormat, Valid: !diags.HasErrors(), Diagnostics: diags, Result: f}
	sum := aiTxtSummary{Groups: len(f.Groups), BlockedMedia: f.BlockedMedia, PartialMedia: f.PartialMedia}
	for _, g := range f.Groups {
		sum.Rules += len(g.Rules)
	}
	doc.Summary = sum
	switch {
	case sum.Rules == 0:
		doc.Effective = "empty"
	default:
		switch robots.NewMatcher(&f.File).Stance("*").Access {
		case robots.Blocked:
			doc.Effective = "disallow-all"
		case robots.Partial:
			doc.Effective = "partial"
		default:
			doc.Effective = "allow-all"
		}
	}
	return doc
}
