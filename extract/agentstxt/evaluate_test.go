package agentstxt

import "testing"

// The evaluator's documented matching rule: longest path prefix wins,
// DISALLOW wins a tie, unmatched targets are allowed.
func TestAllowed_LongestPrefix(t *testing.T) {
	f := checkAllowed(t, []string{
		"/status ALLOW",
		"/dashboard ALLOW limit=50",
		"/admin DISALLOW",
		"/admin/public ALLOW",
		"/tie ALLOW",
		"/tie DISALLOW",
		"/caf%c3%a9 DISALLOW",
		"/search?q= DISALLOW",
	}, []allowedCase{
		{"/status", true, 2},
		{"https://example.com/status/detail", true, 2},
		{"/dashboard", true, 3},
		{"/admin", false, 4},
		{"/administrator", false, 4}, // plain prefix, as in RFC 9309
		{"/admin/public/x", true, 5},
		{"/tie", false, 7},
		{"/café", false, 8},
		{"/caf%C3%A9/menu", false, 8},
		{"/search?q=agents", false, 9},
		{"/search", true, 0},
		{"/", true, 0},
		{"", true, 0},
		{"https://example.com", true, 0},
	})
	if d := f.Allowed("/dashboard/x"); d.Reason != "/dashboard ALLOW on line 3 is the longest matching path (parameters limit=50)" {
		t.Errorf("reason %q", d.Reason)
	}
	if d := f.Allowed("http://[::1"); d.Allowed {
		t.Errorf("a malformed URL must not be allowed: %+v", d)
	}
}

// RFC 9309 §2.2.2, whose matching the evaluator uses: percent-encoded
// unreserved characters are decoded on both sides before comparing, so an
// escaped letter does not get past a DISALLOW; a reserved character and its
// escape stay distinct.
func TestAllowed_DecodesUnreserved(t *testing.T) {
	checkAllowed(t, []string{
		"/ ALLOW",
		"/admin DISALLOW",
		"/admin/public ALLOW",
		"/a%2Fb DISALLOW",
		"/%7Euser DISALLOW",
	}, []allowedCase{
		{"https://example.com/%61dmin", false, 3},
		{"/%61%64%6D%69%6E/x", false, 3},
		{"/admin/%70ublic", true, 4},
		{"/~user", false, 6},
		{"/%7euser/page", false, 6},
		{"/a%2fb", false, 5},
		{"/a/b", true, 2}, // "/" is not "%2F"
	})
}

// The target is matched as an agent's HTTP client sends it, with its dot
// segments removed (RFC 3986 §5.2.4), "%2E" counting as a dot; the query
// is left as it is.
func TestAllowed_DotSegments(t *testing.T) {
	checkAllowed(t, []string{
		"/ ALLOW",
		"/admin DISALLOW",
		"/admin/public ALLOW",
		"/docs ALLOW",
	}, []allowedCase{
		{"https://example.com/docs/../admin/x", false, 3},
		{"/docs/%2E%2E/admin", false, 3},
		{"/docs/.%2e/admin", false, 3},
		{"/./admin", false, 3},
		{"/admin/public/../x", false, 3},
		{"/admin/x/../public/y", true, 4},
		{"/docs/..%2Fadmin", true, 5}, // "%2F" is no separator
		{"/docs?next=/../admin", true, 5},
	})
}

// §5: an invalid file restricts everything; so does the zero File.
func TestAllowed_Section5_Restricted(t *testing.T) {
	var zero File
	if d := zero.Allowed("/"); d.Allowed {
		t.Errorf("zero File allowed: %+v", d)
	}
	f, _ := Parse(readTestdata(t, "spec-example.txt"), Options{})
	if d := f.Allowed("/status"); d.Allowed || d.Line != 2 || d.Reason != "the file is invalid, so the whole site is restricted (§5)" {
		t.Errorf("spec example: %+v", d)
	}
}

// A valid file without directives allows everything.
func TestAllowed_Open(t *testing.T) {
	f, _ := Parse([]byte("*"+emptyDigest+"\n"), Options{})
	if d := f.Allowed("/anything"); !d.Allowed {
		t.Errorf("open file: %+v", d)
	}
}

// allowedCase is a target and the evaluator's answer for it: allowed or
// not, by the rule on line (0 when no rule matches).
type allowedCase struct {
	target  string
	allowed bool
	line    int
}

// checkAllowed parses a signed file of directives, which must hold rules,
// checks the evaluator's answer for each case and returns the file.
func checkAllowed(t *testing.T, directives []string, cases []allowedCase) *File {
	t.Helper()
	f, diags := Parse([]byte(signed(directives...)), Options{})
	if f.Effective != Rules {
		t.Fatalf("effective %q\n%s", f.Effective, describe(diags))
	}
	for _, tc := range cases {
		if d := f.Allowed(tc.target); d.Allowed != tc.allowed || d.Line != tc.line {
			t.Errorf("Allowed(%q) = %+v, want allowed=%v line=%d", tc.target, d, tc.allowed, tc.line)
		}
	}
	return f
}
