// Package homepage extracts the agent-policy signals of a site's home
// page: its response headers (X-Robots-Tag, Content-Usage, tdm-reservation
// and tdm-policy) and the meta and link tags of its HTML head (robots and
// per-crawler robots meta tags, tdm-reservation and tdm-policy meta tags,
// links to llms.txt and other agent-policy files).
//
// Parse is a pure function from headers and body to a flat Signals value
// and diagnostics. The page is always valid unless its body is not HTML at
// all (not served as HTML, and neither starting with "<" nor sniffed as
// HTML); malformed values are warnings.
//
// Decisions:
//   - The booleans of Signals (NoAI, NoIndex, ...) reflect directives for
//     every agent: the X-Robots-Tag header without a user-agent prefix and
//     <meta name="robots">. Directives scoped to one crawler
//     ("X-Robots-Tag: googlebot: noindex", <meta name="googlebot">) are in
//     Robots with their Agent, and the agents in ScopedAgents. When
//     directives conflict, the more restrictive applies (as Google
//     documents), so NoIndex is true when any noindex or none applies.
//   - A meta name is a per-crawler robots meta tag when it is a search
//     engine crawler documented to read one (googlebot, bingbot, ...) or a
//     known AI crawler (extract/robots.AICrawlers). The "agent:" prefix of
//     a directive is the X-Robots-Tag header's; in a meta tag it is an
//     unknown directive. A meta http-equiv naming a policy header, a meta
//     tag named after a directive or a policy header (<meta name="noai">,
//     <meta name="X-Robots-Tag">) and a robots meta tag written with
//     http-equiv (<meta http-equiv="robots">) are reported and not read,
//     unless the tag also has a robots or TDMRep name.
//   - TDMRep: the meta tags supersede the headers (§Processing priority),
//     property by property, when their value is valid; repeated values of
//     one source that disagree are reported and the first is used.
//   - Content-Usage: the recognised categories are train-ai and search
//     (specs README), as for the robots.txt Content-Usage rule.
//   - Only the head is read: the meta and link tags the HTML tree builder
//     puts in the head, up to where it starts the body (<body>, or the
//     first element or text that cannot be in a head). A meta tag between
//     </head> and the body is in the head ("after head" insertion mode); a
//     meta tag in the body is not read, but a robots, per-crawler or
//     TDMRep one is reported (a Next.js app streams a dynamic page's
//     metadata into the body); a large body costs one search, or one
//     linear tokenizer pass. Meta tags inside <noscript> and <template>
//     are not read either.
//   - A UTF-16 page (by its byte order mark, else its Content-Type
//     charset) is decoded first; a page in any other encoding is read as
//     it is, since the signals are ASCII.
package homepage

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/registry"
)

// Source is where a signal was found.
type Source string

// The sources.
const (
	SourceHeader Source = "header" // a response header
	SourceMeta   Source = "meta"   // a meta tag of the HTML head
	SourceLink   Source = "link"   // a link element of the HTML head
)

// Signals are the policy signals of a home page.
type Signals struct {
	// NoAI and NoImageAI are true when the noai or noimageai robots
	// directive applies to every agent.
	NoAI      bool `json:"noai"`
	NoImageAI bool `json:"noimageai"`
	// NoIndex, NoFollow, NoArchive, NoSnippet and NoImageIndex are true
	// when the directive (or none, for the first two; nocache for
	// NoArchive) applies to every agent.
	NoIndex      bool `json:"noindex"`
	NoFollow     bool `json:"nofollow"`
	NoArchive    bool `json:"noarchive"`
	NoSnippet    bool `json:"nosnippet"`
	NoImageIndex bool `json:"noimageindex"`
	// MaxSnippet is the most restrictive valid max-snippet for every agent
	// (-1: no limit); nil when there is none.
	MaxSnippet *int `json:"max_snippet,omitempty"`
	// ScopedAgents are the agents some directive is scoped to, sorted.
	ScopedAgents []string `json:"scoped_agents,omitempty"`

	// TDMReserved is true when the effective tdm-reservation is 1.
	TDMReserved bool `json:"tdm_reserved"`
	// TDMReservation is the effective tdm-reservation, 0 or 1; nil when
	// unset. TDMSource is where it comes from.
	TDMReservation *int   `json:"tdm_reservation"`
	TDMSource      Source `json:"tdm_source,omitempty"`
	// TDMPolicy is the effective tdm-policy; empty when the effective
	// tdm-reservation is 0, since agents should not process a policy then.
	TDMPolicy string `json:"tdm_policy,omitempty"`

	// TrainAI and Search are the Content-Usage preferences for train-ai
	// and search: "y", "n", or "" for no preference.
	TrainAI string `json:"train_ai,omitempty"`
	Search  string `json:"search,omitempty"`

	// ContentUsage is the Content-Usage header; nil when absent.
	ContentUsage *ContentUsage `json:"content_usage,omitempty"`
	// Robots are every robots directive, headers first, then meta tags in
	// document order.
	Robots []Directive `json:"robots"`
	// TDM are the TDMRep declarations: the headers', then the meta tags'.
	TDM []TDMDeclaration `json:"tdm"`
	// Links are the links to agent-policy files: the Link header's, then
	// the head's <link> elements in document order.
	Links []Link `json:"links"`
	// HTML is true when the body is an HTML document.
	HTML bool `json:"html"`
}

