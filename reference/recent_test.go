package reference

import (
	"testing"

	"moyo/engines"
)

func TestRecent(t *testing.T) {
	c := newRecent(2)
	key := func(s string) engines.CacheKey { return engines.CacheKey{Query: s, Visits: 100, Engine: "k"} }
	a := engines.Analysis{Size: 2, Ownership: []float64{1, -1, 0.5, 0}, Visits: 100}
	c.put(key("a"), a)
	a.Ownership[0] = -1 // the cache keeps its own copy
	c.put(key("b"), engines.Analysis{Size: 2, Ownership: []float64{0, 0, 0, 0}})
	got, ok := c.get(key("a")) // a is now the most recent
	if !ok || got.Ownership[0] != 1 || got.Visits != 100 {
		t.Fatalf("Get(a) = %v, %v", got, ok)
	}
	got.Ownership[1] = 7 // and hands out copies
	c.put(key("c"), engines.Analysis{Size: 2, Ownership: []float64{0, 0, 0, 0}})
	if _, ok := c.get(key("b")); ok {
		t.Error("b, the least recently used, is still kept")
	}
	if got, ok := c.get(key("a")); !ok || got.Ownership[1] != -1 {
		t.Errorf("Get(a) = %v, %v after c", got, ok)
	}
	if _, ok := c.get(engines.CacheKey{Query: "a", Visits: 0, Engine: "k"}); ok {
		t.Error("another number of visits is the same analysis")
	}
	if c.count() != 2 {
		t.Errorf("count = %d, want 2", c.count())
	}
}
