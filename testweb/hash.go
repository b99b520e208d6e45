package testweb

// Deterministic hashing. Every per-site choice is a function of the Web's
// seed and the site's name, drawn through these helpers so that the same
// seed gives the same population in every run and on every platform.

// mix is the SplitMix64 finaliser: a bijective avalanche of x.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// hashString hashes s (FNV-1a) keyed by seed.
func hashString(seed uint64, s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return mix(h ^ mix(seed))
}

// draw derives an independent value from a site hash h for the choice
// named by tag.
func draw(h uint64, tag string) uint64 { return hashString(h, tag) }

// unit maps a hash to a float64 in [0, 1).
func unit(u uint64) float64 { return float64(u>>11) / (1 << 53) }
