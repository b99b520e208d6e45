package crawl

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/url"
	"os"
	"regexp"
	"strings"
	"syscall"
)

// Redirect-chain failures, returned by the redirect policy.
var (
	errRedirectLoop    = errors.New("redirect loop")
	errTooManyRedirect = errors.New("too many redirects")
	errRedirectScheme  = errors.New("redirect to a scheme other than http and https")
)

// localEndpoint matches the crawler's own address and port in network
// error texts ("read tcp 10.0.0.5:53211->93.184.215.14:443: ...").
var localEndpoint = regexp.MustCompile(`(\d{1,3}(\.\d{1,3}){3}|\[[0-9A-Fa-f:.%a-z]+\]):\d+->`)

// errorText returns the text of a request error without the crawler's own
// endpoint, which is noise (an ephemeral port) and would put the
// researcher's address into a published dataset, and without net/http's
// `Get "URL": ` wrapping (*url.Error), which repeats the URL the fetch
// records beside it (the last URL of a redirect chain is its final URL).
func errorText(err error) string {
	for {
		ue, ok := err.(*url.Error)
		if !ok {
			break
		}
		err = ue.Err
	}
	return localEndpoint.ReplaceAllString(err.Error(), "")
}

// kindOf classifies why a request failed. ph tells whether the failure
// happened during the TLS handshake; domainCtx and parent tell a request
// timeout from the domain's deadline and from the crawl being stopped.
func kindOf(err error, ph phases, domainCtx, parent context.Context) ErrorKind {
	var guardErr *GuardError
	var dnsErr *net.DNSError
	var awayErr *awayError
	var slowErr *unresponsiveError
	switch {
	case err == nil:
		return ErrNone
	case errors.As(err, &guardErr):
		return ErrGuard
	case errors.As(err, &awayErr):
		return ErrRateLimited
	case errors.As(err, &slowErr):
		return ErrHostUnresponsive
	case errors.Is(err, errRedirectLoop):
		return ErrLoop
	case errors.Is(err, errTooManyRedirect):
		return ErrTooManyRedirects
	case errors.Is(err, errRedirectScheme):
		return ErrBadLocation
	case errors.Is(err, errUnrequestedCoding), errors.Is(err, errTruncatedEncoding):
		return ErrProtocol
	case parent.Err() != nil:
		return ErrInterrupted
	case domainCtx.Err() != nil:
		return ErrDomainDeadline
	case errors.As(err, &dnsErr):
		// Before the timeout: a lookup that timed out is a DNS failure
		// (a lame delegation), not a site slow to answer. A name that
		// does not exist is told from a lookup that failed: the first
		// is the seed list's (a domain gone), the second the network's.
		if dnsErr.IsNotFound {
			return ErrNameNotFound
		}
		return ErrDNS
	case isTimeout(err):
		return ErrTimeout
	case isTLS(err) || (ph.tlsStarted && ph.tlsFailed):
		return ErrTLS
	case strings.Contains(err.Error(), "failed to parse Location header"),
		strings.Contains(err.Error(), "Location header") && strings.Contains(err.Error(), "redirect"),
		errors.Is(err, errBadPort):
		// A port out of range comes from a Location only: a seed's is
		// refused before any request.
		return ErrBadLocation
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EHOSTUNREACH),
		errors.Is(err, syscall.ENETUNREACH), isDialError(err):
		return ErrConnect
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		strings.Contains(err.Error(), "server closed"), strings.Contains(err.Error(), "connection reset"):
		return ErrReset
	case strings.Contains(err.Error(), "server response headers exceeded"):
		// net/http's message when the header block passes
		// Transport.MaxResponseHeaderBytes: the server answered, with more
		// headers than survey reads.
		return ErrHeaderCap
	case strings.Contains(err.Error(), "Content-Length"):
		// net/http's "message cannot contain multiple Content-Length
		// headers" and "bad Content-Length": framing no client can trust.
		return ErrProtocol
	case strings.Contains(err.Error(), "malformed"), strings.Contains(err.Error(), "gzip:"),
		strings.Contains(err.Error(), "deflate:"), strings.Contains(err.Error(), "flate:"),
		strings.Contains(err.Error(), "zlib:"), strings.Contains(err.Error(), "unsupported transfer encoding"),
		strings.Contains(err.Error(), "invalid header"), strings.Contains(err.Error(), "too large"),
		strings.Contains(err.Error(), "chunk"):
		// "chunk": net/http's errors for broken chunked framing
		// ("invalid byte in chunk length", "malformed chunked encoding",
		// "http chunk length too large", ...).
		return ErrProtocol
	}
	return ErrNetwork
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return strings.Contains(err.Error(), "Client.Timeout exceeded")
}

func isTLS(err error) bool {
	var (
		recErr   tls.RecordHeaderError
		alertErr tls.AlertError
		certErr  *tls.CertificateVerificationError
		unknown  x509.UnknownAuthorityError
		hostErr  x509.HostnameError
		invalid  x509.CertificateInvalidError
	)
	return errors.As(err, &recErr) || errors.As(err, &alertErr) || errors.As(err, &certErr) ||
		errors.As(err, &unknown) || errors.As(err, &hostErr) || errors.As(err, &invalid) ||
		strings.Contains(err.Error(), "tls: ")
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}
