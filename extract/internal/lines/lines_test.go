package lines

import (
	"strings"
	"testing"
)

// TestLines checks that LF, CRLF and CR alone each end one line, with New
// and At agreeing, whatever the ending.
func TestLines(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		body := []byte(strings.Join([]string{"one", "two", "", "four"}, eol) + eol)
		x := New(body)
		want := 1
		for off := 0; off <= len(body); off++ {
			if got := x.Line(off); got != want {
				t.Errorf("%q: Line(%d) = %d, want %d", eol, off, got, want)
			}
			if got := At(body, off); got != want {
				t.Errorf("%q: At(%d) = %d, want %d", eol, off, got, want)
			}
			if off < len(body) && body[off] == eol[len(eol)-1] {
				if !x.IsEnd(off) {
					t.Errorf("%q: IsEnd(%d) = false", eol, off)
				}
				want++
			} else if off < len(body) && x.IsEnd(off) {
				t.Errorf("%q: IsEnd(%d) = true", eol, off)
			}
		}
		if x.Lines() != 5 || Count(body) != 4 {
			t.Errorf("%q: Lines %d Count %d, want 5 and 4", eol, x.Lines(), Count(body))
		}
	}
	mixed := []byte("a\rb\r\nc\nd")
	for off, want := range []int{1, 1, 2, 2, 2, 3, 3, 4} {
		if got := New(mixed).Line(off); got != want || At(mixed, off) != want {
			t.Errorf("mixed: line of %d = %d (At %d), want %d", off, got, At(mixed, off), want)
		}
	}
	// Token by token, a CRLF split between two tokens is one ending.
	if n := Between(mixed, 0, 4) + Between(mixed, 4, len(mixed)); n != 3 || Between(mixed, 0, 4) != 1 {
		t.Errorf("Between: %d line endings, want 3 (1 before the split CRLF)", n)
	}
	if New(nil).Line(0) != 1 || At(nil, 3) != 1 || New([]byte("x")).Line(-1) != 1 {
		t.Error("an empty body or a negative offset is not on line 1")
	}
}