// Link is a link to an agent-policy file (llms.txt, agents.txt, AGENTS.md,
// tdmrep.json, ...): a <link> element of the head, or a link-value of the
// Link response header (RFC 8288), its equivalent.
type Link struct {
	// Source is SourceLink for a <link> element, SourceHeader for the
	// Link header.
	Source Source `json:"source"`
	Rel    string `json:"rel"`
	Href   string `json:"href"`
	Type   string `json:"type,omitempty"`
	// Location is the registry location whose path the link points to,
	// if any.
	Location registry.LocationID `json:"location,omitempty"`
	// Line is the line of the link element; 0 for the header.
	Line int `json:"line,omitempty"`
}

// Any reports whether the page carries any policy signal.
func (s *Signals) Any() bool {
	return len(s.Robots) > 0 || s.ContentUsage != nil || len(s.TDM) > 0 || len(s.Links) > 0
}

// Effective labels the page: "signals" when it carries any policy signal,
// "none" otherwise.
func (s *Signals) Effective() string {
	if s.Any() {
		return "signals"
	}
	return "none"
}

// PolicyHeaders are the response headers Parse reads. A crawl keeps them
// whole in fetches.headers (the transport's cap on the header block bounds
// them), where other kept headers are cut at 1 KiB, so that a long policy
// value is parsed as it was sent.
var PolicyHeaders = []string{"X-Robots-Tag", "Content-Usage", "Tdm-Reservation", "Tdm-Policy", "Link"}

// Parse extracts the signals of a home page from its response headers and
// body, served from an unknown host's "/". It never fails: problems are
// reported as diagnostics.
func Parse(header http.Header, body []byte) (*Signals, diag.List) {
	return ParseAt(nil, header, body)
}

