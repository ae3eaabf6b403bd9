package reference

import (
	"container/list"
	"slices"
	"sync"

	"moyo/engines"
)

// recent keeps the most recently used analyses, at most a fixed number:
// the maps Live keeps in memory. Its methods may be called from several
// goroutines. Make one with newRecent.
type recent struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *recentEntry, most recently used first
	byKey map[engines.CacheKey]*list.Element
}

type recentEntry struct {
	key engines.CacheKey
	a   engines.Analysis
}

// newRecent returns a recent of at most size analyses (at least 1).
func newRecent(size int) *recent {
	return &recent{max: max(1, size), order: list.New(), byKey: map[engines.CacheKey]*list.Element{}}
}

// clone returns a copy of a that shares nothing with it.
func clone(a engines.Analysis) engines.Analysis {
	a.Ownership = slices.Clone(a.Ownership)
	return a
}

// get returns a copy of the analysis kept under key, and whether there is
// one; it becomes the most recently used.
func (c *recent) get(key engines.CacheKey) (engines.Analysis, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return engines.Analysis{}, false
	}
	c.order.MoveToFront(e)
	return clone(e.Value.(*recentEntry).a), true
}

// put keeps a copy of a under key, dropping the least recently used
// analysis when full.
func (c *recent) put(key engines.CacheKey, a engines.Analysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		e.Value.(*recentEntry).a = clone(a)
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&recentEntry{key: key, a: clone(a)})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*recentEntry).key)
	}
}

// count returns the number of analyses kept.
func (c *recent) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
