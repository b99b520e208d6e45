package pipeline

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// The plain progress line rounds its percentage down, so that 100% means
// done, and its ETA to the nearest second, not down to zero.
func TestProgress_Line(t *testing.T) {
	p := &progress{total: 2000, start: time.Now().Add(-10 * time.Second)}
	p.done.Store(1999)
	if got := p.line(time.Now()); !strings.HasPrefix(got, "crawled 1999/2000 domains (99%), ") {
		t.Errorf("one domain short of done: %q", got)
	}

	// 282 of 300 in 10 s: 28.2 domains/s, 18 left, 0.64 s.
	p = &progress{total: 300, start: time.Now().Add(-10 * time.Second)}
	p.done.Store(282)
	if got := p.line(time.Now()); !strings.HasPrefix(got, "crawled 282/300 domains (94%), 28.2/s, ") || !strings.HasSuffix(got, ", ETA 1s") {
		t.Errorf("18 domains left at 28.2/s: %q", got)
	}
}

// The total is the seed file's lines until every seed is read; then it is
// the seeds to crawl, without the rejected lines, so that a crawl ends at
// 100%.
func TestProgress_TotalBecomesExactOnceSeedsAreRead(t *testing.T) {
	p := &progress{total: 121, start: time.Now().Add(-10 * time.Second)}
	p.done.Store(119)
	if got := p.line(time.Now()); !strings.HasPrefix(got, "crawled 119/121 domains (98%)") {
		t.Errorf("before the seeds are read: %q", got)
	}
	p.seedsRead(119)
	if got := p.line(time.Now()); !strings.HasPrefix(got, "crawled 119/119 domains (100%)") {
		t.Errorf("after the seeds are read: %q", got)
	}
}

// Once the line has some history, its ETA assumes the recent rate, not the
// average since the start: a crawl that slows down, or stops finishing
// domains while its last ones stall, says so.
func TestProgress_LineETAFollowsTheRecentRate(t *testing.T) {
	now := time.Now()
	p := &progress{total: 300, start: now.Add(-100 * time.Second), marks: []mark{{now.Add(-60 * time.Second), 200}}}
	p.done.Store(282)
	// 2.82 domains/s on average (ETA 6s), 82 in the last minute (ETA 13s).
	if got := p.line(now); !strings.HasSuffix(got, ", ETA 13s") {
		t.Errorf("82 domains in the last minute, 18 left: %q", got)
	}

	p = &progress{total: 300, start: now.Add(-10 * time.Minute), marks: []mark{{now.Add(-70 * time.Second), 282}, {now.Add(-5 * time.Second), 282}}}
	p.done.Store(282)
	if got := p.line(now); !strings.HasSuffix(got, ", ETA unknown: no domain finished in the last 1m10s") {
		t.Errorf("none finished in 70 s: %q", got)
	}
	if len(p.marks) != 3 {
		t.Errorf("%d marks kept, want 3 (the one a window old or more, and the later two)", len(p.marks))
	}
	p.line(now.Add(2 * time.Minute))
	if len(p.marks) != 2 {
		t.Errorf("%d marks kept two minutes later, want 2", len(p.marks))
	}
}

// At a crawl's end its last domains stall until their deadlines: the
// line's ETA follows the rate since the previous line when it is slower
// than the window's, rather than saying "ETA 0s" while 17 domains take
// half a minute more (as a crawl of 2,500 simulated sites showed).
func TestProgress_LineETASeesTheTailStall(t *testing.T) {
	now := time.Now()
	p := &progress{total: 2500, start: now.Add(-25 * time.Second), marks: []mark{{now.Add(-20 * time.Second), 0}, {now.Add(-5 * time.Second), 2483}}}
	p.done.Store(2483)
	if got := p.line(now); !strings.HasSuffix(got, ", ETA unknown: no domain finished in the last 5s") {
		t.Errorf("none finished since the previous line, 17 left: %q", got)
	}
	p.done.Store(2485)
	if got := p.line(now.Add(5 * time.Second)); !strings.HasSuffix(got, ", ETA 38s") {
		t.Errorf("2 finished in the last 5 s, 15 left: %q", got)
	}
	// A steady crawl: the previous line's rate is the window's.
	p = &progress{total: 1000, start: now.Add(-20 * time.Second), marks: []mark{{now.Add(-15 * time.Second), 100}, {now.Add(-5 * time.Second), 300}}}
	p.done.Store(400)
	if got := p.line(now); !strings.HasSuffix(got, ", ETA 30s") {
		t.Errorf("20 domains/s throughout, 600 left: %q", got)
	}
}

