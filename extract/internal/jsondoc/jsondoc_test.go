package jsondoc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

var testCodes = Codes{
	NotJSON:      diag.Code{ID: "t.not-json", Severity: diag.Error},
	InvalidUTF8:  diag.Code{ID: "t.invalid-utf8", Severity: diag.Error},
	NUL:          diag.Code{ID: "t.nul-byte", Severity: diag.Error},
	TooLarge:     diag.Code{ID: "t.too-large", Severity: diag.Error},
	TooDeep:      diag.Code{ID: "t.too-deep", Severity: diag.Error},
	BOM:          diag.Code{ID: "t.bom", Severity: diag.Warning},
	NotObject:    diag.Code{ID: "t.not-object", Severity: diag.Error},
	DuplicateKey: diag.Code{ID: "t.duplicate-key", Severity: diag.Warning},
}

func TestObject(t *testing.T) {
	lim := Limits{MaxBytes: 64, MaxDepth: 3}
	tests := []struct {
		name  string
		body  string
		ok    bool
		codes []string // with lines: "code@line"
	}{
		{"object", `{"a": 1}`, true, nil},
		{"bom", "\xef\xbb\xbf{\"a\": 1}", true, []string{"t.bom@1"}},
		{"duplicate", "{\"a\": 1,\n\"a\": 2}", true, []string{"t.duplicate-key@2"}},
		{"array", "\n[1]", false, []string{"t.not-object@2"}},
		{"syntax", "{\"a\":\n}", false, []string{"t.not-json@2"}},
		{"nan", `{"a": NaN}`, false, []string{"t.not-json@1"}},
		{"utf8", "{\"a\": \"\xff\"}", false, []string{"t.invalid-utf8@1"}},
		{"nul", "{\"a\": 1}\x00", false, []string{"t.nul-byte@1"}},
		{"deep", `{"a": {"b": {"c": {"d": 1}}}}`, false, []string{"t.too-deep@1"}},
		{"large", `{"a": "` + strings.Repeat("x", 64) + `"}`, false, []string{"t.too-large@0"}},
		// An empty body is a whole-body fault: no line applies.
		{"empty", "", false, []string{"t.not-json@0"}},
		{"white space", " \r\n\n\t", false, []string{"t.not-json@0"}},
		{"bom only", "\xef\xbb\xbf", false, []string{"t.bom@1", "t.not-json@0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var diags diag.List
			root, ok := Object([]byte(tt.body), "the test", lim, testCodes, &diags)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (diagnostics %v)", ok, tt.ok, diags)
			}
			if _, has := root.Get("a"); ok && !has {
				t.Errorf("the object has no member a: %+v", root)
			}
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s@%d", d.Code, d.Line))
				if d.Message == "" {
					t.Errorf("%s has no message", d.Code)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.codes, ",") {
				t.Errorf("diagnostics %v, want %v", diags, tt.codes)
			}
		})
	}
}

// The messages of faults of the whole document name it.
func TestObject_MessagesNameTheDocument(t *testing.T) {
	for _, body := range []string{"\xef\xbb\xbf{}", "[]", strings.Repeat(" ", 65)} {
		var diags diag.List
		Object([]byte(body), "the card", Limits{MaxBytes: 64, MaxDepth: 3}, testCodes, &diags)
		if len(diags) == 0 || !strings.HasPrefix(diags[0].Message, "the card ") {
			t.Errorf("%q: diagnostics %v, want a message about the card", body, diags)
		}
	}
}
