package canonjson

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
)

// genJSON writes a JSON text chosen by the bytes of seed: values of every
// kind, strings mixing the characters where canonical forms differ (controls,
// quotes, U+007F, U+2028, the U+E000..U+FFFF range, characters above U+FFFF)
// written raw or escaped in every way JSON allows, numbers in every
// spelling, white space between tokens, and duplicate keys now and then.
// Byte-level mutation rarely builds such texts; this reaches them at once.
func genJSON(seed []byte) []byte {
	g := &gen{seed: seed}
	g.ws()
	g.value(-1)
	g.ws()
	return []byte(g.out.String())
}

type gen struct {
	seed []byte
	pos  int
	out  strings.Builder
}

// next returns the next seed byte, or 0 when the seed is used up, so that
// every text ends.
func (g *gen) next() int {
	if g.pos >= len(g.seed) {
		return 0
	}
	g.pos++
	return int(g.seed[g.pos-1])
}

func (g *gen) ws() {
	for n := g.next() % 4; n > 1; n-- {
		g.out.WriteByte(" \t\r\n"[g.next()%4])
	}
}

func (g *gen) value(depth int) {
	k := g.next() % 8
	if depth < 0 && k < 5 { // mostly an object or array at the top
		k = 7 - k%2
	}
	if depth > 6 && k >= 6 {
		k = 0
	}
	switch k {
	case 0:
		g.out.WriteString([]string{"null", "true", "false"}[g.next()%3])
	case 1, 2:
		g.number()
	case 3, 4, 5:
		g.str(0)
	case 6:
		g.out.WriteByte('[')
		for i, n := 0, g.next()%5; i < n; i++ {
			if i > 0 {
				g.out.WriteByte(',')
			}
			g.ws()
			g.value(depth + 1)
			g.ws()
		}
		g.out.WriteByte(']')
	case 7:
		g.out.WriteByte('{')
		for i, n := 0, g.next()%6; i < n; i++ {
			if i > 0 {
				g.out.WriteByte(',')
			}
			g.ws()
			g.str(1)
			g.ws()
			g.out.WriteByte(':')
			g.ws()
			g.value(depth + 1)
			g.ws()
		}
		g.out.WriteByte('}')
	}
}

func (g *gen) digits(min int) {
	for n := min + g.next()%4; n > 0; n-- {
		g.out.WriteByte(byte('0' + g.next()%10))
	}
}

func (g *gen) number() {
	if g.next()%3 == 0 {
		g.out.WriteByte('-')
	}
	if g.next()%4 == 0 {
		g.out.WriteByte('0')
	} else {
		g.out.WriteByte(byte('1' + g.next()%9))
		g.digits(0)
		if g.next()%8 == 0 {
			g.out.WriteString("0000000000000000000")
		}
	}
	if g.next()%2 == 0 {
		g.out.WriteByte('.')
		g.digits(1)
	}
	if c := g.next() % 6; c < 3 {
		g.out.WriteString([]string{"e", "E", "e"}[c])
		g.out.WriteString([]string{"", "+", "-"}[g.next()%3])
		// Mostly exponents a double can hold, now and then one past
		// (overflow, underflow).
		for n := 1 + g.next()%2 + g.next()/250; n > 0; n-- {
			g.out.WriteByte(byte('0' + g.next()%10))
		}
	}
}

// runes are the characters strings are made of.
var runes = []rune{'a', 'b', 'B', '_', '1', ' ', '"', '\\', '/', '<', '&', 0, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x1f, 0x7f,
	0x80, 0x85, 0xe9, 0x20ac, 0x2028, 0x2029, 0xd7ff, 0xe000, 0xfb33, 0xfeff, 0xfffd, 0xffff,
	0x10000, 0x1f600, 0x1f602, 0x10ffff}

// str writes a string of at least min characters.
func (g *gen) str(min int) {
	g.out.WriteByte('"')
	for n := min + g.next()%5; n > 0; n-- {
		r := runes[g.next()%len(runes)]
		mode := g.next() % 4
		switch {
		case mode == 3 && r > 0xffff:
			// A surrogate pair, in either case of hex digit.
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&g.out, `\u%04x\u%04X`, hi, lo)
		case mode == 2 || r < 0x20:
			fmt.Fprintf(&g.out, `\u%04x`, r)
		case mode == 1:
			fmt.Fprintf(&g.out, `\u%04X`, r)
		case r == '"' || r == '\\':
			g.out.WriteByte('\\')
			g.out.WriteRune(r)
		case r == '/' && mode == 0 && g.next()%2 == 0:
			g.out.WriteString(`\/`)
		default:
			g.out.WriteRune(r)
		}
	}
	g.out.WriteByte('"')
}

// FuzzCanonicalize_JCSOracleGenerated: classifyJCS on generated JSON texts;
// every difference must be one it names.
func FuzzCanonicalize_JCSOracleGenerated(f *testing.F) {
	for _, s := range []string{"", "\x07\x07\x03\x05\x21\x22\x03\x05\x20\x21", "\x07\x05\x03\x04\x1f\x03\x03\x04\x1e\x02\x01\x02",
		"\x06\x04\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, seed []byte) {
		data := genJSON(seed)
		if _, err := classifyJCS(data); err != nil {
			t.Fatalf("%q: %v", data, err)
		}
	})
}

// TestCanonicalize_JCSOracleGenerated: the same on many texts generated from
// a fixed sequence of seeds, so that plain go test covers what the fuzz
// target explores.
func TestCanonicalize_JCSOracleGenerated(t *testing.T) {
	classes := map[jcsClass]int{}
	seed := make([]byte, 64)
	x := uint64(8785)
	for i := 0; i < 20000; i++ {
		for j := range seed {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			seed[j] = byte(x)
		}
		data := genJSON(seed)
		c, err := classifyJCS(data)
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		classes[c]++
	}
	t.Logf("classes: %v", classes)
	if classes[jcsEqual] == 0 || classes[jcsKeyOrder] == 0 {
		t.Errorf("the generator reaches too few classes: %v", classes)
	}
}
