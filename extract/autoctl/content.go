package autoctl

import (
	"mime"
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// checkContentType diagnoses the Content-Type header: §3.1 says the file
// MUST be served as "text/plain; charset=utf-8". An empty header is
// diagnosed only for served bytes.
func checkContentType(ct string, served bool, diags *diag.List) {
	if strings.TrimSpace(ct) == "" {
		if served {
			diags.Add(codeContentType, 0, "the response has no Content-Type header; the file MUST be served as text/plain; charset=utf-8")
		}
		return
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil && err != mime.ErrInvalidMediaParameter {
		diags.Add(codeContentType, 0, "the Content-Type header %q does not parse (%v); the file MUST be served as text/plain; charset=utf-8", ct, err)
		return
	}
	if mediaType != "text/plain" {
		diags.Add(codeContentType, 0, "served as %q; the file MUST be served as text/plain; charset=utf-8", mediaType)
	}
	charset, ok := params["charset"]
	switch {
	case !ok:
		if mediaType == "text/plain" {
			diags.Add(codeCharsetMissing, 0, "the Content-Type header names no charset; §3.1 requires charset=utf-8")
		}
	case !isUTF8Label(charset):
		diags.Add(codeCharset, 0, "the Content-Type header names charset %q; the file MUST be served with charset=utf-8", charset)
	}
}

// isUTF8Label reports whether a charset label names UTF-8 (the WHATWG
// Encoding labels of UTF-8, any case).
func isUTF8Label(label string) bool {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
		return true
	}
	return false
}
