package testweb

import (
	"bytes"
	"compress/gzip"
	"fmt"
)

// The decompression bomb is a run of identical gzip members (RFC 1952
// §2.2 allows a file of several members; every decoder concatenates them),
// each the compression of one block: a single robots.txt line of 1 MiB,
// "Disallow: /aaaa...a". A run of one byte is what deflate compresses best
// (about 1,000 to 1), so the bomb costs one block's compression to build
// and about a thousandth of its expanded size to hold.
const (
	bombPrefix    = "Disallow: /"
	bombBlockSize = 1 << 20
)

// bombDecodedSize returns the expanded size of the bomb for a requested
// size: a whole number of blocks, at least one.
func bombDecodedSize(size int64) int64 {
	n := (size + bombBlockSize - 1) / bombBlockSize
	if n < 1 {
		n = 1
	}
	return n * bombBlockSize
}

// buildBomb returns a gzip stream that expands to decoded bytes, which
// must be a multiple of bombBlockSize.
func buildBomb(decoded int64) ([]byte, error) {
	block := make([]byte, 0, bombBlockSize)
	block = append(block, bombPrefix...)
	block = append(block, bytes.Repeat([]byte("a"), bombBlockSize-len(bombPrefix)-1)...)
	block = append(block, '\n')
	var member bytes.Buffer
	zw, err := gzip.NewWriterLevel(&member, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("testweb: building the gzip bomb: %w", err)
	}
	if _, err := zw.Write(block); err != nil {
		return nil, fmt.Errorf("testweb: building the gzip bomb: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("testweb: building the gzip bomb: %w", err)
	}
	n := int(decoded / bombBlockSize)
	return bytes.Repeat(member.Bytes(), n), nil
}
