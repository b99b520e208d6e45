package main

import (
	"bytes"
	"unicode/utf8"

	"github.com/agentpolicy/survey/seeds"
)

// notText says what body is when it is plainly no text file: compressed
// or archived, by its magic number (seeds.DetectCompression), with undo,
// the command that writes its content to standard output; UTF-16 text,
// with the command that converts it; or binary data (a NUL byte, or not
// UTF-8, in its first 8 KiB), with undo "". Both are "" for a text file.
func notText(body []byte) (kind, undo string) {
	if c, ok := seeds.DetectCompression(body); ok {
		if c.Name == "zip" {
			return "a zip archive", c.Pipe
		}
		return c.Name + "-compressed", c.Pipe
	}
	if bytes.HasPrefix(body, []byte("\xff\xfe")) || bytes.HasPrefix(body, []byte("\xfe\xff")) {
		// A byte order mark: text, in UTF-16 (or UTF-32), not UTF-8.
		return "UTF-16 text, not UTF-8", "iconv -f UTF-16 -t UTF-8"
	}
	head := body[:min(len(body), 8<<10)]
	if bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)) {
		return "binary data, not text", ""
	}
	return "", ""
}

// trimPartialRune drops the bytes of a UTF-8 sequence cut at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}
