package sink

import "crypto/sha256"

// digestLRU is a set of at most capacity SHA-256 digests that forgets the
// least recently used one when full. Its memory is fixed by its capacity:
// entries live in one slice linked by index, so adding never allocates once
// the slice is full. It is not safe for concurrent use.
type digestLRU struct {
	capacity int
	index    map[[sha256.Size]byte]int32
	entries  []lruEntry
	head     int32 // most recently used, -1 when empty
	tail     int32 // least recently used, -1 when empty
}

type lruEntry struct {
	key        [sha256.Size]byte
	prev, next int32
}

func newDigestLRU(capacity int) *digestLRU {
	capacity = max(1, min(capacity, 1<<30))
	return &digestLRU{
		capacity: capacity,
		index:    make(map[[sha256.Size]byte]int32, min(capacity, 1<<16)),
		head:     -1,
		tail:     -1,
	}
}

// Len returns the number of digests held.
func (l *digestLRU) Len() int { return len(l.index) }

// Add records key as most recently used and reports whether it was already
// present. When the set is full, the least recently used key is evicted.
func (l *digestLRU) Add(key [sha256.Size]byte) (seen bool) {
	if i, ok := l.index[key]; ok {
		l.moveToFront(i)
		return true
	}
	var i int32
	if len(l.entries) < l.capacity {
		i = int32(len(l.entries))
		l.entries = append(l.entries, lruEntry{key: key})
	} else {
		i = l.tail
		l.unlink(i)
		delete(l.index, l.entries[i].key)
		l.entries[i].key = key
	}
	l.index[key] = i
	l.pushFront(i)
	return false
}

func (l *digestLRU) unlink(i int32) {
	e := &l.entries[i]
	if e.prev >= 0 {
		l.entries[e.prev].next = e.next
	} else {
		l.head = e.next
	}
	if e.next >= 0 {
		l.entries[e.next].prev = e.prev
	} else {
		l.tail = e.prev
	}
	e.prev, e.next = -1, -1
}

func (l *digestLRU) pushFront(i int32) {
	e := &l.entries[i]
	e.prev, e.next = -1, l.head
	if l.head >= 0 {
		l.entries[l.head].prev = i
	}
	l.head = i
	if l.tail < 0 {
		l.tail = i
	}
}

func (l *digestLRU) moveToFront(i int32) {
	if l.head == i {
		return
	}
	l.unlink(i)
	l.pushFront(i)
}
