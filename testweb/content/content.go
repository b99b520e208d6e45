// Package content is the corpus of bodies the simulated web serves: for
// every registry location, files that are valid and files that are invalid
// in realistic ways, each labelled with the validity survey's parsers must
// find. The server in package testweb picks one variant per site and
// location by weight; tests, the demo and the benchmarks compare what the
// parsers report against the labels here, so a disagreement points at a
// parser bug (or at a label, which is then a bug here).
//
// # Labels
//
// Variant.Valid is the validity the specifications in /work/shared/specs
// and the product decisions of its README give the file, for the format the
// location primarily holds. A file that plainly follows another convention
// has a non-empty OtherFormat and Valid false (extract.Document is never
// valid when it reports another format).
//
// Where a specification leaves validity open (a reader event whose
// severity no document fixes, a line RFC 9309 tells crawlers to skip but
// that its grammar does not allow), the label is this package's best
// reading and the variant's Note begins with OpenPrefix, followed by the
// reason. Comparisons that must not fail on an open question can skip
// such variants with strings.HasPrefix(v.Note, content.OpenPrefix).
//
// # Decisions
//
// OtherFormat takes the values "robots-style" and "markdown" (agents.txt)
// and "coding-agent-instructions" (AGENTS.md).
//
// The agents.txt near-misses are built so that exactly one reading matches:
// "trailing newline" is the strict input followed by LF; "comments kept" is
// every line but the hash line, comments included (that file has no blank
// line); "raw file" is the bytes after the hash line, which is the file's
// first line, final LF included (what sha256sum of the body gives).
//
// An agent feed's label is the conformance of the feed document itself
// (agent-feed v0 §5–§7) read with its own did.json; a broken or missing
// did.json is labelled on the did.json and leaves the feed's label alone.
// Feed endpoints are path-relative (§5.2 allows it) so that payloads and
// signatures do not depend on the host, and the snapshot cards use the same
// relative URLs so that they agree with the feed whatever the scheme.
//
// # Cost
//
// Variants, FeedSets and HomePages build every body when they are called
// (the server calls them once at start); Body then returns precomputed
// bytes, or for the few host-dependent bodies (the did:web documents, the
// agent feeds that name them, the A2A card's URL) a cheap substitution of
// the host into precomputed text. Returned bytes are shared between calls
// and must not be modified. Everything is deterministic: the same calls
// give the same bytes in every run (the feeds are signed with Ed25519 keys
// derived from fixed seeds).
package content

import (
	"net/http"

	"github.com/agentpolicy/survey/registry"
)

// OpenPrefix begins the Note of a variant whose validity the specifications
// leave open; the rest of the Note says why and which label was chosen.
const OpenPrefix = "validity open: "

// Content types served by the corpus.
const (
	typeText     = "text/plain; charset=utf-8"
	typeMarkdown = "text/markdown; charset=utf-8"
	typeJSON     = "application/json"
	typeAtom     = "application/atom+xml"
	typeHTML     = "text/html; charset=utf-8"
)

// Variant is one body a location may serve.
type Variant struct {
	// Name is stable and unique: "<location>/<slug>", e.g.
	// "robots/valid-basic".
	Name string
	// Location is the registry location the body is served at.
	Location registry.LocationID
	// ContentType is the Content-Type to serve.
	ContentType string
	// Valid is the intended validity under survey's parsers.
	Valid bool
	// OtherFormat is non-empty when the parser should report that the file
	// follows another convention (e.g. "robots-style" for an agents.txt
	// made of User-agent lines); Valid is then false.
	OtherFormat string
	// Body returns the bytes to serve for a request to host (the Host
	// header: name and, when not the default, port). It is cheap, and
	// depends on host only where the format needs it (a did:web id). The
	// returned bytes must not be modified.
	Body func(host string) []byte
	// Weight is the relative frequency of the variant among the
	// location's variants (or, in a FeedSet, the set's weight).
	Weight int
	// Note explains what the variant exercises; it begins with OpenPrefix
	// when the specifications leave the label open.
	Note string
}

// Variants returns the variants of a location. It returns nil for the
// agent-feed, did and agent-card locations (their files only make sense
// together: see FeedSets), for the home page (see HomePages) and for the
// canary.
func Variants(loc registry.LocationID) []Variant {
	switch loc {
	case registry.LocRobots:
		return robotsVariants()
	case registry.LocAgentsTxt:
		return agentsTxtVariants()
	case registry.LocAgentsMD:
		return agentsMDVariants(registry.LocAgentsMD)
	case registry.LocAgentsMDWK:
		return agentsMDVariants(registry.LocAgentsMDWK)
	case registry.LocAutoctl:
		return autoctlVariants()
	case registry.LocLLMsTxt:
		return llmsTxtVariants()
	case registry.LocTDMRep:
		return tdmrepVariants()
	case registry.LocAITxt:
		return aiTxtVariants()
	}
	return nil
}

// FeedSet is a consistent triple of agent-feed files: the feed at
// /.well-known/agent-feed.xml, the did:web document at
// /.well-known/did.json and the snapshot at /.well-known/agent-card.json.
// A nil member means the site serves nothing at that location.
type FeedSet struct {
	// Name is stable and unique, e.g. "valid-active"; the members are named
	// "agent-feed/<Name>", "did/<Name>" and "agent-card/<Name>".
	Name string
	// Weight is the relative frequency of the set among the sets.
	Weight int
	// Feed, DID and Card are the members; nil means absent.
	Feed, DID, Card *Variant
}

// HomePage is one home page: the policy headers it is served with and its
// HTML.
type HomePage struct {
	// Name is stable and unique: "home/<slug>".
	Name string
	// Weight is the relative frequency of the page among the pages.
	Weight int
	// Header holds the headers to add to the response, Content-Type
	// included. It must not be modified.
	Header http.Header
	// Body returns the HTML; the returned bytes must not be modified.
	Body func(host string) []byte
	// Note says which signals the page carries.
	Note string
	// LinksTo lists the locations of the site the page points to (a link
	// element or a Link header); a site with such a home page serves the
	// file there more often than others do, as publishers who link to a
	// file mostly publish it.
	LinksTo []registry.LocationID
}

// static returns a Body function that serves b for every host.
func static(b []byte) func(string) []byte {
	return func(string) []byte { return b }
}

// staticString is static for a string body.
func staticString(s string) func(string) []byte { return static([]byte(s)) }
