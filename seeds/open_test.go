package seeds

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

const listText = "1,example.com\r\n2,example.org\n3,bücher.example\n"

func gzipped(t *testing.T, members ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, m := range members {
		zw := gzip.NewWriter(&b)
		if _, err := zw.Write([]byte(m)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// zipped returns a zip archive of the files (name, content) in order; a
// name ending in "/" is a directory.
func zipped(t *testing.T, files ...[2]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, err := zw.Create(f[0])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(f[0], "/") {
			if _, err := w.Write([]byte(f[1])); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zstded returns the frames, one a member, of a zstd stream.
func zstded(t *testing.T, members ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, m := range members {
		zw, err := zstd.NewWriter(&b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write([]byte(m)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// bzip2ed returns testdata/list.csv.bz2, listText compressed by the bzip2
// tool (Go's library reads bzip2 but cannot write it).
func bzip2ed(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/list.csv.bz2")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// xzMagic starts an xz stream, a form survey refuses.
var xzMagic = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00, 0x00, 0x04, 0xe6, 0xd6}

func writeFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readText(t *testing.T, rc io.ReadCloser) string {
	t.Helper()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	if err := rc.Close(); err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestOpen reads the list as published: plain, gzip (one member or
// several), and a zip archive of one file, with or without directories
// and macOS metadata beside it. The compressed form is found from the
// bytes, whatever the name says.
func TestOpen(t *testing.T) {
	half := len(listText) / 2
	cases := map[string][]byte{
		"plain.csv":       []byte(listText),
		"list.csv.gz":     gzipped(t, listText),
		"two-members.gz":  gzipped(t, listText[:half], listText[half:]),
		"misnamed.csv":    gzipped(t, listText),
		"list.csv.zst":    zstded(t, listText),
		"two-frames.zst":  zstded(t, listText[:half], listText[half:]),
		"list.csv.bz2":    bzip2ed(t),
		"bzh-text.csv":    []byte("BZh9.example\n"),
		"top-1m.csv.zip":  zipped(t, [2]string{"top-1m.csv", listText}),
		"with-extras.zip": zipped(t, [2]string{"lists/", ""}, [2]string{"__MACOSX/lists/._top-1m.csv", "x"}, [2]string{"lists/.DS_Store", "x"}, [2]string{"lists/top-1m.csv", listText}),
		"empty.txt":       nil,
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			rc, err := Open(writeFile(t, name, b))
			if err != nil {
				t.Fatal(err)
			}
			want := listText
			switch name {
			case "empty.txt":
				want = ""
			case "bzh-text.csv":
				want = string(b)
			}
			if got := readText(t, rc); got != want {
				t.Errorf("read %q, want %q", got, want)
			}
		})
	}
}

// TestOpen_Seeds: the seeds of a zipped Tranco list are those of the
// list.
func TestOpen_Seeds(t *testing.T) {
	rc, err := Open(writeFile(t, "tranco.zip", zipped(t, [2]string{"top-1m.csv", listText})))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	seeds, bad := readAll(t, NewReader(rc, "tranco.zip"))
	var hosts []string
	for _, s := range seeds {
		hosts = append(hosts, s.Host)
	}
	if len(bad) > 0 {
		t.Errorf("line errors %v", bad)
	}
	if got := strings.Join(hosts, " "); got != "example.com example.org xn--bcher-kva.example" {
		t.Errorf("hosts %s", got)
	}
}

func TestOpen_Errors(t *testing.T) {
	full := gzipped(t, listText)
	fullZstd, fullBzip2 := zstded(t, listText), bzip2ed(t)
	cases := []struct {
		name string
		b    []byte
		want string // in the error of Open or of reading
	}{
		{"two.zip", zipped(t, [2]string{"a.csv", listText}, [2]string{"b.csv", listText}), "must hold one file, not 2 (a.csv, b.csv)"},
		{"none.zip", zipped(t, [2]string{"dir/", ""}), "must hold one file, not 0"},
		{"cut.gz", full[:len(full)-6], "gzip: unexpected EOF"},
		{"header.gz", full[:6], "gzip: unexpected EOF"},
		{"cut.zip", zipped(t, [2]string{"a.csv", listText})[:40], "zip: "},
		{"cut.zst", fullZstd[:len(fullZstd)-4], "zstd: "},
		{"cut.bz2", fullBzip2[:len(fullBzip2)-10], "bzip2: "},
		{"list.csv.xz", xzMagic, "is xz-compressed, which survey does not read: decompress it (xz -d)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, c.name, c.b)
			rc, err := Open(path)
			if err == nil {
				_, err = io.ReadAll(rc)
				rc.Close()
			} else if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name %s", err, path)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.csv")); err == nil {
		t.Error("a missing file opened")
	}
}

// TestDecompress reads standard input: plain or gzip; a zip archive, which
// needs seeking, is refused with a way out.
func TestDecompress(t *testing.T) {
	for name, b := range map[string][]byte{"plain": []byte(listText), "gzip": gzipped(t, listText), "zstd": zstded(t, listText), "bzip2": bzip2ed(t), "empty": nil} {
		rc, err := Decompress(bytes.NewReader(b), "standard input")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := listText
		if b == nil {
			want = ""
		}
		if got := readText(t, rc); got != want {
			t.Errorf("%s: read %q", name, got)
		}
	}
	_, err := Decompress(bytes.NewReader(zipped(t, [2]string{"a.csv", listText})), "standard input")
	if err == nil || !strings.Contains(err.Error(), "standard input is a zip archive") || !strings.Contains(err.Error(), "give its path") {
		t.Errorf("zip on standard input: %v", err)
	}
	_, err = Decompress(bytes.NewReader(xzMagic), "standard input")
	if err == nil || !strings.Contains(err.Error(), "standard input is xz-compressed") {
		t.Errorf("xz on standard input: %v", err)
	}
}
