package testweb

import "sync/atomic"

// Stats counts what a Web has served since it was made.
type Stats struct {
	// Connections is the number of TCP connections accepted.
	Connections int64
	// TLSHandshakes is the number of completed TLS handshakes.
	TLSHandshakes int64
	// TLSFailures is the number of failed or refused TLS handshakes.
	TLSFailures int64
	// Requests is the number of HTTP requests received.
	Requests int64
	// RequestsByKind counts the requests by the kind of the site
	// requested; requests for names outside the population count as
	// "unknown". Kinds without requests are left out.
	RequestsByKind map[string]int64
	// Stalls is the number of requests left unanswered on purpose.
	Stalls int64
	// Resets is the number of connections reset on purpose.
	Resets int64
	// DNSQueries is the number of DNS messages answered.
	DNSQueries int64
	// CertsIssued is the number of leaf certificates issued (a name
	// evicted from the cache and requested again counts again).
	CertsIssued int64
}

// counters are the live counts behind Stats.
type counters struct {
	connections, handshakes, tlsFailures, requests atomic.Int64
	unknown, stalls, resets, dns                   atomic.Int64
	byKind                                         [numKinds]atomic.Int64
}

// Stats returns the counts so far.
func (w *Web) Stats() Stats {
	c := &w.stats
	s := Stats{
		Connections:    c.connections.Load(),
		TLSHandshakes:  c.handshakes.Load(),
		TLSFailures:    c.tlsFailures.Load(),
		Requests:       c.requests.Load(),
		RequestsByKind: map[string]int64{},
		Stalls:         c.stalls.Load(),
		Resets:         c.resets.Load(),
		DNSQueries:     c.dns.Load(),
		CertsIssued:    w.certs.issued.Load(),
	}
	for k := range c.byKind {
		if n := c.byKind[k].Load(); n > 0 {
			s.RequestsByKind[w.names[k]] = n
		}
	}
	if n := c.unknown.Load(); n > 0 {
		s.RequestsByKind["unknown"] = n
	}
	return s
}
