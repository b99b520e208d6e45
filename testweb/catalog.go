package testweb

import (
	"bytes"
	"fmt"
	"net/http"
	"sort"
	"unicode/utf8"

	"github.com/agentpolicy/survey/registry"
)

// file is one body the web can serve: a variant of package content, a
// home page, or one of testweb's own bodies (soft-404 pages, challenge
// pages, oversized files).
type file struct {
	// name is the variant's stable name ("robots/minimal", "home/plain",
	// "testweb/soft404-html").
	name        string
	contentType string
	// header holds extra response headers (a home page's policy
	// headers); it is shared and read-only.
	header http.Header
	// valid is the validity label of a content variant; nil when the body
	// has no label.
	valid       *bool
	otherFormat string
	// open is true when the label is an open reading of the
	// specifications (content.OpenPrefix).
	open bool
	body func(host string) []byte
	// linksTo lists the locations a home page points to.
	linksTo []registry.LocationID
}

// feedSet is a consistent triple of agent-feed files; a nil member is
// absent.
type feedSet struct {
	name            string
	feed, did, card *file
}

// weighted picks items by relative weight.
type weighted[T any] struct {
	items []T
	cum   []uint64 // cum[i] is the sum of the weights of items[:i+1]
}

// add appends item with weight w; items with a weight below 1 are
// skipped.
func (p *weighted[T]) add(item T, w int) {
	if w < 1 {
		return
	}
	total := uint64(0)
	if n := len(p.cum); n > 0 {
		total = p.cum[n-1]
	}
	p.items = append(p.items, item)
	p.cum = append(p.cum, total+uint64(w))
}

// pick returns the item that u selects; false when there is none.
func (p *weighted[T]) pick(u uint64) (T, bool) {
	var zero T
	if len(p.items) == 0 {
		return zero, false
	}
	x := u % p.cum[len(p.cum)-1]
	i := sort.Search(len(p.cum), func(i int) bool { return p.cum[i] > x })
	return p.items[i], true
}

// catalog is every body the web serves, built once per Web.
type catalog struct {
	files map[registry.LocationID]*weighted[*file]
	feeds weighted[feedSet]
	homes weighted[*file]
	// badBytes are the files of a location whose bytes are not valid
	// UTF-8 or hold a NUL, for the bad-bytes kind.
	badBytes map[registry.LocationID][]*file
}

// catalogSource is what a catalog is built from: package content's
// corpus, or a small stand-in in tests.
type catalogSource struct {
	variants func(registry.LocationID) []weightedFile
	feedSets func() []weightedFeedSet
	homes    func() []weightedFile
}

// weightedFile is a file and its weight.
type weightedFile struct {
	f *file
	w int
}

// weightedFeedSet is a feed set and its weight.
type weightedFeedSet struct {
	s feedSet
	w int
}

// newCatalog builds a catalog from src, checking that it can serve every
// location that needs a body.
func newCatalog(src catalogSource) (*catalog, error) {
	c := &catalog{files: map[registry.LocationID]*weighted[*file]{}, badBytes: map[registry.LocationID][]*file{}}
	for _, loc := range registry.Locations() {
		switch loc.ID {
		case registry.LocCanary, registry.LocHome, registry.LocAgentFeed, registry.LocDID, registry.LocAgentCard:
			continue
		}
		p := &weighted[*file]{}
		for _, v := range src.variants(loc.ID) {
			if v.f.body == nil {
				return nil, fmt.Errorf("testweb: variant %q has no body", v.f.name)
			}
			p.add(v.f, v.w)
			if b := v.f.body(probeHost); !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
				c.badBytes[loc.ID] = append(c.badBytes[loc.ID], v.f)
			}
		}
		if len(p.items) == 0 {
			return nil, fmt.Errorf("testweb: the content corpus has no variant for location %s", loc.ID)
		}
		c.files[loc.ID] = p
	}
	for _, s := range src.feedSets() {
		c.feeds.add(s.s, s.w)
	}
	for _, h := range src.homes() {
		if h.f.body == nil {
			return nil, fmt.Errorf("testweb: home page %q has no body", h.f.name)
		}
		c.homes.add(h.f, h.w)
	}
	if len(c.homes.items) == 0 {
		return nil, fmt.Errorf("testweb: the content corpus has no home page")
	}
	return c, nil
}

// probeHost is the host used to look at a variant's bytes when it is
// classified at start.
const probeHost = "site-000000.test"

// linkedAdoption is the share of normal sites whose home page points to a
// location (content.HomePage.LinksTo) that serve a file there: most, not
// all (a link left behind when the file went, or a link to a file never
// published, is a finding of its own).
const linkedAdoption = 0.75

// adoption is the share of normal sites that serve a file at each
// location (the feed's share covers its did.json and agent card), among
// sites whose home page does not point to it (linkedAdoption). Every site
// has a home page.
func adoption(loc registry.LocationID) float64 {
	switch loc {
	case registry.LocRobots:
		return 0.85
	case registry.LocLLMsTxt:
		return 0.10
	case registry.LocAgentsTxt, registry.LocAgentsMD, registry.LocTDMRep, registry.LocAITxt:
		return 0.04
	case registry.LocAgentsMDWK, registry.LocAutoctl, registry.LocAgentFeed:
		return 0.025
	}
	return 0
}
