package extract

import "github.com/agentpolicy/survey/registry"

// agentCardAdapter parses AgentCard files. Placeholder until the parser lands.
var agentCardAdapter = notImplemented(registry.AgentCard)
