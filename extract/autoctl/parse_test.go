package autoctl

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Appendix: the draft's sample file parses with no errors; its HTML
// comments are info diagnostics (README).
func TestParse_Appendix_SampleFile(t *testing.T) {
	f, diags := Parse(readTestdata(t, "spec-sample.txt"), plainUTF8)
	wantCodes(t, diags, "1:autoctl.html-comment", "2:autoctl.html-comment", "3:autoctl.html-comment", "5:autoctl.html-comment", "12:autoctl.html-comment")
	want := &File{
		Effective: ReadOnly,
		Groups: []Group{
			{Line: 6, EndLine: 10, Scopes: []string{"/"}, Hosts: []string{"example.com"}, UserAgents: []string{"*"},
				MethodsListed: true, Methods: []string{"GET", "HEAD"}, Purposes: []string{"PLACEHOLDER_PURPOSE1", "PLACEHOLDER_PURPOSE2"}},
			{Line: 13, EndLine: 17, Scopes: []string{"/admin/"}, Hosts: []string{"example.com"}, UserAgents: []string{"ExampleBot"},
				MethodsListed: true, Methods: []string{"GET"}, Purposes: []string{"PLACEHOLDER_PURPOSE1"}},
		},
		HTMLComments: 5,
		Lines:        18,
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
}

// §3.4 example: scope after user-agent and host (an info), no final blank
// line (an info), no errors.
func TestParse_Section3_4_Example(t *testing.T) {
	f, diags := Parse(readTestdata(t, "spec-section3-4.txt"), plainUTF8)
	wantCodes(t, diags, "1:autoctl.html-comment", "2:autoctl.scope-not-first", "7:autoctl.html-comment", "8:autoctl.scope-not-first", "11:autoctl.no-final-blank-line")
	if len(f.Groups) != 2 || f.Groups[0].Line != 2 || f.Groups[1].Line != 8 ||
		!reflect.DeepEqual(f.Groups[1].Scopes, []string{"/admin/"}) || !reflect.DeepEqual(f.Groups[1].Methods, []string{"GET"}) {
		t.Errorf("groups = %+v", f.Groups)
	}
	for _, tc := range []struct {
		url, method string
		allowed     bool
		line        int
	}{
		{"https://example.com/", "GET", true, 2},
		{"https://example.com/page", "HEAD", true, 2},
		{"https://example.com/admin/users", "GET", true, 8},
		{"https://example.com/admin/users", "HEAD", false, 8},
		{"https://example.com/page", "POST", false, 2},
		{"https://other.example/page", "POST", true, 0},
	} {
		d := f.Allowed("AnyBot", tc.url, tc.method)
		if d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("%s %s: %+v, want allowed=%v line=%d", tc.method, tc.url, d, tc.allowed, tc.line)
		}
	}
}

// §3.2 example (inside a group, since a group needs a scope).
func TestParse_Section3_2_Example(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-methods: GET, HEAD\n<!-- Note: This example shows basic method allowance -->\n\n", plainUTF8)
	wantCodes(t, diags, "3:autoctl.html-comment")
	if g := f.Groups[0]; !g.MethodsListed || !reflect.DeepEqual(g.Methods, []string{"GET", "HEAD"}) {
		t.Errorf("group = %+v", g)
	}
}

// §3.2: methods that are not listed are disallowed; a group without
// allowed-methods disallows every method in its scope.
func TestParse_Section3_2_UnlistedAndMissingMethods(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-methods: GET\n\nscope: /private/\n\n", plainUTF8)
	wantCodes(t, diags)
	if f.Effective != ReadOnly || f.Groups[1].MethodsListed || len(f.Groups[1].Methods) != 0 {
		t.Fatalf("file = %+v", f)
	}
	for _, tc := range []struct {
		path, method string
		allowed      bool
		line         int
	}{
		{"/", "GET", true, 1},
		{"/", "HEAD", false, 1},
		{"/", "DELETE", false, 1},
		{"/private/x", "GET", false, 4},
		{"/private/x", "HEAD", false, 4},
	} {
		d := f.Allowed("Bot", tc.path, tc.method)
		if d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("%s %s: %+v", tc.method, tc.path, d)
		}
	}
	if d := f.Allowed("Bot", "/private/x", "GET"); !strings.Contains(d.Reason, "no allowed-methods, so every method is disallowed") {
		t.Errorf("reason %q", d.Reason)
	}
	deny, _ := parseSorted("scope: /\n\n", Options{})
	if deny.Effective != DenyAll {
		t.Errorf("effective %q, want %q", deny.Effective, DenyAll)
	}
}

