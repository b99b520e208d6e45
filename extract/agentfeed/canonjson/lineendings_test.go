package canonjson

import (
	"strings"
	"testing"
)

// TestParse_LineEndings checks that values and errors carry the same lines
// whether the text's lines end with LF, CRLF or CR alone.
func TestParse_LineEndings(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		text := strings.ReplaceAll("{\n\"a\": 1,\n\n\"b\": [\ntrue]\n}\n", "\n", eol)
		v, err := Parse([]byte(text), Options{})
		if err != nil {
			t.Fatalf("%q: %v", eol, err)
		}
		a, _ := v.Get("a")
		b, _ := v.Get("b")
		if v.Line != 1 || a.Line != 2 || b.Line != 4 || b.Elems[0].Line != 5 {
			t.Errorf("%q line endings: lines %d %d %d %d, want 1 2 4 5", eol, v.Line, a.Line, b.Line, b.Elems[0].Line)
		}
		_, err = Parse([]byte(strings.ReplaceAll("{\n\"a\": 1,\n\n\"b\": [,]\n}\n", "\n", eol)), Options{})
		if e, ok := AsError(err); !ok || e.Line != 4 {
			t.Errorf("%q line endings: error %v, want one at line 4", eol, err)
		}
	}
}
