package robots

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/diag"
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
// directives, as invalid Content-Signal rules do not (an invalid
// Content-Usage rule does: TestContentUsage_InvalidLongerPathIsUnknown).
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

// attachExample is the example of draft-ietf-aipref-attach-02 §3.4, whose
// rules all have a path.
const attachExample = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: / train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: / train-ai=y
`

// attach05Example is the example of draft-ietf-aipref-attach-05 §3.4 (as of
// -03): the same file with path-less rules where -02 had "/".
const attach05Example = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
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
	checkAttachTable(t, f)
}

// TestContentUsage_Attach05_3_4_Example: the path-less form of the example
// gives the draft's table too; a path-less rule is only counted (info).
func TestContentUsage_Attach05_3_4_Example(t *testing.T) {
	f, d := parseString(t, attach05Example)
	wantDiags(t, d, "4:robots.content-usage-no-path", "9:robots.content-usage-no-path")
	if d.HasErrors() || d.Count(diag.Warning) != 0 {
		t.Errorf("a path-less rule is allowed (attach-03 and later): %v", d)
	}
	if r := f.Groups[0].ContentUsage[0]; r.Path != "" || !r.Valid || r.Value != "train-ai=n" {
		t.Errorf("rule = %+v, want no path and train-ai=n", r)
	}
	checkAttachTable(t, f)
}

// checkAttachTable checks the table of draft-ietf-aipref-attach §3.4:
// path, crawl, usage preference.
func checkAttachTable(t *testing.T, f *File) {
	t.Helper()
	m := NewMatcher(f)
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
	// The order of the rules carries no meaning (attach §3.1).
	f, _ = parseString(t, "User-Agent: *\nContent-Usage: / train-ai=n\nAllow: /\nContent-Usage: / train-ai=y, search=y\n")
	if p := NewMatcher(f).Preferences("x", "/a"); !reflect.DeepEqual(p.ContentUsage, map[string]string{"train-ai": "n", "search": "y"}) {
		t.Errorf("reversed: preferences %v", p.ContentUsage)
	}
}

// TestContentUsage_Attach3_1_LongestMatch: several Content-Usage rules of a
// group are chosen as allow and disallow rules are (RFC 9309 §2.2.2): the
// path with the most octets wins, "*" and "$" work as in allow rules, a
// rule without a path is the shortest match, and rules of equal length
// combine.
func TestContentUsage_Attach3_1_LongestMatch(t *testing.T) {
	f, d := parseString(t, `User-Agent: *
