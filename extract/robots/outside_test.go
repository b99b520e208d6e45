package robots

import "testing"

// TestExtensionOutsideGroup_ValueChecked: an App-Directives, Content-Usage
// or Content-Signal line before any user-agent line applies to no crawler,
// and its value is diagnosed as it would be in a group. Publishers write
// file-wide Content-Signal lines at the top of robots.txt, and a malformed
// one there was reported only as misplaced.
func TestExtensionOutsideGroup_ValueChecked(t *testing.T) {
	f, d := parseString(t, "Content-Signal: search = yes\n"+
		"Content-Usage: train-ai=yes\n"+
		"App-Directives: \"x\"\n"+
		"Content-Signal: search=yes, ai-train=no\n"+
		"User-agent: *\nAllow: /\n")
	wantDiags(t, d,
		"1:robots.content-signal-invalid", "1:robots.extension-outside-group",
		"2:robots.content-usage-unknown-value", "2:robots.extension-outside-group",
		"3:robots.app-directives-member-not-token", "3:robots.extension-outside-group",
		"4:robots.extension-outside-group")
	if len(f.OutsideGroups) != 4 {
		t.Errorf("outside groups = %+v, want the four lines", f.OutsideGroups)
	}
	g := f.Groups[0]
	if len(g.ContentSignals)+len(g.ContentUsage)+len(g.AppDirectives) != 0 {
		t.Errorf("group = %+v: lines before it must not join it", g)
	}
}
