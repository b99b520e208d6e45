package extract

import "github.com/agentpolicy/survey/registry"

// aiTxtAdapter parses AITxt files. Placeholder until the parser lands.
var aiTxtAdapter = notImplemented(registry.AITxt)
