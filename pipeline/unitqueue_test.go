package pipeline

import (
	"context"
	"testing"
	"time"

	"github.com/agentpolicy/survey/sink"
)

// bodyUnit is a unit holding n bytes of body and nothing else.
func bodyUnit(n int) *unit { return &unit{bodies: []body{{data: make([]byte, n)}}} }

// sent reports whether q.send(u) returns within a short wait, and what.
func sent(q *unitQueue, ctx context.Context, u *unit) (returned, ok bool) {
	done := make(chan bool, 1)
	go func() { done <- q.send(ctx, u) }()
	select {
	case ok := <-done:
		return true, ok
	case <-time.After(200 * time.Millisecond):
		return false, false
	}
}

// The queue holds units up to its budget of bytes: a unit past it waits
// until the sink is done with enough of those before it, and a unit larger
// than the whole budget waits for an empty queue, then goes alone.
func TestUnitQueue_BoundedByBytes(t *testing.T) {
	q := newUnitQueue(64, 1000)
	ctx := context.Background()
	a, b := bodyUnit(600), bodyUnit(300)
	if returned, ok := sent(q, ctx, a); !returned || !ok {
		t.Fatal("first unit not queued")
	}
	if returned, ok := sent(q, ctx, b); !returned || !ok {
		t.Fatal("second unit, within the budget, not queued")
	}
	big := bodyUnit(5000)
	done := make(chan bool, 1)
	go func() { done <- q.send(ctx, big) }()
	select {
	case <-done:
		t.Fatal("a unit past the budget was queued while 900 bytes of it were held")
	case <-time.After(100 * time.Millisecond):
	}
	q.done(<-q.ch)
	select {
	case <-done:
		t.Fatal("a unit larger than the budget was queued beside another")
	case <-time.After(100 * time.Millisecond):
	}
	q.done(<-q.ch)
	select {
	case ok := <-done:
		if !ok {
			t.Fatal("send of the large unit failed")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("a unit larger than the budget waited on an empty queue")
	}
	if got := <-q.ch; got != big || got.queued != 1000 {
		t.Fatalf("received %p holding %d bytes, want the large unit holding the whole budget", got, got.queued)
	}
}

// A send given up (the crawl stopped) gives its room back, and so does
// one that waited for the number of units rather than bytes.
func TestUnitQueue_StoppedSendHoldsNothing(t *testing.T) {
	q := newUnitQueue(1, 1000)
	ctx, cancel := context.WithCancel(context.Background())
	if returned, ok := sent(q, ctx, bodyUnit(100)); !returned || !ok {
		t.Fatal("first unit not queued")
	}
	done := make(chan bool, 1)
	go func() { done <- q.send(ctx, bodyUnit(100)) }() // waits: the channel is full
	time.Sleep(50 * time.Millisecond)
	cancel()
	if ok := <-done; ok {
		t.Fatal("a send whose context ended reported the unit queued")
	}
	q.done(<-q.ch)
	if !q.bytes.TryAcquire(1000) {
		t.Fatal("the budget is not whole once the queue is empty: a stopped send kept its room")
	}
}

// A unit's size counts its bodies and its rows, the format rows among
// them, so that a file of many rules weighs what its rows hold.
func TestUnitSize(t *testing.T) {
	small := &unit{fetches: make([]sink.FetchRow, 13)}
	rules := make([]sink.RobotsRuleRow, 36000)
	large := &unit{fetches: make([]sink.FetchRow, 13), parsed: parsedRows{formats: []sink.Rows{{Table: sink.TableRobotsRules, Rows: rules}}}}
	if s, l := small.size(), large.size(); s <= 0 || l < s+36000*rowOverhead {
		t.Errorf("sizes %d and %d: the rules of the second are not counted", s, l)
	}
	if got := bodyUnit(4096).size(); got != 4096 {
		t.Errorf("a unit of a 4096-byte body: size %d", got)
	}
}
