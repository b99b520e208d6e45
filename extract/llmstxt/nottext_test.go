package llmstxt

import (
	"slices"
	"testing"
	"unicode/utf16"
)

// utf16LE encodes s as UTF-16 little-endian with a byte order mark, as
// Windows editors save "Unicode" text.
func utf16LE(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// TestParse_NotText: an llms.txt saved as UTF-16 has its H1 title, in its
// own encoding; survey said "no H1 title" with a warning per line of
// invalid UTF-8 and NUL bytes. It now says once that the body is not UTF-8
// text, and reads no line of it.
func TestParse_NotText(t *testing.T) {
	for name, c := range map[string]struct {
		in   []byte
		want []string
	}{
		"utf-16 with bom": {utf16LE("# Site\r\n\r\n> Summary\r\n\r\n## Docs\r\n\r\n- [A](https://a.example/): n\r\n"), []string{"llms-txt.not-text@0"}},
		"utf-16 no bom":   {utf16LE("# Site\n\n## Docs\n\n- [A](https://a.example/)\n")[2:], []string{"llms-txt.not-text@0"}},
		"binary":          {[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"), []string{"llms-txt.not-text@0"}},
	} {
		f, d := Parse(c.in)
		checkInvariants(t, c.in, f, d)
		if got := found(d); !slices.Equal(got, c.want) || f.TitleLine != 0 || len(f.Sections) != 0 {
			t.Errorf("%s: diagnostics %v, title line %d, sections %d", name, got, f.TitleLine, len(f.Sections))
		}
	}
	// Latin-1 text is text: its lines are read, with a warning.
	f, got := parseString(t, "# Caf\xe9\n\n> R\xe9sum\xe9 of the site in a sentence or two.\n\n## Docs\n\n- [A](https://a.example/): n\n")
	if f.Title != "Caf\xe9" || !slices.Contains(got, "llms-txt.invalid-utf8@1") || slices.Contains(got, "llms-txt.not-text@0") {
		t.Errorf("latin-1: title %q, diagnostics %v", f.Title, got)
	}
}
