// Package registry is the one list of the agent-policy locations survey
// fetches and the formats they may hold. Every stage reads it: the crawler
// decides what to fetch, the classifier what a location should contain, the
// extractor which parser to run, the sink which tables to fill, and the
// simulated web what to serve. Adding a location or a format starts here.
package registry

import (
	"fmt"
	"slices"
	"strings"
)

// FormatID names a file format survey parses. The names are stable: they are
// the values of `survey check --type` and of the format column in the
// dataset.
type FormatID string

// The formats survey parses.
const (
	Robots    FormatID = "robots"     // robots.txt (RFC 9309) with App-Directives, Content-Usage, Content-Signal
	AgentsTxt FormatID = "agents-txt" // agents.txt (draft-srijal-agents-policy-00)
	AgentsMD  FormatID = "agents-md"  // AGENTS.md (AGENTS-MD-SPEC-001)
	AgentFeed FormatID = "agent-feed" // agent-feed v0 Atom feed
	DID       FormatID = "did"        // did:web document for agent-feed
	AgentCard FormatID = "agent-card" // agent-feed snapshot / A2A agent card
	Autoctl   FormatID = "autoctl"    // automation-preferences.txt (draft-liao-aipref-autoctl-core-01)
	LLMsTxt   FormatID = "llms-txt"   // llms.txt (llmstxt.org)
	TDMRep    FormatID = "tdmrep"     // tdmrep.json (W3C TDMRep)
	AITxt     FormatID = "ai-txt"     // ai.txt (Spawning)
	HomePage  FormatID = "homepage"   // policy headers and meta tags of the home page
)

// Kind is the kind of content a location is expected to hold. The classifier
// uses it to recognise soft 404s: an HTML page where a text, JSON or XML file
// is expected is not that file.
type Kind string

// The content kinds.
const (
	KindText     Kind = "text"
	KindMarkdown Kind = "markdown"
	KindJSON     Kind = "json"
	KindXML      Kind = "xml"
	KindHTML     Kind = "html"
	KindAny      Kind = "any"
)

// Format describes one file format.
type Format struct {
	ID   FormatID
	Name string // human name, e.g. "robots.txt"
	Kind Kind   // what the bytes look like
	Spec string // the specification it follows
	// CheckType is true when `survey check --type` accepts the format.
	CheckType bool
}

// LocationID names a location fetched for every domain. The names are the
// values of the location column in the dataset and of --locations.
type LocationID string

// The locations.
const (
	LocRobots     LocationID = "robots"
	LocAgentsTxt  LocationID = "agents-txt"
	LocAgentsMD   LocationID = "agents-md"
	LocAgentsMDWK LocationID = "agents-md-wk"
	LocAgentFeed  LocationID = "agent-feed"
	LocDID        LocationID = "did"
	LocAgentCard  LocationID = "agent-card"
	LocAutoctl    LocationID = "autoctl"
	LocLLMsTxt    LocationID = "llms-txt"
	LocTDMRep     LocationID = "tdmrep"
	LocAITxt      LocationID = "ai-txt"
	LocHome       LocationID = "home"
	LocCanary     LocationID = "canary"
)

// Redirects is a location's redirect policy. Every location follows at most
// MaxHops redirects and records the whole chain; the other fields say which
// redirects a conforming agent of the location's specification would refuse,
// so that the dataset can flag them.
type Redirects struct {
	// MaxHops is the number of redirects followed before giving up.
	MaxHops int
	// DiscoveryHops is the number of hops the specification's discovery
	// algorithm follows; a longer chain is recorded as a deviation. Zero
	// means the specification sets no such limit.
	DiscoveryHops int
	// RequireHTTPS is true when the specification forbids plain HTTP, so a
	// file reached over HTTP (by fallback or downgrade) is not usable by a
	// conforming agent.
	RequireHTTPS bool
}