Allow: /
Content-Usage: train-ai=y, search=y
Content-Usage: / search=n
Content-Usage: /docs/ train-ai=n
Content-Usage: /*.pdf$ train-ai=y
Content-Usage: /docs/*.pdf$ train-ai=y
Content-Usage: /a* train-ai=n
Content-Usage: /ab train-ai=y
`)
	wantDiags(t, d, "3:robots.content-usage-no-path")
	m := NewMatcher(f)
	for _, c := range []struct {
		path  string
		pref  map[string]string
		lines []int
	}{
		{"/x", map[string]string{"search": "n"}, []int{4}},                              // "/" (1 octet) beats the path-less rule
		{"/docs/a", map[string]string{"train-ai": "n"}, []int{5}},                       // the longest path
		{"/x.pdf", map[string]string{"train-ai": "y"}, []int{6}},                        // a wildcard pattern
		{"/x.pdf?q", map[string]string{"search": "n"}, []int{4}},                        // "$" ends the pattern
		{"/docs/x.pdf", map[string]string{"train-ai": "y"}, []int{7}},                   // 12 octets beat /docs/
		{"/abc", map[string]string{"train-ai": "n"}, []int{8, 9}},                       // equal lengths combine, n winning
		{"/robots.txt", map[string]string{"search": "n"}, []int{4}},                     // always crawlable
		{"/%61b", map[string]string{"train-ai": "n"}, []int{8, 9}},                      // percent-encoding normalized
		{"https://example.com/docs/?q=1", map[string]string{"train-ai": "n"}, []int{5}}, // a full URL
	} {
		p := m.Preferences("AnyBot", c.path)
		if !reflect.DeepEqual(p.ContentUsage, c.pref) || !reflect.DeepEqual(p.ContentUsageLines, c.lines) {
			t.Errorf("%s: preferences %v from lines %v, want %v from %v", c.path, p.ContentUsage, p.ContentUsageLines, c.pref, c.lines)
		}
	}
}

// TestContentUsage_Attach3_1_Groups: the groups are those that decide
// crawling (RFC 9309 §2.2.1): a crawler's own group, merged when repeated,
// replaces "*" even when it has no Content-Usage rule; preferences apply
// only to URLs the crawler may crawl.
func TestContentUsage_Attach3_1_Groups(t *testing.T) {
	f, _ := parseString(t, `User-Agent: *
Content-Usage: train-ai=n
Allow: /

User-Agent: GPTBot
Disallow: /private/

User-Agent: ClaudeBot
Allow: /

User-Agent: gptbot
Content-Usage: /blog/ train-ai=y
Allow: /blog/
`)
	m := NewMatcher(f)
	for _, c := range []struct {
		agent, path string
		pref        map[string]string
	}{
		{"OtherBot", "/x", map[string]string{"train-ai": "n"}},
		{"GPTBot/1.1", "/blog/a", map[string]string{"train-ai": "y"}}, // the merged GPTBot groups
		{"GPTBot", "/x", nil},         // its groups have no rule for /x; "*" does not apply
		{"GPTBot", "/private/x", nil}, // may not be crawled
		{"ClaudeBot", "/x", nil},      // its own group, without Content-Usage
	} {
		if got := m.Preferences(c.agent, c.path).ContentUsage; !reflect.DeepEqual(got, c.pref) {
			t.Errorf("%s %s: preferences %v, want %v", c.agent, c.path, got, c.pref)
		}
	}
}

// TestContentUsage_InvalidLongerPathIsUnknown: a rule whose statement of
// preference does not parse still matches its paths, and its preferences
// are unknown (vocab-08 §6.5.1): it hides a shorter path's preferences, as
// a rule whose values are unknown does.
func TestContentUsage_InvalidLongerPathIsUnknown(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\nAllow: /\nContent-Usage: / train-ai=n\nContent-Usage: /open/ Train-AI=y\nContent-Usage: /lib/ train-ai\nContent-Usage: /x/\n")
	wantDiags(t, d, "4:robots.content-usage-invalid", "5:robots.content-usage-unknown-value", "6:robots.content-usage-invalid")
	m := NewMatcher(f)
	for path, lines := range map[string][]int{"/open/a": {4}, "/lib/a": {5}, "/x/a": {6}} {
		if p := m.Preferences("bot", path); p.ContentUsage != nil || !reflect.DeepEqual(p.ContentUsageLines, lines) {
			t.Errorf("%s: preferences %v from lines %v, want unknown from %v", path, p.ContentUsage, p.ContentUsageLines, lines)
		}
	}
	// Beside a valid rule of the same path, an invalid one adds nothing.
	f, _ = parseString(t, "User-Agent: *\nAllow: /\nContent-Usage: /a train-ai=n\nContent-Usage: /a Train-AI=y\n")
	if p := NewMatcher(f).Preferences("bot", "/a"); !reflect.DeepEqual(p.ContentUsage, map[string]string{"train-ai": "n"}) {
		t.Errorf("preferences %v, want train-ai=n", p.ContentUsage)
	}
}

// TestContentUsage_Vocabulary covers the vocabulary's processing algorithm
// (draft-ietf-aipref-vocab-08 §6.5) and its examples.
func TestContentUsage_Vocabulary(t *testing.T) {
	for _, c := range []struct {
		value string
		valid bool
		prefs map[string]string
		diags []string
	}{
		// The vocabulary's serialization example (§6).
		{"train-ai=y, search=n", true, map[string]string{"train-ai": "y", "search": "n"}, nil},
		// Multiple Preferences (§6.5.1): the last value of a key applies;
		// booleans and strings are not tokens, so every preference is
		// unknown.
		{`train-ai=y, train-ai, search=n, search="n"`, true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		{"train-ai=n, search=y, train-ai=y", true, map[string]string{"train-ai": "y", "search": "y"}, nil},
		// Preference Parameters (§6.5.2): parameters are ignored, only
		// those of the last value count.
		{"train-ai;allow=n, train-ai=y", true, map[string]string{"train-ai": "y"}, nil},
		{"train-ai=n;foo", true, map[string]string{"train-ai": "n"}, nil},
		// ";" is not ",": search=y is a parameter of train-ai, reported as
		// a category written as a parameter.
		{"train-ai=n;search=y", true, map[string]string{"train-ai": "n"}, []string{"2:robots.content-usage-parameter"}},
		{"foo=n;train-ai=n", true, nil, []string{"2:robots.content-usage-parameter", "2:robots.content-usage-unknown-key"}},
		// A dictionary that fails to parse: preferences are unknown.
		{`train-ai;has;parameters="?";`, false, nil, []string{"2:robots.content-usage-invalid"}},
		{"train-ai=n,", false, nil, []string{"2:robots.content-usage-invalid"}},
		{"train-ai = n", false, nil, []string{"2:robots.content-usage-invalid"}},
		{"train-ai=n ; search=y", false, nil, []string{"2:robots.content-usage-invalid"}},
		// Keys are case sensitive: upper case fails to parse; Y is another
		// Token.
		{"Train-AI=n", false, nil, []string{"2:robots.content-usage-invalid"}},
		{"train-ai=N, search=Y", true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		// Booleans, numbers, strings, byte sequences and inner lists are
		// not Tokens.
		{"train-ai=?0, search", true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		{"train-ai=0, search=:bg==:", true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		{"train-ai=(n), search=(y n)", true, nil, []string{"2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value"}},
		// Unknown keys are ignored (§6.4); the labels of earlier revisions
		// no longer cover train-ai or search. ai-use (vocab-08 §4.2) is a
		// category survey does not record (specs README): an info with y or
		// n, an unknown value otherwise.
		{"train-ai=n, ai-train=n, search=no", true, map[string]string{"train-ai": "n"}, []string{"2:robots.content-usage-unknown-key", "2:robots.content-usage-unknown-value"}},
		{"ai-use=n, all=n, bots=n, train-genai=n", true, nil, []string{"2:robots.content-usage-unknown-key", "2:robots.content-usage-unknown-key", "2:robots.content-usage-unknown-key", "2:robots.content-usage-unrecorded-category"}},
		{"ai-use=yes", true, nil, []string{"2:robots.content-usage-unknown-value"}},
		// White space around members, HTAB included, is allowed.
		{"train-ai=n,\tsearch=y ,search=n", true, map[string]string{"train-ai": "n", "search": "n"}, nil},
	} {
		f, d := parseString(t, "User-Agent: *\nContent-Usage: / "+c.value+"\nAllow: /\n")
		wantDiags(t, d, c.diags...)
		r := f.Groups[0].ContentUsage[0]
		if r.Valid != c.valid || !reflect.DeepEqual(r.Preferences, c.prefs) {
			t.Errorf("%q: valid %v preferences %v, want %v %v", c.value, r.Valid, r.Preferences, c.valid, c.prefs)
		}
		if p := NewMatcher(f).Preferences("x", "/"); !reflect.DeepEqual(p.ContentUsage, c.prefs) {
			t.Errorf("%q: evaluated preferences %v, want %v", c.value, p.ContentUsage, c.prefs)
		}
	}
}

// TestContentUsage_Attach3_2_RuleValue: the rule name is case-insensitive
// with white space around it and the colon; the value ends at "#"; a path
// starts with "/" and ends at the first SP or HTAB; a value starting with
// anything else has no path and is wholly the statement of preference.
// TestContentUsage_YesNoNote: yes or no, Content-Signal's values, written
// in a Content-Usage line (a real ai.txt writes search=yes) is an unknown
// value whose message says what Content-Usage writes; another unknown
// value's message does not.
func TestContentUsage_YesNoNote(t *testing.T) {
	_, d := parseString(t, "User-Agent: *\nContent-Usage: / train-ai=No, search=?1\nAllow: /\n")
	wantDiags(t, d, "2:robots.content-usage-unknown-value", "2:robots.content-usage-unknown-value")
	const note = "yes and no are Content-Signal's values; Content-Usage writes y or n"
	if !strings.Contains(d[0].Message, note) || strings.Contains(d[1].Message, note) {
		t.Errorf("messages %q, %q: want the note on train-ai=No only", d[0].Message, d[1].Message)
	}
}

func TestContentUsage_Attach3_2_RuleValue(t *testing.T) {
	f, d := parseString(t, "User-Agent: *\n"+
		"  CONTENT-usage\t :  /a\ttrain-ai=n # not part of the value\n"+
		"content-usage: /b   search=y\n"+
		"Content-Usage: *.pdf train-ai=n\n"+
		"Content-Usage: /\n"+
		"Content-Usage:\n"+
		"Allow: /\n")
	// An empty value (line 6) lacks a statement of preference, not a path:
	// one diagnostic, not two.
	wantDiags(t, d, "4:robots.content-usage-invalid", "4:robots.content-usage-no-path", "5:robots.content-usage-invalid", "6:robots.content-usage-invalid")
	want := []ContentUsageRule{
		{Line: 2, Path: "/a", Value: "train-ai=n", Valid: true, Preferences: map[string]string{"train-ai": "n"}},
		{Line: 3, Path: "/b", Value: "search=y", Valid: true, Preferences: map[string]string{"search": "y"}},
		{Line: 4, Value: "*.pdf train-ai=n"},
		{Line: 5, Path: "/"},
		{Line: 6},
	}
	if got := f.Groups[0].ContentUsage; !reflect.DeepEqual(got, want) {
		t.Errorf("rules = %+v\nwant %+v", got, want)
	}
}

// TestContentUsage_OutsideGroup: a rule before any user-agent line applies
// to no crawler (it is added to the rules of a group, attach §3).
func TestContentUsage_OutsideGroup(t *testing.T) {
	f, d := parseString(t, "Content-Usage: train-ai=n\nUser-Agent: *\nAllow: /\n")
	wantDiags(t, d, "1:robots.extension-outside-group")
	if len(f.Groups[0].ContentUsage) != 0 || len(f.OutsideGroups) != 1 {
		t.Errorf("groups %+v outside %+v", f.Groups, f.OutsideGroups)
	}
	if p := NewMatcher(f).Preferences("x", "/"); p.ContentUsage != nil {
		t.Errorf("preferences %v, want none", p.ContentUsage)
	}
}

// TestParseUsagePreference: the shared processing of the header and the
// rule; field lines combine as RFC 9651 §4.2 combines them.
func TestParseUsagePreference(t *testing.T) {
	up, err := ParseUsagePreference("train-ai=n, bots=y", "search=y, train-ai")
	if err != nil || up.Preferences["search"] != "y" || len(up.Preferences) != 1 ||
		!reflect.DeepEqual(up.UnknownKeys, []string{"bots"}) || !reflect.DeepEqual(up.UnknownValues, []string{"train-ai"}) {
		t.Errorf("got %+v, %v", up, err)
	}
	if _, err := ParseUsagePreference("train-ai=n", ""); err == nil {
		t.Errorf("an empty field line beside another makes a trailing comma, which fails to parse")
	}
	if up, err := ParseUsagePreference(""); err != nil || up.Preferences != nil {
		t.Errorf("an empty value is an empty Dictionary: %+v, %v", up, err)
	}
	// ai-use is a category of the vocabulary that survey does not record:
	// valid with y or n, an unknown value otherwise; never an unknown key.
	up, err = ParseUsagePreference("train-ai=y, ai-use=n")
	if err != nil || !reflect.DeepEqual(up.Preferences, map[string]string{"train-ai": "y"}) ||
		!reflect.DeepEqual(up.Unrecorded, []string{"ai-use=n"}) || up.UnknownKeys != nil || up.UnknownValues != nil {
		t.Errorf("ai-use=n: got %+v, %v", up, err)
	}
	up, err = ParseUsagePreference("ai-use=yes")
	if err != nil || up.Preferences != nil || up.Unrecorded != nil || up.UnknownKeys != nil ||
		!reflect.DeepEqual(up.UnknownValues, []string{"ai-use=yes"}) {
		t.Errorf("ai-use=yes: got %+v, %v", up, err)
	}
	for key, legacy := range map[string]bool{"ai-use": false, "all": true, "bots": true, "train-genai": true, "ai-output": true, "tdm": true, "genai": true, "ai-train": true, "ai-input": true, "foo": false, "train-ai": false} {
		if got := UsageLabelNote(key) != ""; got != legacy {
			t.Errorf("UsageLabelNote(%q) = %q", key, UsageLabelNote(key))
		}
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

// cloudflareManaged is the head of Cloudflare's managed robots.txt
// (developers.cloudflare.com, bots/additional-configurations/
// managed-robots-txt), with the use signal of its later version
// ("Content-Signal: search=yes,ai-train=no,use=reference"), followed by a
// site's own rules, as Cloudflare prepends them.
const cloudflareManaged = `# As a condition of accessing this website, you agree to abide by the
# following content signals:
# ai-train: training or fine-tuning AI models.
# use: how AI systems may consume the content (immediate, reference, or full).

# BEGIN Cloudflare Managed content

User-Agent: *
Content-signal: search=yes,ai-train=no,use=reference
Allow: /

User-agent: GPTBot
Disallow: /

# END Cloudflare Managed Content
User-agent: *
Disallow: /lp
`

// TestContentSignal_CloudflareManaged: the name is case-insensitive, the
// signals apply to the group they are in (merged with the site's own "*"
// group), whether or not the URL may be crawled, and use is a signal.
func TestContentSignal_CloudflareManaged(t *testing.T) {
	f, d := parseString(t, cloudflareManaged)
	wantDiags(t, d, "16:robots.groups-merged")
	want := map[string]string{"search": "yes", "ai-train": "no", "use": "reference"}
	if got := f.Groups[0].ContentSignals; len(got) != 1 || !got[0].Valid || !reflect.DeepEqual(got[0].Signals, want) {
		t.Fatalf("signals = %+v, want %v", got, want)
	}
	m := NewMatcher(f)
	if p := m.Preferences("OtherBot", "/lp/x"); !reflect.DeepEqual(p.ContentSignals, want) || !reflect.DeepEqual(p.ContentSignalLines, []int{9}) {
		t.Errorf("OtherBot /lp/x: %v from %v, want %v from line 9 (crawlable or not)", p.ContentSignals, p.ContentSignalLines, want)
	}
	if p := m.Preferences("GPTBot", "/"); p.ContentSignals != nil {
		t.Errorf("GPTBot has its own group, without signals: %v", p.ContentSignals)
	}
}

// TestContentSignal_Values: keys and values are lower-case Tokens; each
// key has its own values; a repeated key takes its last value; parameters
// are disregarded.
func TestContentSignal_Values(t *testing.T) {
	for _, c := range []struct {
		value   string
		valid   bool
		signals map[string]string
		diags   []string
	}{
		{"ai-train=no, search=yes, ai-input=yes", true, map[string]string{"ai-train": "no", "search": "yes", "ai-input": "yes"}, nil},
		{"use=immediate", true, map[string]string{"use": "immediate"}, nil},
		{"use=yes, search=reference", true, nil, []string{"2:robots.content-signal-unknown-value", "2:robots.content-signal-unknown-value"}},
		{"search=Yes, ai-train=NO", true, nil, []string{"2:robots.content-signal-unknown-value", "2:robots.content-signal-unknown-value"}},
		{`search="yes", ai-train, ai-input=?0`, true, nil, []string{"2:robots.content-signal-unknown-value", "2:robots.content-signal-unknown-value", "2:robots.content-signal-unknown-value"}},
		{"search=yes, search=no", true, map[string]string{"search": "no"}, nil},
		{"search=yes;ai-train=no", true, map[string]string{"search": "yes"}, []string{"2:robots.content-signal-parameter"}},
		{"search=yes;note=x", true, map[string]string{"search": "yes"}, nil},
		{"Search=yes", false, nil, []string{"2:robots.content-signal-invalid"}},
		{"search=yes,", false, nil, []string{"2:robots.content-signal-invalid"}},
		{"ai_train=no", true, nil, []string{"2:robots.content-signal-unknown-key"}},
	} {
		f, d := parseString(t, "User-Agent: *\nContent-Signal: "+c.value+"\nAllow: /\n")
		wantDiags(t, d, c.diags...)
		r := f.Groups[0].ContentSignals[0]
		if r.Valid != c.valid || !reflect.DeepEqual(r.Signals, c.signals) {
			t.Errorf("%q: valid %v signals %v, want %v %v", c.value, r.Valid, r.Signals, c.valid, c.signals)
		}
	}
	// The message says where the value breaks the syntax and how, in a
	// publisher's words, not the parser's ("invalid key format: character 0").
	_, d := parseString(t, "User-Agent: *\nContent-Signal: Search=yes\nAllow: /\n")
	if len(d) != 1 || !strings.Contains(d[0].Message, `at character 1, "S": a key starts with a lower-case letter`) {
		t.Errorf("message %v", d)
	}
}

// TestContentSignal_Combine: rules of equal path length combine, the most
// restrictive value winning: no before yes, immediate before reference
// before full.
func TestContentSignal_Combine(t *testing.T) {
	f, _ := parseString(t, "User-Agent: *\nContent-Signal: search=yes, use=full\nContent-Signal: search=no, ai-train=yes, use=reference\nContent-Signal: use=full, ai-train=yes\nAllow: /\n")
	want := map[string]string{"search": "no", "ai-train": "yes", "use": "reference"}
	if p := NewMatcher(f).Preferences("x", "/"); !reflect.DeepEqual(p.ContentSignals, want) || !reflect.DeepEqual(p.ContentSignalLines, []int{2, 3, 4}) {
		t.Errorf("signals %v from %v, want %v from lines 2-4", p.ContentSignals, p.ContentSignalLines, want)
	}
}
