package crawl

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// rawResponse answers with bytes written straight to the connection, for
// framing net/http's server would never send.
func rawResponse(w http.ResponseWriter, raw string) {
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	buf.WriteString(raw)
	buf.Flush()
	conn.Close()
}

// Broken answers get the reason of what broke: a Location's port out of
// range is a bad Location, conflicting or negative Content-Length headers
// and a gzip stream cut short inside a body that arrived whole are
// protocol errors (not a network error, not a reset).
func TestCrawl_ErrorKindsOfBrokenAnswers(t *testing.T) {
	var half []byte
	{
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(bytes.Repeat([]byte("User-agent: *\nDisallow: /x\n"), 200))
		zw.Close()
		half = b.Bytes()[:b.Len()/2]
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "http://example.test:99999/robots.txt", http.StatusFound)
		case "/agents.txt":
			rawResponse(w, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\nConnection: close\r\n\r\nhello!")
		case "/llms.txt":
			rawResponse(w, "HTTP/1.1 200 OK\r\nContent-Length: -1\r\nConnection: close\r\n\r\n# Title\n")
		case "/.well-known/tdmrep.json":
			http.Redirect(w, r, "http://example.test:0/tdmrep.json", http.StatusFound)
		case "/ai.txt":
			rawResponse(w, fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", len(half), half))
		default:
			http.NotFound(w, r)
		}
	})
	s := newTestServer(t, h)
	res := crawlOne(t, s, seeds.Seed{Host: "example.test", Scheme: "http"}, nil)
	for loc, want := range map[registry.LocationID]ErrorKind{
		registry.LocRobots:    ErrBadLocation,
		registry.LocTDMRep:    ErrBadLocation,
		registry.LocAgentsTxt: ErrProtocol,
		registry.LocLLMsTxt:   ErrProtocol,
		registry.LocAITxt:     ErrProtocol,
	} {
		if f := res.Fetch(loc); f.ErrKind != want {
			t.Errorf("%s: %s (%s), want %s", loc, f.ErrKind, f.Err, want)
		}
	}
}

// A DNS server that never answers makes the lookup time out: that is a
// DNS failure (a lame delegation), not the site's timeout.
func TestCrawl_DNSTimeoutIsDNS(t *testing.T) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close() // reads nothing, answers nothing
	s := newTestServer(t, http.NotFoundHandler())
	res := crawlOne(t, s, seeds.Seed{Host: "lame.test", Scheme: "http"}, func(c *Config) {
		c.ConnectTo, c.Resolver, c.AllowPrivate, c.Timeout = "", pc.LocalAddr().String(), true, 8*time.Second
	})
	if f := res.Fetch(registry.LocRobots); f.ErrKind != ErrDNS {
		t.Errorf("robots.txt: %s (%s), want %s", f.ErrKind, f.Err, ErrDNS)
	}
}

// A name that does not exist, or has no address, is dns_not_found: the
// seed list's domain is gone. A lookup the server fails (SERVFAIL) is dns,
// as one it does not answer is: the network's failure, not the domain's.
func TestCrawl_NameNotFoundIsNotDNSFailure(t *testing.T) {
	s := newTestServer(t, http.NotFoundHandler())
	dns := startDNS(t, map[string]string{"failing.test.": serverFailure, "bare.test.": noData})
	for host, want := range map[string]ErrorKind{"missing.test": ErrNameNotFound, "bare.test": ErrNameNotFound, "failing.test": ErrDNS} {
		res := crawlOne(t, s, seeds.Seed{Host: host, Scheme: "http"}, func(c *Config) {
			c.ConnectTo, c.Resolver, c.AllowPrivate = "", dns, true
		})
		for _, f := range res.Fetches {
			if f.ErrKind != want {
				t.Errorf("%s %s: %s (%s), want %s", host, f.Location, f.ErrKind, f.Err, want)
			}
		}
	}
}

// Locations that redirect to a host whose lookup times out are each dns:
// a lookup that fails says nothing of the host, so it is no strike that
// would leave the host alone (host_unresponsive) after two.
func TestCrawl_DNSTimeoutsAreNoStrikes(t *testing.T) {
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://lame.test"+r.URL.Path, http.StatusFound)
	}))
	_, port, _ := net.SplitHostPort(s.Addr)
	dns := startDNS(t, map[string]string{"site.test.": "127.0.0.1", "lame.test.": noAnswer})
	locs, err := registry.SelectLocations("robots,llms-txt,ai-txt")
	if err != nil {
		t.Fatal(err)
	}
	res := crawlOne(t, s, seeds.Seed{Host: "site.test", Port: port, Scheme: "http"}, func(c *Config) {
		c.ConnectTo, c.Resolver, c.AllowPrivate, c.Timeout, c.Locations = "", dns, true, 8*time.Second, locs
	})
	for _, f := range res.Fetches {
		if f.ErrKind != ErrDNS {
			t.Errorf("%s: %s (%s), want %s", f.Location, f.ErrKind, f.Err, ErrDNS)
		}
	}
}
