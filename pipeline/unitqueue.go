package pipeline

import (
	"context"
	"reflect"

	"golang.org/x/sync/semaphore"
)

// unitQueue is where built domains wait for the sink. It is bounded by
// their number and by their estimated bytes: a hostile web's domains
// (a 600 KiB robots.txt of 36,000 rules, a 1 MiB llms.txt) each hold
// tens of megabytes of rows, and a queue of such domains would hold
// hundreds, where an ordinary domain's rows are a few kilobytes.
type unitQueue struct {
	ch     chan *unit
	bytes  *semaphore.Weighted
	budget int64
}

// newUnitQueue returns a queue of at most n units and budget bytes; a
// unit larger than the budget waits until the queue is empty.
func newUnitQueue(n int, budget int64) *unitQueue {
	return &unitQueue{ch: make(chan *unit, n), bytes: semaphore.NewWeighted(budget), budget: budget}
}

// send queues u, waiting for room; it reports false, u not queued, when
// ctx ends first.
func (q *unitQueue) send(ctx context.Context, u *unit) bool {
	u.queued = min(u.size(), q.budget)
	if err := q.bytes.Acquire(ctx, u.queued); err != nil {
		return false
	}
	select {
	case q.ch <- u:
		return true
	case <-ctx.Done():
		q.bytes.Release(u.queued)
		return false
	}
}

// done gives back the room of u, received from the queue, once the sink
// has written it (or set it aside).
func (q *unitQueue) done(u *unit) { q.bytes.Release(u.queued) }

// unitQueueBytes bounds the bytes of the domains waiting for the sink of a
// crawl; 64 domains of a clean web hold a few megabytes.
const unitQueueBytes = 32 << 20

// rowOverhead is what a row costs besides its struct: the strings it
// holds and the slices it refers to, as a rough mean.
const rowOverhead = 64

// size estimates the bytes u holds: its bodies, and its rows.
func (u *unit) size() int64 {
	n := rowsSize(reflect.ValueOf(u.fetches)) + rowsSize(reflect.ValueOf(u.parsed.documents)) +
		rowsSize(reflect.ValueOf(u.parsed.diagnostics))
	for _, b := range u.bodies {
		n += int64(len(b.data))
	}
	for _, r := range u.parsed.formats {
		n += rowsSize(reflect.ValueOf(r.Rows))
	}
	return n
}

// rowsSize estimates the bytes of a slice of rows.
func rowsSize(v reflect.Value) int64 {
	if v.Kind() != reflect.Slice {
		return 0
	}
	return int64(v.Len()) * (int64(v.Type().Elem().Size()) + rowOverhead)
}
