package crawl

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

func TestClassifyAddr(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1": "loopback", "::1": "loopback", "10.1.2.3": "private", "192.168.0.1": "private",
		"172.16.5.4": "private", "fd00::1": "private", "169.254.169.254": "link-local", "fe80::1": "link-local",
		"224.0.0.1": "multicast", "0.0.0.0": "unspecified", "::": "unspecified", "100.64.0.1": "shared (CGNAT)",
		"::ffff:10.0.0.1": "private", "255.255.255.255": "broadcast",
		"93.184.215.14": "", "2606:2800:21f:cb07:6820:80da:af6b:8b2c": "", "203.0.113.7": "",
		// Every IPv4 class that is not public.
		"127.255.255.254": "loopback", "172.31.255.255": "private", "100.127.255.255": "shared (CGNAT)",
		"0.1.2.3": "this-network", "239.255.255.250": "multicast", "240.0.0.1": "reserved",
		"198.19.255.255": "benchmarking", "192.0.0.8": "IETF protocol",
		// The IPv4 documentation ranges are allowed: never routed, and the
		// simulated web's sites' addresses.
		"192.0.2.1": "", "198.51.100.1": "",
		// IPv6 beyond netip's classes.
		"febf::1": "link-local", "ff0e::1": "multicast", "fe80::1%eth0": "link-local",
		"fec0::1": "reserved", "100::1": "reserved", "::ffff:0:7f00:1": "reserved", "5f00::1": "reserved",
		"64:ff9b:1::1": "reserved", "2001:db8::1": "documentation", "3fff::1": "documentation",
		"2001:2::1": "benchmarking", "2001:10::1": "ORCHID", "2001:20::1": "ORCHID",
		"2001:0:4136:e378:8000:63bf:3fff:fdd2": "Teredo",
		// IPv6 forms that embed an IPv4 address are judged by it too.
		"::ffff:127.0.0.1": "loopback", "::127.0.0.1": "IPv4-compatible", "::8.8.8.8": "IPv4-compatible",
		"64:ff9b::7f00:1": "NAT64 of loopback", "64:ff9b::a00:1": "NAT64 of private",
		"64:ff9b::a9fe:a9fe": "NAT64 of link-local", "64:ff9b::808:808": "",
		"2002:7f00:1::": "6to4 of loopback", "2002:c0a8:101::1": "6to4 of private", "2002:808:808::1": "",
	} {
		if got := classifyAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("classifyAddr(%s) = %q, want %q", addr, got, want)
		}
	}
}

// A seed that is itself a private address is refused, and nothing else of
// the domain is requested.
func TestGuard_DirectSeed(t *testing.T) {
	var hits int
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits++ }))
	_, port, _ := net.SplitHostPort(s.Addr)
	// No --connect-to: the loopback test server is not opted in.
	res := crawlOne(t, s, seeds.Seed{Host: "127.0.0.1", Port: port, Scheme: "http"}, func(c *Config) { c.ConnectTo = "" })
	for _, f := range res.Fetches {
		if f.ErrKind != ErrGuard {
			t.Errorf("%s: %s (%s), want address_guard", f.Location, f.ErrKind, f.Err)
		}
	}
	if hits != 0 {
		t.Errorf("%d requests reached a loopback server that was not opted in", hits)
	}
	// --allow-private opts every address in.
	res = crawlOne(t, s, seeds.Seed{Host: "127.0.0.1", Port: port, Scheme: "http"}, func(c *Config) { c.ConnectTo = ""; c.AllowPrivate = true })
	if f := res.Fetch(registry.LocRobots); f.ErrKind != ErrNone || hits == 0 {
		t.Errorf("with AllowPrivate: %s (%s), %d hits", f.ErrKind, f.Err, hits)
	}
}

// A redirect to a private, loopback or link-local literal is refused even
// when the connect-to address (the opted-in one) is loopback too.
func TestGuard_Redirect(t *testing.T) {
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "http://10.0.0.1/robots.txt", http.StatusFound)
		case "/agents.txt":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/llms.txt":
			http.Redirect(w, r, "http://127.0.0.1:1/llms.txt", http.StatusFound)
		default:
			io.WriteString(w, "ok")
		}
	}))
	res := crawlOne(t, s, seeds.Seed{Host: "example.test"}, nil)
	for _, loc := range []registry.LocationID{registry.LocRobots, registry.LocAgentsTxt, registry.LocLLMsTxt} {
		if f := res.Fetch(loc); f.ErrKind != ErrGuard || len(f.Hops) != 1 {
			t.Errorf("%s: %s with %d hops (%s), want address_guard after 1 hop", loc, f.ErrKind, len(f.Hops), f.Err)
		}
	}
	if f := res.Fetch(registry.LocAITxt); f.ErrKind != ErrNone {
		t.Errorf("the rest of the domain was affected: ai.txt %s", f.ErrKind)
	}
}

