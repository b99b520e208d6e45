package lru

import "testing"

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := New[string, int](2)
	c.Add("a", 1)
	c.Add("b", 2)
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("Get(a) = %v, %v", v, ok)
	}
	c.Add("c", 3) // evicts b, the least recently used
	if _, ok := c.Get("b"); ok {
		t.Fatal("b survived eviction")
	}
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatal("a was evicted although recently used")
	}
	if c.Add("a", 10) || c.Len() != 2 {
		t.Fatal("re-adding a key counted as new or changed the length")
	}
	if v, _ := c.Get("a"); v != 10 {
		t.Fatalf("a = %d after update, want 10", v)
	}
}

func TestZeroCacheHoldsNothing(t *testing.T) {
	var c Cache[int, int]
	if c.Add(1, 1) || c.Len() != 0 {
		t.Fatal("zero cache stored an entry")
	}
	if _, ok := c.Get(1); ok {
		t.Fatal("zero cache returned an entry")
	}
}
