package llmstxt

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// entity decodes the entity or numeric character reference at the start of
// s (CommonMark §6.2): "&name;" for a name of the HTML5 list, "&#" and one
// to seven decimal digits, or "&#x" and one to six hexadecimal digits, then
// ";". It returns the decoded text and the length of the reference, or
// false when s starts with no reference, which leaves the "&" literal.
func entity(s string) (string, int, bool) {
	end := strings.IndexByte(s, ';')
	if len(s) < 3 || s[0] != '&' || end < 2 || end > 33 {
		return "", 0, false
	}
	ref := s[1:end]
	if ref[0] == '#' {
		digits, base, maxLen := ref[1:], 10, 7
		if digits != "" && (digits[0] == 'x' || digits[0] == 'X') {
			digits, base, maxLen = digits[1:], 16, 6
		}
		if digits == "" || len(digits) > maxLen {
			return "", 0, false
		}
		n, err := strconv.ParseUint(digits, base, 32)
		if err != nil {
			return "", 0, false
		}
		r := rune(n)
		if n == 0 || n > utf8.MaxRune || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return string(r), end + 1, true
	}
	for i := 0; i < len(ref); i++ {
		if !isASCIILetter(ref[i]) && (i == 0 || ref[i] < '0' || ref[i] > '9') {
			return "", 0, false
		}
	}
	// html.UnescapeString also decodes a known name without its ";" as a
	// prefix ("&ampx;" to "&x;"); only a whole "&name;" is a reference.
	ref = s[:end+1]
	dec := html.UnescapeString(ref)
	if dec == ref || strings.HasSuffix(dec, ";") && dec != ";" {
		return "", 0, false
	}
	return dec, end + 1, true
}

// isASCIILetter reports whether b is an ASCII letter.
func isASCIILetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
