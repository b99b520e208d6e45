package robots

import (
	"reflect"
	"testing"
)

// TestExtensionOutsideGroup_ValueChecked: an App-Directives, Content-Usage
// or Content-Signal line before any user-agent line applies to no crawler,
// and its value is parsed and diagnosed as it would be in a group, into
// OutsidePreferences. Publishers write
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
	o := f.OutsidePreferences
	if o == nil {
		t.Fatal("OutsidePreferences is nil, want the three kinds of lines")
	}
	wantSignals := []ContentSignalRule{
		{Line: 1, Value: "search = yes"},
		{Line: 4, Value: "search=yes, ai-train=no", Valid: true, Signals: map[string]string{"search": "yes", "ai-train": "no"}},
	}
	if !reflect.DeepEqual(o.ContentSignals, wantSignals) {
		t.Errorf("outside Content-Signal = %+v\nwant %+v", o.ContentSignals, wantSignals)
	}
	if len(o.ContentUsage) != 1 || o.ContentUsage[0].Line != 2 || !o.ContentUsage[0].Valid {
		t.Errorf("outside Content-Usage = %+v, want line 2, valid", o.ContentUsage)
	}
	if len(o.AppDirectives) != 1 || len(o.AppDirectives[0].Rules) != 1 || o.AppDirectives[0].Rules[0].Line != 3 {
		t.Errorf("outside App-Directives = %+v, want line 3", o.AppDirectives)
	}
	if len(o.UserAgents)+len(o.Rules) != 0 {
		t.Errorf("outside preferences %+v name agents or hold rules", o)
	}
	if p := f.Matcher().Preferences("x", "/"); p.ContentSignals != nil || p.ContentUsage != nil {
		t.Errorf("preferences %+v, want none: the lines apply to no crawler", p)
	}
}

// TestExtensionOutsideGroup_NoneWithoutLines: a file whose extension
// lines are all in groups, or whose only line before the first group is a
// rule or crawl-delay, has no OutsidePreferences.
func TestExtensionOutsideGroup_NoneWithoutLines(t *testing.T) {
	for _, body := range []string{
		"User-agent: *\nContent-Signal: ai-train=no\n",
		"Disallow: /x\nCrawl-delay: 5\nUser-agent: *\nAllow: /\n",
	} {
		if f, _ := parseString(t, body); f.OutsidePreferences != nil {
			t.Errorf("%q: OutsidePreferences = %+v, want nil", body, f.OutsidePreferences)
		}
	}
}
