package pipeline

import (
	"strings"
	"testing"
	"time"
)

// The plain progress line rounds its percentage down, so that 100% means
// done, and its ETA to the nearest second, not down to zero.
func TestProgress_Line(t *testing.T) {
	p := &progress{total: 2000, start: time.Now().Add(-10 * time.Second)}
	p.done.Store(1999)
	if got := p.line(); !strings.HasPrefix(got, "crawled 1999/2000 domains (99%), ") {
		t.Errorf("one domain short of done: %q", got)
	}

	// 282 of 300 in 10 s: 28.2 domains/s, 18 left, 0.64 s.
	p = &progress{total: 300, start: time.Now().Add(-10 * time.Second)}
	p.done.Store(282)
	if got := p.line(); !strings.HasPrefix(got, "crawled 282/300 domains (94%), 28.2/s, ") || !strings.HasSuffix(got, ", ETA 1s") {
		t.Errorf("18 domains left at 28.2/s: %q", got)
	}
}
