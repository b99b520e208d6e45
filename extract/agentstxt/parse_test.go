package agentstxt

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// §9: the draft's own example, verbatim. Its digest is the SHA-256 of the
// empty string, so it must be reported as a hash mismatch and the site
// treated as restricted.
func TestParse_Section9_DraftExampleIsHashMismatch(t *testing.T) {
	body := readTestdata(t, "spec-example.txt")
	f, diags := Parse(body, plainUTF8)
	wantCodes(t, diags, "2:agents-txt.hash-mismatch")
	if !strings.Contains(diags[0].Message, "SHA-256 of empty input") {
		t.Errorf("message %q does not point out the empty-input digest", diags[0].Message)
	}
	want := &File{
		Effective: Restricted,
		Hash: Hash{
			Line:     2,
			Declared: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
			Computed: sha("/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW"),
			Status:   HashMismatch,
		},
		Directives: []Directive{
			{Line: 4, Path: "/status", Action: Allow},
			{Line: 5, Path: "/dashboard", Action: Allow, Params: []Param{{Key: "limit", Value: "50"}}},
			{Line: 6, Path: "/admin", Action: Disallow},
		},
		Metadata: []Metadata{{Line: 1, Key: "version", Value: "1.0"}},
		Lines:    6,
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
	if d := f.Allowed("/status"); d.Allowed || d.Line != 2 {
		t.Errorf("Allowed(/status) = %+v, want restricted at the hash line", d)
	}
}

// §3: the first non-comment, non-empty line is the hash line; subsequent
// lines are directives (the §3 example directives, with a correct digest).
func TestParse_Section3_HashLineAndExampleDirectives(t *testing.T) {
	f, diags := Parse(readTestdata(t, "valid.txt"), plainUTF8)
	wantCodes(t, diags)
	if f.Effective != Rules || !f.Valid() {
		t.Fatalf("effective %q, valid %v", f.Effective, f.Valid())
	}
	wantHash := Hash{Line: 4, Declared: sha("/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW"), Matched: true, Status: HashMatch}
	wantHash.Computed = wantHash.Declared
	if f.Hash != wantHash {
		t.Errorf("hash = %+v, want %+v", f.Hash, wantHash)
	}
	want := []Directive{
		{Line: 6, Path: "/status", Action: Allow},
		{Line: 7, Path: "/dashboard", Action: Allow, Params: []Param{{Key: "limit", Value: "50"}}},
		{Line: 9, Path: "/admin", Action: Disallow},
	}
	if !reflect.DeepEqual(f.Directives, want) {
		t.Errorf("directives = %+v, want %+v", f.Directives, want)
	}
}

// §3, §5: a file without a hash line is restricted.
func TestParse_Section3_MissingHash(t *testing.T) {
	body := "# version: 1.0\n\n/status ALLOW\n/admin DISALLOW\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "3:agents-txt.missing-hash")
	if f.Effective != Restricted || f.Hash.Status != HashMissing || f.Hash.Line != 0 {
		t.Errorf("effective %q, hash %+v", f.Effective, f.Hash)
	}
	if want := sha("/status ALLOW\n/admin DISALLOW"); f.Hash.Computed != want || !strings.Contains(diags[0].Message, want) {
		t.Errorf("computed %q, message %q: want the digest to declare, %s", f.Hash.Computed, diags[0].Message, want)
	}
	if len(f.Directives) != 2 {
		t.Errorf("directives = %+v", f.Directives)
	}
}

// §3, §5: an empty file, or one of comments and blank lines only, has no
// hash: restricted.
func TestParse_Section3_EmptyFile(t *testing.T) {
	for _, body := range []string{"", "\n", "# just a comment\n\n   \n\t# another\n"} {
		f, diags := parseSorted(body, Options{})
		wantCodes(t, diags, "0:agents-txt.empty")
		if f.Effective != Restricted {
			t.Errorf("%q: effective %q", body, f.Effective)
		}
	}
}

// §3: the hash line must come first; a hash line after a directive is
// still the hash line (removed from the hash input) but is an error.
func TestParse_Section3_HashNotFirst(t *testing.T) {
	body := "/status ALLOW\n*" + sha("/status ALLOW") + "\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "2:agents-txt.hash-not-first")
	if f.Effective != Restricted || !f.Hash.Matched || f.Hash.Line != 2 || len(f.Directives) != 1 {
		t.Errorf("got %+v", f)
	}
}

// §3, §6: a line that starts with "*" but whose second field is an action
// is a directive with a wildcard path, not a hash line: the file lacks its
// hash line, and the path does not start with "/".
func TestParse_Section6_WildcardPathIsNoHashLine(t *testing.T) {
	_, diags := parseSorted("/a ALLOW\n*.php DISALLOW\n", Options{})
	wantCodes(t, diags, "1:agents-txt.missing-hash", "2:agents-txt.path-syntax")
	_, diags = parseSorted("*"+sha("/a ALLOW\n* disallow")+"\n/a ALLOW\n* disallow\n", Options{})
	wantCodes(t, diags, "3:agents-txt.action-case", "3:agents-txt.path-syntax")
}

// §3 and README: the hash line is "*" followed by 64 lowercase hex digits.
func TestParse_Section3_HashLineSyntax(t *testing.T) {
	d := sha("/a ALLOW")
	for _, tc := range []struct {
		name, hashLine string
		want           []string
		status         HashStatus
		nearMiss       NearMiss
	}{
		{"uppercase", "*" + strings.ToUpper(d), []string{"1:agents-txt.hash-near-miss", "1:agents-txt.hash-uppercase"}, HashSyntax, NearMissUppercase},
		{"uppercase and wrong", "*" + strings.ToUpper(sha("x")), []string{"1:agents-txt.hash-mismatch", "1:agents-txt.hash-uppercase"}, HashSyntax, ""},
		{"space after star", "* " + d, []string{"1:agents-txt.hash-near-miss", "1:agents-txt.hash-syntax"}, HashSyntax, NearMissHashLineSyntax},
		{"63 digits", "*" + d[:63], []string{"1:agents-txt.hash-syntax"}, HashSyntax, ""},
		{"65 digits", "*" + d + "0", []string{"1:agents-txt.hash-syntax"}, HashSyntax, ""},
		{"non-hex", "*" + d[:63] + "g", []string{"1:agents-txt.hash-syntax"}, HashSyntax, ""},
		{"star alone", "*", []string{"1:agents-txt.hash-syntax"}, HashSyntax, ""},
		{"algorithm prefix", "*sha256:" + d, []string{"1:agents-txt.hash-syntax"}, HashSyntax, ""},
		{"leading white space", "  *" + d, []string{"1:agents-txt.irregular-whitespace"}, HashMatch, ""},
		{"trailing white space", "*" + d + " \t", []string{"1:agents-txt.irregular-whitespace"}, HashMatch, ""},
		// Blank and comment lines are told by Unicode white space, so is
		// the hash line: its first non-blank character is "*".
		{"leading no-break space", "\u00a0*" + d, []string{"1:agents-txt.irregular-whitespace"}, HashMatch, ""},
		{"trailing no-break space", "*" + d + "\u00a0", []string{"1:agents-txt.irregular-whitespace"}, HashMatch, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := parseSorted(tc.hashLine+"\n/a ALLOW\n", Options{})
			wantCodes(t, diags, tc.want...)
			if f.Hash.Status != tc.status || f.Hash.NearMiss != tc.nearMiss {
				t.Errorf("hash = %+v, want status %q near miss %q", f.Hash, tc.status, tc.nearMiss)
			}
			// A digest is quoted as the file writes it, not lower-cased.
			for _, d := range diags {
				if d.Code == codeHashMismatch.ID && !strings.Contains(d.Message, strings.TrimLeft(strings.TrimSpace(tc.hashLine), "* ")) {
					t.Errorf("the mismatch does not quote the digest as written: %s", d.Message)
				}
			}
		})
	}
}

