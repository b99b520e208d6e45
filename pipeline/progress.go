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
	total   int64 // estimated number of domains; 0 when unknown
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
	marks []mark // the plain line's recent counts, oldest first (line only)
}

// etaWindow is how far back the plain line looks for the rate its ETA
// assumes: long enough to smooth, short enough to see a crawl slow down,
// as it does at its end while its last domains stall until their deadline.
const etaWindow = 30 * time.Second

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
			progressbar.OptionSetItsString("domains"),
			progressbar.OptionShowIts(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
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
				p.bar.Describe(fmt.Sprintf("crawling (%d fetch errors, %d bad seed lines)", p.errs.Load(), p.seedBad.Load()))
			} else {
				fmt.Fprintln(p.w, p.line(time.Now()))
			}
		}
	}
}

// line is the plain progress line at now. Its rate is the crawl's since it
// started; its ETA assumes the rate of the last etaWindow or so, once the
// line has a third of that history, or the rate since the previous line
// when that is slower.
func (p *progress) line(now time.Time) string {
	done := p.done.Load()
	p.marks = append(p.marks, mark{now, done})
	for len(p.marks) > 1 && now.Sub(p.marks[1].at) >= etaWindow {
		p.marks = p.marks[1:]
	}
	rate := float64(done) / now.Sub(p.start).Seconds()
	s := fmt.Sprintf("crawled %d", done)
	if p.total > 0 {
		s += fmt.Sprintf("/%d domains (%d%%)", p.total, percentDone(done, p.total))
	} else {
		s += " domains"
	}
	s += fmt.Sprintf(", %.1f/s, %d fetch errors, %d bad seed lines", rate, p.errs.Load(), p.seedBad.Load())
	if p.total > done && done > 0 {
		recent, since := rate, now.Sub(p.marks[0].at)
		if since >= etaWindow/3 {
			recent = float64(done-p.marks[0].done) / since.Seconds()
		}
		// The rate since the previous line, when slower: a crawl's last
		// domains stall until their deadlines, and the window, which holds
		// the fast part before, would call that "ETA 0s" for a minute.
		if n := len(p.marks); n >= 2 {
			prev := p.marks[n-2]
			if d := now.Sub(prev.at); d > 0 {
				if last := float64(done-prev.done) / d.Seconds(); last < recent {
					recent, since = last, d
				}
			}
		}
		if recent > 0 {
			s += ", ETA " + time.Duration(float64(p.total-done)/recent*float64(time.Second)).Round(time.Second).String()
		} else {
			s += ", ETA unknown: no domain finished in the last " + since.Round(time.Second).String()
		}
	}
	return s
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
