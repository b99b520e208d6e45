package pipeline

import (
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/sink"
)

func TestBuildMeter_Lines(t *testing.T) {
	p := sink.BuildProgress{Table: "fetches", PartsDone: 30, Parts: 120, BytesDone: 25e6, Bytes: 100e6}
	want := "building out/survey.duckdb: 30/120 parts (25% of 100.0 MB), last into fetches, 1m0s, ETA 3m0s"
	if got := buildLine("out/survey.duckdb", p, time.Minute); got != want {
		t.Errorf("buildLine:\n got %q\nwant %q", got, want)
	}
	if got := buildLine("x", sink.BuildProgress{Parts: 3, Bytes: 10}, 0); got != "building x: 0/3 parts (0% of 0.0 MB), 0s" {
		t.Errorf("buildLine before the first part: %q", got)
	}

	if report, finish := BuildMeter(nil, false, 0, "n"); report != nil {
		t.Error("BuildMeter without a writer returned a report function")
	} else {
		finish()
	}

	// Off a terminal: a line every `every`, none for a quicker build.
	var quick, slow strings.Builder
	report, finish := BuildMeter(&quick, false, time.Hour, "q")
	report(sink.BuildProgress{Parts: 1, Bytes: 1})
	report(sink.BuildProgress{Table: "t", PartsDone: 1, Parts: 1, BytesDone: 1, Bytes: 1})
	finish()
	if quick.Len() != 0 {
		t.Errorf("a build quicker than the interval printed %q", quick.String())
	}
	report, finish = BuildMeter(&slow, false, 0, "s")
	report(sink.BuildProgress{Parts: 1, Bytes: 1})
	report(sink.BuildProgress{Table: "t", PartsDone: 1, Parts: 1, BytesDone: 1, Bytes: 1})
	finish()
	if lines := strings.Split(strings.TrimSpace(slow.String()), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "building s: 1/1 parts (100% of 0.0 MB), last into t, ") {
		t.Errorf("lines every interval: %q", slow.String())
	}
}

// On a terminal, the bar's rate counts from the start of the build: its
// first frame showed the first report's bytes over the microseconds since
// the bar was made (34%, 67 GB/s).
func TestBuildMeter_BarFirstRate(t *testing.T) {
	var b strings.Builder
	report, finish := BuildMeter(&b, true, time.Hour, "x")
	time.Sleep(100 * time.Millisecond)
	report(sink.BuildProgress{Parts: 2, PartsDone: 1, Bytes: 2e6, BytesDone: 1e6})
	finish()
	if !strings.Contains(b.String(), "building x") {
		t.Fatalf("no bar: %q", b.String())
	}
	if got := b.String(); !strings.Contains(got, "MB/s") || strings.Contains(got, "GB/s") || strings.Contains(got, "TB/s") {
		t.Errorf("the first frame's rate, 1 MB 0.1 s after the start, want about 10 MB/s: %q", got)
	}
	var none strings.Builder
	_, finish = BuildMeter(&none, true, time.Hour, "y")
	finish()
	if none.Len() != 0 {
		t.Errorf("a build without a report drew %q", none.String())
	}
}
