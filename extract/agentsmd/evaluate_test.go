package agentsmd

import (
	"slices"
	"strings"
	"testing"
)

// evalPolicy is the §5.6 example with a few more patterns.
const evalPolicy = `# AGENTS.md

## Identity
- site: example.com

## Restrictions
- disallowed-paths: /admin/*, /internal/**, *.bak, /same
- require-human-approval: /checkout/*, /account/delete, /same
- read-only-paths: /blog/*, /docs/**, /admin/help, /internal/docs/**, /same, relative/*
`

// TestEvaluate_Section5_6_Restrictions evaluates paths and methods against
// the three lists (§5.6, §9, §12.2 steps 3 and 4).
func TestEvaluate_Section5_6_Restrictions(t *testing.T) {
	res, diags := parse(t, evalPolicy)
	wantCodes(t, diags, "9:relative-pattern")
	for _, tt := range []struct {
		path, method string
		verdict      Verdict
		allowed      bool
		rule         string
		pattern      string
		line         int
	}{
		{"/admin/users", "GET", VerdictDisallowed, false, RuleDisallowedPaths, "/admin/*", 7},
		{"/admin/users", "", VerdictDisallowed, false, RuleDisallowedPaths, "/admin/*", 7},
		{"/internal/a/b", "HEAD", VerdictDisallowed, false, RuleDisallowedPaths, "/internal/**", 7},
		{"/backup/db.bak", "GET", VerdictDisallowed, false, RuleDisallowedPaths, "*.bak", 7},
		{"/checkout/pay", "GET", VerdictHumanApproval, false, RuleRequireHumanApproval, "/checkout/*", 8},
		{"/account/delete", "POST", VerdictHumanApproval, false, RuleRequireHumanApproval, "/account/delete", 8},
		{"/blog/post-1", "GET", VerdictReadOnly, true, RuleReadOnlyPaths, "/blog/*", 9},
		{"/blog/post-1", "head", VerdictReadOnly, true, RuleReadOnlyPaths, "/blog/*", 9},
		{"/blog/post-1", "POST", VerdictReadOnly, false, RuleReadOnlyPaths, "/blog/*", 9},
		{"/docs/a/b?x=1", "DELETE", VerdictReadOnly, false, RuleReadOnlyPaths, "/docs/**", 9},
		{"/", "POST", VerdictAllowed, true, "", "", 0},
		{"/blog", "POST", VerdictAllowed, true, "", "", 0},
		{"/relative/x", "POST", VerdictAllowed, true, "", "", 0},
		// §9.2 rule 4: the more specific read-only pattern carves an
		// exception out of the broader disallowed one.
		{"/admin/help", "GET", VerdictReadOnly, true, RuleReadOnlyPaths, "/admin/help", 9},
		{"/internal/docs/x", "GET", VerdictReadOnly, true, RuleReadOnlyPaths, "/internal/docs/**", 9},
		// §9.2 rule 5: the same pattern in several lists: disallowed wins,
		// then human approval, then read-only.
		{"/same", "GET", VerdictDisallowed, false, RuleDisallowedPaths, "/same", 7},
	} {
		d := res.Evaluate(tt.path, tt.method)
		if d.Verdict != tt.verdict || d.Allowed != tt.allowed || d.Rule != tt.rule || d.Pattern != tt.pattern || d.Line != tt.line {
			t.Errorf("Evaluate(%q, %q) = %+v, want %s allowed=%v %s %q line %d", tt.path, tt.method, d, tt.verdict, tt.allowed, tt.rule, tt.pattern, tt.line)
		}
		if d.Reason == "" {
			t.Errorf("Evaluate(%q, %q): no reason", tt.path, tt.method)
		}
	}
}

