package pipeline

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/agentpolicy/survey/classify"
)

// progress counts what the crawl has done and shows it: a progress bar on a
// terminal, otherwise a plain line every few seconds.
type progress struct {
	total   int64        // estimated number of domains; 0 when unknown
	exact   atomic.Int64 // the number of domains, once every seed is read; 0 until then
	done    atomic.Int64
	errs    atomic.Int64 // fetches that got no answer (network, timeout, redirect errors)
	seedBad atomic.Int64

	mu       sync.Mutex
	outcomes map[classify.Outcome]int64
	domains  map[string]int64

	w     io.Writer
	bar   *progressbar.ProgressBar
	every time.Duration
	stop  chan struct{}
	wg    sync.WaitGroup
	start time.Time
	marks []mark // recent counts, oldest first, one per line or bar update
	quiet mark   // when the current count was first seen: no domain has finished since
}

// etaWindow is how far back the plain line looks for the rate its ETA
// assumes: long enough to smooth, short enough to see a crawl slow down,
// as it does at its end while its last domains stall until their deadline.
const etaWindow = 30 * time.Second

// stallWindow is the span over which a slower recent rate overrides the
// window's: a crawl's last domains stall until their deadlines, and the
// window, which holds the fast part before, would call that "ETA 0s" for
// half a minute. It is the plain line's interval, and five of the bar's.
const stallWindow = 5 * time.Second

// mark is how many domains were done at a moment.
type mark struct {
	at   time.Time
	done int64
}

func newProgress(w io.Writer, tty bool, total int64, every time.Duration) *progress {
	p := &progress{total: total, w: w, every: every, stop: make(chan struct{}), start: time.Now(),
		outcomes: map[classify.Outcome]int64{}, domains: map[string]int64{}}
	if w == nil {
		return p
	}
	if tty {
		max := total
		if max <= 0 {
			max = -1
		}
		p.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("crawling"),
			progressbar.OptionShowCount(),
			// The bar's own rate and prediction change only when a domain
			// finishes, so they froze at "[14s:0s]" while the last domains
			// stalled; the description carries the line's rate and ETA,
			// updated every second.
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionFullWidth(),
		)
		// Its clock starts now, not at the first domain done, whose rate
		// it would show as that domain over a few microseconds (1/1000,
		// 309789 domains/s).
		p.bar.StartWithoutRender()
	}
	p.wg.Add(1)
	go p.loop()
	return p
}

// add records one committed domain.
func (p *progress) add(u *unit) {
	p.done.Add(1)
	p.mu.Lock()
	p.domains[u.target.Outcome]++
	var errs int64
	for _, o := range u.outcomes {
		p.outcomes[o]++
		if o == classify.NetworkError || o == classify.Timeout || o == classify.RedirectError {
			errs++
		}
	}
	p.mu.Unlock()
	p.errs.Add(errs)
	if p.bar != nil {
		p.bar.Add(1)
	}
}

func (p *progress) loop() {
	defer p.wg.Done()
	every := p.every
	if p.bar != nil {
		every = time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			if p.bar != nil {
				p.bar.Describe(p.description(time.Now()))
				p.bar.Add(0) // draws it: Describe alone does not
			} else {
				fmt.Fprintln(p.w, p.line(time.Now()))
			}
		}
	}
}

// line is the plain progress line at now. Its rate is the crawl's since it
// started; its ETA is eta's.
func (p *progress) line(now time.Time) string {
	done := p.done.Load()
	p.observe(now, done)
	rate := float64(done) / now.Sub(p.start).Seconds()
	s := fmt.Sprintf("crawled %d", done)
	if total := p.expected(); total > 0 {
		s += fmt.Sprintf("/%d domains (%d%%)", total, percentDone(done, total))
	} else {
		s += " domains"
	}
	s += fmt.Sprintf(", %.1f/s, %d fetch errors, %d bad seed lines", rate, p.errs.Load(), p.seedBad.Load())
	if eta := p.eta(now, done, rate); eta != "" {
		s += ", " + eta
	}
	return s
}

// description is the bar's description at now: the rate of the last
// stallWindow, the ETA and the errors, short enough to leave the bar room
// on 80 columns. The bar draws the count and the time elapsed.
func (p *progress) description(now time.Time) string {
	done := p.done.Load()
	p.observe(now, done)
	rate := float64(done) / now.Sub(p.start).Seconds()
	if prev, ok := p.before(now, stallWindow); ok {
		rate = float64(done-prev.done) / now.Sub(prev.at).Seconds()
	}
	s := fmt.Sprintf("crawling %.0f/s", rate)
	if rate < 10 {
		s = fmt.Sprintf("crawling %.1f/s", rate)
	}
	if left, stalled, ok := p.estimate(now, done, rate); ok && stalled > 0 {
		s += ", ETA unknown (none done for " + stalled.Round(time.Second).String() + ")"
	} else if ok {
		s += ", ETA " + formatLeft(left)
	}
	s += fmt.Sprintf(", %d fetch errors", p.errs.Load())
	if n := p.seedBad.Load(); n > 0 {
		s += fmt.Sprintf(", %d bad seed lines", n)
	}
	return s
}

