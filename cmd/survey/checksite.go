package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/signal"
	"strings"
	"syscall"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// siteOutput is the JSON form of survey check --site (docs/check-json.md).
type siteOutput struct {
	Site         string               `json:"site"`
	Outcome      string               `json:"outcome"`
	Reason       string               `json:"reason,omitempty"`
	HTTPFallback bool                 `json:"http_fallback"`
	HTTPSError   string               `json:"https_error,omitempty"`
	Soft404Site  bool                 `json:"soft_404_site"`
	Parked       bool                 `json:"parked"`
	ParkedBy     string               `json:"parked_by,omitempty"`
	Locations    []siteLocationOutput `json:"locations"`
	// UnservedLinks are the home page's links to locations that held no
	// file.
	UnservedLinks []unservedLinkOutput `json:"unserved_links"`
}

// unservedLinkOutput is a link of the home page to a location of the site
// that held no file.
type unservedLinkOutput struct {
	Location string `json:"location"`
	Source   string `json:"source"`
	Href     string `json:"href"`
	Line     int    `json:"line"`
	Outcome  string `json:"outcome"`
	Reason   string `json:"reason,omitempty"`
}

type siteLocationOutput struct {
	Location string        `json:"location"`
	URL      string        `json:"url"`
	FinalURL string        `json:"final_url"`
	Outcome  string        `json:"outcome"`
	Reason   string        `json:"reason,omitempty"`
	Error    string        `json:"error,omitempty"`
	Files    []checkOutput `json:"files"`
	// Decision is robots.txt's answer when the location held no robots.txt
	// file (RFC 9309 §2.3.1); a file's own decision is in Files.
	Decision *checkDecision `json:"decision,omitempty"`
}

