package autoctl

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// plainUTF8 is how a well-served file arrives.
var plainUTF8 = Options{ContentType: "text/plain; charset=utf-8", Served: true}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// parseSorted parses and sorts the diagnostics as extract.Parse does.
func parseSorted(body string, opts Options) (*File, diag.List) {
	f, d := Parse([]byte(body), opts)
	d.Sort()
	return f, d
}

// wantCodes fails unless the diagnostics are exactly want ("line:code").
func wantCodes(t *testing.T, got diag.List, want ...string) {
	t.Helper()
	g := make([]string, len(got))
	for i, d := range got {
		g[i] = strconv.Itoa(d.Line) + ":" + d.Code
	}
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(g, want) {
		t.Errorf("diagnostics = %q, want %q\n%s", g, want, describe(got))
	}
}

func describe(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString("  " + d.String() + "\n")
	}
	return b.String()
}

// checkInvariants checks what must hold for every input.
func checkInvariants(t testing.TB, body []byte, f *File, diags diag.List) {
	t.Helper()
	known := map[string]diag.Code{}
	for _, c := range Codes() {
		known[c.ID] = c
	}
	for _, d := range diags {
		c, ok := known[d.Code]
		if !ok {
			t.Fatalf("diagnostic code %q is not in Codes()", d.Code)
		}
		if c.Severity != d.Severity || c.Spec != d.Spec {
			t.Fatalf("diagnostic %v does not carry its code's severity and spec", d)
		}
		if d.Line < 0 || d.Line > f.Lines {
			t.Fatalf("diagnostic %v has a line outside 0..%d", d, f.Lines)
		}
	}
	if want := countLines(body); f.Lines != want {
		t.Fatalf("Lines = %d, want %d", f.Lines, want)
	}
	if f.Rejected != (f.Effective == Rejected) {
		t.Fatalf("rejected %v with effective %q", f.Rejected, f.Effective)
	}
	if f.Rejected && !diags.HasErrors() {
		t.Fatalf("rejected without an error diagnostic")
	}
	for _, g := range f.Groups {
		if g.Line < 1 || g.EndLine < g.Line || g.EndLine > f.Lines {
			t.Fatalf("group lines %d–%d outside 1..%d", g.Line, g.EndLine, f.Lines)
		}
		if g.MissingScope != (len(g.Scopes) == 0) {
			t.Fatalf("group %+v: MissingScope disagrees with its scopes", g)
		}
		if g.MissingScope && !diags.HasErrors() {
			t.Fatalf("group without scope but no error")
		}
		if !g.MethodsListed && len(g.Methods) > 0 {
			t.Fatalf("methods without allowed-methods: %+v", g)
		}
	}
}
