package extract

import "github.com/agentpolicy/survey/registry"

// tdmrepAdapter parses TDMRep files. Placeholder until the parser lands.
var tdmrepAdapter = notImplemented(registry.TDMRep)
