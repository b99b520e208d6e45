package robots

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// found lists diagnostics as "line:code".
func found(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, fmt.Sprintf("%d:%s", d.Line, d.Code))
	}
	return out
}

func parseString(t *testing.T, body string) (*File, diag.List) {
	t.Helper()
	f, d := Parse([]byte(body))
	checkInvariants(t, []byte(body), f, d)
	return f, d
}

func wantDiags(t *testing.T, d diag.List, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got := found(d); !reflect.DeepEqual(got, want) {
		t.Errorf("diagnostics = %q, want %q\n%s", got, want, d)
	}
}

// agents lists a group's user-agent tokens.
func agents(g Group) []string {
	var out []string
	for _, ua := range g.UserAgents {
		out = append(out, ua.Token)
	}
	return out
}

// TestParse_Section2_2_1_Groups checks grouping on RFC 9309 §2.2.1's
// example: stacked user-agent lines share a group; a user-agent line with
// no rules after it is a group of its own.
func TestParse_Section2_2_1_Groups(t *testing.T) {
	f, d := parseString(t, rfcGroupsExample)
	wantDiags(t, d, "11:robots.empty-group")
	var got [][]string
	for _, g := range f.Groups {
		got = append(got, agents(g))
	}
	want := [][]string{{"a"}, {"b"}, {"e", "f"}, {"h"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups = %q, want %q", got, want)
	}
	if r := f.Groups[2].Rules; len(r) != 1 || r[0] != (Rule{Line: 9, Kind: Disallow, Path: "/g"}) {
		t.Errorf("group e,f rules = %+v", r)
	}
}

// TestParse_Section2_2_1_Merge reports groups naming the same token, which
// crawlers merge.
func TestParse_Section2_2_1_Merge(t *testing.T) {
	f, d := parseString(t, rfcMergeExample)
	wantDiags(t, d, "5:robots.groups-merged")
	if len(f.Groups) != 2 {
		t.Errorf("%d groups, want 2 (merging happens in Matcher)", len(f.Groups))
	}
}

// TestParse_Section2_2_1_UserAgentValues checks product-token extraction
// and its diagnostics.
func TestParse_Section2_2_1_UserAgentValues(t *testing.T) {
	f, d := parseString(t, "User-agent: Googlebot/2.1\nUser-agent: *\nUser-agent: * bar\nUser-agent: 2bot\nUser-agent:\nUser-agent: Foo_Bar-baz\nDisallow: /\n")
	wantDiags(t, d, "1:robots.user-agent-not-token", "3:robots.user-agent-not-token", "4:robots.user-agent-not-token", "5:robots.empty-user-agent")
	if got, want := agents(f.Groups[0]), []string{"Googlebot", "*", "*", "", "", "Foo_Bar-baz"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tokens = %q, want %q", got, want)
	}
	if f.Groups[0].UserAgents[0].Value != "Googlebot/2.1" {
		t.Errorf("value = %q, want it as written", f.Groups[0].UserAgents[0].Value)
	}
}

// TestParse_Section2_2_2_Rules checks rule records and path diagnostics. A
// path starting with "*" matches (google/robotstxt matches it) but breaks
// the grammar, whose path-pattern starts with "/" (RFC 9309 §2.2): 21 of 115
// real robots.txt files of popular sites write such paths ("Disallow:
// *.jsx$"), and survey noticed none of them.
func TestParse_Section2_2_2_Rules(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nDisallow: /a\nAllow: /b\nDisallow:\nDisallow: foo\nDisallow: *.gif$\nDisallow: /a b\n")
	wantDiags(t, d, "5:robots.path-not-absolute", "6:robots.path-starts-with-wildcard", "7:robots.whitespace-in-path")
	want := []Rule{
		{Line: 2, Kind: Disallow, Path: "/a"},
		{Line: 3, Kind: Allow, Path: "/b"},
		{Line: 4, Kind: Disallow, Path: ""},
		{Line: 5, Kind: Disallow, Path: "foo"},
		{Line: 6, Kind: Disallow, Path: "*.gif$"},
		{Line: 7, Kind: Disallow, Path: "/a b"},
	}
	if !reflect.DeepEqual(f.Groups[0].Rules, want) {
		t.Errorf("rules = %+v, want %+v", f.Groups[0].Rules, want)
	}
}

// TestParse_DotSegmentPath: a rule whose fixed start holds a "." or ".."
// segment matches no URL, since every request has its dot segments
// removed; it is diagnosed, and the matcher indeed finds no URL for it.
// After a "*" or a "?", and as a prefix's last segment, dots can match.
func TestParse_DotSegmentPath(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nDisallow: /docs/../admin/\nDisallow: /%2E/x\nDisallow: /a/..$\nDisallow: /*/../q\nDisallow: /s?q=/./\nDisallow: /p/..\n")
	wantDiags(t, d, "2:robots.dot-segment-path", "3:robots.dot-segment-path", "4:robots.dot-segment-path")
	m := f.Matcher()
	for _, tt := range []struct {
		url     string
		allowed bool
	}{
		{"/admin/x", true},
		{"/docs/../admin/x", true},
		{"/docs/%2E%2E/admin/x", true},
		{"/x", true},
		{"/./x", true},
		{"/a/..", true},
		{"/a", true},
		{"/r?s=/../q", false},
		{"/s?q=/./", false},
		{"/p/..b", false},
	} {
		if got := m.Allowed("bot", tt.url).Allowed; got != tt.allowed {
			t.Errorf("Allowed(bot, %q) = %v, want %v", tt.url, got, tt.allowed)
		}
	}
}

// TestBuilder_StarPathsOff: the zero Builder, which extract/aitxt uses,
// does not report paths starting with "*": Spawning's ai.txt generator
// writes every rule so ("Disallow: *.jpg").
func TestBuilder_StarPathsOff(t *testing.T) {
	var b Builder
	ParseEvents([]byte("User-agent: *\nDisallow: *.jpg\n"), &b)
	_, d := b.Result()
	wantDiags(t, d)
}

// TestParse_Section2_2_RuleOutsideGroup: rules before any user-agent line
// belong to no group (the grammar puts rules in groups).
func TestParse_Section2_2_RuleOutsideGroup(t *testing.T) {
	f, d := parseString(t, "Disallow: /x\nContent-Signal: search=yes\nFoo: bar\nUser-agent: *\nAllow: /\n")
	wantDiags(t, d, "1:robots.rule-outside-group", "2:robots.extension-outside-group", "3:robots.unknown-record")
	want := []Record{
		{Line: 1, Kind: "disallow", Name: "disallow", Value: "/x"},
		{Line: 2, Kind: "content-signal", Name: "Content-Signal", Value: "search=yes"},
		{Line: 3, Kind: "unknown", Name: "Foo", Value: "bar"},
	}
	if !reflect.DeepEqual(f.OutsideGroups, want) {
		t.Errorf("outside groups = %+v, want %+v", f.OutsideGroups, want)
	}
}

// TestParse_Section2_2_4_OtherRecords: sitemap, crawl-delay, non-standard
// and unknown records are kept and never end a group (MUST NOT interfere).
func TestParse_Section2_2_4_OtherRecords(t *testing.T) {
	f, d := parseString(t, "User-agent: FooBot\nCrawl-delay: 2.5\nSitemap: https://example.com/a.xml\nNoindex: /x\nFoo: bar\nDisallow: /private\nHost: example.com\nCrawl-delay: soon\nSitemap: /b.xml\n")
	wantDiags(t, d, "2:robots.crawl-delay", "4:robots.nonstandard-record", "5:robots.unknown-record", "7:robots.nonstandard-record", "8:robots.crawl-delay-invalid", "9:robots.sitemap-not-absolute")
	if len(f.Groups) != 1 {
		t.Fatalf("%d groups, want 1", len(f.Groups))
	}
	g := f.Groups[0]
	if len(g.Rules) != 1 || g.Rules[0].Line != 6 {
		t.Errorf("rules = %+v, want the disallow of line 6 in the group", g.Rules)
	}
	if len(g.CrawlDelays) != 2 || g.CrawlDelays[0].Seconds == nil || *g.CrawlDelays[0].Seconds != 2.5 || g.CrawlDelays[1].Seconds != nil {
		t.Errorf("crawl delays = %+v", g.CrawlDelays)
	}
	wantOther := []Record{{Line: 4, Kind: "noindex", Name: "Noindex", Value: "/x"}, {Line: 5, Kind: "unknown", Name: "Foo", Value: "bar"}}
	if !reflect.DeepEqual(g.Other, wantOther) {
		t.Errorf("other = %+v, want %+v", g.Other, wantOther)
	}
	if want := []Record{{Line: 7, Kind: "host", Name: "Host", Value: "example.com"}}; !reflect.DeepEqual(f.OutsideGroups, want) {
		t.Errorf("outside groups = %+v, want the file-wide host record", f.OutsideGroups)
	}
	if want := []Sitemap{{3, "https://example.com/a.xml"}, {9, "/b.xml"}}; !reflect.DeepEqual(f.Sitemaps, want) {
		t.Errorf("sitemaps = %+v, want %+v", f.Sitemaps, want)
	}
}

// TestParse_CleanParamFileWide: Yandex reads Clean-param, like Host,
// wherever it is in the file, so before any user-agent line it is not a
// record that applies to no crawler, and in a group it is not the group's.
func TestParse_CleanParamFileWide(t *testing.T) {
	f, d := parseString(t, "Clean-param: ref /a\nUser-agent: Yandex\nClean-param: utm\nDisallow: /x\n")
	wantDiags(t, d, "1:robots.nonstandard-record", "3:robots.nonstandard-record")
	want := []Record{{Line: 1, Kind: "clean-param", Name: "Clean-param", Value: "ref /a"}, {Line: 3, Kind: "clean-param", Name: "Clean-param", Value: "utm"}}
	if !reflect.DeepEqual(f.OutsideGroups, want) {
		t.Errorf("outside groups = %+v, want both file-wide clean-param records", f.OutsideGroups)
	}
	if len(f.Groups) != 1 || len(f.Groups[0].Other) != 0 {
		t.Errorf("groups = %+v, want one with no other records", f.Groups)
	}
}

func TestParse_CrawlDelayValues(t *testing.T) {
	for value, ok := range map[string]bool{"10": true, "0.5": true, "0": true, "1e3": false, "-1": false, "0x10": false, "inf": false, "NaN": false, "5s": false, "": false, ".": false} {
		f, _ := parseString(t, "User-agent: *\nCrawl-delay: "+value+"\n")
		if got := f.Groups[0].CrawlDelays[0].Seconds != nil; got != ok {
			t.Errorf("crawl-delay %q parsed = %v, want %v", value, got, ok)
		}
	}
}

// TestParse_GroupJoinedAfterExtension: a user-agent line after extension
// lines (and no rule) joins the group, as RFC 9309 §2.2.4 requires of
// parsers that do not know the extension; it is diagnosed.
func TestParse_GroupJoinedAfterExtension(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nContent-Signal: search=yes\nUser-agent: GPTBot\nDisallow: /\n")
	wantDiags(t, d, "3:robots.group-joined-after-extension")
	if len(f.Groups) != 1 || !reflect.DeepEqual(agents(f.Groups[0]), []string{"*", "GPTBot"}) {
		t.Errorf("groups = %+v, want one group naming * and GPTBot", f.Groups)
	}
	// After a rule, a user-agent line starts a new group.
	f, d = parseString(t, "User-agent: *\nContent-Signal: search=yes\nAllow: /\nUser-agent: GPTBot\nDisallow: /\n")
	wantDiags(t, d)
	if len(f.Groups) != 2 {
		t.Errorf("%d groups, want 2", len(f.Groups))
	}
}

// TestParse_Section2_3_1_5_ParseErrors: unparseable lines are skipped and the
// parseable rules around them are used.
func TestParse_Section2_3_1_5_ParseErrors(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nthis is not a record\n: no name\nDisallow: /x\n")
	wantDiags(t, d, "2:robots.malformed-line", "3:robots.malformed-line")
	if len(f.Groups[0].Rules) != 1 {
		t.Errorf("rules = %+v, want the disallow of line 4", f.Groups[0].Rules)
	}
	if d.HasErrors() {
		t.Errorf("parse errors must not make robots.txt invalid")
	}
}

// TestParse_Section2_2_MissingColonAndTypos: accepted, and diagnosed.
func TestParse_Section2_2_MissingColonAndTypos(t *testing.T) {
	f, d := parseString(t, "user-agent FooBot\ndissallow: /a\nuser agent: BarBot\ndisallow /b\n")
	wantDiags(t, d, "1:robots.missing-colon", "2:robots.misspelled-key", "3:robots.misspelled-key", "4:robots.missing-colon")
	if len(f.Groups) != 2 || f.Groups[0].Rules[0].Path != "/a" || f.Groups[1].Rules[0].Path != "/b" {
		t.Errorf("groups = %+v", f.Groups)
	}
}

// TestParse_Section2_2_4_NameStartingWithRecord: a misspelling is called
// one, but a longer name that merely starts with a record name (an
// AI-training directive some generators write) is not: its message says
// it is read as that record, as google/robotstxt reads it.
func TestParse_Section2_2_4_NameStartingWithRecord(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nDisalow: /a\nDisallowAITraining: /\n")
	wantDiags(t, d, "2:robots.misspelled-key", "3:robots.misspelled-key")
	if len(d) == 2 {
		if !strings.Contains(d[0].Message, `"Disalow" is a misspelling of "disallow"`) {
			t.Errorf("line 2: %q, want a misspelling", d[0].Message)
		}
		if m := d[1].Message; strings.Contains(m, "misspelling") || !strings.Contains(m, `starts with "disallow", so it is read as a disallow record`) {
			t.Errorf("line 3: %q, want a name read as the disallow record it starts with", m)
		}
	}
	if len(f.Groups) != 1 || len(f.Groups[0].Rules) != 2 || f.Groups[0].Rules[1].Path != "/" {
		t.Errorf("groups = %+v, want DisallowAITraining read as a disallow rule", f.Groups)
	}
}

// TestParse_Section2_5_OverLimitTruncated: of a body cut at a size cap the
// warning gives the cut size as a lower bound, not as the file's size.
func TestParse_Section2_5_OverLimitTruncated(t *testing.T) {
	body := []byte("User-agent: *\n" + strings.Repeat("Disallow: /"+strings.Repeat("a", 88)+"\n", 5200))
	for _, truncated := range []bool{false, true} {
		_, d := ParseWith(body, Options{Truncated: truncated})
		if len(d) != 1 || d[0].Code != codeOverLimit.ID || d[0].Line != 5121 {
			t.Fatalf("truncated %v: %v", truncated, d)
		}
		whole := fmt.Sprintf("the file is %d bytes,", len(body))
		cut := fmt.Sprintf("the file is more than %d bytes (the body was cut there", len(body))
		if msg := d[0].Message; strings.Contains(msg, whole) == truncated || strings.Contains(msg, cut) != truncated || strings.Contains(msg, "parsed all of them") == truncated {
			t.Errorf("truncated %v: %q", truncated, msg)
		}
	}
}

// TestParse_Section2_5_OverLimit: over 500 KiB, every rule is kept, rules
// past the limit are flagged and a warning names the line.
func TestParse_Section2_5_OverLimit(t *testing.T) {
	line := "Disallow: /" + strings.Repeat("a", 88) + "\n"
	f, d := parseString(t, "User-agent: *\n"+strings.Repeat(line, 5200))
	wantDiags(t, d, "5121:robots.over-size-limit")
	rules := f.Groups[0].Rules
	if !f.OverLimit || f.LimitLine != 5121 || len(rules) != 5200 {
		t.Fatalf("OverLimit %v LimitLine %d rules %d; want true 5121 5200", f.OverLimit, f.LimitLine, len(rules))
	}
	if rules[5118].BeyondLimit || !rules[5119].BeyondLimit {
		t.Errorf("rule of line %d BeyondLimit %v, line %d %v; want false, true", rules[5118].Line, rules[5118].BeyondLimit, rules[5119].Line, rules[5119].BeyondLimit)
	}
	// Exactly at the limit is within it.
	f, d = parseString(t, "#"+strings.Repeat("x", SizeLimit-2)+"\n")
	wantDiags(t, d)
	if f.OverLimit || f.LimitLine != 0 {
		t.Errorf("a %d-byte file: OverLimit %v LimitLine %d", SizeLimit, f.OverLimit, f.LimitLine)
	}
	// Only the last line break past the limit: every line is within it,
	// so no warning and no rule beyond it.
	head := "User-agent: *\nDisallow: /x\n#"
	f, d = parseString(t, head+strings.Repeat("x", SizeLimit-len(head))+"\n")
	wantDiags(t, d)
	if !f.OverLimit || f.LimitLine != 0 || f.Groups[0].Rules[0].BeyondLimit {
		t.Errorf("a %d-byte file whose last LF is past the limit: OverLimit %v LimitLine %d, rule of line 2 BeyondLimit %v; want true 0 false", f.Bytes, f.OverLimit, f.LimitLine, f.Groups[0].Rules[0].BeyondLimit)
	}
}

// TestParse_Section2_1_Encoding: not-text bodies and invalid UTF-8 (§2.3:
// the file MUST be UTF-8) are the errors; control characters and HTML are
// diagnosed without one. The line
// diagnostics of a body that is not text, or is HTML, are not reported:
// they would only be noise.
func TestParse_Section2_1_Encoding(t *testing.T) {
	_, d := parseString(t, "\xFF\xFEU\x00s\x00e\x00r\x00")
	wantDiags(t, d, "0:robots.not-text")
	if !d.HasErrors() {
		t.Errorf("UTF-16 robots.txt must be invalid")
	}
	_, d = parseString(t, "User-agent: *\nDisallow: /caf\xe9\nDisallow: /a\x00\n")
	wantDiags(t, d, "2:robots.invalid-utf8", "3:robots.control-character")
	if !d.HasErrors() {
		t.Errorf("a line that is not UTF-8 must make the file invalid (§2.3)")
	}
	_, d = parseString(t, "User-agent: *\nDisallow: /a\x00\n")
	if d.HasErrors() {
		t.Errorf("a control character alone must not make the file invalid")
	}
	f, d := parseString(t, "<!doctype html>\n<html><body>404</body></html>\n")
	wantDiags(t, d, "1:robots.html-document")
	if !f.HTML || d.HasErrors() {
		t.Errorf("HTML %v errors %v; want true false", f.HTML, d.HasErrors())
	}
	f, d = parseString(t, "\xEF\xBB\xBFUser-agent: *\nDisallow:\n")
	wantDiags(t, d, "1:robots.bom")
	if !f.BOM || f.Bytes != 27 || f.Lines != 2 {
		t.Errorf("BOM %v Bytes %d Lines %d; want true 27 2", f.BOM, f.Bytes, f.Lines)
	}
	_, d = parseString(t, "\xEF\xBB\xBF")
	wantDiags(t, d, "0:robots.bom")
}

// TestParse_EmptyBodies: nothing to report, and empty slices in JSON.
func TestParse_EmptyBodies(t *testing.T) {
	for _, body := range []string{"", "\n\n", "# only a comment\n"} {
		f, d := parseString(t, body)
		wantDiags(t, d)
		if f.Groups == nil || f.Sitemaps == nil || len(f.Groups) != 0 {
			t.Errorf("%q: groups %v sitemaps %v; want empty, non-nil", body, f.Groups, f.Sitemaps)
		}
	}
}

// TestParse_DiagnosticCap: at most MaxDiagnosticsPerCode diagnostics of a
// code are listed, then one says how many more there were.
func TestParse_DiagnosticCap(t *testing.T) {
	f, d := parseString(t, "User-agent: *\nDisallow: /x\n"+strings.Repeat("Foo: bar\n", MaxDiagnosticsPerCode+25))
	if len(f.Groups[0].Other) != MaxDiagnosticsPerCode+25 {
		t.Errorf("%d records kept, want all %d", len(f.Groups[0].Other), MaxDiagnosticsPerCode+25)
	}
	if len(d) != MaxDiagnosticsPerCode+1 || d[0].Line != 0 || d[0].Code != "robots.unknown-record" || !strings.HasPrefix(d[0].Message, "25 more") {
		t.Errorf("%d diagnostics, first %v; want %d with a line-0 summary of 25 more", len(d), d[0], MaxDiagnosticsPerCode+1)
	}
}

// TestCheckContentType_Section2_1: the file MUST be UTF-8 text/plain.
func TestCheckContentType_Section2_1(t *testing.T) {
	for ct, warn := range map[string]bool{
		"": false, "text/plain": false, "text/plain; charset=utf-8": false, "TEXT/PLAIN; Charset=UTF-8": false,
		"text/plain;charset=us-ascii": false, "text/html": true, "application/octet-stream": true,
		"text/plain; charset=iso-8859-1": true, "text/plain; charset=": true, ";;;": true,
	} {
		d, got := CheckContentType(ct)
		if got != warn || (got && (d.Code != "robots.content-type" || d.Line != 0)) {
			t.Errorf("CheckContentType(%q) = %v, %v; want warning %v", ct, d, got, warn)
		}
	}
}
