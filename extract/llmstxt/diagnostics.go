package llmstxt

import "github.com/agentpolicy/survey/diag"

// MaxDiagnosticsPerCode caps the diagnostics of one code in one file (see
// diag.Capped).
const MaxDiagnosticsPerCode = diag.MaxPerCode

// diagnostics collects the diagnostics of one parse, capped per code.
type diagnostics = diag.Capped
