package main

import "testing"

// TestPlanLabel checks that a run of some groups says so in its banner
// and summary, rather than passing for a full run.
func TestPlanLabel(t *testing.T) {
	for _, c := range []struct {
		quick bool
		only  []string
		want  string
	}{
		{false, nil, "full run"},
		{true, nil, "quick run"},
		{false, []string{"ceiling"}, "full run, ceiling group only"},
		{true, []string{"ceiling", "memory"}, "quick run, groups ceiling and memory only"},
		{false, []string{"ceiling", "latency", "stages"}, "full run, groups ceiling, latency and stages only"},
	} {
		p := plans(c.quick, 1)
		p.Only = c.only
		if got := p.label(); got != c.want {
			t.Errorf("quick %v, only %v: label %q, want %q", c.quick, c.only, got, c.want)
		}
	}
}
