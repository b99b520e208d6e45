package agentcard

import (
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/mediatype"
)

// CheckContentType checks the Content-Type header agent-card.json was served
// with: agent-feed v0 §8.2 says publishers SHOULD serve it as
// application/json. served is false for a file that did not come over HTTP,
// whose missing header is then not diagnosed. It returns a warning and
// true when there is something to say.
func CheckContentType(contentType string, served bool) (diag.Diagnostic, bool) {
	return mediatype.Check(contentType, served, codeMediaType, "application/json")
}
