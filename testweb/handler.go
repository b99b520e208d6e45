package testweb

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strconv"
	"time"
)

// handler serves the requests of one scheme.
type handler struct {
	w      *Web
	scheme string
}

// ServeHTTP executes the reply that plan decides for the request.
func (h handler) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w := h.w
	if !w.enter() {
		rw.Header().Set("Connection", "close")
		rw.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	defer w.leave()
	w.stats.requests.Add(1)
	hi, ok := w.lookupHost(r.Host)
	if !ok {
		w.stats.unknown.Add(1)
		rw.Header().Set("Content-Type", typeText)
		rw.WriteHeader(http.StatusMisdirectedRequest)
		rw.Write([]byte("421 Misdirected Request: " + hi.host + " is not a site of this simulated web\n"))
		return
	}
	w.stats.byKind[hi.kind].Add(1)
	rep := w.plan(hi, h.scheme, r.URL.Path, r.URL.RawQuery)
	if rep.op == opStall {
		w.stall(rw, r)
		return
	}
	if !w.sleep(r.Context(), rep.delay+w.latency(hi, r.URL.Path)) {
		panic(http.ErrAbortHandler) // the client left or the Web closed
	}
	body := w.replyBody(rep, hi.seed)
	switch rep.op {
	case opResetBody:
		w.resetMidBody(rw, rep, body)
		return
	case opShortBody, opBadChunked, opGarbage, opHTTP09:
		w.malformed(rw, rep, body, hi.h)
		return
	}
	hdr := rw.Header()
	if f := rep.file; f != nil {
		for k, v := range f.header {
			hdr[k] = v
		}
		if f.contentType != "" {
			hdr["Content-Type"] = []string{f.contentType}
		}
	}
	if rep.encoding != "" {
		hdr["Content-Encoding"] = []string{rep.encoding}
	}
	if rep.location != "" {
		hdr["Location"] = []string{rep.location}
	}
	hdr["Content-Length"] = []string{strconv.Itoa(len(body))}
	rw.WriteHeader(rep.status)
	if r.Method != http.MethodHead {
		rw.Write(body)
	}
}

// replyBody returns the bytes of a reply's body for a site seeded as
// seed (host-dependent bodies speak for the seeded domain).
func (w *Web) replyBody(rep reply, seed string) []byte {
	if rep.big != bigNone {
		return w.bigBody(rep.big)
	}
	if rep.file == nil || rep.file.body == nil {
		return nil
	}
	return rep.file.body(seed)
}

// latency returns the configured delay for a request of path to site hi.
func (w *Web) latency(hi hostInfo, path string) time.Duration {
	if w.cfg.Latency.Median <= 0 {
		return 0
	}
	return w.cfg.Latency.delay(unit(hashString(hi.h, path)))
}

// sleep waits for d; it reports false when ctx ends or the Web closes
// first.
func (w *Web) sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-w.done:
	}
	return false
}

// stall holds a request unanswered until the client gives up, the Web
// closes, or Config.StallLimit passes; then it drops the connection
// without a response.
func (w *Web) stall(rw http.ResponseWriter, r *http.Request) {
	w.stats.stalls.Add(1)
	t := time.NewTimer(w.cfg.StallLimit)
	defer t.Stop()
	select {
	case <-r.Context().Done():
	case <-w.done:
	case <-t.C:
	}
	panic(http.ErrAbortHandler) // closes the connection without a response
}

// resetMidBody writes the response head and half the body, then resets
// the connection.
func (w *Web) resetMidBody(rw http.ResponseWriter, rep reply, body []byte) {
	conn, buf := hijack(rw)
	writeHead(buf.Writer, rep, len(body))
	buf.Write(body[:len(body)/2])
	buf.Flush()
	// Give the kernel a moment to send the partial body before the RST
	// discards whatever is still queued.
	w.sleep(context.Background(), 20*time.Millisecond)
	resetConn(conn)
}

// hijack takes the connection over from net/http, to write what a handler
// cannot; when it cannot, the handler aborts (the connection is closed
// without a response).
func hijack(rw http.ResponseWriter) (net.Conn, *bufio.ReadWriter) {
	hj, ok := rw.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, buf, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	return conn, buf
}

// shortBodyMissing is how many bytes the short-body kind's Content-Length
// promises beyond the body it sends.
const shortBodyMissing = 1024

// malformed writes one of the broken responses (opShortBody,
// opBadChunked, opGarbage, opHTTP09) on the hijacked connection, then
// closes it (a TLS close_notify and a FIN, not a reset). h is the site's
// hash, which picks the variant of the fault.
func (w *Web) malformed(rw http.ResponseWriter, rep reply, body []byte, h uint64) {
	conn, buf := hijack(rw)
	defer conn.Close()
	b := buf.Writer
	switch rep.op {
	case opShortBody:
		writeHead(b, rep, len(body)+shortBodyMissing)
		b.Write(body)
	case opBadChunked:
		writeHeadChunked(b, rep)
		half := body[:len(body)/2]
		if draw(h, "bad-chunked")%2 == 0 {
			// A valid first chunk, then a size that is not hex.
			b.WriteString(strconv.FormatInt(int64(len(half)), 16) + "\r\n")
			b.Write(half)
			b.WriteString("\r\nzz\r\n")
			b.Write(body[len(half):])
		} else {
			// A chunk longer than its size says: no CRLF where the size
			// ends.
			b.WriteString(strconv.FormatInt(int64(len(half)), 16) + "\r\n")
			b.Write(body)
			b.WriteString("\r\n0\r\n\r\n")
		}
	case opGarbage:
		b.Write(garbage(h))
	case opHTTP09:
		b.Write(body)
	}
	b.Flush()
}

// garbage returns the bytes the not-http kind answers with: 256 bytes
// drawn from the site's hash, all of them non-ASCII but a CRLF after the
// first 64 (so that a client reads a "status line" that is not one).
func garbage(h uint64) []byte {
	out := make([]byte, 256)
	for i := range out {
		if i%8 == 0 {
			h = mix(h + uint64(i))
		}
		out[i] = byte(h>>(8*(i%8))) | 0x80 // never ASCII: never "HTTP/", never a line end
	}
	out[64], out[65] = '\r', '\n'
	return out
}

// writeHeadChunked writes an HTTP/1.1 response head with
// Transfer-Encoding: chunked for a hijacked connection.
func writeHeadChunked(b *bufio.Writer, rep reply) {
	b.WriteString("HTTP/1.1 " + strconv.Itoa(rep.status) + " " + http.StatusText(rep.status) + "\r\n")
	writeFileHeader(b, rep)
	b.WriteString("Transfer-Encoding: chunked\r\n\r\n")
}

// writeFileHeader writes the Content-Type and headers of a reply's file.
func writeFileHeader(b *bufio.Writer, rep reply) {
	if f := rep.file; f != nil {
		if f.contentType != "" {
			b.WriteString("Content-Type: " + f.contentType + "\r\n")
		}
		for k, vs := range f.header {
			for _, v := range vs {
				b.WriteString(k + ": " + v + "\r\n")
			}
		}
	}
	if rep.encoding != "" {
		b.WriteString("Content-Encoding: " + rep.encoding + "\r\n")
	}
}

// writeHead writes an HTTP/1.1 response head for a hijacked connection.
func writeHead(b *bufio.Writer, rep reply, n int) {
	b.WriteString("HTTP/1.1 " + strconv.Itoa(rep.status) + " " + http.StatusText(rep.status) + "\r\n")
	writeFileHeader(b, rep)
	b.WriteString("Content-Length: " + strconv.Itoa(n) + "\r\n\r\n")
}
