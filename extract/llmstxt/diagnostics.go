package llmstxt

import "github.com/agentpolicy/survey/diag"

// MaxDiagnosticsPerCode caps the diagnostics of one code in one file: past
// it, one more diagnostic of the code (line 0) says how many were left out,
// so that a large junk file does not yield a diagnostic per line.
const MaxDiagnosticsPerCode = 100

// diagnostics collects the diagnostics of one parse, capping each code at
// MaxDiagnosticsPerCode. The zero value is ready to use.
type diagnostics struct {
	list    diag.List
	perCode map[string]int
}

// Add records a diagnostic of code c, unless the code's cap is reached.
func (d *diagnostics) Add(c diag.Code, line int, format string, args ...any) {
	if d.perCode == nil {
		d.perCode = map[string]int{}
	}
	d.perCode[c.ID]++
	if d.perCode[c.ID] > MaxDiagnosticsPerCode {
		return
	}
	d.list.Add(c, line, format, args...)
}

// result returns the diagnostics, with one for each capped code saying how
// many were left out, ordered by line.
func (d *diagnostics) result() diag.List {
	out := append(diag.List(nil), d.list...)
	for _, c := range Codes() {
		if n := d.perCode[c.ID] - MaxDiagnosticsPerCode; n > 0 {
			out.Add(c, 0, "%d more diagnostics of this code were left out (at most %d are listed per file)", n, MaxDiagnosticsPerCode)
		}
	}
	out.Sort()
	return out
}
