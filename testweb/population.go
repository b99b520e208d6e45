package testweb

import (
	"strconv"
	"strings"
)

// Host names. A population site is "site-" + index + ".test", the index
// zero-padded to the population's width; its off-site mirror (the target
// of the redirect-offsite kind) is "cdn-" + index + ".test". Both answer
// with and without "www.".
const (
	tld        = ".test"
	sitePrefix = "site-"
	cdnPrefix  = "cdn-"
	wwwPrefix  = "www."
)

// family is the kind of host a name belongs to.
type family uint8

const (
	famSite family = iota // a population site
	famCDN                // the off-site mirror of a population site
)

// site is everything computed about one population site. It is cheap to
// make (a few hashes) and is never stored.
type site struct {
	index int
	name  string // registrable name, e.g. "site-000042.test"
	seed  string // the name as seeded: name or "www." + name
	kind  kind
	h     uint64 // hash of the Web's seed and name: the source of every choice
}

// hostInfo is a request's host resolved to its site.
type hostInfo struct {
	site
	fam  family
	www  bool   // the host has the "www." prefix
	host string // the host as requested, lower case, without port
}

// permutation is a keyed bijection of [0, n): a four-round Feistel network
// on the smallest even number of bits that covers n, with cycle walking.
type permutation struct {
	n    uint64
	half uint
	mask uint64
	keys [4]uint64
}

// newPermutation returns the permutation of [0, n) keyed by seed.
func newPermutation(n int, seed uint64) permutation {
	bits := uint(2)
	for uint64(1)<<bits < uint64(n) {
		bits += 2
	}
	p := permutation{n: uint64(n), half: bits / 2, mask: 1<<(bits/2) - 1}
	for i := range p.keys {
		p.keys[i] = mix(seed ^ uint64(i+1)*0x2545f4914f6cdd1d)
	}
	return p
}

// apply returns the image of x, which must be below n.
func (p permutation) apply(x uint64) uint64 {
	for {
		l, r := x>>p.half, x&p.mask
		for _, k := range p.keys {
			l, r = r, l^(mix(r^k)&p.mask)
		}
		x = l<<p.half | r
		if x < p.n {
			return x
		}
	}
}

// siteName returns the registrable name of site i.
func (w *Web) siteName(i int) string {
	return sitePrefix + w.pad(i) + tld
}

// cdnName returns the registrable name of site i's off-site mirror.
func (w *Web) cdnName(i int) string {
	return cdnPrefix + w.pad(i) + tld
}

// pad formats i zero-padded to the population's width.
func (w *Web) pad(i int) string {
	s := strconv.Itoa(i)
	if len(s) < w.width {
		s = strings.Repeat("0", w.width-len(s)) + s
	}
	return s
}

// site returns population site i (0 <= i < Sites).
func (w *Web) site(i int) site {
	name := w.siteName(i)
	return w.siteNamed(i, name)
}

// siteNamed returns site i, whose registrable name is name.
func (w *Web) siteNamed(i int, name string) site {
	s := site{index: i, name: name, h: hashString(w.seed, name)}
	slot := int(w.perm.apply(uint64(i)))
	for k := kind(0); k < numKinds; k++ {
		if slot < w.bounds[k] {
			s.kind = k
			break
		}
	}
	s.seed = name
	if unit(draw(s.h, "seed-www")) < 0.3 {
		s.seed = wwwPrefix + name
	}
	return s
}

// lookupHost resolves a host name (any case, with or without port or
// trailing dot) to its site. It reports false for names outside the
// population.
func (w *Web) lookupHost(host string) (hostInfo, bool) {
	host = normalizeHost(host)
	hi := hostInfo{host: host}
	name := host
	if strings.HasPrefix(name, wwwPrefix) {
		hi.www = true
		name = name[len(wwwPrefix):]
	}
	if !strings.HasSuffix(name, tld) {
		return hi, false
	}
	label := name[:len(name)-len(tld)]
	var digits string
	switch {
	case strings.HasPrefix(label, sitePrefix):
		hi.fam, digits = famSite, label[len(sitePrefix):]
	case strings.HasPrefix(label, cdnPrefix):
		hi.fam, digits = famCDN, label[len(cdnPrefix):]
	default:
		return hi, false
	}
	if len(digits) != w.width || strings.ContainsAny(digits, "+-") {
		return hi, false
	}
	i, err := strconv.Atoi(digits)
	if err != nil || i < 0 || i >= w.cfg.Sites {
		return hi, false
	}
	if hi.fam == famSite {
		hi.site = w.siteNamed(i, name)
	} else {
		hi.site = w.siteNamed(i, w.siteName(i))
	}
	return hi, true
}

// normalizeHost lower-cases host and strips a port and a trailing dot.
func normalizeHost(host string) string {
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[i+1:], "]") {
		host = host[:i]
	}
	host = strings.TrimSuffix(host, ".")
	for i := 0; i < len(host); i++ {
		if c := host[i]; 'A' <= c && c <= 'Z' {
			return strings.ToLower(host)
		}
	}
	return host
}