// checkSite checks every location of one site, fetched as a crawl fetches
// it, and prints each location's outcome and each file's diagnostics, and,
// with a query q, each evaluator's decision.
func checkSite(e *env, input, format string, q *extract.Query, cfg crawl.Config, strict bool) int {
	if format != "text" && format != "json" {
		return fail(e, "check", fmt.Errorf("unknown --format %q (want text or json)", format))
	}
	seed, err := seeds.Parse(input)
	if err != nil {
		return fail(e, "check", fmt.Errorf("--site %w", err))
	}
	c, err := crawl.New(cfg)
	if err != nil {
		return fail(e, "check", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	site, err := pipeline.CheckSite(ctx, c, seed)
	if err != nil {
		return fail(e, "check", err)
	}
	found, invalid, other := site.Files()
	unserved := site.UnservedLinks()
	// Each location's files, with the decision of each that has an
	// evaluator.
	files := make([][]checkOutput, len(site.Locations))
	noFile := make([]*checkDecision, len(site.Locations)) // robots.txt's answer without a file
	for i, l := range site.Locations {
		files[i] = []checkOutput{}
		if q != nil {
			if allowed, why, ok := l.RobotsWithoutFile(q.Agent, q.URL); ok {
				noFile[i] = &checkDecision{Agent: q.Agent, URL: q.URL, Method: q.Method, Allowed: allowed, Reason: why}
			}
		}
		for _, d := range l.Docs {
			out := newCheckOutput(l.URL, d)
			if q != nil && extract.CanDecide(d.Format) {
				if out.Decision, err = decide(d, *q); err != nil {
					return fail(e, "check", err)
				}
			}
			files[i] = append(files[i], out)
		}
	}

	if format == "json" {
		out := siteOutput{Site: site.Domain, Outcome: site.Outcome, Reason: site.Reason, Soft404Site: site.Soft404Site,
			Parked: site.Parked, ParkedBy: site.ParkedBy,
			HTTPFallback: site.HTTPFallback, HTTPSError: site.HTTPSError, Locations: []siteLocationOutput{},
			UnservedLinks: []unservedLinkOutput{}}
		for i, l := range site.Locations {
			out.Locations = append(out.Locations, siteLocationOutput{Location: string(l.Location), URL: l.URL, FinalURL: l.FinalURL,
				Outcome: string(l.Outcome), Reason: l.Reason, Error: l.Err, Files: files[i], Decision: noFile[i]})
		}
		for _, u := range unserved {
			out.UnservedLinks = append(out.UnservedLinks, unservedLinkOutput{Location: string(u.Location), Source: string(u.Source),
				Href: u.Href, Line: u.Line, Outcome: string(u.Target.Outcome), Reason: u.Target.Reason})
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fail(e, "check", err)
		}
	} else {
		for i, l := range site.Locations {
			what := string(l.Outcome)
			if l.Reason != "" && l.Reason != classify.ReasonOK {
				what += " (" + l.Reason + ")"
			}
			if l.FinalURL != "" && l.FinalURL != l.URL {
				what += ", from " + l.FinalURL
			}
			if l.Err != "" {
				what += ": " + printable(l.Err)
			}
			fmt.Fprintf(e.stdout, "%s: %s: %s\n", l.URL, l.Location, what)
			writeDecisionText(e.stdout, l.URL, noFile[i])
			for j, d := range l.Docs {
				writeCheckText(e.stdout, l.URL, d)
				writeAICrawlersText(e.stdout, l.URL, d)
				writeHomeSignalsText(e.stdout, l.URL, d)
				writeDecisionText(e.stdout, l.URL, files[i][j].Decision)
			}
			if l.Location == registry.LocHome {
				writeUnservedText(e.stdout, l.URL, unserved)
			}
		}
		fmt.Fprintf(e.stdout, "%s: %s at %s%s, %d invalid", site.Domain, plural(found, "file", "files"),
			plural(len(site.Locations), "location", "locations"), outcomeCounts(site.Locations), invalid)
		if other > 0 {
			fmt.Fprintf(e.stdout, ", %d of another format", other)
		}
		fmt.Fprintf(e.stdout, "; site %s", site.Outcome)
		if site.Reason != "" {
			fmt.Fprintf(e.stdout, " (%s)", site.Reason)
		}
		switch {
		case site.HTTPFallback && site.Outcome == classify.DomainOK:
			fmt.Fprintf(e.stdout, "; fetched over HTTP, as HTTPS failed (%s)", site.HTTPSError)
		case site.HTTPFallback:
			fmt.Fprintf(e.stdout, "; HTTP was tried too, as HTTPS failed (%s)", site.HTTPSError)
		}
		if site.Soft404Site {
			fmt.Fprint(e.stdout, "; it answers 200 for a path that cannot exist, so a page there is a soft 404")
		}
		if site.Parked {
			fmt.Fprintf(e.stdout, "; the domain is parked (%s): its files are the parking service's, not a publisher's", site.ParkedBy)
		}
		fmt.Fprintln(e.stdout)
	}
	if site.Outcome != classify.DomainOK {
		hint := ""
		if site.Reason == classify.ReasonAddressGuard {
			hint = " (its addresses are private, loopback or link-local; --allow-private allows them)"
		}
		return fail(e, "check", fmt.Errorf("%s: %s: no location could be read%s", site.Domain, site.Outcome, hint))
	}
	failed, strictly := false, 0
	for _, l := range site.Locations {
		for _, d := range l.Docs {
			failed = failed || failsCheck(d, strict)
			if strictOnly(d, strict) != "" {
				strictly++
			}
		}
	}
	if strictly > 0 && format == "text" {
		fmt.Fprintf(e.stdout, "%s: --strict: exit status 1 for %s with warnings or not usable\n", site.Domain, plural(strictly, "file", "files"))
	}
	if failed {
		return exitFindings
	}
	return exitOK
}

// writeUnservedText notes each link of the home page, served from name,
// to a location of the site that held no file.
func writeUnservedText(w io.Writer, name string, links []pipeline.UnservedLink) {
	for _, u := range links {
		what := "the home page's Link header"
		if u.Source == homepage.SourceLink {
			what = "a link element of the home page"
		}
		found := string(u.Target.Outcome)
		if u.Target.Reason != "" && u.Target.Reason != classify.ReasonOK {
			found += " (" + u.Target.Reason + ")"
		}
		fmt.Fprintf(w, "%s:%d: note: %s points to %s (%s), where the site serves no file: %s\n",
			name, u.Line, what, printable(u.Href), u.Location, found)
	}
}

// outcomeCounts counts the locations whose outcome is not present, in
// the order they come, " (11 soft_404, 1 absent)", for the site's line:
// a site that answers 503 everywhere is ok as a site (it answers), and
// its line says that no location held a file and why.
func outcomeCounts(locs []pipeline.SiteLocation) string {
	var order []classify.Outcome
	n := map[classify.Outcome]int{}
	for _, l := range locs {
		if l.Outcome == classify.Present {
			continue
		}
		if n[l.Outcome] == 0 {
			order = append(order, l.Outcome)
		}
		n[l.Outcome]++
	}
	if len(order) == 0 {
		return ""
	}
	parts := make([]string, len(order))
	for i, o := range order {
		parts[i] = fmt.Sprintf("%d %s", n[o], o)
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
