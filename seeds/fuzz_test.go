package seeds

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzReader feeds arbitrary seed files to the reader: it must never panic,
// every line must end as a seed, a line error, a duplicate, a comment or a
// blank, and every seed's host must be normalized (lower case, no trailing
// dot, no spaces).
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"example.com\n", "1,example.com\n2,www.example.com\n", "origin,rank\nhttps://a.example,1000\n",
		"https://[2001:db8::1]:8443/\n", "\ufeffExample.COM.\r\n# c\n\n", "bücher.de\n", "10.0.0.1\n",
		"a,b,c\n", strings.Repeat("x", 5000) + "\n", "http://a.example:99999\n", "xn--bcher-kva.de\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := NewReader(strings.NewReader(in), "fuzz")
		for {
			s, err := r.Next()
			if err == io.EOF {
				break
			}
			var le *LineError
			if errors.As(err, &le) {
				if le.Line < 1 || le.File != "fuzz" {
					t.Fatalf("bad line error %+v", le)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Host == "" || s.Host != strings.ToLower(s.Host) || strings.HasSuffix(s.Host, ".") || strings.ContainsAny(s.Host, " \t\r\n") {
				t.Fatalf("seed host %q from line %d is not normalized", s.Host, s.Line)
			}
		}
		st := r.Stats()
		if st.Seeds+st.Bad+st.Duplicates > st.Lines {
			t.Fatalf("stats %+v count more outcomes than lines", st)
		}
	})
}
