package extract

import "github.com/agentpolicy/survey/registry"

// agentsTxtAdapter parses AgentsTxt files. Placeholder until the parser lands.
var agentsTxtAdapter = notImplemented(registry.AgentsTxt)
