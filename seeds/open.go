package seeds

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// zstdMaxWindow is the largest zstd window (the memory a stream may ask
// for) that survey decodes: the zstd tool's own default limit.
const zstdMaxWindow = 128 << 20

// isBzip2 reports whether head starts a bzip2 stream: "BZh", the block
// size (a digit 1 to 9), and the magic number of a block or of the end of
// the stream, so that a line of text cannot pass for one.
func isBzip2(head []byte) bool {
	return len(head) >= headLen && bytes.HasPrefix(head, []byte("BZh")) && head[3] >= '1' && head[3] <= '9' &&
		(bytes.Equal(head[4:10], []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59}) || bytes.Equal(head[4:10], []byte{0x17, 0x72, 0x45, 0x38, 0x50, 0x90}))
}

// headLen is how many of a file's first bytes tell its compressed form.
const headLen = 10

// refuse returns the error for a file compressed in a form survey does
// not read, or nil.
func refuse(head []byte, name string) error {
	if c, ok := DetectCompression(head); ok && !c.Read {
		return fmt.Errorf("seeds: %s is %s-compressed, which survey does not read: decompress it (%s), or recompress it as gzip or zstd", name, c.Name, c.extract)
	}
	return nil
}

// isZip reports whether head starts a zip archive.
func isZip(head []byte) bool {
	c, ok := DetectCompression(head)
	return ok && c.Name == "zip"
}

// Open opens the seed list at path for reading: the file as it is, or the
// text inside it when it is compressed, recognized by its first bytes
// rather than its name: gzip (one or more members, read as one stream),
// zstd, bzip2, or a zip archive holding one file (directories and macOS
// "__MACOSX/" entries aside). A file compressed otherwise (xz, 7-Zip, RAR,
// LZ4) is refused. The caller closes the result.
func Open(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("seeds: %w", err)
	}
	head := make([]byte, headLen)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		f.Close()
		return nil, fmt.Errorf("seeds: %s: %w", path, err)
	}
	head = head[:n]
	if isZip(head) {
		f.Close()
		return openZip(path)
	}
	if err := refuse(head, path); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("seeds: %s: %w", path, err)
	}
	return decompress(head, f, f, path)
}

// decompress returns the text of r, whose first bytes are head: the
// content of a gzip, zstd or bzip2 stream, else r itself. Closing the
// result closes c.
func decompress(head []byte, r io.Reader, c io.Closer, name string) (io.ReadCloser, error) {
	form, _ := DetectCompression(head)
	switch form.Name {
	case "gzip":
		return newGzipReader(r, c, name)
	case "zstd":
		zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(zstdMaxWindow))
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("seeds: %s: zstd: %w", name, err)
		}
		return &unpacked{r: zr, what: "zstd", close: func() error { zr.Close(); return c.Close() }}, nil
	case "bzip2":
		return &unpacked{r: bzip2.NewReader(r), what: "bzip2", close: c.Close}, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{r, c}, nil
}

// Decompress returns the text of a seed list read from r, which cannot
// seek (standard input): r as it is, or its gzip, zstd or bzip2 content. A
// zip archive is refused, since reading one needs its end first, and so
// are the forms Open refuses. name identifies the input in errors.
func Decompress(r io.Reader, name string) (io.ReadCloser, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(headLen)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("seeds: %s: %w", name, err)
	}
	if isZip(head) {
		return nil, fmt.Errorf("seeds: %s is a zip archive, which cannot be read as a stream: give its path, or unzip it", name)
	}
	if err := refuse(head, name); err != nil {
		return nil, err
	}
	return decompress(head, br, io.NopCloser(nil), name)
}

// newGzipReader returns the gzip content of r; closing it closes c.
func newGzipReader(r io.Reader, c io.Closer, name string) (io.ReadCloser, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("seeds: %s: gzip: %w", name, err)
	}
	return &unpacked{r: zr, what: "gzip", close: func() error { return errors.Join(zr.Close(), c.Close()) }}, nil
}

// openZip opens the one file of the zip archive at path.
func openZip(name string) (io.ReadCloser, error) {
	zr, err := zip.OpenReader(name)
	if err != nil {
		return nil, fmt.Errorf("seeds: %s: zip: %w", name, err)
	}
	var files []*zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || strings.HasPrefix(f.Name, "__MACOSX/") || path.Base(f.Name) == ".DS_Store" {
			continue
		}
		files = append(files, f)
	}
	if len(files) != 1 {
		names := make([]string, len(files))
		for i, f := range files {
			names[i] = f.Name
		}
		sort.Strings(names)
		zr.Close()
		return nil, fmt.Errorf("seeds: %s: a zip archive of seeds must hold one file, not %d (%s): unzip the one to crawl", name, len(files), strings.Join(names, ", "))
	}
	rc, err := files[0].Open()
	if err != nil {
		zr.Close()
		return nil, fmt.Errorf("seeds: %s: zip: %s: %w", name, files[0].Name, err)
	}
	return &unpacked{r: rc, what: files[0].Name + ": zip", close: func() error { return errors.Join(rc.Close(), zr.Close()) }}, nil
}

// unpacked is the text inside a compressed seed list: its read errors say
// what was being unpacked ("gzip", or the archive's member and "zip").
type unpacked struct {
	r     io.Reader
	what  string
	close func() error
}

func (u *unpacked) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%s: %w", u.what, err)
	}
	return n, err
}

func (u *unpacked) Close() error { return u.close() }

// FileDigest returns the SHA-256 of the seed file at path as given
// (compressed or not), hex encoded: the crawls.seeds_digest of a crawl of
// it. A crawl of standard input records Reader.Digest instead.
func FileDigest(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
