package agentsmd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse parses the realistic policy in testdata.
func BenchmarkParse(b *testing.B) {
	body := readTestdata(b, "realistic.md")
	src := Source{Location: LocationRoot, Host: "shop.example.org", Scheme: "https", ContentType: "text/markdown; charset=utf-8"}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, src)
	}
}

// BenchmarkParseCodingAgent parses a coding-agent file (the common case at
// /AGENTS.md).
func BenchmarkParseCodingAgent(b *testing.B) {
	body := readTestdata(b, "coding-agent.md")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, Source{})
	}
}

// largePolicy returns a policy of about n bytes: the realistic file, then
// extension sections, prose and long pattern lists.
func largePolicy(tb testing.TB, n int) []byte {
	var buf bytes.Buffer
	buf.Write(readTestdata(tb, "realistic.md"))
	for i := 0; buf.Len() < n; i++ {
		fmt.Fprintf(&buf, "\n## x-section-%d\n# comment %d\n- x-key-%d: value %d\nSome prose about section %d.\n", i, i, i, i, i)
		paths := make([]string, 20)
		for j := range paths {
			paths[j] = fmt.Sprintf("/area-%d/page-%d/*", i, j)
		}
		fmt.Fprintf(&buf, "- x-paths: %s\n", strings.Join(paths, ", "))
	}
	return buf.Bytes()
}

// BenchmarkParseSize parses policies of growing size; the MB/s figures stay
// flat when Parse is linear.
func BenchmarkParseSize(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		body := largePolicy(b, n)
		b.Run(fmt.Sprintf("%dKB", n/1000), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(body, Source{})
			}
		})
	}
}

// BenchmarkParseBinary parses 1 MB of bytes that are not text at all.
func BenchmarkParseBinary(b *testing.B) {
	body := make([]byte, 1_000_000)
	for i := range body {
		body[i] = byte(i*7 + i/251)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, Source{})
	}
}

// BenchmarkEvaluate evaluates a path against the realistic policy.
func BenchmarkEvaluate(b *testing.B) {
	res, _ := Parse(readTestdata(b, "realistic.md"), Source{})
	b.ReportAllocs()
	for b.Loop() {
		res.Evaluate("/api/v1/catalog/items?page=2", "GET")
	}
}
