package diag

import "unicode/utf8"

// ClipLength is the most bytes of a value Clip keeps.
const ClipLength = 80

// Clip shortens a value quoted in a message to at most ClipLength bytes,
// cut at the start of a UTF-8 sequence and marked with "…", so that a long
// line or attribute does not swamp the message.
func Clip(s string) string {
	if len(s) <= ClipLength {
		return s
	}
	cut := ClipLength
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
