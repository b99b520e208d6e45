package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/homepage"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/sink"
)

// unit is one domain's rows, committed together.
type unit struct {
	target   sink.TargetRow
	fetches  []sink.FetchRow
	bodies   []body // bodies to store, in fetch order
	parsed   parsedRows
	outcomes []classify.Outcome // per fetch, for progress counts
	queued   int64              // the bytes it holds of its queue's budget (unitQueue)
}

// body is a body to store with its SHA-256.
type body struct {
	sum  [sha256.Size]byte
	data []byte
}

// keptHeaders are the response headers stored in fetches.headers besides
// the policy headers (homepage.PolicyHeaders, the Link header among
// them): caching, server identity and bot-wall markers.
var keptHeaders = []string{
	"Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Cache-Control", "Etag",
	"Last-Modified", "Expires", "Age", "Location", "Retry-After", "Server", "Via", "X-Powered-By",
	"Cf-Ray", "Cf-Mitigated", "Cf-Cache-Status", "X-Amzn-Waf-Action", "X-Vercel-Mitigated", "X-Sucuri-Id",
	"X-Datadome", "X-Iinfo", "X-Cdn", "Strict-Transport-Security",
}

// keptHeader is how fetches.headers stores a kept header: its name there
// and whether its values are kept whole.
type keptHeader struct {
	lower string
	whole bool
}

// keptLower maps each kept header's canonical name (as http.Header keys
// it) to how fetches.headers stores it: the policy headers the parsers
// read whole, the others cut at maxKeptValue.
var keptLower = func() map[string]keptHeader {
	m := make(map[string]keptHeader, len(keptHeaders))
	for _, name := range keptHeaders {
		m[http.CanonicalHeaderKey(name)] = keptHeader{lower: strings.ToLower(name)}
	}
	for _, name := range homepage.PolicyHeaders {
		m[http.CanonicalHeaderKey(name)] = keptHeader{lower: strings.ToLower(name), whole: true}
	}
	return m
}()

// maxKeptValue is where a kept header's value is cut, unless it is a
// policy header: caching and server headers are stored for context, and
// one of 64 KiB (the transport's cap on the header block) would only
// weigh on the dataset.
const maxKeptValue = 1024

// bodyDigest returns the SHA-256 of b, taken from held when b is a body
// held there already: the crawler gives a domain's fetches that received
// the same bytes one slice (a page served at every path), hashed once.
func bodyDigest(b []byte, held []body) [sha256.Size]byte {
	for _, h := range held {
		if len(h.data) == len(b) && len(b) > 0 && &h.data[0] == &b[0] {
			return h.sum
		}
	}
	return sha256.Sum256(b)
}

// buildUnit classifies, parses and turns one domain's result into rows.
func buildUnit(crawlID string, res *crawl.DomainResult, cfg crawl.Config) *unit {
	u := &unit{}
	results, views, kept := classifyFetches(res, cfg)
	for _, r := range results {
		u.outcomes = append(u.outcomes, r.Outcome)
	}
	outcome, reason := classify.Domain(results)
	parkedBy, parked := parkedHome(res, results)
	u.target = sink.TargetRow{
		CrawlID:      crawlID,
		Domain:       res.Domain,
		Registrable:  res.Registrable,
		Rank:         rankPtr(res.Seed.Rank),
		SeedLine:     res.Seed.Line,
		Seed:         res.Seed.Input,
		Outcome:      outcome,
		Reason:       reason,
		Scheme:       res.Scheme,
		HTTPFallback: res.HTTPFallback,
		HTTPSError:   res.HTTPSError,
		Soft404Site:  soft404Site(res, results),
		Parked:       parked,
		ParkedBy:     parkedBy,
		Fetches:      int32(len(res.Fetches)),
		StartedAt:    res.StartedAt,
		DurationMs:   ms(res.Duration.Seconds()),
	}
	digests := make(map[registry.LocationID]*string, len(res.Fetches))
	for i, f := range res.Fetches {
		row := sink.FetchRow{
			CrawlID: crawlID, Domain: res.Domain, Location: string(f.Location), URL: f.URL, FinalURL: f.FinalURL,
			Scheme: f.Scheme, HTTPFallback: res.HTTPFallback, ContentType: headerValue(f.Header, "Content-Type"),
			ContentEncoding: headerValue(f.Header, "Content-Encoding"), Size: int64(len(f.Body)),
			Truncated: f.Truncated, Offsite: f.Offsite, Downgraded: f.Downgraded, RemoteAddr: f.RemoteAddr,
			StartedAt: f.StartedAt, DNSMs: ms(f.DNS.Seconds()), ConnectMs: ms(f.Connect.Seconds()),
			TLSMs: ms(f.TLS.Seconds()), TTFBMs: ms(f.TTFB.Seconds()), TotalMs: ms(f.Total.Seconds()),
			WaitMs:  ms(f.Wait.Seconds()),
			Outcome: string(results[i].Outcome), Reason: results[i].Reason, Error: f.Err,
			Headers: kept[i],
		}
		if f.Status != 0 {
			s := int32(f.Status)
			row.Status = &s
		}
		if f.Retried != nil {
			s := int32(f.Retried.Status)
			row.RetriedStatus, row.RetriedAfter = &s, f.Retried.RetryAfter
		}
		for _, h := range f.Hops {
			row.Redirects = append(row.Redirects, sink.RedirectHop{URL: h.URL, Status: int32(h.Status), Location: h.Location})
		}
		if f.Body != nil {
			sum := bodyDigest(f.Body, u.bodies)
			d := hex.EncodeToString(sum[:])
			row.BodyDigest = &d
			digests[f.Location] = &d
			u.bodies = append(u.bodies, body{sum, f.Body})
		}
		u.fetches = append(u.fetches, row)
	}
	u.parsed.add(crawlID, res.Domain, views, digests)
	return u
}

