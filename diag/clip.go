package diag

import "unicode/utf8"

// ClipLength is the most bytes of a value Clip keeps.
const ClipLength = 80

// MaxArgLength is the most bytes of a string argument Code.At puts in a
// message; a longer one is cut as Clip cuts, at this length. It is the
// backstop for the values a parser quotes without clipping them itself.
const MaxArgLength = 1024

// Clip shortens a value quoted in a message to at most ClipLength bytes,
// cut at the start of a UTF-8 sequence and marked with "…", so that a long
// line or attribute does not swamp the message.
func Clip(s string) string { return clip(s, ClipLength) }

// clip shortens s to at most n bytes, cut at the start of a UTF-8 sequence
// and marked with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
