package robots

import (
	"strings"
	"testing"
)

// TestLongName_HomeMadeAILine: a home-made AI line such as
// "Allow-AI-Training: no" is read as an allow rule, as google/robotstxt
// reads any name starting with "allow"; its value is no path, which the
// one robots.misspelled-key diagnostic says, instead of a second
// robots.path-not-absolute for the same line. A longer name with a real
// path keeps the path's own diagnostics.
func TestLongName_HomeMadeAILine(t *testing.T) {
	f, d := parseString(t, "User-agent: *\n"+
		"Allow-AI-Training: no\n"+
		"DisallowAITraining: /\n"+
		"Disallowed: /a b\n"+
		"Dissallow: x\n")
	wantDiags(t, d,
		"2:robots.misspelled-key",
		"3:robots.misspelled-key",
		"4:robots.misspelled-key", "4:robots.whitespace-in-path",
		"5:robots.misspelled-key", "5:robots.path-not-absolute")
	if msg := d[0].Message; !strings.Contains(msg, "an allow record") || !strings.Contains(msg, `"no" is not a path`) {
		t.Errorf("message %q: want the allow reading and the value that is no path", msg)
	}
	want := []Rule{
		{Line: 2, Kind: Allow, Path: "no"},
		{Line: 3, Kind: Disallow, Path: "/"},
		{Line: 4, Kind: Disallow, Path: "/a b"},
		{Line: 5, Kind: Disallow, Path: "x"},
	}
	if got := f.Groups[0].Rules; len(got) != len(want) {
		t.Fatalf("rules = %+v, want %+v", got, want)
	}
	for i, r := range f.Groups[0].Rules {
		if r != want[i] {
			t.Errorf("rule %d = %+v, want %+v", i, r, want[i])
		}
	}
}