// A crawl is not done before its last domain: an ETA that rounds to zero
// is "<1s", and a crawl that then stalls says for how long no domain has
// finished, counting from the first line that saw the count, not from the
// previous line (a crawl of 300 simulated sites said "ETA 0s", then "in
// the last 5s" twice while it waited 20 s).
func TestProgress_LineStallAfterETA(t *testing.T) {
	start := time.Now()
	p := &progress{total: 300, start: start}
	p.done.Store(298)
	if got := p.line(start.Add(5 * time.Second)); !strings.HasSuffix(got, ", ETA <1s") {
		t.Errorf("2 left at 59.6 domains/s: %q", got)
	}
	for _, c := range []struct {
		at   time.Duration
		want string
	}{{10 * time.Second, "5s"}, {15 * time.Second, "10s"}, {20 * time.Second, "15s"}} {
		if got := p.line(start.Add(c.at)); !strings.HasSuffix(got, ", ETA unknown: no domain finished in the last "+c.want) {
			t.Errorf("at %v, none finished since 5 s: %q", c.at, got)
		}
	}
	p.done.Store(299)
	if got := p.line(start.Add(25 * time.Second)); !strings.HasSuffix(got, ", ETA 20s") {
		t.Errorf("1 finished in the last 20 s, 1 left: %q", got)
	}
}

// The bar's description carries the rate of the last few seconds and the
// line's ETA, so both move while the last domains stall; the bar's own
// rate and prediction changed only when a domain finished, and showed
// "(296/300, 128 domains/s) [14s:0s]" until the crawl's end.
func TestProgress_BarDescription(t *testing.T) {
	start := time.Now()
	p := &progress{total: 300, start: start}
	p.done.Store(200)
	p.description(start.Add(1 * time.Second))
	p.done.Store(296)
	if got, want := p.description(start.Add(2*time.Second)), "crawling 148/s, ETA <1s, 0 fetch errors"; got != want {
		t.Errorf("296 of 300 in 2 s:\n got %q\nwant %q", got, want)
	}
	for s := 3; s <= 8; s++ {
		p.description(start.Add(time.Duration(s) * time.Second))
	}
	if got, want := p.description(start.Add(9*time.Second)), "crawling 0.0/s, ETA unknown (none done for 7s), 0 fetch errors"; got != want {
		t.Errorf("none finished since 2 s:\n got %q\nwant %q", got, want)
	}
}

// The bar is drawn at every tick, though no domain finishes: its clock and
// its description move on while the last domains stall.
func TestProgress_BarRedrawsWhileStalled(t *testing.T) {
	var b lockedBuilder
	p := newProgress(&b, true, 10, time.Hour)
	p.seedBad.Store(3)
	p.add(&unit{})
	time.Sleep(2500 * time.Millisecond)
	p.finish()
	got := b.String()
	if !strings.Contains(got, "(1/10) [1s]") && !strings.Contains(got, "(1/10) [2s]") || !strings.Contains(got, "/s, ETA ") || !strings.Contains(got, ", 0 fetch errors, 3 bad seed lines") {
		t.Errorf("no frame of the bar 2 s in, one domain done:\n%q", got)
	}
}

// lockedBuilder is a strings.Builder safe for the bar's goroutine and the
// test's.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
