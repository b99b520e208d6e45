package extract

import "github.com/agentpolicy/survey/registry"

// agentsMDAdapter parses AgentsMD files. Placeholder until the parser lands.
var agentsMDAdapter = notImplemented(registry.AgentsMD)
