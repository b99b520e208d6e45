package agentsmd

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// TestParse_Section4_1_NotText checks that a body that is not UTF-8 text
// (random bytes, UTF-16) is not called a coding-agent instruction file:
// it gets agents-md.not-text at line 0 and, lacking Identity, is invalid
// (§6.8), with no diagnostic per line.
func TestParse_Section4_1_NotText(t *testing.T) {
	random := make([]byte, 4096)
	rand.New(rand.NewSource(1)).Read(random)
	utf16 := []byte("\xff\xfe#\x00 \x00A\x00G\x00E\x00N\x00T\x00S\x00.\x00m\x00d\x00\n\x00")
	for name, body := range map[string][]byte{"random": random, "utf-16": utf16} {
		res, diags := Parse(body, Source{})
		if got, want := codes(diags), []string{"0:missing-identity", "0:not-text"}; !slices.Equal(got, want) {
			t.Errorf("%s: codes %v, want %v", name, got, want)
		}
		if res.OtherFormat != "" || res.Effective != EffectiveInvalid {
			t.Errorf("%s: other format %q, effective %q; want none, invalid", name, res.OtherFormat, res.Effective)
		}
	}
	// Its lines are not read, so the Identity section it may have is not
	// denied: a short policy with a few control bytes in a comment is no
	// text by the 10% rule.
	_, policy := Parse([]byte("# AGENTS.md\n## Identity\n- site: example.com\n# \x01\x01\x01\x01\x01\x01\n"), Source{})
	if i := slices.IndexFunc(policy, func(d diag.Diagnostic) bool { return d.Code == codeMissingIdentity.ID }); i < 0 ||
		!strings.HasPrefix(policy[i].Message, "no `## Identity` section was read, since the body is not text") {
		t.Errorf("control bytes in a short policy: %v", policy)
	}
	// Text with some invalid bytes is still text, read line by line.
	res, diags := Parse([]byte("# Build\n\nRun make \xff test.\n"), Source{})
	if res.OtherFormat != OtherFormatCodingAgent || slices.Contains(codes(diags), "0:not-text") {
		t.Errorf("text with one invalid byte: other format %q, %v", res.OtherFormat, codes(diags))
	}
}