// ParseAt is Parse for a home page served from page, the URL its response
// came from (after redirects), which the relative hrefs of its links resolve
// against, after its <base href>. A nil page is an unknown host's "/".
func ParseAt(page *url.URL, header http.Header, body []byte) (*Signals, diag.List) {
	var diags diagnostics
	s := &Signals{Robots: []Directive{}, TDM: []TDMDeclaration{}, Links: []Link{}}

	for _, v := range header.Values("X-Robots-Tag") {
		s.Robots = append(s.Robots, parseRobots(v, SourceHeader, "X-Robots-Tag", "", 0, &diags)...)
	}
	if lines := header.Values("Content-Usage"); len(lines) > 0 {
		s.ContentUsage = parseContentUsage(lines, &diags)
		s.TrainAI = s.ContentUsage.Preferences["train-ai"]
		s.Search = s.ContentUsage.Preferences["search"]
	}
	var hRes, hPol, mRes, mPol tdmValues
	for _, v := range header.Values("Tdm-Reservation") {
		hRes.add(v, 0)
	}
	for _, v := range header.Values("Tdm-Policy") {
		hPol.add(v, 0)
	}

	var locations []registry.Location
	if values := header.Values("Link"); len(values) > 0 {
		// A Link header's relative targets resolve against the page's
		// URL (RFC 8288 §3.1), never a <base href>.
		locations = registry.Locations()
		site := documentBase(page, "")
		for _, v := range values {
			for _, lv := range parseLinkHeader(v) {
				t := tag{rel: strings.ToLower(strings.TrimSpace(lv.rel)), href: strings.TrimSpace(lv.target), ctype: strings.TrimSpace(lv.ctype)}
				if l, ok := agentLink(t, site, locations); ok {
					l.Source = SourceHeader
					s.Links = append(s.Links, l)
				}
			}
		}
	}

	// The Content-Type is parsed once, for the charset and the media type.
	mediaType, charset := contentType(header.Get("Content-Type"))
	body = utf8Body(charset, body)
	switch {
	case len(bytes.TrimSpace(body)) == 0:
		diags.Add(codeEmptyBody, 0, "the body is empty; only the headers are read")
	case !looksHTML(mediaType, body):
		// A verdict on the whole body, at line 0 as the empty body's
		// and robots.not-text's: no line applies.
		if ct := header.Get("Content-Type"); ct != "" {
			diags.Add(codeNotHTML, 0, "the body is not HTML (Content-Type %q)", diag.Clip(ct))
		} else {
			diags.Add(codeNotHTML, 0, "the body is not HTML (no Content-Type says it is, and it does not start as an HTML page does)")
		}
	default:
		s.HTML = true
		tags, base, rest, restLine := headTags(body)
		for _, r := range bodyMetas(rest, restLine) {
			diags.Add(codeMetaInBody, r.line, "meta name=%q is in the body, not the head: survey reads the meta tags of the head only, so this tag is not read (a framework may stream a page's metadata into the body, for scripts to move it into the head)", diag.Clip(r.key))
		}
		site := documentBase(page, base)
		for _, t := range tags {
			if !t.meta {
				if locations == nil {
					locations = registry.Locations()
				}
				if l, ok := agentLink(t, site, locations); ok {
					s.Links = append(s.Links, l)
				}
				continue
			}
			if t.httpEquiv != "" {
				checkHTTPEquiv(t, &diags)
			}
			switch t.name {
			case "robots":
				s.Robots = append(s.Robots, parseRobots(t.content, SourceMeta, t.name, "", t.line, &diags)...)
			case "tdm-reservation":
				mRes.add(t.content, t.line)
			case "tdm-policy":
				mPol.add(t.content, t.line)
			case "", "description", "viewport", "keywords", "author", "generator", "theme-color":
			default:
				if known, _ := isKnownDirective(t.name); known {
					diags.Add(codeMisnamedMeta, t.line, "meta name=%q is a robots directive, not a robots meta tag: crawlers read %s in the content of <meta name=\"robots\"> (or of a crawler's meta tag), so this tag expresses nothing", t.name, t.name)
					continue
				}
				if t.name == "x-robots-tag" || t.name == "content-usage" {
					diags.Add(codeMisnamedMeta, t.line, "meta name=%q names a response header, not a robots meta tag: crawlers read the header from the HTTP response and robots directives from <meta name=\"robots\"> (or a crawler's meta tag), so this tag expresses nothing", t.name)
					continue
				}
				if isBotMetaName(t.name) {
					s.Robots = append(s.Robots, parseRobots(t.content, SourceMeta, t.name, t.name, t.line, &diags)...)
				}
			}
		}
	}

	hDecl := declaration(SourceHeader, hRes, hPol, &diags)
	mDecl := declaration(SourceMeta, mRes, mPol, &diags)
	tdmConflicts(hDecl, mDecl, &diags)
	s.applyTDM(hDecl, mDecl, &diags)

	robotsConflicts(s.Robots, &diags)
	s.applyRobots()
	return s, diags.Sorted()
}

// readByName reports whether a meta tag's name (lower-cased) makes it a tag
// survey reads: a robots meta tag (robots, or a crawler's name) or a TDMRep
// one.
func readByName(name string) bool {
	switch name {
	case "robots", "tdm-reservation", "tdm-policy":
		return true
	}
	return isBotMetaName(name)
}

// checkHTTPEquiv reports a meta tag whose http-equiv attempts a policy
// signal: it names a policy header (X-Robots-Tag, ...), which HTML defines
// no pragma for, or it is a robots meta tag written with http-equiv where
// name is meant (http-equiv="robots", http-equiv="googlebot"). Neither
// expresses anything; but a tag that also has a name survey reads (<meta
// http-equiv="X-Robots-Tag" name="robots" content="noodp">) is read by
// that name, and the message says so.
func checkHTTPEquiv(t tag, diags *diagnostics) {
	named := readByName(t.name)
	for _, h := range PolicyHeaders {
		// A Link pragma would be no policy, and HTML has <link> for it.
		if h == "Link" || !strings.EqualFold(t.httpEquiv, h) {
			continue
		}
		if named {
			diags.Add(codeHTTPEquivPolicy, t.line, "meta http-equiv=%q is not a response header: %s is read from the HTTP response, and HTML defines no such pragma; the tag is read by its name=%q alone", diag.Clip(t.httpEquiv), h, diag.Clip(t.name))
		} else {
			diags.Add(codeHTTPEquivPolicy, t.line, "meta http-equiv=%q is not a response header: %s is read from the HTTP response, and HTML defines no such pragma, so this tag expresses nothing", diag.Clip(t.httpEquiv), h)
		}
		return
	}
	// The TDMRep names are policy headers too, so readByName here means a
	// robots or crawler name.
	if !named && readByName(strings.ToLower(t.httpEquiv)) {
		diags.Add(codeMisnamedMeta, t.line, "meta http-equiv=%q is not a robots meta tag: crawlers read robots directives from <meta name=\"robots\"> (or a crawler's meta tag, <meta name=\"googlebot\">), and HTML defines no such pragma, so this tag expresses nothing", diag.Clip(t.httpEquiv))
	}
}

