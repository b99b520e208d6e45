package agentstxt

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// plainUTF8 is the Content-Type of a well-served file.
var plainUTF8 = Options{ContentType: "text/plain; charset=utf-8", Served: true}

// sha returns the lowercase hex SHA-256 of s.
func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// signed returns a file whose hash line declares the canonical digest of
// the given directive lines, joined with LF and ending with LF.
func signed(directives ...string) string {
	return "*" + sha(strings.Join(directives, "\n")) + "\n" + strings.Join(directives, "\n") + "\n"
}

// readTestdata reads a file of testdata.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// codesOf returns "line:code" for every diagnostic, in order.
func codesOf(l diag.List) []string {
	out := make([]string, len(l))
	for i, d := range l {
		out[i] = strconv.Itoa(d.Line) + ":" + d.Code
	}
	return out
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
	if want == nil {
		want = []string{}
	}
	if g := codesOf(got); !slices.Equal(g, want) {
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

// checkInvariants checks what must hold for every input: diagnostic lines
// within the file, codes declared, effective policy consistent with the
// diagnostics.
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
	switch {
	case f.OtherFormat != "":
		if f.Effective != NotAgentsTxt || f.Valid() {
			t.Fatalf("other format %q with effective %q", f.OtherFormat, f.Effective)
		}
	case diags.HasErrors() != (f.Effective == Restricted):
		t.Fatalf("errors=%v but effective %q", diags.HasErrors(), f.Effective)
	case f.Valid() == diags.HasErrors():
		t.Fatalf("Valid()=%v with errors=%v", f.Valid(), diags.HasErrors())
	}
	if f.Hash.Matched && f.Hash.Declared != CanonicalDigest(body) {
		t.Fatalf("hash matched but %q is not the canonical digest %q", f.Hash.Declared, CanonicalDigest(body))
	}
	if f.Valid() && !f.Hash.Matched {
		t.Fatalf("valid file without a matching hash")
	}
}
