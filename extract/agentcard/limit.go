package agentcard

import "github.com/agentpolicy/survey/diag"

// MaxDiagnosticsPerCode caps the diagnostics of one code in one card:
// past it, one more diagnostic of the code (line 0) says how many were left
// out.
const MaxDiagnosticsPerCode = 100

// capDiagnostics keeps the first MaxDiagnosticsPerCode diagnostics of each
// code and adds, for each capped code, one saying how many were left out.
func capDiagnostics(l diag.List) diag.List {
	perCode := map[string]int{}
	out := l[:0]
	for _, d := range l {
		perCode[d.Code]++
		if perCode[d.Code] <= MaxDiagnosticsPerCode {
			out = append(out, d)
		}
	}
	for _, c := range Codes() {
		if n := perCode[c.ID] - MaxDiagnosticsPerCode; n > 0 {
			out.Add(c, 0, "%d more diagnostics of this code were left out (at most %d are listed per card)", n, MaxDiagnosticsPerCode)
		}
	}
	return out
}
