package agentstxt

import (
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
)

// maxByteDiagnostics caps how many invalid-utf8 and control-character
// diagnostics one file gets: a binary file would otherwise get one per
// line.
const maxByteDiagnostics = 20

// checkContentType diagnoses the Content-Type header (§2: text/plain,
// UTF-8). An empty header is diagnosed only for served bytes.
func checkContentType(ct string, served bool, diags *diag.List) {
	if strings.TrimSpace(ct) == "" {
		if served {
			diags.Add(codeContentType, 0, "the response has no Content-Type header; the draft requires text/plain")
		}
		return
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil && err != mime.ErrInvalidMediaParameter {
		diags.Add(codeContentType, 0, "the Content-Type header %q does not parse (%v); the draft requires text/plain", ct, err)
		return
	}
	if mediaType != "text/plain" {
		diags.Add(codeContentType, 0, "served as %q; the draft requires text/plain", mediaType)
	}
	charset, ok := params["charset"]
	switch {
	case !ok:
		if mediaType == "text/plain" {
			diags.Add(codeCharsetMissing, 0, "the Content-Type header names no charset; the body is read as UTF-8")
		}
	case !isUTF8Label(charset):
		diags.Add(codeCharset, 0, "the Content-Type header names charset %q; the draft requires UTF-8", charset)
	}
}

// isUTF8Label reports whether a charset label names UTF-8 (WHATWG
// Encoding: "utf-8", "utf8" and "unicode-1-1-utf-8", any case).
func isUTF8Label(label string) bool {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
		return true
	}
	return false
}

// checkBytes diagnoses invalid UTF-8 and control characters, at most one of
// each per line and maxByteDiagnostics of each per file. Tab, the LF that
// ends a line and the CR stripped before it are allowed.
func checkBytes(lines []line, diags *diag.List) {
	var nUTF8, nCtl int
	for _, l := range lines {
		s := l.text
		if nUTF8 < maxByteDiagnostics && !utf8.ValidString(s) {
			nUTF8++
			diags.Add(codeInvalidUTF8, l.num, "the line is not valid UTF-8 (first bad byte at column %d)%s", firstInvalid(s)+1, more(nUTF8))
		}
		if nCtl < maxByteDiagnostics {
			if i := firstControl(s); i >= 0 {
				nCtl++
				diags.Add(codeControlCharacter, l.num, "control character %s at column %d%s", describeControl(s[i]), i+1, more(nCtl))
			}
		}
	}
}

// more returns the note added to the last diagnostic before the cap.
func more(n int) string {
	if n == maxByteDiagnostics {
		return "; further occurrences are not reported"
	}
	return ""
}

// firstInvalid returns the byte offset of the first invalid UTF-8 sequence.
func firstInvalid(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return 0
}

// firstControl returns the byte offset of the first C0 control character
// other than tab, or of DEL; -1 when there is none.
func firstControl(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t') || c == 0x7f {
			return i
		}
	}
	return -1
}

// describeControl names a control byte for a message.
func describeControl(c byte) string {
	switch c {
	case 0:
		return "NUL (U+0000)"
	case '\r':
		return "bare CR (U+000D, not part of a CRLF line end)"
	case 0x7f:
		return "DEL (U+007F)"
	}
	return fmt.Sprintf("U+%04X", c)
}
