package crawl

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// testServer serves HTTPS and plain HTTP on one loopback port (the first
// byte tells them apart), with a certificate for *.test names signed by a
// CA the test trusts.
type testServer struct {
	Addr  string
	Roots *x509.CertPool
	ln    net.Listener
	srv   *http.Server
	tlsOn func(sni string) bool // nil: every name gets a certificate
}

func newTestServer(t testing.TB, h http.Handler) *testServer {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "crawl test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, _ := x509.ParseCertificate(caDER)
	leafKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "test"},
		DNSNames:  []string{"*.test", "*.example.test", "*.other.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &leafKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(caCert)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &testServer{Addr: ln.Addr().String(), Roots: roots, ln: ln}
	tlsCfg := &tls.Config{GetConfigForClient: func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
		if s.tlsOn != nil && !s.tlsOn(hello.ServerName) {
			return nil, errNoTLS
		}
		return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{leafDER}, PrivateKey: leafKey}}}, nil
	}}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go s.srv.Serve(&sniffListener{Listener: ln, tls: tlsCfg})
	t.Cleanup(func() { s.srv.Close() })
	return s
}

var errNoTLS = &net.OpError{Op: "handshake", Err: errString("no TLS for this name")}

type errString string

func (e errString) Error() string { return string(e) }

// sniffListener hands TLS connections to crypto/tls and plain ones through.
type sniffListener struct {
	net.Listener
	tls *tls.Config
}

func (l *sniffListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, err := br.Peek(1)
	c.SetReadDeadline(time.Time{})
	pc := &peekedConn{Conn: c, r: br}
	if err == nil && b[0] == 0x16 {
		return tls.Server(pc, l.tls), nil
	}
	return pc, nil
}

type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// concurrency tracks requests in flight per host.
type concurrency struct {
	mu       sync.Mutex
	inFlight map[string]int
	max      map[string]int
}

func (c *concurrency) wrap(h http.Handler) http.Handler {
	c.inFlight, c.max = map[string]int{}, map[string]int{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.inFlight[r.Host]++
		if c.inFlight[r.Host] > c.max[r.Host] {
			c.max[r.Host] = c.inFlight[r.Host]
		}
		c.mu.Unlock()
		defer func() { c.mu.Lock(); c.inFlight[r.Host]--; c.mu.Unlock() }()
		h.ServeHTTP(w, r)
	})
}

func (c *concurrency) maxFor(host string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.max[host]
}
