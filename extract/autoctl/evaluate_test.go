package autoctl

import (
	"strings"
	"testing"
)

// §3.4: specificity is (1) exact host over wildcard or absent host, (2)
// longest matching scope, (3) most specific user-agent, (4) the later
// group.
func TestAllowed_Section3_4_Precedence(t *testing.T) {
	body := strings.Join([]string{
		"scope: /", // 1: no host, no user-agent
		"allowed-methods: GET",
		"",
		"scope: /shop/cart/", // 4: wildcard host, long scope
		"host: *.example.com",
		"allowed-methods: GET, HEAD",
		"",
		"scope: /shop/", // 8: exact host, shorter scope
		"host: www.example.com",
		"allowed-methods: GET, POST",
		"",
		"scope: /shop/", // 12: exact host, same scope, exact agent
		"host: www.example.com",
		"user-agent: ExampleBot",
		"allowed-methods: GET, PUT",
		"",
		"scope: /shop/", // 17: same as 12 but "*": less specific
		"host: www.example.com",
		"user-agent: *",
		"allowed-methods: DELETE",
		"",
		"scope: /docs/", // 22: tie with 26, earlier
		"allowed-methods: GET",
		"",
		"scope: /docs/", // 25: tie with 22, later: wins
		"allowed-methods: HEAD",
		"",
		"scope: /files/*.pdf$", // 28: wildcard and anchor
		"allowed-methods: GET",
		"",
	}, "\n") + "\n"
	f, diags := parseSorted(body, Options{Host: "www.example.com"})
	wantCodes(t, diags)
	for _, tc := range []struct {
		name, agent, url, method string
		allowed                  bool
		line                     int
	}{
		{"exact host beats longer scope of wildcard host", "OtherBot", "https://www.example.com/shop/cart/1", "POST", false, 17},
		{"exact host, exact agent beats *", "ExampleBot", "https://www.example.com/shop/cart/1", "PUT", true, 12},
		{"exact agent token in a User-Agent string", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://bot.example/)", "https://www.example.com/shop/", "PUT", true, 12},
		{"agent tokens are case-insensitive", "examplebot", "https://www.example.com/shop/", "PUT", true, 12},
		{"\"*\" and no user-agent rank equal: the later group wins", "OtherBot", "https://www.example.com/shop/x", "DELETE", true, 17},
		{"wildcard host, longest scope", "OtherBot", "https://api.example.com/shop/cart/", "HEAD", true, 4},
		{"wildcard host does not match the apex", "OtherBot", "https://example.com/shop/cart/", "GET", true, 1},
		{"host is case-insensitive", "OtherBot", "https://WWW.Example.COM/shop/", "DELETE", true, 17},
		{"path uses the file's host", "ExampleBot", "/shop/", "PUT", true, 12},
		{"later group wins a tie", "OtherBot", "/docs/a", "HEAD", true, 25},
		{"later group wins a tie (GET not listed)", "OtherBot", "/docs/a", "GET", false, 25},
		{"wildcard and $ match", "OtherBot", "/files/a/b.pdf", "GET", true, 28},
		{"$ anchors the end", "OtherBot", "/files/a.pdf?x=1", "POST", false, 1},
		{"fallback to the root group", "OtherBot", "/other", "GET", true, 1},
		{"method defaults to GET", "OtherBot", "/other", "", true, 1},
		{"method is upper-cased", "OtherBot", "/other", "get", true, 1},
	} {
		d := f.Allowed(tc.agent, tc.url, tc.method)
		if d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("%s: %s %s as %q = %+v, want allowed=%v line=%d", tc.name, tc.method, tc.url, tc.agent, d, tc.allowed, tc.line)
		}
	}
}

// §1.2: the file never expands access beyond robots.txt; the evaluator
// answers for this file alone, and says so when no group applies.
func TestAllowed_Section1_2_NoGroupApplies(t *testing.T) {
	f, _ := parseSorted("scope: /admin/\nallowed-methods: GET\n\n", Options{})
	d := f.Allowed("Bot", "https://example.com/public", "POST")
	if !d.Allowed || d.Line != 0 || d.Group != -1 || !strings.Contains(d.Reason, "robots.txt still applies") {
		t.Errorf("decision %+v", d)
	}
	if d := f.Allowed("Bot", "https://example.com/admin/x", "POST"); d.Allowed || d.Line != 1 || d.Group != 0 {
		t.Errorf("decision %+v", d)
	}
}

