package seeds

import (
	"archive/zip"
	"bufio"
	"bytes"
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
)

// Magic numbers of the compressed forms in which ranked lists are
// published: Tranco and Cisco Umbrella as a zip archive of one CSV, the
// CrUX top lists as gzip.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	zipMagic  = []byte("PK\x03\x04")
)

// Open opens the seed list at path for reading: the file as it is, or the
// text inside it when it is compressed, recognized by its first bytes
// rather than its name: gzip (one or more members, read as one stream) or
// a zip archive holding one file (directories and macOS "__MACOSX/"
// entries aside). The caller closes the result.
func Open(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("seeds: %w", err)
	}
	head := make([]byte, 4)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		f.Close()
		return nil, fmt.Errorf("seeds: %s: %w", path, err)
	}
	head = head[:n]
	if bytes.HasPrefix(head, zipMagic) {
		f.Close()
		return openZip(path)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("seeds: %s: %w", path, err)
	}
	if bytes.HasPrefix(head, gzipMagic) {
		return newGzipReader(f, f, path)
	}
	return f, nil
}

// Decompress returns the text of a seed list read from r, which cannot
// seek (standard input): r as it is, or its gzip content. A zip archive
// is refused, since reading one needs its end first. name identifies the
// input in errors.
func Decompress(r io.Reader, name string) (io.ReadCloser, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(4)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("seeds: %s: %w", name, err)
	}
	switch {
	case bytes.HasPrefix(head, zipMagic):
		return nil, fmt.Errorf("seeds: %s is a zip archive, which cannot be read as a stream: give its path, or unzip it", name)
	case bytes.HasPrefix(head, gzipMagic):
		return newGzipReader(br, io.NopCloser(br), name)
	}
	return io.NopCloser(br), nil
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