// §3, §6: a second "*" line is a directive syntax error; it stays in the
// hash input.
func TestParse_Section3_SecondHashLine(t *testing.T) {
	second := "*" + sha("other")
	body := "*" + sha("/a ALLOW\n"+second) + "\n/a ALLOW\n" + second + "\n"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "3:agents-txt.second-hash-line")
	if !f.Hash.Matched || f.Effective != Restricted || len(f.Directives) != 1 {
		t.Errorf("got %+v", f)
	}
}

// §4: comments (first non-blank character "#") are ignored for parsing and
// for the hash, wherever they stand.
func TestParse_Section4_CommentsIgnored(t *testing.T) {
	body := "# top\n*" + sha("/a ALLOW\n/b DISALLOW") + "\n  # indented comment\n/a ALLOW\n#/b ALLOW\n\t# tab-indented\n/b DISALLOW\n# end"
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags)
	want := []Directive{{Line: 4, Path: "/a", Action: Allow}, {Line: 7, Path: "/b", Action: Disallow}}
	if !f.Hash.Matched || !reflect.DeepEqual(f.Directives, want) {
		t.Errorf("got %+v", f)
	}
}

// §4: metadata comments are recorded; a repeated draft key is a warning.
func TestParse_Section4_Metadata(t *testing.T) {
	body := "# Version: 1.0\n# generated-by: policy-builder 2.3\n#grace-period:7d\n# see https://example.com/policy\n# contact: https://example.com/\n# version: 2.0\n" + signed("/a ALLOW")
	f, diags := parseSorted(body, Options{})
	wantCodes(t, diags, "6:agents-txt.duplicate-metadata")
	want := []Metadata{
		{Line: 1, Key: "version", Value: "1.0"},
		{Line: 2, Key: "generated-by", Value: "policy-builder 2.3"},
		{Line: 3, Key: "grace-period", Value: "7d"},
		{Line: 5, Key: "contact", Value: "https://example.com/"},
		{Line: 6, Key: "version", Value: "2.0"},
	}
	if !reflect.DeepEqual(f.Metadata, want) {
		t.Errorf("metadata = %+v, want %+v", f.Metadata, want)
	}
	if v, ok := f.Meta(MetaVersion); !ok || v != "1.0" {
		t.Errorf("Meta(version) = %q, %v", v, ok)
	}
	if _, ok := f.Meta("absent"); ok {
		t.Error("Meta(absent) found a value")
	}
	if f.Effective != Rules {
		t.Errorf("effective %q", f.Effective)
	}
}

