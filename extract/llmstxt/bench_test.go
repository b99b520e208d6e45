package llmstxt

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkParse parses a realistic large llms.txt (a documentation site's
// index: 7 sections, 950 links, 160 KiB).
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("testdata/large.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(data)
	}
}

func TestParse_LargeFile(t *testing.T) {
	data, err := os.ReadFile("testdata/large.txt")
	if err != nil {
		t.Fatal(err)
	}
	f, d := Parse(data)
	if len(d) != 0 {
		t.Errorf("diagnostics: %v", d)
	}
	if len(f.Sections) != 8 || f.LinkCount() != 7*130+40 || !f.HasOptional {
		t.Errorf("%d sections, %d links, optional %v", len(f.Sections), f.LinkCount(), f.HasOptional)
	}
}

// BenchmarkParse_Pathological parses inputs built to expose quadratic
// behaviour: a 1 MiB blockquote, a 1 MiB wrapped note, a 1 MiB unbalanced
// link, 1 MiB of lines ended by CR alone (no LF to search for), a 1 MiB
// link text of backtick runs of growing length, none closed. The MB/s
// should stay in the range of BenchmarkParse.
func BenchmarkParse_Pathological(b *testing.B) {
	const size = 1 << 20
	inputs := map[string][]byte{
		"blockquote": []byte("# T\n" + strings.Repeat("> quote line\n", size/13)),
		"notes":      []byte("# T\n## S\n- [a](https://a.example/): n\n" + strings.Repeat("  more note\n", size/12)),
		"brackets":   []byte("# T\n## S\n- " + strings.Repeat("[", size) + "\n"),
		"parens":     []byte("# T\n## S\n- [a](" + strings.Repeat("(", size) + "\n"),
		"headings":   []byte(strings.Repeat("# T\n", size/4)),
		"cr-lines":   []byte("# T\r## S\r" + strings.Repeat("- [a](https://a.example/)\r", size/26)),
		"backticks":  []byte("# T\n## S\n- [" + backtickRuns(size) + "\n"),
	}
	for name, data := range inputs {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				Parse(data)
			}
		})
	}
}

// backtickRuns returns about size bytes of backtick runs of lengths 1, 2,
// 3, ..., each followed by a space: no run closes another as a code span.
func backtickRuns(size int) string {
	var b strings.Builder
	for n := 1; b.Len() < size; n++ {
		b.WriteString(strings.Repeat("`", n))
		b.WriteByte(' ')
	}
	return b.String()
}