// soft404Site reports whether the domain answered its canary, a path that
// cannot exist, with a page of its own (the canary's outcome soft_404):
// targets.soft404_site. A bot wall served with 200 is the wall's answer, not
// the site's, and a 206 answers no request survey made.
func soft404Site(res *crawl.DomainResult, results []classify.Result) bool {
	_, r, ok := fetchAt(res, results, registry.LocCanary)
	return ok && r.Outcome == classify.Soft404
}

// parkedHome reports whether the domain's home page shows a parked domain,
// and by whom (classify.DetectParked): targets.parked and parked_by. A
// home page that was blocked (a bot wall) shows nothing of the domain.
func parkedHome(res *crawl.DomainResult, results []classify.Result) (by string, ok bool) {
	f, r, fetched := fetchAt(res, results, registry.LocHome)
	if !fetched || r.Outcome == classify.Blocked {
		return "", false
	}
	return classify.DetectParked(f)
}

// fetchAt returns the domain's fetch of loc and its classification
// (results holds one per fetch, in order); ok is false when loc was not
// fetched.
func fetchAt(res *crawl.DomainResult, results []classify.Result, loc registry.LocationID) (*crawl.Fetch, classify.Result, bool) {
	for i, f := range res.Fetches {
		if f.Location == loc {
			return f, results[i], true
		}
	}
	return nil, classify.Result{}, false
}

// classifyFetches classifies every fetch of a domain and returns, for
// each, its result, the view extraction reads and the response headers the
// dataset keeps.
func classifyFetches(res *crawl.DomainResult, cfg crawl.Config) ([]classify.Result, []View, []map[string]string) {
	locs := map[registry.LocationID]registry.Location{}
	for _, l := range cfg.Locations {
		locs[l.ID] = l
	}
	canary := res.Fetch(registry.LocCanary)
	results := make([]classify.Result, len(res.Fetches))
	views := make([]View, len(res.Fetches))
	kept := make([]map[string]string, len(res.Fetches))
	for i, f := range res.Fetches {
		results[i] = classify.Fetch(f, locs[f.Location], canary)
		kept[i] = keep(f.Header)
		// The text a view holds is the text fetches stores (sink.ValidText),
		// as reparse reads it back: a header that is not UTF-8 reaches the
		// parsers, and their messages, as the dataset keeps it.
		views[i] = View{
			Location: f.Location, Outcome: results[i].Outcome, Body: f.Body, FinalURL: sink.ValidText(f.FinalURL),
			Scheme: sink.ValidText(f.Scheme), ContentType: sink.ValidText(headerValue(f.Header, "Content-Type")),
			Truncated: f.Truncated, Hops: len(f.Hops), Downgraded: f.Downgraded,
		}
		if results[i].Outcome.HoldsFile() {
			// Only a file is parsed (ExtractDomain): the others need no
			// header, and most fetches of a domain hold none.
			views[i].Header = headerFromKept(kept[i])
		}
	}
	return results, views, kept
}

// parsedRows are the rows of the parsed tables: documents, diagnostics and
// the per-format tables. The crawl and reparse build them the same way.
type parsedRows struct {
	documents   []sink.DocumentRow
	diagnostics []sink.DiagnosticRow
	formats     []sink.Rows
}

