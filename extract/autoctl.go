package extract

import "github.com/agentpolicy/survey/registry"

// autoctlAdapter parses Autoctl files. Placeholder until the parser lands.
var autoctlAdapter = notImplemented(registry.Autoctl)
