package autoctl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

func TestCodes_Catalogue(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.HasPrefix(c.ID, "autoctl.") {
			t.Errorf("code %q is not in the autoctl namespace", c.ID)
		}
	}
}

// Every code emitted on the test files and the fuzz seeds is declared
// (checkInvariants fails otherwise), and every declared code is emitted by
// at least one of them.
func TestCodes_AllEmittedAndDeclared(t *testing.T) {
	emitted := map[string]bool{}
	inputs := seedCorpus()
	files, _ := filepath.Glob("testdata/*.txt")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, seed{body: b, opts: plainUTF8})
	}
	for _, in := range inputs {
		f, diags := Parse(in.body, in.opts)
		checkInvariants(t, in.body, f, diags)
		for _, d := range diags {
			emitted[d.Code] = true
		}
	}
	for _, c := range Codes() {
		if !emitted[c.ID] {
			t.Errorf("code %s is never emitted by the seeds", c.ID)
		}
	}
}

// autoctl.html-comment cites every example of the draft that holds an
// HTML comment line: §3.2, §3.3, §3.4 and the Appendix's sample file.
func TestCodes_HTMLCommentCitesEveryExample(t *testing.T) {
	for _, section := range []string{"§3.2", "§3.3", "§3.4", "Appendix"} {
		if !strings.Contains(codeHTMLComment.Spec, section) {
			t.Errorf("%s cites %q, not %s", codeHTMLComment.ID, codeHTMLComment.Spec, section)
		}
	}
}
