package textsniff

import "testing"

func TestNotText(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"", ""},
		{"User-agent: *\nDisallow: /\n", ""},
		{"# AGENTS.md\r\n\tcaf\xc3\xa9 \x1b[0m\n", ""},
		{"one bad byte \xff in a line of text", ""},
		{"\xff\xfe#\x00 \x00", "utf-16"},
		{"\xff\xfe\x00\x00#\x00\x00\x00", "utf-32"},
		{"#\x00 \x00A\x00G\x00E\x00N\x00T\x00S\x00", "utf-16"},
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01", "binary"},
		{"\xff\xfd\xfc\xfb\xfa", "binary"},
	} {
		if got := NotText([]byte(c.body)); got != c.want {
			t.Errorf("NotText(%q) = %q, want %q", c.body, got, c.want)
		}
	}
}
