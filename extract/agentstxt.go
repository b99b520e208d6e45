package extract

import (
	"fmt"

	"github.com/agentpolicy/survey/extract/agentstxt"
	"github.com/agentpolicy/survey/registry"
)

// agentsTxtAdapter parses agents.txt files (draft-srijal-agents-policy-00)
// with package agentstxt and evaluates URLs against them.
var agentsTxtAdapter = adapter{
	parse:  parseAgentsTxt,
	decide: decideAgentsTxt,
	codes:  agentstxt.Codes,
}

// AgentsTxtSummary is the Document.Summary of an agents.txt file.
type AgentsTxtSummary struct {
	// Hash is the hash status: "match", "mismatch", "syntax" (the hash
	// line is malformed) or "missing".
	Hash string `json:"hash"`
	// NearMiss names the publisher mistake the declared digest matches.
	NearMiss string `json:"near_miss,omitempty"`
	// Directives, Allow and Disallow count the well-formed directives.
	Directives int `json:"directives"`
	Allow      int `json:"allow"`
	Disallow   int `json:"disallow"`
	// Malformed counts the directives with a syntax error.
	Malformed int `json:"malformed"`
	// Version is the "# version:" metadata, if any.
	Version string `json:"version,omitempty"`
}

func parseAgentsTxt(body []byte, in Input) Document {
	f, diags := agentstxt.Parse(body, agentstxt.Options{ContentType: in.ContentType, Served: in.Scheme != ""})
	doc := Document{
		Format:      registry.AgentsTxt,
		OtherFormat: f.OtherFormat,
		Valid:       f.Valid(),
		Effective:   string(f.Effective),
		Diagnostics: diags,
		Result:      f,
	}
	if f.OtherFormat == "" {
		doc.Summary = summarizeAgentsTxt(f)
	}
	return doc
}

func summarizeAgentsTxt(f *agentstxt.File) AgentsTxtSummary {
	s := AgentsTxtSummary{Hash: string(f.Hash.Status), NearMiss: string(f.Hash.NearMiss)}
	for _, d := range f.Directives {
		switch {
		case d.Malformed:
			s.Malformed++
		case d.Action == agentstxt.Allow:
			s.Directives++
			s.Allow++
		case d.Action == agentstxt.Disallow:
			s.Directives++
			s.Disallow++
		}
	}
	s.Version, _ = f.Meta(agentstxt.MetaVersion)
	return s
}

func decideAgentsTxt(doc Document, q Query) (Decision, error) {
	f, ok := doc.Result.(*agentstxt.File)
	if !ok {
		return Decision{}, fmt.Errorf("agents-txt document holds %T, not *agentstxt.File", doc.Result)
	}
	d := f.Allowed(q.URL)
	return Decision{Allowed: d.Allowed, Reason: d.Reason, Line: d.Line}, nil
}
