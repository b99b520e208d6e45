package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/seeds"
)

// TestSeeds_Summary reads a gzipped list with every kind of line: the
// rejected line is reported with its file and line, the counts and the
// digest of the file as given are printed, and the exit status says a line
// was rejected.
func TestSeeds_Summary(t *testing.T) {
	list := "# ranked, origins, a duplicate, a bad line\n1,example.com\n2,www.example.com\nexample.com\nhttps://b.org:8443,1000\nhttp://c.net/\nbad_host.com\nd.io\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(list))
	zw.Close()
	path := filepath.Join(t.TempDir(), "list.csv.gz")
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(gz.Bytes())
	code, stdout, stderr := runSurvey(t, "", "seeds", path)
	want := path + ": 8 lines read: 5 seeds (3 domains, 2 origins; 3 ranked), 1 rejected, 1 duplicate\n" +
		"SHA-256 " + hex.EncodeToString(sum[:]) + " (the crawls.seeds_digest of a crawl of it)\n"
	wantErr := path + `:7: invalid domain name: '_' (U+005F) is not allowed in a host name (letters, digits and hyphens): "bad_host.com"` + "\n"
	if code != exitFindings || stdout != want || stderr != wantErr {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", code, exitFindings, stdout, want, stderr, wantErr)
	}

	// Standard input: the digest is of the text read, as a crawl of it records.
	text := "a.example\nb.example\n"
	sum = sha256.Sum256([]byte(text))
	code, stdout, _ = runSurvey(t, text, "seeds", "-")
	want = "-: 2 lines read: 2 seeds (2 domains, 0 origins; 0 ranked), 0 rejected, 0 duplicates\n" +
		"SHA-256 " + hex.EncodeToString(sum[:]) + " (the crawls.seeds_digest of a crawl of it)\n"
	if code != exitOK || stdout != want {
		t.Errorf("standard input: exit %d\n%s\nwant:\n%s", code, stdout, want)
	}
}

// TestSeeds_PrintReadsBack: --print writes the seeds as a list that reads
// back as the same seeds, ranks and schemes included.
func TestSeeds_PrintReadsBack(t *testing.T) {
	list := "origin,rank\nhttps://B.org:8443/,1000\nhttp://c.net:80,5000\n1,Example.COM.\n2,www.example.com\nd.io/\nhttps://[2001:db8::1]:8443\nhttp://xn--bcher-kva.de\n"
	code, printed, stderr := runSurvey(t, list, "seeds", "--print", "-")
	if code != exitOK || !strings.Contains(stderr, "7 seeds") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	read := func(text string) []seeds.Seed {
		var out []seeds.Seed
		r := seeds.NewReader(strings.NewReader(text), "list")
		for {
			s, err := r.Next()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			s.Line, s.Input = 0, ""
			out = append(out, s)
		}
	}
	want, got := read(list), read(printed)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("printed:\n%s\nreads back as %v\nwant %v", printed, got, want)
	}
}

// TestSeeds_Shards: --shards counts each shard's seeds as survey crawl
// --shard splits them, and --print --shard writes that many.
func TestSeeds_Shards(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "site-%d.example\nwww.site-%d.example\n", i, i)
	}
	path := filepath.Join(t.TempDir(), "seeds.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 3
	counts := make([]int, n)
	r := seeds.NewReader(strings.NewReader(b.String()), "seeds.txt")
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if (seeds.Shard{Index: i, Count: n}).Contains(s) {
				counts[i]++
			}
		}
	}
	code, stdout, _ := runSurvey(t, "", "seeds", "--shards", "3", path)
	for i, c := range counts {
		line := fmt.Sprintf("shard %d/%d: %s\n", i, n, plural(c, "seed", "seeds"))
		if code != exitOK || !strings.Contains(stdout, line) {
			t.Errorf("exit %d\n%s\nwant %q", code, stdout, line)
		}
		_, printed, _ := runSurvey(t, "", "seeds", "--print", "--shard", fmt.Sprintf("%d/%d", i, n), path)
		if got := strings.Count(printed, "\n"); got != c {
			t.Errorf("--print --shard %d/%d wrote %d seeds, want %d", i, n, got, c)
		}
	}
	if counts[0] == 0 || counts[0] == 600 {
		t.Errorf("shard counts %v: want the seeds spread over the shards", counts)
	}
}

func TestSeeds_Refusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"seeds", "--shard", "1/2", "x.txt"}, "--shard goes with --print"},
		{[]string{"seeds", "--shards", "-1", "x.txt"}, "--shards -1: must be at least 1"},
		{[]string{"seeds", "--print", "--shard", "2/2", "x.txt"}, "--shard: "},
		{[]string{"seeds", filepath.Join(t.TempDir(), "none.txt")}, "none.txt"},
	} {
		if code, _, stderr := runSurvey(t, "", tc.args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
}

// A list survey seeds cannot open or read is named once, after the
// command's own prefix: package seeds opens its errors with "seeds: ",
// which made "survey seeds: seeds: open x: no such file or directory".
func TestSeeds_ErrorsSayWhoOnce(t *testing.T) {
	dir := t.TempDir()
	xz := filepath.Join(dir, "list.txt.xz")
	if err := os.WriteFile(xz, []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"), 0o644); err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	if w, err := zw.Create("list.txt"); err != nil {
		t.Fatal(err)
	} else if _, err := io.WriteString(w, "example.com\n"); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"seeds", filepath.Join(dir, "none.txt")}, "survey seeds: open " + filepath.Join(dir, "none.txt") + ": "},
		{"", []string{"seeds", xz}, "survey seeds: " + xz + " is xz-compressed"},
		{zipped.String(), []string{"seeds", "-"}, "survey seeds: standard input is a zip archive"},
	} {
		code, _, stderr := runSurvey(t, tc.stdin, tc.args...)
		if code != exitUsage || !strings.HasPrefix(stderr, tc.want) || strings.Contains(stderr, "seeds: seeds:") {
			t.Errorf("%v: exit %d, stderr %q; want %d and a line starting %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
}

// TestSeeds_NoSeed: a list of comments and blank lines, or an empty one,
// holds no seed: the summary counts it, and the exit status is 1 with a
// message naming the list, so that a script checking a list before a crawl
// (deploy/slurm/submit.sh) stops there.
func TestSeeds_NoSeed(t *testing.T) {
	for _, text := range []string{"", "# to do\n\n"} {
		code, stdout, stderr := runSurvey(t, text, "seeds", "-")
		if code != exitFindings || !strings.Contains(stdout, ": 0 seeds (") || stderr != "survey seeds: standard input holds no seed\n" {
			t.Errorf("%q: exit %d\nstdout:\n%s\nstderr:\n%s", text, code, stdout, stderr)
		}
	}
}