// applyRobots sets the booleans from the directives for every agent.
func (s *Signals) applyRobots() {
	for _, d := range s.Robots {
		if d.Agent != "" {
			if !slices.Contains(s.ScopedAgents, d.Agent) {
				s.ScopedAgents = append(s.ScopedAgents, d.Agent)
			}
			continue
		}
		switch d.Name {
		case "noai":
			s.NoAI = true
		case "noimageai":
			s.NoImageAI = true
		case "noindex":
			s.NoIndex = true
		case "nofollow":
			s.NoFollow = true
		case "none":
			s.NoIndex, s.NoFollow = true, true
		case "noarchive", "nocache":
			s.NoArchive = true
		case "nosnippet":
			s.NoSnippet = true
		case "noimageindex":
			s.NoImageIndex = true
		case "max-snippet":
			n, err := strconv.Atoi(d.Value)
			if err != nil || n < -1 {
				continue
			}
			if s.MaxSnippet == nil || *s.MaxSnippet == -1 || n != -1 && n < *s.MaxSnippet {
				s.MaxSnippet = &n
			}
		}
	}
	slices.Sort(s.ScopedAgents)
}

// looksHTML reports whether a body served as mediaType (the Content-Type's
// media type, "" when it has none) is HTML: it is served as
// text/html or application/xhtml+xml (with a supplied HTML type, WHATWG MIME Sniffing
// §7.1 does not sniff the content: the body is an HTML document even when
// it opens with text, which the tree builder then puts in the body), after
// any BOM and white space it starts with "<", or content sniffing says
// text/html.
func looksHTML(mediaType string, body []byte) bool {
	if mediaType == "text/html" || mediaType == "application/xhtml+xml" {
		return true
	}
	b := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	b = bytes.TrimLeft(b, " \t\r\n\f")
	if len(b) > 0 && b[0] == '<' {
		return true
	}
	return strings.HasPrefix(http.DetectContentType(body), "text/html")
}

// linkBase is what a home page's link hrefs resolve against.
type linkBase struct {
	// url is the document's base URL (WHATWG HTML §2.4.1): its <base
	// href> resolved against the page's URL, else the page's URL; a path
	// alone when the page's host is unknown.
	url *url.URL
	// host is the page's host; "" when unknown.
	host string
}

// documentBase returns the base of a page served from page (nil: "/" of an
// unknown host) whose head has base as its first <base href> ("" for none).
func documentBase(page *url.URL, base string) linkBase {
	b := linkBase{url: &url.URL{Path: "/"}}
	if page != nil {
		b.url, b.host = page, page.Host
	}
	if base != "" {
		if u, err := url.Parse(base); err == nil {
			b.url = b.url.ResolveReference(u)
		}
	}
	return b
}

// agentLink returns the link as an agent-policy link when its href points
// to a registry location of the page's site (or to an llms.txt or
// llms-full.txt anywhere), or its rel names llms.txt. A relative href
// ("llms.txt", "./agents.txt") is resolved against the document's base URL
// as a browser resolves it (RFC 3986 §5.2): the page's URL, or its <base
// href>. An href to another host points to no location of the site.
func agentLink(t tag, base linkBase, locations []registry.Location) (Link, bool) {
	l := Link{Source: SourceLink, Rel: t.rel, Href: t.href, Type: t.ctype, Line: t.line}
	path, onSite := "", false
	if u, err := url.Parse(t.href); err == nil {
		abs := base.url.ResolveReference(u)
		path = strings.ToLower(abs.Path)
		onSite = abs.Host == "" || base.host == "" || strings.EqualFold(abs.Host, base.host)
	}
	for _, loc := range locations {
		if loc.Canary || loc.Path == "/" {
			continue
		}
		if onSite && path == strings.ToLower(loc.Path) {
			l.Location = loc.ID
			return l, true
		}
	}
	if strings.HasSuffix(path, "/llms.txt") || strings.HasSuffix(path, "/llms-full.txt") {
		return l, true
	}
	for _, rel := range strings.Fields(t.rel) {
		if strings.HasPrefix(rel, "llms") {
			return l, true
		}
	}
	return Link{}, false
}
