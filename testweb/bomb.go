package testweb

import (
	"bytes"
	"compress/gzip"
	"fmt"
)

// The decompression bomb is a run of identical gzip members (RFC 1952
// §2.2 allows a file of several members; every decoder concatenates them),
// each the compression of one block of robots.txt lines. It costs one
// block's compression to build, and about a thousandth of its expanded
// size to hold.
const (
	bombLine      = "Disallow: /bomb\n" // 16 bytes, so a block holds whole lines
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
	block := bytes.Repeat([]byte(bombLine), bombBlockSize/len(bombLine))
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
