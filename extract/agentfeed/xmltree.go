package agentfeed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

// maxXMLDepth bounds element nesting; an agent feed nests four deep
// (feed, entry, content), Atom text constructs with XHTML a few more.
const maxXMLDepth = 32

// element is a node of the parsed XML tree: just what the feed reader
// needs. Namespaces are resolved to URIs by encoding/xml.
type element struct {
	name     xml.Name
	attrs    []xml.Attr
	line     int // line of the start tag's '<'
	textLine int // line where the element's content starts
	text     []byte
	children []*element
}

// attr returns the value of the un-namespaced attribute local.
func (e *element) attr(local string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// declares reports whether the element declares namespace uri, as the
// default namespace or for a prefix.
func (e *element) declares(uri string) bool {
	for _, a := range e.attrs {
		if (a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns")) && a.Value == uri {
			return true
		}
	}
	return false
}

// trimmedText returns the element's text with XML white space trimmed.
func (e *element) trimmedText() string {
	return strings.Trim(string(e.text), " \t\r\n")
}

// parseXML reads body into an element tree. It refuses DOCTYPE and other
// declarations (no entity is ever expanded: encoding/xml knows only the
// five predefined entities and character references, and Decoder.Entity is
// left nil), bounds the depth, and accepts only UTF-8. On failure it
// returns nil and one diagnostic.
func parseXML(body []byte) (*element, *diag.Diagnostic) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = true
	d.CharsetReader = func(label string, input io.Reader) (io.Reader, error) {
		// The body is valid UTF-8 (Parse checked), so a US-ASCII label is
		// only a narrower name for it; any other is not read.
		if strings.EqualFold(label, "us-ascii") || strings.EqualFold(label, "ascii") {
			return input, nil
		}
		return nil, errors.New("survey reads agent feeds as UTF-8 only")
	}
	var (
		root  *element
		stack []*element
	)
	fail := func(c diag.Code, line int, format string, args ...any) (*element, *diag.Diagnostic) {
		dg := c.At(line, format, args...)
		return nil, &dg
	}
	// Lines are numbered from byte offsets: encoding/xml's InputPos and
	// SyntaxError.Line count LF bytes only, which puts every line of a
	// CR-only file on line 1, where XML 1.0 §2.11 ends a line at CR too.
	idx := lines.New(body)
	for {
		start := int(d.InputOffset())
		line := idx.Line(start)
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				// The decoder stops where it finds the fault, as
				// SyntaxError.Line counts.
				return fail(codeXMLSyntax, idx.Line(int(d.InputOffset())), "%s", se.Msg)
			}
			return fail(codeXMLSyntax, line, "%v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxXMLDepth {
				return fail(codeTooDeep, line, "elements nest deeper than %d", maxXMLDepth)
			}
			if len(stack) == 0 && root != nil {
				return fail(codeXMLSyntax, line, "a second root element <%s> after the first one", t.Name.Local)
			}
			textLine := idx.Line(int(d.InputOffset()))
			el := &element{name: t.Name, attrs: t.Copy().Attr, line: line, textLine: textLine}
			if len(stack) == 0 {
				root = el
			} else {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, el)
			}
			stack = append(stack, el)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.text = append(top.text, t...)
			} else if trimmed := bytes.TrimLeft(t, " \t\r\n"); len(trimmed) > 0 {
				// t is decoded (a CRLF read as one LF): skip the white
				// space of the raw bytes instead.
				off := start
				for off < len(body) && strings.IndexByte(" \t\r\n", body[off]) >= 0 {
					off++
				}
				return fail(codeXMLSyntax, idx.Line(off), "text outside the root element")
			}
		case xml.Directive:
			return fail(codeDoctype, line, "declaration %q refused: DOCTYPE and ENTITY declarations are not accepted", "<!"+truncate(string(t), 40)+">")
		}
	}
	if root == nil {
		// Empty, or a prolog and comments only: a fault of the whole
		// body, at line 0 as no line applies.
		return fail(codeXMLSyntax, 0, "no root element")
	}
	return root, nil
}

// truncate shortens s to n runes for a message.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n]) + "..."
	}
	return s
}