// §5: a missing hash, a hash mismatch or a directive syntax error MUST
// make the whole site restricted.
func TestParse_Section5_MalformedFileRestrictsWholeSite(t *testing.T) {
	for name, body := range map[string]string{
		"missing hash":   "/a ALLOW\n",
		"hash mismatch":  "*" + sha("something else") + "\n/a ALLOW\n",
		"syntax error":   signed("/a ALLOW", "a DISALLOW"),
		"unknown action": signed("/a ALLOW", "/b BLOCK"),
		"bad param":      signed("/a ALLOW limit"),
	} {
		f, diags := parseSorted(body, Options{})
		if !diags.HasErrors() || f.Effective != Restricted || f.Valid() {
			t.Errorf("%s: effective %q, diagnostics\n%s", name, f.Effective, describe(diags))
		}
		for _, target := range []string{"/", "/a", "/anything"} {
			if d := f.Allowed(target); d.Allowed {
				t.Errorf("%s: Allowed(%s) = %+v", name, target, d)
			}
		}
	}
}

// §6: "<path> <action> [params...]": the path starts with "/", the action
// is ALLOW or DISALLOW, params are key=value pairs in URI syntax.
func TestParse_Section6_DirectiveSyntax(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       []string
		directive  Directive
	}{
		{"path without slash", "status ALLOW", []string{"2:agents-txt.path-syntax"},
			Directive{Line: 2, Path: "status", Action: Allow, Malformed: true}},
		{"robots-style line", "Disallow: /admin", []string{"2:agents-txt.action-unknown", "2:agents-txt.path-syntax"},
			Directive{Line: 2, Path: "Disallow:", Action: "/admin", Malformed: true}},
		{"missing action", "/status", []string{"2:agents-txt.missing-action"},
			Directive{Line: 2, Path: "/status", Malformed: true}},
		{"unknown action", "/status DENY", []string{"2:agents-txt.action-unknown"},
			Directive{Line: 2, Path: "/status", Action: "DENY", Malformed: true}},
		{"lowercase action", "/status allow", []string{"2:agents-txt.action-case"},
			Directive{Line: 2, Path: "/status", Action: "allow", Malformed: true}},
		{"mixed-case action", "/status Disallow", []string{"2:agents-txt.action-case"},
			Directive{Line: 2, Path: "/status", Action: "Disallow", Malformed: true}},
		{"param without =", "/a ALLOW limit", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Key: "limit"}}, Malformed: true}},
		{"empty key", "/a ALLOW =5", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Value: "5"}}, Malformed: true}},
		{"empty value", "/a ALLOW limit=", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Key: "limit"}}, Malformed: true}},
		{"non-URI value", "/a ALLOW note=\"x\"", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Key: "note", Value: "\"x\""}}, Malformed: true}},
		{"non-ASCII value", "/a ALLOW owner=José", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Key: "owner", Value: "José"}}, Malformed: true}},
		{"bad escape in key", "/a ALLOW li%2=5", []string{"2:agents-txt.param-syntax"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{Key: "li%2", Value: "5"}}, Malformed: true}},
		{"URI characters", "/a ALLOW limit=50 window=60s ref=/x?y=%2Fz;q contact=mailto:a@b.c", nil,
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{"limit", "50"}, {"window", "60s"}, {"ref", "/x?y=%2Fz;q"}, {"contact", "mailto:a@b.c"}}}},
		{"trailing comment", "/admin DISALLOW # staff only", []string{"2:agents-txt.inline-comment"},
			Directive{Line: 2, Path: "/admin", Action: Disallow, Malformed: true}},
		{"trailing comment after a parameter", "/a ALLOW limit=5 #no", []string{"2:agents-txt.inline-comment"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{"limit", "5"}}, Malformed: true}},
		{"duplicate param", "/a ALLOW limit=5 limit=6", []string{"2:agents-txt.duplicate-param"},
			Directive{Line: 2, Path: "/a", Action: Allow, Params: []Param{{"limit", "5"}, {"limit", "6"}}}},
		{"tab separator", "/a\tALLOW", []string{"2:agents-txt.irregular-whitespace"},
			Directive{Line: 2, Path: "/a", Action: Allow}},
		{"double space", "/a  ALLOW", []string{"2:agents-txt.irregular-whitespace"},
			Directive{Line: 2, Path: "/a", Action: Allow}},
		{"raw non-ASCII path", "/café ALLOW", []string{"2:agents-txt.path-characters"},
			Directive{Line: 2, Path: "/café", Action: Allow}},
		{"bad escape in path", "/a%zz ALLOW", []string{"2:agents-txt.path-characters"},
			Directive{Line: 2, Path: "/a%zz", Action: Allow}},
		{"query and sub-delims in path", "/search?q=*&page=1 DISALLOW", nil,
			Directive{Line: 2, Path: "/search?q=*&page=1", Action: Disallow}},
		{"dot segment in path", "/docs/../admin/ DISALLOW", []string{"2:agents-txt.dot-segment-path"},
			Directive{Line: 2, Path: "/docs/../admin/", Action: Disallow}},
		{"escaped dot segment in path", "/%2E/a DISALLOW", []string{"2:agents-txt.dot-segment-path"},
			Directive{Line: 2, Path: "/%2E/a", Action: Disallow}},
		{"dot segment in a query", "/s?q=/../a DISALLOW", nil,
			Directive{Line: 2, Path: "/s?q=/../a", Action: Disallow}},
		{"dots ending a prefix", "/a/.. DISALLOW", nil,
			Directive{Line: 2, Path: "/a/..", Action: Disallow}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := parseSorted(signed(tc.line), Options{})
			wantCodes(t, diags, tc.want...)
			if len(f.Directives) != 1 || !reflect.DeepEqual(f.Directives[0], tc.directive) {
				t.Errorf("directives = %+v, want [%+v]", f.Directives, tc.directive)
			}
			if errs := diags.HasErrors(); errs != (f.Effective == Restricted) {
				t.Errorf("effective %q with errors=%v", f.Effective, errs)
			}
		})
	}
}

