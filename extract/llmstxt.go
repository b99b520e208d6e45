package extract

import "github.com/agentpolicy/survey/registry"

// llmsTxtAdapter parses LLMsTxt files. Placeholder until the parser lands.
var llmsTxtAdapter = notImplemented(registry.LLMsTxt)