// Location is one well-known place survey fetches on every domain.
type Location struct {
	ID LocationID
	// Path is the request path. The canary's path is generated per crawl
	// (see CanaryPath); its Path here is the prefix.
	Path string
	// Formats are the formats the location may hold, the primary first.
	Formats []FormatID
	// Expect is the kind of content a real file at this location has.
	Expect Kind
	// Redirects is the redirect policy.
	Redirects Redirects
	// Canary marks the location of a path that cannot exist, used to
	// recognise sites that answer 200 for everything.
	Canary bool
	// Doc is a one-line description for help texts and the data dictionary.
	Doc string
}

// MaxRedirects is the redirect limit every location uses (RFC 9309 §2.3.1.2
// asks crawlers to follow at least five).
const MaxRedirects = 5

var formats = []Format{
	{ID: Robots, Name: "robots.txt", Kind: KindText, Spec: "RFC 9309; draft-nottingham-plan-b; draft-ietf-aipref-attach; Content Signals", CheckType: true},
	{ID: AgentsTxt, Name: "agents.txt", Kind: KindText, Spec: "draft-srijal-agents-policy-00", CheckType: true},
	{ID: AgentsMD, Name: "AGENTS.md", Kind: KindMarkdown, Spec: "AGENTS-MD-SPEC-001", CheckType: true},
	{ID: AgentFeed, Name: "agent-feed.xml", Kind: KindXML, Spec: "agent-feed v0", CheckType: true},
	{ID: DID, Name: "did.json", Kind: KindJSON, Spec: "agent-feed v0 §3; W3C did:web", CheckType: true},
	{ID: AgentCard, Name: "agent-card.json", Kind: KindJSON, Spec: "agent-feed v0 §4.3; A2A agent card", CheckType: true},
	{ID: Autoctl, Name: "automation-preferences.txt", Kind: KindText, Spec: "draft-liao-aipref-autoctl-core-01", CheckType: true},
	{ID: LLMsTxt, Name: "llms.txt", Kind: KindMarkdown, Spec: "llmstxt.org", CheckType: true},
	{ID: TDMRep, Name: "tdmrep.json", Kind: KindJSON, Spec: "W3C TDMRep (Final CG Report)", CheckType: true},
	{ID: AITxt, Name: "ai.txt", Kind: KindText, Spec: "Spawning ai.txt", CheckType: true},
	{ID: HomePage, Name: "home page signals", Kind: KindHTML, Spec: "X-Robots-Tag; draft-ietf-aipref-attach; W3C TDMRep §3", CheckType: true},
}

var locations = []Location{
	{ID: LocRobots, Path: "/robots.txt", Formats: []FormatID{Robots}, Expect: KindText,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "robots.txt (RFC 9309) and its AI extensions"},
	{ID: LocCanary, Path: "/.well-known/", Expect: KindAny, Canary: true,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "a path that cannot exist, to recognise soft 404s"},
	{ID: LocAgentsTxt, Path: "/agents.txt", Formats: []FormatID{AgentsTxt}, Expect: KindText,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "agents.txt strict policy file"},
	{ID: LocAgentsMD, Path: "/AGENTS.md", Formats: []FormatID{AgentsMD}, Expect: KindMarkdown,
		Redirects: Redirects{MaxHops: MaxRedirects, DiscoveryHops: 1, RequireHTTPS: true}, Doc: "AGENTS.md at the root (takes precedence)"},
	{ID: LocAgentsMDWK, Path: "/.well-known/agents.md", Formats: []FormatID{AgentsMD}, Expect: KindMarkdown,
		Redirects: Redirects{MaxHops: MaxRedirects, DiscoveryHops: 1, RequireHTTPS: true}, Doc: "AGENTS.md at the well-known location"},
	{ID: LocAgentFeed, Path: "/.well-known/agent-feed.xml", Formats: []FormatID{AgentFeed}, Expect: KindXML,
		Redirects: Redirects{MaxHops: MaxRedirects, RequireHTTPS: true}, Doc: "agent-feed v0 signed Atom feed"},
	{ID: LocDID, Path: "/.well-known/did.json", Formats: []FormatID{DID}, Expect: KindJSON,
		Redirects: Redirects{MaxHops: MaxRedirects, RequireHTTPS: true}, Doc: "did:web document with the agent-feed signing keys"},
	{ID: LocAgentCard, Path: "/.well-known/agent-card.json", Formats: []FormatID{AgentCard}, Expect: KindJSON,
		Redirects: Redirects{MaxHops: MaxRedirects, RequireHTTPS: true}, Doc: "agent-feed snapshot, A2A agent card, MCP server card or ERC-8004 registration"},
	{ID: LocAutoctl, Path: "/automation-preferences.txt", Formats: []FormatID{Autoctl}, Expect: KindText,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "automation-preferences.txt"},
	{ID: LocLLMsTxt, Path: "/llms.txt", Formats: []FormatID{LLMsTxt}, Expect: KindMarkdown,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "llms.txt"},
	{ID: LocTDMRep, Path: "/.well-known/tdmrep.json", Formats: []FormatID{TDMRep}, Expect: KindJSON,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "TDMRep rules"},
	{ID: LocAITxt, Path: "/ai.txt", Formats: []FormatID{AITxt}, Expect: KindText,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "Spawning ai.txt"},
	{ID: LocHome, Path: "/", Formats: []FormatID{HomePage}, Expect: KindHTML,
		Redirects: Redirects{MaxHops: MaxRedirects}, Doc: "the home page, for its policy headers and meta tags"},
}

