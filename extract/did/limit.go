package did

import "github.com/agentpolicy/survey/diag"

// MaxDiagnosticsPerCode caps the diagnostics of one code in one document
// (see diag.Capped).
const MaxDiagnosticsPerCode = diag.MaxPerCode
