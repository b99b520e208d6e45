package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/aitxt"
)

// TableAITxtMedia is the table of ai.txt media stances. The groups, rules
// and preferences of an ai.txt file go to the robots tables, with location
// ai-txt.
const TableAITxtMedia = "ai_txt_media"

// AITxtMediaRow is the stance of one ai.txt file's * policy towards one
// media category.
type AITxtMediaRow struct {
	CrawlID    string   `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain     string   `col:"domain" doc:"Domain the file belongs to."`
	Location   string   `col:"location" doc:"Registry location of the file (ai-txt)."`
	Category   string   `col:"category" doc:"Media category: images, text, audio, video or code."`
	Access     string   `col:"access" doc:"blocked (every file extension of Spawning's list for the category, as its ai.txt generator writes them, disallowed for *), partial (some of the category's extensions, Spawning's or the other common ones survey probes) or allowed (none)."`
	Disallowed []string `col:"disallowed" doc:"The category's file extensions that are disallowed for *, lower case, without the dot (e.g. jpg), from the extensions survey probes per category."`
}

// aiTxtRows flattens an ai.txt document: its robots.txt-style groups,
// rules and preferences, and its media stances.
func aiTxtRows(key DocKey, doc extract.Document) []Rows {
	f, ok := doc.Result.(*aitxt.File)
	if !ok || f == nil {
		return nil
	}
	out := robotsFileRows(key, &f.File)
	media := make([]AITxtMediaRow, 0, len(f.Media))
	for _, m := range f.Media {
		media = append(media, AITxtMediaRow{
			CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
			Category: string(m.Category), Access: string(m.Access), Disallowed: m.Disallowed,
		})
	}
	return appendRows(out, TableAITxtMedia, media)
}
