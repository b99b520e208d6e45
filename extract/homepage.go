package extract

import "github.com/agentpolicy/survey/registry"

// homePageAdapter parses HomePage files. Placeholder until the parser lands.
var homePageAdapter = notImplemented(registry.HomePage)
