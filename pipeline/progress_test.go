package pipeline

import (
	"strconv"
	"strings"
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

// The bar's rate counts from the start of the crawl: its first frame, at
// the first domain done, showed that domain over the microseconds since
// the bar was first drawn (1/1000, 309789 domains/s).
func TestProgress_BarFirstRate(t *testing.T) {
	var b strings.Builder
	p := newProgress(&b, true, 10, time.Hour)
	time.Sleep(100 * time.Millisecond)
	p.add(&unit{})
	p.finish()
	if !strings.Contains(b.String(), "(1/10, ") {
		t.Fatalf("no count in the bar: %q", b.String())
	}
	rate := strings.Fields(strings.SplitN(b.String(), "(1/10, ", 2)[1])[0]
	if r, err := strconv.ParseFloat(rate, 64); err != nil || r > 20 {
		t.Errorf("the first frame's rate, one domain 0.1 s after the start: %q domains/s, want 10 or so:\n%q", rate, b.String())
	}
}
