package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/registry"
)

// writeHomeSignalsText writes, for a home page, the policy signals it was
// read to carry, a line for each kind, as the dataset's home_signals
// records them: the robots directives for every agent and for each agent
// one is scoped to, the Content-Usage preferences, the effective TDMRep
// reservation and policy, and the links to agent-policy files; one line
// saying there are none otherwise. The verdict line's "effective policy:
// signals" says only that there are some.
func writeHomeSignalsText(w io.Writer, name string, doc extract.Document) {
	s, ok := doc.Result.(*homepage.Signals)
	if !ok || s == nil || doc.Format != registry.HomePage {
		return
	}
	for _, l := range homeSignalLines(s) {
		fmt.Fprintf(w, "%s: signals: %s\n", name, printable(l))
	}
}

// homeSignalLines are the lines of writeHomeSignalsText, without the name.
func homeSignalLines(s *homepage.Signals) []string {
	var lines []string
	// The robots directives, those for every agent first, then each
	// agent's in the order its first directive came; a header's or a
	// tag's directives together, then where they were found.
	var agents []string
	byAgent := map[string][]string{}
	for i := 0; i < len(s.Robots); {
		d := s.Robots[i]
		var names []string
		for ; i < len(s.Robots) && sameTag(s.Robots[i], d); i++ {
			names = append(names, directiveName(s.Robots[i]))
		}
		if _, ok := byAgent[d.Agent]; !ok && d.Agent != "" {
			agents = append(agents, d.Agent)
		}
		where := "X-Robots-Tag header"
		if d.Source != homepage.SourceHeader {
			where = fmt.Sprintf("<meta name=%q>, line %d", d.Field, d.Line)
		}
		byAgent[d.Agent] = append(byAgent[d.Agent], strings.Join(names, ", ")+" ("+where+")")
	}
	if all := byAgent[""]; len(all) > 0 {
		lines = append(lines, "robots directives for every agent: "+strings.Join(all, "; "))
	}
	for _, a := range agents {
		lines = append(lines, "robots directives for "+a+": "+strings.Join(byAgent[a], "; "))
	}
	if cu := s.ContentUsage; cu != nil {
		switch {
		case !cu.Valid:
			lines = append(lines, fmt.Sprintf("Content-Usage header %q does not parse, so it states no preference", cu.Raw))
		case s.TrainAI == "" && s.Search == "":
			lines = append(lines, fmt.Sprintf("Content-Usage header %q: no preference for train-ai or search", cu.Raw))
		default:
			var prefs []string
			for _, p := range []struct{ name, v string }{{"train-ai", s.TrainAI}, {"search", s.Search}} {
				if p.v != "" {
					prefs = append(prefs, p.name+"="+p.v)
				}
			}
			lines = append(lines, fmt.Sprintf("Content-Usage header %q: %s", cu.Raw, strings.Join(prefs, ", ")))
		}
	}
	if len(s.TDM) > 0 {
		l := "TDMRep: tdm-reservation unset (no valid value)"
		if r := s.TDMReservation; r != nil {
			l = fmt.Sprintf("TDMRep: tdm-reservation %d (%s)", *r, s.TDMSource)
			if *r == 1 {
				l += ", text and data mining rights reserved"
			}
		}
		if s.TDMPolicy != "" {
			l += ", tdm-policy " + s.TDMPolicy
		}
		lines = append(lines, l)
	}
	if len(s.Links) > 0 {
		var links []string
		for _, k := range s.Links {
			where := "Link header"
			if k.Source == homepage.SourceLink {
				where = fmt.Sprintf("<link rel=%q>, line %d", k.Rel, k.Line)
			}
			t := k.Href + " (" + where
			if k.Location != "" {
				t += ", " + string(k.Location)
			}
			links = append(links, t+")")
		}
		lines = append(lines, "links to agent-policy files: "+strings.Join(links, ", "))
	}
	if len(lines) == 0 {
		lines = append(lines, "none: no X-Robots-Tag, Content-Usage or TDMRep header, and no robots, TDMRep or agent-policy link tag in the head")
	}
	return lines
}

// sameTag reports whether two directives came from one header value or
// one meta tag for one agent.
func sameTag(a, b homepage.Directive) bool {
	return a.Source == b.Source && a.Field == b.Field && a.Line == b.Line && a.Agent == b.Agent
}

// directiveName is a robots directive as the line lists it: its name and
// value, marked when it is no known directive.
func directiveName(d homepage.Directive) string {
	t := d.Name
	if d.Value != "" {
		t += ":" + d.Value
	}
	if !d.Known {
		t += " (unknown)"
	}
	return t
}
