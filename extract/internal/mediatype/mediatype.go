// Package mediatype checks a response's Content-Type against the media
// types a specification asks a publisher to serve.
package mediatype

import (
	"mime"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// Check diagnoses contentType, the Content-Type header of a response that
// served a file, with code c when its media type is not one of want (the
// first is the one named in the message), when it names a charset other
// than UTF-8, or, when served is true, when there is no header at all. A
// file that was not served over HTTP (served false, a file read from disk)
// with no header is not diagnosed. It returns false when there is nothing
// to say.
func Check(contentType string, served bool, c diag.Code, want ...string) (diag.Diagnostic, bool) {
	if strings.TrimSpace(contentType) == "" {
		if !served {
			return diag.Diagnostic{}, false
		}
		return c.At(0, "the response has no Content-Type header; the file should be served as %s", want[0]), true
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	switch {
	case err != nil:
		return c.At(0, "the Content-Type header %q does not parse (%v); the file should be served as %s", contentType, err, want[0]), true
	case !slices.Contains(want, mediaType):
		return c.At(0, "served as %s; the file should be served as %s", mediaType, want[0]), true
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		return c.At(0, "served with charset %s; the file is UTF-8 and should be served as %s", cs, want[0]), true
	}
	return diag.Diagnostic{}, false
}
