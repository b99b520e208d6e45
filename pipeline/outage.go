package pipeline

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/agentpolicy/survey/classify"
)

// outageBreaker stops a crawl whose own network went down
// (Options.OutageAfter) before it records every remaining domain
// unreachable. It holds back the latest domains that went wrong: those
// without any answer (failures, counted in a row), and those that answered
// but lost fetches to the network, as the domains in flight when it goes
// down do. A domain that answered whole, having started after the first
// held one ended, releases them to be committed: one that started before
// proves nothing of the network since (it is committed alone). After
// failures in a row they are dropped, left for --resume, and the breaker
// trips. Held domains past room (a web where many domains lose a fetch)
// are released. Its zero value, after 0, never trips.
type outageBreaker struct {
	after int
	// room is how many domains it may hold; at least twice after and
	// the domains in flight (Options.Crawl.Concurrency) on top, as many
	// as are in flight when the network goes down.
	room     int
	held     []*unit
	since    time.Time // when the first held domain ended
	failures int
	// tripped is the number of failures in a row that tripped it, 0
	// until then; why counts their outcomes, and lossy the domains that
	// lost fetches dropped with them.
	tripped int
	why     string
	lossy   int
}

// newOutageBreaker returns the breaker of a crawl of concurrency domains
// at once that trips after failures in a row (0: never).
func newOutageBreaker(after, concurrency int) *outageBreaker {
	return &outageBreaker{after: after, room: 2*after + max(concurrency, 0)}
}

// take returns the units to commit now, in order, u's turn having come.
// A neutral unit is committed at once, changing nothing. Once tripped, it
// returns only units that answered whole, or neutral ones.
func (b *outageBreaker) take(u *unit) []*unit {
	h := unitHealth(u)
	switch {
	case b.after <= 0, h == neutral:
		return []*unit{u}
	case b.tripped > 0 && h != answered:
		return nil // left for --resume
	case b.tripped > 0:
		return []*unit{u}
	case h == answered && len(b.held) > 0 && u.target.StartedAt.Before(b.since):
		return []*unit{u} // in flight before the trouble: says nothing of now
	case h == answered:
		out := append(b.held, u)
		b.held, b.failures = nil, 0
		return out
	}
	if len(b.held) == 0 {
		b.since = unitEnd(u)
	}
	b.held = append(b.held, u)
	if h == unanswered {
		b.failures++
	}
	switch {
	case b.failures >= b.after:
		b.tripped, b.why, b.lossy = b.failures, failureReasons(b.held), len(b.held)-b.failures
		b.held, b.failures = nil, 0
	case len(b.held) > b.room:
		out := b.held
		b.held, b.failures = nil, 0
		return out
	}
	return nil
}

// unitEnd is when a crawled domain's last fetch ended.
func unitEnd(u *unit) time.Time {
	return u.target.StartedAt.Add(time.Duration(u.target.DurationMs * float64(time.Millisecond)))
}

// flush returns the units held when the crawl ends without tripping.
func (b *outageBreaker) flush() []*unit {
	out := b.held
	b.held = nil
	return out
}

// health is how a crawled domain went, for the outage breaker.
type health int

const (
	answered   health = iota // every location answered (or was refused by the site)
	neutral                  // says nothing of the network: a name that does not exist, an address survey refuses
	lossy                    // the domain answered, but some fetches got no answer
	unanswered               // no answer at all: unreachable or timed out
)

// unitHealth says how a crawled domain went. A name that does not exist
// (NXDOMAIN) says that DNS works, not that sites can be reached; an
// address survey refuses (address_guard) is its own rule: both are
// neutral.
func unitHealth(u *unit) health {
	switch u.target.Outcome {
	case classify.DomainTimeout:
		return unanswered
	case classify.DomainUnreachable:
		if u.target.Reason == classify.ReasonAddressGuard || nameNotFound(u) {
			return neutral
		}
		return unanswered
	}
	for _, f := range u.fetches {
		switch {
		case f.Outcome == string(classify.Timeout):
			return lossy
		case f.Outcome == string(classify.NetworkError) && f.Reason != classify.ReasonAddressGuard && f.Reason != classify.ReasonNameNotFound:
			return lossy
		}
	}
	return answered
}

// nameNotFound reports whether a domain was unreachable because its name
// does not exist: some fetch was told so, and no lookup failed otherwise.
func nameNotFound(u *unit) bool {
	found := false
	for _, f := range u.fetches {
		if f.Outcome != string(classify.NetworkError) {
			continue
		}
		switch f.Reason {
		case classify.ReasonNameNotFound:
			found = true
		case classify.ReasonDNS:
			return false
		}
	}
	return found
}

// failureReasons counts the outcomes of the domains without an answer
// among units, most frequent first: "unreachable (connect) 180, timeout 20".
func failureReasons(units []*unit) string {
	counts := map[string]int{}
	for _, u := range units {
		if unitHealth(u) != unanswered {
			continue
		}
		k := u.target.Outcome
		if u.target.Reason != "" {
			k += " (" + u.target.Reason + ")"
		}
		counts[k]++
	}
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(counts[b]-counts[a], strings.Compare(a, b)) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, counts[k])
	}
	return strings.Join(parts, ", ")
}
