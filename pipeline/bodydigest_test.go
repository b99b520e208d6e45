package pipeline

import (
	"bytes"
	"crypto/sha256"
	"testing"
)

// A body the unit holds already (the crawler's one slice for a page served
// at several paths) takes its digest from there; equal bytes in another
// slice are hashed.
func TestBodyDigest_SharedSliceIsHashedOnce(t *testing.T) {
	page := bytes.Repeat([]byte("x"), 1000)
	marker := [sha256.Size]byte{1, 2, 3} // not page's digest: shows where the answer came from
	held := []body{{sum: sha256.Sum256([]byte("other")), data: []byte("other")}, {sum: marker, data: page}}
	if got := bodyDigest(page, held); got != marker {
		t.Errorf("shared slice: digest %x, want the held one", got[:4])
	}
	if got, want := bodyDigest(bytes.Clone(page), held), sha256.Sum256(page); got != want {
		t.Errorf("a copy: digest %x, want its own %x", got[:4], want[:4])
	}
	if got, want := bodyDigest([]byte{}, []body{{sum: marker, data: []byte{}}}), sha256.Sum256(nil); got != want {
		t.Errorf("empty body: digest %x, want %x", got[:4], want[:4])
	}
}
