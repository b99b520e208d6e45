package crawl

import (
	"context"
	"sync"
	"time"
)

// The causes with which a fetch's or a domain's context is cancelled when
// its budget runs out. They are timeouts (net.Error) and wrap
// context.DeadlineExceeded.
var (
	errRequestTimeout error = &budgetError{"request timeout exceeded"}
	errDomainDeadline error = &budgetError{"domain deadline exceeded"}
)

// budgetError is a budget running out.
type budgetError struct{ text string }

func (e *budgetError) Error() string   { return e.text }
func (e *budgetError) Timeout() bool   { return true }
func (e *budgetError) Temporary() bool { return false }
func (e *budgetError) Unwrap() error   { return context.DeadlineExceeded }

// budget is a time limit whose clock runs only while the crawler is waiting
// on the site. It is paused while a request waits for its turn at the gates
// (the crawler's own politeness: one request per host, a few per IP, a
// host's Retry-After), so that queueing behind other domains on a shared
// address is never recorded as the site's timeout or as its domain's
// deadline passing. When the budget runs out, expire is called once.
type budget struct {
	mu      sync.Mutex
	timer   *time.Timer
	left    time.Duration // what remains, as of resumed
	resumed time.Time     // when the clock last started
	paused  bool
	spent   bool // the timer fired
}

// startBudget starts a budget of d that calls expire when it runs out.
func startBudget(d time.Duration, expire func()) *budget {
	b := &budget{left: d, resumed: time.Now()}
	b.timer = time.AfterFunc(d, func() {
		b.mu.Lock()
		b.spent = true
		b.mu.Unlock()
		expire()
	})
	return b
}

// pause stops the clock. It reports false when the budget has already run
// out (or is running out at this moment), when there is nothing to pause.
func (b *budget) pause() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.spent || b.paused || !b.timer.Stop() {
		return false
	}
	b.paused = true
	b.left -= time.Since(b.resumed)
	return true
}

// resume restarts the clock stopped by pause.
func (b *budget) resume() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.paused {
		return
	}
	b.paused = false
	b.resumed = time.Now()
	b.timer.Reset(max(b.left, 0))
}

// remaining returns the time left.
func (b *budget) remaining() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.paused {
		return b.left
	}
	return b.left - time.Since(b.resumed)
}

// stop releases the budget's timer; expire is not called after it returns
// unless it was already running.
func (b *budget) stop() { b.timer.Stop() }

// clocks are the budgets that run while one request is in progress: its
// domain's deadline and the fetch's timeout. A nil budget is ignored.
type clocks [2]*budget

// pause pauses every budget and returns those it paused.
func (c clocks) pause() clocks {
	var paused clocks
	for i, b := range c {
		if b != nil && b.pause() {
			paused[i] = b
		}
	}
	return paused
}

// resume resumes the budgets pause returned.
func (c clocks) resume() {
	for _, b := range c {
		if b != nil {
			b.resume()
		}
	}
}
