package classify

import (
	"net/url"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/seeds"
)

// Offsite reports whether a fetch ended on another registrable domain than
// the one requested: the registrable domains (eTLD+1 by the public suffix
// list) of its first and final URLs differ, a public suffix's www host
// (www.gov.uk) counting as the suffix's site (seeds.Site). Host names are compared
// without regard to case (RFC 3986 §3.2.2) or a trailing dot (the
// absolute form of the same name). A chain that leaves the domain and comes
// back (a sign-in round trip) ends on the domain: it is not off-site,
// though the crawler's Offsite flag records that a hop left.
func Offsite(f *crawl.Fetch) bool {
	if len(f.Hops) == 0 || f.FinalURL == f.URL {
		return false
	}
	return site(f.URL) != site(f.FinalURL)
}

// site returns the site of rawURL's host (seeds.Site: its registrable
// domain, less a leading "www." for a public suffix's www host).
func site(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	return seeds.Site(u.Hostname())
}
