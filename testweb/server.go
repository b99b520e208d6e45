package testweb

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"
)

// handshakeTimeout bounds the wait for a new connection's first byte and
// its TLS handshake.
const handshakeTimeout = 10 * time.Second

// Serve accepts connections on ln and serves HTTPS and plain HTTP on it:
// a connection whose first byte is 0x16 (a TLS handshake record) is served
// over TLS, any other in the clear. It returns http.ErrServerClosed after
// Close, or the error that stopped Accept. Serve may be called on several
// listeners at once.
func (w *Web) Serve(ln net.Listener) error {
	if !w.enter() {
		ln.Close()
		return http.ErrServerClosed
	}
	defer w.leave()
	if !w.track(func() { w.listeners[ln] = struct{}{} }) {
		ln.Close()
		return http.ErrServerClosed
	}
	defer func() {
		w.mu.Lock()
		delete(w.listeners, ln)
		w.mu.Unlock()
	}()
	w.startServers()
	var backoff time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			if w.closed.Load() {
				return http.ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
				time.Sleep(backoff)
				continue
			}
			return fmt.Errorf("testweb: accepting a connection: %w", err)
		}
		backoff = 0
		w.stats.connections.Add(1)
		go w.dispatch(c)
	}
}

// startServers starts the two HTTP servers, fed by Serve's connections.
func (w *Web) startServers() {
	w.start.Do(func() {
		w.httpsQ = newConnQueue()
		w.httpQ = newConnQueue()
		discard := log.New(io.Discard, "", 0)
		for _, q := range []struct {
			q      *connQueue
			scheme string
		}{{w.httpsQ, "https"}, {w.httpQ, "http"}} {
			s := &http.Server{
				Handler:           handler{w: w, scheme: q.scheme},
				ReadHeaderTimeout: 30 * time.Second,
				IdleTimeout:       2 * time.Minute,
				MaxHeaderBytes:    64 << 10,
				ErrorLog:          discard,
			}
			if !w.track(func() {
				w.servers = append(w.servers, s)
				w.wg.Add(1)
			}) {
				q.q.Close() // closed already: a push closes its connection
				continue
			}
			go func(s *http.Server, q *connQueue) {
				defer w.wg.Done()
				s.Serve(q) // returns http.ErrServerClosed after Close
			}(s, q.q)
		}
	})
}

// dispatch peeks at a new connection's first byte and hands it to the
// HTTPS or the HTTP server.
func (w *Web) dispatch(raw net.Conn) {
	if !w.enter() {
		raw.Close()
		return
	}
	defer w.leave()
	pc := &peekConn{Conn: raw, w: w}
	if !w.track(func() { w.conns[pc] = struct{}{} }) {
		raw.Close()
		return
	}
	raw.SetDeadline(time.Now().Add(handshakeTimeout))
	var b [1]byte
	if _, err := io.ReadFull(raw, b[:]); err != nil {
		pc.Close()
		return
	}
	pc.first, pc.peeked = b[0], true
	if b[0] != 0x16 {
		raw.SetDeadline(time.Time{})
		w.httpQ.push(pc)
		return
	}
	tc := tls.Server(pc, w.tls)
	ctx, cancel := context.WithTimeout(context.Background(), handshakeTimeout)
	err := tc.HandshakeContext(ctx)
	cancel()
	if err != nil {
		w.stats.tlsFailures.Add(1)
		pc.Close()
		return
	}
	w.stats.handshakes.Add(1)
	if hi, ok := w.lookupHost(tc.ConnectionState().ServerName); ok && hi.fam == famSite && hi.kind == kindResetHandshake {
		pc.reset()
		return
	}
	raw.SetDeadline(time.Time{})
	w.httpsQ.push(tc)
}

// getCertificate is the TLS server's certificate callback: a leaf for the
// SNI name, from the untrusted CA for bad-cert sites.
func (w *Web) getCertificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	hi, ok := w.lookupHost(hello.ServerName)
	bad := ok && hi.fam == famSite && hi.kind == kindBadCert
	return w.certs.certificate(hello.ServerName, bad)
}

// errTLSRefused is the handshake error of http-only sites.
var errTLSRefused = errors.New("testweb: this site does not serve HTTPS")

// configForClient refuses the handshake of http-only sites: with an alert
// for http-only, with a TCP reset for http-only-reset.
func (w *Web) configForClient(hello *tls.ClientHelloInfo) (*tls.Config, error) {
	hi, ok := w.lookupHost(hello.ServerName)
	if !ok || hi.fam != famSite {
		return nil, nil
	}
	switch hi.kind {
	case kindHTTPOnly:
		return nil, errTLSRefused
	case kindHTTPOnlyReset:
		if pc, ok := hello.Conn.(*peekConn); ok {
			pc.reset()
		}
		return nil, errTLSRefused
	}
	return nil, nil
}

// peekConn is an accepted connection whose first byte has been read; it
// replays that byte, and unregisters itself from its Web when closed.
type peekConn struct {
	net.Conn
	w      *Web
	first  byte
	peeked bool
	once   sync.Once
}

// Read returns the peeked byte first.
func (c *peekConn) Read(p []byte) (int, error) {
	if c.peeked && len(p) > 0 {
		p[0], c.peeked = c.first, false
		return 1, nil
	}
	return c.Conn.Read(p)
}

// Close closes the connection and forgets it.
func (c *peekConn) Close() error {
	var err error
	c.once.Do(func() {
		c.w.mu.Lock()
		delete(c.w.conns, c)
		c.w.mu.Unlock()
		err = c.Conn.Close()
	})
	return err
}

// reset closes the connection with a TCP RST (SO_LINGER 0) instead of a
// FIN.
func (c *peekConn) reset() {
	if tcp, ok := c.Conn.(*net.TCPConn); ok {
		tcp.SetLinger(0)
	}
	c.w.stats.resets.Add(1)
	c.Close()
}

// resetConn resets a hijacked connection (a *tls.Conn over a peekConn, or
// a peekConn).
func resetConn(c net.Conn) {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	if pc, ok := c.(*peekConn); ok {
		pc.reset()
		return
	}
	c.Close()
}

// connQueue is a net.Listener whose connections are pushed by dispatch.
type connQueue struct {
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
}

func newConnQueue() *connQueue {
	return &connQueue{ch: make(chan net.Conn), done: make(chan struct{})}
}

// Accept returns the next pushed connection.
func (q *connQueue) Accept() (net.Conn, error) {
	select {
	case c := <-q.ch:
		return c, nil
	case <-q.done:
		return nil, net.ErrClosed
	}
}

// Close makes Accept return net.ErrClosed.
func (q *connQueue) Close() error {
	q.once.Do(func() { close(q.done) })
	return nil
}

// Addr returns a placeholder address.
func (q *connQueue) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

// push hands c to Accept, or closes it when the queue is closed.
func (q *connQueue) push(c net.Conn) {
	select {
	case q.ch <- c:
	case <-q.done:
		c.Close()
	}
}
