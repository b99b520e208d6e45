package report

import "github.com/agentpolicy/survey/registry"

// Colours with a meaning, shared by the sections: good, bad, in between,
// neutral.
const (
	colorGood    = "#009E73"
	colorBad     = "#D55E00"
	colorMiddle  = "#E69F00"
	colorInfo    = "#0072B2"
	colorNeutral = "#8A939C"
)

// Sections returns the report's questions in the order the page shows
// them: each names its query, its chart and its table. A named query
// without an entry here still gets a table-only section after these (see
// Options.Sections).
func Sections() []Section {
	notHome := map[string][]string{"location": {"home"}}
	robots := []registry.LocationID{registry.LocRobots}
	agentsTxt := []registry.LocationID{registry.LocAgentsTxt}
	agentsMD := []registry.LocationID{registry.LocAgentsMD, registry.LocAgentsMDWK}
	agentFeed := []registry.LocationID{registry.LocAgentFeed}
	return []Section{
		{
			Title: "Adoption of each agent-policy file",
			Query: "adoption",
			// A file at a location may be of another format (a coding-agent
			// AGENTS.md at /AGENTS.md): such files are no adoption of the
			// location's format, so the bars set them apart, as the
			// headline figures leave them out.
			Chart: Chart{
				Kind: Bar, X: "location", Y: []string{"pct_with_file", "pct_in_format", "pct_valid"}, Omit: notHome,
				XLabel: "Location", YLabel: "Share of reachable domains",
				Names: map[string]string{"pct_with_file": "serve a file, of any format", "pct_in_format": "publish a file in the format",
					"pct_valid": "publish a valid file"},
				Colors: map[string]string{"pct_with_file": colorNeutral, "pct_in_format": colorInfo, "pct_valid": colorGood},
			},
		},
		{
			Title: "Adoption by popularity (rank band)",
			Query: "adoption_by_rank",
			Chart: Chart{
				// Files in the location's format, as in the adoption chart
				// and the headline figures: a coding-agent AGENTS.md is no
				// adoption of the AGENTS.md policy format.
				Kind: Bar, X: "location", Y: []string{"pct_in_format"}, Series: "rank_band", Omit: notHome,
				XLabel: "Location", YLabel: "Share of the band's reachable domains that publish a file in the format",
				MaxBars: 12,
			},
		},
		{
			Title:     "Stance toward each AI crawler",
			Query:     "ai_crawler_stance",
			Locations: robots,
			Chart: Chart{
				Kind: Stacked, X: "token", Y: []string{"pct_blocked", "pct_partial", "pct_allowed"}, MaxBars: 30,
				XLabel: "AI crawler token", YLabel: "Share of robots.txt files",
				Names:  stanceNames(),
				Colors: stanceColors(),
			},
		},
		{
			Title:     "Stance toward each AI operator",
			Query:     "ai_operator_stance",
			Locations: robots,
			Chart: Chart{
				Kind: Stacked, X: "operator", Y: []string{"pct_blocked", "pct_partial", "pct_allowed"}, MaxBars: 30,
				XLabel: "Operator", YLabel: "Share of robots.txt files",
				Names:  stanceNames(),
				Colors: stanceColors(),
			},
		},
		{
			Title: "AI preferences: the mechanisms side by side",
			Query: "ai_signals",
			Chart: Chart{
				Kind: Bar, X: "mechanism", Y: []string{"pct_using", "pct_restricting"},
				XLabel: "Mechanism", YLabel: "Share of reachable domains",
				Names:  map[string]string{"pct_using": "use it", "pct_restricting": "restrict AI use with it"},
				Colors: map[string]string{"pct_using": colorInfo, "pct_restricting": colorBad},
			},
		},
		{
			Title: "Validity of each format",
			Query: "validity",
			Chart: Chart{
				Kind: Stacked, X: "format", Y: []string{"pct_valid", "pct_invalid"},
				Omit:   map[string][]string{"format": {"homepage"}},
				XLabel: "Format", YLabel: "Share of the files in the format",
				Names:  map[string]string{"pct_valid": "valid", "pct_invalid": "invalid (an error diagnostic)"},
				Colors: map[string]string{"pct_valid": colorGood, "pct_invalid": colorBad},
			},
		},
		{
			Title: "Conformance by specification clause",
			Query: "conformance_by_section",
			Chart: Chart{
				Kind: Bar, X: "format", XWith: []string{"document", "section"}, Y: []string{"pct_files", "pct_error_files"},
				PerGroup: "format", MaxPerGroup: 3, MaxBars: 36,
				XLabel: "Format · specification · clause", YLabel: "Share of the format's files citing the clause",
				Names:  map[string]string{"pct_files": "any diagnostic", "pct_error_files": "an error"},
				Colors: map[string]string{"pct_files": colorMiddle, "pct_error_files": colorBad},
			},
			Columns: []string{"format", "document", "section", "files", "error_files", "domains", "format_files", "pct_files", "pct_error_files", "codes"},
		},
		{
			Title: "Most frequent diagnostics",
			Query: "diagnostics",
			// The format leads each label: a code's prefix is the parser's,
			// not the format's (ai.txt files get robots.* codes), and the
			// same code in two formats' top three is two bars, each a share
			// of its own format's files.
			Chart: Chart{
				Kind: Bar, X: "format", XWith: []string{"code"}, Y: []string{"pct_files"}, Series: "severity",
				PerGroup: "format", MaxPerGroup: 3, MaxBars: 36,
				XLabel: "Format · diagnostic code", YLabel: "Share of the format's files with the code",
				Colors: map[string]string{"error": colorBad, "warning": colorMiddle, "info": colorInfo},
			},
		},
		{
			Title:     "agents.txt: how the hash goes wrong",
			Query:     "agents_txt_hash",
			Locations: agentsTxt,
			Chart: Chart{
				Kind: Bar, X: "hash_status", XWith: []string{"near_miss"}, Y: []string{"pct_files"},
				XLabel: "Hash status · near miss", YLabel: "Share of agents.txt files in the format",
				Colors: map[string]string{"pct_files": colorMiddle},
			},
		},
		{
			Title:     "AGENTS.md: the fields policies set",
			Query:     "agents_md_fields",
			Locations: agentsMD,
			Chart: Chart{
				Kind: Bar, X: "section", XWith: []string{"key"}, Y: []string{"pct_policies"}, MaxBars: 50,
				XLabel: "Section · field", YLabel: "Share of valid AGENTS.md policies setting the field",
			},
		},
		{
			Title:     "AGENTS.md: the values policies choose",
			Query:     "agents_md_values",
			Locations: agentsMD,
			Chart: Chart{
				Kind: Bar, X: "key", XWith: []string{"value"}, Y: []string{"pct_policies"}, MaxBars: 60,
				XLabel: "Field · value", YLabel: "Share of valid AGENTS.md policies with the value",
			},
		},
		{
			Title:     "Agent feeds: state and signature verification",
			Query:     "agent_feeds",
			Locations: agentFeed,
			Chart: Chart{
				Kind: Bar, X: "state", XWith: []string{"key_resolution"}, Y: []string{"pct_verified", "pct_canonical"},
				XLabel: "Feed state · key resolution", YLabel: "Share of the feeds' entries",
				Names:  map[string]string{"pct_verified": "signature verifies", "pct_canonical": "canonical JSON"},
				Colors: map[string]string{"pct_verified": colorGood, "pct_canonical": colorInfo},
			},
		},
		{
			Title:     "Agent cards: what they describe",
			Query:     "agent_cards",
			Locations: []registry.LocationID{registry.LocAgentCard},
			Chart: Chart{
				Kind: Bar, X: "kind", Y: []string{"pct_cards"}, Omit: map[string][]string{"kind": {"(all)"}},
				XLabel: "Kind of card", YLabel: "Share of agent cards",
				Colors: map[string]string{"pct_cards": colorInfo},
			},
		},
		{
			Title:     "Home pages that point to agent-policy files",
			Query:     "policy_links",
			Locations: []registry.LocationID{registry.LocHome},
			Chart: Chart{
				Kind: Bar, X: "location", XWith: []string{"source"}, Y: []string{"pct_served", "pct_valid"},
				XLabel: "Location pointed to · how", YLabel: "Share of the domains that point to it",
				Names:  map[string]string{"pct_served": "serve a file there", "pct_valid": "serve a valid file there"},
				Colors: map[string]string{"pct_served": colorInfo, "pct_valid": colorGood},
			},
		},
		{
			Title: "Changes since the previous crawl",
			Query: "changes",
			// Bars side by side: the kinds of change are not parts of a
			// whole (a file whose content changed may also have become
			// valid and changed its AI stance), so a stack would add up
			// domains more than once.
			Chart: Chart{
				Kind: Bar, X: "location", Y: []string{"domains"}, Series: "change",
				XLabel: "Location", YLabel: "Domains with the change",
				Names: map[string]string{"became_valid": "became valid", "became_invalid": "became invalid",
					"content_changed": "content changed", "ai_stance_changed": "AI stance changed"},
				Colors: map[string]string{"appeared": colorInfo, "disappeared": colorNeutral, "became_valid": colorGood,
					"became_invalid": colorBad, "content_changed": colorMiddle, "ai_stance_changed": "#CC79A7"},
			},
		},
		{
			Title:   "Changed domains",
			Query:   "changes_detail",
			MaxRows: 50,
			// One more row than shown, so that the table can say rows were left
			// out, without listing every change of two large crawls.
			Params:   map[string]string{"limit": "51"},
			RowLimit: "limit",
			Columns:  []string{"location", "domain", "change", "from_outcome", "to_outcome", "from_valid", "to_valid", "from_effective", "to_effective", "detail"},
		},
		{
			// Soft 404s are measured (no file), unlike the failures stacked
			// with them: the title names them apart.
			Title: "Measurement validity: soft 404s and what the crawl could not tell",
			Query: "measurement_validity",
			Chart: Chart{
				Kind: Stacked, X: "location",
				Y:      []string{"pct_soft_404", "pct_blocked", "pct_server_error", "pct_timeout", "pct_network_error", "pct_redirect_error"},
				XLabel: "Location", YLabel: "Share of fetches",
				Names: map[string]string{"pct_soft_404": "soft 404", "pct_blocked": "blocked", "pct_server_error": "server error",
					"pct_timeout": "timeout", "pct_network_error": "network error", "pct_redirect_error": "redirect error"},
				Colors: map[string]string{"pct_soft_404": "#56B4E9", "pct_blocked": colorBad, "pct_server_error": "#CC79A7",
					"pct_timeout": colorMiddle, "pct_network_error": "#6B6B6B", "pct_redirect_error": "#8C564B"},
			},
		},
		{
			Title: "Bot walls",
			Query: "bot_walls",
			Chart: Chart{
				Kind: Bar, X: "vendor", Y: []string{"pct_domains"}, Where: map[string]string{"location": "(any)"},
				XLabel: "Bot-protection service", YLabel: "Share of domains crawled that showed a challenge page",
				Colors: map[string]string{"pct_domains": colorBad},
			},
		},
		{
			Title: "What became of each domain",
			Query: "domain_outcomes",
			Chart: Chart{
				Kind: Bar, X: "outcome", XWith: []string{"reason"}, Y: []string{"pct_domains"},
				XLabel: "Domain outcome · reason", YLabel: "Share of domains crawled",
			},
		},
		{
			Title: "HTTPS and plain-HTTP fallback",
			Query: "domain_schemes",
			Chart: Chart{
				Kind: Bar, X: "scheme", XWith: []string{"https_failure"}, Y: []string{"domains"},
				XLabel: "Scheme · HTTPS failure", YLabel: "Domains that answered",
			},
		},
		{
			Title: "How files arrived: transport and redirects",
			Query: "file_transport",
			Chart: Chart{
				Kind: Bar, X: "location", Y: []string{"pct_via_redirect", "pct_http", "pct_offsite"},
				XLabel: "Location", YLabel: "Share of the location's files",
				Names: map[string]string{"pct_via_redirect": "through a redirect", "pct_http": "over plain HTTP", "pct_offsite": "from another site"},
			},
		},
		{
			// The masthead and the methodology's status say the same
			// from these rows; the table shows them shard by shard.
			Title: "Is the crawl whole? Its shards and their last runs",
			Query: "crawl_shards",
		},
	}
}

func stanceNames() map[string]string {
	return map[string]string{"pct_blocked": "blocked entirely", "pct_partial": "blocked in part", "pct_allowed": "allowed"}
}

func stanceColors() map[string]string {
	return map[string]string{"pct_blocked": colorBad, "pct_partial": colorMiddle, "pct_allowed": colorGood}
}
