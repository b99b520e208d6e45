package testweb

import (
	"fmt"
	"math"
	"time"
)

// Config configures a simulated web. The zero Config is a realistic web of
// 2,000 sites without DNS and without added latency.
type Config struct {
	// Seed selects the population: the same seed gives the same sites,
	// kinds, files and truth in every run.
	Seed int64
	// Sites is the number of sites (default 2,000).
	Sites int
	// DNS adds the kinds that only a DNS server can express (nxdomain,
	// private-dns). Set it when the crawler resolves names with ServeDNS
	// (--resolver); without the resolver the crawler cannot see them.
	DNS bool
	// Mix is the preset of kind shares: "realistic" (default), "hostile"
	// or "clean" (see Mixes and Kinds).
	Mix string
	// Latency delays every response (see Latency); zero adds none.
	Latency Latency
	// StallShare, when positive, is the share of sites (0 to 1) of the
	// stall kind, replacing the mix's.
	StallShare float64
	// SlowDelay delays every response of the slow kind (default 2 s). The
	// truth assumes it is below the crawler's request timeout and that 13
	// of them fit in its domain deadline.
	SlowDelay time.Duration
	// StallLimit is how long a stalled request is held before its
	// connection is closed without an answer (default 2 min); keep it
	// above the crawler's request timeout.
	StallLimit time.Duration
	// BombSize is the expanded size of the gzip bomb (default 1 GiB),
	// rounded up to whole MiB.
	BombSize int64
	// MaxBody is the crawler's body cap the truth assumes (default 1 MiB,
	// the crawler's --max-body default): longer files are too_large.
	MaxBody int64
	// CertCache bounds the number of leaf certificates kept (default
	// 4,096); older ones are issued again when needed.
	CertCache int
}

// Latency is a log-normal distribution of response delays, given by its
// median and 99th percentile, with a cap. Every response of a site is
// delayed by a value drawn deterministically from the site and the path,
// so a run is repeatable.
type Latency struct {
	Median time.Duration
	P99    time.Duration
	// Max caps every delay (default 3 × P99). The truth assumes it is
	// below the crawler's request timeout.
	Max time.Duration
}

// Defaults.
const (
	defaultSites      = 2000
	defaultSlowDelay  = 2 * time.Second
	defaultStallLimit = 2 * time.Minute
	defaultBombSize   = 1 << 30
	defaultMaxBody    = 1 << 20
	defaultCertCache  = 4096
)

// withDefaults returns c with its zero fields set to the defaults, or an
// error for a value out of range.
func (c Config) withDefaults() (Config, error) {
	if c.Sites < 0 {
		return c, fmt.Errorf("testweb: Sites is negative (%d)", c.Sites)
	}
	if c.Sites == 0 {
		c.Sites = defaultSites
	}
	if c.Mix == "" {
		c.Mix = MixRealistic
	}
	if c.StallShare < 0 || c.StallShare >= 1 || math.IsNaN(c.StallShare) {
		return c, fmt.Errorf("testweb: StallShare %v is not in [0, 1)", c.StallShare)
	}
	if c.SlowDelay <= 0 {
		c.SlowDelay = defaultSlowDelay
	}
	if c.StallLimit <= 0 {
		c.StallLimit = defaultStallLimit
	}
	if c.BombSize <= 0 {
		c.BombSize = defaultBombSize
	}
	if c.MaxBody <= 0 {
		c.MaxBody = defaultMaxBody
	}
	if c.CertCache <= 0 {
		c.CertCache = defaultCertCache
	}
	l := &c.Latency
	switch {
	case l.Median < 0 || l.P99 < 0 || l.Max < 0:
		return c, fmt.Errorf("testweb: negative latency %+v", *l)
	case l.Median == 0 && l.P99 > 0:
		return c, fmt.Errorf("testweb: latency P99 %v without a median", l.P99)
	case l.P99 == 0:
		l.P99 = l.Median
	case l.P99 < l.Median:
		return c, fmt.Errorf("testweb: latency P99 %v is below the median %v", l.P99, l.Median)
	}
	if l.Max == 0 {
		l.Max = 3 * l.P99
	}
	return c, nil
}

// z99 is the 99th percentile of the standard normal distribution.
const z99 = 2.3263478740408408

// delay returns the latency for a draw u in [0, 1): the quantile u of the
// log-normal distribution, capped at Max.
func (l Latency) delay(u float64) time.Duration {
	if l.Median <= 0 {
		return 0
	}
	d := float64(l.Median)
	if sigma := math.Log(float64(l.P99)/float64(l.Median)) / z99; sigma > 0 {
		z := math.Sqrt2 * math.Erfinv(2*u-1)
		d *= math.Exp(sigma * z)
	}
	if d > float64(l.Max) || math.IsNaN(d) {
		return l.Max
	}
	return time.Duration(d)
}
