package engines

import (
	"container/list"
	"sync"
)

// CacheKey identifies an analysis: the query (Query.Key), the visits
// searched (0 for the raw network) and the engine (its program,
// configuration and network).
type CacheKey struct {
	Query  string
	Visits int
	Engine string
}

// Cache keeps the most recently used analyses, at most a fixed number, so
// that stepping back through a record shows KataGo's maps at once. Its
// methods may be called from several goroutines. Make one with NewCache.
type Cache struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *cacheEntry, most recently used first
	byKey map[CacheKey]*list.Element
}

type cacheEntry struct {
	key CacheKey
	a   Analysis
}

// NewCache returns a cache of at most size analyses (at least 1). A 19×19
// analysis takes about 3 KB.
func NewCache(size int) *Cache {
	return &Cache{max: max(1, size), order: list.New(), byKey: map[CacheKey]*list.Element{}}
}

// Get returns a copy of the analysis kept under key, and whether there is
// one; it becomes the most recently used.
func (c *Cache) Get(key CacheKey) (Analysis, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return Analysis{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).a.clone(), true
}

// Put keeps a copy of a under key, dropping the least recently used
// analysis when the cache is full.
func (c *Cache) Put(key CacheKey, a Analysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		e.Value.(*cacheEntry).a = a.clone()
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, a: a.clone()})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*cacheEntry).key)
	}
}

// Len returns the number of analyses kept.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
