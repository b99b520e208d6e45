// Package jsondoc reads a JSON document whose top level must be an object
// (did.json, agent-card.json) and reports the faults of the document as a
// whole under the codes of the format that reads it.
package jsondoc

import (
	"bytes"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// Codes are a format's codes for the faults of a document as a whole.
type Codes struct {
	NotJSON      diag.Code // a syntax error, or a number that is not finite
	InvalidUTF8  diag.Code // bytes that are not UTF-8, or a lone surrogate escape
	NUL          diag.Code // a NUL byte
	TooLarge     diag.Code // larger than Limits.MaxBytes
	TooDeep      diag.Code // nested deeper than Limits.MaxDepth
	BOM          diag.Code // a leading UTF-8 byte order mark (ignored)
	NotObject    diag.Code // a top-level value that is not an object
	DuplicateKey diag.Code // two members of one object with the same name
}

// Limits bound what Object parses.
type Limits struct {
	MaxBytes int // the largest body parsed
	MaxDepth int // the deepest nesting of arrays and objects
}

// Object parses body as a JSON document that must be an object. noun names
// the document in messages ("the card"). It reports a body larger than the
// limit (not parsing it), a byte order mark (then ignored), a body that is
// not JSON, a top-level value that is not an object and every duplicated
// member, and it returns the object, or false when there is none.
func Object(body []byte, noun string, lim Limits, c Codes, diags *diag.List) (canonjson.Value, bool) {
	if len(body) > lim.MaxBytes {
		diags.Add(c.TooLarge, 0, "%s is %d bytes; the limit is %d", noun, len(body), lim.MaxBytes)
		return canonjson.Value{}, false
	}
	if rest, ok := bytes.CutPrefix(body, []byte("\xef\xbb\xbf")); ok {
		diags.Add(c.BOM, 1, "%s starts with a UTF-8 byte order mark", noun)
		body = rest
	}
	root, err := canonjson.Parse(body, canonjson.Options{MaxDepth: lim.MaxDepth})
	if err != nil {
		*diags = append(*diags, parseDiagnostic(body, noun, err, c))
		return canonjson.Value{}, false
	}
	if root.Kind != canonjson.Object {
		diags.Add(c.NotObject, root.Line, "%s is a JSON %s, not an object", noun, root.Kind)
		return canonjson.Value{}, false
	}
	for _, m := range root.Duplicates() {
		diags.Add(c.DuplicateKey, m.Line, "member %q appears twice in one object; the first one is used", m.Key)
	}
	return root, true
}

// parseDiagnostic maps a parse error of body to a diagnostic. An empty
// body (or one of white space only) is a whole-body fault at line 0, as
// tdmrep.not-json reports it: no line applies.
func parseDiagnostic(body []byte, noun string, err error, c Codes) diag.Diagnostic {
	e, ok := canonjson.AsError(err)
	if !ok {
		return c.NotJSON.At(0, "%v", err)
	}
	switch {
	case e.Kind == canonjson.ErrEmpty:
		return c.NotJSON.At(0, "%s is empty: no JSON value", noun)
	case e.Kind == canonjson.ErrUTF8:
		return c.InvalidUTF8.At(e.Line, "%s", e.Msg)
	case e.Kind == canonjson.ErrDepth:
		return c.TooDeep.At(e.Line, "%s", e.Msg)
	case e.Kind == canonjson.ErrSize:
		return c.TooLarge.At(0, "%s", e.Msg)
	case e.Offset < len(body) && body[e.Offset] == 0:
		return c.NUL.At(e.Line, "NUL byte at byte %d", e.Offset)
	}
	return c.NotJSON.At(e.Line, "%s", e.Msg)
}
