package crawl

import (
	"crypto/tls"
	"net"
	"net/http/httptrace"
	"sync"
	"time"
)

// timing accumulates the phases of one fetch across its redirects. Its
// hooks run on net/http's goroutines, and some run after the request that
// started them was given up (a dial that net/http finishes for its pool, the
// first byte of a response that came after the timeout): every field is
// guarded by mu, and once the fetch has taken its figures (finish) later
// hooks change nothing.
type timing struct {
	mu           sync.Mutex
	done         bool
	phases       phases
	connectStart time.Time
	tlsStart     time.Time
	wrote        time.Time
	conn         net.Conn // the connection of the latest request
}

// phases are a fetch's timings and how its TLS handshake went.
type phases struct {
	dns, connect, tls, ttfb time.Duration
	tlsStarted, tlsFailed   bool
}

// update runs f with t locked, unless the fetch has finished.
func (t *timing) update(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.done {
		f()
	}
}

// finish returns the fetch's phases; hooks that run later are ignored.
func (t *timing) finish() phases {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done = true
	return t.phases
}

// latestConn returns the connection of the latest request.
func (t *timing) latestConn() net.Conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.conn
}

// addDNS adds the time of a lookup the dialer made.
func (t *timing) addDNS(d time.Duration) { t.update(func() { t.phases.dns += d }) }

func (t *timing) trace() *httptrace.ClientTrace {
	return &httptrace.ClientTrace{
		ConnectStart: func(string, string) {
			t.update(func() { t.connectStart = time.Now() })
		},
		ConnectDone: func(string, string, error) {
			t.update(func() {
				if !t.connectStart.IsZero() {
					t.phases.connect += time.Since(t.connectStart)
				}
			})
		},
		TLSHandshakeStart: func() {
			t.update(func() { t.tlsStart = time.Now(); t.phases.tlsStarted = true })
		},
		TLSHandshakeDone: func(_ tls.ConnectionState, err error) {
			t.update(func() {
				t.phases.tls += time.Since(t.tlsStart)
				t.phases.tlsFailed = err != nil
			})
		},
		GotConn: func(info httptrace.GotConnInfo) {
			t.update(func() { t.conn = info.Conn })
		},
		WroteRequest: func(httptrace.WroteRequestInfo) {
			t.update(func() { t.wrote = time.Now() })
		},
		GotFirstResponseByte: func() {
			t.update(func() { t.phases.ttfb = time.Since(t.wrote) })
		},
	}
}
