package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/autoctl"
)

// TableAutoctlGroups is the table of automation-preferences.txt groups
// (draft-liao-aipref-autoctl-core-01).
const TableAutoctlGroups = "autoctl_groups"

// AutoctlGroupRow is one group of an automation-preferences.txt file.
type AutoctlGroupRow struct {
	CrawlID           string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain            string   `col:"domain" doc:"Domain the file belongs to."`
	Location          string   `col:"location" doc:"Registry location of the file (autoctl)."`
	GroupIndex        int32    `col:"group_index" doc:"0-based position of the group in the file (groups are separated by blank lines)."`
	Line              int32    `col:"line" doc:"1-based line of the group's first directive."`
	EndLine           int32    `col:"end_line" doc:"1-based line of the group's last directive."`
	Scopes            []string `col:"scopes" doc:"The url-patterns of the scope directives, in order."`
	Hosts             []string `col:"hosts" doc:"The host-patterns, in order; empty means every host."`
	UserAgents        []string `col:"user_agents" doc:"The user-agent product tokens, in order; empty means every agent."`
	MethodsListed     bool     `col:"methods_listed" doc:"True when the group has an allowed-methods directive; without one every method is disallowed in its scope (§3.2)."`
	Methods           []string `col:"allowed_methods" doc:"The allowed methods, upper-cased, each once, in file order; methods outside the draft's closed list are left out."`
	Purposes          []string `col:"allowed_purposes" doc:"The allowed purposes, each once, in file order."`
	MissingScope      bool     `col:"missing_scope" doc:"True when the group has no scope directive: an error, and the group is ignored."`
	UnknownDirectives []string `col:"unknown_directives" doc:"Names of the directives the core draft does not define, as written, in order (ignored by the policy)."`
	Rejected          bool     `col:"rejected" doc:"True when the whole file is rejected for raw control bytes (§3.1): it then expresses no preference."`
}

// autoctlRows flattens an automation-preferences.txt file: its groups.
func autoctlRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*autoctl.File)
	if !ok || f == nil {
		return nil
	}
	groups := make([]AutoctlGroupRow, 0, len(f.Groups))
	for i, g := range f.Groups {
		row := AutoctlGroupRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			GroupIndex: i32(i), Line: i32(g.Line), EndLine: i32(g.EndLine),
			Scopes: g.Scopes, Hosts: g.Hosts, UserAgents: g.UserAgents,
			MethodsListed: g.MethodsListed, Methods: g.Methods, Purposes: g.Purposes,
			MissingScope: g.MissingScope, UnknownDirectives: make([]string, 0, len(g.Unknown)),
			Rejected: f.Rejected,
		}
		for _, d := range g.Unknown {
			row.UnknownDirectives = append(row.UnknownDirectives, d.Name)
		}
		groups = append(groups, row)
	}
	return appendRows(nil, TableAutoctlGroups, groups)
}
