package crawl

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// Crawler fetches domains. Create one with New; it may run one crawl at a
// time (Run) and fetch single URLs (FetchURL) concurrently with it.
type Crawler struct {
	cfg      Config
	canary   string
	base     *http.Transport
	gates    *gates
	res      *resolver
	guard    guard
	fetchers chan *fetcher // idle fetchers, reused across runs
	bufs     sync.Pool     // *bytes.Buffer to read bodies into
}

// New returns a Crawler for cfg.
func New(cfg Config) (*Crawler, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	g := guard{allowPrivate: cfg.AllowPrivate}
	var res *resolver
	if cfg.ConnectTo != "" {
		ap, err := netip.ParseAddrPort(cfg.ConnectTo)
		if err != nil {
			host, port, err2 := net.SplitHostPort(cfg.ConnectTo)
			if err2 != nil {
				return nil, fmt.Errorf("crawl: --connect-to %q: want host:port", cfg.ConnectTo)
			}
			ips, err2 := net.DefaultResolver.LookupNetIP(context.Background(), "ip", host)
			if err2 != nil || len(ips) == 0 {
				return nil, fmt.Errorf("crawl: --connect-to %q: %v", cfg.ConnectTo, err)
			}
			ap, err = netip.ParseAddrPort(net.JoinHostPort(ips[0].String(), port))
			if err != nil {
				return nil, fmt.Errorf("crawl: --connect-to %q: %w", cfg.ConnectTo, err)
			}
		}
		g.allowed = ap
		cfg.ConnectTo = ap.String()
	}
	if cfg.ConnectTo == "" || cfg.Resolver != "" {
		res = newResolver(cfg.Resolver, cfg.DNSCacheSize)
	}
	d := &dialer{nd: net.Dialer{Timeout: cfg.Timeout, KeepAlive: 30 * time.Second}, res: res, guard: g, connectTo: cfg.ConnectTo}
	canary := cfg.CanaryPath
	if canary == "" {
		b := make([]byte, 8)
		rand.Read(b)
		canary = registry.CanaryPath(hex.EncodeToString(b))
	}
	return &Crawler{
		bufs:     sync.Pool{New: func() any { return new(bytes.Buffer) }},
		cfg:      cfg,
		canary:   canary,
		base:     newBaseTransport(cfg, d),
		gates:    newGates(cfg.PerIPLimit, cfg.MaxRetryAfter, cfg.MaxTimeouts),
		res:      res,
		guard:    g,
		fetchers: make(chan *fetcher, cfg.Concurrency),
	}, nil
}

// Config returns the crawler's configuration with defaults applied.
func (c *Crawler) Config() Config { return c.cfg }

// CanaryPath returns the path requested at the canary location.
func (c *Crawler) CanaryPath() string { return c.canary }

// Run crawls every seed received from in with Config.Concurrency workers and
// passes each domain's result to emit, from the worker that crawled it. It
// returns when in is closed and every domain is done, when emit returns an
// error, or when ctx is cancelled; domains in flight at cancellation are
// abandoned, not emitted.
func (c *Crawler) Run(ctx context.Context, in <-chan seeds.Seed, emit func(*DomainResult) error) error {
	g, gctx := errgroup.WithContext(ctx)
	for range c.cfg.Concurrency {
		g.Go(func() error {
			f := c.getFetcher()
			defer c.putFetcher(f)
			for {
				var seed seeds.Seed
				var ok bool
				select {
				case <-gctx.Done():
					return nil
				case seed, ok = <-in:
					if !ok {
						return nil
					}
				}
				res := c.crawlDomain(gctx, f, seed)
				if res == nil {
					return nil
				}
				if err := emit(res); err != nil {
					return err
				}
			}
		})
	}
	err := g.Wait()
	c.base.CloseIdleConnections()
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// FetchURL fetches one URL with the crawler's transport, guard and limits.
// loc is recorded in the result; the redirect limit is the registry's.
func (c *Crawler) FetchURL(ctx context.Context, rawURL string, loc registry.LocationID) *Fetch {
	f := c.getFetcher()
	defer c.putFetcher(f)
	f.parent = ctx
	f.domain, f.site = "", ""
	if u, err := urlHost(rawURL); err == nil {
		f.domain, f.site = seeds.Registrable(u), seeds.Site(u)
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.DomainDeadline)
	defer cancel()
	return f.fetch(ctx, rawURL, loc)
}

func (c *Crawler) getFetcher() *fetcher {
	select {
	case f := <-c.fetchers:
		return f
	default:
		f := newFetcher(c.cfg, c.base, c.gates, c.res, c.guard, &c.bufs)
		f.maxHops = registry.MaxRedirects
		return f
	}
}

func (c *Crawler) putFetcher(f *fetcher) {
	select {
	case c.fetchers <- f:
	default:
	}
}
