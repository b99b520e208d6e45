package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

// maxNamedCrawlers is how many AI crawlers blocked by name the text output
// lists before it counts the rest.
const maxNamedCrawlers = 6

// writeAICrawlersText writes, for a robots.txt in its format, one line on
// what it tells the known AI crawlers (robots.AICrawlers, the list behind
// the dataset's ai_stance): how many it blocks from the whole site, naming
// those a group of their own blocks, how many from some paths only, and how
// many it allows everywhere. A site operator reads there what survey
// records of the file; --agent and --url decide one request.
func writeAICrawlersText(w io.Writer, name string, doc extract.Document) {
	f, ok := doc.Result.(*robots.File)
	if !ok || f == nil || doc.Format != registry.Robots || doc.OtherFormat != "" {
		return
	}
	stances := f.AIStances()
	var blocked, partial, allowed int
	var named []string
	for _, st := range stances {
		switch st.Access {
		case robots.Blocked:
			blocked++
			if st.Applies == robots.Named {
				named = append(named, st.Token)
			}
		case robots.Partial:
			partial++
		default:
			allowed++
		}
	}
	byName := ""
	if len(named) > 0 {
		shown := named[:min(len(named), maxNamedCrawlers)]
		byName = " (by name: " + strings.Join(shown, ", ")
		if rest := len(named) - len(shown); rest > 0 {
			byName += fmt.Sprintf(" and %d more", rest)
		}
		byName += ")"
	}
	fmt.Fprintf(w, "%s: AI crawlers (%d known): %d blocked from the whole site%s, %d from some paths, %d allowed everywhere\n",
		name, len(stances), blocked, byName, partial, allowed)
}