// TestEvaluate_Section9_2_Rule5_TieOrder: on a specificity tie, human
// approval beats read-only, and disallowed beats both.
func TestEvaluate_Section9_2_Rule5_TieOrder(t *testing.T) {
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Restrictions\n- read-only-paths: /a/*, /b/*\n- require-human-approval: /a/*, /c/*\n- disallowed-paths: /c/*\n")
	if d := res.Evaluate("/a/x", "GET"); d.Verdict != VerdictHumanApproval || d.Line != 6 {
		t.Errorf("/a/x: %+v", d)
	}
	if d := res.Evaluate("/c/x", "GET"); d.Verdict != VerdictDisallowed || d.Line != 7 {
		t.Errorf("/c/x: %+v", d)
	}
	if d := res.Evaluate("/b/x", "GET"); d.Verdict != VerdictReadOnly || !d.Allowed {
		t.Errorf("/b/x: %+v", d)
	}
}

// TestEvaluate_Section9_2_Rule4_MoreSpecificWins: a more specific
// disallowed pattern inside a read-only tree, and the reverse.
func TestEvaluate_Section9_2_Rule4_MoreSpecificWins(t *testing.T) {
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Restrictions\n- read-only-paths: /docs/**, *.pdf\n- disallowed-paths: /docs/private/*, *.secret.pdf\n")
	for path, want := range map[string]Verdict{
		"/docs/a":               VerdictReadOnly,
		"/docs/private/a":       VerdictDisallowed,
		"/docs/private/a/b":     VerdictReadOnly, // /docs/private/* is one segment only
		"/files/x.pdf":          VerdictReadOnly,
		"/files/x.secret.pdf":   VerdictDisallowed, // ".secret.pdf" (11) > ".pdf" (4)
		"/docs/x.secret.pdf":    VerdictDisallowed, // ".secret.pdf" (11) > "/docs/" (6)
		"/docs/private/x.pdf":   VerdictDisallowed, // "/docs/private/" (14) > ".pdf"
		"/elsewhere/index.html": VerdictAllowed,
	} {
		if d := res.Evaluate(path, "POST"); d.Verdict != want {
			t.Errorf("%s: %+v, want %s", path, d, want)
		}
	}
}

// pathVerdict is a path and the verdict wanted for a GET of it.
type pathVerdict struct {
	path    string
	verdict Verdict
}

// wantGETVerdicts checks the verdict res gives a GET of each path.
func wantGETVerdicts(t *testing.T, res *Result, want []pathVerdict) {
	t.Helper()
	for _, tt := range want {
		if d := res.Evaluate(tt.path, "GET"); d.Verdict != tt.verdict {
			t.Errorf("Evaluate(%q) = %+v, want %s", tt.path, d, tt.verdict)
		}
	}
}

// TestEvaluate_DotSegments: a path is matched as the agent's HTTP client
// sends it, with its dot segments removed (RFC 3986 §5.2.4), "%2E" counting
// as a dot: "/docs/../admin/x" is a request for /admin/x, which
// disallowed-paths refuses, not a read-only /docs/ path.
func TestEvaluate_DotSegments(t *testing.T) {
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Restrictions\n- disallowed-paths: /admin/**, /secret\n- read-only-paths: /admin/public/*, /docs/**\n")
	wantGETVerdicts(t, res, []pathVerdict{
		{"/docs/../admin/x", VerdictDisallowed},
		{"/docs/%2E%2E/admin/x", VerdictDisallowed},
		{"/docs/%2e./admin/x", VerdictDisallowed},
		{"/docs/./../secret", VerdictDisallowed},
		{"/admin/public/../../docs/a", VerdictReadOnly},
		{"/admin/./public/a", VerdictReadOnly},
		{"/docs/..%2Fadmin/x", VerdictReadOnly}, // "%2F" is no separator: one segment
		{"/docs/...", VerdictReadOnly},
	})
	if p, _ := NewPattern("/admin/**"); !p.Match("/docs/../admin/x") {
		t.Error(`Pattern "/admin/**" does not match "/docs/../admin/x"`)
	}
}

// TestEvaluate_DotSegmentPatterns: a pattern's own `.` and `..` segments
// (`%2E` counting as a dot) are removed as a request's are, since no
// request holds them: written as they stand they would match nothing. The
// pattern is matched as the path it names, and the parser warns.
func TestEvaluate_DotSegmentPatterns(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Restrictions\n- disallowed-paths: /docs/../admin/**, /%2E/secret, /a/b/..\n- read-only-paths: /pub/./*, /docs/**\n")
	wantGETVerdicts(t, res, []pathVerdict{
		{"/admin/x", VerdictDisallowed},
		{"/docs/../admin/x", VerdictDisallowed},
		{"/secret", VerdictDisallowed},
		{"/a/", VerdictDisallowed},
		{"/a/b", VerdictAllowed},
		{"/pub/x", VerdictReadOnly},
		{"/pub/x/y", VerdictAllowed},
		{"/docs/a", VerdictReadOnly},
	})
	var msgs []string
	for _, d := range diags {
		if d.Code == codeDotSegmentPattern.ID {
			msgs = append(msgs, d.Message)
		}
	}
	want := []string{
		"disallowed-paths pattern \"/docs/../admin/**\" holds a `.` or `..` segment, which an agent's HTTP client removes from every request it sends (RFC 3986 §5.2.4); it is matched as \"/admin/**\"",
		"disallowed-paths pattern \"/%2E/secret\" holds a `.` or `..` segment, which an agent's HTTP client removes from every request it sends (RFC 3986 §5.2.4); it is matched as \"/secret\"",
		"disallowed-paths pattern \"/a/b/..\" holds a `.` or `..` segment, which an agent's HTTP client removes from every request it sends (RFC 3986 §5.2.4); it is matched as \"/a/\"",
		"read-only-paths pattern \"/pub/./*\" holds a `.` or `..` segment, which an agent's HTTP client removes from every request it sends (RFC 3986 §5.2.4); it is matched as \"/pub/*\"",
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("%s messages:\n%s\nwant:\n%s", codeDotSegmentPattern.ID, strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
	for _, text := range []string{"/docs/...", "/a..b/**", "*..x", "/..x/*"} {
		if p, err := NewPattern(text); err != nil || p.HasDotSegment() {
			t.Errorf("NewPattern(%q) = %+v, %v: a dot segment where there is none", text, p, err)
		}
	}
}

// TestEvaluate_Section12_2_ReadContent: a read that no pattern refuses is
// disallowed when read-content is false (§12.2 step 8); other methods are
// not mapped to actions.
func TestEvaluate_Section12_2_ReadContent(t *testing.T) {
	res, _ := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n## Allowed Actions\n- submit-forms: yes\n- read-content: no\n## Restrictions\n- read-only-paths: /blog/*\n- require-human-approval: /checkout/*\n")
	for _, tt := range []struct {
		path, method string
		verdict      Verdict
		allowed      bool
		line         int
	}{
		{"/blog/a", "GET", VerdictDisallowed, false, 6},
		{"/other", "HEAD", VerdictDisallowed, false, 6},
		{"/other", "POST", VerdictAllowed, true, 0},
		{"/blog/a", "POST", VerdictReadOnly, false, 8},
		{"/checkout/a", "GET", VerdictHumanApproval, false, 9},
	} {
		d := res.Evaluate(tt.path, tt.method)
		if d.Verdict != tt.verdict || d.Allowed != tt.allowed || d.Line != tt.line {
			t.Errorf("Evaluate(%q, %q) = %+v", tt.path, tt.method, d)
		}
		if tt.line == 6 && (d.Rule != RuleReadContent || !strings.Contains(d.Reason, "read-content")) {
			t.Errorf("Evaluate(%q, %q) = %+v, want read-content", tt.path, tt.method, d)
		}
	}
}
