package sink

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// DefaultBodyCache is how many body digests a BodyStore remembers by
// default: about 30 MB of memory (some 120 bytes per digest).
const DefaultBodyCache = 1 << 18

// BodyEncodingZstd is the value of bodies.encoding for a body compressed
// with Zstandard, the only encoding written.
const BodyEncodingZstd = "zstd"

// ErrBodyNotFound is returned by ReadBody when no body has the digest.
var ErrBodyNotFound = errors.New("sink: no body with this digest")

// BodyOptions configure a BodyStore. The zero value selects defaults.
type BodyOptions struct {
	// Cache is how many digests the store remembers; 0 means
	// DefaultBodyCache. Memory is proportional to it, not to the crawl.
	Cache int
	// Level is the Zstandard compression level; 0 means
	// zstd.SpeedDefault.
	Level zstd.EncoderLevel
}

// A BodyStore stores response bodies content-addressed: Put returns a
// body's SHA-256 digest and appends a BodyRow, compressed with Zstandard,
// to the Writer's bodies table unless the digest was seen recently. A body
// may therefore repeat across parts (after it was forgotten, or in another
// shard or run); Build keeps each digest once.
//
// Call Put within the unit whose rows refer to the body (between the
// Commits that enclose them), so the body is committed with them. A
// BodyStore is safe for concurrent use.
type BodyStore struct {
	w     *Writer
	table string
	enc   *zstd.Encoder

	mu   sync.Mutex
	seen *digestLRU
}

// NewBodyStore returns a BodyStore that appends to w's bodies table.
func NewBodyStore(w *Writer, opts BodyOptions) (*BodyStore, error) {
	if w.byName[TableBodies] == nil {
		return nil, fmt.Errorf("sink: the writer has no %s table", TableBodies)
	}
	level := opts.Level
	if level == 0 {
		level = zstd.SpeedDefault
	}
	// Bodies are at most a few MiB (the crawl caps them at 1 MiB by
	// default): a window of that size compresses them as well as a larger
	// one, and the encoder's history stays small.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(4<<20), zstd.WithLowerEncoderMem(true))
	if err != nil {
		return nil, fmt.Errorf("sink: body encoder: %w", err)
	}
	cache := opts.Cache
	if cache <= 0 {
		cache = DefaultBodyCache
	}
	return &BodyStore{w: w, table: TableBodies, enc: enc, seen: newDigestLRU(cache)}, nil
}

// Put stores a body and returns its digest, the SHA-256 of data in lower-
// case hex (the value of fetches.body_digest and documents.body_digest).
func (s *BodyStore) Put(data []byte) (string, error) {
	sum := sha256.Sum256(data)
	return s.PutSum(sum, data)
}

// PutSum is Put for a caller that has already computed the body's SHA-256.
func (s *BodyStore) PutSum(sum [sha256.Size]byte, data []byte) (string, error) {
	digest := hex.EncodeToString(sum[:])
	s.mu.Lock()
	seen := s.seen.Add(sum)
	s.mu.Unlock()
	if seen {
		return digest, nil
	}
	row := BodyRow{
		Digest:   digest,
		Size:     int64(len(data)),
		Encoding: BodyEncodingZstd,
		Data:     s.enc.EncodeAll(data, make([]byte, 0, len(data)/4+64)),
	}
	if err := s.w.Append(s.table, row); err != nil {
		return "", err
	}
	return digest, nil
}

// Close releases the store's encoder. It does not close the Writer.
func (s *BodyStore) Close() error {
	return s.enc.Close()
}

// Digest returns the SHA-256 of data in lower-case hex, as Put does.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// DecodeBody returns the body a BodyRow holds, checking its size and
// digest.
func DecodeBody(row BodyRow) ([]byte, error) {
	if row.Encoding != BodyEncodingZstd {
		return nil, fmt.Errorf("sink: body %s: unknown encoding %q", row.Digest, row.Encoding)
	}
	if row.Size < 0 || row.Size > 1<<34 {
		return nil, fmt.Errorf("sink: body %s: implausible size %d", row.Digest, row.Size)
	}
	// The output is capped at the recorded size (cap limit); the memory
	// limit must also admit the frame's window, which may exceed a
	// small body's size.
	dec, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(uint64(max(row.Size, 8<<20))),
		zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, fmt.Errorf("sink: body decoder: %w", err)
	}
	defer dec.Close()
	data, err := dec.DecodeAll(row.Data, make([]byte, 0, row.Size))
	if err != nil {
		return nil, fmt.Errorf("sink: body %s: %w", row.Digest, err)
	}
	if int64(len(data)) != row.Size {
		return nil, fmt.Errorf("sink: body %s: decoded %d bytes, want %d", row.Digest, len(data), row.Size)
	}
	sum := sha256.Sum256(data)
	if want, err := hex.DecodeString(row.Digest); err != nil || !bytes.Equal(sum[:], want) {
		return nil, fmt.Errorf("sink: body %s: content does not match the digest", row.Digest)
	}
	return data, nil
}

// ReadBody returns the body with the given digest from a database built by
// Build.
func ReadBody(db *sql.DB, digest string) ([]byte, error) {
	return ReadBodyContext(context.Background(), db, digest)
}

// ReadBodyContext is ReadBody with a context.
func ReadBodyContext(ctx context.Context, db *sql.DB, digest string) ([]byte, error) {
	var row BodyRow
	err := db.QueryRowContext(ctx,
		`SELECT digest, size, encoding, data FROM bodies WHERE digest = ? LIMIT 1`, digest,
	).Scan(&row.Digest, &row.Size, &row.Encoding, &row.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrBodyNotFound, digest)
	}
	if err != nil {
		return nil, fmt.Errorf("sink: read body %s: %w", digest, err)
	}
	return DecodeBody(row)
}
