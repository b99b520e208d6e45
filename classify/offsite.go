package classify

import (
	"net/url"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/seeds"
)

// Offsite reports whether a fetch ended on another registrable domain than
// the one requested: the registrable domains (eTLD+1 by the public suffix
// list) of its first and final URLs differ. Host names are compared
// without regard to case (RFC 3986 §3.2.2) or a trailing dot (the
// absolute form of the same name). A chain that leaves the domain and comes
// back (a sign-in round trip) ends on the domain: it is not off-site,
// though the crawler's Offsite flag records that a hop left.
func Offsite(f *crawl.Fetch) bool {
	if len(f.Hops) == 0 || f.FinalURL == f.URL {
		return false
	}
	return registrableDomain(f.URL) != registrableDomain(f.FinalURL)
}

// registrableDomain returns the registrable domain of rawURL's host
// (seeds.Registrable).
func registrableDomain(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	return seeds.Registrable(u.Hostname())
}
