package testweb

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

// ServeDNS answers DNS queries on pc (UDP) until Close: A queries for
// sites get a documentation address (192.0.2.0/24, 198.51.100.0/24,
// 203.0.113.0/24; several sites share one, as on shared hosting);
// nxdomain sites and names outside the population get NXDOMAIN;
// private-dns sites get a private, loopback or link-local address; AAAA
// and other types get an empty NOERROR answer. It returns
// http.ErrServerClosed after Close.
func (w *Web) ServeDNS(pc net.PacketConn) error {
	if !w.enter() {
		pc.Close()
		return http.ErrServerClosed
	}
	defer w.leave()
	if !w.track(func() { w.packets[pc] = struct{}{} }) {
		pc.Close()
		return http.ErrServerClosed
	}
	defer func() {
		w.mu.Lock()
		delete(w.packets, pc)
		w.mu.Unlock()
	}()
	// A crawl's workers resolve in bursts, and one goroutine answers
	// them: a burst larger than the socket's receive buffer (208 KiB by
	// default on Linux, a few hundred queries) loses queries, each of
	// which costs the crawler a retry after its attempt timeout. The
	// kernel caps the size asked at net.core.rmem_max.
	if u, ok := pc.(interface{ SetReadBuffer(int) error }); ok {
		u.SetReadBuffer(dnsReadBuffer)
	}
	buf := make([]byte, 1500)
	out := make([]byte, 0, 512)
	for {
		n, addr, err := pc.ReadFrom(buf)
		if err != nil {
			if w.closed.Load() {
				return http.ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			return fmt.Errorf("testweb: reading a DNS query: %w", err)
		}
		resp, ok := w.answerDNS(buf[:n], out[:0])
		if !ok {
			continue
		}
		w.stats.dns.Add(1)
		pc.WriteTo(resp, addr) // a lost answer is a lost UDP datagram: the client retries
	}
}

// dnsReadBuffer is the receive buffer ServeDNS asks for its socket.
const dnsReadBuffer = 4 << 20

// dnsAnswer is the DNS server's answer for a name.
type dnsAnswer struct {
	rcode dnsmessage.RCode
	addr  [4]byte // for A queries, when rcode is success
}

// resolve returns the DNS answer for host.
func (w *Web) resolve(host string) dnsAnswer {
	hi, ok := w.lookupHost(host)
	if !ok {
		return dnsAnswer{rcode: dnsmessage.RCodeNameError}
	}
	if hi.fam == famSite {
		switch hi.kind {
		case kindNXDomain:
			return dnsAnswer{rcode: dnsmessage.RCodeNameError}
		case kindPrivateDNS:
			return dnsAnswer{addr: privateAddress(hi.h)}
		}
	}
	tag := "address"
	if hi.fam == famCDN {
		tag = "cdn-address"
	}
	return dnsAnswer{addr: documentationAddress(draw(hi.h, tag))}
}

// documentationAddress maps u onto the 762 host addresses of the three
// documentation networks (RFC 5737).
func documentationAddress(u uint64) [4]byte {
	i := int(u % (3 * 254))
	nets := [3][3]byte{{192, 0, 2}, {198, 51, 100}, {203, 0, 113}}
	n := nets[i/254]
	return [4]byte{n[0], n[1], n[2], byte(i%254 + 1)}
}

// privateAddress picks the address a private-dns site resolves to: a
// private (10/8, 192.168/16), loopback or link-local (the cloud metadata
// service) address.
func privateAddress(h uint64) [4]byte {
	u := draw(h, "private-address")
	switch u % 4 {
	case 0:
		return [4]byte{10, byte(u >> 8), byte(u >> 16), byte(u>>24) | 1}
	case 1:
		return [4]byte{192, 168, byte(u >> 8), byte(u>>16) | 1}
	case 2:
		return [4]byte{127, 0, 0, 1}
	}
	return [4]byte{169, 254, 169, 254}
}

// answerDNS builds the response to one DNS message, appended to out; it
// reports false for a message that cannot be answered at all.
func (w *Web) answerDNS(msg, out []byte) ([]byte, bool) {
	var p dnsmessage.Parser
	h, err := p.Start(msg)
	if err != nil || h.Response {
		return nil, false
	}
	rh := dnsmessage.Header{ID: h.ID, Response: true, OpCode: h.OpCode, Authoritative: true, RecursionDesired: h.RecursionDesired}
	q, err := p.Question()
	if err != nil || h.OpCode != 0 {
		rh.RCode = dnsmessage.RCodeFormatError
		if h.OpCode != 0 {
			rh.RCode = dnsmessage.RCodeNotImplemented
		}
		b := dnsmessage.NewBuilder(out, rh)
		resp, err := b.Finish()
		return resp, err == nil
	}
	var ans dnsAnswer
	if q.Class == dnsmessage.ClassINET {
		ans = w.resolve(strings.TrimSuffix(q.Name.String(), "."))
	} else {
		ans.rcode = dnsmessage.RCodeRefused
	}
	rh.RCode = ans.rcode
	b := dnsmessage.NewBuilder(out, rh)
	b.EnableCompression()
	if err := b.StartQuestions(); err != nil {
		return nil, false
	}
	if err := b.Question(q); err != nil {
		return nil, false
	}
	if ans.rcode == dnsmessage.RCodeSuccess && q.Type == dnsmessage.TypeA {
		if err := b.StartAnswers(); err != nil {
			return nil, false
		}
		if err := b.AResource(dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 300},
			dnsmessage.AResource{A: ans.addr}); err != nil {
			return nil, false
		}
	}
	resp, err := b.Finish()
	return resp, err == nil
}
