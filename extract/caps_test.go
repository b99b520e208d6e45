package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/registry"
)

// TestJunkIsCapped: no format lists more than diag.MaxPerCode diagnostics
// of one code for a junk file, plus the line-0 note saying how many were
// left out (docs/formats.md, "Caps on diagnostics"). agents.txt, AGENTS.md
// and automation-preferences.txt listed one or more per line: 300 lines of
// junk made 1,200 diagnostics of an agents.txt file.
func TestJunkIsCapped(t *testing.T) {
	var junk, md strings.Builder
	md.WriteString("# AGENTS.md\n\n## Identity\n\n- site: example.com\n\n## Rules\n\n")
	for i := range 3 * diag.MaxPerCode {
		fmt.Fprintf(&junk, "junk \x01\tline %d\n", i)
		fmt.Fprintf(&md, "- junk%d: \x01 zz\n", i)
	}
	for _, f := range registry.Formats() {
		for _, body := range []string{junk.String(), md.String()} {
			doc := Parse(f.ID, []byte(body), Input{})
			count := map[string]int{}
			for _, d := range doc.Diagnostics {
				count[d.Code]++
			}
			for code, n := range count {
				if n > diag.MaxPerCode+1 {
					t.Errorf("%s: %d diagnostics of %s, want at most %d and a note", f.ID, n, code, diag.MaxPerCode)
				}
			}
		}
	}
}
