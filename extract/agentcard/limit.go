package agentcard

import "github.com/agentpolicy/survey/diag"

// MaxDiagnosticsPerCode caps the diagnostics of one code in one document
// (see diag.Capped).
const MaxDiagnosticsPerCode = diag.MaxPerCode

// capDiagnostics keeps the first MaxDiagnosticsPerCode diagnostics of each
// code and adds, for each capped code, one saying how many were left out.
func capDiagnostics(l diag.List) diag.List { return diag.Cap(l) }
