package llmstxt

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// inlineLink is a Markdown inline link at the start of a list item.
type inlineLink struct {
	name string
	dest string
	rest string // the text after the closing parenthesis
}

// parseInlineLink parses `[name](dest "title")` at the start of s, as
// CommonMark does: brackets in the name nest, a code span in the name hides
// its brackets, parentheses in the destination balance, `<...>` encloses a
// destination with spaces, and a backslash escapes the next character. It
// reports false when s does not start with a complete link.
func parseInlineLink(s string) (inlineLink, bool) {
	if !strings.HasPrefix(s, "[") {
		return inlineLink{}, false
	}
	depth := 1
	i := 1
	var spans codeSpans
	var images []bool // for each open inner bracket, whether it opens an image
	checks := 0
	for ; i < len(s) && depth > 0; i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			i = spans.skip(s, i) - 1
		case '[':
			depth++
			images = append(images, s[i-1] == '!' && (i < 2 || s[i-2] != '\\'))
		case ']':
			depth--
			if depth == 0 {
				break
			}
			image := images[len(images)-1]
			images = images[:len(images)-1]
			// A link may not contain a link (CommonMark §6.3): when an
			// inner bracket pair is itself a link, the outer one is text.
			// An image may stand in the name, and brackets in its
			// destination are not the name's. Only the first few
			// candidates are checked, which keeps the cost linear.
			if i+1 < len(s) && s[i+1] == '(' && checks < maxNestedChecks {
				checks++
				if _, end, ok := linkTail(s, i+1); ok {
					if !image {
						return inlineLink{}, false
					}
					i = end - 1
				}
			}
		}
	}
	if depth != 0 || i >= len(s) || s[i] != '(' {
		return inlineLink{}, false
	}
	name := s[1 : i-1]
	dest, end, ok := linkTail(s, i)
	if !ok {
		return inlineLink{}, false
	}
	return inlineLink{name: unescape(strings.TrimSpace(name)), dest: unescape(dest), rest: s[end:]}, true
}

// maxNestedChecks bounds the inner bracket pairs of a link's name that
// parseInlineLink checks for a nested link.
const maxNestedChecks = 8

// linkTail parses the `(dest "title")` part of an inline link, starting at
// the "(" at s[i]. It returns the destination as written and the index just
// after the closing ")".
func linkTail(s string, i int) (string, int, bool) {
	j := skipSpace(s, i+1)
	var dest string
	if j < len(s) && s[j] == '<' {
		start := j + 1
		for j = start; j < len(s) && s[j] != '>'; j++ {
			if s[j] == '\\' && j+1 < len(s) && isPunct(s[j+1]) {
				j++ // "\>" does not close the destination
			}
		}
		if j >= len(s) {
			return "", 0, false
		}
		dest = s[start:j]
		j++
	} else {
		start, parens := j, 0
	dest:
		for ; j < len(s); j++ {
			switch s[j] {
			case '\\':
				// A backslash escapes ASCII punctuation only (CommonMark
				// §2.4): "\ " is a backslash, and the space ends the
				// destination.
				if j+1 < len(s) && isPunct(s[j+1]) {
					j++
				}
			case ' ', '\t':
				break dest
			case '(':
				parens++
			case ')':
				if parens == 0 {
					break dest
				}
				parens--
			}
		}
		if j > len(s) {
			j = len(s)
		}
		dest = s[start:j]
	}
	j = skipSpace(s, j)
	if j < len(s) && (s[j] == '"' || s[j] == '\'' || s[j] == '(') {
		closer := s[j]
		if closer == '(' {
			closer = ')'
		}
		paren := closer == ')'
		j++
		for ; j < len(s) && s[j] != closer; j++ {
			switch {
			case s[j] == '\\':
				j++
			case paren && s[j] == '(':
				// A title in parentheses holds no unescaped "("
				// (CommonMark §6.3).
				return "", 0, false
			}
		}
		if j >= len(s) {
			return "", 0, false
		}
		j = skipSpace(s, j+1)
	}
	if j >= len(s) || s[j] != ')' {
		return "", 0, false
	}
	return dest, j + 1, true
}

