package homepage

import "strings"

// linkValue is one link-value of a Link header field (RFC 8288 §3): its
// target as written and its rel and type parameters.
type linkValue struct {
	target, rel, ctype string
}

// parseLinkHeader returns the link-values of one Link field value (RFC
// 8288 §3):
//
//	Link       = #link-value
//	link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
//	link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
//
// A parameter name is case-insensitive, and only its first occurrence
// counts (§3.3 says so of rel; type is read the same way). A quoted-string
// is unescaped (RFC 9110 §5.6.4), so a comma or semicolon inside one
// separates nothing. A link-value that does not open with "<" or whose
// target is not closed is skipped up to the next comma at the top level,
// as the list rule lets a recipient recover (RFC 9110 §5.6.1), and the
// rest of the field is still read.
func parseLinkHeader(v string) []linkValue {
	var out []linkValue
	i := 0
	for i < len(v) {
		i = skipOWS(v, i)
		if i < len(v) && v[i] == ',' {
			i++
			continue
		}
		if i >= len(v) {
			break
		}
		if v[i] != '<' {
			i = skipElement(v, i)
			continue
		}
		end := strings.IndexByte(v[i+1:], '>')
		if end < 0 {
			break
		}
		lv := linkValue{target: v[i+1 : i+1+end]}
		i += end + 2
		var seenRel, seenType bool
		for {
			i = skipOWS(v, i)
			if i >= len(v) || v[i] != ';' {
				break
			}
			i = skipOWS(v, i+1)
			start := i
			for i < len(v) && isTokenChar(v[i]) {
				i++
			}
			name := strings.ToLower(v[start:i])
			var val string
			if j := skipOWS(v, i); j < len(v) && v[j] == '=' {
				i = skipOWS(v, j+1)
				if i < len(v) && v[i] == '"' {
					val, i = quotedString(v, i)
				} else {
					// A token, read up to the next delimiter: an
					// unquoted media type (type=text/markdown), which
					// no tchar allows, is common enough to keep.
					start := i
					for i < len(v) && v[i] != ';' && v[i] != ',' && v[i] != ' ' && v[i] != '\t' {
						i++
					}
					val = v[start:i]
				}
			}
			switch {
			case name == "rel" && !seenRel:
				lv.rel, seenRel = val, true
			case name == "type" && !seenType:
				lv.ctype, seenType = val, true
			}
		}
		out = append(out, lv)
		i = skipElement(v, i)
	}
	return out
}

// skipOWS returns the index of the first byte at or after i that is no
// space or tab.
func skipOWS(v string, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\t') {
		i++
	}
	return i
}

// skipElement returns the index just past the comma that ends the list
// element at i (or len(v)), stepping over quoted-strings and targets.
func skipElement(v string, i int) int {
	for i < len(v) {
		switch v[i] {
		case ',':
			return i + 1
		case '"':
			_, i = quotedString(v, i)
		case '<':
			if end := strings.IndexByte(v[i:], '>'); end >= 0 {
				i += end + 1
			} else {
				return len(v)
			}
		default:
			i++
		}
	}
	return i
}

// quotedString reads the quoted-string opening at v[i] (a '"'), and returns
// its content unescaped and the index after its closing quote (len(v) when
// it is not closed).
func quotedString(v string, i int) (string, int) {
	var b strings.Builder
	for i++; i < len(v); i++ {
		switch c := v[i]; c {
		case '"':
			return b.String(), i + 1
		case '\\':
			if i+1 < len(v) {
				i++
				b.WriteByte(v[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), i
}

// isTokenChar reports whether c is a tchar of RFC 9110 §5.6.2.
func isTokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
