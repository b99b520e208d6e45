package robots

import (
	"strings"
	"testing"
)

// pathologicalBodies are inputs that would expose super-linear parsing:
// one huge line, many tiny lines, long extension values.
func pathologicalBodies() map[string][]byte {
	return map[string][]byte{
		"one-line-of-colons":   []byte("User-agent: " + strings.Repeat(":", 1<<20)),
		"one-line-of-stars":    []byte("User-agent: *\nDisallow: /" + strings.Repeat("*", 1<<20)),
		"many-empty-lines":     []byte(strings.Repeat("\r\n", 1<<19)),
		"many-bare-crs":        []byte(strings.Repeat("\r", 1<<20)),
		"cr-only-line-ends":    []byte("User-agent: *\r" + strings.Repeat("Disallow: /a\r", 1<<16)),
		"many-user-agents":     []byte(strings.Repeat("User-agent: a\nDisallow: /\n", 1<<15)),
		"long-app-directives":  []byte("User-agent: *\nApp-Directives: " + strings.Repeat("a;b=1;", 1<<16) + "\n"),
		"long-content-usage":   []byte("User-agent: *\nContent-Usage: / " + strings.Repeat("train-ai=n, ", 1<<16) + "search=y\n"),
		"many-invalid-records": []byte(strings.Repeat("x y z\n", 1<<17)),
	}
}

func BenchmarkParsePathological(b *testing.B) {
	for name, body := range pathologicalBodies() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				Parse(body)
			}
		})
	}
}

func TestParsePathological(t *testing.T) {
	for name, body := range pathologicalBodies() {
		f, d := Parse(body)
		if f.Bytes != len(body) {
			t.Errorf("%s: Bytes %d, want %d", name, f.Bytes, len(body))
		}
		for _, x := range d {
			if x.Line > f.Lines {
				t.Errorf("%s: diagnostic on line %d of %d", name, x.Line, f.Lines)
			}
		}
	}
}
