package pipeline

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/agentpolicy/survey/sink"
)

// BuildMeter shows the progress of a database build (sink.BuildOptions'
// Progress) on w: on a terminal a bar of the bytes of parts read, cleared
// when the build ends; otherwise a plain line every `every`, none for a
// build shorter than that. what names the database. finish ends the
// display; it must be called once the build returns. With a nil w, report
// is nil (no progress) and finish does nothing.
func BuildMeter(w io.Writer, tty bool, every time.Duration, what string) (report func(sink.BuildProgress), finish func()) {
	if w == nil {
		return nil, func() {}
	}
	m := &buildDisplay{w: w, tty: tty, every: every, what: what, start: time.Now()}
	m.last = m.start
	if tty {
		// The bar's clock starts with the build, not at its first report,
		// whose rate it would show as that report's bytes over a few
		// microseconds (34%, 67 GB/s). Its size is the first report's.
		m.bar = progressbar.NewOptions64(1,
			progressbar.OptionSetWriter(m.w),
			progressbar.OptionSetDescription("building "+m.what),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionFullWidth(),
		)
		m.bar.StartWithoutRender()
	}
	return m.report, m.finish
}

// buildDisplay is what BuildMeter shows. sink.Build makes one call at a
// time.
type buildDisplay struct {
	w           io.Writer
	tty         bool
	every       time.Duration
	what        string
	bar         *progressbar.ProgressBar // on a terminal
	shown       bool                     // the bar has had a report
	start, last time.Time
}

func (m *buildDisplay) report(p sink.BuildProgress) {
	if m.tty {
		if !m.shown {
			m.bar.ChangeMax64(max(p.Bytes, 1))
			m.shown = true
		}
		m.bar.Set64(p.BytesDone)
		return
	}
	now := time.Now()
	if now.Sub(m.last) < m.every {
		return
	}
	m.last = now
	fmt.Fprintln(m.w, buildLine(m.what, p, now.Sub(m.start)))
}

// buildLine is the plain progress line of a build after elapsed.
func buildLine(what string, p sink.BuildProgress, elapsed time.Duration) string {
	s := fmt.Sprintf("building %s: %d/%d parts", what, p.PartsDone, p.Parts)
	if p.Bytes > 0 {
		s += fmt.Sprintf(" (%d%% of %.1f MB)", percentDone(p.BytesDone, p.Bytes), float64(p.Bytes)/1e6)
	}
	if p.Table != "" {
		s += ", last into " + p.Table
	}
	s += ", " + elapsed.Round(time.Second).String()
	if p.BytesDone > 0 && p.Bytes > p.BytesDone {
		eta := time.Duration(float64(elapsed) * float64(p.Bytes-p.BytesDone) / float64(p.BytesDone))
		s += ", ETA " + eta.Round(time.Second).String()
	}
	return s
}

func (m *buildDisplay) finish() {
	if m.shown {
		m.bar.Finish()
	}
}
