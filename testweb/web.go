package testweb

import (
	"crypto/tls"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/agentpolicy/survey/registry"
)

// Web is a simulated web: a population of sites, the server that plays
// them, and their ground truth. Its methods are safe for concurrent use.
type Web struct {
	cfg    Config
	seed   uint64
	width  int              // digits of a site's index in its name
	perm   permutation      // site index -> slot
	bounds [numKinds]int    // kind k holds slots [bounds[k-1], bounds[k])
	names  [numKinds]string // kind names
	cat    *catalog         // package content's bodies
	own    ownBodies        // testweb's own bodies
	paths  map[string]registry.LocationID
	locs   []registry.Location // in fetch order
	certs  *issuer
	tls    *tls.Config
	big    bigBodies

	// Serving state.
	done      chan struct{} // closed by Close
	closed    atomic.Bool
	live      sync.RWMutex // read-held by every running handler and loop; Close takes it to wait
	mu        sync.Mutex   // guards the sets below
	listeners map[net.Listener]struct{}
	packets   map[net.PacketConn]struct{}
	conns     map[*peekConn]struct{}
	start     sync.Once
	httpsQ    *connQueue
	httpQ     *connQueue
	servers   []*http.Server
	wg        sync.WaitGroup // the http.Servers' Serve loops
	stats     counters
}

// bigBodies are the bodies too large to build per request, each built
// once when first needed.
type bigBodies struct {
	robotsOnce, llmsOnce, bombOnce sync.Once
	robots, llms, bomb             []byte
}

// New makes a simulated web. It builds the content corpus and the CAs; it
// starts nothing until Serve or ServeDNS is called.
func New(cfg Config) (*Web, error) {
	return newWeb(cfg, contentSource())
}

// newWeb is New with another catalog source (tests use small ones).
func newWeb(cfg Config, src catalogSource) (*Web, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s, err := shares(cfg.Mix, cfg.DNS, cfg.StallShare)
	if err != nil {
		return nil, err
	}
	cat, err := newCatalog(src)
	if err != nil {
		return nil, err
	}
	own, err := newOwnBodies()
	if err != nil {
		return nil, err
	}
	certs, err := newIssuer(cfg.CertCache)
	if err != nil {
		return nil, err
	}
	w := &Web{
		cfg:       cfg,
		seed:      uint64(cfg.Seed),
		width:     max(6, len(strconv.Itoa(cfg.Sites-1))),
		perm:      newPermutation(cfg.Sites, mix(uint64(cfg.Seed)^0x7e57_3eb)),
		bounds:    allocate(s, cfg.Sites),
		cat:       cat,
		own:       own,
		paths:     map[string]registry.LocationID{},
		locs:      registry.Locations(),
		certs:     certs,
		done:      make(chan struct{}),
		listeners: map[net.Listener]struct{}{},
		packets:   map[net.PacketConn]struct{}{},
		conns:     map[*peekConn]struct{}{},
	}
	for i, k := range kindTable() {
		w.names[i] = k.name
	}
	for _, l := range w.locs {
		if !l.Canary {
			w.paths[l.Path] = l.ID
		}
	}
	w.tls = &tls.Config{
		MinVersion:         tls.VersionTLS12,
		NextProtos:         []string{"http/1.1"},
		GetCertificate:     w.getCertificate,
		GetConfigForClient: w.configForClient,
	}
	return w, nil
}

// CACertPEM returns the PEM encoding of the CA that signs every site's
// certificate (except those of bad-cert sites). Crawlers trust it with
// --ca-file.
func (w *Web) CACertPEM() []byte {
	return append([]byte(nil), w.certs.trusted.pem...)
}

// Sites returns the number of sites in the population.
func (w *Web) Sites() int { return w.cfg.Sites }

// bigBody returns the body b, building it on first use.
func (w *Web) bigBody(b bigBody) []byte {
	switch b {
	case bigRobots:
		w.big.robotsOnce.Do(func() {
			w.big.robots = buildOversized("User-agent: *\n", "Disallow: /archive/%08d/\n", oversizeLen)
		})
		return w.big.robots
	case bigLLMs:
		w.big.llmsOnce.Do(func() {
			w.big.llms = buildOversized("# Archive\n\n> Every page of the archive.\n\n## Pages\n\n",
				"- [Page %08d](https://example.com/archive/page.html): an archived page\n", oversizeLen)
		})
		return w.big.llms
	case bigBomb:
		w.big.bombOnce.Do(func() {
			// buildBomb fails only if compress/gzip does; an empty body is
			// then served and the truth will disagree, which tests catch.
			w.big.bomb, _ = buildBomb(bombDecodedSize(w.cfg.BombSize))
		})
		return w.big.bomb
	}
	return nil
}

// Close stops every Serve and ServeDNS call (they return
// http.ErrServerClosed), closes every connection, releases stalled
// requests, and waits for every handler to return. It is safe to call
// more than once.
func (w *Web) Close() error {
	if !w.closed.CompareAndSwap(false, true) {
		return nil
	}
	close(w.done)
	w.mu.Lock()
	for ln := range w.listeners {
		ln.Close()
	}
	for pc := range w.packets {
		pc.Close()
	}
	conns := make([]*peekConn, 0, len(w.conns))
	for c := range w.conns {
		conns = append(conns, c)
	}
	servers := w.servers
	w.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
	for _, s := range servers {
		s.Close()
	}
	w.live.Lock() // every handler and loop has returned (each holds the read lock while it runs)
	//lint:ignore SA2001 the lock is the wait; nothing is guarded
	w.live.Unlock()
	w.wg.Wait()
	return nil
}

// enter registers a running handler or loop; it reports false once the
// Web is closed. Every true enter is paired with leave.
func (w *Web) enter() bool {
	w.live.RLock()
	if w.closed.Load() {
		w.live.RUnlock()
		return false
	}
	return true
}

// leave ends what enter began.
func (w *Web) leave() { w.live.RUnlock() }

// track runs add, which registers something Close must stop (a listener,
// a connection, the servers), under w.mu unless the Web is closed, and
// reports whether it ran. Close marks the Web closed before it takes its
// snapshot under w.mu, so whatever add registers is in that snapshot:
// without the check, a Serve that entered just before Close could
// register after the snapshot and never be stopped.
func (w *Web) track(add func()) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed.Load() {
		return false
	}
	add()
	return true
}
