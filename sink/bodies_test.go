package sink

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestBodyStore_DedupAndRoundTrip puts bodies, some repeated, through a
// store whose cache is small enough to forget: repeats within the cache
// add no row, forgotten ones add a row again, and the database keeps one
// row per digest, from which every body reads back exactly.
func TestBodyStore_DedupAndRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, Options{CrawlID: "c", BatchRows: 3})
	if err != nil {
		t.Fatal(err)
	}
	store, err := NewBodyStore(w, BodyOptions{Cache: 2})
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string][]byte{
		"a":     []byte("User-agent: *\nDisallow:\n"),
		"b":     bytes.Repeat([]byte("<html>soft 404</html>\n"), 5000),
		"c":     {},
		"d":     {0, 0xff, 0xfe, 0, '\r', '\n'},
		"large": bytes.Repeat([]byte{0x5a, 0x00, 0xa5}, 1<<20),
	}
	// a b a (cached) c d a (forgotten: cache holds c, d) large b (forgotten)
	order := []string{"a", "b", "a", "c", "d", "a", "large", "b"}
	wantRows := 7
	for _, name := range order {
		digest, err := store.Put(bodies[name])
		if err != nil {
			t.Fatal(err)
		}
		if digest != Digest(bodies[name]) {
			t.Errorf("Put(%s) = %s, want %s", name, digest, Digest(bodies[name]))
		}
		if err := w.Append(TableTargets, TargetRow{CrawlID: "c", Domain: name}); err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	var parquetRows int
	glob := filepath.Join(dir, TableBodies, "*", "*.parquet")
	if err := memDB(t).QueryRow("SELECT count(*) FROM read_parquet(?)", glob).Scan(&parquetRows); err != nil {
		t.Fatal(err)
	}
	if parquetRows != wantRows {
		t.Errorf("bodies rows in Parquet = %d, want %d", parquetRows, wantRows)
	}

	dbPath := filepath.Join(t.TempDir(), "b.duckdb")
	if err := Build(context.Background(), dbPath, []string{dir}, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM bodies").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(bodies) {
		t.Errorf("bodies in the database = %d, want %d", n, len(bodies))
	}
	for name, body := range bodies {
		got, err := ReadBody(db, Digest(body))
		if err != nil {
			t.Errorf("ReadBody(%s): %v", name, err)
			continue
		}
		if !bytes.Equal(got, body) {
			t.Errorf("ReadBody(%s) = %d bytes, want %d", name, len(got), len(body))
		}
	}
	var stored, size int64
	if err := db.QueryRow("SELECT octet_length(data), size FROM bodies WHERE digest = ?", Digest(bodies["b"])).Scan(&stored, &size); err != nil {
		t.Fatal(err)
	}
	if size != int64(len(bodies["b"])) || stored >= size/10 {
		t.Errorf("body b: stored %d bytes for size %d, want size %d and real compression", stored, size, len(bodies["b"]))
	}
	if _, err := ReadBody(db, Digest([]byte("never stored"))); !errors.Is(err, ErrBodyNotFound) {
		t.Errorf("ReadBody(unknown) = %v, want ErrBodyNotFound", err)
	}
}

// TestBodyStore_Concurrent puts the same bodies from several goroutines:
// each digest is appended once while it stays in the cache.
func TestBodyStore_Concurrent(t *testing.T) {
	w, err := Create(t.TempDir(), Options{CrawlID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	store, err := NewBodyStore(w, BodyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				if _, err := store.Put([]byte(strings.Repeat("x", (i+g)%50))); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	w.mu.Lock()
	got := w.byName[TableBodies].rows.Len()
	w.mu.Unlock()
	if got != 50 {
		t.Errorf("bodies appended = %d, want 50", got)
	}
}

// TestDecodeBody_Corrupt checks that a row whose data does not match its
// digest, size or encoding is an error, not wrong bytes.
func TestDecodeBody_Corrupt(t *testing.T) {
	w, err := Create(t.TempDir(), Options{CrawlID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	store, err := NewBodyStore(w, BodyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	body := []byte("Disallow: /\n")
	if _, err := store.Put(body); err != nil {
		t.Fatal(err)
	}
	good := w.byName[TableBodies].rows.Index(0).Interface().(BodyRow)
	if got, err := DecodeBody(good); err != nil || !bytes.Equal(got, body) {
		t.Fatalf("DecodeBody = %q, %v", got, err)
	}
	other := Digest([]byte("other"))
	for name, row := range map[string]BodyRow{
		"digest":   {Digest: other, Size: good.Size, Encoding: good.Encoding, Data: good.Data},
		"size":     {Digest: good.Digest, Size: good.Size - 1, Encoding: good.Encoding, Data: good.Data},
		"negative": {Digest: good.Digest, Size: -1, Encoding: good.Encoding, Data: good.Data},
		"encoding": {Digest: good.Digest, Size: good.Size, Encoding: "gzip", Data: good.Data},
		"data":     {Digest: good.Digest, Size: good.Size, Encoding: good.Encoding, Data: good.Data[:len(good.Data)-2]},
		"not hex":  {Digest: "zz", Size: good.Size, Encoding: good.Encoding, Data: good.Data},
	} {
		if got, err := DecodeBody(row); err == nil {
			t.Errorf("%s: DecodeBody = %q, want an error", name, got)
		}
	}
}

// TestDigestLRU checks eviction order and that the set never exceeds its
// capacity.
func TestDigestLRU(t *testing.T) {
	key := func(b byte) (k [32]byte) { k[0] = b; return k }
	l := newDigestLRU(3)
	for _, step := range []struct {
		key  byte
		seen bool
	}{
		{1, false}, {2, false}, {3, false}, // 3 2 1
		{1, true},            // 1 3 2
		{4, false},           // 4 1 3, 2 evicted
		{2, false},           // 2 4 1, 3 evicted
		{1, true},            // 1 2 4
		{3, false},           // 3 1 2, 4 evicted
		{4, false},           // 4 3 1
		{1, true}, {3, true}, // 3 1 4
		{5, false}, {4, false}, // 5 evicts 4, then 4 evicts 1: 4 5 3
		{3, true}, {5, true},
	} {
		if got := l.Add(key(step.key)); got != step.seen {
			t.Fatalf("Add(%d) = %v, want %v", step.key, got, step.seen)
		}
		if l.Len() > 3 {
			t.Fatalf("Len = %d, capacity 3", l.Len())
		}
	}
	one := newDigestLRU(0) // capacity at least 1
	if one.Add(key(1)) || !one.Add(key(1)) || one.Add(key(2)) || one.Add(key(1)) {
		t.Error("capacity-1 set misbehaves")
	}
}
