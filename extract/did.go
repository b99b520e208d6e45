package extract

import "github.com/agentpolicy/survey/registry"

// didAdapter parses DID files. Placeholder until the parser lands.
var didAdapter = notImplemented(registry.DID)