// skipSpace returns the index of the first byte at or after i that is not a
// space or a tab.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// unescape removes the backslash before escaped ASCII punctuation and
// decodes entity and numeric character references (CommonMark §2.4, §6.2),
// as CommonMark does in link text and destinations: "AT&amp;T" is "AT&T",
// "\\&amp;" is "&amp;".
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 && strings.IndexByte(s, '&') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && isPunct(s[i+1]):
			i++
		case s[i] == '&':
			if dec, n, ok := entity(s[i:]); ok {
				b.WriteString(dec)
				i += n - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isPunct reports whether b is ASCII punctuation.
func isPunct(b byte) bool {
	return b >= '!' && b <= '/' || b >= ':' && b <= '@' || b >= '[' && b <= '`' || b >= '{' && b <= '~'
}

// urlKind classifies a link destination.
type urlKind int

const (
	urlAbsolute  urlKind = iota // http or https with a host
	urlRelative                 // a relative reference, resolved against the file's URL
	urlOther                    // another scheme (mailto:, javascript:, ...)
	urlMalformed                // see classifyURL
)

// maxPort is the largest TCP port.
const maxPort = 65535

// classifyURL classifies a link destination with net/url. It is malformed
// when it is empty; when url.Parse rejects it (among others: a "%" not
// followed by two hex digits in the user info, host, path or fragment, a
// character not allowed in the host, a port that is not a number); when
// its query or, for a URL such as "mailto:...", its opaque part holds such
// a "%" (url.Parse does not check those, RFC 3986 §2.1 forbids them
// everywhere); when its port is above 65535; or when it is http or https
// without a host. The second result is why it is malformed, or the scheme
// of an urlOther.
func classifyURL(dest string) (urlKind, string) {
	if strings.TrimSpace(dest) == "" {
		return urlMalformed, "the URL is empty"
	}
	u, err := url.Parse(dest)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return urlMalformed, err.Error()
	}
	if _, err := url.QueryUnescape(u.RawQuery); err != nil {
		return urlMalformed, "in the query: " + err.Error()
	}
	if _, err := url.PathUnescape(u.Opaque); err != nil {
		return urlMalformed, err.Error()
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n > maxPort {
			return urlMalformed, fmt.Sprintf("the port %s is above %d", p, maxPort)
		}
	}
	switch {
	case u.Scheme == "":
		return urlRelative, ""
	case strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https"):
		if u.Host == "" {
			return urlMalformed, "the URL has no host"
		}
		return urlAbsolute, ""
	}
	return urlOther, u.Scheme
}

// looksLikeBareURL reports whether a list item holds a bare URL rather than
// a Markdown link.
func looksLikeBareURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "<http")
}

// destHasSpace reports whether s opens with an inline link that CommonMark
// rejects only for the spaces in its destination, as in
// `[Hello World](https://a.example/posts/Hello World/)`: a destination that
// is not enclosed in <...> ends at a space. The reference parser, which
// takes everything up to the first ")" as the URL, reads such an item as a
// link.
func destHasSpace(s string) bool {
	if !strings.HasPrefix(s, "[") {
		return false
	}
	i := strings.Index(s, "](")
	if i < 0 {
		return false
	}
	start := i + 2
	for start < len(s) && (s[start] == ' ' || s[start] == '\t') {
		start++
	}
	if start == len(s) || s[start] == '<' {
		return false
	}
	// The destination runs to the ")" that balances the "(" before it.
	end, parens := start, 0
	for ; end < len(s); end++ {
		if s[end] == '(' {
			parens++
		} else if s[end] == ')' {
			if parens == 0 {
				break
			}
			parens--
		}
	}
	dest := strings.TrimRight(s[start:end], " \t")
	sp := strings.IndexAny(dest, " \t")
	if end == len(s) || sp < 0 {
		return false
	}
	// `(url "title" x)` is a link title followed by junk, not a space in
	// the URL. A title in parentheses would have made a link: "(II)/" is
	// part of a path.
	if after := strings.TrimLeft(dest[sp:], " \t"); after[0] == '"' || after[0] == '\'' {
		return false
	}
	filled := strings.NewReplacer(" ", "%20", "\t", "%09").Replace(dest)
	_, ok := parseInlineLink(s[:start] + filled + s[end:])
	return ok
}
