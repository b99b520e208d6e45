package crawl

import (
	"context"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/agentpolicy/survey/internal/lru"
)

// gates serialises requests: at most one in flight per host and a few per
// IP address, however many domains share the host or the address. Entries
// exist only while in use (or while a host is backing off), so memory
// depends on the concurrency, not on the number of hosts crawled.
//
// A host that answers 429 or 503 with a Retry-After backs off: a short one
// (at most maxWait, Config.MaxRetryAfter) is waited out by every later
// request to the host, from any domain; a longer one is not waited for,
// and until it passes the host's requests fail at once with an *awayError
// (rate_limited), not sent. The long ones are remembered in a bounded LRU
// for at most maxAway.
//
// A host whose requests time out maxTimeouts times in a row, whichever
// domains they came from (a host many domains redirect to), is left alone
// for unresponsiveFor: its requests fail at once with an
// *unresponsiveError (host_unresponsive), not sent. Without it, every
// domain sharing a stalled host queued behind the others' requests to it
// at the host's gate, where the clocks are paused, and paid its own
// timeouts there in turn: N domains took N times the timeouts, whatever
// their deadline, and held their workers meanwhile.
type gates struct {
	perIP       int
	maxWait     time.Duration
	maxTimeouts int

	mu    sync.Mutex
	hosts map[string]*gate
	ips   map[netip.Addr]*gate
	away  *lru.Cache[string, time.Time] // hosts backing off for longer than maxWait, until when
	calls int                           // ref calls since the last sweep
	// strikes counts each host's timeouts in a row; slow holds the hosts
	// left alone for timing out, until when.
	strikes *lru.Cache[string, int]
	slow    *lru.Cache[string, time.Time]
}

type gate struct {
	slots     chan struct{}
	refs      int
	notBefore time.Time // the host asked to be left alone until then (Retry-After)
}

// Bounds of the long back-offs remembered: how many hosts, and for how
// long each (a Retry-After of a day or a year is taken as this).
const (
	maxAwayHosts = 1 << 14
	maxAway      = time.Hour
)

// unresponsiveFor is how long a host that timed out Config.MaxTimeouts
// times in a row is left alone.
const unresponsiveFor = 10 * time.Minute

func newGates(perIP int, maxWait time.Duration, maxTimeouts int) *gates {
	return &gates{perIP: perIP, maxWait: maxWait, maxTimeouts: maxTimeouts, hosts: map[string]*gate{}, ips: map[netip.Addr]*gate{},
		away: lru.New[string, time.Time](maxAwayHosts), strikes: lru.New[string, int](maxAwayHosts),
		slow: lru.New[string, time.Time](maxAwayHosts)}
}

// awayError fails a request to a host that asked, with a Retry-After longer
// than the crawler waits, to be left alone: the request was not sent.
type awayError struct {
	host  string
	until time.Time
}

func (e *awayError) Error() string {
	return "not requested: " + e.host + " asked (Retry-After) not to be requested again before " +
		e.until.UTC().Format(time.RFC3339)
}

// unresponsiveError fails a request to a host whose requests timed out
// too many times in a row: the request was not sent.
type unresponsiveError struct {
	host     string
	timeouts int
	until    time.Time
}

func (e *unresponsiveError) Error() string {
	return "not requested: " + e.host + " timed out on " + strconv.Itoa(e.timeouts) +
		" requests in a row (from any domain), and is not requested again before " + e.until.UTC().Format(time.RFC3339)
}

// timedOut counts a request to host that timed out; at maxTimeouts in a
// row, the host is left alone for unresponsiveFor.
func (g *gates) timedOut(host string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n, _ := g.strikes.Get(host)
	n++
	if n < g.maxTimeouts {
		g.strikes.Add(host, n)
		return
	}
	g.strikes.Add(host, 0)
	g.slow.Add(host, time.Now().Add(unresponsiveFor))
}

// answered records that a request to host ended otherwise than in a
// timeout, which ends its run of timeouts.
func (g *gates) answered(host string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.strikes.Len() == 0 {
		return
	}
	if n, ok := g.strikes.Get(host); ok && n > 0 {
		g.strikes.Add(host, 0)
	}
}

