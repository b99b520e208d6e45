package homepage

import (
	"bytes"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// utf8Body returns a home page's body as UTF-8 when it is UTF-16, and body
// itself otherwise.
//
// The policy signals are ASCII (meta names and contents, link rels and
// hrefs), so an ASCII-compatible encoding (UTF-8, windows-1252, Shift_JIS,
// ...) is read as it is, undecoded. UTF-16 is the one encoding of WHATWG
// Encoding a page may be in whose ASCII is not ASCII bytes. It is found by
// the first two steps of HTML's encoding sniffing (WHATWG HTML §13.2.3.2):
// a byte order mark, then the charset of the Content-Type header. A
// <meta charset> naming UTF-16 is read as UTF-8 by that algorithm (a page
// whose meta tag could be read is not UTF-16), so it changes nothing here.
// charset is the Content-Type's charset parameter ("" for none).
func utf8Body(charset string, body []byte) []byte {
	var enc encoding.Encoding
	switch {
	case bytes.HasPrefix(body, []byte{0xFF, 0xFE}):
		enc = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(body, []byte{0xFE, 0xFF}):
		enc = unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(body, []byte("\xef\xbb\xbf")):
		return body // the UTF-8 BOM wins over the header too
	default:
		if charset == "" {
			return body
		}
		e, err := htmlindex.Get(charset)
		if err != nil {
			return body
		}
		switch name, _ := htmlindex.Name(e); name {
		case "utf-16le":
			enc = unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
		case "utf-16be":
			enc = unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
		default:
			return body
		}
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return body
	}
	return out
}