// §3.3 example: allowed-purposes is a comma-separated list.
func TestParse_Section3_3_Example(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-purposes: PLACEHOLDER_PURPOSE1, PLACEHOLDER_PURPOSE2\n<!-- Note: Placeholder purposes are used here -->\n\n", plainUTF8)
	wantCodes(t, diags, "3:autoctl.html-comment")
	if !reflect.DeepEqual(f.Groups[0].Purposes, []string{"PLACEHOLDER_PURPOSE1", "PLACEHOLDER_PURPOSE2"}) {
		t.Errorf("purposes = %q", f.Groups[0].Purposes)
	}
}

// §3.4: a group MUST contain at least one scope; README: a group without
// one is an error for that group, and the rest of the file applies.
func TestParse_Section3_4_GroupWithoutScope(t *testing.T) {
	f, diags := parseSorted("user-agent: *\nallowed-methods: GET, POST\n\nscope: /\nallowed-methods: GET\n\n", plainUTF8)
	wantCodes(t, diags, "1:autoctl.missing-scope")
	if !f.Groups[0].MissingScope || f.Groups[1].MissingScope || f.Effective != ReadOnly {
		t.Fatalf("file = %+v", f)
	}
	if d := f.Allowed("Bot", "/", "POST"); d.Allowed || d.Line != 4 {
		t.Errorf("POST / = %+v: the scopeless group must be ignored", d)
	}
	only, _ := parseSorted("allowed-methods: GET\n", Options{})
	if only.Effective != Empty {
		t.Errorf("effective %q, want %q", only.Effective, Empty)
	}
}

// §3.4: a group whose only scope has no url-pattern has no scope and is
// ignored, and the empty-value error says so (the auditor's file); beside
// another scope only the directive is ignored.
func TestParse_Section3_4_EmptyScope(t *testing.T) {
	f, diags := parseSorted(string(readTestdata(t, "empty-scope.txt")), plainUTF8)
	wantCodes(t, diags, "1:autoctl.empty-value")
	if msg := diags[0].Message; !strings.Contains(msg, "group of lines 1–2") || !strings.Contains(msg, "the group is ignored") {
		t.Errorf("message %q does not say the group is ignored", msg)
	}
	if len(f.Groups) != 2 || !f.Groups[0].MissingScope {
		t.Fatalf("groups = %+v", f.Groups)
	}
	if d := f.Allowed("Bot", "/x", "POST"); !d.Allowed || d.Line != 4 {
		t.Errorf("POST /x = %+v", d)
	}
	f, diags = parseSorted("scope:\nscope: /a/\n\n", plainUTF8)
	wantCodes(t, diags, "1:autoctl.empty-value")
	if msg := diags[0].Message; !strings.Contains(msg, "other scopes apply") || f.Groups[0].MissingScope {
		t.Errorf("message %q, group %+v", msg, f.Groups[0])
	}
}

// §3.4: a group begins with its scope directives and may hold several;
// MAY omit all other directives.
func TestParse_Section3_4_SeveralScopes(t *testing.T) {
	f, diags := parseSorted("scope: /a/\nscope: /b/\n\n", Options{})
	wantCodes(t, diags)
	if !reflect.DeepEqual(f.Groups[0].Scopes, []string{"/a/", "/b/"}) || f.Groups[0].MethodsListed {
		t.Errorf("group = %+v", f.Groups[0])
	}
}

// Groups are separated by blank lines (README); comments and HTML
// comments inside a group do not split it.
func TestParse_README_GroupsSeparatedByBlankLines(t *testing.T) {
	body := "scope: /a/\n# a comment\nallowed-methods: GET\n<!-- note -->\nuser-agent: X\n \t \nscope: /b/\n\n\n\nscope: /c/\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "4:autoctl.html-comment", "6:autoctl.tab-character", "11:autoctl.no-final-blank-line")
	if len(f.Groups) != 3 || f.Groups[0].EndLine != 5 || !reflect.DeepEqual(f.Groups[0].UserAgents, []string{"X"}) ||
		f.Groups[1].Line != 7 || f.Groups[2].Line != 11 {
		t.Errorf("groups = %+v", f.Groups)
	}
}

