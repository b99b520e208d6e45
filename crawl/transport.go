package crawl

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/netip"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// MaxHeaderBytes caps a response's header block. A response with more is
// not read: its fetch is a network_error with reason header_cap. Browsers
// read more (Chromium up to 256 KiB); 64 KiB bounds the memory a hostile
// server can take per connection, and the reason in the data shows how
// often a site needs more.
const MaxHeaderBytes = 64 << 10

// newBaseTransport returns the shared HTTP/1.1 transport: one connection per
// host, kept alive between a domain's requests; compression handled by the
// recorder, not by net/http; no proxies from the environment.
func newBaseTransport(cfg Config, d *dialer) *http.Transport {
	return &http.Transport{
		Proxy:                  nil,
		DialContext:            d.DialContext,
		TLSClientConfig:        &tls.Config{RootCAs: cfg.RootCAs},
		TLSHandshakeTimeout:    cfg.Timeout,
		ResponseHeaderTimeout:  cfg.Timeout,
		DisableCompression:     true,
		MaxConnsPerHost:        1,
		MaxIdleConnsPerHost:    1,
		MaxIdleConns:           cfg.Concurrency,
		IdleConnTimeout:        5 * time.Second,
		MaxResponseHeaderBytes: MaxHeaderBytes,
		// An empty map disables HTTP/2: one request at a time per host is
		// the politeness rule, and HTTP/1.1 keeps it simple to honour.
		TLSNextProto: map[string]func(string, *tls.Conn) http.RoundTripper{},
	}
}

// recorder is the transport one worker's collector uses. It serialises
// requests per host and IP, records each response of the fetch in progress,
// and reads the body itself: decompressing gzip and deflate, cutting at the
// cap (after decompression, so a decompression bomb costs at most the cap;
// the encoded bytes are capped too, see wireCap), and keeping the bytes exactly as received. colly then gets the response
// without its body (the recorder holds it; a second copy would only double
// the memory per fetch), marked Uncompressed so that it never inflates
// anything itself.
//
// A recorder serves one fetch at a time: the worker sets cur before each.
type recorder struct {
	base    http.RoundTripper
	gates   *gates
	res     *resolver
	guard   guard // the dialer's, to key the per-IP limit on an address it connects to
	maxBody int64

	cur *Fetch
	tm  *timing
	// last is set for the domain's last fetch: its requests ask the server
	// to close the connection after the response, so that a finished
	// domain's connection does not linger in the shared pool (where it
	// holds memory on both sides until it times out or is evicted).
	last bool
	// clocks are the current fetch's timeout and its domain's deadline,
	// paused while a request waits at the gates.
	clocks clocks
	// bufs are the buffers bodies are read into before being copied out
	// at their exact size, shared by the crawler's workers.
	bufs *sync.Pool
	// kept are the bodies the current domain's fetches hold (see keep),
	// emptied when the domain ends.
	kept [][]byte
	// conn and remote are the last connection seen and its remote
	// address, formatted once per connection rather than per request (a
	// domain's requests share one connection).
	conn   net.Conn
	remote string
}

// remoteAddr returns the remote address of c as text, "" for nil.
func (t *recorder) remoteAddr(c net.Conn) string {
	if c == nil {
		return ""
	}
	if c != t.conn {
		t.conn, t.remote = c, c.RemoteAddr().String()
	}
	return t.remote
}

