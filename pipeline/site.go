package pipeline

import (
	"context"
	"fmt"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// Site is what a crawl finds on one site, location by location, for a
// command that checks a whole site (survey check --site): the same fetches,
// classification and parsing as a crawl, without a dataset.
type Site struct {
	// Domain is the site as a crawl records it (host[:port]).
	Domain string
	// Outcome and Reason are the site's classification (targets.outcome
	// and targets.reason in a dataset).
	Outcome, Reason string
	// HTTPFallback is set when HTTPS could not connect and the site was
	// fetched over HTTP; HTTPSError says why.
	HTTPFallback bool
	HTTPSError   string
	// Soft404Site is set when the site answers 200 for a path that cannot
	// exist (the canary) with a page of its own, not a bot wall's: what its
	// other locations return may be soft 404s.
	Soft404Site bool
	// Parked is set when the home page shows a parked domain, ParkedBy
	// naming who parks it (targets.parked, parked_by).
	Parked   bool
	ParkedBy string
	// Locations are the fetched locations in fetch order, the canary
	// left out.
	Locations []SiteLocation
}

// SiteLocation is what a site check found at one location.
type SiteLocation struct {
	Location registry.LocationID
	URL      string // the URL requested
	FinalURL string // after redirects
	Outcome  classify.Outcome
	Reason   string
	Err      string // the fetch's error, if any
	// Docs are the location's file parsed as each of its formats; empty
	// when it held no file.
	Docs []extract.Document

	fetch *crawl.Fetch
}

// RobotsWithoutFile answers, for the robots location when it held no
// robots.txt file, whether agent may fetch target, as a crawl with
// --respect-robots obeys it (RobotsRules, RFC 9309 §2.3.1): a 4xx or a
// redirect chain that ends nowhere allows every path, a 5xx or a failed
// fetch disallows every path, and a 2xx body that is no robots.txt file (a
// soft 404) is read as robots.txt all the same. ok is false at other
// locations and when the location held a file, whose evaluator answers
// instead.
func (l SiteLocation) RobotsWithoutFile(agent, target string) (allowed bool, why string, ok bool) {
	if l.Location != registry.LocRobots || len(l.Docs) > 0 || l.fetch == nil {
		return false, "", false
	}
	if allowed, why, ok := robotsUnread(l.fetch); ok {
		return allowed, why, true
	}
	if allowed, why = RobotsRules(agent)(l.fetch)(target); allowed {
		why = fmt.Sprintf("robots.txt answered %d with no robots.txt file (%s); read as robots.txt all the same, as a crawl with --respect-robots reads it, no rule of it disallows this", l.fetch.Status, l.Outcome)
	}
	return allowed, why, true
}

// Files counts the locations that held a file, and of those the ones
// with a document that is not valid: invalid when it is in its format,
// other when it follows another convention (neither valid nor broken; a
// location with both counts as invalid).
func (s *Site) Files() (files, invalid, other int) {
	for _, l := range s.Locations {
		if len(l.Docs) == 0 {
			continue
		}
		files++
		isInvalid, isOther := false, false
		for _, d := range l.Docs {
			switch {
			case d.Valid:
			case d.OtherFormat != "":
				isOther = true
			default:
				isInvalid = true
			}
		}
		switch {
		case isInvalid:
			invalid++
		case isOther:
			other++
		}
	}
	return files, invalid, other
}

// UnservedLink is a link of the home page to an agent-policy location of
// the site (homepage.Link.Location) that held no file when the site was
// checked.
type UnservedLink struct {
	homepage.Link
	// Target is what the site check found at the location pointed to.
	Target SiteLocation
}

// UnservedLinks returns the home page's links to locations of the site
// that held no file, in the page's order: a Link header or link element
// that points an agent to nothing, which a site's operator wants to know
// of. Links to another host, and to locations the check did not fetch,
// are left out.
func (s *Site) UnservedLinks() []UnservedLink {
	byLoc := make(map[registry.LocationID]SiteLocation, len(s.Locations))
	var home *homepage.Signals
	for _, l := range s.Locations {
		byLoc[l.Location] = l
		if l.Location != registry.LocHome {
			continue
		}
		for _, d := range l.Docs {
			if sig, ok := d.Result.(*homepage.Signals); ok && sig != nil {
				home = sig
			}
		}
	}
	if home == nil {
		return nil
	}
	var out []UnservedLink
	for _, link := range home.Links {
		if target, ok := byLoc[link.Location]; ok && link.Location != "" && len(target.Docs) == 0 {
			out = append(out, UnservedLink{Link: link, Target: target})
		}
	}
	return out
}

// CheckSite fetches every location of seed's site with c, as a crawl does
// (one connection, the canary, the HTTPS-to-HTTP fallback, the guards),
// and classifies and parses what it finds.
func CheckSite(ctx context.Context, c *crawl.Crawler, seed seeds.Seed) (*Site, error) {
	in := make(chan seeds.Seed, 1)
	in <- seed
	close(in)
	var res *crawl.DomainResult
	err := c.Run(ctx, in, func(r *crawl.DomainResult) error {
		res = r
		return nil
	})
	if res == nil {
		if err == nil {
			err = context.Canceled // the domain was abandoned
		}
		return nil, fmt.Errorf("checking %s: %w", seed.Authority(), err)
	}
	results, views, _ := classifyFetches(res, c.Config())
	site := &Site{Domain: res.Domain, HTTPFallback: res.HTTPFallback, HTTPSError: res.HTTPSError}
	site.Outcome, site.Reason = classify.Domain(results)
	site.Soft404Site = soft404Site(res, results)
	site.ParkedBy, site.Parked = parkedHome(res, results)
	docs := map[registry.LocationID][]extract.Document{}
	for _, p := range ExtractDomain(res.Domain, views) {
		docs[p.Location] = append(docs[p.Location], p.Doc)
	}
	for i, f := range res.Fetches {
		if f.Location == registry.LocCanary {
			continue
		}
		site.Locations = append(site.Locations, SiteLocation{
			Location: f.Location, URL: f.URL, FinalURL: f.FinalURL,
			Outcome: results[i].Outcome, Reason: results[i].Reason, Err: f.Err, Docs: docs[f.Location], fetch: f,
		})
	}
	return site, nil
}