// A directive whose path holds a dot segment (agents-txt.dot-segment-path)
// matches no URL: the target's dot segments are removed before matching,
// as the agent's HTTP client removes them.
func TestAllowed_DotSegmentPathMatchesNothing(t *testing.T) {
	f, _ := parseSorted(signed("/docs/../admin/ DISALLOW", "/%2E/a DISALLOW", "/a/.. DISALLOW"), Options{})
	for _, tt := range []struct {
		target  string
		allowed bool
	}{
		{"/admin/x", true},
		{"/docs/../admin/x", true},
		{"/a", true},
		{"/./a", true},
		{"/a/..b", false},
	} {
		if d := f.Allowed(tt.target); d.Allowed != tt.allowed {
			t.Errorf("Allowed(%q) = %+v, want allowed %v", tt.target, d, tt.allowed)
		}
	}
}

// §6: two directives for one path are a warning.
func TestParse_Section6_DuplicatePath(t *testing.T) {
	f, diags := parseSorted(signed("/a ALLOW", "/a DISALLOW"), Options{})
	wantCodes(t, diags, "3:agents-txt.duplicate-path")
	if f.Effective != Rules {
		t.Errorf("effective %q", f.Effective)
	}
}

// §7 and README: SHA-256 over the lines left after removing the hash line,
// comments and blank lines, one trailing CR stripped from each, joined
// with LF, no trailing LF.
func TestParse_Section7_HashInput(t *testing.T) {
	for _, tc := range []struct {
		name, body, input string
	}{
		{"spec example", "# version: 1.0\n*x\n# c\n/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW\n", "/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW"},
		{"no final newline", "*x\n/a ALLOW\n/b ALLOW", "/a ALLOW\n/b ALLOW"},
		{"blank and white-space lines", "*x\n\n/a ALLOW\n   \n\t\n/b ALLOW\n\n", "/a ALLOW\n/b ALLOW"},
		{"CRLF", "*x\r\n/a ALLOW\r\n\r\n/b ALLOW\r\n", "/a ALLOW\n/b ALLOW"},
		{"one CR stripped only", "*x\n/a ALLOW\r\r\n", "/a ALLOW\r"},
		{"white space kept in directives", "*x\n/a ALLOW \n", "/a ALLOW "},
		{"hash line anywhere before", "# a\n\n*x\n/a ALLOW\n", "/a ALLOW"},
		{"no directives", "*x\n", ""},
		{"non-ASCII UTF-8", "*x\n/café ALLOW\n", "/café ALLOW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := Parse([]byte(tc.body), Options{})
			if want := sha(tc.input); f.Hash.Computed != want || CanonicalDigest([]byte(tc.body)) != want {
				t.Errorf("computed %s, CanonicalDigest %s, want sha256(%q) = %s", f.Hash.Computed, CanonicalDigest([]byte(tc.body)), tc.input, want)
			}
		})
	}
}