// README: "<!-- ... -->" lines are info, ignored, and never fail the file.
// Only the lines of the markers are ignored (§4: "<!--" is no comment): a
// directive between a "<!--" line and its "-->", or after a "<!--" never
// closed, is read as a conforming reader reads it, with a warning.
func TestParse_README_HTMLComments(t *testing.T) {
	body := "<!--\nscope: /hidden/\n-->\nscope: /\n<!-- unterminated\nallowed-methods: GET\n\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "1:autoctl.html-comment", "2:autoctl.html-commented-directive", "5:autoctl.html-comment", "6:autoctl.html-commented-directive")
	if len(f.Groups) != 1 || !reflect.DeepEqual(f.Groups[0].Scopes, []string{"/hidden/", "/"}) || !reflect.DeepEqual(f.Groups[0].Methods, []string{"GET"}) || f.HTMLComments != 2 {
		t.Errorf("file = %+v", f)
	}
	// One after a value is ignored too, not read as more values.
	f, diags = parseSorted("scope: / <!-- the root -->\nallowed-methods: GET <!-- read only -->\n\n", Options{})
	wantCodes(t, diags, "1:autoctl.html-comment", "2:autoctl.html-comment")
	if len(f.Groups) != 1 || !reflect.DeepEqual(f.Groups[0].Scopes, []string{"/"}) || !reflect.DeepEqual(f.Groups[0].Methods, []string{"GET"}) || f.HTMLComments != 2 {
		t.Errorf("comments after values: file = %+v", f)
	}
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"single-line comments inside and between groups", "<!-- a -->\nscope: /\n<!-- b -->\nallowed-methods: GET\n\n<!-- c -->\n",
			[]string{"1:autoctl.html-comment", "3:autoctl.html-comment", "6:autoctl.html-comment"}},
		{"free text inside a comment is ignored with it", "<!--\nNotes for humans\n-->\nscope: /\n\n",
			[]string{"1:autoctl.html-comment"}},
		{"a directive on the closing line is read", "scope: /\n<!--\nallowed-methods: GET\nallowed-purposes: search -->\n\n",
			[]string{"2:autoctl.html-comment", "3:autoctl.html-commented-directive", "4:autoctl.purpose-syntax"}},
		{"\"#\" comments inside are still comments", "<!--\n# note\n-->\nscope: /\n\n",
			[]string{"1:autoctl.html-comment"}},
		{"a stray \"-->\" is not a comment", "scope: /\n-->\n\n",
			[]string{"2:autoctl.malformed-line"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := parseSorted(tc.body, Options{})
			wantCodes(t, diags, tc.want...)
		})
	}
}

// The auditor's file: a "<!--" line without "-->" before a group, closed
// by the "-->" of a later one-line comment, does not hide the group.
func TestParse_README_UnclosedHTMLCommentDoesNotHideGroups(t *testing.T) {
	f, diags := parseSorted(string(readTestdata(t, "html-comment-unclosed.txt")), plainUTF8)
	wantCodes(t, diags, "1:autoctl.html-comment", "2:autoctl.html-commented-directive", "5:autoctl.html-comment")
	if msg := diags[1].Message; !strings.Contains(msg, "lines 2–3") || !strings.Contains(msg, "line 1") || !strings.Contains(msg, "line 5") {
		t.Errorf("warning %q does not name the lines", msg)
	}
	if len(f.Groups) != 2 || f.HTMLComments != 2 {
		t.Fatalf("file = %+v", f)
	}
	for _, tc := range []struct {
		url, method string
		allowed     bool
		line        int
	}{
		{"https://example.com/private/x", "DELETE", false, 2},
		{"https://example.com/private/x", "GET", true, 2},
		{"https://example.com/admin/x", "POST", false, 6},
	} {
		if d := f.Allowed("Bot", tc.url, tc.method); d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("%s %s = %+v", tc.method, tc.url, d)
		}
	}
}