func (t *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	f, tm := t.cur, t.tm
	ctx := req.Context()
	hostname := asciiHost(req.URL.Hostname())
	host := hostKey(hostname)
	ip := t.ipKey(ctx, hostname, tm)
	release, waited, err := t.gates.acquire(ctx, host, ip, t.clocks)
	f.Wait += waited
	if err != nil {
		return nil, err
	}
	defer release()

	req = req.WithContext(httptrace.WithClientTrace(context.WithValue(ctx, timingKey{}, tm), tm.trace()))
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	// The connection is closed after the response when it is the
	// domain's last, or when other domains' requests are queued for the
	// address: this domain's next request queues behind them, and its
	// connection, idle meanwhile, would be one more open to the address
	// for each domain queued there (as many as the domains crawled on a
	// shared address at once, whatever the per-IP limit).
	req.Close = t.last || t.gates.crowded(ip)
	f.FinalURL = req.URL.String()
	f.Scheme = req.URL.Scheme
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		t.noteEnd(ctx, host, err)
		return nil, err
	}
	f.Status = resp.StatusCode
	// The map is shared, not copied: neither net/http nor colly changes a
	// response's header once RoundTrip has returned it.
	f.Header = resp.Header
	f.RemoteAddr = t.remoteAddr(tm.latestConn())
	f.Body, f.Truncated, f.Encoding = nil, false, ""
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		// Every later request to the host, from any domain, waits out a
		// short Retry-After; a long one (or a 429 without one) makes
		// them fail unsent until it passes (see gates). The domain's own
		// crawl stops at such an answer (see crawlDomain).
		if d, ok := retryAfter(resp.Header.Get("Retry-After")); ok {
			t.gates.backOff(host, d)
		} else if resp.StatusCode == http.StatusTooManyRequests {
			t.gates.backOff(host, noRetryAfterBackOff)
		}
	}

	if isRedirect(resp.StatusCode) && resp.Header.Get("Location") != "" {
		// The client follows it; the body of a redirect is not kept.
		io.CopyN(io.Discard, resp.Body, 64<<10)
		resp.Body.Close()
		resp.Body = http.NoBody
		t.noteEnd(ctx, host, nil)
		return resp, nil
	}
	buf := t.bufs.Get().(*bytes.Buffer)
	buf.Reset()
	truncated, encoding, err := readBody(resp, t.maxBody, buf)
	resp.Body.Close()
	f.Body = t.keep(buf.Bytes())
	t.bufs.Put(buf)
	f.Truncated, f.Encoding = truncated, encoding
	if err != nil {
		t.noteEnd(ctx, host, err)
		return nil, &bodyError{err}
	}
	// A response can come through after a budget has run out and
	// cancelled the request: a server whose handler waits on its context
	// answers the cancellation itself, and a short answer can be read
	// before the connection closes. Past its time limit, a fetch is a
	// timeout, whatever came back.
	if cause := context.Cause(ctx); cause == errRequestTimeout || cause == errDomainDeadline {
		t.noteEnd(ctx, host, cause)
		return nil, cause
	}
	t.noteEnd(ctx, host, nil)
	resp.Body = http.NoBody
	resp.ContentLength = 0
	resp.Uncompressed = true
	return resp, nil
}

// keep returns the body b for the current fetch to hold: the slice of an
// earlier fetch of the same domain when it holds the same bytes, or else a
// copy of b at its exact size. A domain's bodies are held until its files
// are parsed together, and a server that answers every path with one page
// (a single-page application's index.html, a soft 404 page, a hostile
// server's megabyte of filler) would otherwise cost a copy of that page per
// location. Bodies are never written to once read, so sharing is safe.
func (t *recorder) keep(b []byte) []byte {
	for _, k := range t.kept {
		if len(k) == len(b) && bytes.Equal(k, b) {
			return k
		}
	}
	c := append(make([]byte, 0, len(b)), b...)
	if len(c) > 0 {
		t.kept = append(t.kept, c)
	}
	return c
}

// endDomain forgets the bodies of the domain that ended, so that the
// recorder does not keep them alive while it serves the next.
func (t *recorder) endDomain() {
	clear(t.kept)
	t.kept = t.kept[:0]
}

// noteEnd tells the gates how a request to host ended (err, nil for a
// response read whole): in the request's timeout, which counts towards
// leaving the host alone, or otherwise, which ends the host's run of
// timeouts. A request cut by its domain's deadline or the crawl's end says
// nothing of the host. A redirect is noted as an answer.
func (t *recorder) noteEnd(ctx context.Context, host string, err error) {
	// A lookup that failed, even by timing out, says nothing of the host:
	// it is no strike against it (its requests are dns or dns_not_found),
	// nor an answer.
	var dnsErr *net.DNSError
	dns := err != nil && errors.As(err, &dnsErr)
	switch cause := context.Cause(ctx); {
	case cause == errRequestTimeout, cause == nil && err != nil && !dns && isTimeout(err):
		t.gates.timedOut(host)
	case cause == nil && !dns:
		t.gates.answered(host)
	}
}