// §7: a file whose digest covers its directives verifies, CRLF or not; a
// valid file with no directives is "open".
func TestParse_Section7_ValidFiles(t *testing.T) {
	for name, want := range map[string]Effective{"valid.txt": Rules, "valid-crlf.txt": Rules, "large.txt": Rules} {
		f, diags := Parse(readTestdata(t, name), plainUTF8)
		wantCodes(t, diags)
		if f.Effective != want || !f.Hash.Matched {
			t.Errorf("%s: effective %q hash %+v", name, f.Effective, f.Hash)
		}
	}
	f, diags := parseSorted("# nothing to say\n*"+emptyDigest+"\n", plainUTF8)
	wantCodes(t, diags)
	if f.Effective != Open || !f.Valid() {
		t.Errorf("effective %q", f.Effective)
	}
}

// README: when the strict digest does not match, the common publisher
// mistakes are tried and the one that matched is reported as info; the
// file stays invalid.
func TestParse_README_HashNearMisses(t *testing.T) {
	for _, tc := range []struct {
		name string
		// body has "*%s" where the declared digest goes; input is what
		// the publisher hashed.
		body, input string
		want        NearMiss
	}{
		{"trailing newline", "*%s\n/a ALLOW\n/b DISALLOW\n", "/a ALLOW\n/b DISALLOW\n", NearMissTrailingNewline},
		{"comments kept", "# v: 1\n*%s\n# note\n/a ALLOW\n", "# v: 1\n# note\n/a ALLOW", NearMissCommentsKept},
		{"blank lines kept", "*%s\n/a ALLOW\n\n/b ALLOW\n", "/a ALLOW\n\n/b ALLOW", NearMissBlankLinesKept},
		{"CR kept", "*%s\r\n/a ALLOW\r\n/b ALLOW\r\n", "/a ALLOW\r\n/b ALLOW\r", NearMissCRKept},
		{"CRLF joined", "*%s\n/a ALLOW\n/b ALLOW\n", "/a ALLOW\r\n/b ALLOW", NearMissCRLFJoined},
		{"white space trimmed", "*%s\n/a ALLOW \n", "/a ALLOW", NearMissWhitespaceTrimmed},
		{"raw without hash line", "# v: 1\n*%s\n\n/a ALLOW\n", "# v: 1\n\n/a ALLOW\n", NearMissRawWithoutHashLine},
		{"comments kept and trailing newline", "*%s\n# c\n\n/a ALLOW\n", "# c\n/a ALLOW\n", NearMissTrailingNewline + "+" + NearMissCommentsKept},
		{"CR kept and trailing newline", "*%s\r\n/a ALLOW\r\n\r\n/b ALLOW\r\n", "/a ALLOW\r\n/b ALLOW\r\n", NearMissTrailingNewline + "+" + NearMissCRKept},
		{"same input as raw without hash line", "*%s\n# c\n/a ALLOW\n", "# c\n/a ALLOW\n", NearMissRawWithoutHashLine},
		{"raw after hash line, the draft's layout", "# version: 1.0\n*%s\n# sample. may not be accurate.\n/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW\n",
			"# sample. may not be accurate.\n/status ALLOW\n/dashboard ALLOW limit=50\n/admin DISALLOW\n", NearMissRawAfterHashLine},
		{"raw after hash line, CRLF", "# v: 1\r\n*%s\r\n\r\n/a ALLOW\r\n", "\r\n/a ALLOW\r\n", NearMissRawAfterHashLine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := strings.Replace(tc.body, "%s", sha(tc.input), 1)
			f, diags := parseSorted(body, Options{})
			if f.Hash.NearMiss != tc.want || f.Hash.Matched || f.Effective != Restricted {
				t.Fatalf("hash %+v effective %q, want near miss %q\n%s", f.Hash, f.Effective, tc.want, describe(diags))
			}
			line := strconv.Itoa(f.Hash.Line)
			want := []string{line + ":agents-txt.hash-mismatch", line + ":agents-txt.hash-near-miss"}
			if tc.want == NearMissWhitespaceTrimmed {
				want = append(want, "2:agents-txt.irregular-whitespace")
			}
			wantCodes(t, diags, want...)
		})
	}
	// The file as served, hash line included, is no candidate: only a
	// digest that covers itself could match it, and none can be built.
	raw := []byte("*0000000000000000000000000000000000000000000000000000000000000000\n/a ALLOW\n")
	lines := splitLines(raw)
	if got := nearMiss(sha(string(raw)), lines, 0); got != "" {
		t.Errorf("nearMiss(raw digest) = %q, want none", got)
	}
	if got := nearMiss(sha("unrelated"), lines, 0); got != "" {
		t.Errorf("nearMiss(unrelated) = %q", got)
	}
}