// acquire waits for the host's slot, then for any back-off the host asked
// for, then for the IP's slot (ip may be invalid when unknown). It returns
// the function that releases both, and how long it waited (zero when
// nothing made it wait), also when it fails. While it waits, the clocks
// are paused: the wait is the crawler's own politeness, not time spent on
// the site. It fails with an *awayError when the host is backing off for
// longer than the crawler waits, and with an *unresponsiveError when the
// host is left alone for timing out.
func (g *gates) acquire(ctx context.Context, host string, ip netip.Addr, clk clocks) (release func(), waited time.Duration, err error) {
	var paused clocks
	var queued time.Time
	defer func() {
		paused.resume()
		if !queued.IsZero() {
			waited = time.Since(queued)
		}
	}()
	queue := func() { // called before blocking
		if queued.IsZero() {
			queued = time.Now()
			paused = clk.pause()
		}
	}
	hg := ref(g, g.hosts, host, 1)
	if err := wait(ctx, hg, queue); err != nil {
		unref(g, g.hosts, host, hg, false)
		return nil, 0, err
	}
	// The back-off is waited out holding the host's slot (no other
	// request may go to the host meanwhile), not the IP's (other hosts on
	// the address need not wait).
	g.mu.Lock()
	until := hg.notBefore
	var away, slow time.Time
	if g.away.Len() > 0 {
		away, _ = g.away.Get(host)
	}
	if g.slow.Len() > 0 {
		slow, _ = g.slow.Get(host)
	}
	g.mu.Unlock()
	if !slow.IsZero() && time.Now().Before(slow) {
		unref(g, g.hosts, host, hg, true)
		return nil, 0, &unresponsiveError{host, g.maxTimeouts, slow}
	}
	if !away.IsZero() || !until.IsZero() {
		now := time.Now()
		if now.Before(away) {
			unref(g, g.hosts, host, hg, true)
			return nil, 0, &awayError{host, away}
		}
		if d := until.Sub(now); d > 0 {
			queue()
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				unref(g, g.hosts, host, hg, true)
				return nil, 0, context.Cause(ctx)
			}
		}
	}
	var ig *gate
	if ip.IsValid() {
		ig = ref(g, g.ips, ip, g.perIP)
		if err := wait(ctx, ig, queue); err != nil {
			unref(g, g.ips, ip, ig, false)
			unref(g, g.hosts, host, hg, true)
			return nil, 0, err
		}
	}
	return func() {
		if ig != nil {
			unref(g, g.ips, ip, ig, true)
		}
		unref(g, g.hosts, host, hg, true)
	}, 0, nil
}

// crowded reports whether requests are waiting for a slot of ip's gate.
func (g *gates) crowded(ip netip.Addr) bool {
	if !ip.IsValid() {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.ips[ip]
	return ok && e.refs > g.perIP
}

// backOff records that host asked not to be requested for d. A d longer
// than the crawler waits makes the host's requests fail instead (see
// acquire) for d, or maxAway at most.
func (g *gates) backOff(host string, d time.Duration) {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if d > g.maxWait {
		until := now.Add(min(d, maxAway))
		if old, ok := g.away.Get(host); !ok || until.After(old) {
			g.away.Add(host, until)
		}
		return
	}
	if hg, ok := g.hosts[host]; ok && now.Add(d).After(hg.notBefore) {
		hg.notBefore = now.Add(d)
	}
}

func ref[K comparable](g *gates, m map[K]*gate, key K, n int) *gate {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.calls++; g.calls >= 4096 {
		g.calls = 0
		g.sweep()
	}
	e, ok := m[key]
	if !ok {
		e = &gate{slots: make(chan struct{}, n)}
		m[key] = e
	}
	e.refs++
	return e
}

func unref[K comparable](g *gates, m map[K]*gate, key K, e *gate, held bool) {
	if held {
		<-e.slots
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	e.refs--
	if e.refs == 0 && !time.Now().Before(e.notBefore) {
		delete(m, key)
	}
}

// sweep deletes idle host entries whose back-off has expired.
func (g *gates) sweep() {
	now := time.Now()
	for k, e := range g.hosts {
		if e.refs == 0 && !now.Before(e.notBefore) {
			delete(g.hosts, k)
		}
	}
}

// wait takes a slot of e, calling queue first when it has to wait for one.
func wait(ctx context.Context, e *gate, queue func()) error {
	select {
	case e.slots <- struct{}{}:
		return nil
	default:
	}
	queue()
	select {
	case e.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// size returns the number of live entries (for tests).
func (g *gates) size() (hosts, ips int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.hosts), len(g.ips)
}
