package extract

import "github.com/agentpolicy/survey/registry"

// robotsAdapter parses Robots files. Placeholder until the parser lands.
var robotsAdapter = notImplemented(registry.Robots)
