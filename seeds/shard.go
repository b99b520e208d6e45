package seeds

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// Shard is one share of a seed list: the seeds whose registrable domain
// hashes to Index among Count shards. The zero Shard holds every seed.
type Shard struct {
	Index int // 0-based
	Count int // number of shards; 0 or 1 means unsharded
}

// ParseShard parses "i/n" (0 ≤ i < n).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want i/n, e.g. 0/4", s)
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 0 ≤ i < n", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// String returns "i/n" ("0/1" for the zero Shard).
func (s Shard) String() string {
	if s.Count <= 1 {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Contains reports whether the seed belongs to the shard. The hash is of
// the registrable domain, so a site's apex and www land in the same shard
// and one host's politeness is kept by one crawler.
func (s Shard) Contains(seed Seed) bool {
	return s.Count <= 1 || ShardIndex(seed, s.Count) == s.Index
}

// ShardIndex returns the index of the shard, among count, that holds the
// seed (0 when count is 1 or less): the shard whose Contains reports it,
// by a hash of the seed's Site, so that a site's hosts land together.
func ShardIndex(seed Seed, count int) int {
	if count <= 1 {
		return 0
	}
	h := fnv.New64a()
	h.Write([]byte(Site(seed.Host)))
	return int(h.Sum64() % uint64(count))
}

// Site returns the site a host belongs to: its registrable domain
// (Registrable) less a leading "www.". The two differ only for a public
// suffix that is also a site (gov.uk, github.io): it is its own registrable
// domain, and so is its www host (www.gov.uk), which is the same site. The
// shards, and what counts as leaving a domain in a redirect, go by it.
func Site(host string) string {
	return strings.TrimPrefix(Registrable(host), "www.")
}

// Registrable returns the registrable domain (eTLD+1 by the public suffix
// list) of a host, in lower case and without a trailing dot (host names
// are case-insensitive, RFC 3986 §3.2.2, and "example.com." is the same
// name), or the host itself, so normalized, when it has none: an IP
// address (with or without IPv6 brackets), a public suffix, a single
// label.
func Registrable(host string) string {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return ip.String()
	}
	if r, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return r
	}
	return host
}

// ShardFromEnv returns the shard index for a crawl split into count shards
// from the batch scheduler's environment: JOB_COMPLETION_INDEX (Kubernetes
// Indexed Jobs) or SLURM_ARRAY_TASK_ID (Slurm job arrays). getenv is
// os.Getenv in production. Both set to different values is an error: the
// task's shard would depend on which survey reads first.
func ShardFromEnv(count int, getenv func(string) string) (Shard, error) {
	if k, s := getenv("JOB_COMPLETION_INDEX"), getenv("SLURM_ARRAY_TASK_ID"); k != "" && s != "" && k != s {
		return Shard{}, fmt.Errorf("JOB_COMPLETION_INDEX=%q and SLURM_ARRAY_TASK_ID=%q disagree: unset the one the scheduler did not set, or use --shard i/n", k, s)
	}
	for _, name := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i >= count {
			return Shard{}, fmt.Errorf("%s=%q is not a shard index in [0, %d)", name, v, count)
		}
		return Shard{Index: i, Count: count}, nil
	}
	return Shard{}, errors.New("--shards needs JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm) in the environment, or use --shard i/n")
}