// observe records that done domains were done at now, keeping the marks of
// the last etaWindow and one before it, and when the count last changed.
func (p *progress) observe(now time.Time, done int64) {
	if done != p.quiet.done || p.quiet.at.IsZero() {
		// The count first seen now, or at the oldest of the latest marks
		// that already had it.
		p.quiet = mark{now, done}
		for i := len(p.marks) - 1; i >= 0 && p.marks[i].done == done; i-- {
			p.quiet = p.marks[i]
		}
	}
	p.marks = append(p.marks, mark{now, done})
	for len(p.marks) > 1 && now.Sub(p.marks[1].at) >= etaWindow {
		p.marks = p.marks[1:]
	}
}

// before returns the latest mark at least d before now.
func (p *progress) before(now time.Time, d time.Duration) (mark, bool) {
	for i := len(p.marks) - 1; i >= 0; i-- {
		if now.Sub(p.marks[i].at) >= d {
			return p.marks[i], true
		}
	}
	return mark{}, false
}

// eta is the line's "ETA ..." at now (see estimate), or "" when there is
// none to give.
func (p *progress) eta(now time.Time, done int64, rate float64) string {
	left, stalled, ok := p.estimate(now, done, rate)
	switch {
	case !ok:
		return ""
	case stalled > 0:
		return "ETA unknown: no domain finished in the last " + stalled.Round(time.Second).String()
	}
	return "ETA " + formatLeft(left)
}

// estimate returns the time left at now, assuming the rate of the last
// etaWindow or so once there is a third of that history (until then, rate,
// which the caller gives), or the rate of the last stallWindow when that
// is slower.
// When no domain finished in the last stallWindow, it returns instead
// stalled, how long none has. ok is false when the total is unknown or
// reached, or nothing is done yet.
func (p *progress) estimate(now time.Time, done int64, rate float64) (left, stalled time.Duration, ok bool) {
	total := p.expected()
	if total <= done || done <= 0 {
		return 0, 0, false
	}
	recent := rate
	if since := now.Sub(p.marks[0].at); since >= etaWindow/3 {
		recent = float64(done-p.marks[0].done) / since.Seconds()
	}
	if prev, ok := p.before(now, stallWindow); ok {
		if last := float64(done-prev.done) / now.Sub(prev.at).Seconds(); last < recent {
			recent = last
		}
	}
	if recent <= 0 {
		return 0, max(now.Sub(p.quiet.at), time.Nanosecond), true
	}
	return time.Duration(float64(total-done) / recent * float64(time.Second)), 0, true
}

// expected is the number of domains the run crawls: exactly, once every
// seed line is read, else the estimate (the seed file's lines, which count
// rejected lines, comments and duplicates too).
func (p *progress) expected() int64 {
	if n := p.exact.Load(); n > 0 {
		return n
	}
	return p.total
}

// seedsRead records that every seed is read, n of them to crawl: the bar
// and the line count to n from now on, and so reach 100%.
func (p *progress) seedsRead(n int64) {
	if n <= 0 {
		return
	}
	p.exact.Store(n)
	if p.bar != nil {
		p.bar.ChangeMax64(n)
	}
}

// formatLeft is an ETA to the second; under half a second it is "<1s",
// not "0s": a crawl is not done before its last domain.
func formatLeft(d time.Duration) string {
	if d = d.Round(time.Second); d == 0 {
		return "<1s"
	}
	return d.String()
}

// percentDone is done of total in whole percent, rounded down: 100% means
// done, not 1,999 of 2,000.
func percentDone(done, total int64) int64 {
	return 100 * done / total
}

func (p *progress) finish() {
	close(p.stop)
	p.wg.Wait()
	if p.bar != nil {
		p.bar.Finish()
	}
}

// snapshot returns copies of the counts.
func (p *progress) snapshot() (map[classify.Outcome]int64, map[string]int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	o := make(map[classify.Outcome]int64, len(p.outcomes))
	for k, v := range p.outcomes {
		o[k] = v
	}
	d := make(map[string]int64, len(p.domains))
	for k, v := range p.domains {
		d[k] = v
	}
	return o, d
}
