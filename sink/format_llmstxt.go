package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/llmstxt"
)

// The tables of llms.txt files (llmstxt.org).
const (
	TableLLMsTxt      = "llms_txt"
	TableLLMsTxtLinks = "llms_txt_links"
)

// LLMsTxtRow is one llms.txt file.
type LLMsTxtRow struct {
	CrawlID       string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string   `col:"domain" doc:"Domain the file belongs to."`
	Location      string   `col:"location" doc:"Registry location of the file (llms-txt)."`
	Effective     string   `col:"effective" doc:"links (valid, lists at least one link), no-links (valid, lists none) or invalid (no H1 title, or not an llms.txt at all)."`
	OtherFormat   string   `col:"other_format" doc:"The convention the body follows instead of llms.txt's Markdown: html (an HTML document), robots-style (robots.txt rules under # comments) or ini (INI settings); empty for an llms.txt (docs/formats.md, llms.txt, Validity and other format)."`
	Title         string   `col:"title" doc:"Text of the H1 title; empty when the file has none."`
	TitleLine     *int32   `col:"title_line" doc:"1-based line of the H1 title; null when the file has none."`
	Summary       *string  `col:"summary" doc:"The blockquote summary after the title, its lines joined with spaces; null when there is none."`
	HasDetails    bool     `col:"has_details" doc:"True when free text follows the summary before the first section."`
	Sections      int32    `col:"sections" doc:"Number of H2 sections (file lists)."`
	SectionNames  []string `col:"section_names" doc:"Names of the H2 sections, in order."`
	Links         int32    `col:"links" doc:"Number of links in every section."`
	RelativeLinks int32    `col:"relative_links" doc:"Links whose URL is a relative reference."`
	OptionalLinks int32    `col:"optional_links" doc:"Links of the Optional section."`
	HasOptional   bool     `col:"has_optional" doc:"True when a section is the Optional section (links that can be skipped for a shorter context)."`
}

// LLMsTxtLinkRow is one link of an llms.txt file list.
type LLMsTxtLinkRow struct {
	CrawlID      string `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string `col:"domain" doc:"Domain the file belongs to."`
	Location     string `col:"location" doc:"Registry location of the file (llms-txt)."`
	SectionIndex int32  `col:"section_index" doc:"0-based position of the link's H2 section."`
	Section      string `col:"section" doc:"Name of the link's section."`
	Optional     bool   `col:"optional" doc:"True when the section is the Optional section."`
	Line         int32  `col:"line" doc:"1-based line of the link."`
	Name         string `col:"name" doc:"The link text."`
	URL          string `col:"url" doc:"The link URL as written, as the link destination: without the <> that may enclose it, backslash escapes removed."`
	Notes        string `col:"notes" doc:"The notes after the link; empty when none."`
	Relative     bool   `col:"relative" doc:"True when the URL is a relative reference."`
}

// llmsTxtRows flattens an llms.txt file: the file and its links.
func llmsTxtRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*llmstxt.File)
	if !ok || f == nil {
		return nil
	}
	row := LLMsTxtRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: doc.Effective, OtherFormat: f.OtherFormat, Title: f.Title, TitleLine: optLine(f.TitleLine),
		Summary: optString(f.Summary), HasDetails: f.Details != "", Sections: i32(len(f.Sections)),
		SectionNames: make([]string, 0, len(f.Sections)), HasOptional: f.HasOptional,
	}
	var links []LLMsTxtLinkRow
	for si, s := range f.Sections {
		row.SectionNames = append(row.SectionNames, s.Name)
		for _, l := range s.Links {
			row.Links++
			if l.Relative {
				row.RelativeLinks++
			}
			if s.Optional {
				row.OptionalLinks++
			}
			links = append(links, LLMsTxtLinkRow{
				CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
				SectionIndex: i32(si), Section: s.Name, Optional: s.Optional, Line: i32(l.Line),
				Name: l.Name, URL: l.URL, Notes: l.Notes, Relative: l.Relative,
			})
		}
	}
	out := appendRows(nil, TableLLMsTxt, []LLMsTxtRow{row})
	return appendRows(out, TableLLMsTxtLinks, links)
}
