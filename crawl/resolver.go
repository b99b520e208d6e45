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
	r     *net.Resolver
	group singleflight.Group

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
	return &resolver{r: r, cache: lru.New[string, dnsAnswer](size)}
}

// lookup returns the addresses of host. Failures other than a cancelled
// context are cached like answers.
func (r *resolver) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	a, ok := r.cache.Get(host)
	r.mu.Unlock()
	if ok {
		return a.addrs, a.err
	}
	v, err, _ := r.group.Do(host, func() (any, error) {
		addrs, err := r.query(ctx, host)
		if err == nil && len(addrs) == 0 {
			err = &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
		}
		if ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
			r.mu.Lock()
			r.cache.Add(host, dnsAnswer{addrs, err})
			r.mu.Unlock()
		}
		return addrs, err
	})
	addrs, _ := v.([]netip.Addr)
	return addrs, err
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
// The lookup's context carries ctx's cancellation but none of its values:
// the request's httptrace hooks (connect timing) must not see the DNS
// queries' own dials, which run concurrently, and a lookup shared by
// several domains (singleflight) belongs to none of them.
func (r *resolver) query(ctx context.Context, host string) ([]netip.Addr, error) {
	for attempt := 1; ; attempt++ {
		actx, cancel := context.WithTimeout(context.Background(), dnsAttemptTimeout)
		stop := context.AfterFunc(ctx, cancel)
		addrs, err := r.r.LookupNetIP(actx, "ip", host)
		stop()
		cancel()
		var dnsErr *net.DNSError
		if err == nil || attempt == dnsAttempts || ctx.Err() != nil || !errors.As(err, &dnsErr) || !dnsErr.IsTimeout {
			return addrs, err
		}
	}
}

// cached returns the first cached address of host without a lookup.
func (r *resolver) cached(host string) (netip.Addr, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok := r.cache.Get(host)
	if !ok || a.err != nil || len(a.addrs) == 0 {
		return netip.Addr{}, false
	}
	return a.addrs[0], true
}
