package crawl

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/agentpolicy/survey/internal/lru"
)

// resolver caches DNS answers (and failures) for the crawl in a bounded LRU,
// and merges concurrent lookups of one name.
type resolver struct {
	r      *net.Resolver
	server string // the DNS server asked, "host:port"; "" for the system's
	group  singleflight.Group

	mu    sync.Mutex
	cache *lru.Cache[string, dnsAnswer]
}

type dnsAnswer struct {
	addrs []netip.Addr
	err   error
}

// newResolver returns a resolver using the DNS server at server ("host:port"),
// or the system's when server is empty.
func newResolver(server string, size int) *resolver {
	r := &net.Resolver{}
	if server != "" {
		var d net.Dialer
		r = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, server)
		}}
	}
	return &resolver{r: r, server: server, cache: lru.New[string, dnsAnswer](size)}
}

// lookup returns the addresses of host. Answers and failures are cached.
// Concurrent lookups of one name share one query, which belongs to none of
// its callers: it runs to its own end (at most dnsAttempts ×
// dnsAttemptTimeout), while a caller whose ctx ends stops waiting for it.
func (r *resolver) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	a, ok := r.cache.Get(host)
	r.mu.Unlock()
	if ok {
		return a.addrs, a.err
	}
	ch := r.group.DoChan(host, func() (any, error) {
		addrs, err := r.query(host)
		if err == nil && len(addrs) == 0 {
			err = &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
		}
		r.mu.Lock()
		r.cache.Add(host, dnsAnswer{addrs, err})
		r.mu.Unlock()
		return addrs, err
	})
	select {
	case res := <-ch:
		addrs, _ := res.Val.([]netip.Addr)
		return addrs, res.Err
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// DNS over UDP loses datagrams (a burst of queries overflows a server's or
// a socket's buffer), and the resolver's default wait for an answer is 5 s
// before it asks again: one lost datagram would cost a request its whole
// timeout. survey waits dnsAttemptTimeout for an answer and asks again, up
// to dnsAttempts times.
const (
	dnsAttemptTimeout = 1500 * time.Millisecond
	dnsAttempts       = 3
)

// query looks host up, asking again when an attempt gets no answer in time.
// Its context carries no values: a request's httptrace hooks (connect
// timing) must not see the DNS queries' own dials, which run concurrently.
func (r *resolver) query(host string) ([]netip.Addr, error) {
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), dnsAttemptTimeout)
		addrs, err := r.r.LookupNetIP(ctx, "ip", host)
		cancel()
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) && r.server != "" && dnsErr.Server != "" {
			// Go's resolver names the server of /etc/resolv.conf that
			// it meant to ask; the dialer asked r.server instead.
			dnsErr.Server = r.server
		}
		if err == nil || attempt == dnsAttempts || dnsErr == nil || !dnsErr.IsTimeout {
			return addrs, err
		}
	}
}

// cached returns the cached addresses of host without a lookup.
func (r *resolver) cached(host string) ([]netip.Addr, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok := r.cache.Get(host)
	if !ok || a.err != nil || len(a.addrs) == 0 {
		return nil, false
	}
	return a.addrs, true
}