// The draft's own example (§9), a "# version" comment above the hash line,
// with the digest a publisher gets by hashing everything below the hash
// line as it is written: the near miss names that input.
func TestParse_README_HashNearMissAfterHashLine(t *testing.T) {
	f, diags := Parse(readTestdata(t, "near-miss-after-hash-line.txt"), Options{})
	if f.Hash.NearMiss != NearMissRawAfterHashLine || f.Effective != Restricted {
		t.Fatalf("hash %+v effective %q, want near miss %q\n%s", f.Hash, f.Effective, NearMissRawAfterHashLine, describe(diags))
	}
	wantCodes(t, diags, "2:agents-txt.hash-mismatch", "2:agents-txt.hash-near-miss")
	if msg := diags[1].Message; !strings.Contains(msg, "the bytes after the hash line, as served") {
		t.Errorf("message %q", msg)
	}
}

// §2: files must be served as UTF-8 with content type text/plain.
func TestParse_Section2_ContentType(t *testing.T) {
	body := signed("/a ALLOW")
	for _, tc := range []struct {
		opts Options
		want []string
	}{
		{Options{ContentType: "text/plain; charset=utf-8", Served: true}, nil},
		{Options{ContentType: "Text/Plain; Charset=\"UTF-8\"", Served: true}, nil},
		{Options{ContentType: "text/plain", Served: true}, []string{"0:agents-txt.charset-missing"}},
		{Options{ContentType: "text/plain; charset=iso-8859-1", Served: true}, []string{"0:agents-txt.charset"}},
		{Options{ContentType: "text/html; charset=utf-8", Served: true}, []string{"0:agents-txt.content-type"}},
		{Options{ContentType: "application/octet-stream", Served: true}, []string{"0:agents-txt.content-type"}},
		{Options{ContentType: ";;", Served: true}, []string{"0:agents-txt.content-type"}},
		{Options{Served: true}, []string{"0:agents-txt.content-type"}},
		{Options{}, nil},
	} {
		f, diags := parseSorted(body, tc.opts)
		wantCodes(t, diags, tc.want...)
		if f.Effective != Rules {
			t.Errorf("%+v: a Content-Type problem must not invalidate the file; effective %q", tc.opts, f.Effective)
		}
	}
}

