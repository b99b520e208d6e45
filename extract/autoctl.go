package extract

import (
	"fmt"

	"github.com/agentpolicy/survey/extract/autoctl"
	"github.com/agentpolicy/survey/registry"
)

// autoctlAdapter parses automation-preferences.txt files
// (draft-liao-aipref-autoctl-core-01) with package autoctl and evaluates
// queries against them.
var autoctlAdapter = adapter{
	parse:  parseAutoctl,
	decide: decideAutoctl,
	codes:  autoctl.Codes,
}

// AutoctlSummary is the Document.Summary of an automation-preferences.txt
// file.
type AutoctlSummary struct {
	// Groups counts every group; Usable those with a scope.
	Groups int `json:"groups"`
	Usable int `json:"usable"`
	// Methods is the union of the usable groups' allowed methods, in the
	// order of the ABNF's method list.
	Methods []string `json:"methods"`
	// NoMethods counts usable groups that allow no method: without
	// allowed-methods, or with one that names no method of the ABNF's list
	// ("*"). Every method is disallowed there.
	NoMethods int `json:"no_methods"`
	// Hosts, UserAgents and Purposes count the distinct values named.
	Hosts      int `json:"hosts"`
	UserAgents int `json:"user_agents"`
	Purposes   int `json:"purposes"`
	// Unknown counts unknown directives, in groups or not;
	// HTMLComments the HTML comments.
	Unknown      int `json:"unknown"`
	HTMLComments int `json:"html_comments"`
}

func parseAutoctl(body []byte, in Input) Document {
	f, diags := autoctl.Parse(body, autoctl.Options{ContentType: in.ContentType, Served: in.Scheme != "", Host: in.Host})
	return Document{
		Format:      registry.Autoctl,
		Valid:       !diags.HasErrors(),
		Effective:   string(f.Effective),
		Diagnostics: diags,
		Summary:     summarizeAutoctl(f),
		Result:      f,
	}
}

func summarizeAutoctl(f *autoctl.File) AutoctlSummary {
	s := AutoctlSummary{Groups: len(f.Groups), Methods: []string{}, Unknown: len(f.Unknown), HTMLComments: f.HTMLComments}
	methods := map[string]bool{}
	hosts, agents, purposes := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, g := range f.Groups {
		s.Unknown += len(g.Unknown)
		if g.MissingScope {
			continue
		}
		s.Usable++
		if len(g.Methods) == 0 {
			s.NoMethods++
		}
		for _, m := range g.Methods {
			methods[m] = true
		}
		for _, h := range g.Hosts {
			hosts[h] = true
		}
		for _, a := range g.UserAgents {
			agents[a] = true
		}
		for _, p := range g.Purposes {
			purposes[p] = true
		}
	}
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"} {
		if methods[m] {
			s.Methods = append(s.Methods, m)
		}
	}
	s.Hosts, s.UserAgents, s.Purposes = len(hosts), len(agents), len(purposes)
	return s
}

func decideAutoctl(doc Document, q Query) (Decision, error) {
	f, ok := doc.Result.(*autoctl.File)
	if !ok {
		return Decision{}, fmt.Errorf("autoctl document holds %T, not *autoctl.File", doc.Result)
	}
	d := f.Allowed(q.Agent, q.URL, q.Method)
	return Decision{Allowed: d.Allowed, Reason: d.Reason, Line: d.Line}, nil
}
