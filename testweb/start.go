package testweb

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Addrs are the loopback addresses of a started Web.
type Addrs struct {
	// HTTP is the TCP address that serves HTTPS and HTTP, e.g.
	// "127.0.0.1:40123": the crawler's --connect-to.
	HTTP string
	// DNS is the UDP address of the DNS server: the crawler's --resolver.
	DNS string
}

// Start serves the Web on fresh loopback listeners (TCP for HTTP and
// HTTPS, UDP for DNS) until ctx ends or Close is called; Close still has
// to be called to wait for the handlers.
func (w *Web) Start(ctx context.Context) (Addrs, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Addrs{}, fmt.Errorf("testweb: listening for HTTP: %w", err)
	}
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		ln.Close()
		return Addrs{}, fmt.Errorf("testweb: listening for DNS: %w", err)
	}
	a := Addrs{HTTP: ln.Addr().String(), DNS: pc.LocalAddr().String()}
	go w.Serve(ln)
	go w.ServeDNS(pc)
	go func() {
		select {
		case <-ctx.Done():
			w.Close()
		case <-w.done:
		}
	}()
	return a, nil
}

// Transport returns an HTTP/1.1 transport that sends every request to
// addr (whatever the URL's host, like the crawler's --connect-to) and
// trusts the Web's CA. It does not decompress bodies. Tests and benchmarks
// use it as a bare client of the simulated web.
func (w *Web) Transport(addr string) *http.Transport {
	pool := x509.NewCertPool()
	pool.AddCert(w.certs.trusted.cert)
	d := &net.Dialer{Timeout: 5 * time.Second}
	return &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "tcp", addr)
		},
		TLSClientConfig:     &tls.Config{RootCAs: pool},
		TLSNextProto:        map[string]func(string, *tls.Conn) http.RoundTripper{},
		DisableCompression:  true,
		MaxIdleConnsPerHost: 2,
		IdleConnTimeout:     30 * time.Second,
	}
}
