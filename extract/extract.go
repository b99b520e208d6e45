// Package extract turns fetched bytes into parsed documents. It holds one
// adapter per format of the registry; each adapter calls the format's own
// package (extract/robots, extract/agentstxt, ...), which is a pure function
// from bytes to a typed result and a list of diagnostics.
//
// The crawl pipeline calls Parse for every fetch classified as holding a
// file; `survey check` calls it for one file and Decide to answer "may this
// agent do this here".
package extract

import (
	"fmt"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/registry"
)

// Input is what a parser may know about the bytes besides the bytes
// themselves. Every field is optional; the zero Input describes a local file
// of unknown origin.
type Input struct {
	// Location is the registry location the bytes were fetched from, if any.
	Location registry.LocationID
	// URL is the final URL the bytes came from (after redirects), or the file
	// name for a local file.
	URL string
	// Host is the host (with port when not the default) the document speaks
	// for: the crawled domain, or the host of `survey check --origin`.
	Host string
	// Scheme is "https" or "http": the scheme of the final URL.
	Scheme string
	// ContentType is the Content-Type response header.
	ContentType string
	// Header holds the response headers (the home page parser reads policy
	// headers from it).
	Header http.Header
	// Truncated is true when the body was cut at the crawl's size cap.
	Truncated bool
	// RedirectHops is the number of redirects followed to reach URL.
	RedirectHops int
	// Downgraded is true when a redirect went from HTTPS to HTTP.
	Downgraded bool
	// Related returns another location's file of the same domain, when the
	// crawl found one there; formats that refer to each other (an agent feed
	// and its did.json and agent-card.json) use it. It may be nil.
	Related func(registry.LocationID) (Related, bool)
}

// Related is a file of the same domain at another location.
type Related struct {
	Body        []byte
	URL         string
	ContentType string
	// Fetched is false when the location was fetched and held no file; the
	// Reason then says why (for example "absent" or "network_error").
	Fetched bool
	Reason  string
	// How the file was fetched, as for Input.
	Scheme       string
	Truncated    bool
	RedirectHops int
	Downgraded   bool
}

// related returns in.Related(loc) when in.Related is set.
func (in Input) related(loc registry.LocationID) (Related, bool) {
	if in.Related == nil {
		return Related{}, false
	}
	return in.Related(loc)
}

// Document is a parsed file. Its JSON form (with the decision added by
// `survey check`) is the documented output contract of `survey check
// --format json`.
type Document struct {
	// Format is the format the bytes were parsed as.
	Format registry.FormatID `json:"type"`
	// OtherFormat is non-empty when the file plainly follows another
	// convention (an agents.txt in robots.txt style, a coding-agent
	// AGENTS.md); such a file is neither valid nor broken in this format.
	OtherFormat string `json:"other_format,omitempty"`
	// Valid is true when no diagnostic is an error and the file is in this
	// format.
	Valid bool `json:"valid"`
	// Usable is true when a conforming agent of the format's specification
	// may act on the file: it is valid, whole, and was fetched the way the
	// specification requires (for example over HTTPS).
	Usable bool `json:"usable"`
	// Effective is a short label for the effective policy, for example
	// "restricted" for an invalid agents.txt or "terminated" for a feed.
	Effective string `json:"effective,omitempty"`
	// Diagnostics are every finding, ordered by line.
	Diagnostics diag.List `json:"diagnostics"`
	// Summary is a small JSON-encodable object summarising the effective
	// policy (a handful of fields, e.g. group and rule counts); it is stored
	// in documents.summary so that adoption queries need not read Result.
	Summary any `json:"summary,omitempty"`
	// Result is the normalized parse, a pointer to the format package's
	// result type. It is JSON-encodable.
	Result any `json:"result"`
}

// Query asks whether an agent may do something at a URL.
type Query struct {
	Agent  string // product token or User-Agent of the agent
	URL    string // absolute URL or path
	Method string // HTTP method, default GET
}

// Decision answers a Query.
type Decision struct {
	Allowed bool   `json:"allowed"`
	Reason  string `json:"reason"`
	Line    int    `json:"line"`
}

// adapter connects one format of the registry to its package.
type adapter struct {
	// parse parses body. It must not panic and must fill Format, Valid,
	// Effective, Diagnostics and Result; Parse fills Usable and adds the
	// diagnostics common to every format.
	parse func(body []byte, in Input) Document
	// decide evaluates a query against a parsed document; nil when the
	// format has no evaluator.
	decide func(doc Document, q Query) (Decision, error)
	// codes lists the format's diagnostic codes.
	codes func() []diag.Code
	// usable, when set, is a format's own condition for a conforming agent
	// to act on a valid, whole file fetched as required (for example a
	// size limit of its specification).
	usable func(body []byte, in Input) bool
}

// unusableCodes are, per format, the diagnostics that say why a valid file
// is not usable (UnusableReason), in the order to name them. (Not a field
// of adapter: an evaluator names the reason, and adapters holds the
// evaluators.)
var unusableCodes = map[registry.FormatID][]string{
	registry.AgentsMD: agentsMDUnusableCodes,
}

