// Package lru is a bounded least-recently-used map, for caches whose size
// must not grow with the size of a crawl.
package lru

import "container/list"

// Cache maps keys to values, holding at most Max entries; adding beyond that
// evicts the least recently used one. The zero Cache holds nothing (Max 0
// means no room). It is not safe for concurrent use.
type Cache[K comparable, V any] struct {
	Max   int
	order list.List // front is most recently used; elements hold *entry
	items map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key K
	val V
}

// New returns a Cache holding at most max entries.
func New[K comparable, V any](max int) *Cache[K, V] { return &Cache[K, V]{Max: max} }

// Get returns the value for key and marks it recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*entry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// Add sets the value for key, evicting the least recently used entry when
// the cache is full. It reports whether key was new.
func (c *Cache[K, V]) Add(key K, val V) bool {
	if c.Max <= 0 {
		return false
	}
	if el, ok := c.items[key]; ok {
		el.Value.(*entry[K, V]).val = val
		c.order.MoveToFront(el)
		return false
	}
	if c.items == nil {
		c.items = make(map[K]*list.Element)
	}
	if c.order.Len() >= c.Max {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.items, old.Value.(*entry[K, V]).key)
	}
	c.items[key] = c.order.PushFront(&entry[K, V]{key, val})
	return true
}

// Len returns the number of entries.
func (c *Cache[K, V]) Len() int { return c.order.Len() }
