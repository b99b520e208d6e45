package shell

import (
	"os/exec"
	"testing"
)

// Each quoted word reaches a real shell's command as the one argument it
// was.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/data/out":          "/data/out",
		"crawl=q":            "crawl=q",
		"":                   "''",
		"my crawl":           "'my crawl'",
		"it's":               `'it'\''s'`,
		"$HOME;rm -rf /":     "'$HOME;rm -rf /'",
		"a\nb":               "'a\nb'",
		"part-0of1.parquet*": "'part-0of1.parquet*'",
	} {
		got := Quote(in)
		if got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
		out, err := exec.Command("sh", "-c", `printf %s `+got).Output()
		if err != nil || string(out) != in {
			t.Errorf("sh -c 'printf %%s %s' printed %q (%v), want %q", got, out, err, in)
		}
	}
}
