package extract

import "github.com/agentpolicy/survey/registry"

// agentFeedAdapter parses AgentFeed files. Placeholder until the parser lands.
var agentFeedAdapter = notImplemented(registry.AgentFeed)
