// Package sfv words the errors of the Structured Field Values parser
// (RFC 9651, github.com/dunglas/httpsfv) for a publisher: where the value
// went wrong and what the syntax wanted there, instead of the parser's
// terms ("invalid key format: character 0").
package sfv

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"github.com/dunglas/httpsfv"
)

// offset matches the parser's position suffix (UnmarshalError keeps its
// offset unexported, so it is read from the message).
var offset = regexp.MustCompile(`: character (\d+)$`)

// Explain returns a description of err, an error of parsing value as a
// Structured Field: the character where parsing stopped (1-based) and
// what RFC 9651 allows there.
func Explain(err error, value string) string {
	why := err.Error()
	var ue *httpsfv.UnmarshalError
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		why = ue.Unwrap().Error()
	}
	switch {
	case errors.Is(err, httpsfv.ErrInvalidKeyFormat):
		why = "a key starts with a lower-case letter or \"*\" and holds only lower-case letters, digits, \"_\", \"-\", \".\" and \"*\" (RFC 9651 §3.1.2)"
	case errors.Is(err, httpsfv.ErrUnrecognizedCharacter), errors.Is(err, httpsfv.ErrInvalidBareItem):
		why = "a value is a token (a letter or \"*\" first), a number, a quoted string, a byte sequence or a boolean ?0 or ?1 (RFC 9651 §3.3)"
	case errors.Is(err, httpsfv.ErrInvalidDictionaryFormat), errors.Is(err, httpsfv.ErrInvalidListFormat):
		why = "members are separated by commas (RFC 9651 §3.1, §3.2)"
	case errors.Is(err, httpsfv.ErrUnexpectedEndOfString):
		why = "the value ends where more was expected"
	case errors.Is(err, httpsfv.ErrInvalidStringFormat):
		why = "a quoted string is unclosed or holds a character other than printable ASCII (RFC 9651 §3.3.3)"
	case errors.Is(err, httpsfv.ErrInvalidTokenFormat):
		why = "a token holds a character tokens cannot (RFC 9651 §3.3.4)"
	}
	m := offset.FindStringSubmatch(err.Error())
	if m == nil {
		return why
	}
	off, convErr := strconv.Atoi(m[1])
	if convErr != nil || off < 0 {
		return why
	}
	if off >= len(value) {
		return fmt.Sprintf("at the end: %s", why)
	}
	return fmt.Sprintf("at character %d, %q: %s", off+1, value[off:off+1], why)
}