func TestDescribeLines(t *testing.T) {
	for _, tc := range []struct {
		nums []int
		want string
	}{
		{[]int{2}, "line 2"},
		{[]int{2, 3}, "lines 2–3"},
		{[]int{2, 3, 4, 6, 9, 10}, "lines 2–4, 6, 9–10"},
		{[]int{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23}, "lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, …"},
	} {
		if got := describeLines(tc.nums); got != tc.want {
			t.Errorf("describeLines(%v) = %q, want %q", tc.nums, got, tc.want)
		}
	}
}

// §3.1: lines beginning with "#" are comments and MUST be ignored; a
// comment may also end a directive line (§4 EOL).
func TestParse_Section3_1_Comments(t *testing.T) {
	body := "# header\nscope: /a#b # the admin area\n  # indented\nhost: example.com#c\nuser-agent: Bot # comment\nallowed-methods: GET,HEAD# no space\nallowed-purposes: p#1 # comment\n\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags)
	want := Group{Line: 2, EndLine: 7, Scopes: []string{"/a#b"}, Hosts: []string{"example.com"}, UserAgents: []string{"Bot"},
		MethodsListed: true, Methods: []string{"GET", "HEAD"}, Purposes: []string{"p#1"}}
	if !reflect.DeepEqual(f.Groups, []Group{want}) {
		t.Errorf("groups = %+v\nwant %+v", f.Groups, want)
	}
}

// §3.1: the file MUST be served as text/plain; charset=utf-8.
func TestParse_Section3_1_MediaType(t *testing.T) {
	body := "scope: /\nallowed-methods: GET\n\n"
	for _, tc := range []struct {
		opts Options
		want []string
	}{
		{Options{ContentType: "text/plain; charset=utf-8", Served: true}, nil},
		{Options{ContentType: "text/plain;charset=UTF-8", Served: true}, nil},
		{Options{ContentType: "text/plain", Served: true}, []string{"0:autoctl.charset-missing"}},
		{Options{ContentType: "text/plain; charset=windows-1252", Served: true}, []string{"0:autoctl.charset"}},
		{Options{ContentType: "text/html; charset=utf-8", Served: true}, []string{"0:autoctl.content-type"}},
		{Options{ContentType: "application/octet-stream", Served: true}, []string{"0:autoctl.content-type"}},
		{Options{ContentType: "nonsense/", Served: true}, []string{"0:autoctl.content-type"}},
		{Options{Served: true}, []string{"0:autoctl.content-type"}},
		{Options{}, nil},
	} {
		_, diags := parseSorted(body, tc.opts)
		wantCodes(t, diags, tc.want...)
	}
}

// §3.1, §5: parsers MUST silently ignore directives they do not recognise
// and MUST NOT fail on them; the survey counts them as info (README).
func TestParse_Section5_UnknownDirectivesIgnored(t *testing.T) {
	with, diags := parseSorted("scope: /\nrate-limit: 10/m\nallowed-methods: GET\nSession-Required: yes\n\n", plainUTF8)
	wantCodes(t, diags, "2:autoctl.unknown-directive", "4:autoctl.unknown-directive")
	want := []Directive{{Line: 2, Name: "rate-limit", Value: "10/m"}, {Line: 4, Name: "Session-Required", Value: "yes"}}
	if !reflect.DeepEqual(with.Groups[0].Unknown, want) {
		t.Errorf("unknown = %+v", with.Groups[0].Unknown)
	}
	without, _ := parseSorted("scope: /\nallowed-methods: GET\n\n", plainUTF8)
	for _, m := range []string{"GET", "POST"} {
		if a, b := with.Allowed("Bot", "/x", m), without.Allowed("Bot", "/x", m); a.Allowed != b.Allowed {
			t.Errorf("%s: unknown directives changed the decision: %+v vs %+v", m, a, b)
		}
	}
}

