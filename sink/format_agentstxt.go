package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/agentstxt"
)

// The tables of agents.txt files (draft-srijal-agents-policy-00).
const (
	TableAgentsTxt           = "agents_txt"
	TableAgentsTxtDirectives = "agents_txt_directives"
)

// AgentsTxtRow is one agents.txt file.
type AgentsTxtRow struct {
	CrawlID        string            `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain         string            `col:"domain" doc:"Domain the file belongs to."`
	Location       string            `col:"location" doc:"Registry location of the file (agents-txt)."`
	Effective      string            `col:"effective" doc:"Effective policy: rules (valid, with directives), open (valid, no directive), restricted (invalid: a conforming agent treats the whole site as restricted, §5) or other-format."`
	OtherFormat    string            `col:"other_format" doc:"Convention the file follows instead of agents.txt (robots-style, key-value, markdown, json, html, xml, user-agent-list, text, declared-other); empty for an agents.txt file."`
	HashStatus     string            `col:"hash_status" doc:"The hash line: match, mismatch (well-formed, another digest), syntax (malformed) or missing."`
	HashLine       *int32            `col:"hash_line" doc:"1-based line of the hash line; null when the file has none."`
	DeclaredDigest *string           `col:"declared_digest" doc:"Text after * on the hash line, as written; null when the file has no hash line."`
	ComputedDigest string            `col:"computed_digest" doc:"Lower-case hex SHA-256 of the canonical hash input (the file without its hash line, comment and blank lines; lines joined with LF), computed by survey."`
	NearMiss       *string           `col:"near_miss" doc:"When the declared digest is not the canonical one: the publisher mistake it matches (uppercase-hex, trailing-newline, comments-kept, cr-kept, raw-without-hash-line, raw-after-hash-line, ...; several joined with +); null when the digest matches, the file has no hash line, or no known mistake explains a mismatch."`
	Directives     int32             `col:"directives" doc:"Number of directive lines, malformed ones included."`
	Allow          int32             `col:"allow" doc:"Number of well-formed ALLOW directives."`
	Disallow       int32             `col:"disallow" doc:"Number of well-formed DISALLOW directives."`
	Malformed      int32             `col:"malformed" doc:"Number of directive lines with a syntax error."`
	Version        *string           `col:"version" doc:"The '# version:' metadata comment (§4); null when absent."`
	GeneratedBy    *string           `col:"generated_by" doc:"The '# generated-by:' metadata comment (§4); null when absent."`
	GracePeriod    *string           `col:"grace_period" doc:"The '# grace-period:' metadata comment (§4); null when absent."`
	Metadata       map[string]string `col:"metadata" doc:"Every '# key: value' metadata comment, keys lower-cased; the first value of a key."`
	Lines          int32             `col:"lines" doc:"Number of lines of the file."`
}

// AgentsTxtDirectiveRow is one directive line of an agents.txt file.
type AgentsTxtDirectiveRow struct {
	CrawlID        string            `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain         string            `col:"domain" doc:"Domain the file belongs to."`
	Location       string            `col:"location" doc:"Registry location of the file (agents-txt)."`
	DirectiveIndex int32             `col:"directive_index" doc:"0-based position of the directive among the file's directive lines."`
	Line           int32             `col:"line" doc:"1-based line of the directive."`
	Path           string            `col:"path" doc:"The path field as written."`
	Action         string            `col:"action" doc:"The action field as written (ALLOW or DISALLOW in a valid file); empty when missing."`
	Params         map[string]string `col:"params" doc:"The key=value fields (a field without = has an empty value); the first value of a key."`
	ParamKeys      []string          `col:"param_keys" doc:"The keys of the key=value fields in order, repeats included."`
	Malformed      bool              `col:"malformed" doc:"True when the line has a syntax error (it then makes the file invalid)."`
}

// agentsTxtRows flattens an agents.txt document: the file and its
// directives.
func agentsTxtRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*agentstxt.File)
	if !ok || f == nil {
		return nil
	}
	row := AgentsTxtRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: string(f.Effective), OtherFormat: f.OtherFormat,
		HashStatus: string(f.Hash.Status), HashLine: optLine(f.Hash.Line),
		ComputedDigest: f.Hash.Computed, NearMiss: optString(string(f.Hash.NearMiss)),
		Directives: i32(len(f.Directives)), Metadata: map[string]string{}, Lines: i32(f.Lines),
	}
	if f.Hash.Line > 0 {
		d := f.Hash.Declared
		row.DeclaredDigest = &d
	}
	for _, m := range f.Metadata {
		if _, dup := row.Metadata[m.Key]; !dup {
			row.Metadata[m.Key] = m.Value
		}
	}
	row.Version = metaValue(f, agentstxt.MetaVersion)
	row.GeneratedBy = metaValue(f, agentstxt.MetaGeneratedBy)
	row.GracePeriod = metaValue(f, agentstxt.MetaGracePeriod)
	dirs := make([]AgentsTxtDirectiveRow, 0, len(f.Directives))
	for i, d := range f.Directives {
		switch {
		case d.Malformed:
			row.Malformed++
		case d.Action == agentstxt.Allow:
			row.Allow++
		case d.Action == agentstxt.Disallow:
			row.Disallow++
		}
		dr := AgentsTxtDirectiveRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			DirectiveIndex: i32(i), Line: i32(d.Line), Path: d.Path, Action: string(d.Action),
			Params: make(map[string]string, len(d.Params)), ParamKeys: make([]string, 0, len(d.Params)),
			Malformed: d.Malformed,
		}
		for _, p := range d.Params {
			dr.ParamKeys = append(dr.ParamKeys, p.Key)
			if _, dup := dr.Params[p.Key]; !dup {
				dr.Params[p.Key] = p.Value
			}
		}
		dirs = append(dirs, dr)
	}
	out := appendRows(nil, TableAgentsTxt, []AgentsTxtRow{row})
	return appendRows(out, TableAgentsTxtDirectives, dirs)
}

// metaValue returns the first metadata comment with key, nil when there is
// none.
func metaValue(f *agentstxt.File, key string) *string {
	v, ok := f.Meta(key)
	if !ok {
		return nil
	}
	return &v
}
