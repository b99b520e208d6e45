package pipeline

import (
	"testing"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/sink"
)

// testUnit is a crawled domain of the given outcome and reason whose
// fetches are fetches (outcome, reason, error each).
func testUnit(domain, outcome, reason string, fetches ...[3]string) *unit {
	u := &unit{target: sink.TargetRow{Domain: domain, Outcome: outcome, Reason: reason}}
	for _, f := range fetches {
		u.fetches = append(u.fetches, sink.FetchRow{Domain: domain, Outcome: f[0], Reason: f[1], Error: f[2]})
	}
	return u
}

func domainsOf(us []*unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.target.Domain)
	}
	return out
}

// The breaker holds domains that went wrong until one answers whole; after
// its number of failures in a row it trips, dropping what it held (the
// domains that lost fetches as the network went down among them), and
// then lets through only domains that answer whole.
func TestOutageBreaker(t *testing.T) {
	ok := func(d string) *unit { return testUnit(d, classify.DomainOK, "", [3]string{"present", "ok", ""}) }
	dead := func(d string) *unit {
		return testUnit(d, classify.DomainUnreachable, "connect", [3]string{"network_error", "connect", "dial tcp: connection refused"})
	}
	lossy := func(d string) *unit {
		return testUnit(d, classify.DomainOK, "", [3]string{"present", "ok", ""}, [3]string{"network_error", "reset", "connection reset"})
	}
	nx := func(d string) *unit {
		return testUnit(d, classify.DomainUnreachable, "dns", [3]string{"network_error", "dns", "lookup x.invalid: no such host"})
	}
	b := &outageBreaker{after: 3}
	steps := []struct {
		u    *unit
		want []string
	}{
		{ok("a"), []string{"a"}},
		{lossy("b"), nil},
		{dead("c"), nil},
		{ok("d"), []string{"b", "c", "d"}}, // an answer releases what was held
		{lossy("f"), nil},
		{dead("g"), nil},
		{nx("e"), []string{"e"}}, // NXDOMAIN is recorded, and says nothing of the network
		{dead("h"), nil},
		{dead("i"), nil}, // three failures in a row: tripped, f to i dropped
		{dead("j"), nil},
		{lossy("k"), nil},
		{ok("l"), []string{"l"}},
	}
	for i, s := range steps {
		if got := domainsOf(b.take(s.u)); !equal(got, s.want) {
			t.Fatalf("step %d (%s): committed %v, want %v", i, s.u.target.Domain, got, s.want)
		}
	}
	if b.tripped != 3 || b.why != "unreachable (connect) 3" || len(b.flush()) != 0 {
		t.Errorf("tripped %d (%q)", b.tripped, b.why)
	}

	// Domains that lose a fetch, many in a row, are released past twice
	// the failures, and at the end.
	b = &outageBreaker{after: 2}
	var got []string
	for _, d := range []string{"m", "n", "o", "p", "q"} {
		got = append(got, domainsOf(b.take(lossy(d)))...)
	}
	got = append(got, domainsOf(b.flush())...)
	if !equal(got, []string{"m", "n", "o", "p", "q"}) || b.tripped != 0 {
		t.Errorf("lossy domains: committed %v, tripped %d", got, b.tripped)
	}

	// The zero breaker commits everything.
	var zero outageBreaker
	for _, u := range []*unit{dead("r"), dead("s"), dead("t")} {
		if got := domainsOf(zero.take(u)); len(got) != 1 {
			t.Errorf("the zero breaker held %s", u.target.Domain)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
