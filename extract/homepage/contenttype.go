package homepage

import (
	"errors"
	"mime"
	"strings"
)

// contentType returns the media type (lower-cased) and the charset
// parameter of a Content-Type value, as WHATWG MIME Sniffing's "parse a
// MIME type" (§4.4) reads them: a malformed parameter is skipped, and does
// not unmake the type. A page served as "text/html; charset=" (an empty
// value, as a template with an unset variable writes it), "text/html;;
// charset=utf-8" or "text/html; charset=utf-8, text/html" is served as
// text/html. mime.ParseMediaType rejects such a value whole; its media type
// is kept then, and the charset is the first well-formed, non-empty one.
// An unparseable type yields "", "".
func contentType(v string) (mediaType, charset string) {
	mt, params, err := mime.ParseMediaType(v)
	switch {
	case err == nil:
		return mt, params["charset"]
	case !errors.Is(err, mime.ErrInvalidMediaParameter):
		return "", ""
	}
	_, rest, _ := strings.Cut(v, ";")
	for _, p := range strings.Split(rest, ";") {
		name, value, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "charset") {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = value[1 : len(value)-1]
		}
		if value != "" && !strings.ContainsAny(value, " \t,\"") {
			return mt, value
		}
	}
	return mt, ""
}
