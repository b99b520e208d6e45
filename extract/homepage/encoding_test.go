package homepage

import (
	"slices"
	"testing"
	"unicode/utf16"
)

// utf16Bytes encodes s as UTF-16, little-endian unless big, with a byte
// order mark when bom is set.
func utf16Bytes(s string, big, bom bool) []byte {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	out := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestParse_UTF16 reads the signals of a page in UTF-16, found by its byte
// order mark or its Content-Type charset, with the tags' lines; and leaves
// a page undecoded when neither says UTF-16 (a meta charset does not, and
// the UTF-8 byte order mark wins over the header).
func TestParse_UTF16(t *testing.T) {
	src := string(page(`<meta name="robots" content="noai, noimageai, max-snippet:x">` + "\n" + `<link rel="alternate" type="text/markdown" href="/llms.txt">`))
	cases := []struct {
		name, ctype string
		body        []byte
		decoded     bool
	}{
		{"LE BOM, no header", "", utf16Bytes(src, false, true), true},
		{"BE BOM, UTF-8 header", "text/html; charset=utf-8", utf16Bytes(src, true, true), true},
		{"LE, charset utf-16", "text/html; charset=UTF-16", utf16Bytes(src, false, false), true},
		{"BE, charset utf-16be", "text/html; charset=\"utf-16be\"", utf16Bytes(src, true, false), true},
		{"LE, charset ucs-2", "text/html; charset=ucs-2", utf16Bytes(src, false, false), true},
		{"LE, no BOM, no charset", "text/html", utf16Bytes(src, false, false), false},
		{"UTF-8 BOM, charset utf-16", "text/html; charset=utf-16", []byte("\xef\xbb\xbf" + src), true},
		{"UTF-8, meta charset utf-16", "", []byte(`<meta charset="utf-16">` + src), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := hdr()
			if c.ctype != "" {
				h = hdr("Content-Type", c.ctype)
			}
			s, got := parse(t, h, c.body)
			if !c.decoded {
				if s.NoAI || len(s.Links) != 0 {
					t.Errorf("signals read from an undecoded UTF-16 page: %+v", s)
				}
				return
			}
			if !s.HTML || !s.NoAI || !s.NoImageAI || len(s.Links) != 1 || s.Links[0].Line != 7 {
				t.Errorf("signals = %+v, want HTML with noai, noimageai and the llms.txt link on line 7", s)
			}
			if want := []string{"homepage.bad-directive-value@6"}; !slices.Equal(got, want) {
				t.Errorf("diagnostics = %v, want %v", got, want)
			}
		})
	}
}