// ipKey returns the address used for the per-IP limit: the host's when it
// is an IP literal, else the first of its DNS answer that the guard allows,
// which is the address the dialer tries first (an answer's refused
// addresses are never connected to, and keyed on one of them, names
// sharing a public address behind different refused ones would each have
// a gate of their own). The answer is looked up now if it is not cached
// (the dialer then finds it in the cache; the lookup's time is the fetch's
// DNS time). It is invalid when unknown: no resolver (--connect-to alone),
// the lookup failed, or the guard refuses every address (the dialer
// reports why).
func (t *recorder) ipKey(ctx context.Context, host string, tm *timing) netip.Addr {
	if ip := net.ParseIP(host); ip != nil { // nil, and no allocation, for a name
		a, _ := netip.AddrFromSlice(ip)
		return a.Unmap()
	}
	if t.res == nil {
		return netip.Addr{}
	}
	addrs, ok := t.res.cached(host)
	if !ok {
		start := time.Now()
		var err error
		addrs, err = t.res.lookup(ctx, host)
		tm.addDNS(time.Since(start))
		if err != nil {
			return netip.Addr{}
		}
	}
	for _, a := range addrs {
		if t.guard.checkResolved(host, a) == nil {
			return a.Unmap()
		}
	}
	return netip.Addr{}
}

// hostKey returns the name the gates know a host by: host names are
// compared without regard to case or a trailing dot (RFC 3986 §3.2.2), and
// the port does not make another host, so a redirect to WWW.Example.COM.
// or to example.com:443 queues with example.com; a name in Unicode is its
// ASCII form (asciiHost), so a redirect to bücher.test queues with
// xn--bcher-kva.test.
func hostKey(hostname string) string {
	hostname = strings.TrimSuffix(asciiHost(hostname), ".")
	return strings.ToLower(hostname) // no allocation when already lower case
}

// asciiHost returns a host name in Unicode (from a redirect's Location)
// in its ASCII form, the one net/http connects to and DNS knows
// (IDNA's lookup mapping: bücher.test is xn--bcher-kva.test); an ASCII
// name, or one IDNA refuses, is returned as it is.
func asciiHost(hostname string) string {
	for i := 0; i < len(hostname); i++ {
		if hostname[i] >= utf8.RuneSelf {
			if a, err := idna.Lookup.ToASCII(hostname); err == nil {
				return a
			}
			return hostname
		}
	}
	return hostname
}

// bodyError marks a failure while reading a response body.
type bodyError struct{ err error }

func (e *bodyError) Error() string { return "reading body: " + e.err.Error() }
func (e *bodyError) Unwrap() error { return e.err }