// A name whose DNS answer is a private address is refused before any
// connection, even though --connect-to would route it to an allowed address.
func TestGuard_DNSAnswer(t *testing.T) {
	dns := startDNS(t, map[string]string{
		"public.test.":  "203.0.113.10",
		"private.test.": "10.9.8.7",
		"meta.test.":    "169.254.169.254",
	})
	var hosts []string
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hosts = append(hosts, r.Host)
		io.WriteString(w, "ok")
	}))
	withDNS := func(c *Config) { c.Resolver = dns }
	if f := crawlOne(t, s, seeds.Seed{Host: "public.test"}, withDNS).Fetch(registry.LocRobots); f.ErrKind != ErrNone {
		t.Fatalf("public name: %s (%s)", f.ErrKind, f.Err)
	}
	for _, host := range []string{"private.test", "meta.test"} {
		res := crawlOne(t, s, seeds.Seed{Host: host}, withDNS)
		for _, f := range res.Fetches {
			if f.ErrKind != ErrGuard {
				t.Errorf("%s %s: %s (%s), want address_guard", host, f.Location, f.ErrKind, f.Err)
			}
		}
	}
	// The error names the server asked, not the system's (which Go's
	// resolver reads from /etc/resolv.conf whatever the dialer does).
	if res := crawlOne(t, s, seeds.Seed{Host: "missing.test"}, withDNS); res.Fetches[0].ErrKind != ErrNameNotFound ||
		!strings.Contains(res.Fetches[0].Err, "lookup missing.test on "+dns+": no such host") {
		t.Errorf("unknown name: %s (%s), want dns_not_found, from %s", res.Fetches[0].ErrKind, res.Fetches[0].Err, dns)
	}
	for _, h := range hosts {
		if h != "public.test" {
			t.Errorf("a request for %s reached the server", h)
		}
	}
}

// noAnswer, as a name's address in startDNS, leaves its queries
// unanswered.
const noAnswer = "no answer"

// serverFailure, as a name's address in startDNS, answers its queries
// SERVFAIL; noData answers them without an error and without an address.
const (
	serverFailure = "server failure"
	noData        = "no data"
)

// startDNS serves A records for names on a loopback UDP port; other names
// get NXDOMAIN, AAAA queries an empty answer.
func startDNS(t *testing.T, names map[string]string) string {
	t.Helper()
	return startLossyDNS(t, names, 0)
}

// startLossyDNS is startDNS leaving the first drop queries unanswered, as
// an overflowing buffer loses datagrams.
func startLossyDNS(t *testing.T, names map[string]string, drop int) string {
	t.Helper()
	return serveDNS(t, drop, 60, func(name string, _ int) []string {
		if ip, ok := names[name]; ok {
			return []string{ip}
		}
		return nil
	})
}

func TestErrorTextDropsTheLocalEndpoint(t *testing.T) {
	for in, want := range map[string]string{
		`read tcp 10.1.2.3:35558->93.184.215.14:443: read: connection reset by peer`: `read tcp 93.184.215.14:443: read: connection reset by peer`,
		`read tcp [2001:db8::5]:40000->[2606:2800::1]:443: i/o timeout`:              `read tcp [2606:2800::1]:443: i/o timeout`,
		`dial tcp 203.0.113.9:443: connect: connection refused`:                      `dial tcp 203.0.113.9:443: connect: connection refused`,
	} {
		if got := errorText(errString(in)); got != want {
			t.Errorf("errorText(%q) = %q, want %q", in, got, want)
		}
	}
	// net/http's wrapping, which repeats the URL the fetch records, goes.
	wrapped := &url.Error{Op: "Get", URL: "https://a.test/robots.txt", Err: errString("read tcp 10.1.2.3:35558->93.184.215.14:443: read: connection reset by peer")}
	if got, want := errorText(wrapped), "read tcp 93.184.215.14:443: read: connection reset by peer"; got != want {
		t.Errorf("errorText(a *url.Error) = %q, want %q", got, want)
	}
}

