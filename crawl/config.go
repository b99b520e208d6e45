// Package crawl fetches every registry location of every domain: politely
// (one request at a time per host, a few per IP address, an honest
// User-Agent), within limits (timeouts, a per-domain deadline, a body cap
// applied after decompression), and safely (an address guard that refuses
// private, loopback and link-local addresses wherever the address came
// from). Requests are driven by colly with survey's own transport, which
// captures the raw bytes, the redirect chain and the timings of each fetch.
//
// The crawler does not interpret what it fetched: package classify does.
package crawl

import (
	"crypto/x509"
	"errors"
	"fmt"
	"time"

	"github.com/agentpolicy/survey"
	"github.com/agentpolicy/survey/registry"
)

// DefaultUserAgent is the User-Agent sent unless Config.UserAgent is set.
// It names the tool, its version and a page for site owners.
const DefaultUserAgent = "survey/" + survey.Version + " (+" + survey.ProjectURL + "; research crawler of agent-policy files)"

// Defaults for Config's zero fields.
const (
	DefaultConcurrency    = 256
	DefaultTimeout        = 10 * time.Second
	DefaultDomainDeadline = 60 * time.Second
	DefaultMaxBody        = 1 << 20
	DefaultPerIPLimit     = 8
	DefaultMaxTimeouts    = 2
	DefaultMaxRetryAfter  = 10 * time.Second
	DefaultDNSCacheSize   = 65536
)

// MaxBodyLimit is the largest body cap (Config.MaxBody) a crawl accepts.
const MaxBodyLimit = 1 << 30

// DefaultMemoryLimit and GCPercent are the garbage collector settings a
// crawling process runs with (survey crawl's --memory-limit default, and
// GOGC below it): the collector runs rarely until the heap nears the
// limit, so memory depends on the limit and the concurrency, not on the
// number of domains, and collecting costs little CPU.
const (
	DefaultMemoryLimit = 384 << 20
	GCPercent          = 400
)

// Config configures a Crawler. The zero Config crawls every location with
// the defaults above.
type Config struct {
	// Concurrency is the number of domains crawled at once.
	Concurrency int
	// Timeout bounds one request, redirects and body included, not
	// counting its wait for a turn at the host or IP (see budget).
	Timeout time.Duration
	// DomainDeadline bounds all the requests of one domain, not counting
	// their waits for a turn.
	DomainDeadline time.Duration
	// MaxBody is the body cap in bytes, applied after decompression.
	MaxBody int64
	// UserAgent is sent with every request.
	UserAgent string
	// AllowPrivate lets the crawler connect to loopback, private,
	// link-local and other non-public addresses.
	AllowPrivate bool
	// ConnectTo, "host:port", routes the connection of every host name to
	// one address (the simulated web); that address is allowed past the
	// guard. IP literals are not routed.
	ConnectTo string
	// RootCAs are the certificate authorities trusted; nil means the
	// system's.
	RootCAs *x509.CertPool
	// Resolver, "host:port", is a DNS server used instead of the system's.
	// With ConnectTo and no Resolver, host names are not resolved at all.
	Resolver string
	// Locations are fetched for every domain in this order; nil means every
	// registry location.
	Locations []registry.Location
	// CanaryPath is the canary location's path; empty means a random one.
	CanaryPath string
	// PerIPLimit is the number of requests in flight to one IP address.
	PerIPLimit int
	// MaxTimeouts is the number of consecutive timeouts after which a
	// domain's remaining locations are not requested; and the number of
	// requests to one host timing out in a row, from any domains, after
	// which the host is not requested for 10 minutes (host_unresponsive),
	// so that domains redirecting to one stalled host do not each pay
	// their timeouts on it in turn.
	MaxTimeouts int
	// MaxRetryAfter is the longest Retry-After (on 429 and 503) the crawler
	// waits for before retrying once; every later request to the host, from
	// any domain, waits it out too. A longer one is not waited for: the
	// host is left alone, its requests from every domain failing unsent
	// (rate_limited) until it passes (an hour at most). Zero means
	// DefaultMaxRetryAfter; a negative value, never wait.
	MaxRetryAfter time.Duration
	// DNSCacheSize is the number of host names whose answers are kept.
	DNSCacheSize int
	// Robots, when set, makes the crawler obey each domain's robots.txt
	// (survey crawl --respect-robots): it is given the robots.txt fetch,
	// and a location it disallows is not requested. The robots.txt
	// location itself is always requested, first. Nil requests every
	// location.
	Robots RobotsRules
}

// RobotsRules turns a domain's robots.txt fetch into the rule for its
// other locations: allow reports whether the crawler may request path and,
// when it may not, why.
type RobotsRules func(robots *Fetch) (allow func(path string) (ok bool, why string))

// withDefaults returns the config with zero fields set to defaults.
func (c Config) withDefaults() Config {
	if c.Concurrency <= 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.DomainDeadline <= 0 {
		c.DomainDeadline = DefaultDomainDeadline
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.UserAgent == "" {
		c.UserAgent = DefaultUserAgent
	}
	if c.Locations == nil {
		c.Locations = registry.Locations()
	}
	if c.PerIPLimit <= 0 {
		c.PerIPLimit = DefaultPerIPLimit
	}
	if c.MaxTimeouts <= 0 {
		c.MaxTimeouts = DefaultMaxTimeouts
	}
	if c.MaxRetryAfter < 0 {
		c.MaxRetryAfter = 0
	} else if c.MaxRetryAfter == 0 {
		c.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if c.DNSCacheSize <= 0 {
		c.DNSCacheSize = DefaultDNSCacheSize
	}
	return c
}

func (c Config) validate() error {
	if len(c.Locations) == 0 {
		return errors.New("crawl: no locations to fetch")
	}
	if c.MaxBody > MaxBodyLimit {
		return fmt.Errorf("crawl: body cap %d is above 1 GiB", c.MaxBody)
	}
	return nil
}
