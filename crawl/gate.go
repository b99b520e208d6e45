package crawl

import (
	"context"
	"sync"
	"time"
)

// gates serialises requests: at most one in flight per host and a few per
// IP address, however many domains share the host or the address. Entries
// exist only while in use (or while a host is backing off), so memory
// depends on the concurrency, not on the number of hosts crawled.
type gates struct {
	perIP int

	mu    sync.Mutex
	hosts map[string]*gate
	ips   map[string]*gate
	calls int // ref calls since the last sweep
}

type gate struct {
	slots     chan struct{}
	refs      int
	notBefore time.Time // the host asked to be left alone until then (Retry-After)
}

func newGates(perIP int) *gates {
	return &gates{perIP: perIP, hosts: map[string]*gate{}, ips: map[string]*gate{}}
}

// acquire waits for the host's slot, then the IP's (ip may be empty when
// unknown), then for any back-off the host asked for. It returns the
// function that releases both, and how long it waited (zero when nothing
// made it wait), also when it fails. While it waits, the clocks are
// paused: the wait is the crawler's own politeness, not time spent on the
// site.
func (g *gates) acquire(ctx context.Context, host, ip string, clk clocks) (release func(), waited time.Duration, err error) {
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
	hg := g.ref(g.hosts, host, 1)
	if err := wait(ctx, hg, queue); err != nil {
		g.unref(g.hosts, host, hg, false)
		return nil, 0, err
	}
	var ig *gate
	if ip != "" {
		ig = g.ref(g.ips, ip, g.perIP)
		if err := wait(ctx, ig, queue); err != nil {
			g.unref(g.ips, ip, ig, false)
			g.unref(g.hosts, host, hg, true)
			return nil, 0, err
		}
	}
	g.mu.Lock()
	until := hg.notBefore
	g.mu.Unlock()
	if d := time.Until(until); d > 0 {
		queue()
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			if ig != nil {
				g.unref(g.ips, ip, ig, true)
			}
			g.unref(g.hosts, host, hg, true)
			return nil, 0, context.Cause(ctx)
		}
	}
	return func() {
		if ig != nil {
			g.unref(g.ips, ip, ig, true)
		}
		g.unref(g.hosts, host, hg, true)
	}, 0, nil
}

// backOff records that host asked not to be requested before until.
func (g *gates) backOff(host string, until time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if hg, ok := g.hosts[host]; ok && until.After(hg.notBefore) {
		hg.notBefore = until
	}
}

func (g *gates) ref(m map[string]*gate, key string, n int) *gate {
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

func (g *gates) unref(m map[string]*gate, key string, e *gate, held bool) {
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