// Groups whose host or user-agent does not match do not apply.
func TestAllowed_NonMatchingGroups(t *testing.T) {
	f, _ := parseSorted("scope: /\nhost: example.com\nuser-agent: ExampleBot\n\n", Options{})
	for _, tc := range []struct{ agent, url string }{
		{"OtherBot", "https://example.com/"},
		{"ExampleBot", "https://other.example/"},
		{"", "https://example.com/"},
	} {
		if d := f.Allowed(tc.agent, tc.url, "GET"); !d.Allowed || d.Group != -1 {
			t.Errorf("%q %s: %+v", tc.agent, tc.url, d)
		}
	}
	if d := f.Allowed("ExampleBot", "https://example.com/", "GET"); d.Allowed || d.Line != 1 {
		t.Errorf("matching group: %+v", d)
	}
	if d := f.Allowed("ExampleBot", "http://[::1", "GET"); d.Allowed {
		t.Errorf("malformed URL: %+v", d)
	}
}

// §4: servers SHOULD match IDNA U-labels, so hosts compare after IDNA
// conversion; ports are ignored; scopes may name a host ("path/authority
// matcher").
func TestAllowed_Section4_IDNAHostsAndScopeForms(t *testing.T) {
	f, _ := parseSorted("scope: /\nhost: bücher.example\nallowed-methods: GET\n\nscope: shop.example/cart/\nallowed-methods: POST\n\nscope: https://api.example/v1/\nallowed-methods: PUT\n\n", Options{})
	for _, tc := range []struct {
		url, method string
		allowed     bool
		line        int
	}{
		{"https://xn--bcher-kva.example/a", "GET", true, 1},
		{"https://bücher.example:8443/a", "GET", true, 1},
		{"https://shop.example/cart/1", "POST", true, 5},
		{"https://other.example/cart/1", "POST", true, 0},
		{"https://api.example/v1/x", "PUT", true, 8},
		{"https://api.example/v2/x", "PUT", true, 0},
	} {
		if d := f.Allowed("Bot", tc.url, tc.method); d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("%s %s = %+v", tc.method, tc.url, d)
		}
	}
}

// §3.1: "Multiple values MAY be separated by commas", with or without
// white space: "/admin/,/private/" is two scopes (the auditor's file).
func TestAllowed_Section3_1_CommaSeparatedScopes(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-methods: GET, POST\n\nscope: /admin/,/private/\nallowed-methods: GET\n\n", plainUTF8)
	wantCodes(t, diags, "4:autoctl.multiple-values")
	for _, path := range []string{"/admin/x", "/private/x"} {
		if d := f.Allowed("Bot", path, "POST"); d.Allowed || d.Line != 4 {
			t.Errorf("POST %s = %+v", path, d)
		}
	}
	if d := f.Allowed("Bot", "/public", "POST"); !d.Allowed || d.Line != 1 {
		t.Errorf("POST /public = %+v", d)
	}
}

// The path is matched as the agent's HTTP client sends it: escaped
// unreserved characters decoded (RFC 9309 §2.2.2 matching, RFC 3986
// §6.2.2.2) and dot segments removed (RFC 3986 §5.2.4), so neither
// "/%61dmin" nor "/docs/../admin" gets past a scope for /admin/.
func TestAllowed_Section4_PathAsSent(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-methods: GET, POST\n\nscope: /admin/\nallowed-methods: GET\n\n", plainUTF8)
	wantCodes(t, diags)
	for _, target := range []string{"/admin/x", "/%61dmin/x", "/docs/../admin/x", "/docs/%2E%2E/admin/x", "https://example.com/./admin/x"} {
		if d := f.Allowed("Bot", target, "POST"); d.Allowed || d.Line != 4 {
			t.Errorf("POST %s = %+v, want disallowed by line 4", target, d)
		}
	}
	if d := f.Allowed("Bot", "/admin/../public", "POST"); !d.Allowed || d.Line != 1 {
		t.Errorf("POST /admin/../public = %+v, want allowed by line 1", d)
	}
}