// A DNS server that drops the first queries it gets (as an overflowing
// buffer does) costs a lookup one short wait, not the request timeout.
func TestResolver_AsksAgainWhenAnAnswerIsLost(t *testing.T) {
	// The first attempt's A and AAAA queries are lost.
	dns := startLossyDNS(t, map[string]string{"lossy.test.": "203.0.113.7"}, 2)
	r := newResolver(dns, 16)
	start := time.Now()
	addrs, err := r.lookup(context.Background(), "lossy.test")
	took := time.Since(start)
	if err != nil || len(addrs) != 1 || addrs[0] != netip.MustParseAddr("203.0.113.7") {
		t.Fatalf("lookup: %v %v", addrs, err)
	}
	if took < dnsAttemptTimeout || took > 2*dnsAttemptTimeout+time.Second {
		t.Errorf("the lookup took %v; want one lost attempt (%v) and a quick answer", took, dnsAttemptTimeout)
	}
}

// startChangingDNS serves A and AAAA records on a loopback UDP port from
// answer, given the name and how many times its A record has been asked
// for (1 for the first query); a nil answer is NXDOMAIN. Records have a
// TTL of 0, as a DNS-rebinding attacker's do.
func startChangingDNS(t *testing.T, answer func(name string, query int) []string) string {
	t.Helper()
	return serveDNS(t, 0, 0, answer)
}

// serveDNS serves A and AAAA records with ttl on a loopback UDP port from
// answer, given the name and how many times its A record has been asked
// for (1 for the first query), leaving the first drop queries unanswered;
// a nil answer is NXDOMAIN. It returns the server's address.
func serveDNS(t *testing.T, drop int, ttl uint32, answer func(name string, query int) []string) string {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		asked := map[string]int{}
		buf := make([]byte, 1500)
		for received := 1; ; received++ {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if received <= drop {
				continue
			}
			var p dnsmessage.Parser
			h, err := p.Start(buf[:n])
			if err != nil {
				continue
			}
			q, err := p.Question()
			if err != nil {
				continue
			}
			if q.Type == dnsmessage.TypeA {
				asked[q.Name.String()]++
			}
			addrs := answer(q.Name.String(), max(asked[q.Name.String()], 1))
			if len(addrs) == 1 && addrs[0] == noAnswer {
				continue // a lame delegation: the query times out
			}
			rh := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true}
			switch {
			case len(addrs) == 1 && addrs[0] == serverFailure:
				rh.RCode, addrs = dnsmessage.RCodeServerFailure, nil
			case len(addrs) == 1 && addrs[0] == noData:
				addrs = nil // the name exists, without an address
			case addrs == nil:
				rh.RCode = dnsmessage.RCodeNameError
			}
			b := dnsmessage.NewBuilder(nil, rh)
			b.StartQuestions()
			b.Question(q)
			b.StartAnswers()
			for _, s := range addrs {
				a := netip.MustParseAddr(s)
				hdr := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: ttl}
				switch {
				case a.Is4() && q.Type == dnsmessage.TypeA:
					b.AResource(hdr, dnsmessage.AResource{A: a.As4()})
				case a.Is6() && q.Type == dnsmessage.TypeAAAA:
					b.AAAAResource(hdr, dnsmessage.AAAAResource{AAAA: a.As16()})
				}
			}
			msg, _ := b.Finish()
			pc.WriteTo(msg, from)
		}
	}()
	return pc.LocalAddr().String()
}

// loopbackServer is an HTTP server on loopback that counts the connections
// it accepts, and its port.
func loopbackServer(t *testing.T) (port string, accepted *atomic.Int32) {
	t.Helper()
	accepted = new(atomic.Int32)
	addr := rawServer(t, func(c net.Conn) {
		accepted.Add(1)
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
	})
	_, port, _ = net.SplitHostPort(addr)
	return port, accepted
}