// adapters maps every format of the registry to its adapter. Each adapter
// lives in the file named after its format.
var adapters = map[registry.FormatID]adapter{
	registry.Robots:    robotsAdapter,
	registry.AgentsTxt: agentsTxtAdapter,
	registry.AgentsMD:  agentsMDAdapter,
	registry.AgentFeed: agentFeedAdapter,
	registry.DID:       didAdapter,
	registry.AgentCard: agentCardAdapter,
	registry.Autoctl:   autoctlAdapter,
	registry.LLMsTxt:   llmsTxtAdapter,
	registry.TDMRep:    tdmrepAdapter,
	registry.AITxt:     aiTxtAdapter,
	registry.HomePage:  homePageAdapter,
}

// Parse parses body as format f. It never panics: a parser failure is
// reported as an extract.internal-error diagnostic.
func Parse(f registry.FormatID, body []byte, in Input) (doc Document) {
	a, ok := adapters[f]
	if !ok {
		return Document{Format: f, Diagnostics: diag.List{codeUnknownFormat.At(0, "no parser for format %q", f)}, Effective: "unknown"}
	}
	defer func() {
		if r := recover(); r != nil {
			doc = Document{Format: f, Effective: "unknown", Diagnostics: diag.List{
				codeInternal.At(0, "parser failed: %v\n%s", r, debug.Stack()),
			}}
		}
	}()
	doc = a.parse(body, in)
	doc.Format = f
	if in.Truncated {
		doc.Diagnostics = append(doc.Diagnostics, codeTruncated.At(0, "the body was cut by the crawl's size cap (on the body, or on the bytes received of a compressed one); the %d bytes kept were parsed as far as they go", len(body)))
	}
	doc.Diagnostics.Sort()
	if doc.Diagnostics.HasErrors() || doc.OtherFormat != "" {
		doc.Valid = false
	}
	doc.Usable = doc.Valid && !in.Truncated && usableTransport(in) && (a.usable == nil || a.usable(body, in))
	return doc
}

// UnusableReason says why a valid document is not usable by a conforming
// agent: the first diagnostic that tells (the body cut at the size cap, or
// one of the format's own, such as AGENTS.md's plain HTTP), its code and
// message, or else no code and the transport its location's specification
// requires. It returns "", "" for a usable or an invalid document.
func UnusableReason(doc Document) (code, why string) {
	if doc.Usable || !doc.Valid {
		return "", ""
	}
	for _, c := range append([]string{codeTruncated.ID}, unusableCodes[doc.Format]...) {
		for _, d := range doc.Diagnostics {
			if d.Code == c {
				return d.Code, d.Message
			}
		}
	}
	return "", "its specification requires it fetched over HTTPS, without a downgrade to HTTP"
}

// usableTransport reports whether the file was fetched the way its
// location's specification requires.
func usableTransport(in Input) bool {
	loc, ok := registry.LookupLocation(in.Location)
	if !ok || !loc.Redirects.RequireHTTPS {
		return true
	}
	return in.Scheme != "http" && !in.Downgraded
}

// Decide evaluates q against a parsed document. It returns an error when
// the document's format has no evaluator.
func Decide(doc Document, q Query) (Decision, error) {
	a, ok := adapters[doc.Format]
	if !ok || a.decide == nil {
		var with []string
		for _, f := range registry.Formats() {
			if CanDecide(f.ID) {
				with = append(with, string(f.ID))
			}
		}
		return Decision{}, fmt.Errorf("format %s has no evaluator (%s have one)", doc.Format, strings.Join(with, ", "))
	}
	if q.Method == "" {
		q.Method = http.MethodGet
	}
	return a.decide(doc, q)
}

// CanDecide reports whether format f has an evaluator.
func CanDecide(f registry.FormatID) bool {
	a, ok := adapters[f]
	return ok && a.decide != nil
}

// Catalogue returns every diagnostic code of every format, sorted.
func Catalogue() diag.Catalogue {
	cat := diag.Catalogue(commonCodes())
	for _, f := range registry.Formats() {
		if a, ok := adapters[f.ID]; ok && a.codes != nil {
			cat = append(cat, a.codes()...)
		}
	}
	return cat.Sorted()
}

var (
	codeInternal = diag.Code{ID: "extract.internal-error", Severity: diag.Error, Spec: "survey",
		Summary: "The parser failed on this input; this is a bug in survey, please report it with the file."}
	codeUnknownFormat = diag.Code{ID: "extract.unknown-format", Severity: diag.Error, Spec: "survey",
		Summary: "No parser exists for the requested format."}
	codeTruncated = diag.Code{ID: "extract.truncated", Severity: diag.Warning, Spec: "survey (specs README: bodies are capped)",
		Summary: "The body exceeded the crawl's size cap and was cut (a compressed body also when the bytes received exceed the cap: an endless run of empty gzip members decodes to nothing); the file was parsed as far as it goes and is not usable."}
)

func commonCodes() []diag.Code { return []diag.Code{codeInternal, codeUnknownFormat, codeTruncated} }
