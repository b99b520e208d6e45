package crawl

import (
	"net/http"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// Hop is one redirect response that was followed.
type Hop struct {
	URL      string // URL requested
	Status   int    // its redirect status
	Location string // its Location header, as sent
}

// ErrorKind says why a fetch got no complete response. The values are the
// reasons of docs/outcomes.md.
type ErrorKind string

// The error kinds.
const (
	ErrNone             ErrorKind = ""
	ErrDNS              ErrorKind = "dns"           // the lookup failed: no answer in time, SERVFAIL, refused
	ErrNameNotFound     ErrorKind = "dns_not_found" // the name does not exist (NXDOMAIN) or has no address
	ErrConnect          ErrorKind = "connect"
	ErrTLS              ErrorKind = "tls"
	ErrReset            ErrorKind = "reset"
	ErrGuard            ErrorKind = "address_guard"
	ErrProtocol         ErrorKind = "protocol"
	ErrHeaderCap        ErrorKind = "header_cap" // the response's header block was over MaxHeaderBytes; not read
	ErrNetwork          ErrorKind = "network"
	ErrTimeout          ErrorKind = "request_timeout"
	ErrDomainDeadline   ErrorKind = "domain_deadline"
	ErrHostUnresponsive ErrorKind = "host_unresponsive"
	ErrInterrupted      ErrorKind = "interrupted"
	ErrRateLimited      ErrorKind = "rate_limited"
	ErrRobotsDisallowed ErrorKind = "robots_disallowed" // not requested: the domain's robots.txt disallows it (Config.Robots)
	ErrLoop             ErrorKind = "loop"
	ErrTooManyRedirects ErrorKind = "too_many"
	ErrBadLocation      ErrorKind = "bad_location"
)

// IsTimeout reports whether the kind is one of the timeout kinds.
func (k ErrorKind) IsTimeout() bool {
	switch k {
	case ErrTimeout, ErrDomainDeadline, ErrHostUnresponsive, ErrInterrupted:
		return true
	}
	return false
}

// IsRedirect reports whether the kind is a redirect-chain failure.
func (k ErrorKind) IsRedirect() bool {
	return k == ErrLoop || k == ErrTooManyRedirects || k == ErrBadLocation
}

// Fetch is what one location of one domain returned.
type Fetch struct {
	Location registry.LocationID
	URL      string // URL requested first
	FinalURL string // URL of the last response (or of the last attempt)
	Hops     []Hop  // redirects followed, in order
	Scheme   string // scheme of FinalURL

	Status     int         // status of the final response; 0 when none
	Header     http.Header // headers of the final response
	Body       []byte      // body as received, decompressed, at most the cap
	Truncated  bool        // the body exceeded the cap and was cut
	Encoding   string      // Content-Encoding left undecoded (unsupported), if any
	RemoteAddr string      // address the final response came from

	Offsite    bool // a redirect left the registrable domain
	Downgraded bool // a redirect went from HTTPS to HTTP

	ErrKind ErrorKind // why there is no complete response; ErrNone if there is
	Err     string    // the error's text
	Skipped bool      // not requested: the domain was unreachable or out of time

	// Retried is the first answer when the location was asked twice: a
	// 429 or 503 whose Retry-After the crawler waited out. The other
	// fields are the second answer's. Nil when it was asked once.
	Retried *Retried

	StartedAt time.Time
	DNS       time.Duration
	Connect   time.Duration
	TLS       time.Duration
	TTFB      time.Duration
	Total     time.Duration
	// Wait is the part of Total spent waiting for a turn at the crawler's
	// own politeness gates (one request at a time per host, a few per IP,
	// a host's Retry-After), not on the site.
	Wait time.Duration
}

// Retried is the answer that made the crawler ask a location again.
type Retried struct {
	Status     int    // 429 or 503
	RetryAfter string // its Retry-After header, as sent
}

// DomainResult is every fetch of one domain.
type DomainResult struct {
	Seed         seeds.Seed
	Domain       string // host[:port] crawled
	Registrable  string // registrable domain of the host
	Fetches      []*Fetch
	Scheme       string // https, or http after the fallback
	HTTPFallback bool   // HTTPS could not connect; HTTP was used
	HTTPSError   string // why HTTPS could not connect
	StartedAt    time.Time
	Duration     time.Duration
}

// Fetch returns the fetch of location id, or nil.
func (d *DomainResult) Fetch(id registry.LocationID) *Fetch {
	for _, f := range d.Fetches {
		if f.Location == id {
			return f
		}
	}
	return nil
}