func isRedirect(code int) bool {
	switch code {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// readBody reads at most max bytes of the decoded body into buf. It
// reports whether the body was longer, and the Content-Encoding it left
// undecoded.
func readBody(resp *http.Response, max int64, buf *bytes.Buffer) (bool, string, error) {
	var r io.Reader = resp.Body
	var undecoded string
	wire := &capReader{r: resp.Body, n: wireCap(max)} // what a decoder reads off the wire is capped too (see wireCap)
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(wire)
		if err != nil {
			return false, "", fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	case "deflate":
		// "deflate" is zlib-wrapped per RFC 9110 §8.4.1.2; some servers send
		// raw deflate, recognised by the missing zlib header.
		br := bufio.NewReaderSize(wire, 512)
		if hdr, _ := br.Peek(2); len(hdr) == 2 && (uint16(hdr[0])<<8|uint16(hdr[1]))%31 == 0 && hdr[0]&0x0f == 8 {
			zr, err := zlib.NewReader(br)
			if err != nil {
				return false, "", fmt.Errorf("deflate: %w", err)
			}
			defer zr.Close()
			r = zr
		} else {
			fr := flate.NewReader(br)
			defer fr.Close()
			r = fr
		}
	default:
		if compressed(enc) {
			// A compression the crawler did not ask for (it sends
			// Accept-Encoding: gzip, deflate): the bytes are not the
			// file, and kept as its body they would be parsed as one.
			return false, enc, fmt.Errorf("%w: %q", errUnrequestedCoding, enc)
		}
		undecoded = enc
	}
	if cl := resp.ContentLength; cl > 0 && cl <= max && undecoded == "" && r == resp.Body {
		buf.Grow(int(cl) + 1)
	}
	n, err := buf.ReadFrom(io.LimitReader(r, max+1))
	truncated := n > max
	if truncated {
		buf.Truncate(int(max))
	}
	if errors.Is(err, errWireCap) {
		// The encoded body passed its cap before the decoded one did:
		// the body is over the cap, and what was decoded of it is kept.
		truncated, err = true, nil
	}
	if errors.Is(err, io.ErrUnexpectedEOF) && r != resp.Body && wire.ended {
		err = errTruncatedEncoding
	}
	if err != nil && !truncated {
		return false, undecoded, err
	}
	return truncated, undecoded, nil
}

// wireCap returns how many bytes of a compressed body readBody reads off
// the wire, for a body cap of max decoded bytes. A gzip or deflate encoding
// of a body within the cap is never much longer than the cap (deflate's
// stored blocks add 5 bytes in 65,535, a gzip member's header and trailer
// 18 and any extra field at most 64 KiB), but a stream of empty gzip
// members or empty deflate blocks decodes to nothing, however long: without
// this cap the decoded-size cap never ends it, and it is read at wire speed
// until the request timeout (hundreds of MiB from a loopback server in 3 s).
func wireCap(max int64) int64 { return max + max/64 + 64<<10 }

// errWireCap is capReader's error when its cap is reached.
var errWireCap = errors.New("encoded body over the cap")

// capReader reads at most n bytes from r, then fails with errWireCap.
type capReader struct {
	r io.Reader
	n int64
	// ended is true once the wire body ended cleanly (io.EOF): a decoder
	// that then says io.ErrUnexpectedEOF had a truncated stream, not a
	// cut connection.
	ended bool
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, errWireCap
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	c.ended = c.ended || err == io.EOF
	return n, err
}

// errTruncatedEncoding is readBody's error for a gzip or deflate stream
// that ends early although the response's body arrived whole (its
// Content-Length, or its last chunk): a broken encoding, not a connection
// cut short.
var errTruncatedEncoding = errors.New("the compressed stream ends before its end, though the body arrived whole")

// errUnrequestedCoding is readBody's error for a body compressed with a
// content coding the crawler did not ask for and does not decode.
var errUnrequestedCoding = errors.New("content coding not requested")

// compressed reports whether a Content-Encoding value (lower case, not
// gzip or deflate) compresses the body: a compression coding of the IANA
// registry (br, zstd, compress, dcb, dcz, exi, pack200-gzip), or a list of
// codings (RFC 9110 §8.4), which the crawler never decodes. Other values
// (a charset or "none" where a coding belongs) leave the bytes as they
// are: the body is kept, and Fetch.Encoding names the value.
func compressed(enc string) bool {
	switch enc {
	case "br", "zstd", "compress", "x-compress", "dcb", "dcz", "exi", "pack200-gzip":
		return true
	}
	return strings.IndexByte(enc, ',') >= 0
}

// noRetryAfterBackOff is how long a host that answered 429 without a
// (valid) Retry-After is left alone by other domains' requests.
const noRetryAfterBackOff = time.Minute

// retryAfterCeiling is the longest Retry-After taken at its word: a longer
// one (a year, a date in 9999, more seconds than a time.Duration holds)
// counts as this, which is longer than any wait or back-off the crawler
// keeps.
const retryAfterCeiling = 24 * time.Hour

// retryAfter parses a Retry-After header (RFC 9110 §10.2.3: delta-seconds
// or an HTTP date), capped at retryAfterCeiling; a date in the past is 0.
// Anything else (a sign, a fraction, garbage) is no Retry-After.
func retryAfter(v string) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if c := v[0]; '0' <= c && c <= '9' {
		const ceiling = int64(retryAfterCeiling / time.Second)
		var s int64
		for i := 0; i < len(v); i++ {
			c := v[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			if s <= ceiling { // stop counting past the ceiling: no overflow
				s = s*10 + int64(c-'0')
			}
		}
		return time.Duration(min(s, ceiling)) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(time.Until(t), 0), retryAfterCeiling), true
	}
	return 0, false
}