// add parses a domain's views and appends their rows.
func (r *parsedRows) add(crawlID, domain string, views []View, digests map[registry.LocationID]*string) {
	for _, p := range ExtractDomain(domain, views) {
		doc, drows := documentRows(crawlID, domain, p, digests[p.Location])
		r.documents = append(r.documents, doc)
		r.diagnostics = append(r.diagnostics, drows...)
		r.formats = append(r.formats, sink.FormatRows(sink.DocKey{CrawlID: crawlID, Domain: domain, Location: string(p.Location)}, p.Doc)...)
	}
}

// append writes the rows to w's tables.
func (r *parsedRows) append(w *sink.Writer) error {
	if err := sink.AppendRows(w, sink.TableDocuments, r.documents...); err != nil {
		return err
	}
	if err := sink.AppendRows(w, sink.TableDiagnostics, r.diagnostics...); err != nil {
		return err
	}
	for _, f := range r.formats {
		if err := w.Append(f.Table, f.Rows); err != nil {
			return err
		}
	}
	return nil
}

// documentRows returns the documents row and the diagnostics rows of one
// parsed file.
func documentRows(crawlID, domain string, p Parsed, digest *string) (sink.DocumentRow, []sink.DiagnosticRow) {
	doc := p.Doc
	summary := sink.JSON("{}")
	if doc.Summary != nil {
		if b, err := json.Marshal(doc.Summary); err == nil {
			summary = sink.JSON(b)
		}
	}
	row := sink.DocumentRow{
		CrawlID: crawlID, Domain: domain, Location: string(p.Location), Format: string(doc.Format),
		OtherFormat: doc.OtherFormat, Valid: doc.Valid, Usable: doc.Usable, Effective: doc.Effective,
		Errors: int32(doc.Diagnostics.Count(diag.Error)), Warnings: int32(doc.Diagnostics.Count(diag.Warning)),
		Infos: int32(doc.Diagnostics.Count(diag.Info)), BodyDigest: digest,
		ParserVersion: survey.BuildVersion(), Summary: summary,
	}
	drows := make([]sink.DiagnosticRow, len(doc.Diagnostics))
	for i, d := range doc.Diagnostics {
		drows[i] = sink.DiagnosticRow{
			CrawlID: crawlID, Domain: domain, Location: string(p.Location), Format: string(doc.Format),
			Code: d.Code, Severity: d.Severity.String(), Line: int32(d.Line), Spec: d.Spec, Message: d.Message,
		}
	}
	return row, drows
}

// keep returns the kept headers as stored in fetches.headers: lower-case
// names; a header sent several times has its values joined by a newline
// (which no header value can hold), each value cut at maxKeptValue unless
// the parsers read it (homepage.PolicyHeaders, kept whole so that a long
// policy is parsed as sent); bytes that are not UTF-8 replaced with U+FFFD
// (sink.ValidText), as the dataset stores them.
func keep(h http.Header) map[string]string {
	if len(h) == 0 {
		return nil
	}
	out := make(map[string]string, len(h))
	for name, v := range h {
		k, ok := keptLower[name]
		if !ok || len(v) == 0 {
			continue
		}
		if len(v) == 1 && (k.whole || len(v[0]) <= maxKeptValue) {
			out[k.lower] = sink.ValidText(v[0])
			continue
		}
		vals := make([]string, len(v))
		for i, s := range v {
			if !k.whole && len(s) > maxKeptValue {
				s = s[:maxKeptValue]
			}
			vals[i] = s
		}
		out[k.lower] = sink.ValidText(strings.Join(vals, "\n"))
	}
	return out
}

// headerFromKept rebuilds an http.Header from fetches.headers. It is the
// header the parsers see, in the crawl as in a reparse: the kept headers
// only, exactly as fetches.headers stores them, so that reparsing stored
// fetches gives the parsers the same input as the crawl did.
func headerFromKept(m map[string]string) http.Header {
	if len(m) == 0 {
		return nil
	}
	out := make(http.Header, len(m))
	for k, v := range m {
		for _, val := range strings.Split(v, "\n") {
			out.Add(k, val)
		}
	}
	return out
}

func headerValue(h http.Header, name string) string {
	if h == nil {
		return ""
	}
	return h.Get(name)
}

func rankPtr(r int64) *int64 {
	if r == 0 {
		return nil
	}
	return &r
}

// ms converts seconds to milliseconds rounded to microseconds.
func ms(seconds float64) float64 { return float64(int64(seconds*1e6+0.5)) / 1e3 }
