package pipeline

import (
	"fmt"
	"slices"
	"testing"
	"time"

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
		return testUnit(d, classify.DomainUnreachable, "dns_not_found", [3]string{"network_error", "dns_not_found", "lookup x.invalid: no such host"})
	}
	b := newOutageBreaker(3, 0)
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
		if got := domainsOf(b.take(s.u)); !slices.Equal(got, s.want) {
			t.Fatalf("step %d (%s): committed %v, want %v", i, s.u.target.Domain, got, s.want)
		}
	}
	if b.tripped != 3 || b.why != "unreachable (connect) 3" || len(b.flush()) != 0 {
		t.Errorf("tripped %d (%q)", b.tripped, b.why)
	}

	// Domains that lose a fetch, many in a row, are released past twice
	// the failures, and at the end.
	b = newOutageBreaker(2, 0)
	var got []string
	for _, d := range []string{"m", "n", "o", "p", "q"} {
		got = append(got, domainsOf(b.take(lossy(d)))...)
	}
	got = append(got, domainsOf(b.flush())...)
	if !slices.Equal(got, []string{"m", "n", "o", "p", "q"}) || b.tripped != 0 {
		t.Errorf("lossy domains: committed %v, tripped %d", got, b.tripped)
	}

	// A domain in flight before the trouble began answers whole but
	// proves nothing of the network since: it is committed alone, and the
	// held ones wait for a domain started after.
	start := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	timed := func(u *unit, from, took int) *unit {
		u.target.StartedAt = start.Add(time.Duration(from) * time.Second)
		u.target.DurationMs = float64(took * 1000)
		return u
	}
	b = newOutageBreaker(3, 0)
	for i, s := range []struct {
		u    *unit
		want []string
	}{
		{timed(lossy("u"), 0, 10), nil},                  // went wrong at 10 s
		{timed(ok("v"), 5, 6), []string{"v"}},            // started at 5 s, before: alone
		{timed(dead("w"), 8, 4), nil},                    //
		{timed(ok("x"), 11, 1), []string{"u", "w", "x"}}, // started after: releases
	} {
		if got := domainsOf(b.take(s.u)); !slices.Equal(got, s.want) {
			t.Fatalf("timed step %d (%s): committed %v, want %v", i, s.u.target.Domain, got, s.want)
		}
	}

	// It holds as many as are in flight, on top of twice its failures.
	b = newOutageBreaker(2, 10)
	for i := range 13 {
		if got := b.take(lossy(fmt.Sprint("l", i))); len(got) != 0 {
			t.Fatalf("released after %d lossy domains, with room for 14", i+1)
		}
	}
	if got := b.take(dead("y")); len(got) != 0 || b.tripped != 0 {
		t.Fatalf("one failure released %d or tripped", len(got))
	}
	if b.take(dead("z")); b.tripped != 2 || b.lossy != 13 {
		t.Errorf("tripped %d with %d lossy, want 2 with 13", b.tripped, b.lossy)
	}

	// The zero breaker commits everything.
	var zero outageBreaker
	for _, u := range []*unit{dead("r"), dead("s"), dead("t")} {
		if got := domainsOf(zero.take(u)); len(got) != 1 {
			t.Errorf("the zero breaker held %s", u.target.Domain)
		}
	}
}

// A name that does not exist says nothing of the network; a lookup that
// failed (no answer, SERVFAIL) does, as a refused connection does, whatever
// its error's text.
func TestUnitHealth_DNS(t *testing.T) {
	for _, c := range []struct {
		u    *unit
		want health
	}{
		{testUnit("a", classify.DomainUnreachable, "dns_not_found", [3]string{"network_error", "dns_not_found", "lookup a: no such host"}), neutral},
		{testUnit("b", classify.DomainUnreachable, "dns", [3]string{"network_error", "dns", "lookup b: server misbehaving"}), unanswered},
		{testUnit("c", classify.DomainUnreachable, "dns", [3]string{"network_error", "dns", "lookup c on 10.0.0.1:53: no such host"}), unanswered},
		{testUnit("d", classify.DomainUnreachable, "dns_not_found",
			[3]string{"network_error", "dns_not_found", "lookup d: no such host"}, [3]string{"network_error", "dns", "lookup www.d: i/o timeout"}), unanswered},
		{testUnit("e", classify.DomainOK, "", [3]string{"present", "ok", ""}, [3]string{"network_error", "dns_not_found", "lookup cdn.e: no such host"}), answered},
		{testUnit("f", classify.DomainOK, "", [3]string{"present", "ok", ""}, [3]string{"network_error", "dns", "lookup cdn.f: i/o timeout"}), lossy},
	} {
		if got := unitHealth(c.u); got != c.want {
			t.Errorf("%s: health %d, want %d", c.u.target.Domain, got, c.want)
		}
	}
}
