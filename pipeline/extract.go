package pipeline

import (
	"net/http"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// View is what extraction needs of one classified fetch. The crawl builds
// views from fetches; reparse builds them from the dataset, so both parse
// exactly the same way.
type View struct {
	Location    registry.LocationID
	Outcome     classify.Outcome
	Body        []byte
	FinalURL    string
	Scheme      string
	ContentType string
	Header      http.Header
	Truncated   bool
	Hops        int
	Downgraded  bool
}

// Parsed is one parsed view.
type Parsed struct {
	Location registry.LocationID
	Doc      extract.Document
	Body     []byte
}

// ExtractDomain parses every view of one domain that holds a file, as the
// formats of its location. host is the domain (host[:port]). Files of one
// domain may refer to each other (an agent feed to its did.json), so all of
// a domain's views are passed together.
func ExtractDomain(host string, views []View) []Parsed {
	byLoc := make(map[registry.LocationID]*View, len(views))
	for i := range views {
		byLoc[views[i].Location] = &views[i]
	}
	related := func(id registry.LocationID) (extract.Related, bool) {
		v, ok := byLoc[id]
		if !ok {
			return extract.Related{}, false
		}
		if !v.Outcome.HoldsFile() {
			return extract.Related{Fetched: false, Reason: string(v.Outcome), URL: v.FinalURL}, true
		}
		return extract.Related{Body: v.Body, URL: v.FinalURL, ContentType: v.ContentType, Fetched: true,
			Scheme: v.Scheme, Truncated: v.Truncated, RedirectHops: v.Hops, Downgraded: v.Downgraded}, true
	}
	var out []Parsed
	for _, v := range views {
		if !v.Outcome.HoldsFile() {
			continue
		}
		loc, ok := registry.LookupLocation(v.Location)
		if !ok {
			continue
		}
		for _, format := range loc.Formats {
			doc := extract.Parse(format, v.Body, extract.Input{
				Location:     v.Location,
				URL:          v.FinalURL,
				Host:         host,
				Scheme:       v.Scheme,
				ContentType:  v.ContentType,
				Header:       v.Header,
				Truncated:    v.Truncated,
				RedirectHops: v.Hops,
				Downgraded:   v.Downgraded,
				Related:      related,
			})
			out = append(out, Parsed{Location: v.Location, Doc: doc, Body: v.Body})
		}
	}
	return out
}