// §2, §7: the file is UTF-8 plain text; invalid UTF-8 and control
// characters are errors, a byte order mark a warning.
func TestParse_Section2_Encoding(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
		effective  Effective
	}{
		{"invalid UTF-8", signed("/caf\xe9 ALLOW"), []string{"2:agents-txt.invalid-utf8", "2:agents-txt.path-characters"}, Restricted},
		{"NUL", signed("/a\x00 ALLOW"), []string{"2:agents-txt.control-character", "2:agents-txt.path-characters"}, Restricted},
		{"NUL in comment", "# \x00\n" + signed("/a ALLOW"), []string{"1:agents-txt.control-character"}, Restricted},
		{"bare CR", "*" + sha("/a ALLOW\r/b ALLOW") + "\n/a ALLOW\r/b ALLOW\n", []string{"2:agents-txt.action-unknown", "2:agents-txt.control-character", "2:agents-txt.param-syntax"}, Restricted},
		{"BOM", bom + signed("/a ALLOW"), []string{"1:agents-txt.bom"}, Rules},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := parseSorted(tc.body, Options{})
			wantCodes(t, diags, tc.want...)
			if f.Effective != tc.effective {
				t.Errorf("effective %q, want %q", f.Effective, tc.effective)
			}
		})
	}
	var many strings.Builder
	for range 100 {
		many.WriteString("# a comment with a control byte: \x01\n") // text still: 1 byte in 35
	}
	_, diags := Parse([]byte(many.String()), Options{})
	n := 0
	for _, d := range diags {
		if d.Code == codeControlCharacter.ID {
			n++
		}
	}
	if n != maxByteDiagnostics {
		t.Errorf("%d control-character diagnostics, want the cap %d", n, maxByteDiagnostics)
	}
}

