package extract

import (
	"github.com/agentpolicy/survey/extract/llmstxt"
	"github.com/agentpolicy/survey/registry"
)

// llmsTxtAdapter parses llms.txt files (extract/llmstxt). The format has no
// evaluator: it lists content for language models and grants nothing.
var llmsTxtAdapter = adapter{parse: parseLLMsTxt, codes: llmstxt.Codes}

// LLMsTxtSummary is the Summary of an llms.txt Document.
type LLMsTxtSummary struct {
	Title    string `json:"title"`
	Sections int    `json:"sections"`
	Links    int    `json:"links"`
	// OptionalLinks counts the links of the Optional section.
	OptionalLinks int  `json:"optional_links"`
	HasOptional   bool `json:"has_optional"`
	// HasSummary is true when a blockquote summary follows the title.
	HasSummary bool `json:"has_summary"`
	// RelativeLinks counts the links with a relative URL.
	RelativeLinks int `json:"relative_links"`
}

// parseLLMsTxt parses an llms.txt body. Effective is "links" for a valid
// file listing at least one link, "no-links" for a valid file without one,
// and "invalid" for a file that is not an llms.txt (no H1 title, or HTML).
func parseLLMsTxt(body []byte, in Input) Document {
	f, diags := llmstxt.Parse(body)
	doc := Document{
		Format:      registry.LLMsTxt,
		OtherFormat: f.OtherFormat,
		Valid:       f.OtherFormat == "" && !diags.HasErrors(),
		Diagnostics: diags,
		Result:      f,
	}
	sum := LLMsTxtSummary{Title: f.Title, Sections: len(f.Sections), HasOptional: f.HasOptional, HasSummary: f.Summary != ""}
	for _, s := range f.Sections {
		sum.Links += len(s.Links)
		if s.Optional {
			sum.OptionalLinks += len(s.Links)
		}
		for _, l := range s.Links {
			if l.Relative {
				sum.RelativeLinks++
			}
		}
	}
	switch {
	case !doc.Valid:
		doc.Effective = "invalid"
	case sum.Links > 0:
		doc.Effective = "links"
	default:
		doc.Effective = "no-links"
	}
	if f.OtherFormat == "" {
		doc.Summary = sum
	}
	return doc
}