// §5: implementations MUST NOT fail or produce errors on extended
// directives. A run of lines holding only them (an extension's header such
// as "version: 1.0") is no group, so it has no missing-scope error; its
// directives are kept on the file. A group with any core directive and no
// scope still has one (§3.4).
func TestParse_Section5_ExtensionOnlyBlocks(t *testing.T) {
	f, diags := parseSorted("version: 1.0\nlast-updated: 2025-04-20\n\nscope: /\nuser-agent: *\nallowed-methods: GET, HEAD\n\nrate-limit: 10\n\n", plainUTF8)
	wantCodes(t, diags, "1:autoctl.unknown-directive", "2:autoctl.unknown-directive", "8:autoctl.unknown-directive")
	if diags.HasErrors() || len(f.Groups) != 1 || f.Groups[0].Line != 4 || f.Effective != ReadOnly {
		t.Errorf("file = %+v", f)
	}
	want := []Directive{{Line: 1, Name: "version", Value: "1.0"}, {Line: 2, Name: "last-updated", Value: "2025-04-20"}, {Line: 8, Name: "rate-limit", Value: "10"}}
	if !reflect.DeepEqual(f.Unknown, want) {
		t.Errorf("unknown = %+v", f.Unknown)
	}
	if j, _ := json.Marshal(f); !strings.Contains(string(j), `"unknown":[{"line":1,"name":"version","value":"1.0"}`) {
		t.Errorf("JSON %s", j)
	}
	for _, tc := range []struct {
		body string
		want []string
	}{
		{"version: 1.0\nuser-agent: *\n\n", []string{"1:autoctl.missing-scope", "1:autoctl.unknown-directive"}},
		{"x-note: hi\nallowed-methods: GET\n\n", []string{"1:autoctl.missing-scope", "1:autoctl.unknown-directive"}},
		{"host: example.com\nx-note: hi\n\n", []string{"1:autoctl.missing-scope", "2:autoctl.unknown-directive"}},
	} {
		f, diags := parseSorted(tc.body, plainUTF8)
		wantCodes(t, diags, tc.want...)
		if len(f.Groups) != 1 || !f.Groups[0].MissingScope || len(f.Unknown) != 0 {
			t.Errorf("%q: file = %+v", tc.body, f)
		}
	}
}

// §3.1 SHOULD (README: rejected): raw control bytes other than CR and LF
// reject the file.
func TestParse_Section3_1_ControlBytesRejectFile(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"NUL", "scope: /\x00\nallowed-methods: GET\n\n", []string{"1:autoctl.control-character"}},
		{"escape", "scope: /\nallowed-methods: GET\x1b[0m\n\n", []string{"2:autoctl.control-character", "2:autoctl.unknown-method"}},
		{"form feed", "\f\nscope: /\n\n", []string{"1:autoctl.control-character", "1:autoctl.malformed-line"}},
		{"tab", "scope:\t/\nallowed-methods: GET\n\n", []string{"1:autoctl.tab-character"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := parseSorted(tc.body, plainUTF8)
			wantCodes(t, diags, tc.want...)
			if !f.Rejected || f.Effective != Rejected {
				t.Errorf("rejected %v effective %q", f.Rejected, f.Effective)
			}
			d := f.Allowed("Bot", "/", "DELETE")
			if !d.Allowed || d.Line != 0 || !strings.Contains(d.Reason, "rejected") {
				t.Errorf("decision %+v: a rejected file expresses no preference", d)
			}
		})
	}
	// CR and LF are the permitted line breaks, in every combination.
	f, diags := parseSorted("scope: /\rallowed-methods: GET\r\n\nscope: /x/\n\r", Options{})
	wantCodes(t, diags)
	if f.Rejected || len(f.Groups) != 2 || f.Lines != 5 || f.Groups[1].Line != 4 {
		t.Errorf("file = %+v", f)
	}
}

