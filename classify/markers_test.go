package classify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// searchEach is what markers.in must answer: the text, lowered, contains
// one of the strings.
func searchEach(text []byte, strs []string) bool {
	lower := bytes.ToLower(text)
	for _, s := range strs {
		if bytes.Contains(lower, []byte(s)) {
			return true
		}
	}
	return false
}

func TestMarkers(t *testing.T) {
	m := newMarkers("cf_chl", "just a moment", "/_px/", "ab")
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", false},
		{"a", false},
		{"ab", true},
		{"xxAB", true},
		{"<title>Just A Moment...</title>", true},
		{"window._CF_CHL_opt = {}", true},
		{"just a momen", false},
		{"jus", false},
		{"src=\"/_PX/x.js\"", true},
		{"/_p", false},
		{"a b", false},
		{"<html><body>404 Not Found</body></html>", false},
	} {
		if got := m.in([]byte(tc.text)); got != tc.want {
			t.Errorf("in(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestMarkers_AgreeWithSearchingEachString compares the one-pass search with
// a search per string on random texts made of the strings' own letters,
// in both cases, so that partial and overlapping matches are common.
func TestMarkers_AgreeWithSearchingEachString(t *testing.T) {
	strs := []string{"aab", "abc", "ca", "bca-", "c-c", "-a-"}
	m := newMarkers(strs...)
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcABC-"
	found := 0
	for range 20000 {
		text := make([]byte, r.IntN(12))
		for i := range text {
			text[i] = alphabet[r.IntN(len(alphabet))]
		}
		want := searchEach(text, strs)
		if got := m.in(text); got != want {
			t.Fatalf("in(%q) = %v, want %v", text, got, want)
		}
		if want {
			found++
		}
	}
	if found < 1000 || found > 19000 {
		t.Fatalf("%d of 20000 texts contain a string: the test texts do not exercise both answers", found)
	}
}

func TestPrefilter_FindsEveryRecognisedChallengePage(t *testing.T) {
	dir := "testdata/challenges"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".html") || strings.HasPrefix(e.Name(), "notwall-") {
			continue
		}
		body, err := os.ReadFile(dir + "/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !prefilter.in(body) {
			t.Errorf("%s: the prefilter finds no marker", e.Name())
		}
	}
	if n == 0 {
		t.Fatalf("no .html pages in %s", dir)
	}
}

// TestMarkers_SixtyFour: the prefilter holds 32 strings, what markers held
// at most; a vendor's marker more made the package panic at start.
func TestMarkers_SixtyFour(t *testing.T) {
	strs := make([]string, 64)
	for i := range strs {
		strs[i] = fmt.Sprintf("m%02d", i)
	}
	m := newMarkers(strs...)
	for _, s := range []string{"m00", "m31", "m32", "m63"} {
		if !m.in([]byte("<p>x " + strings.ToUpper(s) + " y</p>")) {
			t.Errorf("%s not found", s)
		}
	}
	if m.in([]byte("<p>m64 m6 m</p>")) {
		t.Error("found a string that is not there")
	}
}

func TestNewMarkers_RefusesWhatItCannotFind(t *testing.T) {
	for _, strs := range [][]string{{"a"}, {"Ab"}, {"é!"}, slices.Repeat([]string{"xx"}, 65)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("newMarkers(%q) did not panic", strs)
				}
			}()
			newMarkers(strs...)
		}()
	}
}

// BenchmarkPrefilter measures the prefilter on a small error page, the
// body a crawl classifies most often, and on a 64 KiB page without markers.
func BenchmarkPrefilter(b *testing.B) {
	small := []byte("<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n")
	large := bytes.Repeat([]byte("<p>Some ordinary page text about articles, services and contact details.</p>\n"), 64<<10/78)
	for _, bc := range []struct {
		name string
		body []byte
	}{{"small", small}, {"64KiB", large}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.body)))
			for b.Loop() {
				if prefilter.in(bc.body) {
					b.Fatal("marker found")
				}
			}
		})
	}
}
