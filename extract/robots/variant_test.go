package robots

import (
	"strings"
	"testing"
)

// TestExtensionMisspelled: a record name that is a variant of an AI
// preference extension's ("Content-Signals: ...", as a site's generator
// writes it) is no Content-Signal to a crawler. It is reported once, as a
// warning naming the extension, instead of as a neutral unknown record;
// the line is still kept as an unknown record of its group.
func TestExtensionMisspelled(t *testing.T) {
	f, d := parseString(t, "ContentSignal: ai-train=no\n"+
		"User-agent: *\nAllow: /\n"+
		"Content-Signals: search, ai-train: yes\n"+
		"Content_Usage: train-ai=n\n"+
		"App Directives: x\n"+
		"Content-Signal-AI: no\n")
	wantDiags(t, d,
		"1:robots.extension-misspelled",
		"4:robots.extension-misspelled",
		"5:robots.extension-misspelled",
		"6:robots.extension-misspelled",
		"7:robots.unknown-record")
	for i, ext := range []string{"Content-Signal", "Content-Signal", "Content-Usage", "App-Directives"} {
		if !strings.Contains(d[i].Message, "not "+ext+",") {
			t.Errorf("line %d: message %q does not name %s", d[i].Line, d[i].Message, ext)
		}
	}
	if got := len(f.Groups[0].Other); got != 4 {
		t.Errorf("%d other records in the group, want 4 (the lines are kept as unknown records)", got)
	}
	if len(f.Groups[0].ContentSignals)+len(f.Groups[0].ContentUsage)+len(f.Groups[0].AppDirectives) != 0 {
		t.Errorf("group %+v: a misspelled name expresses no preference", f.Groups[0])
	}
}