// §4 ABNF: the values of each directive.
func TestParse_Section4_ABNF(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       []string
		check      func(Group) bool
	}{
		{"method list with spaces", "allowed-methods: GET ,HEAD,  POST", nil,
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET", "HEAD", "POST"}) }},
		{"every method", "allowed-methods: GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS, TRACE, CONNECT", nil,
			func(g Group) bool { return len(g.Methods) == 9 }},
		{"repeated method", "allowed-methods: GET, GET", nil,
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET"}) }},
		{"lowercase method", "allowed-methods: get, Head", []string{"2:autoctl.method-case", "2:autoctl.method-case"},
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET", "HEAD"}) }},
		{"unknown method", "allowed-methods: GET, PROPFIND", []string{"2:autoctl.unknown-method"},
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET"}) }},
		{"wildcard method", "allowed-methods: *", []string{"2:autoctl.unknown-method"},
			func(g Group) bool { return g.MethodsListed && len(g.Methods) == 0 }},
		{"empty methods", "allowed-methods:", []string{"2:autoctl.empty-value"},
			func(g Group) bool { return g.MethodsListed && len(g.Methods) == 0 }},
		{"empty list element", "allowed-methods: GET,,HEAD", []string{"2:autoctl.empty-value"},
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET", "HEAD"}) }},
		{"user-agent list", "user-agent: ExampleBot, Google-Extended , my_bot, *", nil,
			func(g Group) bool {
				return reflect.DeepEqual(g.UserAgents, []string{"ExampleBot", "Google-Extended", "my_bot", "*"})
			}},
		{"user-agent with digits", "user-agent: Bot2", []string{"2:autoctl.user-agent-syntax"},
			func(g Group) bool { return reflect.DeepEqual(g.UserAgents, []string{"Bot2"}) }},
		{"user-agent with version", "user-agent: ExampleBot/1.0", []string{"2:autoctl.user-agent-syntax"},
			func(g Group) bool { return reflect.DeepEqual(g.UserAgents, []string{"ExampleBot/1.0"}) }},
		{"user-agent with space", "user-agent: Example Bot", []string{"2:autoctl.user-agent-syntax"}, nil},
		{"empty user-agent", "user-agent:", []string{"2:autoctl.empty-value"},
			func(g Group) bool { return len(g.UserAgents) == 0 }},
		{"purpose non-ASCII", "allowed-purposes: recherche-scientifique, données", []string{"2:autoctl.purpose-syntax"},
			func(g Group) bool { return len(g.Purposes) == 2 }},
		{"purpose with space", "allowed-purposes: ai training", []string{"2:autoctl.purpose-syntax"}, nil},
		{"empty purposes", "allowed-purposes: ", []string{"2:autoctl.empty-value"}, nil},
		{"host IDN", "host: bücher.example", nil,
			func(g Group) bool { return reflect.DeepEqual(g.Hosts, []string{"bücher.example"}) }},
		{"host wildcard and port", "host: *.example.com:8443", nil, nil},
		{"host list", "host: a.example, b.example", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Hosts, []string{"a.example", "b.example"}) }},
		{"host URL", "host: https://example.com/", []string{"2:autoctl.host-syntax"}, nil},
		{"host underscore", "host: my_host.example", []string{"2:autoctl.host-syntax"}, nil},
		{"empty host", "host:", []string{"2:autoctl.empty-value"}, nil},
		{"scope list", "scope: /a/, /b/", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/", "/a/", "/b/"}) }},
		{"scope list without spaces", "scope: /a/,/b/", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/", "/a/", "/b/"}) }},
		{"scope list with a space before the comma", "scope: /a/ ,/b/", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/", "/a/", "/b/"}) }},
		{"scope list without commas", "scope: /a/ /b/", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/", "/a/", "/b/"}) }},
		{"scope empty list element", "scope: /a/,", []string{"2:autoctl.empty-value"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/", "/a/"}) }},
		{"scope only commas", "scope: ,", []string{"2:autoctl.empty-value"},
			func(g Group) bool { return reflect.DeepEqual(g.Scopes, []string{"/"}) }},
		{"host list without spaces", "host: a.example,b.example", []string{"2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Hosts, []string{"a.example", "b.example"}) }},
		{"host empty list element", "host: a.example,,b.example", []string{"2:autoctl.empty-value", "2:autoctl.multiple-values"},
			func(g Group) bool { return reflect.DeepEqual(g.Hosts, []string{"a.example", "b.example"}) }},
		{"scope wildcard", "scope: *.pdf$", nil, nil},
		{"scope wildcard path", "scope: */private/", nil, nil},
		{"scope wildcard host", "scope: *.example.com/admin/", []string{"2:autoctl.scope-not-path"}, nil},
		{"scope UTF-8", "scope: /café/", nil, nil},
		{"scope URL", "scope: https://example.com/admin/", []string{"2:autoctl.scope-not-path"}, nil},
		{"scope dot segment", "scope: /docs/../admin/", []string{"2:autoctl.dot-segment-scope"}, nil},
		{"scope URL with a dot segment", "scope: https://example.com/%2E/admin/", []string{"2:autoctl.dot-segment-scope", "2:autoctl.scope-not-path"}, nil},
		{"scope dots after a wildcard", "scope: /*/../q", nil, nil},
		{"scope dots ending a prefix", "scope: /a/..", nil, nil},
		{"empty scope", "scope:", []string{"2:autoctl.empty-value"}, nil},
		{"names are case-insensitive", "Allowed-Methods: GET", nil,
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET"}) }},
		{"white space around the colon", "  allowed-methods   :   GET  ", nil,
			func(g Group) bool { return reflect.DeepEqual(g.Methods, []string{"GET"}) }},
		{"no colon", "allowed-methods GET", []string{"2:autoctl.malformed-line"},
			func(g Group) bool { return !g.MethodsListed }},
		{"not a name", "allowed methods: GET", []string{"2:autoctl.malformed-line"}, nil},
		{"invalid UTF-8", "allowed-purposes: caf\xe9", []string{"2:autoctl.invalid-utf8", "2:autoctl.purpose-syntax"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := parseSorted("scope: /\n"+tc.line+"\n\n", Options{})
			wantCodes(t, diags, tc.want...)
			if len(f.Groups) != 1 {
				t.Fatalf("groups = %+v", f.Groups)
			}
			if tc.check != nil && !tc.check(f.Groups[0]) {
				t.Errorf("group = %+v", f.Groups[0])
			}
		})
	}
}

// §4: the group rule ends with 1*emptyline, and emptyline = *WS [comment]
// EOL, so a comment line after the last group satisfies it (the auditor's
// file); an HTML comment line does not.
func TestParse_Section4_FinalEmptyLine(t *testing.T) {
	for _, tc := range []struct {
		body string
		want []string
	}{
		{"scope: /\nallowed-methods: GET\n# end of file\n", nil},
		{"scope: /\nallowed-methods: GET\n  # indented\n", nil},
		{"scope: /\nallowed-methods: GET\n\n# trailer\n", nil},
		{"scope: /\nallowed-methods: GET\n\n", nil},
		{"scope: /\nallowed-methods: GET\n", []string{"2:autoctl.no-final-blank-line"}},
		{"scope: /\n# inside\nallowed-methods: GET\n", []string{"3:autoctl.no-final-blank-line"}},
		{"scope: /\nallowed-methods: GET\n<!-- end -->\n", []string{"2:autoctl.no-final-blank-line", "3:autoctl.html-comment"}},
	} {
		_, diags := parseSorted(tc.body, plainUTF8)
		wantCodes(t, diags, tc.want...)
	}
}

// A leading byte order mark is ignored with a warning.
func TestParse_BOM(t *testing.T) {
	f, diags := parseSorted(bom+"scope: /\nallowed-methods: GET\n\n", Options{})
	wantCodes(t, diags, "1:autoctl.bom")
	if len(f.Groups) != 1 || f.Groups[0].Scopes[0] != "/" {
		t.Errorf("groups = %+v", f.Groups)
	}
}

// An empty file matches the ABNF (*group) and applies to nothing.
func TestParse_EmptyFile(t *testing.T) {
	for _, body := range []string{"", "\n", "# only comments\n\n"} {
		f, diags := parseSorted(body, Options{})
		wantCodes(t, diags)
		if f.Effective != Empty || len(f.Groups) != 0 {
			t.Errorf("%q: %+v", body, f)
		}
	}
}

// Effective labels.
func TestParse_Effective(t *testing.T) {
	for body, want := range map[string]Effective{
		"scope: /\nallowed-methods: GET, HEAD, OPTIONS, TRACE\n\n":                  ReadOnly,
		"scope: /\nallowed-methods: GET\n\nscope: /api/\nallowed-methods: POST\n\n": WritesAllowed,
		"scope: /\nallowed-methods: CONNECT\n\n":                                    WritesAllowed,
		"scope: /\n\n":                                                              DenyAll,
		"host: a\n\n":                                                               Empty,
	} {
		if f, _ := parseSorted(body, Options{}); f.Effective != want {
			t.Errorf("%q: effective %q, want %q", body, f.Effective, want)
		}
	}
}

// The JSON form is stable.
func TestParse_JSON(t *testing.T) {
	f, _ := Parse([]byte("scope: /\nhost: example.com\nuser-agent: ExampleBot\nallowed-methods: GET\nallowed-purposes: search\nx-note: hi\n\nuser-agent: *\n"), Options{Host: "example.com"})
	got, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"effective":"read-only","rejected":false,"host":"example.com","groups":[` +
		`{"line":1,"end_line":6,"scopes":["/"],"hosts":["example.com"],"user_agents":["ExampleBot"],"methods_listed":true,"allowed_methods":["GET"],"allowed_purposes":["search"],"unknown":[{"line":6,"name":"x-note","value":"hi"}]},` +
		`{"line":8,"end_line":8,"scopes":[],"user_agents":["*"],"methods_listed":false,"allowed_methods":[],"missing_scope":true}],"html_comments":0,"lines":8}`
	if string(got) != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
}

// §7: parsing MUST be performed securely, without denial of service:
// hostile inputs parse, and byte-level diagnostics are capped.
func TestParse_Section7_HostileInput(t *testing.T) {
	for name, body := range map[string]string{
		"control bytes":     strings.Repeat("\x00\n", 10000),
		"unclosed comments": strings.Repeat("<!--\n", 10000),
		"long line":         "scope: /" + strings.Repeat("a", 1<<20) + "\n",
		"many scopes":       "scope:" + strings.Repeat(" /x", 10000) + "\n",
		"binary":            string([]byte{0xff, 0xfe, 0x00, 0x01, 0x80, 0xc0}),
	} {
		f, diags := Parse([]byte(body), Options{})
		checkInvariants(t, []byte(body), f, diags)
		n := 0
		for _, d := range diags {
			if d.Code == codeControlCharacter.ID || d.Code == codeInvalidUTF8.ID || d.Code == codeTab.ID {
				n++
			}
		}
		if n > 3*maxByteDiagnostics {
			t.Errorf("%s: %d byte-level diagnostics, above the cap", name, n)
		}
	}
}

// §3.1, §3.2, §5: a misspelt core directive is ignored as any unknown one
// is, but warned about with the name meant: "allowed-method" leaves the
// group with no allowed-methods, which allows no method at all.
func TestParse_MisspelledDirective(t *testing.T) {
	for _, name := range []string{"allowed-method", "alowed-methods", "allowed_methods", "Allowed-Mehtods", "useragent", "user_agent", "allowed-purpose", "scopes", "Hosts"} {
		f, diags := parseSorted("scope: /\nuser-agent: *\n"+name+": GET\n\n", plainUTF8)
		wantCodes(t, diags, "3:autoctl.misspelled-directive")
		if len(f.Groups) != 1 || len(f.Groups[0].Unknown) != 1 {
			t.Errorf("%s: the directive is not ignored as an unknown one: %+v", name, f)
		}
		if name == "allowed-method" {
			if d := f.Allowed("Bot", "/", "GET"); d.Allowed {
				t.Errorf("%s: GET allowed: the misspelt directive was applied", name)
			}
			if msg := diags[0].Message; !strings.Contains(msg, `did you mean "allowed-methods"`) || !strings.Contains(msg, "a group without allowed-methods allows no method") {
				t.Errorf("message %q", msg)
			}
		}
	}
	for _, name := range []string{"x-host", "rate-limit", "version", "post", "contact"} {
		_, diags := parseSorted("scope: /\n"+name+": 1\n\n", plainUTF8)
		wantCodes(t, diags, "2:autoctl.unknown-directive")
	}
}

// §3.1, §4: a UTF-16 file is one not-text error, not one per line, and is
// rejected as a file of control bytes is.
func TestParse_NotText(t *testing.T) {
	f, diags := Parse(readTestdata(t, "utf16.txt"), plainUTF8)
	wantCodes(t, diags, "0:autoctl.not-text")
	if !f.Rejected || f.Effective != Rejected || !strings.Contains(diags[0].Message, "utf-16") {
		t.Errorf("file %+v, %v", f, diags)
	}
}