// With the system's resolver (no --resolver, no --connect-to), a name that
// resolves to loopback is refused as an IP literal is: the guard judges
// the answer, whichever resolver gave it.
func TestGuard_SystemResolver(t *testing.T) {
	if addrs, err := net.DefaultResolver.LookupNetIP(context.Background(), "ip", "localhost"); err != nil || len(addrs) == 0 || !addrs[0].IsLoopback() {
		t.Skipf("the system resolves localhost to %v (%v), not loopback", addrs, err)
	}
	port, accepted := loopbackServer(t)
	c, err := New(Config{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"localhost", "LocalHost", "127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"} {
		if f := c.FetchURL(context.Background(), "http://"+host+":"+port+"/robots.txt", registry.LocRobots); f.ErrKind != ErrGuard {
			t.Errorf("%s: %s (%s), want address_guard", host, f.ErrKind, f.Err)
		}
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the loopback server accepted %d connections", n)
	}
}

// The guard judges each address of a DNS answer, and the dialer connects
// only to an address it judged: a name with a public and a loopback
// address is dialled at the public one only, whatever their order; a name
// whose answer turns to loopback after the first query (DNS rebinding,
// TTL 0) is dialled at the address checked; an answer of IPv6 forms of
// loopback and private addresses is refused.
func TestGuard_MixedAndChangingDNSAnswers(t *testing.T) {
	port, accepted := loopbackServer(t)
	dns := startChangingDNS(t, func(name string, query int) []string {
		switch name {
		case "mixed.test.":
			return []string{"127.0.0.1", "203.0.113.10"}
		case "mixed2.test.":
			return []string{"203.0.113.10", "127.0.0.1"}
		case "rebind.test.":
			if query == 1 {
				return []string{"203.0.113.10"}
			}
			return []string{"127.0.0.1"}
		case "v6.test.":
			return []string{"::1", "fd00::1", "::ffff:127.0.0.1", "64:ff9b::7f00:1"}
		}
		return nil
	})
	c, err := New(Config{Timeout: time.Second, Resolver: dns})
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"mixed.test", "mixed2.test", "rebind.test", "rebind.test", "rebind.test"} {
		f := c.FetchURL(context.Background(), "http://"+host+":"+port+"/robots.txt", registry.LocRobots)
		// 203.0.113.10 (TEST-NET-3) is never routed: the dial fails one
		// way or another, but it is the only one made.
		if f.ErrKind == ErrNone || f.ErrKind == ErrGuard || !strings.Contains(f.Err, "203.0.113.10") && f.ErrKind != ErrTimeout {
			t.Errorf("%s: %s (%s), want a failed dial to 203.0.113.10", host, f.ErrKind, f.Err)
		}
	}
	if f := c.FetchURL(context.Background(), "http://v6.test:"+port+"/robots.txt", registry.LocRobots); f.ErrKind != ErrGuard {
		t.Errorf("v6.test: %s (%s), want address_guard", f.ErrKind, f.Err)
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the loopback server accepted %d connections", n)
	}
}

// A redirect to loopback spelt in decimal, octal, hex or shortened dotted
// form is a host name to the crawler (netip parses none of them): it goes
// to the resolver, and whatever the resolver makes of it (getaddrinfo's
// inet_aton reads each as 127.0.0.1; here the DNS server does) is judged
// by the guard. No spelling reaches the server behind --connect-to.
func TestGuard_RedirectToNumericSpellings(t *testing.T) {
	spellings := []string{"2130706433", "0x7f.1", "017700000001", "127.1", "0x7f000001", "0177.0.0.1"}
	names := map[string]bool{}
	for _, s := range spellings {
		names[s+"."] = true
	}
	dns := startChangingDNS(t, func(name string, _ int) []string {
		switch {
		case name == "example.test.":
			return []string{"203.0.113.10"}
		case names[name]:
			return []string{"127.0.0.1"}
		}
		return nil
	})
	var mu sync.Mutex
	var reached []string
	s := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		reached = append(reached, r.Host)
		mu.Unlock()
		w.Header().Set("Location", r.URL.Query().Get("to"))
		w.WriteHeader(http.StatusFound)
	}))
	c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots, Resolver: dns, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range spellings {
		loc := "http://" + host + "/robots.txt"
		f := c.FetchURL(context.Background(), "https://example.test/r?to="+url.QueryEscape(loc), registry.LocRobots)
		// Go's resolver does not even ask about an all-numeric name (no
		// such host); one with a letter (0x7f.1) it asks about.
		if f.ErrKind != ErrGuard && f.ErrKind != ErrNameNotFound || len(f.Hops) != 1 {
			t.Errorf("redirect to %s: %s after %d hops (%s), want address_guard or dns_not_found after 1", loc, f.ErrKind, len(f.Hops), f.Err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, h := range reached {
		if h != "example.test" {
			t.Errorf("a request for %s reached the server", h)
		}
	}
}
