package crawl

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// crawlDomain fetches every location of one seed, one after the other.
// It returns nil when the crawl was stopped (parent cancelled) before the
// domain finished: an unfinished domain is not a result.
func (c *Crawler) crawlDomain(parent context.Context, f *fetcher, seed seeds.Seed) *DomainResult {
	// The deadline runs while the domain's requests are in progress, not
	// while they wait for their turn at the gates (see budget).
	ctx, cancel := context.WithCancelCause(parent)
	deadline := startBudget(c.cfg.DomainDeadline, func() { cancel(errDomainDeadline) })
	defer func() {
		deadline.stop()
		cancel(nil)
		f.deadline, f.rec.last = nil, false
		// The domain's connection is closed: do not keep it (a TLS
		// connection holds its buffers) until the next domain's.
		f.rec.conn, f.rec.remote = nil, ""
		f.rec.endDomain()
	}()
	f.parent = parent
	f.deadline = deadline
	f.domain, f.site = seeds.Registrable(seed.Host), seeds.Site(seed.Host)

	res := &DomainResult{
		Seed:        seed,
		Domain:      seed.Authority(),
		Registrable: f.domain,
		Scheme:      seed.Scheme,
		StartedAt:   time.Now().UTC(),
	}
	if res.Scheme == "" {
		res.Scheme = "https"
	}
	var (
		unreachable *Fetch                           // the first request found the host unreachable
		limited     string                           // why the host is left alone (rate limited), or ""
		timeouts    int                              // consecutive timeouts
		robotsAllow func(path string) (bool, string) // with Config.Robots, once robots.txt is fetched
	)
	for i, loc := range c.cfg.Locations {
		path := loc.Path
		if loc.Canary {
			path = c.canary
		}
		switch {
		case parent.Err() != nil:
			return nil
		case unreachable != nil:
			res.Fetches = append(res.Fetches, skipped(loc.ID, res.Scheme, res.Domain, path, unreachable.ErrKind,
				"not requested: the first request found the host unreachable: "+unreachable.Err))
			continue
		case limited != "":
			res.Fetches = append(res.Fetches, skipped(loc.ID, res.Scheme, res.Domain, path, ErrRateLimited, limited))
			continue
		case ctx.Err() != nil:
			res.Fetches = append(res.Fetches, skipped(loc.ID, res.Scheme, res.Domain, path, ErrDomainDeadline,
				"not requested: the domain's deadline passed"))
			continue
		case timeouts >= c.cfg.MaxTimeouts:
			res.Fetches = append(res.Fetches, skipped(loc.ID, res.Scheme, res.Domain, path, ErrHostUnresponsive,
				"not requested: the host timed out on the previous requests"))
			continue
		}
		if robotsAllow != nil {
			if ok, why := robotsAllow(path); !ok {
				res.Fetches = append(res.Fetches, skipped(loc.ID, res.Scheme, res.Domain, path, ErrRobotsDisallowed,
					"not requested: "+why))
				continue
			}
		}

		f.rec.last = i == len(c.cfg.Locations)-1
		fe := c.fetchWithRetry(ctx, f, res.Scheme+"://"+res.Domain+path, loc)
		if i == 0 && seed.Scheme == "" && res.Scheme == "https" && len(fe.Hops) == 0 &&
			(fe.ErrKind == ErrConnect || fe.ErrKind == ErrTLS) {
			res.HTTPFallback = true
			res.HTTPSError = fe.Err
			res.Scheme = "http"
			fe = c.fetchWithRetry(ctx, f, "http://"+res.Domain+path, loc)
		}
		if parent.Err() != nil {
			return nil
		}
		res.Fetches = append(res.Fetches, fe)
		if loc.ID == registry.LocRobots && c.cfg.Robots != nil {
			robotsAllow = c.cfg.Robots(fe)
		}
		if fe.ErrKind.IsTimeout() {
			timeouts++
		} else {
			timeouts = 0
		}
		if len(fe.Hops) == 0 {
			limited = rateLimited(fe)
		}
		if i == 0 && len(fe.Hops) == 0 {
			switch fe.ErrKind {
			case ErrDNS, ErrNameNotFound, ErrConnect, ErrTLS, ErrGuard:
				unreachable = fe
			}
		}
	}
	res.Duration = time.Since(res.StartedAt)
	return res
}

// fetchWithRetry fetches once, and once more when the host answered 429 or
// 503 with a Retry-After short enough to wait for (the gates make the
// second request wait).
func (c *Crawler) fetchWithRetry(ctx context.Context, f *fetcher, u string, loc registry.Location) *Fetch {
	fe := f.fetch(ctx, u, loc.ID)
	if fe.ErrKind != ErrNone || (fe.Status != http.StatusTooManyRequests && fe.Status != http.StatusServiceUnavailable) {
		return fe
	}
	d, ok := retryAfter(fe.Header.Get("Retry-After"))
	if !ok || d > c.cfg.MaxRetryAfter {
		return fe
	}
	// The wait is spent at the gates, where the domain's deadline is
	// paused: what the retry needs of the deadline is time on the site.
	if f.deadline.remaining() < time.Second {
		return fe
	}
	again := f.fetch(ctx, u, loc.ID)
	again.Retried = &Retried{Status: fe.Status, RetryAfter: fe.Header.Get("Retry-After")}
	again.StartedAt = fe.StartedAt
	again.Total += fe.Total
	again.Wait += fe.Wait
	return again
}

// rateLimited returns why the host of a fetch without redirects is to be
// left alone, or "": it still answered 429 after any retry the crawler was
// willing to wait for, or 503 with a Retry-After (too long to wait for, or
// still 503 after waiting), or it was not requested because the host is
// backing off from another domain's request (its Retry-After was longer
// than the crawler waits).
func rateLimited(fe *Fetch) string {
	switch {
	case fe.ErrKind == ErrRateLimited:
		return fe.Err // the gates' reason, "not requested: ..."
	case fe.ErrKind != ErrNone:
		return ""
	}
	ra := fe.Header.Get("Retry-After")
	switch _, ok := retryAfter(ra); {
	case fe.Status == http.StatusTooManyRequests:
	case fe.Status == http.StatusServiceUnavailable && ok:
	default:
		return ""
	}
	why := "not requested: the host answered " + strconv.Itoa(fe.Status) + " " + http.StatusText(fe.Status)
	if ra != "" {
		why += " (Retry-After: " + ra + ")"
	}
	return why
}

// skipped is the Fetch of a location that was not requested.
func skipped(loc registry.LocationID, scheme, domain, path string, kind ErrorKind, why string) *Fetch {
	u := scheme + "://" + domain + path
	return &Fetch{
		Location: loc, URL: u, FinalURL: u, Scheme: strings.ToLower(scheme),
		ErrKind: kind, Err: why, Skipped: true, StartedAt: time.Now().UTC(),
	}
}