// §2: a body that is no UTF-8 text at all (a signed file saved as UTF-16,
// binary data) is a malformed agents.txt, which restricts the site (§5),
// not another convention: one diagnostic, and no line read.
func TestParse_Section2_NotText(t *testing.T) {
	var utf16 []byte
	for _, r := range "\ufeff" + signed("/status ALLOW") {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	binary := make([]byte, 2048)
	rand.New(rand.NewSource(1)).Read(binary)
	for name, body := range map[string][]byte{"utf-16": utf16, "binary": binary} {
		f, diags := Parse(body, Options{})
		wantCodes(t, diags, "0:agents-txt.not-text")
		if f.Effective != Restricted || f.OtherFormat != "" {
			t.Errorf("%s: effective %q, other format %q; want restricted, none", name, f.Effective, f.OtherFormat)
		}
	}
}

// README: files that plainly follow another convention are "other
// format", not broken agents.txt.
func TestParse_README_OtherFormat(t *testing.T) {
	for name, want := range map[string]string{
		"robots-style.txt": OtherRobotsStyle,
		"markdown.txt":     OtherMarkdown,
		"json.txt":         OtherJSON,
		"html.txt":         OtherHTML,
		"key-value.txt":    OtherKeyValue,
		// One User-Agent string a line; one line in ten is broken.
		"user-agent-list.txt": OtherUserAgents,
	} {
		f, diags := Parse(readTestdata(t, name), plainUTF8)
		wantCodes(t, diags, "0:agents-txt.other-format")
		if f.OtherFormat != want || f.Effective != NotAgentsTxt || f.Valid() {
			t.Errorf("%s: other format %q effective %q, want %q", name, f.OtherFormat, f.Effective, want)
		}
		if d := f.Allowed("/"); d.Allowed {
			t.Errorf("%s: Allowed(/) = %+v", name, d)
		}
	}
	for name, body := range map[string]string{
		"xml":                   "<?xml version=\"1.0\"?>\n<policy/>\n",
		"robots with hash line": "*" + sha("x") + "\nUser-agent: *\nDisallow: /\n",
		"robots with directive": "User-agent: *\n/a allow\n",
		"markdown emphasis":     "*deadbeef* is our motto\n",
		"prose only":            "AI agents are welcome here.\nPlease allow a second between requests.\n",
		"word list":             "Astra\nBreach\nCypher\n",
		"prose, path":           "AI agents are welcome here.\n/admin is private.\n",
		"prose, action":         "AI agents are welcome here.\nadmin DISALLOW\n",
		"prose, digest":         "AI agents are welcome here.\n" + sha("x") + "\n",
		"prose, star":           "AI agents are welcome here.\n*not a digest\n",
		"user agents":           "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0\ncurl/8.5.0\n",
		"markdown, sitemap":     "# Example agent guide\n\nSitemap: https://example.com/sitemap.xml\n\n## Retrieval\n\n- Use the sitemap.\n",
		"key-value, sitemap":    "Name: Example\nSitemap: https://example.com/sitemap.xml\nCrawl-delay: 5\n",
		"user agents, allow":    "Mozilla/5.0 (X11) Firefox/128.0\napi/v1 ALLOW\n",
		"user agents, 2 of 3":   "Mozilla/5.0 (X11) Firefox/128.0\ncurl/8.5.0\nthis is not one\n",
		"comments only":         "# AI agents are welcome here.\n",
		"comments, standard":    "# agents.txt\n# Standard: https://agents-txt.com\n\n# No agent protocols are offered here.\n",
		"comments, the draft":   "# Spec: draft-srijal-agents-policy-00\n# version: 1.0\n",
		"comments, version":     "# version: 1.0\n# Contact: ops@example.com\n",
		"standard and content":  "# Standard: https://agents-txt.com\n*" + sha("/a ALLOW") + "\n/a ALLOW\n",
	} {
		f, _ := Parse([]byte(body), Options{})
		want := map[string]string{"xml": OtherXML, "markdown emphasis": OtherMarkdown, "user agents": OtherUserAgents,
			"prose only": OtherText, "word list": OtherText, "user agents, 2 of 3": OtherText,
			"markdown, sitemap": OtherMarkdown, "key-value, sitemap": OtherKeyValue,
			"comments, standard": OtherDeclared}[name]
		if name == "markdown emphasis" {
			want = "" // "*deadbeef" is a (short) hash-like line: agents.txt
		}
		if f.OtherFormat != "" && !slices.Contains(OtherFormats(), f.OtherFormat) {
			t.Errorf("%s: other format %q is not in OtherFormats()", name, f.OtherFormat)
		}
		if f.OtherFormat != want {
			t.Errorf("%s: other format %q, want %q", name, f.OtherFormat, want)
		}
	}
}

// Parsing is deterministic and the JSON form is stable.
func TestParse_JSON(t *testing.T) {
	f, _ := Parse(readTestdata(t, "valid.txt"), Options{})
	got, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"effective":"rules","hash":{"line":4,"declared":"e37fd0bbf5b647010a78772b8755ffa92efe6aa07b2bb0d373b2a61adfc9435a","computed":"e37fd0bbf5b647010a78772b8755ffa92efe6aa07b2bb0d373b2a61adfc9435a","matched":true,"status":"match"},` +
		`"directives":[{"line":6,"path":"/status","action":"ALLOW"},{"line":7,"path":"/dashboard","action":"ALLOW","params":[{"key":"limit","value":"50"}]},{"line":9,"path":"/admin","action":"DISALLOW"}],` +
		`"metadata":[{"line":1,"key":"version","value":"1.0"},{"line":2,"key":"generated-by","value":"survey testdata"},{"line":3,"key":"grace-period","value":"7d"}],"lines":9}`
	if string(got) != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
}
