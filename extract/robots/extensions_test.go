package robots

import (
	"reflect"
	"testing"
	"time"
)

// planBIntro is the example of draft-nottingham-plan-b §1.
const planBIntro = "User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0\n"

func TestAppDirectives_Section1_Example(t *testing.T) {
	f, d := parseString(t, planBIntro)
	wantDiags(t, d)
	want := []AppDirectives{{
		Rules: []AppDirectivesRule{{Line: 3, Spelling: "App-Directives", Value: "examplesearch;widgets=?0", Valid: true}},
		Apps:  []App{{ID: "examplesearch", Line: 3, Directives: []Directive{{Name: "widgets", Type: "boolean", Value: false}}}},
	}}
	if got := f.Groups[0].AppDirectives; !reflect.DeepEqual(got, want) {
		t.Errorf("app directives = %+v, want %+v", got, want)
	}
}

// TestAppDirectives_Section1_3_NotStarGroup: the draft RECOMMENDS the "*"
// group; elsewhere is an info.
func TestAppDirectives_Section1_3_NotStarGroup(t *testing.T) {
	f, d := parseString(t, "User-Agent: ExampleSearch/1.0\nAllow: /\nApp-Directives: someothersearch;foo=bar\n")
	wantDiags(t, d, "1:robots.user-agent-not-token", "3:robots.app-directives-not-star-group")
	if apps := f.Groups[0].AppDirectives[0].Apps; len(apps) != 1 || apps[0].ID != "someothersearch" {
		t.Errorf("apps = %+v: the rule is kept in its group", apps)
	}
}

// TestAppDirectives_Section2_Combine: rules with the same path in a group
// are combined as RFC 9651 §4.2 combines field lines (the draft's example).
func TestAppDirectives_Section2_Combine(t *testing.T) {
	split, d := parseString(t, "User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0\nApp-Directives: someothersearch;foo=bar\n")
	wantDiags(t, d)
	joined, _ := parseString(t, "User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0,someothersearch;foo=bar\n")
	a, b := split.Groups[0].AppDirectives, joined.Groups[0].AppDirectives
	if len(a) != 1 || len(a[0].Rules) != 2 || len(a[0].Apps) != 2 {
		t.Fatalf("split form = %+v, want one combined entry of two rules and two apps", a)
	}
	ids := func(apps []App) (out [][2]any) {
		for _, app := range apps {
			out = append(out, [2]any{app.ID, app.Directives})
		}
		return out
	}
	if !reflect.DeepEqual(ids(a[0].Apps), ids(b[0].Apps)) {
		t.Errorf("combined apps %+v differ from the single-line form %+v", a[0].Apps, b[0].Apps)
	}
}

// TestAppDirectives_Section2_Paths: an optional path comes first,
// separated by SP or HTAB; different paths are kept apart, and the same
// path is combined character for character.
func TestAppDirectives_Section2_Paths(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nApp-Directives: /news/ examplesearch;widgets=?0\nApp-Directives: /news/\tother;x=1\nApp-Directives: /news examplesearch;widgets=?1\nApp-Directives: examplesearch\nDisallow:\n")
	wantDiags(t, d)
	ad := f.Groups[0].AppDirectives
	var paths []string
	for _, e := range ad {
		paths = append(paths, e.Path)
	}
	if !reflect.DeepEqual(paths, []string{"/news/", "/news", ""}) || len(ad[0].Apps) != 2 {
		t.Errorf("paths = %q, first entry %d apps; want [/news/ /news \"\"] and 2", paths, len(ad[0].Apps))
	}
}

// TestAppDirectives_Section2_1_Apply: the longest matching path applies,
// with the agent's (merged) group or "*".
func TestAppDirectives_Section2_1_Apply(t *testing.T) {
	f, _ := parseString(t, "User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0\nApp-Directives: /news/ examplesearch;widgets=?1\n")
	m := NewMatcher(f)
	for url, want := range map[string]bool{"/": false, "/news/today": true, "/newsroom": false} {
		p := m.Preferences("ExampleSearch", url)
		if len(p.Apps) != 1 || p.Apps[0].Directives[0].Value != want {
			t.Errorf("%s: apps %+v, want widgets=%v", url, p.Apps, want)
		}
	}
}

// TestAppDirectives_InvalidRejectsRuleOnly: specs README — a value that
// fails to parse is an error for that rule only.
func TestAppDirectives_InvalidRejectsRuleOnly(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nApp-Directives: examplesearch;widgets=?2\nApp-Directives: Bad\nApp-Directives: a, , b\nApp-Directives: ok;x\nDisallow: /x\n")
	wantDiags(t, d, "2:robots.app-directives-invalid", "4:robots.app-directives-invalid")
	if d.HasErrors() {
		t.Errorf("an invalid App-Directives value must not make the file invalid")
	}
	ad := f.Groups[0].AppDirectives[0]
	var valid []bool
	for _, r := range ad.Rules {
		valid = append(valid, r.Valid)
	}
	if !reflect.DeepEqual(valid, []bool{false, true, false, true}) {
		t.Errorf("valid = %v, want [false true false true]", valid)
	}
	var ids []string
	for _, a := range ad.Apps {
		ids = append(ids, a.ID)
	}
	// "Bad" is a Token (tokens may start upper case), so it is accepted.
	if !reflect.DeepEqual(ids, []string{"Bad", "ok"}) {
		t.Errorf("apps = %q, want [Bad ok]", ids)
	}
}

