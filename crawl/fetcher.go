package crawl

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gocolly/colly/v2"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// fetcher is one worker's colly collector. colly drives each request (URL
// parsing, headers, the User-Agent) over the worker's recorder, with the
// fetcher's redirect policy and request budget; it is configured for this
// job: error bodies are kept (ParseHTTPErrorResponse), URLs may be
// revisited (so colly keeps no visited set, which would grow without
// bound), cookies are off, robots.txt is not consulted (it is what we
// fetch), and the body cap is flagged by the recorder rather than applied
// silently.
type fetcher struct {
	c        *colly.Collector
	rec      *recorder
	maxHops  int
	domain   string // registrable domain of the domain being crawled
	site     string // its site (seeds.Site): a redirect elsewhere is off-site
	parent   context.Context
	timeout  time.Duration // for one fetch, redirects and body included (Config.Timeout, never 0)
	deadline *budget       // the current domain's deadline
	response bool          // colly delivered a response for the current fetch
}

func newFetcher(cfg Config, base http.RoundTripper, g *gates, res *resolver, gd guard, bufs *sync.Pool) *fetcher {
	f := &fetcher{timeout: cfg.Timeout, rec: &recorder{base: base, gates: g, res: res, guard: gd, maxBody: cfg.MaxBody, bufs: bufs}}
	c := colly.NewCollector(
		colly.UserAgent(cfg.UserAgent),
		colly.AllowURLRevisit(),
		colly.ParseHTTPErrorResponse(),
		colly.IgnoreRobotsTxt(),
		colly.MaxBodySize(int(cfg.MaxBody)),
	)
	// colly's client is replaced by one that has no cookie jar, the
	// recorder as its transport, and no Timeout: the request timeout is a
	// budget set per fetch (see fetch), paused while a request waits at the
	// gates; http.Client.Timeout would count that wait, and cost a timer
	// goroutine per request. The redirect policy is checkRedirect itself:
	// colly's SetRedirectHandler would wrap it in a check that parses both
	// URLs of every hop again for colly's visited set and URL filters,
	// neither of which is used here.
	c.SetClient(&http.Client{Transport: f.rec, CheckRedirect: f.checkRedirect})
	c.OnResponse(func(*colly.Response) { f.response = true })
	f.c = c
	return f
}

// checkRedirect is the redirect policy: it records every hop, refuses loops
// and chains longer than the limit, and flags downgrades and off-site hops.
func (f *fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	cur := f.rec.cur
	prev := via[len(via)-1]
	hop := Hop{URL: prev.URL.String()}
	if req.Response != nil {
		hop.Status = req.Response.StatusCode
		hop.Location = req.Response.Header.Get("Location")
	}
	cur.Hops = append(cur.Hops, hop)
	cur.FinalURL = req.URL.String()
	if prev.URL.Scheme == "https" && req.URL.Scheme == "http" {
		cur.Downgraded = true
	}
	if seeds.Site(req.URL.Hostname()) != f.site {
		cur.Offsite = true
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		// ftp:, data:, javascript:, file: and the like: nothing the
		// crawler fetches, and never handed to the transport.
		return errRedirectScheme
	}
	next := req.URL.String()
	for _, v := range via {
		if v.URL.String() == next {
			return errRedirectLoop
		}
	}
	if len(via) > f.maxHops {
		return errTooManyRedirect
	}
	return nil
}

// fetch requests one URL for location loc within ctx (the domain's context).
func (f *fetcher) fetch(ctx context.Context, rawURL string, loc registry.LocationID) *Fetch {
	out := &Fetch{Location: loc, URL: rawURL, FinalURL: rawURL, StartedAt: time.Now().UTC()}
	if u, err := url.Parse(rawURL); err == nil {
		out.Scheme = u.Scheme
	}
	tm := &timing{}
	f.rec.cur, f.rec.tm = out, tm
	f.response = false
	// The timeout runs while the request is in progress, not while it
	// waits for its turn at the gates (see budget).
	reqCtx, cancel := context.WithCancelCause(ctx)
	timeout := startBudget(f.timeout, func() { cancel(errRequestTimeout) })
	f.rec.clocks = clocks{f.deadline, timeout}
	f.c.Context = reqCtx
	err := f.c.Visit(rawURL)
	timeout.stop()
	cancel(nil)
	f.rec.clocks = clocks{}
	if err == nil && !f.response {
		err = errors.New("no response delivered")
	}
	out.Total = time.Since(out.StartedAt)
	ph := tm.finish()
	out.DNS, out.Connect, out.TLS, out.TTFB = ph.dns, ph.connect, ph.tls, ph.ttfb
	if err != nil {
		out.ErrKind = kindOf(err, ph, ctx, f.parent)
		out.Err = errorText(err)
		// A host backing off (Retry-After) or left alone for timing out
		// is not sent the request: when that is the first, nothing was
		// requested.
		out.Skipped = (out.ErrKind == ErrRateLimited || out.ErrKind == ErrHostUnresponsive) && len(out.Hops) == 0
		// No complete response: a partial body is not the file. The status
		// and headers of the last response received stay, as information.
		out.Body, out.Truncated = nil, false
	}
	// A 3xx without a Location could not be followed; but a 304 Not
	// Modified is no redirect (RFC 9110 §15.4.5), only an odd answer.
	if out.Status >= 300 && out.Status < 400 && out.Status != http.StatusNotModified && out.ErrKind == ErrNone && out.Header.Get("Location") == "" {
		out.ErrKind = ErrBadLocation
		out.Err = "redirect status without a Location header"
	}
	f.rec.cur, f.rec.tm = nil, nil
	return out
}

func urlHost(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	return u.Hostname(), nil
}
