// Package testweb is the simulated web that survey's tests, demos and
// benchmarks crawl instead of the internet: a population of synthetic
// domains under the .test top-level domain, served from one loopback
// listener that speaks both HTTPS and plain HTTP, plus an optional DNS
// server.
//
// # Population
//
// Sites are named site-000000.test, site-000001.test, ...; the seed list
// (WriteSeeds) names some in their apex form and some as www.site-….test.
// Every site has a kind (see Kinds): most are "normal" sites that serve a
// realistic share of the agent-policy files, the rest misbehave in one of
// the ways the crawler must survive (soft 404s, bot walls, redirect
// loops, refused TLS, stalls, resets, decompression bombs, ...). The mix of
// kinds is a preset (Config.Mix) whose shares are one table in kinds.go;
// sites are dealt kinds through a keyed permutation of their indexes, so
// a population of n sites holds each kind exactly in proportion (and
// every kind of the realistic mix at least four times in 2,000 sites).
//
// Nothing is stored per site: a site's behaviour is computed from
// Config.Seed and the name in the request's Host header or TLS SNI, so a
// population of a million domains costs nothing until a domain is
// requested. The bodies come from package testweb/content, built once
// when the Web is made.
//
// # Ground truth
//
// Truth and WriteTruth say, for every domain and every registry location,
// what a crawler that follows docs/outcomes.md must find: the outcome and
// reason, the content variant and its validity label, the scheme and the
// flags. The truth is computed by simulating the crawler over the same
// request plan the server executes, so the two cannot drift apart.
//
// # Serving
//
// Serve accepts connections on a listener, peeks at the first byte (0x16
// starts a TLS handshake) and serves HTTP/1.1 with keep-alive over TLS or
// in the clear. Leaf certificates for each SNI name are issued on demand by
// the Web's own CA (CACertPEM) and kept in a bounded cache. ServeDNS
// answers A queries over UDP. Start runs both on loopback for tests.
package testweb