// TestAppDirectives_InvalidLongerPathHidesNothing: a path whose every
// App-Directives rule was rejected does not hide a shorter path's
// directives, as invalid Content-Usage and Content-Signal rules do not.
func TestAppDirectives_InvalidLongerPathHidesNothing(t *testing.T) {
	f, _ := parseString(t, "User-Agent: *\nAllow: /\nApp-Directives: examplesearch;widgets=?0\nApp-Directives: /private examplesearch;widgets=\n")
	p := NewMatcher(f).Preferences("bot", "/private/x")
	if len(p.Apps) != 1 || p.Apps[0].ID != "examplesearch" || p.Apps[0].Line != 3 {
		t.Errorf("apps %+v, want examplesearch of line 3", p.Apps)
	}
}

// TestAppDirectives_Spelling: specs README — both spellings, recorded.
func TestAppDirectives_Spelling(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\napp-directive: a\nAPP-DIRECTIVES: b\nDisallow:\n")
	wantDiags(t, d, "2:robots.app-directive-singular")
	rules := f.Groups[0].AppDirectives[0].Rules
	if rules[0].Spelling != "app-directive" || rules[1].Spelling != "APP-DIRECTIVES" {
		t.Errorf("spellings = %q, %q", rules[0].Spelling, rules[1].Spelling)
	}
}

// TestAppDirectives_Section2_Members: members are Tokens with parameters;
// other members are ignored; every RFC 9651 bare item type is kept.
func TestAppDirectives_Section2_Members(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nApp-Directives: \"str\", (a b), 5, app;b=?1;i=-3;dec=1.5;s=\"x\";t=tok;bs=:AQI=:;dt=@1700000000;ds=%\"caf%c3%a9\";flag\nApp-Directives:\nApp-Directives: /only-a-path\nDisallow:\n")
	wantDiags(t, d, "2:robots.app-directives-member-not-token", "2:robots.app-directives-member-not-token", "2:robots.app-directives-member-not-token", "3:robots.app-directives-empty", "4:robots.app-directives-empty")
	apps := f.Groups[0].AppDirectives[0].Apps
	if len(apps) != 1 {
		t.Fatalf("apps = %+v, want one", apps)
	}
	want := []Directive{
		{"b", "boolean", true}, {"i", "integer", int64(-3)}, {"dec", "decimal", 1.5}, {"s", "string", "x"},
		{"t", "token", "tok"}, {"bs", "byte-sequence", []byte{1, 2}}, {"dt", "date", time.Unix(1700000000, 0).Unix()},
		{"ds", "display-string", "caf\u00e9"}, {"flag", "boolean", true},
	}
	if !reflect.DeepEqual(apps[0].Directives, want) {
		t.Errorf("directives = %#v\nwant %#v", apps[0].Directives, want)
	}
}

