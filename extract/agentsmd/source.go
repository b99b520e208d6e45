package agentsmd

import (
	"mime"
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// MaxFileSize is the size limit of §11.3, "1 MB", read as 1,000,000 bytes.
const MaxFileSize = 1_000_000

// Location is one of the two locations of §3.1.
type Location string

// The locations, in order of precedence (§3.1).
const (
	LocationRoot      Location = "root"       // /AGENTS.md
	LocationWellKnown Location = "well-known" // /.well-known/agents.md
)

// Source is what the parser may know about the bytes besides the bytes
// themselves. The zero Source describes a local file of unknown origin: no
// fetch diagnostics are reported for it.
type Source struct {
	// Location is where the file was fetched from; empty for a local file.
	Location Location
	// Host is the host the file speaks for (with port when not the
	// default); the Identity site is compared with it.
	Host string
	// Scheme is the scheme of the final URL, "https" or "http".
	Scheme string
	// ContentType is the Content-Type response header.
	ContentType string
	// RedirectHops is the number of redirects followed.
	RedirectHops int
	// Downgraded is true when a redirect went from HTTPS to HTTP.
	Downgraded bool
	// Truncated is true when the body was cut at the crawl's size cap.
	Truncated bool
	// Root is, when parsing the well-known file, what the root location of
	// the same host held; nil when unknown.
	Root *Candidate
}

// secure reports whether the file was fetched the way §11.1 and §11.2
// require: not over plain HTTP, not through a downgrade.
func (s Source) secure() bool {
	return !s.Downgraded && !strings.EqualFold(s.Scheme, "http")
}

// Candidate is what the discovery algorithm (§3.2) needs to know about one
// location's fetch.
type Candidate struct {
	// Found is true when the location held a file.
	Found bool `json:"found"`
	// Policy is true when the file is an AGENTS.md policy: it has an
	// Identity section and is not another format.
	Policy bool `json:"policy"`
	// Usable is true when a conforming agent may use the policy: it was
	// fetched over HTTPS without a downgrade (§11.1, §11.2), whole, and is
	// within the size limit of §11.3.
	Usable bool `json:"usable"`
}

// Assess parses a fetched file and says what discovery makes of it.
func Assess(body []byte, src Source) Candidate {
	src.Root = nil
	res, diags := Parse(body, src)
	return candidate(res, diags, len(body), src)
}

// candidate summarises a parse for discovery.
func candidate(res *Result, diags diag.List, size int, src Source) Candidate {
	c := Candidate{Found: true, Policy: res.OtherFormat == "" && !diags.HasErrors()}
	c.Usable = c.Policy && src.secure() && !src.Truncated && size <= MaxFileSize
	return c
}

// EffectiveLocation picks the effective AGENTS.md of a host from its two
// locations (§3.1, §3.2): the root file when it is a usable policy, else the
// well-known file when it is one, else none (""), in which case agents apply
// the permissive defaults of §3.2 step 3.
//
// A root file that is not a usable policy (absent, another format such as
// coding-agent instructions, without Identity, or fetched over HTTP, which
// §11.1 and §11.2 make a failed fetch) does not hide the well-known file.
func EffectiveLocation(root, wellKnown Candidate) Location {
	switch {
	case root.Found && root.Usable:
		return LocationRoot
	case wellKnown.Found && wellKnown.Usable:
		return LocationWellKnown
	}
	return ""
}

// checkFetch reports the fetch diagnostics of §3 and §11.
func (p *parser) checkFetch(size int) {
	s := p.src
	switch {
	case s.Downgraded:
		p.add(codeDowngraded, 0, "the file was reached through a redirect from HTTPS to HTTP; a conforming agent treats the fetch as failed (§11.2)")
	case strings.EqualFold(s.Scheme, "http"):
		p.add(codeInsecureTransport, 0, "the file was served over plain HTTP; a conforming agent must not use it (§11.1)")
	}
	if s.RedirectHops > 1 {
		p.add(codeRedirectChain, 0, "%d redirects were followed; the discovery algorithm (§3.2) follows one", s.RedirectHops)
	}
	if s.ContentType != "" {
		p.checkContentType(s.ContentType)
	}
	if size > MaxFileSize || (s.Truncated && size >= MaxFileSize) {
		p.add(codeTooLarge, 0, "the file is larger than 1 MB (%d bytes read); agents should reject it (§11.3)", size)
	}
}

// checkContentType checks the Content-Type of §3.3.
func (p *parser) checkContentType(ct string) {
	media, params, err := mime.ParseMediaType(ct)
	if err != nil {
		p.add(codeContentType, 0, "the Content-Type %q does not parse (%v); expected text/markdown or text/plain (§3.3)", ct, err)
		return
	}
	if media != "text/markdown" && media != "text/plain" {
		p.add(codeContentType, 0, "the Content-Type is %s; expected text/markdown or text/plain (§3.3)", media)
	}
	charset, ok := params["charset"]
	switch {
	case !ok:
		p.add(codeMissingCharset, 0, "the Content-Type has no charset; §3.3 shows charset=utf-8")
	case !strings.EqualFold(charset, "utf-8") && !strings.EqualFold(charset, "utf8"):
		p.add(codeCharset, 0, "the Content-Type names charset %q; AGENTS.md files are UTF-8 (§3.3, §4.1)", charset)
	}
}
