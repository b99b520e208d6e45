package agentsmd

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// parse parses s as a local file.
func parse(t *testing.T, s string) (*Result, diag.List) {
	t.Helper()
	res, diags := Parse([]byte(s), Source{})
	checkEmitted(t, diags)
	return res, diags
}

// codes returns "line:code" for every diagnostic, in order.
func codes(diags diag.List) []string {
	out := []string{}
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%d:%s", d.Line, strings.TrimPrefix(d.Code, "agents-md.")))
	}
	return out
}

// wantCodes fails unless the diagnostics are exactly want ("line:slug").
func wantCodes(t *testing.T, diags diag.List, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got := codes(diags); !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got %q\nwant %q\n%s", got, want, dump(diags))
	}
}

// dump formats diagnostics for a failure message.
func dump(diags diag.List) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("\t" + d.String() + "\n")
	}
	return b.String()
}

// checkEmitted fails when a diagnostic's code is not in Codes() or its
// severity or spec differs from the code's.
func checkEmitted(t testing.TB, diags diag.List) {
	t.Helper()
	cat := diag.Catalogue(Codes())
	for _, d := range diags {
		c, ok := cat.Lookup(d.Code)
		if !ok {
			t.Errorf("emitted code %s is not in Codes()", d.Code)
			continue
		}
		if c.Severity != d.Severity || c.Spec != d.Spec {
			t.Errorf("%s emitted with severity %s spec %q, declared %s %q", d.Code, d.Severity, d.Spec, c.Severity, c.Spec)
		}
		if d.Message == "" {
			t.Errorf("%s emitted without a message", d.Code)
		}
	}
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

// readTestdata reads a file of testdata/.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
