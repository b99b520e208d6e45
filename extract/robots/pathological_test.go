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

// TestParse_LongValuesMakeShortMessages: a line of a megabyte quoted in a
// diagnostic (an unknown record, a sitemap, a crawl-delay, Content-Usage)
// makes a message of at most a few KiB: each was as long as the line.
func TestParse_LongValuesMakeShortMessages(t *testing.T) {
	long := strings.Repeat("v", 900_000)
	for name, body := range map[string]string{
		"unknown record": "User-agent: *\nX-" + long + ": 1\n",
		"unknown value":  "User-agent: *\nNoindex: " + long + "\n",
		"sitemap":        "Sitemap: " + long + "\n",
		"crawl-delay":    "User-agent: *\nCrawl-delay: " + long + "\n",
		"content-usage":  "User-agent: *\nContent-Usage: " + long + "\n",
		"content-signal": "User-agent: *\nContent-Signal: " + long + "\n",
	} {
		_, diags := Parse([]byte(body))
		if len(diags) == 0 {
			t.Errorf("%s: no diagnostic", name)
		}
		for _, d := range diags {
			if len(d.Message) > 4096 {
				t.Errorf("%s: %s message of %d bytes: %.120q", name, d.Code, len(d.Message), d.Message)
			}
		}
	}
}