// attachExample is the example of draft-ietf-aipref-attach §3.4.
const attachExample = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: / train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: / train-ai=y
`

func TestContentUsage_Attach3_4_Example(t *testing.T) {
	f, d := parseString(t, attachExample)
	wantDiags(t, d)
	want := []ContentUsageRule{
		{Line: 4, Path: "/", Value: "train-ai=n", Valid: true, Preferences: map[string]string{"train-ai": "n"}},
		{Line: 5, Path: "/ai-ok/", Value: "train-ai=y", Valid: true, Preferences: map[string]string{"train-ai": "y"}},
	}
	if !reflect.DeepEqual(f.Groups[0].ContentUsage, want) {
		t.Errorf("content usage = %+v, want %+v", f.Groups[0].ContentUsage, want)
	}
	m := NewMatcher(f)
	// The draft's table: path, crawl, usage preference.
	for _, c := range []struct {
		path  string
		crawl bool
		pref  map[string]string
	}{
		{"/test", true, map[string]string{"train-ai": "n"}},
		{"/never/test", false, nil},
		{"/ai-ok/test", true, map[string]string{"train-ai": "y"}},
	} {
		if got := m.Allowed("OtherBot", c.path).Allowed; got != c.crawl {
			t.Errorf("%s: crawl %v, want %v", c.path, got, c.crawl)
		}
		if got := m.Preferences("OtherBot", c.path).ContentUsage; !reflect.DeepEqual(got, c.pref) {
			t.Errorf("%s: preference %v, want %v", c.path, got, c.pref)
		}
	}
	if got := m.Preferences("ExampleBot", "/never/test").ContentUsage; !reflect.DeepEqual(got, map[string]string{"train-ai": "y"}) {
		t.Errorf("ExampleBot: preference %v, want train-ai=y", got)
	}
}

// TestContentUsage_Attach3_1_IdenticalPaths: conflicting preferences for the
// same path combine, the most restrictive winning.
func TestContentUsage_Attach3_1_IdenticalPaths(t *testing.T) {
	f, _ := parseString(t, "User-Agent: *\nContent-Usage: / train-ai=y, search=y\nContent-Usage: / train-ai=n\nAllow: /\n")
	p := NewMatcher(f).Preferences("x", "/a")
	if want := map[string]string{"train-ai": "n", "search": "y"}; !reflect.DeepEqual(p.ContentUsage, want) || !reflect.DeepEqual(p.ContentUsageLines, []int{2, 3}) {
		t.Errorf("preferences %v lines %v, want %v from lines 2 and 3", p.ContentUsage, p.ContentUsageLines, want)
	}
}

// TestContentUsage_Vocabulary covers the vocabulary's processing algorithm
// and its examples.
func TestContentUsage_Vocabulary(t *testing.T) {
	for _, c := range []struct {
		value string
		valid bool
		prefs map[string]string
		diags []string
	}{
		// The vocabulary's serialization example.
		{"train-ai=y, search=n", true, map[string]string{"train-ai": "y", "search": "n"}, nil},
		// Multiple Preferences: the last value of a key applies; booleans
		// and strings are not tokens, so every preference is unknown.
		{`train-ai=y, train-ai, search=n, search="n"`, true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		// Preference Parameters: parameters are ignored.
		{"train-ai;allow=n, train-ai=y", true, map[string]string{"train-ai": "y"}, nil},
		// A dictionary that fails to parse: preferences are unknown.
		{`train-ai;has;parameters="?";`, false, nil, []string{"2:robots.content-usage-invalid"}},
		// Keys are case sensitive: upper case fails to parse.
		{"Train-AI=n", false, nil, []string{"2:robots.content-usage-invalid"}},
		// Unknown keys are ignored; values other than y/n are unknown.
		{"train-ai=n, ai-train=n, search=no", true, map[string]string{"train-ai": "n"}, []string{"2:robots.content-usage-unknown-key", "2:robots.content-usage-unknown-value"}},
	} {
		f, d := parseString(t, "User-Agent: *\nContent-Usage: / "+c.value+"\nAllow: /\n")
		wantDiags(t, d, c.diags...)
		r := f.Groups[0].ContentUsage[0]
		if r.Valid != c.valid || !reflect.DeepEqual(r.Preferences, c.prefs) {
			t.Errorf("%q: valid %v preferences %v, want %v %v", c.value, r.Valid, r.Preferences, c.valid, c.prefs)
		}
	}
}

// TestContentUsage_Attach3_PathRequired: the draft's grammar requires a
// path; without one the rule is applied to every path and diagnosed.
func TestContentUsage_Attach3_PathRequired(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nContent-Usage: train-ai=n\nContent-Usage: /x/\nAllow: /\n")
	wantDiags(t, d, "2:robots.content-usage-no-path", "3:robots.content-usage-invalid")
	if p := NewMatcher(f).Preferences("x", "/any"); !reflect.DeepEqual(p.ContentUsage, map[string]string{"train-ai": "n"}) {
		t.Errorf("preferences = %v, want train-ai=n everywhere", p.ContentUsage)
	}
}

// TestContentSignal covers Cloudflare's Content Signals Policy syntax.
func TestContentSignal(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Signal: /blog/ ai-input=no, ai-train=yes\nContent-Signal: search=maybe, ai-use=no\nContent-Signal: search = yes\nAllow: /\n")
	wantDiags(t, d, "4:robots.content-signal-unknown-key", "4:robots.content-signal-unknown-value", "5:robots.content-signal-invalid")
	want := []ContentSignalRule{
		{Line: 2, Value: "search=yes, ai-train=no", Valid: true, Signals: map[string]string{"search": "yes", "ai-train": "no"}},
		{Line: 3, Path: "/blog/", Value: "ai-input=no, ai-train=yes", Valid: true, Signals: map[string]string{"ai-input": "no", "ai-train": "yes"}},
		{Line: 4, Value: "search=maybe, ai-use=no", Valid: true},
		{Line: 5, Value: "search = yes"},
	}
	if !reflect.DeepEqual(f.Groups[0].ContentSignals, want) {
		t.Errorf("content signals = %+v\nwant %+v", f.Groups[0].ContentSignals, want)
	}
	m := NewMatcher(f)
	if p := m.Preferences("x", "/blog/post"); !reflect.DeepEqual(p.ContentSignals, map[string]string{"ai-input": "no", "ai-train": "yes"}) {
		t.Errorf("/blog/post signals = %v", p.ContentSignals)
	}
	if p := m.Preferences("x", "/"); !reflect.DeepEqual(p.ContentSignals, map[string]string{"search": "yes", "ai-train": "no"}) {
		t.Errorf("/ signals = %v", p.ContentSignals)
	}
}
