package autoctl

import (
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
)

// line is one line of the file, without its line end.
type line struct {
	num  int // 1-based
	text string
}

// splitLines splits body at every NL of the ABNF (CRLF, LF or CR). A
// final line end does not start another line.
func splitLines(body []byte) []line {
	lines := make([]line, 0, countLines(body))
	start := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\n' && c != '\r' {
			continue
		}
		lines = append(lines, line{num: len(lines) + 1, text: string(body[start:i])})
		if c == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	if start < len(body) {
		lines = append(lines, line{num: len(lines) + 1, text: string(body[start:])})
	}
	return lines
}

// countLines returns the number of lines splitLines finds.
func countLines(body []byte) int {
	n := 0
	start := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\n' && c != '\r' {
			continue
		}
		n++
		if c == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	if start < len(body) {
		n++
	}
	return n
}

// maxByteDiagnostics caps how many diagnostics of each byte-level code one
// file gets: a binary file would otherwise get one per line.
const maxByteDiagnostics = 20

// checkBytes diagnoses invalid UTF-8 and raw control bytes, at most one of
// each per line. It reports whether the file holds a control byte, which
// rejects it (§3.1).
func checkBytes(lines []line, diags *diag.List) (rejected bool) {
	var nUTF8, nCtl, nTab int
	for _, l := range lines {
		s := l.text
		if !utf8.ValidString(s) {
			if nUTF8++; nUTF8 <= maxByteDiagnostics {
				diags.Add(codeInvalidUTF8, l.num, "the line is not valid UTF-8%s", more(nUTF8))
			}
		}
		if i := strings.IndexByte(s, '\t'); i >= 0 {
			rejected = true
			if nTab++; nTab <= maxByteDiagnostics {
				diags.Add(codeTab, l.num, "tab at column %d: raw control bytes other than CR and LF reject the file%s", i+1, more(nTab))
			}
		}
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 && c != '\t' {
				rejected = true
				if nCtl++; nCtl <= maxByteDiagnostics {
					diags.Add(codeControlCharacter, l.num, "control byte U+%04X at column %d: the file is rejected%s", c, i+1, more(nCtl))
				}
				break
			}
		}
	}
	return rejected
}

// more returns the note added to the last diagnostic before the cap.
func more(n int) string {
	if n == maxByteDiagnostics {
		return " (further occurrences are not reported)"
	}
	return ""
}
