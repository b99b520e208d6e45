package testweb

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/agentpolicy/survey/internal/lru"
)

// authority is a certificate authority made at start.
type authority struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

// newAuthority makes a self-signed ECDSA P-256 CA named name.
func newAuthority(name string) (*authority, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("testweb: generating the %s key: %w", name, err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: name, Organization: []string{"survey testweb"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("testweb: signing the %s certificate: %w", name, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("testweb: parsing the %s certificate: %w", name, err)
	}
	return &authority{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}, nil
}

// serial returns a random certificate serial number.
func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		return big.NewInt(time.Now().UnixNano())
	}
	return n
}

// issuer issues leaf certificates on demand and keeps the most recently
// used ones in a bounded cache: memory does not grow with the number of
// names served.
type issuer struct {
	trusted   *authority
	untrusted *authority        // signs the leaves of bad-cert sites
	key       *ecdsa.PrivateKey // every leaf's key
	fallback  *tls.Certificate  // for a ClientHello without SNI

	mu     sync.Mutex
	cache  *lru.Cache[string, *tls.Certificate]
	group  singleflight.Group
	issued atomic.Int64
}

// newIssuer makes the CAs and the leaf key; cacheSize bounds the cache.
func newIssuer(cacheSize int) (*issuer, error) {
	trusted, err := newAuthority("survey testweb CA")
	if err != nil {
		return nil, err
	}
	untrusted, err := newAuthority("untrusted testweb CA")
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("testweb: generating the leaf key: %w", err)
	}
	is := &issuer{trusted: trusted, untrusted: untrusted, key: key, cache: lru.New[string, *tls.Certificate](cacheSize)}
	is.fallback, err = is.sign(trusted, "testweb.test", []string{"testweb.test", "localhost"},
		[]net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback})
	if err != nil {
		return nil, err
	}
	return is, nil
}

// certificate returns the leaf for a server name: a certificate for the
// name's registrable form and its www. form, signed by the trusted CA, or
// by the untrusted one when bad is true.
func (is *issuer) certificate(serverName string, bad bool) (*tls.Certificate, error) {
	name := strings.TrimPrefix(normalizeHost(serverName), wwwPrefix)
	if name == "" {
		return is.fallback, nil
	}
	key := name
	if bad {
		key = "!" + name
	}
	is.mu.Lock()
	c, ok := is.cache.Get(key)
	is.mu.Unlock()
	if ok {
		return c, nil
	}
	v, err, _ := is.group.Do(key, func() (any, error) {
		ca := is.trusted
		if bad {
			ca = is.untrusted
		}
		c, err := is.sign(ca, name, []string{name, wwwPrefix + name}, nil)
		if err != nil {
			return nil, err
		}
		is.issued.Add(1)
		is.mu.Lock()
		is.cache.Add(key, c)
		is.mu.Unlock()
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*tls.Certificate), nil
}

// sign issues a leaf certificate for names and ips, signed by ca.
func (is *issuer) sign(ca *authority, cn string, names []string, ips []net.IP) (*tls.Certificate, error) {
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{CommonName: cn},
		DNSNames:     names,
		IPAddresses:  ips,
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(90 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &is.key.PublicKey, ca.key)
	if err != nil {
		return nil, fmt.Errorf("testweb: issuing a certificate for %s: %w", cn, err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("testweb: parsing the certificate for %s: %w", cn, err)
	}
	return &tls.Certificate{Certificate: [][]byte{der, ca.cert.Raw}, PrivateKey: is.key, Leaf: leaf}, nil
}