// A user-agent token that is no product token (§4 product-token, an
// error) is still matched as written, as autoctl.user-agent-syntax says:
// with the whole agent string or one of its products, with or without its
// version, case-insensitively (the auditor's file).
func TestAllowed_Section4_InvalidUserAgentMatchedAsWritten(t *testing.T) {
	f, diags := parseSorted("scope: /\nuser-agent: *\nallowed-methods: GET\n\nscope: /\nuser-agent: Bot2\nallowed-methods: POST\n\nscope: /\nuser-agent: ExampleBot/1.0\nallowed-methods: PUT\n\nscope: /\nuser-agent: Example Bot\nallowed-methods: PATCH\n\n", plainUTF8)
	wantCodes(t, diags, "6:autoctl.user-agent-syntax", "10:autoctl.user-agent-syntax", "14:autoctl.user-agent-syntax")
	for _, tc := range []struct {
		agent string
		line  int
	}{
		{"Bot2", 5},
		{"bot2", 5},
		{"Mozilla/5.0 (compatible; Bot2/3.1)", 5},
		{"ExampleBot/1.0", 9},
		{"Mozilla/5.0 (compatible; ExampleBot/1.0; +https://bot.example/)", 9},
		{"example bot", 13},
		{"ExampleBot", 1},
		{"ExampleBot/2.0", 1},
		{"Bot", 1},
		{"Bot22", 1},
	} {
		if d := f.Allowed(tc.agent, "/x", "GET"); d.Line != tc.line {
			t.Errorf("%q: decided by line %d, want %d: %+v", tc.agent, d.Line, tc.line, d)
		}
	}
}

// §4: a url-pattern is a "path/authority matcher with wildcards", so a
// scope starting with a wildcard host is read as host/path, like a scope
// naming a host (the auditor's file); "*" before a path stays a path
// wildcard.
func TestAllowed_Section4_WildcardHostScope(t *testing.T) {
	f, diags := parseSorted("scope: /\nallowed-methods: GET, POST\n\nscope: *.example.com/admin/\nallowed-methods: GET\n\nscope: example.com/shop/\nallowed-methods: GET\n\nscope: */private/\nallowed-methods: HEAD\n\n", plainUTF8)
	wantCodes(t, diags, "4:autoctl.scope-not-path", "7:autoctl.scope-not-path")
	for _, tc := range []struct {
		url     string
		allowed bool
		line    int
	}{
		{"https://shop.example.com/admin/x", false, 4},
		{"https://example.com/admin/x", true, 1},
		{"https://other.example/admin/x", true, 1},
		{"https://example.com/shop/x", false, 7},
		{"https://example.com/a/private/x", false, 10},
	} {
		if d := f.Allowed("Bot", tc.url, "POST"); d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("POST %s = %+v", tc.url, d)
		}
	}
}

// §3.2: an allowed-methods that names no method of the ABNF's list
// ("*", or empty) allows none, and the reason says so rather than listing
// an empty "()" (the auditor's file).
func TestAllowed_Section3_2_NoKnownMethod(t *testing.T) {
	for _, body := range []string{"scope: /\nallowed-methods: *\n\n", "scope: /\nallowed-methods:\n\n"} {
		f, _ := parseSorted(body, plainUTF8)
		d := f.Allowed("Bot", "/x", "GET")
		if d.Allowed || d.Line != 1 || !strings.Contains(d.Reason, "no allowed-methods") || strings.Contains(d.Reason, "()") {
			t.Errorf("%q: %+v", body, d)
		}
	}
}

// §3.4: wildcards MAY be used in scopes; they match the robots.txt way.
func TestMatchPattern_Section3_4_Wildcards(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"/", "/anything", true},
		{"/admin/", "/admin/", true},
		{"/admin/", "/admin", false},
		{"/admin", "/administrator", true},
		{"/*.pdf", "/a/b.pdf", true},
		{"/*.pdf$", "/a/b.pdf", true},
		{"/*.pdf$", "/a/b.pdf.bak", false},
		{"/a*b*c", "/axxbyyc", true},
		{"/a*b*c$", "/axxbyycd", false},
		{"*", "", true},
		{"/$", "/", true},
		{"/$", "/a", false},
		{"", "/a", true},
		{"/a", "", false},
	} {
		if got := matchPattern(tc.pattern, tc.s); got != tc.want {
			t.Errorf("matchPattern(%q, %q) = %v", tc.pattern, tc.s, got)
		}
	}
}

func TestProductTokens(t *testing.T) {
	for agent, want := range map[string]string{
		"ExampleBot": "ExampleBot",
		"Mozilla/5.0 (compatible; ExampleBot/1.0; +https://bot.example/info)": "Mozilla ExampleBot",
		"curl/8.4.0": "curl",
		"":           "",
		"Bot 2":      "",
	} {
		if got := strings.Join(productTokens(agent), " "); got != want {
			t.Errorf("productTokens(%q) = %q, want %q", agent, got, want)
		}
	}
}
