package robots

import (
	"mime"
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// CheckContentType checks a robots.txt response's Content-Type header
// against RFC 9309 §2.3 (the file MUST be UTF-8 text/plain). It returns a
// warning and true when the header is present and is not text/plain with no
// charset or charset UTF-8; an absent header is not diagnosed.
func CheckContentType(contentType string) (diag.Diagnostic, bool) {
	if strings.TrimSpace(contentType) == "" {
		return diag.Diagnostic{}, false
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	switch {
	case err != nil:
		return codeContentType.At(0, "Content-Type %q does not parse (%v); RFC 9309 requires text/plain", contentType, err), true
	case mediaType != "text/plain":
		return codeContentType.At(0, "Content-Type is %s; RFC 9309 requires text/plain", mediaType), true
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") && !strings.EqualFold(cs, "us-ascii") {
		return codeContentType.At(0, "Content-Type charset is %s; RFC 9309 requires UTF-8", cs), true
	}
	return diag.Diagnostic{}, false
}