// Formats returns every format, in a fixed order.
func Formats() []Format { return slices.Clone(formats) }

// Locations returns every location in fetch order: robots.txt first (it
// settles the scheme), the canary second, the home page last.
func Locations() []Location {
	out := make([]Location, len(locations))
	for i, l := range locations {
		l.Formats = slices.Clone(l.Formats)
		out[i] = l
	}
	return out
}

// LookupFormat returns the format with the given id.
func LookupFormat(id FormatID) (Format, bool) {
	for _, f := range formats {
		if f.ID == id {
			return f, true
		}
	}
	return Format{}, false
}

// LookupLocation returns the location with the given id.
func LookupLocation(id LocationID) (Location, bool) {
	for _, l := range locations {
		if l.ID == id {
			l.Formats = slices.Clone(l.Formats)
			return l, true
		}
	}
	return Location{}, false
}

// SelectLocations parses a comma-separated list of location ids (the
// --locations flag) and returns those locations in fetch order. An empty
// list selects every location. The canary is always included when any
// location that expects a file is, since soft-404 detection needs it.
func SelectLocations(list string) ([]Location, error) {
	all := Locations()
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	want := map[LocationID]bool{}
	for _, f := range strings.Split(list, ",") {
		id := LocationID(strings.TrimSpace(f))
		if id == "" {
			continue
		}
		if _, ok := LookupLocation(id); !ok {
			return nil, fmt.Errorf("unknown location %q (known: %s)", id, strings.Join(LocationIDs(), ", "))
		}
		want[id] = true
	}
	for id := range want {
		if l, _ := LookupLocation(id); l.Expect != KindHTML && l.Expect != KindAny {
			want[LocCanary] = true
		}
	}
	var out []Location
	for _, l := range all {
		if want[l.ID] {
			out = append(out, l)
		}
	}
	return out, nil
}

// LocationIDs returns the id of every location, in fetch order.
func LocationIDs() []string {
	ids := make([]string, len(locations))
	for i, l := range locations {
		ids[i] = string(l.ID)
	}
	return ids
}

// CanaryPath returns the canary path for a crawl: "/.well-known/" followed
// by a name that no specification defines. The name is derived from the
// crawl's nonce so that every domain of one crawl gets the same path.
func CanaryPath(nonce string) string {
	return "/.well-known/survey-canary-" + nonce
}

// LocationsForFormat returns the locations that may hold a format.
func LocationsForFormat(id FormatID) []Location {
	var out []Location
	for _, l := range Locations() {
		if slices.Contains(l.Formats, id) {
			out = append(out, l)
		}
	}
	return out
}
